// Hidden pieces in real Chromium: two people on one screen with a chosen
// set-up (drag to arrange, a cover between turns), a game against the
// engine on a phone, and a game online between two browser contexts with a
// spectator. Every API answer, every event-stream message and each page's
// DOM after every move are read for animals their reader was not shown
// (leaks.mjs), judged by the game's announcements once it is over; and at
// the end every screen shows the truth, and the record downloaded holds it.
// Two accounts in a rated game online open the account pages (profile,
// games list, Your-turn list, leaderboard) and read their routes, the
// export too, while it goes on: none shows an animal of the other side.
//   JUNGLE_BINARY=build/x/jungle node --test hidden_web.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';
import { Evidence, domSnapshot, recordAnnouncements, recordTag, recordTraffic } from './leaks.mjs';

const { work, shots } = h.workFolders('jungle-hidden-');

let server;
let url;
let browser;

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

const shot = (p, name) => p.screenshot({ path: path.join(shots, `hidden-${name}.png`) });

/** A browser context with its own cookies (one person). */
async function person(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  page.on('dialog', (d) => d.accept());
  return page;
}

const gameId = (p) => Number(new URL(p.url()).hash.match(/game=(\d+)/)?.[1]);

/** The game as the page's own browser may read it (its cookie, `as` a seat). */
const stateOf = (p, id, as = '') =>
  p.evaluate(async ([g, a]) => (await fetch(`/api/games/${g}${a ? `?as=${a}` : ''}`)).json(), [id, as]);

/**
 * The game's state once it is over: a resignation clicked a moment ago may
 * still be on its way to the server.
 */
async function finalState(p, id) {
  for (let i = 0; i < 80; i += 1) {
    const state = await stateOf(p, id);
    if (state.status !== 'ongoing') return state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`game ${id} still ongoing 20 s after the end`);
}

/** A try from the reader's tries: an attack when there is one, else the n-th. */
function pickTry(state, n) {
  const enemy = new Set(state.pieces.filter((p) => p.side !== state.side_to_move).map((p) => p.square));
  const attacks = state.legal_moves.filter((m) => enemy.has(m.slice(2)));
  if (attacks.length) return attacks[n % attacks.length];
  // Forward first, so that the pieces meet.
  const forward = state.legal_moves.filter((m) =>
    state.side_to_move === 'blue' ? Number(m[3]) > Number(m[1]) : Number(m[3]) < Number(m[1]),
  );
  const pool = forward.length ? forward : state.legal_moves;
  return pool[n % pool.length];
}

/** Plays a try by clicking its squares, and waits for the move list to grow. */
async function play(p, move) {
  const n = await h.moveCount(p);
  await h.square(p, move.slice(0, 2)).click();
  await h.square(p, move.slice(2)).click();
  await h.waitForMoves(p, n + 1);
}

/** The arbiter's record of a finished game, as anyone may download it. */
async function finalRecord(id) {
  const res = await fetch(`${url}api/games/${id}/record`);
  return res.text();
}

/** Every piece drawn face up, and the board's FEN the truth's. */
async function expectTruthShown(p, truthFen) {
  await p.locator('#banner').waitFor({ state: 'visible' });
  await p.waitForFunction(() => document.querySelectorAll('#board g.piece.face-down').length === 0);
  assert.equal((await p.locator('#fen-text').textContent()).split(' ')[0], truthFen.split(' ')[0]);
  assert.match(await p.locator('#announcement').textContent(), /every animal is shown/);
}

function expectNoLeaks(evidence, announcements, { answers = 1, events = 0, doms = 1 }) {
  const leaks = evidence.leaks(announcements);
  assert.deepEqual(leaks.slice(0, 5), [], `${leaks.length} leaks`);
  assert.ok(evidence.counts.answers >= answers, `answers read: ${evidence.counts.answers}`);
  assert.ok(evidence.counts.events >= events, `events read: ${evidence.counts.events}`);
  assert.ok(evidence.counts.doms >= doms, `pages read: ${evidence.counts.doms}`);
}

