// Flip Jungle online in real Chromium: two browser contexts play through
// the link and a third watches. The pool is everyone's knowledge, so every
// seat and the spectator see the same board, pool and moves after each
// ply; what a flip reveals is drawn by the server when the flip is made, so
// no answer or stream message carries anything of a face-down tile.
//   JUNGLE_BINARY=build/x/jungle node --test flip_online.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-flip-online-');
let server;
let url;
let browser;

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

async function person() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  page.on('dialog', (d) => d.accept());
  return page;
}

/** Every state a page was sent, by answer or event. */
async function recordStates(page, into) {
  page.on('response', async (res) => {
    if (!/\/api\/games\/\d+/.test(res.url()) || !(res.headers()['content-type'] ?? '').startsWith('application/json')) return;
    try {
      into.push(await res.json());
    } catch {
      // closed meanwhile
    }
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.eventSourceMessageReceived', (e) => {
    try {
      const data = JSON.parse(e.data);
      if (data.state) into.push(data.state);
    } catch {
      // not JSON
    }
  });
}

/** What a page shows of the game: each cell's tile and piece, the pool, the moves. */
const shown = (p) =>
  p.evaluate(() => ({
    cells: [...document.querySelectorAll('#flip-board .flip-cell')].map(
      (c) => `${c.dataset.square}:${c.dataset.tile ?? ''}:${c.dataset.piece ?? ''}`,
    ),
    pool: document.querySelector('#flip-pool').textContent,
    moves: [...document.querySelectorAll('#moves button.mv')].map((b) => b.textContent),
  }));

const plies = (p) => h.moveCount(p);
const waitForPlies = (p, n) => h.waitForMoves(p, n);

test('a flip game online: both seats and a spectator see the same, flips drawn by the server', async () => {
  const alice = await person();
  const bob = await person();
  const carol = await person();
  const sent = [];
  for (const p of [alice, bob, carol]) await recordStates(p, sent);
  await h.openPage(alice, url);
  if (!(await alice.locator('#dlg-new').isVisible())) await alice.locator('#btn-new').click();
  await alice.locator('#form-new input[name="mode"][value="online"]').check();
  await alice.locator('#new-variant').selectOption('flip');
  await alice.locator('#new-side').selectOption('blue');
  await alice.locator('#new-clock').selectOption('none');
  await alice.locator('#new-start').click();
  await alice.locator('#share').waitFor({ state: 'visible' });
  assert.match(await alice.locator('#status').textContent(), /Waiting for your opponent/);
  await alice.screenshot({ path: path.join(shots, 'flip-online-01-share.png') });
  const link = await alice.locator('#share-link').inputValue();
  const id = Number(new URL(alice.url()).hash.match(/game=(\d+)/)[1]);

  await bob.goto(link);
  await bob.locator('#dlg-join').waitFor({ state: 'visible' });
  await bob.locator('#join-go').click();
  await alice.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent), null, {
    timeout: 20000,
  });
  await h.openPage(carol, `${url}#game=${id}`);
  await carol.waitForFunction(() => /Watching/.test(document.querySelector('#status').textContent));
  assert.ok(await carol.locator('#btn-resign').isHidden(), 'a spectator cannot resign');

  // Bob cannot flip for Alice: his click is queued for his own turn (a
  // premove) and nothing is sent; the server refuses a flip out of turn.
  await bob.locator('#flip-board .flip-cell[data-square="a1"]').click();
  await bob.locator('#flip-board .flip-cell.premove[data-square="a1"]').waitFor();
  assert.equal(await plies(bob), 0);
  const refused = await bob.evaluate(async (g) => {
    const r = await fetch(`/api/games/${g}/moves`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ move: 'a1?' }),
    });
    return (await r.json()).error?.code;
  }, id);
  assert.equal(refused, 'not_your_seat');
  // Alice turns that tile over herself: on his turn, Bob's queued flip is
  // sent and refused with the server's reason, and nothing else is played.
  await alice.locator('#flip-board .flip-cell[data-square="a1"]').click();
  for (const p of [alice, bob, carol]) await waitForPlies(p, 1);
  await bob.locator('.toast.error').waitFor();
  assert.equal(await bob.locator('#flip-board .flip-cell.premove').count(), 0);
  assert.equal(await plies(bob), 1);

  for (let n = 0; n < 8; n += 1) {
    const g = await alice.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
    if (g.status !== 'ongoing') break;
    const me = g.seat_to_move === 'blue' ? alice : bob;
    const mine = await me.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
    const flips = mine.legal_moves.filter((m) => m.endsWith('?'));
    const action = flips.length && n % 3 !== 2 ? flips[n % flips.length] : mine.legal_moves[0];
    await me.locator(`#flip-board .flip-cell[data-square="${action.slice(0, 2)}"]`).click();
    if (!action.endsWith('?')) await me.locator(`#flip-board .flip-cell[data-square="${action.slice(2, 4)}"]`).click();
    for (const p of [alice, bob, carol]) await waitForPlies(p, g.ply + 1);
    // The same game on every screen.
    const [a, b, c] = [await shown(alice), await shown(bob), await shown(carol)];
    assert.deepEqual(b, a);
    assert.deepEqual(c, a);
    if (n === 4) {
      await bob.waitForTimeout(700);
      await bob.screenshot({ path: path.join(shots, 'flip-online-02-bob.png') });
    }
  }
  // Nothing sent says what a face-down tile is or what a flip will draw:
  // each face-down square is "?", and the states carry no other field.
  assert.ok(sent.length > 20, `states read: ${sent.length}`);
  for (const s of sent) {
    if (s.kind !== 'flip') continue;
    // (A game's review, which the page asks after as for every game, has no board.)
    if (s.board) {
      const down = Object.values(s.board).filter((v) => v === '?').length;
      assert.equal(down, s.hidden, 'every face-down tile is "?"');
    }
    const text = JSON.stringify(s);
    for (const word of ['seed', 'next', 'future', 'upcoming', 'draws']) assert.ok(!text.includes(`"${word}`), word);
  }
  await alice.locator('#btn-resign').click();
  for (const p of [alice, bob, carol]) await p.locator('#banner').waitFor({ state: 'visible' });
  await carol.screenshot({ path: path.join(shots, 'flip-online-03-spectator-end.png') });
  for (const p of [alice, bob, carol]) await p.context().close();
});

