// Finding a hidden animal where its reader should not have it: in the
// API's answers, in the event stream's messages, and in a page's DOM. Each
// piece of evidence is recorded with whose eyes it was for (a side, or a
// spectator) and how many announcements the game had then; once the game
// is over, its arbiter's record says which animals had been shown by each
// moment, and anything naming another animal of the reader's enemy is a
// leak: a letter in a FEN placement, a one-letter piece code, "Red Tiger"
// in words, a face-down piece drawn with a glyph, letter or icon.
import { GLYPHS } from '../../src/web/assets/js/game/glyphs.js';
import { ANIMALS } from '../../src/web/assets/js/game/pieces.js';

const LETTERS = 'ELTPWDCR';

/** Whether `letter` (FEN case) is an animal of the enemy of `eyes` ('blue', 'red' or null: a spectator). */
function enemyLetter(letter, eyes) {
  if (!LETTERS.includes(letter.toUpperCase())) return false;
  const blue = letter === letter.toUpperCase();
  return eyes === null ? true : eyes === 'blue' ? !blue : blue;
}

/** The animals (FEN letters) shown in the first `n` announcements: `a6a5:took=rE`, `~b5=r`. */
export function shownIn(announcements, n) {
  const shown = new Set();
  for (const a of announcements.slice(0, n)) {
    for (const m of a.matchAll(/=([A-Za-z?])([A-Za-z?])?/g)) {
      for (const c of [m[1], m[2]]) if (c && c !== '?') shown.add(c);
    }
  }
  return shown;
}

/** The announcements of an arbiter's record, in order. */
export function recordAnnouncements(record) {
  const out = [];
  for (const line of record.split('\n')) {
    if (!line.trim() || line.startsWith('[')) continue;
    for (const w of line.trim().split(/\s+/)) {
      if (w.includes('.') || ['*', '1-0', '0-1', '1/2-1/2'].includes(w)) continue;
      out.push(w);
    }
  }
  return out;
}

export const recordTag = (record, name) => record.match(new RegExp(`\\[${name} "([^"]*)"\\]`))?.[1] ?? '';

const NAME_LETTER = Object.fromEntries(Object.entries(ANIMALS).map(([letter, a]) => [a.name, letter]));
const ICON_LETTER = Object.fromEntries(Object.entries(ANIMALS).map(([letter, a]) => [a.icon, letter]));
const GLYPH_LETTER = Object.fromEntries(Object.entries(ANIMALS).map(([letter, a]) => [GLYPHS[a.zh], letter]));

/** Leaks in a text: FEN placements and "Red Tiger". */
function textLeaks(s, eyes, allowed, out, where) {
  for (const m of s.matchAll(/[1-9A-Za-z]+(?:\/[1-9A-Za-z]+){6,}/g)) {
    for (const c of m[0]) {
      if (enemyLetter(c, eyes) && !allowed.has(c)) out.push(`${where}: FEN letter ${c} in "${m[0]}"`);
    }
  }
  for (const m of s.matchAll(/\b(Blue|Red) (Elephant|Lion|Tiger|Leopard|Wolf|Dog|Cat|Rat)\b/g)) {
    const letter = m[1] === 'Blue' ? NAME_LETTER[m[2]] : NAME_LETTER[m[2]].toLowerCase();
    if (enemyLetter(letter, eyes) && !allowed.has(letter)) out.push(`${where}: "${m[0]}" in "${s.slice(0, 120)}"`);
  }
}

/**
 * Leaks in an answer or an event: every string of it. A one-letter string
 * is a piece code. `candidates` (what a piece can still be, which its reader
 * deduced) and `announcement` (the arbiter's words, which name only shown
 * animals) are the view's own.
 */
function jsonLeaks(j, key, eyes, allowed, out, where) {
  if (Array.isArray(j)) {
    for (const v of j) jsonLeaks(v, key, eyes, allowed, out, where);
  } else if (j && typeof j === 'object') {
    for (const [k, v] of Object.entries(j)) {
      if (k === 'candidates' || k === 'announcement') continue;
      jsonLeaks(v, k, eyes, allowed, out, where);
    }
  } else if (typeof j === 'string') {
    if (j.length === 1 && enemyLetter(j, eyes) && !allowed.has(j)) out.push(`${where}: piece "${j}" (${key})`);
    textLeaks(j, eyes, allowed, out, `${where} (${key})`);
  }
}

/**
 * What a page shows, for the leak check: every text and attribute value
 * (path data aside), and every piece drawn with what its face carries. The
 * set-up editor's palette (every animal of both sides, to place) is no game.
 */
