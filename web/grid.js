// The grid being built: cells, their numbering and slots, blocks with
// 180-degree symmetry, and an undo history. No drawing and no network here.
//
// A cell holds '#' (a block), '' (empty), one letter, or several (a rebus,
// "HEART": both entries through it spell them all). `mark[i]` says where a
// letter came from: 0 typed by the constructor (kept by every fill), 1
// written by a fill (cleared by "another fill" and "clear fill").
// `style[i]` holds CIRCLE and SHADE bits. The daemon's rows carry one letter
// a cell (a rebus's first); cellMarks() carries the rest.

export const BLOCK = '#';
export const BY_FILL = 1;
export const CIRCLE = 1;
export const SHADE = 2;
export const MAX_REBUS = 12;

export class Grid {
  constructor(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.cells = new Array(rows * cols).fill('');
    this.mark = new Array(rows * cols).fill(0);
    this.style = new Array(rows * cols).fill(0);
  }

  // From rows in the daemon's format: '#' block, '.' empty, letters.
  static fromRows(rows) {
    const width = Math.max(...rows.map((r) => [...r].length));
    const g = new Grid(rows.length, width);
    rows.forEach((row, r) => {
      [...row].forEach((ch, c) => {
        g.cells[g.index(r, c)] = ch === '#' ? BLOCK : ch === '.' || ch === '_' || ch === ' ' ? '' : ch.toUpperCase();
      });
    });
    return g;
  }

  // Rows in the daemon's format.
  toRows() {
    const out = [];
    for (let r = 0; r < this.rows; r++) {
      let row = '';
      for (let c = 0; c < this.cols; c++) row += [...this.cells[this.index(r, c)]][0] || '.';
      out.push(row);
    }
    return out;
  }

  index(r, c) { return r * this.cols + c; }
  inside(r, c) { return r >= 0 && c >= 0 && r < this.rows && c < this.cols; }
  isBlock(r, c) { return !this.inside(r, c) || this.cells[this.index(r, c)] === BLOCK; }
  letter(r, c) { return this.cells[this.index(r, c)]; }

  isRebus(i) { return this.cells[i] !== BLOCK && [...this.cells[i]].length > 1; }

  // Circles, shading and rebus cells as the daemon takes them (CellMark).
  cellMarks() {
    const out = [];
    this.cells.forEach((ch, i) => {
      if (ch === BLOCK || (!this.style[i] && !this.isRebus(i))) return;
      const m = { row: Math.floor(i / this.cols) + 1, column: (i % this.cols) + 1 };
      if (this.style[i] & CIRCLE) m.circled = true;
      if (this.style[i] & SHADE) m.shaded = true;
      if (this.isRebus(i)) m.rebus = ch;
      out.push(m);
    });
    return out;
  }

  // Sets the marks of `marks` (as cellMarks() gives them; bad ones ignored).
  setCellMarks(marks) {
    for (const m of marks || []) {
      const r = Number(m.row) - 1;
      const c = Number(m.column) - 1;
      if (!Number.isInteger(r) || !Number.isInteger(c) || this.isBlock(r, c)) continue;
      const i = this.index(r, c);
      this.style[i] = (m.circled ? CIRCLE : 0) | (m.shaded ? SHADE : 0);
      const rebus = typeof m.rebus === 'string' ? m.rebus.toUpperCase() : '';
      if ([...rebus].length > 1 && [...rebus].length <= MAX_REBUS && /^\p{L}+$/u.test(rebus)) this.cells[i] = rebus;
    }
  }

  // The letters `word` puts in each cell of `slot` (a rebus cell takes its
  // letters, which the word must spell there), or null if it does not fit.
  lettersFor(slot, word) {
    const letters = [...word];
    const out = [];
    let at = 0;
    for (const i of slot.cells) {
      if (this.isRebus(i)) {
        const rebus = [...this.cells[i]];
        if (letters.slice(at, at + rebus.length).join('') !== rebus.join('')) return null;
        out.push(this.cells[i]);
        at += rebus.length;
      } else {
        if (at >= letters.length) return null;
        out.push(letters[at++]);
      }
    }
    return at === letters.length ? out : null;
  }

  snapshot() { return { cells: this.cells.slice(), mark: this.mark.slice(), style: this.style.slice() }; }
  restore(s) {
    this.cells = s.cells.slice();
    this.mark = s.mark.slice();
    this.style = s.style ? s.style.slice() : new Array(this.cells.length).fill(0);
  }