test('two people on one screen: a secret set-up arranged by dragging, a cover between turns', async () => {
  const p = await person();
  const evidence = new Evidence();
  // Who the page acts as: the seat ?as= names; both seats without it, which
  // shows what a spectator sees.
  await recordTraffic(p, evidence, 'hot-seat', (u) => new URL(u || url).searchParams.get('as'));
  /** Whose eyes the page is for now: the player who took the screen, or nobody under the cover. */
  let atScreen = null;
  const look = async (what) => {
    const covered = await p.locator('#cover').isVisible();
    evidence.dom(`hot-seat page ${what}`, covered ? null : atScreen, await domSnapshot(p), false);
  };
  await h.openPage(p, url);
  await h.newGame(p, { mode: 'friend', variant: 'hidden-stratego' });
  const id = gameId(p);
  await p.locator('#cover').waitFor({ state: 'visible' });
  assert.equal(await p.locator('#cover-title').textContent(), 'Pass the device to Blue');
  await look('covered before the set-up');
  await shot(p, '01-cover-blue-arranges');

  // Blue arranges: a drag exchanges two animals.
  await p.locator('#cover-go').click();
  atScreen = 'blue';
  await p.locator('#setup-controls').waitFor({ state: 'visible' });
  const title = (sq) => p.locator(`#board g.piece[data-on="${sq}"] title`).textContent();
  const [a1, g1] = [await title('a1'), await title('g1')];
  assert.match(a1, /^Blue /);
  await look('Blue arranging');
  await h.square(p, 'a1').dragTo(h.square(p, 'g1'));
  await p.waitForFunction((t) => document.querySelector('#board g.piece[data-on="a1"] title')?.textContent === t, g1);
  assert.equal(await title('g1'), a1);
  assert.match(await title('a9'), /^Red piece/);
  await shot(p, '02-blue-arranges');
  await p.locator('#setup-ready').click();

  // Red's turn to arrange, under the cover first.
  await p.locator('#cover').waitFor({ state: 'visible' });
  atScreen = null;
  assert.equal(await p.locator('#cover-title').textContent(), 'Pass the device to Red');
  await look('covered between the set-ups');
  await p.locator('#cover-go').click();
  atScreen = 'red';
  await p.locator('#setup-controls').waitFor({ state: 'visible' });
  await look('Red arranging');
  await p.locator('#setup-random').click();
  await p.locator('#setup-ready').click();
  await p.locator('#cover').waitFor({ state: 'visible' });
  atScreen = null;

  // The game: each turn behind the cover, attacks whenever there is one.
  for (let n = 0; n < 24; n += 1) {
    const pub = await stateOf(p, id);
    if (pub.status !== 'ongoing') break;
    assert.equal(await p.locator('#cover-title').textContent(), `Pass the device to ${pub.side_to_move === 'blue' ? 'Blue' : 'Red'}`);
    await look(`covered before ply ${pub.ply + 1}`);
    await p.locator('#cover-go').click();
    atScreen = pub.side_to_move;
    await p.locator('#cover').waitFor({ state: 'hidden' });
    const mine = await stateOf(p, id, atScreen);
    await p.waitForFunction((s) => document.querySelector('#status').textContent.includes(s), atScreen === 'blue' ? 'Blue' : 'Red');
    await look(`${atScreen} to move at ply ${pub.ply + 1}`);
    if (n === 6) await shot(p, '03-player-to-move');
    await play(p, pickTry(mine, n));
    await p.locator('#cover').waitFor({ state: 'visible' });
    atScreen = null;
    if (n === 7) {
      await shot(p, '04-cover-after-a-move');
      // The cover on a phone.
      await p.setViewportSize({ width: 390, height: 844 });
      await shot(p, '04b-cover-phone');
      await p.setViewportSize({ width: 1280, height: 800 });
    }
  }
  const before = await stateOf(p, id);
  assert.ok(before.ply >= 10, `plies played: ${before.ply}`);
  assert.ok(before.moves.some((m) => m.outcome !== 'move'), 'an attack was announced');

  // The player to move resigns: the truth for both.
  if (before.status === 'ongoing') {
    await p.locator('#cover-go').click();
    await p.locator('#btn-resign').click();
  }
  const truth = await finalState(p, id);
  const record = await finalRecord(id);
  assert.equal(truth.status, 'over');
  await expectTruthShown(p, truth.fen);
  assert.equal(recordTag(record, 'FEN'), truth.start_fen);
  assert.equal(recordTag(record, 'View'), '');
  const download = await p.locator('#btn-download').getAttribute('href');
  const downloaded = await p.evaluate(async (u) => (await fetch(u)).text(), download);
  assert.equal(recordTag(downloaded, 'FEN'), truth.start_fen, 'the download is the arbiter record');
  await shot(p, '05-hot-seat-over-truth-shown');
  expectNoLeaks(evidence, recordAnnouncements(record), { answers: 40, doms: 25 });
  await p.context().close();
});