export async function domSnapshot(page) {
  return page.evaluate(() => {
    const skip = (el) => !!el.closest('#dlg-setup');
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement && !skip(n.parentElement) && n.textContent.trim()) texts.push(n.textContent);
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (skip(el)) continue;
      for (const a of el.attributes) if (a.name !== 'd' && a.name !== 'points') texts.push(a.value);
    }
    for (const el of document.body.querySelectorAll('input, textarea')) texts.push(el.value);
    const pieces = [];
    for (const g of document.body.querySelectorAll('g.piece')) {
      if (skip(g)) continue;
      pieces.push({
        side: g.classList.contains('blue') ? 'blue' : 'red',
        faceDown: g.classList.contains('face-down'),
        on: g.dataset.on ?? '',
        title: g.querySelector('title')?.textContent ?? '',
        glyphs: [...g.querySelectorAll('path.glyph')].map((p) => p.getAttribute('d')),
        letters: [...g.querySelectorAll('text.letter')].map((t) => t.textContent),
        icons: [...g.querySelectorAll('text.icon')].map((t) => t.textContent),
      });
    }
    return { texts, pieces, moves: document.querySelectorAll('#moves button.mv:not(.gap)').length };
  });
}

/** Leaks in a DOM snapshot. */
function domLeaks(snap, eyes, allowed, out, where) {
  for (const t of snap.texts) textLeaks(t, eyes, allowed, out, where);
  for (const p of snap.pieces) {
    const faces = [
      ...p.glyphs.map((d) => GLYPH_LETTER[d] ?? '?'),
      ...p.letters.filter((l) => l !== '?'),
      ...p.icons.map((i) => ICON_LETTER[i] ?? '?'),
    ];
    for (const f of faces) {
      const letter = p.side === 'blue' ? f : f.toLowerCase();
      if (enemyLetter(letter, eyes) && !allowed.has(letter)) out.push(`${where}: a ${p.side} piece on ${p.on} drawn as ${f}`);
    }
    if (p.faceDown && faces.length) out.push(`${where}: a face-down piece on ${p.on} shows ${faces.join('')}`);
  }
}

/**
 * Everything a reader was sent or shown, with whose eyes and when; checked
 * once the game's announcements are known.
 */
export class Evidence {
  constructor() {
    /** @type {Array<{ where: string, eyes: string | null, ply: number, over: boolean, json?: any, dom?: any }>} */
    this.items = [];
    this.counts = { answers: 0, events: 0, doms: 0 };
  }
  answer(where, eyes, json) {
    if (json === null || typeof json !== 'object') return;
    const over = json.status === 'over' || json.state?.status === 'over' || json.type === 'game_over';
    const ply = json.ply ?? json.state?.ply ?? this.lastPly;
    this.items.push({ where, eyes, ply, over, json });
    this.counts.answers += 1;
  }
  event(where, eyes, json) {
    this.answer(where, eyes, json);
    this.counts.answers -= 1;
    this.counts.events += 1;
  }
  dom(where, eyes, snap, over) {
    this.items.push({ where, eyes, ply: snap.moves, over, dom: snap });
    this.counts.doms += 1;
  }
  get lastPly() {
    return this.items.length ? this.items[this.items.length - 1].ply : 0;
  }
  /** Every leak, judged by the game's announcements. */
  leaks(announcements) {
    const out = [];
    for (const item of this.items) {
      if (item.over) continue;
      const allowed = shownIn(announcements, item.ply);
      if (item.json) jsonLeaks(item.json, '', item.eyes, allowed, out, item.where);
      if (item.dom) domLeaks(item.dom, item.eyes, allowed, out, item.where);
    }
    return out;
  }
}

/**
 * Records what a page is sent: every JSON answer of the API (the rule sets'
 * list aside: the start positions of every set, no game's) with the eyes
 * `eyesOf(url)` gives, and every message of its event streams (through the
 * browser's DevTools protocol, as they arrive).
 */
export async function recordTraffic(page, evidence, name, eyesOf) {
  page.on('response', async (res) => {
    const url = res.url();
    if (!url.includes('/api/') || url.includes('/api/variants') || url.includes('/events')) return;
    if (!(res.headers()['content-type'] ?? '').startsWith('application/json')) return;
    try {
      evidence.answer(`${name} ${res.request().method()} ${new URL(url).pathname}${new URL(url).search}`, eyesOf(url), await res.json());
    } catch {
      // A page closed meanwhile.
    }
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.eventSourceMessageReceived', (e) => {
    let data = null;
    try {
      data = JSON.parse(e.data);
    } catch {
      return;
    }
    evidence.event(`${name} event ${e.eventId} (${e.eventName})`, eyesOf(''), data);
  });
}
