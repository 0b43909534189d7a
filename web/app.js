// The constructor's page: draws the grid, takes the keyboard and the mouse,
// and asks the daemon (api.js) for analysis, suggestions, fills and clues.
import { Api, ApiError } from './api.js';
import { BLOCK, BY_FILL, CIRCLE, Grid, History, SHADE, TEMPLATES } from './grid.js';
import { readPuzzle, saveBase64, withFillField } from './formats.js';
import { MyClues } from './my_clues.js';
import { CluePanel } from './clue_panel.js';
import { loadWork, saveWork } from './storage.js';
import { BLOCKED, DISLIKED_SCORE, LIKED_SCORE, WordList } from './word_list.js';
import { ListPanel } from './list_panel.js';
import { buildPrintView } from './print_view.js';
import { MarkTools } from './mark_tools.js';
import { SuggestionsPanel } from './suggestions_panel.js';
import { debounce, latestOnly } from './timing.js';
import { allowed, FillPanel, LOW_SCORE, minScore, ruleOptions, WEAK_SCORE } from './fill_panel.js';
import { EveryFillPanel } from './every_fill_panel.js';

const $ = (id) => document.getElementById(id);
const api = new Api();
const myClues = new MyClues(localStorage);
const wordList = new WordList(localStorage);
// The calls that apply the constructor's word list (word_list.js).
const listed = {
  call: (method, body, signal) => wordList.withList(body, (b) => api.call(method, b, signal)),
  fill: (body, onEvent, signal) => wordList.withList(body, (b) => api.fill(b, onEvent, signal)),
};

const ANALYZE_DELAY_MS = 250;
// The every-fill panel (made with the fill panel, below), told of each change.
let everyFill = null;

const state = {
  grid: new Grid(15, 15),
  history: new History(),
  slots: [],
  cursor: { r: 0, c: 0 },
  dir: 'A',
  blockMode: false,
  corner: null,  // a rectangle to fill: {r1, c1, r2, c2}
  analysis: null,
  clues: new Map(),  // "12A" -> {answer, text, edited}
  fill: null,  // the running fill's AbortController
  markingCorner: false,  // the next cell tapped marks a corner (touch)
  changedCells: new Set(),  // the entries another fill changed, until the next edit
  fillScores: new Map(),  // word -> score, from the last fill
  fillStarted: 0,  // when the last fill started, until its clues are drawn
};


// Timings the browser test reads: selection to suggestions drawn, a fill's
// start to its clues drawn, an autosave's write (ms).
window.xwdbTimings = { suggest: [], ready: null, fillToClues: [], autosave: [] };

// ---- messages -------------------------------------------------------------

function say(text, kind = '') {
  const p = $('status');
  p.textContent = text;
  p.className = kind;
}

function sayError(e, what) {
  if (e && e.name === 'AbortError') return;
  if (e instanceof ApiError && e.code === 'UNAUTHENTICATED') {
    $('token-box').hidden = false;
    $('token').focus();
    say('This daemon needs a token: type it in the Token field.', 'error');
    return;
  }
  say(`${what}: ${e instanceof ApiError ? `${e.message} (${e.code})` : e.message}`, 'error');
}

const analyzeTurn = latestOnly();
const cluesTurn = latestOnly();

// ---- the grid -------------------------------------------------------------

function slotId(slot) {
  return { row: slot.row + 1, column: slot.col + 1, direction: slot.dir === 'A' ? 'ACROSS' : 'DOWN' };
}

function slotName(slot) { return `${slot.number}${slot.dir === 'A' ? 'A' : 'D'}`; }

function currentSlot() {
  const { r, c } = state.cursor;
  if (state.grid.isBlock(r, c)) return null;
  return state.grid.slotAt(state.slots, r, c, state.dir) ||
    state.grid.slotAt(state.slots, r, c, state.dir === 'A' ? 'D' : 'A');
}

function buildGrid() {
  const g = state.grid;
  const el = $('grid');
  el.replaceChildren();
  el.style.setProperty('--cols', g.cols);
  el.style.setProperty('--rows', g.rows);
  el.setAttribute('aria-rowcount', g.rows);
  el.setAttribute('aria-colcount', g.cols);
  for (let r = 0; r < g.rows; r++) {
    const row = document.createElement('div');
    row.className = 'row';
    row.setAttribute('role', 'row');
    for (let c = 0; c < g.cols; c++) {
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.setAttribute('role', 'gridcell');
      cell.dataset.r = r;
      cell.dataset.c = c;
      cell.innerHTML = '<span class="num"></span><span class="letter"></span>';
      row.append(cell);
    }
    el.append(row);
  }
}

