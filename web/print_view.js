// The puzzle to print: the blank grid with its numbers, the Across and Down
// clues, then (on a page of its own) the answer key. Built into
// #print-view, which the print styles show alone (style.css), so the
// browser's "Print" and "Save as PDF" give the puzzle, not the page.

import { CIRCLE, SHADE } from './grid.js';

function gridTable(grid, slots, withLetters) {
  const numbers = new Map();
  for (const s of slots) numbers.set(s.cells[0], s.number);
  const table = document.createElement('table');
  table.className = withLetters ? 'print-grid key' : 'print-grid';
  for (let r = 0; r < grid.rows; r++) {
    const tr = document.createElement('tr');
    for (let c = 0; c < grid.cols; c++) {
      const i = grid.index(r, c);
      const td = document.createElement('td');
      if (grid.isBlock(r, c)) {
        td.className = 'block';
      } else {
        td.classList.toggle('circled', !!(grid.style[i] & CIRCLE));
        td.classList.toggle('shaded', !!(grid.style[i] & SHADE));
        td.classList.toggle('rebus', withLetters && grid.isRebus(i));
        if (numbers.has(i)) {
          const n = document.createElement('span');
          n.className = 'num';
          n.textContent = numbers.get(i);
          td.append(n);
        }
        if (withLetters) {
          const l = document.createElement('span');
          l.className = 'letter';
          l.textContent = grid.cells[i];
          td.append(l);
        }
      }
      tr.append(td);
    }
    table.append(tr);
  }
  return table;
}

// `clues`: Map "12A" -> text. Returns how many entries have no clue.
export function buildPrintView(view, { grid, slots, clues, title, author }) {
  const heading = document.createElement('h1');
  heading.textContent = title || 'Crossword';
  const byline = document.createElement('p');
  byline.className = 'byline';
  byline.textContent = author ? `by ${author}` : '';
  const lists = document.createElement('div');
  lists.className = 'print-clues';
  let missing = 0;
  for (const [dir, name] of [['A', 'Across'], ['D', 'Down']]) {
    const section = document.createElement('section');
    const h = document.createElement('h2');
    h.textContent = name;
    const ol = document.createElement('ol');
    for (const s of slots.filter((x) => x.dir === dir)) {
      const li = document.createElement('li');
      const text = clues.get(`${s.number}${dir}`) || '';
      if (!text) missing++;
      li.innerHTML = '<b></b> <span></span>';
      li.children[0].textContent = s.number;
      li.children[1].textContent = text;
      ol.append(li);
    }
    section.append(h, ol);
    lists.append(section);
  }
  const key = document.createElement('section');
  key.className = 'answer-key';
  const keyTitle = document.createElement('h2');
  keyTitle.textContent = `${title || 'Crossword'}: answers`;
  key.append(keyTitle, gridTable(grid, slots, true));
  view.replaceChildren(heading, byline, gridTable(grid, slots, false), lists, key);
  return missing;
}
