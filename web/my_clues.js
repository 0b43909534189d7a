// The constructor's own clue list: the clues they wrote and saved. It lives
// with them, in the browser's storage (it outlives a reload and a new grid),
// and goes with every GetClues call for the answers that call is about: the
// daemon lists them first and chooses them before any stored clue. Exported
// and imported as `ANSWER|clue` lines, the file `xwdb import --format pipe`,
// `xwdb clues --own-clues` and `xwdb-client --own-clues` read.

const STORAGE_KEY = 'xwdb-my-clues';
// The daemon takes at most this many own clues a call, each at most
// MAX_CLUE_BYTES; the list keeps at most MAX_CLUES in all.
export const MAX_PER_CALL = 1000;
export const MAX_CLUE_BYTES = 1000;
export const MAX_CLUES = 20000;

// An answer as the list files it: letters upper-cased, spaces, hyphens and
// apostrophes left out (the daemon normalizes it for real).
export function answerKey(answer) {
  return String(answer).normalize('NFC').replace(/[\s'’-]+/gu, '').toUpperCase();
}

export class MyClues {
  constructor(storage) {
    this.storage = storage;
    this.byAnswer = new Map();  // answer key -> [clue, ...], newest first
    try {
      const saved = JSON.parse(storage.getItem(STORAGE_KEY) || '{}');
      for (const [answer, clues] of Object.entries(saved)) {
        if (Array.isArray(clues)) this.byAnswer.set(answer, clues.filter((c) => typeof c === 'string' && c));
      }
    } catch (e) { /* a damaged entry: start empty rather than fail the page */ }
  }

  get size() {
    let n = 0;
    for (const clues of this.byAnswer.values()) n += clues.length;
    return n;
  }

  clues(answer) { return this.byAnswer.get(answerKey(answer)) || []; }

  // Adds a clue (newest first); returns an error message, or '' when added.
  add(answer, clue) {
    const key = answerKey(answer);
    const text = String(clue).replace(/\s+/gu, ' ').trim();
    if (!key) return 'no answer';
    if (!text) return 'the clue is empty';
    if (new TextEncoder().encode(text).length > MAX_CLUE_BYTES) return `the clue is over ${MAX_CLUE_BYTES} bytes`;
    const list = (this.byAnswer.get(key) || []).filter((c) => c !== text);
    if (this.size - (this.clues(key).length - list.length) >= MAX_CLUES) return `the list holds ${MAX_CLUES} clues`;
    list.unshift(text);
    this.byAnswer.set(key, list);
    this.save();
    return '';
  }

  remove(answer, clue) {
    const key = answerKey(answer);
    const list = (this.byAnswer.get(key) || []).filter((c) => c !== clue);
    if (list.length) this.byAnswer.set(key, list); else this.byAnswer.delete(key);
    this.save();
  }

  // The own_clues of a GetClues call about `answers`.
  forAnswers(answers) {
    const out = [];
    for (const key of new Set(answers.map(answerKey))) {
      for (const clue of this.byAnswer.get(key) || []) {
        if (out.length < MAX_PER_CALL) out.push({ answer: key, clue });
      }
    }
    return out;
  }

  toText() {
    const lines = [];
    for (const [answer, clues] of [...this.byAnswer].sort(([a], [b]) => a.localeCompare(b))) {
      for (const clue of clues) lines.push(`${answer}|${clue}`);
    }
    return lines.length ? `${lines.join('\n')}\n` : '';
  }

  // Adds the clues of a file's `ANSWER|clue` lines; {added, problems}, each
  // problem naming its line.
  addText(name, text) {
    let added = 0;
    const problems = [];
    text.replace(/^\uFEFF/u, '').split(/\r?\n/u).forEach((line, i) => {
      if (!line.trim() || line.trim().startsWith('#')) return;
      const bar = line.indexOf('|');
      const error = bar < 0 ? "no '|' between the answer and its clue" : this.add(line.slice(0, bar), line.slice(bar + 1));
      if (error) problems.push(`${name}:${i + 1}: ${error}`); else added += 1;
    });
    return { added, problems };
  }

  save() {
    const out = {};
    for (const [answer, clues] of this.byAnswer) out[answer] = clues;
    this.storage.setItem(STORAGE_KEY, JSON.stringify(out));
  }
}
