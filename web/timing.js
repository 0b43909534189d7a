// When the page's requests go: after a pause in typing (debounce), and one
// of a kind at a time (latestOnly).

// Runs `fn` once `ms` after the last call; a new call cancels the old one.
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

// One request of a kind at a time: starting one aborts the one before, and
// only the newest answer is drawn.
export function latestOnly() {
  let controller = null;
  return () => {
    if (controller) controller.abort();
    controller = new AbortController();
    const mine = controller;
    return { signal: mine.signal, current: () => controller === mine };
  };
}
