// The page's pure modules, under node's test runner: the grid model
// (numbering, symmetry, rebus cells and marks), the puzzle files the page
// reads itself (ipuz, xd), the saved work and the word-list file. The
// page's behaviour is the browser test's (browser_test.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { BLOCK, CIRCLE, Grid, SHADE } from '../../web/grid.js';
import { readPuzzle } from '../../web/formats.js';
import { loadWork, saveWork } from '../../web/storage.js';
import { BLOCKED, parseListText } from '../../web/word_list.js';
import { regionRows } from '../../web/every_fill_panel.js';

test('slots are numbered as printed puzzles are', () => {
  const g = Grid.fromRows(['#...', '....', '...#']);
  const names = g.slots().map((s) => `${s.number}${s.dir}:${g.pattern(s).length}`);
  assert.deepEqual(names, ['1A:3', '1D:3', '2D:3', '3D:2', '4A:4', '4D:2', '5A:3']);
});

test('a corner is searched alone: the open cells outside it are sent as *', () => {
  const rows = ['AB#.', '..#C', 'D...'];
  assert.deepEqual(regionRows(rows, { r1: 0, c1: 0, r2: 1, c2: 1 }), ['AB#*', '..#*', '****']);
  assert.deepEqual(regionRows(rows, { r1: 1, c1: 1, r2: 2, c2: 3 }), ['**#*', '*.#C', '*...']);
  assert.deepEqual(regionRows(rows, { r1: 0, c1: 0, r2: 2, c2: 3 }), rows);
});

test('symmetry partners', () => {
  const g = new Grid(5, 5);
  assert.deepEqual(g.partners(0, 1, '180'), [[0, 1], [4, 3]]);
  assert.deepEqual(g.partners(0, 1, 'mirror'), [[0, 1], [0, 3]]);
  assert.deepEqual(g.partners(0, 1, '90'), [[0, 1], [1, 4], [4, 3], [3, 0]]);
  assert.deepEqual(g.partners(0, 1, 'none'), [[0, 1]]);
  assert.deepEqual(new Grid(3, 5).partners(0, 1, '90'), [[0, 1], [2, 3]]);  // not square: 180
  g.style[g.index(0, 1)] = CIRCLE;
  g.toggleBlock(0, 1, '180');
  assert.equal(g.letter(4, 3), BLOCK);
  assert.equal(g.style[g.index(0, 1)], 0);  // a block has no marks
});

test('a rebus cell: one letter to the daemon, all of them in its entries', () => {
  const g = Grid.fromRows(['CAT', 'A.E', 'TEN']);
  g.setCellMarks([{ row: 2, column: 2, rebus: 'heart' }, { row: 1, column: 1, circled: true },
    { row: 3, column: 3, shaded: true, circled: true }, { row: 9, column: 9, circled: true },
    { row: 1, column: 2, rebus: 'h3' }]);
  assert.deepEqual(g.toRows(), ['CAT', 'AHE', 'TEN']);
  const across = g.slots().find((s) => s.number === 4);
  assert.equal(g.pattern(across), 'AHEARTE');
  assert.ok(g.isRebus(g.index(1, 1)) && !g.isRebus(g.index(0, 1)));
  assert.deepEqual(g.cellMarks(), [
    { row: 1, column: 1, circled: true }, { row: 2, column: 2, rebus: 'HEART' },
    { row: 3, column: 3, circled: true, shaded: true }]);
  assert.equal(g.style[g.index(2, 2)], CIRCLE | SHADE);
  // A word for an entry through it must spell the rebus there.
  assert.deepEqual(g.lettersFor(across, 'OHEARTS'), ['O', 'HEART', 'S']);
  assert.equal(g.lettersFor(across, 'OHEARS'), null);
  assert.equal(g.lettersFor(across, 'OHEARTSS'), null);
  assert.equal(g.lettersFor(across, 'OHXARTS'), null);
  // Undo restores the marks with the letters.
  const before = g.snapshot();
  g.style[0] = 0;
  g.cells[g.index(1, 1)] = 'H';
  g.restore(before);
  assert.equal(g.style[0], CIRCLE);
  assert.equal(g.cells[g.index(1, 1)], 'HEART');
});

