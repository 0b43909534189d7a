// Puzzle files the page opens (ipuz, xd) and the bytes it saves. Writing
// the formats is the daemon's (GetClues with a format), so that the page
// and `xwdb export` write the same files.

// The ipuz field where the page keeps which letters the fill wrote (rows of
// '1' for a fill's letter, '0' otherwise), so that "Clear fill" and
// "Another fill" still tell them from the constructor's after the file is
// opened again. Other programs ignore it (ipuz lets files carry fields of
// their own, named by a domain).
export const FILL_FIELD = 'org.xwdb:fill';

// {rows: [...] in the daemon's format, title, author, clues: Map "12A" ->
// text, fill: [[r, c], ...] the fill's letters, marks: [{row, column,
// circled, shaded, rebus}] (1-based, as Grid.setCellMarks takes them)}, or
// throws an Error naming what was wrong. A rebus cell's row letter is its
// first.
export function readPuzzle(name, text) {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) return readIpuz(name, trimmed);
  return readXd(name, text);
}

function ipuzValue(v) {
  if (v && typeof v === 'object') v = v.cell ?? v.value ?? null;
  return v;
}

// An ipuz cell's style: an object, or the name of one in "styles".
function ipuzStyle(p, cell) {
  let style = cell && typeof cell === 'object' ? cell.style : null;
  if (typeof style === 'string') style = p.styles && typeof p.styles === 'object' ? p.styles[style] : null;
  return style && typeof style === 'object' ? style : null;
}

function readIpuz(name, text) {
  let p;
  try { p = JSON.parse(text); } catch (e) { throw new Error(`${name}: not JSON (${e.message})`); }
  const kinds = [].concat(p.kind || []);
  if (!kinds.some((k) => String(k).includes('crossword'))) throw new Error(`${name}: "kind" is not a crossword`);
  const puzzle = p.puzzle;
  if (!Array.isArray(puzzle) || !puzzle.length) throw new Error(`${name}: "puzzle" has no rows`);
  const block = p.block ?? '#';
  const solution = Array.isArray(p.solution) ? p.solution : null;
  const saved = Array.isArray(p.saved) ? p.saved : null;
  const marks = [];
  const rows = puzzle.map((row, r) => {
    if (!Array.isArray(row)) throw new Error(`${name}: puzzle row ${r + 1} is not a list`);
    return row.map((cell, c) => {
      const v = ipuzValue(cell);
      if (v === block || v === null) return '#';
      const style = ipuzStyle(p, cell);
      const mark = { row: r + 1, column: c + 1 };
      if (style && style.shapebg === 'circle') mark.circled = true;
      if (style && (style.highlight || (typeof style.color === 'string' && !/^(#?f{6}|#?fff|white)$/i.test(style.color)))) {
        mark.shaded = true;
      }
      const letter = [solution?.[r]?.[c], saved?.[r]?.[c]].map(ipuzValue)
        .find((x) => typeof x === 'string' && x !== block && x !== '' && x !== '0');
      if (letter !== undefined && [...letter].length > 1) mark.rebus = letter.toUpperCase();
      if (mark.circled || mark.shaded || mark.rebus) marks.push(mark);
      if (letter !== undefined) return [...letter.toUpperCase()][0];
      if (typeof v === 'string' && v !== '0' && v !== '' && /\p{L}/u.test(v)) return v.toUpperCase();
      return '.';
    }).join('');
  });
  const clues = new Map();
  for (const [key, dir] of [['Across', 'A'], ['Down', 'D']]) {
    for (const clue of (p.clues && p.clues[key]) || []) {
      let number; let textOf;
      if (Array.isArray(clue)) [number, textOf] = clue;
      else if (clue && typeof clue === 'object') { number = clue.number; textOf = clue.clue; }
      if (number !== undefined && typeof textOf === 'string') clues.set(`${number}${dir}`, textOf);
    }
  }
  const fill = [];
  if (Array.isArray(p[FILL_FIELD])) {
    p[FILL_FIELD].forEach((row, r) => [...String(row)].forEach((ch, c) => {
      if (ch === '1' && r < rows.length && c < [...rows[r]].length) fill.push([r, c]);
    }));
  }
  return { rows, title: p.title || '', author: p.author || '', clues, fill, marks };
}

function readXd(name, text) {
  const lines = text.split(/\r?\n/);
  const rows = [];
  const clues = new Map();
  let title = '';
  let author = '';
  const rebus = new Map();  // key character -> letters ("Rebus: 1=HEART 2=STAR")
  let special = '';         // "circle" or "shaded": the grid's lower-case letters
  lines.forEach((line) => {
    const header = /^([A-Za-z][A-Za-z ]*):\s*(.*)$/.exec(line);
    const clue = /^([AD])(\d+)\.\s*(.*?)\s*~\s*(.*)$/.exec(line);
    if (clue) clues.set(`${clue[2]}${clue[1]}`, clue[3]);
    else if (header && rows.length === 0) {
      const key = header[1].toLowerCase();
      if (key === 'title') title = header[2];
      if (key === 'author') author = header[2];
      if (key === 'rebus') {
        for (const pair of header[2].split(/\s+/)) {
          const m = /^(.)=(\p{L}+)$/u.exec(pair);
          if (m) rebus.set(m[1], m[2].toUpperCase());
        }
      }
      if (key === 'special') special = /shade/i.test(header[2]) ? 'shaded' : 'circled';
    } else if (/^[^\s:~]+$/u.test(line.trim()) && !clues.size) rows.push(line.trim());
  });
  if (!rows.length) throw new Error(`${name}: no grid found (an ipuz JSON object or an xd file)`);
  const width = [...rows[0]].length;
  rows.forEach((row, r) => {
    if ([...row].length !== width) throw new Error(`${name}: grid row ${r + 1} has ${[...row].length} cells, not ${width}`);
  });
  const marks = [];
  const letters = rows.map((row, r) => [...row].map((ch, c) => {
    if (rebus.has(ch)) {
      marks.push({ row: r + 1, column: c + 1, rebus: rebus.get(ch) });
      return [...rebus.get(ch)][0];
    }
    if (special && /\p{Ll}/u.test(ch)) marks.push({ row: r + 1, column: c + 1, [special]: true });
    return ch;
  }).join(''));
  return { rows: letters, title, author, clues, fill: [], marks };
}

// The daemon's ipuz (base64 of its UTF-8 JSON) with FILL_FIELD set to
// `fillRows`.
export function withFillField(base64, fillRows) {
  const raw = atob(base64);
  const bytes = Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
  const ipuz = JSON.parse(new TextDecoder().decode(bytes));
  ipuz[FILL_FIELD] = fillRows;
  const out = new TextEncoder().encode(JSON.stringify(ipuz, null, 1));
  let binary = '';
  for (let i = 0; i < out.length; i += 0x8000) binary += String.fromCharCode(...out.subarray(i, i + 0x8000));
  return btoa(binary);
}

// The daemon's `bytes` field (base64 in JSON) as a file to save.
export function saveBase64(base64, filename, type) {
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