function cellEl(r, c) { return $('grid').children[r].children[c]; }

function drawGrid() {
  const g = state.grid;
  const numbers = new Map();
  for (const s of state.slots) numbers.set(g.index(s.row, s.col), s.number);
  const slot = currentSlot();
  const inSlot = new Set(slot ? slot.cells : []);
  const dead = deadCells();
  const heat = state.analysis ? state.analysis.cell_letters : null;
  const rect = state.corner;
  // Cells of fill words scored low or weak (the lower grade wins).
  const grade = new Map();
  for (const s of state.slots) {
    const score = state.fillScores.get(g.pattern(s));
    if (score === undefined || score < 0 || score >= WEAK_SCORE) continue;
    for (const i of s.cells) if (grade.get(i) !== 'low') grade.set(i, score < LOW_SCORE ? 'low' : 'weak');
  }
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      const i = g.index(r, c);
      const el = cellEl(r, c);
      const ch = g.cells[i];
      const block = ch === BLOCK;
      el.classList.toggle('block', block);
      el.classList.toggle('by-fill', !block && !!ch && g.mark[i] === BY_FILL);
      el.classList.toggle('in-slot', inSlot.has(i));
      el.classList.toggle('cursor', state.cursor.r === r && state.cursor.c === c);
      el.classList.toggle('dead', dead.has(i));
      el.classList.toggle('in-rect', !!rect && r >= rect.r1 && r <= rect.r2 && c >= rect.c1 && c <= rect.c2);
      el.classList.toggle('changed', state.changedCells.has(i));
      el.classList.toggle('low', grade.get(i) === 'low');
      el.classList.toggle('weak', grade.get(i) === 'weak');
      el.classList.toggle('circled', !block && !!(g.style[i] & CIRCLE));
      el.classList.toggle('shaded', !block && !!(g.style[i] & SHADE));
      el.classList.toggle('rebus', !block && g.isRebus(i));
      let level = '';
      if (heat && !block && !ch && heat.length === g.rows * g.cols) {
        const n = [...heat[i]].length;
        level = n === 0 ? 'heat-0' : n <= 2 ? 'heat-1' : n <= 5 ? 'heat-2' : n <= 10 ? 'heat-3' : '';
      }
      el.dataset.heat = level;
      el.children[0].textContent = numbers.get(i) || '';
      el.children[1].textContent = block ? '' : ch;
      el.setAttribute('aria-selected', state.cursor.r === r && state.cursor.c === c ? 'true' : 'false');
      el.setAttribute('aria-label', block ? 'block' : `${numbers.get(i) ? `${numbers.get(i)}, ` : ''}${ch || 'empty'}`);
    }
  }
  $('slot-name').textContent = slot ? `for ${slotName(slot)} (${slot.cells.length})` : '';
  // The selected entry's clue in the lists.
  const key = slot ? slotName(slot) : '';
  for (const input of document.querySelectorAll('input.clue')) {
    input.closest('li').classList.toggle('current', input.dataset.key === key);
  }
  $('undo').disabled = state.history.size === 0;
}

function deadCells() {
  const out = new Set();
  const a = state.analysis;
  if (!a) return out;
  const g = state.grid;
  for (const d of a.dead_cells || []) {
    if (d.cell) out.add(g.index(d.cell.row - 1, d.cell.column - 1));
  }
  for (const s of a.dead_slots || []) {
    if (rebusSlotAt(s)) continue;
    const slot = g.slotAt(state.slots, s.row - 1, s.column - 1, s.direction === 'DOWN' ? 'D' : 'A');
    if (slot) slot.cells.forEach((i) => out.add(i));
  }
  return out;
}

// After any change of letters or blocks.
function changed({ keepAnalysis = false } = {}) {
  state.slots = state.grid.slots();
  if (everyFill) everyFill.gridChanged(state.grid.toRows());
  if (!keepAnalysis) state.analysis = null;
  drawGrid();
  scheduleAnalyze();
  scheduleSuggest();
  scheduleClues();
  showEntryClues();
  autosave();
}

function edit(fn) {
  state.changedCells = new Set();
  state.history.push(state.grid.snapshot());
  fn();
  changed();
}

