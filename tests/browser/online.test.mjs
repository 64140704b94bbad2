// Online play in real Chromium: two browser contexts (two players, each
// with its own cookies) play each other through the link and the code, a
// third watches; offers, a dropped connection that resumes, a clock that
// runs out, the lobby and a game abandoned.
//   JUNGLE_BINARY=build/x/jungle node --test online.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-online-');
// An abandoned game may be claimed after this many seconds here.
const ABANDON_S = 3;

let server;
let url;
let db;
const serverArgs = ['--abandon-timeout', String(ABANDON_S)];
let browser;
/** @type {Record<string, { context: any, page: any }>} */
const players = {};

// A phone's screenshots take the whole page: the panel is under the board.
const shot = (p, name) =>
  p.screenshot({ path: path.join(shots, `online-${name}.png`), fullPage: p.viewportSize().width < 600 });

const DESKTOP = h.DESKTOP;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function person(name, device = DESKTOP) {
  players[name] = await h.newPerson(browser, device);
  return players[name].page;
}

/** Starts an online game from the new game dialog. */
async function createOnline(p, { side = 'blue', name = '', clockSeconds = 0, lobby = false, shotName = '' } = {}) {
  await h.fillOnlineGame(p, { side, name, clockSeconds, lobby });
  if (shotName) await shot(p, shotName);
  await p.locator('#new-start').click();
  await p.locator('#dlg-new').waitFor({ state: 'hidden' });
}

const { move, gameId } = h;

before(async () => {
  ({ server, url, browser, db } = await h.startServerAndBrowser(work, { args: serverArgs }));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

test('two players play online through the link while a spectator follows', async () => {
  const alice = await person('alice');
  const bob = await person('bob', PHONE);
  const carol = await person('carol');
  await h.openPage(alice, url);
  await createOnline(alice, { name: 'Alice', shotName: '00-new-online-game' });
  await alice.locator('#share').waitFor({ state: 'visible' });
  const link = await alice.locator('#share-link').inputValue();
  const code = await alice.locator('#share-code').textContent();
  assert.match(code, /^[2-9A-HJ-NP-Z]{6}$/);
  assert.equal(new URL(link).hash, `#join=${code}`);
  await h.expectStatus(alice, /Waiting for your opponent/);
  await shot(alice, '01-share-link');

  // Bob opens the link: the game, and the seat to take.
  await bob.goto(link);
  await bob.locator('#dlg-join').waitFor({ state: 'visible' });
  assert.match(await bob.locator('#join-text').textContent(), /Alice invites you to play Red/);
  await shot(bob, '02-join-dialog');
  await bob.locator('#join-name').fill('Bob');
  await bob.locator('#join-go').click();
  await h.expectStatus(bob, /Blue to move: your opponent is thinking/);
  // Alice hears of it at once, through the game's stream; Bob is not told
  // of his own seat as news.
  await h.expectStatus(alice, /Your move \(Blue\)/);
  await alice.locator('.toast', { hasText: 'Bob took the Red seat: the game begins.' }).waitFor();
  assert.equal(await bob.locator('.toast', { hasText: 'took the' }).count(), 0);
  await alice.waitForFunction(() => /Bob/.test(document.querySelector('#strip-top').textContent));
  assert.match(await bob.locator('#strip-bottom').textContent(), /Bob/);
  assert.match(await bob.locator('#strip-top').textContent(), /Alice/);
  assert.ok(await alice.locator('#share').isHidden(), 'the link is no longer offered');
  const id = gameId(alice);

  // Carol watches through the spectators' link.
  const watchLink = await alice.locator('#watch-link').inputValue();
  await h.openPage(carol, watchLink);
  await h.expectStatus(carol, /Blue to move/);
  assert.ok(await carol.locator('#btn-resign').isHidden(), 'a spectator cannot resign');

  // The server checks the seat, not the page: Bob's browser cannot move Blue.
  const refused = await bob.evaluate(async (game) => {
    const r = await fetch(`/api/games/${game}/moves`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ move: 'a3a4' }),
    });
    return { status: r.status, code: (await r.json()).error?.code };
  }, id);
  assert.deepEqual(refused, { status: 403, code: 'not_your_seat' });

  // Each move reaches the other at once, and the spectator.
  await move(alice, 'a3', 'a4');
  await h.waitForMoves(bob, 1);
  await h.waitForMoves(carol, 1);
  await h.expectStatus(bob, /Your move \(Red\)/);
  await move(bob, 'g7', 'g6');
  await h.waitForMoves(alice, 2);
  await h.waitForMoves(carol, 2);
  // The engine's help waits for the end: no analysis or review to offer.
  for (const p of [alice, bob, carol]) {
    assert.ok(await p.locator('#analysis-panel').isHidden(), 'no analysis during the game');
    assert.ok(await p.locator('#review-panel').isHidden(), 'no review during the game');
  }
  await shot(bob, '03-bob-after-two-moves');

  // A draw offered and declined.
  await alice.locator('#btn-draw').click();
  await bob.locator('#offer-box').waitFor({ state: 'visible' });
  assert.match(await bob.locator('#offer-text').textContent(), /Blue offers a draw/);
  await shot(bob, '04-draw-offer');
  await bob.locator('#offer-decline').click();
  await bob.locator('#offer-box').waitFor({ state: 'hidden' });
  await alice.locator('.toast', { hasText: /declined your draw offer/ }).waitFor();

  // A take-back Bob asks for and Alice grants.
  await move(alice, 'a4', 'a5');
  await h.waitForMoves(bob, 3);
  await move(bob, 'g6', 'g5');
  await h.waitForMoves(alice, 4);
  await bob.locator('#btn-undo').click();
  await alice.locator('#offer-box').waitFor({ state: 'visible' });
  assert.match(await alice.locator('#offer-text').textContent(), /Red asks to take back/);
  await alice.locator('#offer-accept').click();
  await h.waitForMoves(bob, 3);
  await h.waitForMoves(alice, 3);
  await h.waitForMoves(carol, 3);
  await h.expectStatus(bob, /Your move \(Red\)/);

  // The server restarts, and Bob's connection stays down a while longer
  // (his page cannot reach the stream): Alice moves meanwhile; when Bob
  // comes back he resumes from the last event he saw and has her move.
  await move(bob, 'a7', 'a6');
  await h.waitForMoves(alice, 4);
  const blocked = '**/api/games/*/events*';
  await players.bob.context.route(blocked, (route) => route.abort());
  await h.stopServer(server);
  ({ proc: server } = await h.startServer(db, { port: Number(new URL(url).port), args: serverArgs }));
  await bob.waitForFunction(() => document.querySelector('#connection').dataset.state === 'reconnecting', null, {
    timeout: 20000,
  });
  await alice.waitForFunction(() => document.querySelector('#connection').dataset.state === 'live', null, {
    timeout: 20000,
  });
  await move(alice, 'g3', 'g4');
  await h.waitForMoves(carol, 5);
  assert.equal(await h.moveCount(bob), 4, 'Bob is cut off');
  await h.expectStatus(bob, /Connection lost — reconnecting…/);
  await shot(bob, '05-connection-lost');
  await players.bob.context.unroute(blocked);
  await h.waitForMoves(bob, 5);
  await h.expectStatus(bob, /Your move \(Red\)/);
  await bob.waitForFunction(() => document.querySelector('#connection').dataset.state === 'live', null, {
    timeout: 20000,
  });
  const alicesMoves = await alice.locator('#moves button.mv').allTextContents();
  assert.deepEqual(await bob.locator('#moves button.mv').allTextContents(), alicesMoves);
  await shot(bob, '06-reconnected');

  // Bob resigns: the game is over on every screen.
  await bob.locator('#btn-resign').click();
  for (const p of [alice, bob, carol]) {
    await p.locator('#banner').waitFor({ state: 'visible' });
    assert.match(await p.locator('#banner-text').textContent(), /Red resigned/);
    await p.locator('#review-panel').waitFor({ state: 'visible' });
    assert.ok(await p.locator('#analysis-panel').isVisible(), 'analysis once it is over');
  }
  await shot(alice, '07-alice-won');
  await shot(carol, '08-spectator-saw-the-end');
});

