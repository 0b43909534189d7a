// The "Every fill" part of the fill panel: how many fills the grid (or the
// marked corner) has, and for each of its open entries the words that
// appear in at least one fill. The daemon searches exhaustively with the
// fill's rules (min score, what is allowed, no word twice): an answer that
// came within the time is exact; one the time cut short is a lower bound
// (the count) or a part (the words). A corner is searched alone: its cells
// are sent as they are and every other open cell as `*` (outside the
// search), so the entries wholly inside the corner are counted and the
// entries that leave it constrain nothing.

import { allowed, minScore, openThroughRebus } from './fill_panel.js';

const $ = (id) => document.getElementById(id);

// How many of an entry's words the panel asks for and lists at first
// (best-scored first; the entry's whole count is given beside them; "more"
// shows the rest of those asked for).
export const WORDS_SENT = 200;
export const WORDS_SHOWN = 30;

function inRect(rect, r, c) { return r >= rect.r1 && r <= rect.r2 && c >= rect.c1 && c <= rect.c2; }

// `rows` (the grid's rows, '#' a block) with every cell outside `rect`
// that is not a block made `*`.
export function regionRows(rows, rect) {
  return rows.map((row, r) => [...row].map((ch, c) => (inRect(rect, r, c) || ch === '#' ? ch : '*')).join(''));
}

// A count as people read it: 1,234,567.
function grouped(n) { return Number(n).toLocaleString('en-US'); }

