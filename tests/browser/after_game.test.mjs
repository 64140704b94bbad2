// After a game and between games, in real Chromium: two players finish a
// game and play a rematch (both pages, and a spectator's, follow into the
// new game with colours swapped); a correspondence game survives a server
// restart with its clock still counting, and one is lost on time while its
// player is away; the top bar's "Your turn" count.
//   JUNGLE_BINARY=build/x/jungle node --test after_game.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-after-game-');
const DAY_MS = 24 * 3600 * 1000;

let server;
let url;
let db;
let browser;
/** @type {Record<string, { context: any, page: any }>} */
const players = {};

const shot = (p, name) => p.screenshot({ path: path.join(shots, `after-game-${name}.png`) });

async function person(name) {
  players[name] = await h.newPerson(browser);
  return players[name].page;
}

const { move, gameId } = h;

/** Alice's online game (`clock` an option of the new game dialog's), which Bob joins by its link; its id. */
async function onlineGame(alice, bob, { clock = 'none' } = {}) {
  const before = gameId(alice);
  await h.fillOnlineGame(alice, { side: 'blue', name: 'Alice', clock });
  await alice.locator('#new-start').click();
  await alice.locator('#dlg-new').waitFor({ state: 'hidden' });
  await alice.waitForFunction((b) => /^#game=\d+$/.test(location.hash) && location.hash !== `#game=${b}`, before);
  await alice.locator('#share').waitFor({ state: 'visible' });
  const link = await alice.locator('#share-link').inputValue();
  await bob.goto(link);
  await bob.locator('#dlg-join').waitFor({ state: 'visible' });
  await bob.locator('#join-name').fill('Bob');
  await bob.locator('#join-go').click();
  await h.expectStatus(bob, /Blue to move: your opponent is thinking/);
  await h.expectStatus(alice, /Your move \(Blue\)/);
  return gameId(alice);
}

/** The game's state as page `p`'s browser sees it. */
const stateOf = (p, id) => p.evaluate(async (game) => (await fetch(`/api/games/${game}`)).json(), id);

before(async () => {
  ({ server, url, browser, db } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

test('after a game, a rematch: both players and a spectator follow into it, colours swapped', async () => {
  const alice = await person('alice');
  const bob = await person('bob');
  const carol = await person('carol');
  await h.openPage(alice, url);
  const first = await onlineGame(alice, bob);
  await h.openPage(carol, await alice.locator('#watch-link').inputValue());
  await h.expectStatus(carol, /Blue to move/);
  await move(alice, 'a3', 'a4');
  await h.waitForMoves(bob, 1);
  await bob.locator('#btn-resign').click();
  for (const p of [alice, bob, carol]) await p.locator('#banner').waitFor({ state: 'visible' });
  // The players are offered a rematch; the spectator is not.
  assert.equal(await alice.locator('#banner-rematch').textContent(), 'Rematch');
  assert.ok(await bob.locator('#banner-rematch').isVisible());
  assert.ok(await carol.locator('#banner-rematch').isHidden(), 'a spectator offers no rematch');

  await alice.locator('#banner-rematch').click();
  await bob.locator('#rematch-box').waitFor({ state: 'visible' });
  assert.equal(await bob.locator('#rematch-text').textContent(), 'Blue offers a rematch, with colours swapped.');
  // The banner's button accepts it too.
  assert.equal(await bob.locator('#banner-rematch').textContent(), 'Accept the rematch');
  await alice.locator('#rematch-box').waitFor({ state: 'visible' });
  assert.equal(await alice.locator('#rematch-text').textContent(), 'You offered a rematch; waiting for the answer.');
  assert.equal(await alice.locator('#rematch-decline').textContent(), 'Withdraw');
  await carol.locator('#rematch-box').waitFor({ state: 'visible' });
  assert.equal(await carol.locator('#rematch-text').textContent(), 'Blue offers a rematch.');
  assert.ok(await carol.locator('#rematch-accept').isHidden());
  // A second offer while one stands is refused, with the server's words.
  const second = await alice.evaluate(async (game) => {
    const r = await fetch(`/api/games/${game}/rematch`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    return { status: r.status, error: (await r.json()).error };
  }, first);
  assert.equal(second.status, 409);
  assert.equal(second.error.code, 'rematch_pending');
  await shot(bob, '01-rematch-offered');

  await bob.locator('#rematch-accept').click();
  // Every page lands in the new game.
  for (const p of [alice, bob, carol]) {
    await p.waitForFunction((old) => /^#game=\d+$/.test(location.hash) && location.hash !== `#game=${old}`, first, {
      timeout: 20000,
    });
  }
  const next = gameId(bob);
  assert.equal(gameId(alice), next);
  assert.equal(gameId(carol), next);
  // Colours swapped: Bob plays Blue now and moves first.
  await h.expectStatus(bob, /Your move \(Blue\)/);
  await h.expectStatus(alice, /Blue to move: your opponent is thinking/);
  assert.match(await bob.locator('#strip-bottom').textContent(), /Bob/);
  assert.match(await alice.locator('#strip-bottom').textContent(), /Alice/);
  const seen = await stateOf(alice, next);
  assert.deepEqual(seen.you, ['red']);
  assert.equal(seen.players.blue.name, 'Bob');
  assert.equal(seen.players.red.name, 'Alice');
  assert.deepEqual((await stateOf(carol, next)).you, []);
  // Each page kept its own token only.
  const kept = (p) => p.evaluate(() => JSON.parse(localStorage.getItem('jungle.seats') ?? '[]'));
  const bobsSeats = (await kept(bob)).find((e) => e.id === next);
  const alicesSeats = (await kept(alice)).find((e) => e.id === next);
  assert.deepEqual(Object.keys(bobsSeats.tokens), ['blue']);
  assert.deepEqual(Object.keys(alicesSeats.tokens), ['red']);
  await move(bob, 'a3', 'a4');
  await h.waitForMoves(alice, 1);
  await h.waitForMoves(carol, 1);
  await shot(alice, '02-in-the-rematch');
});

test('a correspondence game resumes after a server restart with its clock still counting', async () => {
  const { alice, bob } = { alice: players.alice.page, bob: players.bob.page };
  const id = await onlineGame(alice, bob, { clock: 'correspondence:3' });
  assert.equal(await alice.locator('#strip-bottom .clock').textContent(), '2 d 23 h');
  await move(alice, 'a3', 'a4');
  await h.waitForMoves(bob, 1);
  await h.expectStatus(bob, /Your move \(Red\)/);
  // The games list shows Red's time left.
  await alice.locator('#btn-games').click();
  const row = alice.locator(`#games-body tr[data-game="${id}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /playing · Red has 2 d 23 h/);
  await shot(alice, '03-games-list-time-left');
  await alice.keyboard.press('Escape');

  const before = await stateOf(bob, id);
  await h.stopServer(server);
  ({ proc: server } = await h.startServer(db, { port: Number(new URL(url).port) }));
  for (const p of [alice, bob]) {
    await p.waitForFunction(() => document.querySelector('#connection').dataset.state === 'live', null, { timeout: 20000 });
  }
  // The clock ran on through the restart: Red's allowance is less than before.
  const after = await stateOf(bob, id);
  assert.equal(after.status, 'ongoing');
  assert.equal(after.clock.running, 'red');
  assert.equal(after.clock.control.kind, 'correspondence');
  assert.ok(after.clock.red_ms < before.clock.red_ms, `${after.clock.red_ms} < ${before.clock.red_ms}`);
  assert.ok(after.clock.red_ms > 3 * DAY_MS - 120000);
  await move(bob, 'g7', 'g6');
  await h.waitForMoves(alice, 2);
  await h.expectStatus(alice, /Your move \(Blue\)/);
  const now = await stateOf(alice, id);
  assert.equal(now.clock.running, 'blue');
});

test('the top bar counts the games where it is the player\'s move', async () => {
  const { alice, bob } = { alice: players.alice.page, bob: players.bob.page };
  const x = await onlineGame(alice, bob);
  const y = await onlineGame(alice, bob);
  // Bob looks at y; Alice (Blue) is to move in both, and in the two games
  // before (Red in the rematch, Blue in the correspondence game).
  const count = (p) => p.locator('#btn-your-turn').getAttribute('data-count');
  await bob.waitForFunction(() => document.querySelector('#btn-your-turn').dataset.count === '0');
  await alice.waitForFunction(() => document.querySelector('#btn-your-turn').dataset.count === '4', null, {
    timeout: 30000,
  });
  assert.match(await alice.title(), /^▶ Your move · Jungle/);
  // Alice moves in y, which Bob looks at: his count and title say so at once.
  await alice.evaluate((game) => (location.hash = `game=${game}`), y);
  await h.expectStatus(alice, /Your move \(Blue\)/);
  await move(alice, 'a3', 'a4');
  await h.waitForMoves(bob, 1);
  await bob.waitForFunction(() => document.querySelector('#btn-your-turn').dataset.count === '1');
  assert.ok(await bob.locator('#your-move').isVisible());
  assert.match(await bob.title(), /^▶ Your move · Jungle/);
  // A move in x, which Bob does not look at, reaches his count too.
  await alice.evaluate((game) => (location.hash = `game=${game}`), x);
  await h.expectStatus(alice, /Your move \(Blue\)/);
  await move(alice, 'a3', 'a4');
  await bob.waitForFunction(() => document.querySelector('#btn-your-turn').dataset.count === '2', null, {
    timeout: 30000,
  });
  await shot(bob, '04-your-turn-count');
  // Bob answers in y: x still waits, and the title counts it.
  await move(bob, 'g7', 'g6');
  await bob.waitForFunction(() => document.querySelector('#btn-your-turn').dataset.count === '1');
  assert.equal(await bob.title(), '(1) Jungle · 斗兽棋');
  assert.ok(await bob.locator('#your-move').isHidden());
  // The list opens the game that waits.
  await bob.locator('#btn-your-turn').click();
  const entry = bob.locator(`#your-turn-body li[data-game="${x}"] button`);
  await entry.waitFor();
  assert.equal(await entry.textContent(), `Game ${x}: standard, against Alice`);
  await shot(bob, '05-your-turn-list');
  await entry.click();
  await bob.waitForFunction((game) => location.hash === `#game=${game}`, x);
  await h.expectStatus(bob, /Your move \(Red\)/);
  assert.equal(await count(bob), '1');
});

test('a correspondence game is lost on time while its player is away, and the page says so on return', async () => {
  const { alice, bob } = { alice: players.alice.page, bob: players.bob.page };
  const id = await onlineGame(alice, bob, { clock: 'correspondence:1' });
  await move(alice, 'a3', 'a4');
  await h.waitForMoves(bob, 1);
  await move(bob, 'g7', 'g6');
  await h.waitForMoves(alice, 2);
  await h.expectStatus(alice, /Your move \(Blue\)/);
  // Alice goes away; her day runs out while the server is down (its clock
  // started two days ago as the store tells it), and nobody reads the game
  // when it starts again: the server's own timer decides it.
  await alice.goto('about:blank');
  await h.stopServer(server);
  execFileSync('sqlite3', [
    db,
    `UPDATE games SET clock = json_set(clock, '$.since', json_extract(clock, '$.since') - ${2 * DAY_MS}) WHERE id = ${id}`,
  ]);
  ({ proc: server } = await h.startServer(db, { port: Number(new URL(url).port) }));
  await bob.waitForFunction(() => document.querySelector('#connection').dataset.state === 'live', null, { timeout: 20000 });
  await h.expectStatus(bob, /Red wins: Blue ran out of time/);
  const over = await stateOf(bob, id);
  assert.equal(over.result, '0-1');
  assert.equal(over.termination, 'time');
  // Back, Alice finds the loss, and the game no longer waits for her.
  await alice.goto(`${url}#game=${id}`);
  await h.expectStatus(alice, /Red wins: Blue ran out of time/);
  const turn = await h.callJson(alice, 'POST', '/api/your-turn', { games: [{ id }] });
  assert.equal(turn.count, 0);
  await shot(alice, '06-lost-on-time-while-away');
});