function select(r, c, dir = state.dir) {
  const g = state.grid;
  state.cursor = { r: Math.max(0, Math.min(g.rows - 1, r)), c: Math.max(0, Math.min(g.cols - 1, c)) };
  state.dir = dir;
  const slot = currentSlot();
  if (slot) state.dir = slot.dir;
  drawGrid();
  window.xwdbSelectedAt = performance.now();
  suggestNow();
  showEntryClues();
}

function move(dr, dc) {
  const g = state.grid;
  let { r, c } = state.cursor;
  do { r += dr; c += dc; } while (g.inside(r, c) && g.isBlock(r, c));
  if (g.inside(r, c)) select(r, c);
}

function step(forward) {
  const [dr, dc] = state.dir === 'A' ? [0, 1] : [1, 0];
  const { r, c } = state.cursor;
  const k = forward ? 1 : -1;
  if (!state.grid.isBlock(r + dr * k, c + dc * k)) select(r + dr * k, c + dc * k);
}

function nextSlot(back) {
  const order = state.slots.filter((s) => s.dir === state.dir);
  if (!order.length) return;
  const slot = currentSlot();
  let at = slot ? order.indexOf(slot) : -1;
  at = (at + (back ? -1 : 1) + order.length) % order.length;
  const s = order[at];
  const empty = s.cells.find((i) => !state.grid.cells[i]);
  const i = empty !== undefined ? empty : s.cells[0];
  select(Math.floor(i / state.grid.cols), i % state.grid.cols, s.dir);
}

// Home and End: the first or last cell of the selected entry.
function toSlotEnd(last) {
  const slot = currentSlot();
  if (!slot) return;
  const i = last ? slot.cells[slot.cells.length - 1] : slot.cells[0];
  select(Math.floor(i / state.grid.cols), i % state.grid.cols, slot.dir);
}

function typeLetter(ch) {
  const { r, c } = state.cursor;
  if (state.grid.isBlock(r, c)) return;
  edit(() => {
    const i = state.grid.index(r, c);
    state.grid.cells[i] = ch.toUpperCase();
    state.grid.mark[i] = 0;
  });
  step(true);
}

function erase(back) {
  const g = state.grid;
  let { r, c } = state.cursor;
  if (back && !g.letter(r, c)) {
    step(false);
    ({ r, c } = state.cursor);
  }
  if (g.isBlock(r, c) || !g.letter(r, c)) return;
  edit(() => { g.cells[g.index(r, c)] = ''; g.mark[g.index(r, c)] = 0; });
}

function toggleBlock(r, c) {
  edit(() => state.grid.toggleBlock(r, c, $('symmetry').value || '180'));
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey) {
    if (e.key === 'z' || e.key === 'Z') { e.preventDefault(); undo(); }
    return;
  }
  const { r, c } = state.cursor;
  const arrows = { ArrowLeft: [0, -1, 'A'], ArrowRight: [0, 1, 'A'], ArrowUp: [-1, 0, 'D'], ArrowDown: [1, 0, 'D'] };
  if (arrows[e.key]) {
    e.preventDefault();
    const [dr, dc, dir] = arrows[e.key];
    if (state.dir !== dir && !e.shiftKey) select(r, c, dir); else move(dr, dc);
    return;
  }
  if (e.key === ' ') { e.preventDefault(); select(r, c, state.dir === 'A' ? 'D' : 'A'); return; }
  if (e.key === 'Tab') { e.preventDefault(); nextSlot(e.shiftKey); return; }
  if (e.key === 'Escape') {
    e.preventDefault();
    // A marked rectangle is cleared first; then Esc leaves the grid.
    if (state.corner) { state.corner = null; drawGrid(); say('Selection cleared.'); } else $('verify').focus();
    return;
  }
  if (e.key === 'Home' || e.key === 'End') { e.preventDefault(); toSlotEnd(e.key === 'End'); return; }
  if (e.key === 'Backspace') { e.preventDefault(); erase(true); return; }
  if (e.key === 'Delete') { e.preventDefault(); erase(false); return; }
  if (e.key === '.' || e.key === '#') { e.preventDefault(); toggleBlock(r, c); return; }
  if (markTools.onKey(e)) return;
  const rating = { '!': BLOCKED, '+': LIKED_SCORE, '-': DISLIKED_SCORE }[e.key];
  if (rating !== undefined) { e.preventDefault(); rateSelectedEntry(rating); return; }
  if (e.key.length >= 1 && [...e.key].length === 1 && /\p{L}/u.test(e.key)) {
    e.preventDefault();
    if (state.blockMode) toggleBlock(r, c); else typeLetter(e.key);
  }
}