test('a clock runs out: low time shows, the server decides (before the first moves, an abort)', async () => {
  const { alice, bob } = { alice: players.alice.page, bob: players.bob.page };
  // Bob, on his phone, opens a timed game and plays Red; Alice takes Blue.
  await createOnline(bob, { name: 'Bob', side: 'red', clockSeconds: 4, shotName: '08b-new-timed-game-phone' });
  await bob.locator('#share').waitFor({ state: 'visible' });
  // Sounds on (a browser under test starts muted), to hear the warning.
  for (const p of [alice, bob]) await p.evaluate(() => localStorage.setItem('jungle.muted', 'false'));
  // Bob tells Alice the code; she types it in the lobby (case does not matter).
  const code = await bob.locator('#share-code').textContent();
  await alice.locator('#btn-lobby').click();
  await alice.locator('#dlg-lobby').waitFor({ state: 'visible' });
  await alice.locator('#lobby-code').fill(code.toLowerCase());
  await shot(alice, '08c-lobby-code');
  await alice.locator('#lobby-code').press('Enter');
  await alice.locator('#dlg-join').waitFor({ state: 'visible' });
  assert.match(await alice.locator('#join-text').textContent(), /Bob invites you to play Blue \(standard, 4 s\)/);
  await alice.locator('#join-go').click();
  // Blue's clock runs from the moment both sit; four seconds is low time.
  await alice.locator('#strip-bottom .clock.running.low').waitFor({ timeout: 10000 });
  await bob.locator('#strip-top .clock.running.low').waitFor({ timeout: 10000 });
  // Alice hears it: her own clock runs in low time; Bob's does not run.
  await alice.waitForFunction(() => document.body.dataset.sound === 'low_time');
  assert.notEqual(await bob.evaluate(() => document.body.dataset.sound), 'low_time');
  assert.match(await alice.locator('#strip-top .clock').textContent(), /^4\.0$/);
  await shot(alice, '09-low-time');
  await shot(bob, '09b-low-time-phone');
  // Blue's flag falls before her first move: lichess's rule aborts the game
  // (nobody played it) rather than losing it (docs/api.md, "Aborting").
  for (const p of [alice, bob]) {
    await h.expectStatus(p, /Game aborted/);
  }
  assert.equal(await alice.locator('#strip-bottom .clock').textContent(), '0.0');
  await shot(bob, '10-aborted-without-a-first-move');

  // Two people on one screen with a clock: the server ends it on time too,
  // and the page hears of it though it asked nothing.
  const carol = players.carol.page;
  await carol.locator('#btn-new').click();
  await carol.locator('#form-new input[name="mode"][value="friend"]').check();
  await carol.locator('#new-clock').selectOption('custom');
  // Blue's 8 s leave room for a busy machine's slow click (3 s did not, once
  // in CI: Blue's flag fell before the move); Red's run out 8 s later.
  await carol.locator('#new-clock-base').fill('8');
  await carol.locator('#new-clock-inc').fill('6');
  await carol.locator('#new-start').click();
  await h.expectStatus(carol, /Blue to move/);
  await move(carol, 'a3', 'a4');
  await h.waitForMoves(carol, 1);
  // Blue's move earned its increment: 8 s less the time taken, plus 6, more
  // than the 8 it began with unless the move took 6 s.
  // The clock reads "0:12" from ten seconds up, "9.4" below.
  const shown = (await carol.locator('#strip-bottom .clock').textContent()).split(':');
  const blueLeft = shown.length === 2 ? Number(shown[0]) * 60 + Number(shown[1]) : Number(shown[0]);
  assert.ok(blueLeft > 8 && blueLeft <= 14, `Blue has ${blueLeft} s`);
  await h.expectStatus(carol, /Blue wins: Red ran out of time/);
  await shot(carol, '10b-hot-seat-flag');

  // Against the engine with a clock: the engine's clock runs while it
  // thinks (a second here), and the server charges it for that time.
  await carol.locator('#btn-new').click();
  await carol.locator('#form-new input[name="mode"][value="blue"]').check();
  await carol.locator('#new-skill').selectOption('20'); // full strength: it uses its second
  await carol.locator('#new-movetime').selectOption('1000');
  await carol.locator('#new-clock').selectOption('custom');
  await carol.locator('#new-clock-base').fill('30');
  await carol.locator('#new-clock-inc').fill('0');
  await carol.locator('#new-start').click();
  await h.expectStatus(carol, /Your move \(Blue\)/);
  await move(carol, 'a3', 'a4');
  await carol.locator('#strip-top .clock.running').waitFor({ timeout: 10000 });
  await shot(carol, '10c-engine-clock-running');
  await h.waitForMoves(carol, 2);
  await carol.locator('#strip-bottom .clock.running').waitFor();
  const engineGame = gameId(carol);
  const clock = await carol.evaluate(async (id) => (await (await fetch(`/api/games/${id}`)).json()).clock, engineGame);
  assert.equal(clock.running, 'blue');
  assert.ok(clock.red_ms < 30000 - 500 && clock.red_ms > 30000 - 5000, `the engine was charged: ${clock.red_ms} ms left`);
});