test("a flip game online has every online game's offers: a draw declined, a take-back granted", async () => {
  // New with the one game app: the flip page had no offers; the take-back
  // button was hidden online.
  const alice = await person();
  const bob = await person();
  await h.openPage(alice, url);
  if (!(await alice.locator('#dlg-new').isVisible())) await alice.locator('#btn-new').click();
  await alice.locator('#form-new input[name="mode"][value="online"]').check();
  await alice.locator('#new-variant').selectOption('flip');
  await alice.locator('#new-side').selectOption('blue');
  await alice.locator('#new-clock').selectOption('none');
  await alice.locator('#new-start').click();
  await alice.locator('#share').waitFor({ state: 'visible' });
  await bob.goto(await alice.locator('#share-link').inputValue());
  await bob.locator('#dlg-join').waitFor({ state: 'visible' });
  await bob.locator('#join-go').click();
  await alice.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent), null, {
    timeout: 20000,
  });
  // Before the first flip nobody has a colour: nothing to resign or offer a draw for yet.
  assert.equal(await alice.locator('#btn-resign').isDisabled(), true);
  await alice.locator('#flip-board .flip-cell[data-square="a1"]').click();
  await waitForPlies(bob, 1);
  await bob.locator('#flip-board .flip-cell[data-square="d4"]').click();
  await waitForPlies(alice, 2);
  await waitForPlies(bob, 2);

  // A draw offered and declined; the offer names the colour chance gave.
  const colour = (await alice.evaluate(async () => {
    const id = Number(location.hash.match(/game=(\d+)/)[1]);
    return (await (await fetch(`/api/games/${id}`)).json()).first_player_colour;
  })) === 'blue' ? 'Blue' : 'Red';
  await alice.locator('#btn-draw').click();
  await bob.locator('#offer-box').waitFor({ state: 'visible' });
  assert.equal(await bob.locator('#offer-text').textContent(), `${colour} offers a draw.`);
  await bob.locator('#offer-decline').click();
  await bob.locator('#offer-box').waitFor({ state: 'hidden' });
  await alice.locator('.toast', { hasText: /declined your draw offer/ }).waitFor();

  // Bob asks to take back his flip; Alice grants it: the tile is face down again.
  assert.equal(await bob.locator('#btn-undo').textContent(), 'Ask to take back');
  await bob.locator('#btn-undo').click();
  await alice.locator('#offer-box').waitFor({ state: 'visible' });
  assert.match(await alice.locator('#offer-text').textContent(), /asks to take back their last move/);
  await alice.locator('#offer-accept').click();
  await waitForPlies(alice, 1);
  await waitForPlies(bob, 1);
  await bob.locator('#flip-board .flip-cell[data-square="d4"][data-tile="back"]').waitFor();
  assert.match(await bob.locator('#flip-pool').textContent(), /Face down: 15/);
  await h.expectStatus(bob, /^Your move/);
  for (const p of [alice, bob]) await p.context().close();
});
