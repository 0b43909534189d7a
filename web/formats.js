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
// text, fill: [[r, c], ...] the fill's letters}, or throws an Error naming
// what was wrong.
export function readPuzzle(name, text) {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) return readIpuz(name, trimmed);
  return readXd(name, text);
}

function ipuzValue(v) {
  if (v && typeof v === 'object') v = v.cell ?? v.value ?? null;
  return v;
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
  const rows = puzzle.map((row, r) => {
    if (!Array.isArray(row)) throw new Error(`${name}: puzzle row ${r + 1} is not a list`);
    return row.map((cell, c) => {
      const v = ipuzValue(cell);
      if (v === block || v === null) return '#';
      const letter = [solution?.[r]?.[c], saved?.[r]?.[c]].map(ipuzValue)
        .find((x) => typeof x === 'string' && x !== block && x !== '' && x !== '0');
      if (letter !== undefined) return letter.toUpperCase();
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
  return { rows, title: p.title || '', author: p.author || '', clues, fill };
}

function readXd(name, text) {
  const lines = text.split(/\r?\n/);
  const rows = [];
  const clues = new Map();
  let title = '';
  let author = '';
  lines.forEach((line) => {
    const header = /^([A-Za-z][A-Za-z ]*):\s*(.*)$/.exec(line);
    const clue = /^([AD])(\d+)\.\s*(.*?)\s*~\s*(.*)$/.exec(line);
    if (clue) clues.set(`${clue[2]}${clue[1]}`, clue[3]);
    else if (header && rows.length === 0) {
      if (header[1].toLowerCase() === 'title') title = header[2];
      if (header[1].toLowerCase() === 'author') author = header[2];
    } else if (/^[^\s:~]+$/u.test(line.trim()) && !clues.size) rows.push(line.trim());
  });
  if (!rows.length) throw new Error(`${name}: no grid found (an ipuz JSON object or an xd file)`);
  const width = [...rows[0]].length;
  rows.forEach((row, r) => {
    if ([...row].length !== width) throw new Error(`${name}: grid row ${r + 1} has ${[...row].length} cells, not ${width}`);
  });
  return { rows, title, author, clues, fill: [] };
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
