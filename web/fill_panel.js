// The fill panel: "Fill grid", "Fill selection", "Another fill" and "Stop",
// with the rules the fill, the suggestions and the analysis share (min
// score, what is allowed), progress while it runs, the fill's statistics,
// and the entries another fill changed. The page's state (grid, slots,
// undo history) is the host's; this panel changes it through the host.

import { BY_FILL } from './grid.js';

// Fill words scored below these are marked in the grid: below 50 an editor
// would rather not print them, below 60 they are weak.
export const LOW_SCORE = 50;
export const WEAK_SCORE = 60;

const $ = (id) => document.getElementById(id);

// The rows' letters of `slot`, a rebus cell's all (the daemon's rows hold
// its first).
function entryOf(grid, slot, letters) {
  return slot.cells.map((i) => (grid.isRebus(i) ? grid.cells[i] : letters[Math.floor(i / grid.cols)][i % grid.cols])).join('');
}

// What the constructor lets in besides the daemon's default (which leaves
// out flagged words and words without a printable clue).
export function allowed() {
  const allow = [];
  if ($('allow-flagged').checked) allow.push('offensive');
  if ($('allow-unclued').checked) allow.push('unclued');
  return allow;
}

// The minimum score, as the fill takes it.
export function minScore() { return Math.max(0, Math.min(100, Number($('min-score').value) || 0)); }

// The rules that Analyze and Suggest share with the fill: the heat map and
// the suggestions count only the words a fill may use.
export function ruleOptions() { return { allow: allowed(), min_score: minScore() }; }

// The fill puts one letter in a cell: an entry through a rebus must be
// spelled by the constructor (its suggestions do it) before a fill. What
// to tell them if one is open; null if none is.
export function openThroughRebus(state, slotName) {
  const g = state.grid;
  const open = state.slots.filter((slot) => slot.cells.some((i) => g.isRebus(i)) && g.pattern(slot).includes('.'));
  if (!open.length) return null;
  return `${open.map(slotName).join(', ')} ${open.length === 1 ? 'runs' : 'run'} through a rebus: fill ` +
    `${open.length === 1 ? 'it' : 'them'} first (its suggestions spell the rebus).`;
}

// Which portfolio member settled a fill call, for the status line.
function settledBy(result) {
  return result.settled_by === 'sat' ? ' by the SAT solver' : '';
}

export class FillPanel {
  // host: {state, listed, request() (dictionary and rows), changed(),
  //   currentSlot(), slotName(slot), slotId(slot), say(text, kind),
  //   sayError(e, what)}
  constructor(host) {
    this.host = host;
    $('fill').addEventListener('click', () => this.run());
    $('fill-selection').addEventListener('click', () => this.run({ selection: true }));
    $('another').addEventListener('click', () => this.run({ another: true }));
    $('stop').addEventListener('click', () => { if (host.state.fill) host.state.fill.abort(); });
    this.setFilling(false);
  }

  // How many entries of the grid read otherwise in `rows` than in
  // `patterns` (the entries' letters before, in state.slots' order).
  entriesChanged(patterns, rows) {
    const { grid, slots } = this.host.state;
    const letters = rows.map((row) => [...row]);
    return slots.filter((slot, k) => entryOf(grid, slot, letters) !== patterns[k]).length;
  }