function onClick(e) {
  const cell = e.target.closest('.cell');
  if (!cell) return;
  const r = Number(cell.dataset.r);
  const c = Number(cell.dataset.c);
  $('grid').focus();
  if (e.shiftKey || state.markingCorner) {
    state.markingCorner = false;
    $('corner').setAttribute('aria-pressed', 'false');
    const { r: r0, c: c0 } = state.cursor;
    state.corner = { r1: Math.min(r0, r), c1: Math.min(c0, c), r2: Math.max(r0, r), c2: Math.max(c0, c) };
    drawGrid();
    say(`Selection ${state.corner.r1 + 1},${state.corner.c1 + 1} to ${state.corner.r2 + 1},${state.corner.c2 + 1}: ` +
      '"Fill selection" fills the entries inside it.');
    return;
  }
  if (state.blockMode) { state.cursor = { r, c }; toggleBlock(r, c); return; }
  const same = state.cursor.r === r && state.cursor.c === c;
  select(r, c, same ? (state.dir === 'A' ? 'D' : 'A') : state.dir);
}

function undo() {
  const s = state.history.pop();
  if (!s) return;
  state.grid.restore(s);
  changed();
}

function newGrid(grid) {
  if (state.fill) state.fill.abort();
  state.grid = grid;
  state.history = new History();
  state.corner = null;
  state.clues = new Map();
  state.cursor = { r: 0, c: 0 };
  state.dir = 'A';
  buildGrid();
  state.slots = grid.slots();
  const first = state.slots[0];
  if (first) state.cursor = { r: first.row, c: first.col };
  changed();
  suggestNow();
}

// ---- analysis -------------------------------------------------------------

function baseRequest() {
  return { dictionary: $('dictionary').value, rows: state.grid.toRows() };
}

const scheduleAnalyze = debounce(analyze, ANALYZE_DELAY_MS);

async function analyze() {
  const turn = analyzeTurn();
  try {
    const a = await listed.call('Analyze', { ...baseRequest(), best_words: 1, options: ruleOptions() }, turn.signal);
    if (!turn.current()) return;
    state.analysis = a;
    drawGrid();
    drawFacts(a);
  } catch (e) {
    if (turn.current()) sayError(e, 'Analyze');
  }
}

// Whether the slot the daemon names (SlotId) runs through a rebus cell: the
// daemon sees the rebus's first letter only, so its word there is not the
// entry's.
function rebusSlotAt(ref) {
  if (!ref) return false;
  const slot = state.grid.slotAt(state.slots, ref.row - 1, ref.column - 1, ref.direction === 'DOWN' ? 'D' : 'A');
  return !!slot && slot.cells.some((i) => state.grid.isRebus(i));
}

// A slot the daemon names by its cell: "17A" when the grid numbers it, else
// its row and column (a run too short to be an entry).
function refName(ref) {
  if (!ref) return '';
  if (ref.name) return ref.name;
  const dir = ref.direction === 'DOWN' ? 'D' : 'A';
  if (ref.number) return `${ref.number}${dir}`;
  const slot = state.slots.find((s) => s.row === ref.row - 1 && s.col === ref.column - 1 && s.dir === dir);
  return slot ? slotName(slot) : `row ${ref.row}, column ${ref.column}${ref.direction ? ` ${ref.direction.toLowerCase()}` : ''}`;
}

function drawFacts(a) {
  const f = a.facts || {};
  const sym = [f.symmetric_180 && '180°', f.mirror_left_right && 'left-right', f.mirror_top_bottom && 'top-bottom']
    .filter(Boolean).join(', ') || 'none';
  const rows = [
    ['Size', `${f.rows} × ${f.columns}`],
    ['Words', `${f.words} (mean length ${(f.mean_word_length || 0).toFixed(2)})`],
    ['Blocks', `${f.blocks} (${((f.block_share || 0) * 100).toFixed(1)}%)`],
    ['Symmetry', sym],
    ['Connected', f.connected ? 'yes' : `no: ${f.white_regions} regions`],
  ];
  $('facts').replaceChildren(...rows.flatMap(([k, v]) => {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    return [dt, dd];
  }));
  const problems = [];
  if (!a.consistent && a.reason) problems.push(['dead', a.reason]);
  for (const s of a.dead_slots || []) if (!rebusSlotAt(s)) problems.push(['dead', `${refName(s)}: no word fits`]);
  if ((f.short_entries || []).length) {
    problems.push(['warn', `short entries: ${f.short_entries.map(refName).join(', ')}`]);
  }
  if ((f.unchecked_cells || []).length) problems.push(['warn', `${f.unchecked_cells.length} unchecked cells`]);
  if ((f.duplicate_given || []).length) problems.push(['warn', `entered twice: ${f.duplicate_given.join(', ')}`]);
  for (const s of a.slots || []) {
    if (s.given && !s.in_dictionary && !rebusSlotAt(s.slot)) {
      problems.push(['warn', `${refName(s.slot)}: ${s.pattern} is not in the dictionary`]);
    }
  }
  $('problems').replaceChildren(...problems.map(([kind, text]) => {
    const li = document.createElement('li');
    li.className = kind;
    li.textContent = text;
    return li;
  }));
}

