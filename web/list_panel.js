// The "My word list" panel: the constructor's banned, rescored and added
// words (word_list.js), searched, edited, added to, imported and exported.
import { BLOCKED, parseListText } from './word_list.js';

// Rows drawn at most; the search narrows a long list.
const SHOWN = 200;

export class ListPanel {
  // `wordList`, `api`, and `say(text, kind)` for messages.
  constructor({ wordList, api, say }) {
    this.wordList = wordList;
    this.api = api;
    this.say = say;
    this.$ = (id) => document.getElementById(id);
    this.$('list-add').addEventListener('submit', (e) => {
      e.preventDefault();
      const word = this.$('list-word').value;
      const score = Math.max(0, Math.min(100, Number(this.$('list-score').value) || 0));
      const problem = this.wordList.edit(this.api, word, score, this.$('list-clue').value);
      if (problem) { this.say(`My word list: ${problem}.`, 'error'); return; }
      this.say(`${word.toUpperCase()} is on your word list, score ${score}.`);
      this.$('list-word').value = '';
      this.$('list-clue').value = '';
      this.$('list-word').focus();
    });
    this.$('list-search').addEventListener('input', () => this.draw());
    this.$('list-export').addEventListener('click', () => this.exportFile());
    this.$('list-file').addEventListener('change', (e) => {
      const file = e.target.files[0];
      e.target.value = '';
      if (file) this.importFile(file);
    });
    wordList.onChange(() => this.draw());
    this.draw();
  }

  draw() {
    const search = this.$('list-search').value.trim().toUpperCase().replace(/[\s'’-]+/gu, '');
    const all = [...this.wordList.entries.values()].filter((e) => !search || e.word.includes(search))
      .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    const blocked = [...this.wordList.entries.values()].filter((e) => e.score === BLOCKED).length;
    this.$('list-count').textContent = `${this.wordList.size} words (${blocked} banned)` +
      (all.length > SHOWN ? `; the first ${SHOWN} of ${all.length} shown` : '');
    this.$('list-entries').replaceChildren(...all.slice(0, SHOWN).map((e) => this.row(e)));
  }

  row(e) {
    const li = document.createElement('li');
    li.className = e.score === BLOCKED ? 'banned' : 'scored';
    li.dataset.word = e.word;
    const word = document.createElement('span');
    word.className = 'word';
    word.textContent = e.word;
    const score = document.createElement('input');
    score.type = 'number';
    score.min = '-1';
    score.max = '100';
    score.className = 'list-entry-score';
    score.value = String(e.score);
    score.title = 'the score fills and suggestions use; -1 bans the word';
    score.setAttribute('aria-label', `score of ${e.word}`);
    score.addEventListener('change', () => {
      const n = Math.max(-1, Math.min(100, Math.round(Number(score.value) || 0)));
      this.wordList.edit(this.api, e.word, n < 0 ? BLOCKED : n, undefined);
    });
    const clue = document.createElement('span');
    clue.className = 'note';
    clue.textContent = e.score === BLOCKED ? 'banned' : e.clue;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'forget';
    remove.textContent = '×';
    remove.title = `take ${e.word} off the list: it is the dictionary's again`;
    remove.addEventListener('click', () => {
      this.wordList.edit(this.api, e.word, null);
      this.say(`${e.word} is off your word list.`);
    });
    li.append(word, score, clue, remove);
    return li;
  }

  exportFile() {
    const blob = new Blob([this.wordList.exportText()], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'my-word-list.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async importFile(file) {
    const { entries, problems } = parseListText(await file.text());
    if (this.wordList.size && !window.confirm(`Replace your word list (${this.wordList.size} words) with ${file.name} (${entries.length})?`)) return;
    this.wordList.replace(this.api, entries);
    this.say(`${entries.length} words from ${file.name}` +
      (problems.length ? `; ${problems.length} lines left out (${problems.slice(0, 3).join('; ')})` : '.'),
    problems.length ? 'error' : '');
  }
}