export class EveryFillPanel {
  // host: {state, listed, request() (dictionary and rows), threads(),
  //   setBusy(on), slotName(slot), place(slot, word), say(text, kind),
  //   sayError(e, what)}
  constructor(host) {
    this.host = host;
    this.answered = null;  // the rows the words listed were found for
    this.said = null;      // the status that answer left
    $('count-fills').addEventListener('click', () => this.run('ENUMERATE_COUNT'));
    $('word-sets').addEventListener('click', () => this.run('ENUMERATE_WORD_SETS'));
    $('word-sets-list').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-word]');
      if (!b) return;
      const [row, col, dir] = b.dataset.slot.split(',');
      const slot = host.state.grid.slotAt(host.state.slots, Number(row), Number(col), dir);
      if (slot) host.place(slot, b.dataset.word);
    });
  }

  async run(goal) {
    const { host } = this;
    const { state } = host;
    if (state.fill) return;
    const rebus = openThroughRebus(state, host.slotName);
    if (rebus) { host.say(rebus, 'error'); return; }
    const seconds = Math.max(1, Math.min(300, Number($('seconds').value) || 20));
    const request = host.request();
    const sent = request.rows.join('\n');
    const rect = state.corner;
    if (rect) request.rows = regionRows(request.rows, rect);
    const where = rect ? `the corner ${rect.r1 + 1},${rect.c1 + 1} to ${rect.r2 + 1},${rect.c2 + 1}` : 'the grid';
    // A corner's entries that leave it are outside the search: their
    // letters do not limit the corner's fills (a fill of the selection
    // checks them), which the answer must say.
    const cols = state.grid.cols;
    const leaving = rect ? state.slots.filter((slot) => {
      const inside = slot.cells.map((i) => inRect(rect, Math.floor(i / cols), i % cols));
      return inside.includes(true) && inside.includes(false);
    }) : [];
    const unchecked = leaving.length
      ? ` Not checked: the ${leaving.length === 1 ? 'entry' : `${leaving.length} entries`} leaving the corner (` +
        `${leaving.slice(0, 6).map(host.slotName).join(', ')}${leaving.length > 6 ? ', …' : ''}).`
      : '';
    const body = {
      ...request,
      options: { min_score: minScore(), allow: allowed(), timeout_seconds: seconds, threads: host.threads() },
      enumerate: { goal, words_per_slot: WORDS_SENT },
    };
    const status = $('fill-status');
    const controller = new AbortController();
    state.fill = controller;
    host.setBusy(true);
    this.clear();
    const counting = goal === 'ENUMERATE_COUNT';
    status.textContent = counting ? `Counting the fills of ${where}…` : `Looking through every fill of ${where}…`;
    host.say('');
    let counted = 0;  // the last progress event's count
    try {
      const result = await host.listed.fill(body, (event) => {
        const p = event.progress;
        if (!p) return;
        counted = Number(p.fills_counted || 0);
        const parts = p.partitions > 1 ? `, ${p.partitions_done || 0} of ${p.partitions} parts` : '';
        // The words' search skips fills that could add no word: it meets
        // fewer than there are.
        const fills = `${grouped(counted)} fills ${counting ? 'so far' : 'met'}`;
        status.textContent = `${fills}${parts}, ${(p.seconds || 0).toFixed(1)} s`;
      }, controller.signal);
      // Letters typed while it ran: the answer is for a grid no longer there.
      if (state.grid.toRows().join('\n') !== sent) {
        status.textContent = `The grid changed while ${counting ? 'counting' : 'looking'}: ask again for the grid as it is now.`;
        return;
      }
      const e = result.enumeration || {};
      const fills = Number(e.fills || 0);
      const time = `${(result.stats?.seconds || 0).toFixed(2)} s`;
      if (e.complete && fills === 0) {
        status.textContent = `No fill of ${where} (searched whole, ${time})${result.reason ? `: ${result.reason}` : ''}.${unchecked}`;
      } else if (counting) {
        status.textContent = e.complete
          ? `${grouped(fills)} ${fills === 1 ? 'fill' : 'fills'} of ${where}: every fill, in ${time}.${unchecked}`
          : `At least ${grouped(fills)} ${fills === 1 ? 'fill' : 'fills'} of ${where}: the time ended the count (${time}).${unchecked}`;
      } else {
        this.drawWordSets(e.word_sets || [], e.complete);
        this.answered = sent;
        status.textContent = (e.complete
          ? `The words that appear in some fill of ${where}, in ${time}.`
          : `The words met within ${time} in fills of ${where}: the time ended the search, so more may fit.`) + unchecked;
        this.said = status.textContent;
      }
    } catch (err) {
      if (err.name === 'AbortError') {
        status.textContent = counting && counted > 0 ? `Stopped: at least ${grouped(counted)} fills of ${where}.${unchecked}` : 'Stopped.';
      } else { status.textContent = ''; host.sayError(err, 'Every fill'); }
    } finally {
      state.fill = null;
      host.setBusy(false);
    }
  }

  // The grid's letters changed (`rows`, as the page sends them): words
  // listed for other letters go, since they may no longer fit.
  gridChanged(rows) {
    if (this.answered !== null && rows.join('\n') !== this.answered) {
      if ($('fill-status').textContent === this.said) {
        $('fill-status').textContent = 'The grid changed: the words listed went. Ask "Words in any fill" again for what fits now.';
      }
      this.clear();
    }
  }

  clear() {
    this.answered = null;
    this.said = null;
    $('word-sets-list').replaceChildren();
  }

  // One line per open entry: its name, how many words fit (met so far if
  // the search was cut short), the best of them as buttons that place the
  // word, and "more" for the rest of those sent. Entries the constructor
  // has typed whole are left out: they have no choice to make.
  drawWordSets(sets, complete) {
    const list = $('word-sets-list');
    const g = this.host.state.grid;
    // As the clue lists run: the across entries, then the downs, by number.
    const ordered = [...sets].sort((a, b) => (a.direction === 'DOWN') - (b.direction === 'DOWN') || a.number - b.number);
    const items = [];
    for (const set of ordered) {
      // The page's own slot at the set's start (rows and columns from 1).
      const dir = set.direction === 'DOWN' ? 'D' : 'A';
      const at = `${set.row - 1},${set.column - 1},${dir}`;
      const slot = g.slotAt(this.host.state.slots, set.row - 1, set.column - 1, dir);
      if (slot && !g.pattern(slot).includes('.')) continue;
      const name = slot ? this.host.slotName(slot) : `${set.number}${dir}`;
      const li = document.createElement('li');
      const label = document.createElement('strong');
      const size = Number(set.size || 0);
      label.textContent = `${name} (${grouped(size)} ${size === 1 ? 'word' : 'words'}${complete ? '' : ' so far'})`;
      li.append(label);
      const words = set.words || [];
      const buttons = words.map((word, k) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'word';
        b.dataset.slot = at;
        b.dataset.word = word;
        b.textContent = word;
        b.title = `place ${word} at ${name}`;
        b.hidden = k >= WORDS_SHOWN;
        return b;
      });
      for (const b of buttons) li.append(' ', b);
      if (words.length > WORDS_SHOWN) {
        const more = document.createElement('button');
        more.type = 'button';
        more.className = 'more';
        more.textContent = `+${words.length - WORDS_SHOWN} more`;
        more.addEventListener('click', () => { for (const b of buttons) b.hidden = false; more.remove(); });
        li.append(' ', more);
      }
      if (size > words.length) li.append(` … (the best ${words.length} listed)`);
      items.push(li);
    }
    list.replaceChildren(...items);
  }
}