// ---- suggestions (suggestions_panel.js) -----------------------------------

const suggestions = new SuggestionsPanel({
  listed,
  api,
  wordList,
  grid: () => state.grid,
  currentSlot,
  slotName,
  slotId,
  request: baseRequest,
  ruleOptions,
  minScore,
  allowed,
  place,
  say,
  sayError,
}, { list: $('suggestions'), count: $('suggest-count'), sort: $('suggest-sort') });
function scheduleSuggest() { suggestions.schedule(); }
function suggestNow() { suggestions.now(); }

// The selected entry's word rated on the word list: banned (its letters
// from the fill cleared), liked or disliked.
function rateSelectedEntry(score) {
  const slot = currentSlot();
  if (!slot) return;
  const word = state.grid.pattern(slot);
  if (word.includes('.')) { say(`${slotName(slot)} is not complete: no word to rate.`, 'error'); return; }
  suggestions.rate(word, score);
  if (score !== BLOCKED) return;
  edit(() => slot.cells.forEach((i) => {
    if (state.grid.mark[i] === BY_FILL) state.grid.cells[i] = '';
  }));
}

function place(slot, word) {
  const letters = state.grid.lettersFor(slot, word);
  if (!letters) return;
  edit(() => slot.cells.forEach((i, k) => {
    if (state.grid.cells[i] !== letters[k]) { state.grid.cells[i] = letters[k]; state.grid.mark[i] = 0; }
  }));
  say(`${word} placed at ${slotName(slot)}.`);
  $('grid').focus();
}

// ---- fill (fill_panel.js) -------------------------------------------------

const fillPanel = new FillPanel({
  state, listed, request: baseRequest, changed, currentSlot, slotName, slotId, say, sayError,
});
everyFill = new EveryFillPanel({
  state, listed, request: baseRequest, slotName, place, say, sayError,
  threads: () => fillPanel.threads(),
  setBusy: (on) => fillPanel.setFilling(on),
});

// ---- clues and files ------------------------------------------------------

const scheduleClues = debounce(loadClues, 150);

async function loadClues() {
  const g = state.grid;
  const turn = cluesTurn();
  if (!g.isComplete() || !g.cells.some((ch) => ch && ch !== BLOCK)) {
    $('clues-note').hidden = false;
    $('across').replaceChildren();
    $('down').replaceChildren();
    return;
  }
  try {
    const answers = state.slots.map((slot) => g.pattern(slot));
    const res = await listed.call('GetClues', {
      dictionary: $('dictionary').value, grid_rows: g.toRows(), cells: g.cellMarks(), own_clues: myClues.forAnswers(answers),
    }, turn.signal);
    if (!turn.current()) return;
    $('clues-note').hidden = true;
    for (const [dir, list] of [['A', res.across || []], ['D', res.down || []]]) {
      $(dir === 'A' ? 'across' : 'down').replaceChildren(...list.map((e) => clueItem(dir, e)));
    }
    if (state.fillStarted && !state.fill) {
      window.xwdbTimings.fillToClues.push(performance.now() - state.fillStarted);
      state.fillStarted = 0;
    }
    showEntryClues();
  } catch (e) {
    if (turn.current()) sayError(e, 'Clues');
  }
}