test('against the engine on a phone: the engine plays from its own view', async () => {
  const p = await person({ width: 390, height: 844 });
  const evidence = new Evidence();
  await recordTraffic(p, evidence, 'phone', () => 'blue');
  await h.openPage(p, url);
  await h.newGame(p, { mode: 'blue', variant: 'hidden', skill: '0', movetime: '250' });
  const id = gameId(p);
  await h.expectStatus(p, /Your move \(Blue\)/);
  assert.equal(await p.locator('#cover').isVisible(), false, 'no cover against the engine');
  evidence.dom('phone at the start', 'blue', await domSnapshot(p), false);
  await shot(p, '06-phone-start');
  let turns = 0;
  for (let n = 0; n < 10; n += 1) {
    const mine = await stateOf(p, id);
    if (mine.status !== 'ongoing') break;
    turns += 1;
    await play(p, pickTry(mine, n));
    evidence.dom(`phone after Blue's ply ${mine.ply + 1}`, 'blue', await domSnapshot(p), false);
    // The engine answers.
    await p.waitForFunction((k) => document.querySelectorAll('#moves button.mv:not(.gap)').length >= k || document.querySelector('#banner:not([hidden])'), mine.ply + 2, { timeout: 30000 });
    const after = await stateOf(p, id);
    evidence.dom(`phone after the engine's ply ${after.ply}`, 'blue', await domSnapshot(p), after.status === 'over');
    if (n === 5) await shot(p, '07-phone-midgame');
  }
  const state = await stateOf(p, id);
  assert.ok(state.ply >= 8);
  // The engine's seat shows nothing of the engine's animals.
  const asRed = await stateOf(p, id, 'red');
  if (asRed.status === 'ongoing') {
    assert.equal(asRed.viewer, null, "the engine's seat gives a spectator's view");
    await p.locator('#btn-resign').click();
  }
  const truth = await finalState(p, id);
  const record = await finalRecord(id);
  await expectTruthShown(p, truth.fen);
  await p.evaluate(() => window.scrollTo(0, 0));
  await shot(p, '08-phone-over-truth-shown');
  // A page read at the start and two a turn: the secret set-up is shuffled,
  // and a game may end after the fourth turn (8 plies, as asserted above).
  expectNoLeaks(evidence, recordAnnouncements(record), { answers: 15, doms: 1 + 2 * turns });
  await p.context().close();
});

test("a hint in a hidden game is the engine's move from the player's own view, with its expected result", async () => {
  // The one hint flow of every game: before it, the page read a field no
  // server sends and said "over undefined possible arrangements".
  const p = await person();
  await h.openPage(p, url);
  await h.newGame(p, { mode: 'blue', variant: 'hidden', skill: '0', movetime: '250' });
  await h.expectStatus(p, /Your move \(Blue\)/);
  await p.locator('#btn-hint').click();
  const said = p.locator('.toast.info', { hasText: /^Hint: / }).last();
  await said.waitFor({ timeout: 20000 });
  assert.match(await said.textContent(), /^Hint: [a-g][1-9][a-g][1-9] \(expected \d+% for Blue\)$/);
  await p.context().close();
});

test('a try queued while the engine thinks is played as soon as the engine has answered', async () => {
  const p = await person();
  await h.openPage(p, url);
  await h.newGame(p, { mode: 'blue', variant: 'hidden', skill: '20', movetime: '2000' });
  const id = gameId(p);
  await h.expectStatus(p, /Your move \(Blue\)/);
  const start = await stateOf(p, id);
  // Two steps forward from the front rank on the files no river jump lands
  // on from Red's side in one move, by two animals.
  const forward = start.legal_moves.filter((m) => m[1] === '3' && m[3] === '4' && m[0] === m[2]);
  const first = forward.find((m) => m[0] === 'a');
  const second = forward.find((m) => m[0] === 'g');
  assert.ok(first && second, forward.join(' '));
  await h.square(p, first.slice(0, 2)).click();
  await h.square(p, first.slice(2)).click();
  await h.expectStatus(p, /thinking/);
  await h.square(p, second.slice(0, 2)).click();
  await h.square(p, second.slice(2)).click();
  assert.equal(await p.locator('#board rect.mark-premove').count(), 2, 'the premove is marked');
  await h.waitForMoves(p, 3); // the engine's reply, then the queued try at once
  const after = await stateOf(p, id);
  assert.equal(after.moves[2].move, second);
  await p.context().close();
});

