// The constructor's work kept in the browser's storage, so that a reload
// (or a closed tab) loses nothing: the grid's letters and blocks, which
// letters a fill wrote (so "Clear fill" and "Another fill" still work), the
// clues, title and author, and the page's settings. Written after every
// change; read back when the page loads.

const STORAGE_KEY = 'xwdb-work';
const VERSION = 1;

// `work`: {rows: [...] in the daemon's format, fillMarks: "0101..." one per
// cell (1: written by a fill), cellMarks: [{row, column, circled, shaded,
// rebus}] (Grid.cellMarks), clues: [[key, {answer, text, edited}]...],
// title, author, settings: {id: value}}. Returns '' or why it failed (the
// storage is full, or refused).
export function saveWork(storage, work) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: VERSION, ...work }));
    return '';
  } catch (e) {
    return `the work could not be saved in the browser (${e.message})`;
  }
}

// The saved work, or null when there is none or it is not one this page
// wrote (checked field by field: a damaged entry is ignored, not trusted).
export function loadWork(storage) {
  let w;
  try { w = JSON.parse(storage.getItem(STORAGE_KEY) || 'null'); } catch (e) { return null; }
  if (!w || w.version !== VERSION || !Array.isArray(w.rows) || !w.rows.length) return null;
  if (!w.rows.every((r) => typeof r === 'string' && r.length > 0 && r.length <= 25) || w.rows.length > 25) return null;
  const cells = w.rows.reduce((n, r) => n + [...r].length, 0);
  const fillMarks = typeof w.fillMarks === 'string' && w.fillMarks.length === cells ? w.fillMarks : '0'.repeat(cells);
  const clues = Array.isArray(w.clues)
    ? w.clues.filter((c) => Array.isArray(c) && typeof c[0] === 'string' && c[1] && typeof c[1].text === 'string')
    : [];
  const text = (v) => (typeof v === 'string' ? v.slice(0, 200) : '');
  const settings = w.settings && typeof w.settings === 'object' ? w.settings : {};
  // Circles, shading and rebus cells (Grid.setCellMarks checks each).
  const cellMarks = Array.isArray(w.cellMarks) ? w.cellMarks.filter((m) => m && typeof m === 'object').slice(0, cells) : [];
  return { rows: w.rows, fillMarks, clues, title: text(w.title), author: text(w.author), settings, cellMarks };
}

export function forgetWork(storage) {
  try { storage.removeItem(STORAGE_KEY); } catch (e) { /* nothing kept: nothing to forget */ }
}