function clueItem(dir, e) {
  const key = `${e.number}${dir}`;
  let kept = state.clues.get(key);
  // An edited clue stays with its answer (or, from a file, with its number).
  if (!kept || !(kept.edited && (kept.answer === null || kept.answer === e.answer))) {
    kept = { answer: e.answer, text: e.clue || '', edited: false };
  }
  kept.answer = e.answer;
  state.clues.set(key, kept);
  const li = document.createElement('li');
  li.value = e.number;
  const label = document.createElement('label');
  label.textContent = `${e.answer} `;
  const input = document.createElement('input');
  input.type = 'text';
  input.className = 'clue';
  input.value = kept.text;
  input.placeholder = 'no clue in the dictionary';
  input.setAttribute('aria-label', `${e.number} ${dir === 'A' ? 'Across' : 'Down'}, ${e.answer}`);
  input.dataset.key = key;
  input.addEventListener('input', () => { kept.text = input.value; kept.edited = true; showEntryClues(); autosave(); });
  // Focusing a clue selects its entry in the grid (and its clues in the panel).
  input.addEventListener('focus', () => {
    const slot = state.slots.find((s) => slotName(s) === key);
    if (slot && slot !== currentSlot()) select(slot.row, slot.col, slot.dir);
  });
  label.append(input);
  li.append(label);
  return li;
}

// The selected entry for the clue panel: null unless its letters are all in.
function selectedEntry() {
  const slot = currentSlot();
  if (!slot) return null;
  const answer = state.grid.pattern(slot);
  if (answer.includes('.')) return null;
  const key = slotName(slot);
  const kept = state.clues.get(key);
  return { key, answer, clue: kept && kept.answer === answer ? kept.text : '' };
}

const cluePanel = new CluePanel({
  api: listed,
  myClues,
  dictionary: () => $('dictionary').value,
  onUse: (key, answer, text) => {
    state.clues.set(key, { answer, text, edited: true });
    autosave();
    const input = document.querySelector(`input.clue[data-key="${key}"]`);
    if (input) input.value = text;
  },
  onError: sayError,
  say,
});

function showEntryClues() { cluePanel.show(selectedEntry()); }

const markTools = new MarkTools({
  grid: () => state.grid,
  cursor: () => state.cursor,
  corner: () => state.corner,
  edit,
  say,
  focusGrid: () => $('grid').focus(),
}, { circle: $('circle'), shade: $('shade'), rebus: $('rebus'), box: $('rebus-box'), entry: $('rebus-entry') });

// The puzzle to print (print_view.js), then the browser's print dialog.
function printPuzzle() {
  const g = state.grid;
  if (!g.isComplete()) { say('Fill every cell first: the answer key needs them.', 'error'); return; }
  const clues = new Map();
  for (const input of document.querySelectorAll('#clue-lists input.clue')) clues.set(input.dataset.key, input.value.trim());
  const missing = buildPrintView($('print-view'), {
    grid: g, slots: state.slots, clues, title: $('title').value, author: $('author').value,
  });
  say(missing ? `Printing with ${missing} entries unclued.` : 'Printing the puzzle and its answer key.');
  if (!window.xwdbNoPrint) window.print();
}

async function download(format, ext, suffix = '') {
  const g = state.grid;
  if (!g.isComplete()) { say('Fill every cell first: a puzzle file needs its answers.', 'error'); return; }
  const empty = [...document.querySelectorAll('#clue-lists input.clue')].filter((i) => !i.value.trim()).map((i) => i.dataset.key);
  if (empty.length && !window.confirm(`${empty.length} ${empty.length === 1 ? 'entry has' : 'entries have'} no clue (${empty.slice(0, 8).join(', ')}${empty.length > 8 ? ', …' : ''}). Download anyway?`)) {
    say(`Not downloaded: clue ${empty.slice(0, 8).join(', ')} first.`, 'error');
    return;
  }
  const clues = [];
  for (const [key, v] of state.clues) {
    const m = /^(\d+)([AD])$/.exec(key);
    if (m) clues.push({ number: Number(m[1]), direction: m[2] === 'A' ? 'ACROSS' : 'DOWN', clue: v.text });
  }
  try {
    const res = await listed.call('GetClues', {
      dictionary: $('dictionary').value, grid_rows: g.toRows(), cells: g.cellMarks(), format, clues,
      title: $('title').value, author: $('author').value,
    });
    const types = { ipuz: 'application/json', puz: 'application/x-crossword', xd: 'text/plain', svg: 'image/svg+xml' };
    if (ext === 'ipuz') {
      const fillRows = [];
      for (let r = 0; r < g.rows; r++) {
        let row = '';
        for (let c = 0; c < g.cols; c++) row += g.mark[g.index(r, c)] === BY_FILL ? '1' : '0';
        fillRows.push(row);
      }
      res.rendered = withFillField(res.rendered, fillRows);
    }
    saveBase64(res.rendered, `${($('title').value || 'puzzle').replace(/[^\p{L}\p{N}_-]+/gu, '-')}${suffix}.${ext}`, types[ext]);
    say(`Saved as ${ext}.`);
  } catch (e) {
    sayError(e, `Download ${ext}`);
  }
}