test('ipuz: circles, shading (a named style too) and a rebus read back', () => {
  const ipuz = {
    version: 'http://ipuz.org/v2', kind: ['http://ipuz.org/crossword#1'], dimensions: { width: 3, height: 2 },
    styles: { grey: { color: 'C0C0C0' } },
    puzzle: [[{ cell: 1, style: { shapebg: 'circle' } }, 2, { cell: 3, style: 'grey' }], [4, { cell: 0, style: { color: 'FFFFFF' } }, '#']],
    solution: [['C', 'HEART', 'T'], ['A', 'R', '#']],
    clues: { Across: [[1, 'First']], Down: [] },
  };
  const p = readPuzzle('t.ipuz', JSON.stringify(ipuz));
  assert.deepEqual(p.rows, ['CHT', 'AR#']);
  assert.deepEqual(p.marks, [{ row: 1, column: 1, circled: true }, { row: 1, column: 2, rebus: 'HEART' },
    { row: 1, column: 3, shaded: true }]);
  assert.equal(p.clues.get('1A'), 'First');
});

test('xd: the Rebus and Special headers', () => {
  const xd = 'Title: Hearts\nRebus: 1=HEART 2=STAR\nSpecial: circle\n\n\ncAT#\nA1E2\n\n\nA1. Feline ~ CAT\n';
  const p = readPuzzle('t.xd', xd);
  assert.equal(p.title, 'Hearts');
  assert.deepEqual(p.rows, ['cAT#', 'AHES']);
  assert.deepEqual(p.marks, [{ row: 1, column: 1, circled: true }, { row: 2, column: 2, rebus: 'HEART' },
    { row: 2, column: 4, rebus: 'STAR' }]);
  assert.throws(() => readPuzzle('bad.xd', 'ABC\nAB\n'), /bad\.xd: grid row 2 has 2 cells, not 3/);
});

test('saved work: kept whole, a damaged entry ignored', () => {
  const storage = new Map();
  const shim = { setItem: (k, v) => storage.set(k, v), getItem: (k) => storage.get(k) ?? null };
  const work = {
    rows: ['AB', 'C#'], fillMarks: '1000', cellMarks: [{ row: 1, column: 1, rebus: 'HEART' }],
    clues: [['1A', { answer: 'AB', text: 'x', edited: true }], ['bad']], title: 'T', author: 'A', settings: { seconds: '5' },
  };
  assert.equal(saveWork(shim, work), '');
  const back = loadWork(shim);
  assert.deepEqual(back.rows, work.rows);
  assert.deepEqual(back.cellMarks, work.cellMarks);
  assert.equal(back.clues.length, 1);
  assert.equal(back.fillMarks, '1000');
  storage.set('xwdb-work', JSON.stringify({ ...JSON.parse(storage.get('xwdb-work')), fillMarks: '10', cellMarks: 'x' }));
  assert.equal(loadWork(shim).fillMarks, '0000');
  assert.deepEqual(loadWork(shim).cellMarks, []);
  storage.set('xwdb-work', '{not json');
  assert.equal(loadWork(shim), null);
  storage.set('xwdb-work', JSON.stringify({ version: 1, rows: ['A'.repeat(26)] }));
  assert.equal(loadWork(shim), null);
  const full = { setItem: () => { throw new Error('quota'); } };
  assert.match(saveWork(full, work), /could not be saved.*quota/);
});

test('word-list lines: WORD;SCORE[;CLUE], bad lines named', () => {
  const { entries, problems } = parseListText('\uFEFFice cream;80;Cone filler; or cup\r\n# comment\n\nZZYZX;-1\nNOPE\nBAD;101\n;50\n');
  assert.deepEqual(entries, [{ word: 'ICECREAM', score: 80, clue: 'Cone filler; or cup' },
    { word: 'ZZYZX', score: BLOCKED, clue: '' }]);
  assert.deepEqual(problems, ["line 5: no ';' between the word and its score", "line 6: score '101' is not -1 to 100",
    'line 7: no word']);
});
