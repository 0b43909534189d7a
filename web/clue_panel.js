// The clue panel for the selected entry, once its letters are all in: every
// clue the dictionary holds for the answer, best first as the daemon would
// choose them, each with its source, year and how it was made, and the
// constructor's own clues first. Click one to use it, or write one: "Use"
// puts it in the puzzle, "Save to my clues" also keeps it in the
// constructor's clue list (my_clues.js), where it ranks first next time.

const IDEAS_LIMIT = 60;

export class CluePanel {
  // api: an Api; myClues: a MyClues; dictionary(): the dictionary's name;
  // onUse(key, answer, text): the entry `key` ("12A") gets the clue `text`;
  // onError(e, what): a failed call; say(text, kind): a message.
  constructor({ api, myClues, dictionary, onUse, onError, say }) {
    Object.assign(this, { api, myClues, dictionary, onUse, onError, say });
    this.entry = null;  // {key, answer, clue}
    this.controller = null;
    this.el = (id) => document.getElementById(id);
    this.el('own-clue').addEventListener('submit', (e) => {
      e.preventDefault();
      this.use(this.el('own-clue-text').value, e.submitter && e.submitter.id === 'save-own-clue');
    });
    this.el('my-clues-export').addEventListener('click', () => this.exportList());
    this.el('my-clues-file').addEventListener('change', (e) => {
      const file = e.target.files[0];
      e.target.value = '';  // the same file chosen again is read again
      if (file) this.importList(file);
    });
    this.drawCount();
  }

  // Shows the clues of `entry` ({key, answer, clue}), or hides the panel
  // when null (no entry selected, or its letters are not all in).
  show(entry) {
    const same = entry && this.entry && entry.key === this.entry.key && entry.answer === this.entry.answer;
    this.entry = entry;
    this.el('clue-panel').hidden = !entry;
    if (!entry) { this.abort(); return; }
    this.el('clue-entry').textContent = `${entry.key}: ${entry.answer}`;
    if (!same || document.activeElement !== this.el('own-clue-text')) this.el('own-clue-text').value = entry.clue || '';
    if (!same) this.load();
  }

  abort() {
    if (this.controller) this.controller.abort();
    this.controller = null;
  }

  async load() {
    const entry = this.entry;
    this.abort();
    const controller = new AbortController();
    this.controller = controller;
    const list = this.el('clue-ideas');
    list.setAttribute('aria-busy', 'true');
    this.el('clue-ideas-count').textContent = 'loading…';
    try {
      const res = await this.api.call('GetClues', {
        dictionary: this.dictionary(), words: [entry.answer], limit_per_word: IDEAS_LIMIT,
        own_clues: this.myClues.forAnswers([entry.answer]),
      }, controller.signal);
      if (this.controller !== controller) return;
      const answer = (res.answers || [])[0] || {};
      const clues = answer.clues || [];
      list.replaceChildren(...clues.map((c) => this.idea(entry, c)));
      const total = answer.total || 0;
      this.el('clue-ideas-count').textContent = total === 0 ? 'no clue stored: write one'
        : `${total} ${total === 1 ? 'clue' : 'clues'}${total > clues.length ? `, the best ${clues.length} shown` : ''}`;
    } catch (e) {
      if (this.controller === controller) { this.el('clue-ideas-count').textContent = ''; this.onError(e, 'Clues'); }
    } finally {
      if (this.controller === controller) list.removeAttribute('aria-busy');
    }
  }

  idea(entry, c) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'clue-idea';
    b.classList.toggle('own', !!c.own);
    b.classList.toggle('unprintable', !c.printable);
    b.innerHTML = '<span class="text"></span><span class="meta"></span>';
    b.children[0].textContent = c.text;
    const meta = [c.own ? 'my clue' : c.source, c.year || '', c.own ? '' : c.kind, c.printable ? '' : 'never chosen']
      .filter(Boolean).join(' · ');
    b.children[1].textContent = meta;
    b.title = meta;
    b.addEventListener('click', () => this.use(c.text, false));
    li.append(b);
    if (c.own) {
      const forget = document.createElement('button');
      forget.type = 'button';
      forget.className = 'forget';
      forget.textContent = '×';
      forget.title = 'Take it out of my clues';
      forget.setAttribute('aria-label', `Take "${c.text}" out of my clues`);
      forget.addEventListener('click', () => {
        this.myClues.remove(entry.answer, c.text);
        this.drawCount();
        this.load();
      });
      li.append(forget);
    }
    return li;
  }

  // Puts `text` in the puzzle for the selected entry; with `save`, also in
  // the constructor's clue list.
  use(text, save) {
    const entry = this.entry;
    if (!entry) return;
    const clue = String(text).replace(/\s+/gu, ' ').trim();
    if (save) {
      const error = this.myClues.add(entry.answer, clue);
      if (error) { this.say(`My clues: ${error}.`, 'error'); return; }
      this.drawCount();
      this.load();
    }
    this.el('own-clue-text').value = clue;
    entry.clue = clue;
    this.onUse(entry.key, entry.answer, clue);
    this.say(save ? `Saved to my clues and used for ${entry.key}.` : `Clue set for ${entry.key}.`);
  }

  drawCount() {
    const n = this.myClues.size;
    this.el('my-clues-count').textContent = `My clues: ${n}`;
    this.el('my-clues-export').disabled = n === 0;
  }

  exportList() {
    const url = URL.createObjectURL(new Blob([this.myClues.toText()], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'my-clues.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  async importList(file) {
    const { added, problems } = this.myClues.addText(file.name, await file.text());
    this.drawCount();
    if (this.entry) this.load();
    const note = `${added} clues added to my clues from ${file.name}`;
    if (problems.length) this.say(`${note}; ${problems.length} lines refused: ${problems.slice(0, 3).join('; ')}`, 'error');
    else this.say(`${note}.`);
  }
}