async function openFile(file) {
  try {
    const p = readPuzzle(file.name, await file.text());
    const grid = Grid.fromRows(p.rows);
    // The fill's letters stay the fill's (Clear fill and Another fill).
    for (const [r, c] of p.fill) grid.mark[grid.index(r, c)] = BY_FILL;
    grid.setCellMarks(p.marks);
    newGrid(grid);
    for (const [key, text] of p.clues) state.clues.set(key, { answer: null, text, edited: true });
    $('title').value = p.title;
    $('author').value = p.author;
    say(`Opened ${file.name}: ${grid.rows} × ${grid.cols}.`);
    scheduleClues();
  } catch (e) {
    say(e.message, 'error');
  }
}

// ---- the work, kept in the browser ---------------------------------------

// The settings kept with the work, by element id.
const SETTINGS = ['min-score', 'seconds', 'optimize', 'allow-flagged', 'allow-unclued', 'threads', 'engine',
  'symmetry', 'suggest-sort'];
let wantedDictionary = '';  // the saved work's, chosen once the daemon lists it

function currentWork() {
  const g = state.grid;
  const settings = { dictionary: $('dictionary').value || wantedDictionary };
  for (const id of SETTINGS) settings[id] = $(id).type === 'checkbox' ? $(id).checked : $(id).value;
  return {
    rows: g.toRows(),
    fillMarks: g.mark.map((m, i) => (m === BY_FILL && g.cells[i] && g.cells[i] !== BLOCK ? '1' : '0')).join(''),
    cellMarks: g.cellMarks(),
    clues: [...state.clues],
    title: $('title').value,
    author: $('author').value,
    settings,
  };
}

const autosave = debounce(() => {
  const started = performance.now();
  const error = saveWork(localStorage, currentWork());
  window.xwdbTimings.autosave.push(performance.now() - started);
  if (error) say(`Autosave: ${error}.`, 'error');
}, 300);

// Whether the page holds work a new grid would throw away.
function hasWork() {
  return state.grid.cells.some((ch) => ch && ch !== BLOCK) || [...state.clues.values()].some((c) => c.edited) ||
    !!$('title').value;
}

function restoreWork(saved) {
  for (const id of SETTINGS) {
    if (!(id in saved.settings)) continue;
    const box = $(id);
    if (box.type === 'checkbox') box.checked = !!saved.settings[id]; else box.value = String(saved.settings[id]);
    // A value the control no longer offers (a setting saved by an older
    // page: symmetry was a checkbox) leaves its default.
    if (box.tagName === 'SELECT' && box.selectedIndex < 0) box.selectedIndex = [...box.options].findIndex((o) => o.defaultSelected);
  }
  wantedDictionary = typeof saved.settings.dictionary === 'string' ? saved.settings.dictionary : '';
  const grid = Grid.fromRows(saved.rows);
  [...saved.fillMarks].forEach((m, i) => {
    if (m === '1' && grid.cells[i] && grid.cells[i] !== BLOCK) grid.mark[i] = BY_FILL;
  });
  grid.setCellMarks(saved.cellMarks);
  newGrid(grid);
  state.clues = new Map(saved.clues);
  $('title').value = saved.title;
  $('author').value = saved.author;
  say('Your work is back as you left it (kept in this browser).');
}

// ---- set-up ---------------------------------------------------------------

// A fill's threads are at most the daemon's fill pool.
async function loadLimits() {
  try {
    const stats = await api.call('GetServerStats', {});
    const pool = Math.max(1, Number(stats.fill_pool) || 1);
    const box = $('threads');
    box.max = String(pool);
    if (Number(box.value) > pool) box.value = String(pool);
    box.title = `parallel searches on the daemon (at most ${pool} here); with 2 or more, one of them is a SAT solver`;
  } catch (e) { /* the fill will say so */ }
}