  // A block becomes empty and a white cell a block; with `symmetric`, the
  // cell opposite (180 degrees) follows.
  // The cells a block at (r, c) brings with it under `symmetry`: '180'
  // (rotational, the default of American puzzles), '90' (rotational by a
  // quarter turn; square grids only, else 180), 'mirror' (left-right), or
  // 'none'. `true` and `false` (older saved settings) are 180 and none.
  partners(r, c, symmetry) {
    const R = this.rows - 1;
    const C = this.cols - 1;
    if (symmetry === 'none' || symmetry === false) return [[r, c]];
    if (symmetry === 'mirror') return [[r, c], [r, C - c]];
    if (symmetry === '90' && this.rows === this.cols) return [[r, c], [c, C - r], [R - r, C - c], [R - c, r]];
    return [[r, c], [R - r, C - c]];
  }

  toggleBlock(r, c, symmetry) {
    const makeBlock = !this.isBlock(r, c);
    for (const [rr, cc] of this.partners(r, c, symmetry)) {
      const i = this.index(rr, cc);
      this.cells[i] = makeBlock ? BLOCK : '';
      this.mark[i] = 0;
      this.style[i] = 0;
    }
  }

  // Slots: maximal runs of at least `minLength` white cells, numbered as
  // printed puzzles are (row by row; a cell that starts a run gets the
  // next number). Each: {number, dir: 'A'|'D', row, col, cells: [index]}.
  slots(minLength = 2) {
    const out = [];
    let number = 0;
    const runFrom = (r, c, dr, dc) => {
      const cells = [];
      while (!this.isBlock(r, c)) { cells.push(this.index(r, c)); r += dr; c += dc; }
      return cells;
    };
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        if (this.isBlock(r, c)) continue;
        const across = this.isBlock(r, c - 1) ? runFrom(r, c, 0, 1) : [];
        const down = this.isBlock(r - 1, c) ? runFrom(r, c, 1, 0) : [];
        const startsA = across.length >= minLength;
        const startsD = down.length >= minLength;
        if (!startsA && !startsD) continue;
        number++;
        if (startsA) out.push({ number, dir: 'A', row: r, col: c, cells: across });
        if (startsD) out.push({ number, dir: 'D', row: r, col: c, cells: down });
      }
    }
    return out;
  }

  // The slot through (r, c) in direction `dir`, or null.
  slotAt(slots, r, c, dir) {
    const i = this.index(r, c);
    return slots.find((s) => s.dir === dir && s.cells.includes(i)) || null;
  }

  // The slot's letters with '.' for empty cells (a rebus cell's all).
  pattern(slot) { return slot.cells.map((i) => this.cells[i] || '.').join(''); }

  isComplete() { return this.cells.every((ch) => ch !== ''); }

  // Letters written by a fill become empty again.
  clearFill() {
    this.cells.forEach((ch, i) => {
      if (this.mark[i] === BY_FILL) { this.cells[i] = ''; this.mark[i] = 0; }
    });
  }
}

// Undo: snapshots before each change, newest last.
export class History {
  constructor(limit = 200) { this.limit = limit; this.stack = []; }
  push(snapshot) {
    this.stack.push(snapshot);
    if (this.stack.length > this.limit) this.stack.shift();
  }
  pop() { return this.stack.pop() || null; }
  get size() { return this.stack.length; }
}

// Grids to start from: an empty square, or a block pattern constructors use.
export const TEMPLATES = {
  'mini 5x5': ['#....', '.....', '.....', '.....', '....#'],
  'mini 7x7': ['#.....#', '.......', '.......', '...#...', '.......', '.......', '#.....#'],
  '11x11': ['#....#....#', '#....#.....', '.....#.....', '...#.......', '....#......', '##.......##',
    '......#....', '.......#...', '.....#.....', '.....#....#', '#....#....#'],
  '13x13': ['....#....#...', '....#....#...', '....#....#...', '###.........#', '........#....',
    '...#...#.....', '.....###.....', '.....#...#...', '....#........', '#.........###', '...#....#....',
    '...#....#....', '...#....#....'],
  '15x15 daily': ['....#.....#....', '....#.....#....', '....#.....#....', '...............',
    '###...#....#...', '...#...##......', '.....#....#....', '...............', '....#....#.....',
    '......##...#...', '...#....#...###', '...............', '....#.....#....', '....#.....#....',
    '....#.....#....'],
  '15x15 themeless': ['.......#.......', '.......#.......', '.......#.......', '......#........',
    '...##.....#....', '........####...', '...........#...', '###....#....###', '...#...........',
    '...####........', '....#.....##...', '........#......', '.......#.......', '.......#.......',
    '.......#.......'],
};
