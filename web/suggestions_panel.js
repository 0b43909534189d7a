// The selected entry's suggestions: asked for on every selection (a first
// list from a few probes drawn at once, then refined), drawn with their
// scores, room left or what they kill, sorted by room or score; a click
// places a word, B / + / - rate it on the constructor's word list. An entry
// through a rebus cell gets the dictionary's words spelled through it.

import { debounce, latestOnly } from './timing.js';
import { BLOCKED, DISLIKED_SCORE, LIKED_SCORE } from './word_list.js';

// The daemon screens letters first and probes the best bounds, so the 40
// best of up to 2000 words come back in tens of milliseconds on a 15x15.
const SUGGEST_LIMIT = 40;
const SUGGEST_PROBES = 2000;
// A first list from this many probes is drawn at once, then refined from
// SUGGEST_PROBES: on a constrained 15x15 each probe propagates the whole
// grid, and 2000 of them take most of a second.
const QUICK_PROBES = 200;
const SUGGEST_DELAY_MS = 60;

export class SuggestionsPanel {
  // host: {listed (calls with the word list), api, wordList, grid(),
  //   currentSlot(), slotName(slot), slotId(slot), request() (dictionary and
  //   rows), ruleOptions(), minScore(), allowed(), place(slot, word),
  //   say(text, kind), sayError(e, what)}
  // elements: {list, count, sort}
  constructor(host, elements) {
    this.host = host;
    this.list = elements.list;
    this.count = elements.count;
    this.sort = elements.sort;
    this.turn = latestOnly();
    this.later = debounce(() => this.suggest(0), SUGGEST_DELAY_MS);
    this.last = null;  // the last suggestions drawn, to sort them again
    this.sort.addEventListener('change', () => { if (this.last) this.draw(this.last.res, this.last.slot); });
  }

  // After an edit: the list on screen is marked as being replaced at once
  // (the request leaves after a short pause, and a blank 15x15 takes a
  // moment).
  schedule() {
    const slot = this.host.currentSlot();
    if (slot && this.host.grid().pattern(slot).includes('.')) {
      this.list.classList.add('loading');
      this.count.textContent = `Looking for words for ${this.host.slotName(slot)}…`;
    }
    this.later();
  }

  now() { this.suggest(0); }

  // `verify`: how many of the best to verify by a fill of the rest (0: none).
  async suggest(verify) {
    const { host, list } = this;
    const slot = host.currentSlot();
    const turn = this.turn();
    if (!slot) { list.replaceChildren(); list.classList.remove('loading'); this.count.textContent = ''; return; }
    if (!host.grid().pattern(slot).includes('.')) {
      list.replaceChildren();
      list.classList.remove('loading');
      this.count.textContent = `${host.slotName(slot)} is complete`;
      return;
    }
    const started = window.xwdbSelectedAt || performance.now();
    if (slot.cells.some((i) => host.grid().isRebus(i))) { this.throughRebus(slot, turn, started); return; }
    const body = {
      ...host.request(), slot: host.slotId(slot), limit: SUGGEST_LIMIT, max_probes: verify ? SUGGEST_PROBES : QUICK_PROBES,
      options: host.ruleOptions(),
    };
    if (verify) Object.assign(body, { verify, verify_seconds: 3 });
    list.classList.add('loading');
    this.count.textContent = verify ? 'verifying…' : `Looking for words for ${host.slotName(slot)}…`;
    try {
      const res = await host.listed.call('Suggest', body, turn.signal);
      if (!turn.current()) return;
      list.classList.remove('loading');
      this.draw(res, slot);
      window.xwdbTimings.suggest.push(performance.now() - started);
      // The first list was cut short: refine it (a new selection abandons
      // this, and the daemon stops a Suggest whose caller went away).
      if (!verify && res.probed >= QUICK_PROBES && Number(res.candidates) > res.probed) {
        this.count.textContent += ' Refining…';
        const refined = await host.listed.call('Suggest', { ...body, max_probes: SUGGEST_PROBES }, turn.signal);
        if (!turn.current()) return;
        this.draw(refined, slot);
      }
    } catch (e) {
      if (turn.current()) {
        list.classList.remove('loading');
        this.count.textContent = '';
        host.sayError(e, 'Suggest');
      }
    }
  }