  applyRows(rows) {
    const g = this.host.state.grid;
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      const i = g.index(r, c);
      if (r < g.rows && c < g.cols && !g.cells[i] && ch !== '.' && ch !== '#' && ch !== ' ') {
        g.cells[i] = ch;
        g.mark[i] = BY_FILL;
      }
    }));
  }

  // The threads asked for, within the daemon's fill pool.
  threads() { return Math.max(1, Math.min(Number($('threads').max) || 16, Number($('threads').value) || 1)); }

  setFilling(on) {
    for (const id of ['fill', 'fill-selection', 'another', 'count-fills', 'word-sets']) $(id).disabled = on;
    $('stop').disabled = !on;
    $('fill-progress').hidden = !on;
  }

  // The fill's statistics: its entries' mean and lowest scores, how many
  // are weak, and how many of each length.
  drawStats(entries) {
    const scored = entries.filter((e) => !e.open && e.score >= 0);
    if (!scored.length) { $('fill-stats').textContent = ''; return; }
    const mean = scored.reduce((sum, e) => sum + e.score, 0) / scored.length;
    const lowest = scored.reduce((a, b) => (b.score < a.score ? b : a));
    const weak = scored.filter((e) => e.score < WEAK_SCORE).length;
    const lengths = new Map();
    for (const e of entries) lengths.set([...e.word].length, (lengths.get([...e.word].length) || 0) + 1);
    const histogram = [...lengths.entries()].sort((a, b) => a[0] - b[0]).map(([n, count]) => `${n}:${count}`).join(' ');
    $('fill-stats').textContent = `${entries.length} entries, mean score ${mean.toFixed(1)}, lowest ${lowest.score} ` +
      `(${lowest.word}), ${weak} below ${WEAK_SCORE}; lengths ${histogram}`;
  }

  async run({ selection = false, another = false } = {}) {
    const { host } = this;
    const { state } = host;
    const changed = () => host.changed();
    const say = (text, kind) => host.say(text, kind);
    if (state.fill) return;
    const g = state.grid;
    const seconds = Math.max(1, Math.min(300, Number($('seconds').value) || 20));
    const options = {
      min_score: minScore(),
      timeout_seconds: seconds,
      seed: Math.floor(Math.random() * 0xffffffff),
      allow: allowed(),
    };
    if ($('optimize').checked) options.optimize = 'OPTIMIZE_LOWEST_SCORE';
    options.threads = this.threads();
    const engine = $('engine').value;
    if (engine === 'search' || engine === 'luby') options.sat = 'SAT_MEMBER_NEVER';
    if (engine === 'sat') options.sat = 'SAT_MEMBER_ONLY';
    if (engine === 'luby') options.restart_schedule = 'RESTART_SCHEDULE_LUBY';
    const rebus = openThroughRebus(state, host.slotName);
    if (rebus) { say(rebus, 'error'); return; }
    let refill = null;  // a selection's cells whose fill letters are replaced
    if (selection) {
      const rect = state.corner;
      const slot = host.currentSlot();
      if (rect) {
        options.only_cells = `${rect.r1 + 1},${rect.c1 + 1}-${rect.r2 + 1},${rect.c2 + 1}`;
        refill = [];
        for (let r = rect.r1; r <= rect.r2; r++) for (let c = rect.c1; c <= rect.c2; c++) refill.push(g.index(r, c));
      } else if (slot) {
        options.only = [host.slotId(slot)];
        refill = slot.cells;
      } else { say('Select an entry, or Shift+click a corner, first.', 'error'); return; }
      // A selection the fill already filled is filled anew: its fill letters
      // go (yours stay), and of two fills the one that differs more is kept.
      if (!refill.some((i) => g.mark[i] === BY_FILL)) refill = null;
    }
    state.history.push(g.snapshot());
    // Another fill: the fill on the grid is cleared and the daemon asked for
    // two fills that differ in a quarter of the open entries; the one that
    // differs most from the fill that was there is shown (the search is
    // deterministic: its first fill is often the one it gave before).
    const previous = another || refill ? state.slots.map((slot) => g.pattern(slot)) : null;
    if (another) g.clearFill();
    if (refill) {
      for (const i of refill) if (g.mark[i] === BY_FILL) { g.cells[i] = ''; g.mark[i] = 0; }
      if (!options.optimize) { options.solutions = 2; options.differ = 1; }
    }
    if (another && !options.optimize) {
      const open = state.slots.filter((slot) => g.pattern(slot).includes('.')).length;
      options.solutions = 2;
      options.differ = Math.max(1, Math.floor(open / 4));
    }
    const before = g.snapshot();
    changed();
    const controller = new AbortController();
    state.fill = controller;
    let best = null;  // the best fill the optimizer has sent so far
    this.setFilling(true);
    $('fill-status').textContent = 'Filling…';
    state.fillStarted = performance.now();
    say('');  // the last fill's message no longer holds
    const status = $('fill-status');
    try {
      const result = await host.listed.fill({ ...host.request(), options }, (event) => {
        if (event.progress) {
          const p = event.progress;
          $('fill-progress').max = Math.max(1, p.slots_total);
          $('fill-progress').value = p.slots_filled;
          status.textContent = `${p.nodes} nodes, ${p.slots_filled} of ${p.slots_total} entries, ${p.seconds.toFixed(1)} s`;
        } else if (event.found && options.optimize) {
          best = event.found;
          g.restore(before);
          this.applyRows(event.found.rows);
          changed();
          status.textContent = `Better fill: lowest score ${event.found.min_score}, mean ${event.found.mean_score.toFixed(1)}`;
        }
      }, controller.signal);
      const fills = result.fills || [];
      if (result.outcome === 'FILLED' || fills.length) {
        // The optimizer's last fill is its best; another fill's, the one
        // that changes most.
        let best = fills[fills.length - 1];
        let changedEntries = -1;
        if (previous) {
          for (const f of fills) {
            const n = this.entriesChanged(previous, f.rows);
            if (n > changedEntries) { changedEntries = n; best = f; }
          }
        }
        g.restore(before);
        this.applyRows(best.rows);
        state.fillScores = new Map((best.entries || []).map((e) => [e.word, e.score]));
        state.changedCells = new Set();
        if (previous) {
          const letters = best.rows.map((row) => [...row]);
          state.slots.forEach((slot, k) => {
            if (entryOf(g, slot, letters) !== previous[k]) for (const i of slot.cells) state.changedCells.add(i);
          });
        }
        this.drawStats(best.entries || []);
        const proven = options.optimize ? (result.proven_best ? '; proven best' : '; the time ended the search') : '';
        status.textContent = `Filled in ${result.stats.seconds.toFixed(2)} s${settledBy(result)}: ` +
          `lowest score ${best.min_score}, mean ${best.mean_score.toFixed(1)}${proven}.`;
        say(previous
          ? `${refill ? 'Filled anew' : 'Another fill'}: ${changedEntries} ${changedEntries === 1 ? 'entry' : 'entries'} changed.`
          : 'Filled. "Another fill" keeps your letters and finds a different fill.');
      } else if (result.outcome === 'IMPOSSIBLE') {
        status.textContent = `No fill exists${settledBy(result)}: ${result.reason}`;
      } else if (result.outcome === 'TIMED_OUT') {
        status.textContent = `No fill within ${seconds} s. ${result.reason || ''}`;
      } else {
        status.textContent = 'Stopped.';
      }
    } catch (e) {
      g.restore(before);
      // Stop keeps the best fill found so far.
      if (best) this.applyRows(best.rows);
      if (e.name === 'AbortError') {
        status.textContent = best
          ? `Stopped: the best fill found is kept (lowest score ${best.min_score}, mean ${best.mean_score.toFixed(1)}).`
          : 'Stopped.';
      } else { status.textContent = ''; host.sayError(e, 'Fill'); }
    } finally {
      state.fill = null;
      this.setFilling(false);
      changed();
    }
  }
}