async function loadDictionaries() {
  try {
    const res = await api.call('ListDictionaries', {});
    const select = $('dictionary');
    const wanted = select.value || wantedDictionary;
    select.replaceChildren(...(res.dictionaries || []).map((d) => {
      const o = document.createElement('option');
      o.value = d.name;
      o.textContent = `${d.name} (${d.locale}, ${Number(d.word_count).toLocaleString()} words)`;
      return o;
    }));
    if ([...select.options].some((o) => o.value === wanted)) select.value = wanted;
  } catch (e) {
    sayError(e, 'Dictionaries');
  }
}

function setUp() {
  const template = $('template');
  template.replaceChildren(...['blank', ...Object.keys(TEMPLATES)].map((name) => {
    const o = document.createElement('option');
    o.value = name;
    o.textContent = name === 'blank' ? 'blank (size below)' : name;
    return o;
  }));
  template.value = '15x15 daily';
  $('new-grid').addEventListener('submit', (e) => {
    e.preventDefault();
    if (hasWork() && !window.confirm('Start a new grid? The one on the page is replaced: download it first to keep it.')) {
      return;
    }
    $('title').value = '';  // a new puzzle's, not the last one's
    $('author').value = '';
    const name = template.value;
    const n = Math.max(3, Math.min(25, Number($('size').value) || 15));
    newGrid(name === 'blank' ? new Grid(n, n) : Grid.fromRows(TEMPLATES[name]));
    $('grid').focus();
  });
  $('open').addEventListener('change', (e) => {
    const file = e.target.files[0];
    e.target.value = '';  // choosing the same file again opens it again
    if (!file) return;
    if (hasWork() && !window.confirm(`Open ${file.name}? The grid on the page is replaced: download it first to keep it.`)) {
      return;
    }
    openFile(file);
  });
  $('grid').addEventListener('keydown', onKey);
  $('grid').addEventListener('click', onClick);
  $('mode').addEventListener('click', () => {
    state.blockMode = !state.blockMode;
    $('mode').setAttribute('aria-pressed', String(state.blockMode));
    $('mode').textContent = `Blocks: ${state.blockMode ? 'on' : 'off'}`;
  });
  $('undo').addEventListener('click', undo);
  $('print').addEventListener('click', printPuzzle);
  // Touch: what the keyboard's space and Shift+click do.
  $('turn').addEventListener('click', () => {
    select(state.cursor.r, state.cursor.c, state.dir === 'A' ? 'D' : 'A');
    $('grid').focus();
  });
  $('corner').addEventListener('click', () => {
    state.markingCorner = !state.markingCorner;
    $('corner').setAttribute('aria-pressed', String(state.markingCorner));
    if (state.markingCorner) say('Tap the opposite corner of the part to fill.');
  });
  $('suggest-sort').addEventListener('change', () => {
    autosave();
  });
  new ListPanel({ wordList, api, say });
  // The list changes what every call answers.
  wordList.onChange(() => changed({ keepAnalysis: true }));
  $('lock').addEventListener('click', () => {
    const slot = currentSlot();
    if (!slot) return;
    edit(() => slot.cells.forEach((i) => { state.grid.mark[i] = 0; }));
    say(`${slotName(slot)} is locked: new fills keep it.`);
  });
  $('clear-fill').addEventListener('click', () => edit(() => state.grid.clearFill()));
  $('verify').addEventListener('click', () => suggestions.suggest(5));
  $('dictionary').addEventListener('change', () => changed());
  for (const id of ['allow-flagged', 'allow-unclued', 'min-score']) $(id).addEventListener('change', () => changed());
  $('token').addEventListener('change', () => {
    api.setToken($('token').value.trim());
    loadDictionaries().then(() => Promise.all([wordList.adoptDaemonCopy(api), loadLimits()])).then(() => changed());
  });
  for (const b of document.querySelectorAll('.download')) {
    b.addEventListener('click', () => download(b.dataset.format, b.dataset.ext, b.dataset.suffix || ''));
  }
  for (const id of ['title', 'author']) $(id).addEventListener('input', () => autosave());
  for (const id of SETTINGS) $(id).addEventListener('change', () => autosave());
  const saved = loadWork(localStorage);
  if (saved) restoreWork(saved); else newGrid(Grid.fromRows(TEMPLATES['15x15 daily']));
}

setUp();
loadDictionaries().then(async () => {
  // A browser without a word list of its own takes the daemon's copy.
  await Promise.all([wordList.adoptDaemonCopy(api), loadLimits()]);
  changed();
  window.xwdbTimings.ready = performance.now();
  performance.mark('xwdb-ready');
});