test('a lobby challenge is accepted, and a game left is claimed', async () => {
  const alice = players.alice.page;
  const bob = players.bob.page;
  await createOnline(alice, { name: 'Alice', side: 'red', lobby: true });
  await bob.locator('#btn-lobby').click();
  await bob.locator('#dlg-lobby').waitFor({ state: 'visible' });
  const row = bob.locator('#lobby-challenges tr', { hasText: 'Alice' });
  await row.waitFor();
  assert.match(await row.textContent(), /Red.*standard.*untimed/);
  // On Bob's phone too, the lobby says who waits and with which side.
  for (const text of ['Alice', 'Red']) {
    assert.ok(await row.locator('td', { hasText: text }).first().isVisible(), `${text} is shown`);
  }
  assert.ok(await bob.locator('#lobby-playing td.empty').isVisible(), 'the empty list says so');
  await shot(bob, '11-lobby');
  await row.locator('button', { hasText: 'Accept' }).click();
  await h.expectStatus(bob, /Your move \(Blue\)/);
  await h.expectStatus(alice, /Blue to move: your opponent is thinking/);
  await move(bob, 'a3', 'a4');
  await h.waitForMoves(alice, 1);

  // Alice closes her page: Bob sees her gone, and may claim the game once
  // the timeout has passed.
  await players.alice.context.close();
  await bob.locator('#strip-top .presence.gone').waitFor({ timeout: 20000 });
  await bob.locator('#claim-box').waitFor({ state: 'visible' });
  await shot(bob, '12-opponent-left');
  await bob.waitForFunction(() => !document.querySelector('#claim-win').disabled, null, { timeout: 20000 });
  await bob.locator('#claim-win').click();
  await h.expectStatus(bob, /Blue wins \(game abandoned\)/);
  await shot(bob, '13-claimed');
});
