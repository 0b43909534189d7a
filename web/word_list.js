// The constructor's word list on the page: words they banned, rescored or
// added, kept in the browser's storage (it outlives a reload and a new
// grid) and on the daemon, which applies it to every suggestion, analysis,
// fill and clue look-up the page asks for (docs/word_lists.md).
//
// Each edit is made here first, then sent to the daemon against the
// version it was made on; a daemon that holds another version (a replica
// that has not seen it, a restarted one) is sent the whole list. Calls name
// the list by its version; a daemon that lacks it answers
// FAILED_PRECONDITION, and the call goes again with the entries.
//
// Exported and imported as WORD;SCORE[;CLUE] lines (a score of -1 blocks),
// the format constructors trade and `xwdb --list FILE` reads.

import { ApiError } from './api.js';
import { answerKey } from './my_clues.js';

const STORAGE_KEY = 'xwdb-word-list';
export const LIST_NAME = 'my-list';
export const MAX_ENTRIES = 100000;
export const BLOCKED = -1;
// What one key does from a suggestion or a filled entry.
export const LIKED_SCORE = 90;
export const DISLIKED_SCORE = 30;

export class WordList {
  constructor(storage) {
    this.storage = storage;
    this.entries = new Map();  // key -> {word, score, clue}
    // The version of these entries, '' while unknown (an edit not yet
    // acknowledged: calls then send the entries); and the daemon's latest
    // version, which the next edit is made on.
    this.digest = '';
    this.daemonDigest = '';
    this.pending = 0;          // edits on their way
    this.stored = false;       // whether this browser holds a list at all
    this.listeners = [];
    try {
      const saved = JSON.parse(storage.getItem(STORAGE_KEY) || 'null');
      if (saved && Array.isArray(saved.entries)) {
        this.stored = true;
        this.digest = typeof saved.digest === 'string' ? saved.digest : '';
        this.daemonDigest = this.digest;
        for (const e of saved.entries) {
          if (e && typeof e.word === 'string' && Number.isInteger(e.score)) {
            this.entries.set(answerKey(e.word), { word: answerKey(e.word), score: e.score, clue: e.clue || '' });
          }
        }
      }
    } catch (e) { /* a damaged record: start empty rather than fail the page */ }
    this.pushing = Promise.resolve();
  }

  get size() { return this.entries.size; }
  get(word) { return this.entries.get(answerKey(word)); }
  onChange(fn) { this.listeners.push(fn); }

  save() {
    this.stored = true;
    const entries = [...this.entries.values()];
    this.storage.setItem(STORAGE_KEY, JSON.stringify({ digest: this.digest, entries }));
  }

  changed() {
    this.save();
    for (const fn of this.listeners) fn();
  }

  // The list as a call names it (null when it is empty: nothing to apply).
  ref(withEntries) {
    if (!this.entries.size) return null;
    const ref = { name: LIST_NAME };
    if (this.digest) ref.digest = this.digest;
    if (withEntries || !this.digest) ref.entries = [...this.entries.values()];
    return ref;
  }

  // Runs `call(body)` with the list named in `body.lists`; if the daemon
  // lacks its version, once more with the entries.
  async withList(body, call) {
    const ref = this.ref(false);
    if (!ref) return call(body);
    try {
      return await call({ ...body, lists: [ref] });
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== 'FAILED_PRECONDITION') throw e;
      return call({ ...body, lists: [this.ref(true)] });
    }
  }

  // One edit: `score` (0..100, or BLOCKED) and `clue`, or null to remove
  // the entry (undo). Returns an error message, or ''.
  edit(api, word, score, clue) {
    const key = answerKey(word);
    if (!key) return 'no word';
    if (key.length > 64) return 'a word has at most 64 letters';
    const old = this.entries.get(key);
    let op;
    if (score === null) {
      if (!old) return `${key} is not on the list`;
      this.entries.delete(key);
      op = { op: 'WORD_LIST_REMOVE', word: key };
    } else {
      if (!old && this.entries.size >= MAX_ENTRIES) return `the list holds ${MAX_ENTRIES} words`;
      const keepClue = clue === undefined ? (old ? old.clue : '') : String(clue).trim();
      this.entries.set(key, { word: key, score, clue: keepClue });
      op = score === BLOCKED ? { op: 'WORD_LIST_BLOCK', word: key }
        : { op: 'WORD_LIST_ADD', word: key, score, clue: keepClue };
    }
    this.digest = '';
    this.changed();
    this.push(api, [op]);
    return '';
  }

  // Replaces every entry (an import); sends the whole list.
  replace(api, entries) {
    this.entries = new Map();
    for (const e of entries.slice(0, MAX_ENTRIES)) this.entries.set(answerKey(e.word), { ...e, word: answerKey(e.word) });
    this.digest = '';
    this.changed();
    this.push(api, null);
  }

  // Sends edits (null: the whole list) after those already on their way,
  // so that each names the version the one before made.
  push(api, ops) {
    this.pending++;
    this.pushing = this.pushing.then(async () => {
      try {
        let version;
        if (ops && this.daemonDigest) {
          try {
            version = await api.call('EditWordList', { name: LIST_NAME, base_digest: this.daemonDigest, edits: ops });
          } catch (e) {
            if (!(e instanceof ApiError) || e.code !== 'FAILED_PRECONDITION') throw e;
          }
        }
        // The whole list as it is now (it holds every edit queued after
        // this one too).
        if (!version) version = await api.call('PutWordList', { name: LIST_NAME, entries: [...this.entries.values()] });
        this.daemonDigest = version.digest;
      } catch (e) {
        // The daemon gets the entries with the next call that names the list.
        this.daemonDigest = '';
      }
      // The last edit acknowledged: the daemon's version is these entries'.
      if (--this.pending === 0) this.digest = this.daemonDigest;
      this.save();
    });
    return this.pushing;
  }

  // Without a list of its own, the page takes the daemon's (the
  // constructor's copy was lost, or made on another browser).
  async adoptDaemonCopy(api) {
    if (this.stored) return false;
    try {
      const got = await api.call('GetWordList', { name: LIST_NAME, limit: MAX_ENTRIES });
      this.entries = new Map((got.entries || []).map((e) => [answerKey(e.word), { word: e.word, score: e.score, clue: e.clue || '' }]));
      this.digest = got.version.digest;
      this.daemonDigest = this.digest;
      this.changed();
      return true;
    } catch (e) {
      return false;
    }
  }

  exportText() {
    const lines = [...this.entries.values()].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
      .map((e) => `${e.word};${e.score}${e.clue ? `;${e.clue}` : ''}`);
    return lines.length ? `${lines.join('\n')}\n` : '';
  }
}

// WORD;SCORE[;CLUE] lines: the entries, and one problem per bad line.
export function parseListText(text) {
  const entries = [];
  const problems = [];
  String(text).replace(/^\uFEFF/u, '').split(/\r?\n/u).forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const [word, score, ...clue] = line.split(';');
    const n = Number(score);
    if (score === undefined) problems.push(`line ${i + 1}: no ';' between the word and its score`);
    else if (!Number.isInteger(n) || n > 100) problems.push(`line ${i + 1}: score '${score}' is not -1 to 100`);
    else if (!answerKey(word)) problems.push(`line ${i + 1}: no word`);
    else entries.push({ word: answerKey(word), score: n < 0 ? BLOCKED : n, clue: clue.join(';').trim() });
  });
  return { entries, problems };
}