  // An entry through a rebus cell: the dictionary's words spelled with the
  // rebus's letters in place (a Match of the whole pattern; their crossings
  // are not probed, the daemon's fill sees one letter a cell).
  async throughRebus(slot, turn, started) {
    const { host, list } = this;
    list.classList.add('loading');
    try {
      const res = await host.listed.call('Match', {
        dictionary: host.request().dictionary, pattern: host.grid().pattern(slot), limit: SUGGEST_LIMIT,
        min_score: host.minScore(), allow: host.allowed(),
      }, turn.signal);
      if (!turn.current()) return;
      list.classList.remove('loading');
      const words = (res.words || []).map((w) => ({ word: w.word, score: w.score, probed: false, flags: w.flags || [] }));
      this.draw({ suggestions: words, candidates: Number(res.total || 0), alive: 0, probed: 0 }, slot);
      this.count.textContent = `${res.total || 0} fit ${host.slotName(slot)} with its rebus (crossings not probed).`;
      window.xwdbTimings.suggest.push(performance.now() - started);
    } catch (e) {
      if (turn.current()) { list.classList.remove('loading'); host.sayError(e, 'Suggest'); }
    }
  }

  // Draws the daemon's answer (or the last one again, sorted anew).
  draw(res, slot) {
    const { host } = this;
    this.last = { res, slot };
    const byScore = this.sort.value === 'score';
    const ordered = [...(res.suggestions || [])];
    // The daemon's order is by room (alive first, then fillability); by
    // score keeps the live words first too.
    if (byScore) ordered.sort((a, b) => (b.probed && !b.alive ? 0 : 1) - (a.probed && !a.alive ? 0 : 1) || b.score - a.score);
    const items = ordered.map((s) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'suggestion';
      const verdict = { VERDICT_FILLS: 'fills', VERDICT_IMPOSSIBLE: 'impossible', VERDICT_UNKNOWN: 'unknown' }[s.verdict];
      b.classList.add(!s.probed ? 'unprobed' : s.alive ? 'alive' : 'dead');
      if (verdict) b.classList.add(verdict);
      b.dataset.word = s.word;
      const flags = (s.flags || []).length ? `${s.flags.join(', ')}; ` : '';
      if (flags) b.classList.add('flagged');
      const note = flags + (!s.probed ? '' : !s.alive ? `dead: ${s.kills}` : `room ${s.fillability.toFixed(1)}`);
      b.innerHTML = '<span class="word"></span><span class="score"></span><span class="note"></span>';
      b.children[0].textContent = s.word;
      b.children[1].textContent = s.score;
      b.children[2].textContent = verdict ? `${verdict}${note ? `; ${note}` : ''}` : note;
      const mine = host.wordList.get(s.word);
      if (mine) {
        b.classList.add('on-list');
        b.children[2].textContent = `your score ${mine.score}; ${b.children[2].textContent}`;
      }
      b.title = `${b.children[2].textContent} — B bans it, + likes it, - dislikes it`;
      b.addEventListener('click', () => host.place(slot, s.word));
      b.addEventListener('keydown', (e) => {
        const key = e.key.toLowerCase();
        if (key === 'b' || e.key === 'Delete') { e.preventDefault(); this.rate(s.word, BLOCKED); }
        if (e.key === '+' || e.key === '=') { e.preventDefault(); this.rate(s.word, LIKED_SCORE); }
        if (e.key === '-') { e.preventDefault(); this.rate(s.word, DISLIKED_SCORE); }
      });
      const ban = document.createElement('button');
      ban.type = 'button';
      ban.className = 'ban';
      ban.textContent = '⊘';
      ban.title = `ban ${s.word}: never suggested or used again (My word list)`;
      ban.setAttribute('aria-label', `ban ${s.word}`);
      ban.addEventListener('click', () => this.rate(s.word, BLOCKED));
      li.append(b, ban);
      return li;
    });
    this.list.replaceChildren(...items);
    const dead = res.grid_dead ? ` The grid cannot be filled as it stands: ${res.grid_dead}` : '';
    this.count.textContent = `${res.candidates} fit, ${res.alive} of ${res.probed} probed alive.${dead}`;
  }

  // Bans, likes or dislikes a word (the constructor's word list); every
  // suggestion, analysis and fill from now on uses the list. The next
  // suggestion takes the focus, so that B, B, B bans one after another.
  rate(word, score) {
    const { host } = this;
    const problem = host.wordList.edit(host.api, word, score, undefined);
    if (problem) { host.say(`My word list: ${problem}.`, 'error'); return; }
    host.say(score === BLOCKED ? `${word} is banned: it will not be suggested or used again (My word list undoes it); Another fill refills around it.`
      : `${word} is on your word list with score ${score}.`);
    const next = this.list.querySelector(`button.suggestion[data-word="${word}"]`);
    const item = next && next.closest('li');
    const focus = item && (item.nextElementSibling || item.previousElementSibling);
    if (focus) focus.querySelector('button.suggestion').focus();
  }
}