test("a finished hidden game is reviewed from each mover's own view: the blunder is marked", async () => {
  // Blue's Lion beside Red's den lets Red's Lion, beside Blue's, walk in.
  const p = await person();
  await h.openPage(p, url);
  const game = await p.evaluate(async () => {
    const post = async (path, body) =>
      (await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();
    const human = { type: 'human' };
    const g = await post('/api/games', { variant: 'hidden', fen: '7/3L3/7/7/7/7/7/3l3/7 w 0 1', blue: human, red: human });
    await post(`/api/games/${g.id}/moves?as=blue`, { move: 'd8e8' });
    const during = await post(`/api/games/${g.id}/review`, {});
    await post(`/api/games/${g.id}/moves?as=red`, { move: 'd2d1' });
    return { id: g.id, during };
  });
  assert.equal(game.during.error.code, 'hidden_pieces', 'no review while the game goes on');
  await p.goto(`${url}#game=${game.id}`);
  await p.locator('body[data-ready="true"]').waitFor();
  // A finished game is reviewed by itself, as every game that allows a review is.
  await p.locator('#review-panel[data-status="done"]').waitFor({ timeout: 30000 });
  const first = p.locator('#moves button.mv').first();
  assert.equal(await first.getAttribute('data-judgement'), 'blunder');
  // The engine's try in its place, from Blue's view then: the den.
  assert.match(await first.getAttribute('title'), /d8d9/);
  assert.equal(await p.locator('#review-summary li').first().textContent(), 'Blue: 0 inaccuracies, 0 mistakes, 1 blunder');
  assert.equal(await p.locator('#review-summary li').nth(1).textContent(), 'Red: 0 inaccuracies, 0 mistakes, 0 blunders');
  await shot(p, 'review');
  await p.context().close();
});

test('online between two browsers and a spectator: each sees its own view only', async () => {
  const alice = await person();
  const bob = await person();
  const carol = await person();
  const evidence = new Evidence();
  await recordTraffic(alice, evidence, 'Alice (Blue)', () => 'blue');
  await recordTraffic(bob, evidence, 'Bob (Red)', () => 'red');
  await recordTraffic(carol, evidence, 'Carol (watching)', () => null);
  const look = async () => {
    for (const [page, name, eyes] of [
      [alice, 'Alice', 'blue'],
      [bob, 'Bob', 'red'],
      [carol, 'Carol', null],
    ]) {
      const snap = await domSnapshot(page);
      evidence.dom(`${name}'s page at ply ${snap.moves}`, eyes, snap, false);
    }
  };
  await h.openPage(alice, url);
  if (!(await alice.locator('#dlg-new').isVisible())) await alice.locator('#btn-new').click();
  await alice.locator('#form-new input[name="mode"][value="online"]').check();
  await alice.locator('#new-variant').selectOption('hidden');
  await alice.locator('#new-side').selectOption('blue');
  await alice.locator('#new-name').fill('Alice');
  await alice.locator('#new-clock').selectOption('none');
  await alice.locator('#new-start').click();
  await alice.locator('#share').waitFor({ state: 'visible' });
  const link = await alice.locator('#share-link').inputValue();
  const id = gameId(alice);
  await bob.goto(link);
  await bob.locator('#dlg-join').waitFor({ state: 'visible' });
  await bob.locator('#join-name').fill('Bob');
  await bob.locator('#join-go').click();
  await h.expectStatus(alice, /Your move \(Blue\)/);
  await h.openPage(carol, await alice.locator('#watch-link').inputValue());
  await h.expectStatus(carol, /Blue to move/);
  await look();

  for (let n = 0; n < 16; n += 1) {
    const pub = await stateOf(carol, id);
    if (pub.status !== 'ongoing') break;
    const [me, other] = pub.side_to_move === 'blue' ? [alice, bob] : [bob, alice];
    const mine = await stateOf(me, id);
    await play(me, pickTry(mine, n));
    await h.waitForMoves(other, pub.ply + 1);
    await h.waitForMoves(carol, pub.ply + 1);
    await look();
    if (n === 9) {
      await shot(alice, '09-online-alice');
      await shot(bob, '10-online-bob');
      await shot(carol, '11-online-spectator');
    }
  }
  const state = await stateOf(carol, id);
  if (state.status === 'ongoing') await alice.locator('#btn-resign').click();
  const truth = await finalState(carol, id);
  const record = await finalRecord(id);
  for (const page of [alice, bob, carol]) await expectTruthShown(page, truth.fen);
  await shot(carol, '12-online-over-truth-shown');
  expectNoLeaks(evidence, recordAnnouncements(record), { answers: 30, events: 30, doms: 30 });
  for (const page of [alice, bob, carol]) await page.context().close();
});

test('the account pages of two players in a rated hidden game show neither the other side', async () => {
  const { ann, bob } = await h.annAndBobSignedUp(browser, url);
  const evidence = new Evidence();
  await recordTraffic(ann, evidence, 'Ann (Blue)', () => 'blue');
  await recordTraffic(bob, evidence, 'Bob (Red)', () => 'red');
  const blitz = { kind: 'increment', initial_ms: 180000, increment_ms: 2000 };
  const g = await h.callJson(ann, 'POST', '/api/games', { variant: 'hidden', online: true, rated: true, side: 'blue', time_control: blitz });
  await h.callJson(bob, 'POST', '/api/join', { code: g.code });
  const id = g.id;
  const players = [
    [ann, 'Ann', 'blue'],
    [bob, 'Bob', 'red'],
  ];
  // Each page on the game, loaded again to learn of the login (made through the API).
  for (const [p, name] of players) {
    await h.openPage(p, `${url}#game=${id}`);
    await p.reload();
    await p.locator('body[data-ready="true"]').waitFor();
    await p.waitForFunction((n) => document.querySelector('#btn-account')?.textContent === n, name);
    await h.expectStatus(p, /Blue/);
  }
  const look = async (what) => {
    for (const [page, name, eyes] of players) {
      const snap = await domSnapshot(page);
      evidence.dom(`${name}'s ${what} at ply ${snap.moves}`, eyes, snap, false);
    }
  };
  for (let n = 0; n < 6; n += 1) {
    const pub = await stateOf(ann, id);
    const [me, other] = pub.side_to_move === 'blue' ? [ann, bob] : [bob, ann];
    await play(me, pickTry(await stateOf(me, id), n));
    await h.waitForMoves(other, pub.ply + 1);
    await look('game');
  }
  assert.equal((await stateOf(ann, id)).status, 'ongoing');

  // While the game goes on, each opens every account page, and its page
  // reads every account route: the profile, its history and export, the
  // games list, the Your-turn list and the leaderboard.
  for (const [page, name, eyes] of players) {
    await page.locator('#btn-account').click();
    await page.locator(`#profile-games tr[data-game="${id}"]`).waitFor();
    await look(`profile (opened by ${name})`);
    await page.keyboard.press('Escape');
    await page.locator('#btn-games').click();
    await page.locator(`#games-body tr[data-game="${id}"]`).waitFor();
    await look(`games list (opened by ${name})`);
    await page.keyboard.press('Escape');
    await page.locator('#btn-your-turn').click();
    await page.locator('#dlg-your-turn').waitFor({ state: 'visible' });
    await look(`Your-turn list (opened by ${name})`);
    await page.keyboard.press('Escape');
    await page.locator('#btn-lobby').click();
    await page.locator('#lobby-leaderboard').click();
    await page.locator('#dlg-leaderboard').waitFor({ state: 'visible' });
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/leaderboard?category=hidden')),
      page.locator('#leaderboard-category').selectOption('hidden'),
    ]);
    await page.waitForFunction(() => /No established rating yet/.test(document.querySelector('#leaderboard-rows').textContent));
    await look(`leaderboard (opened by ${name})`);
    await page.keyboard.press('Escape');
    for (const route of ['/api/players/Ann', '/api/players/Bob', '/api/players/Ann/history', '/api/your-turn', '/api/games', '/api/leaderboard?category=hidden']) {
      await page.evaluate(async (r) => (await fetch(r)).json(), route);
    }
    // The export is a record file, not JSON: read as text.
    for (const who of ['Ann', 'Bob']) {
      const text = await page.evaluate(async (r) => (await fetch(r)).text(), `/api/players/${who}/record`);
      evidence.answer(`${name} GET /api/players/${who}/record`, eyes, { text, ply: (await stateOf(ann, id)).ply });
    }
  }
  await shot(ann, '13-online-account-pages');
  const read = evidence.items.filter((i) => /\/api\/(players|your-turn|leaderboard)|\/api\/games$/.test(i.where)).length;
  assert.ok(read >= 2 * 8, `account answers read: ${read}`);

  await ann.locator('#btn-resign').click();
  await finalState(ann, id);
  const record = await finalRecord(id);
  expectNoLeaks(evidence, recordAnnouncements(record), { answers: 30, events: 6, doms: 12 + 8 });
  for (const page of [ann, bob]) await page.context().close();
});
