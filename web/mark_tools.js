// Circles, shading and rebus cells on the grid: the buttons, their keys
// (* circles, ^ shades, Insert opens the rebus box) and the rebus box. The
// marks live in the grid model (grid.js); this module changes them through
// the page's edit(), so they are undone, saved and sent like letters.

import { BLOCK, CIRCLE, MAX_REBUS, SHADE } from './grid.js';

export class MarkTools {
  // host: {grid(), cursor(), corner(), edit(fn), say(text, kind), focusGrid()}
  constructor(host, elements) {
    this.host = host;
    this.box = elements.box;
    this.entry = elements.entry;
    elements.circle.addEventListener('click', () => this.toggleStyle(CIRCLE));
    elements.shade.addEventListener('click', () => this.toggleStyle(SHADE));
    elements.rebus.addEventListener('click', () => this.openRebus());
    this.entry.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); this.setRebus(this.entry.value); }
      if (e.key === 'Escape') { e.preventDefault(); this.closeRebus(); }
    });
  }

  // Whether `e` (a key on the grid) was one of ours; handles it if so.
  onKey(e) {
    if (e.key === '*') { e.preventDefault(); this.toggleStyle(CIRCLE); return true; }
    if (e.key === '^') { e.preventDefault(); this.toggleStyle(SHADE); return true; }
    if (e.key === 'Insert') { e.preventDefault(); this.openRebus(); return true; }
    return false;
  }

  // The selected cell, or every open cell of the marked corner.
  targets() {
    const g = this.host.grid();
    const rect = this.host.corner();
    const out = [];
    if (rect) {
      for (let r = rect.r1; r <= rect.r2; r++) for (let c = rect.c1; c <= rect.c2; c++) if (!g.isBlock(r, c)) out.push(g.index(r, c));
    } else {
      const { r, c } = this.host.cursor();
      if (!g.isBlock(r, c)) out.push(g.index(r, c));
    }
    return out;
  }

  // Sets the bit on every target, or clears it if all have it already.
  toggleStyle(bit) {
    const cells = this.targets();
    const name = bit === CIRCLE ? 'circle' : 'shading';
    if (!cells.length) { this.host.say(`Select a cell for the ${name} first (not a block).`, 'error'); return; }
    const g = this.host.grid();
    const on = !cells.every((i) => g.style[i] & bit);
    this.host.edit(() => cells.forEach((i) => { g.style[i] = on ? g.style[i] | bit : g.style[i] & ~bit; }));
    this.host.say(`${on ? 'Added' : 'Removed'} the ${name} ${cells.length === 1 ? 'of the cell' : `of ${cells.length} cells`}.`);
  }

  openRebus() {
    const g = this.host.grid();
    const { r, c } = this.host.cursor();
    if (g.isBlock(r, c)) { this.host.say('Select a cell for the rebus first (not a block).', 'error'); return; }
    this.box.hidden = false;
    this.entry.value = g.letter(r, c);
    this.entry.focus();
    this.entry.select();
  }

  closeRebus() {
    this.box.hidden = true;
    this.host.focusGrid();
  }

  // The letters typed for the selected cell: two or more make a rebus, one
  // a plain letter, none empties it.
  setRebus(text) {
    const letters = [...text.toUpperCase()].filter((ch) => !/\s/u.test(ch));
    if (letters.some((ch) => !/\p{L}/u.test(ch)) || letters.length > MAX_REBUS) {
      this.host.say(`A rebus is up to ${MAX_REBUS} letters (no digits or signs): "${text}" is not.`, 'error');
      return;
    }
    const g = this.host.grid();
    const { r, c } = this.host.cursor();
    const i = g.index(r, c);
    if (g.cells[i] === BLOCK) return;
    this.host.edit(() => { g.cells[i] = letters.join(''); g.mark[i] = 0; });
    this.host.say(letters.length > 1
      ? `Rebus ${letters.join('')} at row ${r + 1}, column ${c + 1}: both entries through it spell it.`
      : letters.length ? `${letters[0]} at row ${r + 1}, column ${c + 1}.` : `Row ${r + 1}, column ${c + 1} emptied.`);
    this.closeRebus();
  }
}
