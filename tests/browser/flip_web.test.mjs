// Browser test of Flip Jungle in the web app: a tile turned over (its
// reveal), a hot-seat game played to its end by clicks and a drag, and a
// game against the engine, in a real `jungle serve` driven by headless Chromium.
// A flip game is played through the page's one game app: its status line,
// buttons, move list and navigation, banner, analysis and review panels are
// every game's; its board and pool are the views the chance capability
// switches on.
//   JUNGLE_BINARY=build/x/jungle JUNGLE_SCREENSHOTS=build/x/screenshots node --test tests/browser/
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-browser-flip-');
let server;
let url;
let browser;
let page;

const shot = (name) => page.screenshot({ path: path.join(shots, `${name}.png`) });
const cell = (name) => page.locator(`#flip-board .flip-cell[data-square="${name}"]`);
const waitForPlies = (n) => h.waitForMoves(page, n);
const firstMove = () => page.locator('#moves button.mv').first();

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => {
    throw e;
  });
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

test('a flip set starts face down; a flip turns the tile over and leaves the pool', async () => {
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend', variant: 'flip' });
  await page.waitForFunction(() => document.querySelectorAll('#flip-board .flip-cell[data-tile="back"]').length === 16, null, {
    timeout: 20000,
  });
  assert.equal(await page.locator('#board').isVisible(), false, 'the 7x9 board makes way');
  assert.match(await page.locator('#flip-pool').textContent(), /Face down: 16/);
  assert.match(await page.locator('#status').textContent(), /first flip decides the colours/);
  await shot('flip-start');

  await cell('b2').click();
  await waitForPlies(1);
  // The tile turns over (a CSS animation of .6 s) to show what the server drew.
  await cell('b2').locator('.flip-tile.revealing').waitFor();
  await shot('flip-reveal-midway');
  const piece = await cell('b2').getAttribute('data-piece');
  assert.match(piece, /^[RCDWPTLE]$/i);
  assert.equal(await page.locator(`#flip-pool td[data-animal="${piece}"]`).getAttribute('data-count'), '0');
  assert.match(await page.locator('#flip-pool').textContent(), /Face down: 15/);
  assert.match(await firstMove().textContent(), new RegExp(`^b2\\?=${piece} \\((Blue|Red) `));
  // What it revealed, in words beside the board.
  assert.match(await page.locator('#flip-news').textContent(), new RegExp(`^b2\\? revealed the (Blue|Red) `));
  await page.waitForTimeout(700);
  await shot('flip-revealed');
});

test('a hot-seat flip game is played to its end by clicks and a drag', async () => {
  const game = await page.evaluate(async () => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'flip', fen: '4/4/rl2/1E2 w - 0 1' }),
    });
    return r.json();
  });
  assert.equal(game.kind, 'flip');
  await page.goto(`${url}#game=${game.id}`);
  await page.locator('body[data-ready="true"]').waitFor();
  await cell('b1').locator('.flip-tile.blue').waitFor();
  // Click-click: the Elephant takes the Lion.
  await cell('b1').click();
  assert.equal(await page.locator('#flip-board .flip-cell.target').count(), 3);
  await cell('b2').click();
  await waitForPlies(1);
  assert.equal(await cell('b2').getAttribute('data-piece'), 'E');
  // A drag: the Rat takes the Elephant, and Blue has nothing left.
  const from = await cell('a2').boundingBox();
  const to = await cell('b2').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  await waitForPlies(2);
  await page.locator('#banner').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#banner-title').textContent(), 'Red wins');
  assert.match(await page.locator('#banner-text').textContent(), /^The other side has no pieces left/);
  assert.equal(await page.locator('#btn-undo').isDisabled(), true, 'a finished game is not taken back');
  const record = await page.evaluate(async (href) => (await fetch(href)).text(), await page.locator('#btn-download').getAttribute('href'));
  assert.match(record, /\[Result "0-1"\]/);
  // (The review, started by itself at the end, may have written its findings in.)
  assert.match(record.replace(/ \{[^}]*\}/g, ''), /1\. b1b2 (1\.\.\. )?a2b2 0-1/);
  await shot('flip-game-over');

  // The record loads back as a new flip game, finished as it was.
  await page.locator('#btn-load').click();
  await page.locator('#load-text').fill(record);
  await page.locator('#load-go').click();
  await page.waitForFunction((id) => location.hash !== `#game=${id}` && /^#game=\d+$/.test(location.hash), game.id, { timeout: 20000 });
  await waitForPlies(2);
  // A record opens at its start, as every game's does; its end is a step away.
  await page.locator('#flip-board[data-ply="0"]').waitFor();
  await page.locator('#nav-last').click();
  await page.locator('#banner').waitFor({ state: 'visible' });
  assert.match(await page.locator('#moves').textContent(), /b1b2.*a2b2/);
  assert.equal(await cell('b2').getAttribute('data-piece'), 'r');
});

test('against the engine: it answers a flip, and take back returns to the person', async () => {
  await h.newGame(page, { mode: 'blue', variant: 'flip', skill: '0', movetime: '250' });
  await page.waitForFunction(() => document.querySelectorAll('#flip-board .flip-cell[data-tile="back"]').length === 16, null, {
    timeout: 20000,
  });
  await cell('c3').click();
  await waitForPlies(2);
  await page.waitForFunction(() => /to move \(first player\)/.test(document.querySelector('#status').textContent), null, {
    timeout: 20000,
  });
  await shot('flip-vs-engine');
  await page.locator('#btn-undo').click();
  await waitForPlies(0);
  assert.match(await page.locator('#flip-pool').textContent(), /Face down: 16/);
});

test('against the engine, an action queued on the flip board while it thinks is played on the person\'s turn', async () => {
  // New with premoves where chance acts (the flip board had none). The
  // engine's request is held back a moment, so that the person queues a
  // move meanwhile: the Lion's step, which no reply of the Cat can stop.
  const game = await page.evaluate(async () => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        variant: 'flip',
        fen: '3c/4/4/EL2 w - 0 1',
        blue: { type: 'human' },
        red: { type: 'engine', skill: 0, movetime_ms: 100 },
      }),
    });
    return r.json();
  });
  assert.equal(game.capabilities.premoves, true);
  // (The engine's first answer only: the route is gone before its next.)
  await page.route(
    '**/engine-move',
    async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    },
    { times: 1 },
  );
  try {
    await page.goto(`${url}#game=${game.id}`);
    await page.locator('body[data-ready="true"]').waitFor();
    await page.locator(`#flip-board[data-game="${game.id}"] .flip-cell`).first().waitFor();
    await cell('a1').click();
    await cell('a2').click();
    await waitForPlies(1);
    // Red (the engine) to move: the Lion is picked up and put down, queued.
    await cell('b1').click();
    await cell('b2').click();
    assert.deepEqual(
      await page.locator('#flip-board .flip-cell.premove').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-square'))),
      ['b2', 'b1'],
    );
    await waitForPlies(3);
    const now = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), game.id);
    assert.equal(now.moves[2].action ?? now.moves[2].move, 'b1b2');
    assert.equal(await page.locator('#flip-board .flip-cell.premove').count(), 0);
  } finally {
    await page.unroute('**/engine-move');
  }
});

/** A hot-seat flip game from `fen`, opened on the page. @param {string} fen */
async function openFlipPosition(fen) {
  const game = await page.evaluate(async (f) => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'flip', fen: f }),
    });
    return r.json();
  }, fen);
  assert.equal(game.kind, 'flip');
  await page.goto(`${url}#game=${game.id}`);
  await page.locator('body[data-ready="true"]').waitFor();
  // The page may still show the game opened before: a hint asked for now
  // would be that game's (and dropped when this one opens).
  await page.locator(`#flip-board[data-game="${game.id}"] .flip-cell`).first().waitFor();
  return game;
}

test('hints and the analysis panel in a flip game', async () => {
  // Blue's Lion on a1 takes Red's last animal, the Cat on a2.
  await openFlipPosition('3D/4/c3/L3 w - 0 1');
  await cell('a1').locator('.flip-tile.blue').waitFor();
  assert.equal(await page.locator('#btn-hint').isDisabled(), false);
  await page.locator('#btn-hint').click();
  // The hint is drawn over the board as an arrow, as the 7x9 hint is.
  const arrow = page.locator('#flip-board .flip-arrows .suggestion.hint');
  // (A straight arrow's box has no width: attached, not "visible", is what to wait for.)
  await arrow.waitFor({ state: 'attached', timeout: 20000 });
  assert.equal(await arrow.getAttribute('data-move'), 'a1a2');
  assert.equal(await page.locator('#flip-board .flip-arrows line.arrow-hint').count(), 1);
  await page.locator('.toast', { hasText: 'Hint: a1a2 (Blue wins in 1 move)' }).waitFor();
  await shot('flip-hint-move');

  // The analysis panel: the expected score as a bar, the best actions.
  await page.locator('#analyse-toggle').check();
  await page.waitForFunction(() => /Blue 100% · Red 0%/.test(document.querySelector('#flip-expect-text')?.textContent ?? ''), null, {
    timeout: 20000,
  });
  await page.locator('#flip-lines li').first().waitFor();
  assert.equal(await page.locator('#flip-lines li').first().getAttribute('data-move'), 'a1a2');
  assert.match(await page.locator('#flip-lines li').first().textContent(), /^100%a1a2$/);
  assert.equal(await page.locator('#flip-board .flip-arrows .suggestion.best').getAttribute('data-move'), 'a1a2');
  await page.waitForFunction(() => /done/.test(document.querySelector('#analysis-stats')?.textContent ?? ''), null, {
    timeout: 20000,
  });
  assert.match(await page.locator('#analysis-stats').textContent(), /^depth 1 · Blue wins in 1 move · done$/);
  await shot('flip-analysis-win');

  // Blue has nothing face up: only flips remain (three tiles hide a Blue
  // Tiger, a Red Cat and a Red Panther). The hint names a tile and nothing of
  // what it hides; the analysis follows the game (the switch stays on).
  await openFlipPosition('???1/4/4/1d2 w Tcp 0 1');
  await page.waitForFunction(() => /^Blue \d+% · Red \d+%$/.test(document.querySelector('#flip-expect-text')?.textContent ?? ''), null, {
    timeout: 20000,
  });
  assert.equal(await page.locator('#analyse-toggle').isChecked(), true);
  // Beside the analysis of this position, the hint is its best action: no
  // second search (the server would run it after the analysis' end).
  /** @type {string[]} */
  const hintRequests = [];
  /** @param {import('playwright-core').Request} r */
  const onRequest = (r) => {
    if (/\/hint$/.test(new URL(r.url()).pathname)) hintRequests.push(r.url());
  };
  page.on('request', onRequest);
  await page.locator('#btn-hint').click();
  const ring = page.locator('#flip-board .flip-arrows g.suggestion.hint');
  await ring.waitFor({ state: 'attached', timeout: 20000 });
  page.off('request', onRequest);
  assert.deepEqual(hintRequests, []);
  const flipHint = await ring.getAttribute('data-move');
  assert.match(flipHint, /^[abc]4\?$/);
  const said = new RegExp(`^Hint: turn ${flipHint.slice(0, 2)} over \\(expected \\d+% for Blue\\)$`);
  await page.locator('.toast', { hasText: said }).waitFor();
  assert.equal(await page.locator('#flip-lines li').count(), 3);
  await shot('flip-hint-flip');

  // Playing the hint clears it; the analysis moves on to Red's turn.
  await cell(flipHint.slice(0, 2)).click();
  await waitForPlies(1);
  assert.equal(await page.locator('#flip-board .flip-arrows .suggestion.hint').count(), 0);
  await page.locator('#analyse-toggle').uncheck();
  assert.equal(await page.locator('#flip-expect').isHidden(), true);
  assert.equal(await page.locator('#flip-lines li').count(), 0);
});

test('a flip side line: a tile turned over in a past position reveals the animal chosen from the pool; the analysis follows the line', async () => {
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  // Two tiles face down hide a Blue Dog and a Red Rat; Blue's Lion is on
  // a1, Red's Cat on c2. The game goes on with the Lion's step to b1.
  const game = await openFlipPosition('??2/4/2c1/L3 w Dr 0 1');
  await cell('a1').click();
  await cell('b1').click();
  await waitForPlies(1);
  const gamePly = () => page.evaluate(async (i) => (await (await fetch(`/api/games/${i}`)).json()).ply, game.id);

  // Back at the start, the board explores: a flip asks which animal it turns up.
  await page.locator('#nav-first').click();
  await page.locator('#flip-board[data-ply="0"][data-can-act="true"]').waitFor();
  await cell('b4').click();
  const picker = page.locator('#flip-picker');
  await picker.waitFor();
  assert.equal(await picker.locator('h2').textContent(), 'What does b4 reveal?');
  assert.deepEqual(await picker.locator('button[data-animal]').allTextContents(), ['Blue Dog', 'Red Rat']);
  await shot('flip-side-line-picker');
  // Cancelled, nothing is played.
  await picker.locator('button', { hasText: 'Cancel' }).click();
  assert.equal(await page.locator('#moves li.variation').count(), 0);
  await cell('b4').click();
  await picker.locator('button[data-animal="r"]').click();
  await page.locator('#moves li.variation').waitFor();
  await page.locator('#flip-board[data-line][data-can-act="true"]').waitFor();
  assert.equal(await cell('b4').getAttribute('data-piece'), 'r');
  assert.equal(await page.locator('#flip-news').textContent(), 'b4? revealed the Red Rat.');
  assert.match(await page.locator('#flip-pool').textContent(), /Face down: 1/);
  assert.equal(await page.locator('#flip-pool td[data-animal="r"]').getAttribute('data-count'), '0');

  // The line goes on: Red's Cat steps up; the game keeps its one ply.
  await cell('c2').click();
  await cell('c3').click();
  await page.waitForFunction(() => document.querySelectorAll('#moves li.variation button.mv').length === 2);
  assert.deepEqual(await page.locator('#moves li.variation button.mv').allTextContents(), ['b4?=r', 'c2c3']);
  assert.equal(await page.locator('#moves li.variation button[aria-current="true"]').textContent(), 'c2c3');
  assert.equal(await cell('c3').getAttribute('data-piece'), 'c');
  assert.equal(await gamePly(), 1);
  assert.equal(await page.locator('#btn-hint').isDisabled(), true); // a hint is about the game's positions

  // The analysis of the line's position: the position route, a flip FEN.
  /** @type {string[]} */
  const analysed = [];
  /** @param {import('playwright-core').Request} r */
  const onRequest = (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/analysis') analysed.push(`${u.searchParams.get('variant')} ${u.searchParams.get('fen')}`);
  };
  page.on('request', onRequest);
  await page.locator('#analyse-toggle').check();
  await page.waitForFunction(() => /^Blue \d+% · Red \d+%$/.test(document.querySelector('#flip-expect-text')?.textContent ?? ''), null, {
    timeout: 20000,
  });
  await page.locator('#flip-lines li').first().waitFor();
  page.off('request', onRequest);
  assert.deepEqual(analysed, [`flip ${await page.locator('#fen-text').textContent()}`]);
  assert.equal(analysed[0], 'flip ?r2/2c1/4/L3 w D 1 2');
  await shot('flip-side-line-analysis');
  await page.locator('#analyse-toggle').uncheck();
});

test("a flip record's side lines load onto the analysis board and download again with the game", async () => {
  const loaded = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  loaded.on('pageerror', (e) => {
    throw e;
  });
  await h.openPage(loaded, url);
  if (await loaded.locator('#dlg-new').isVisible()) await loaded.keyboard.press('Escape');
  // Two tiles face down hide a Blue Dog and a Red Rat. Blue's first ply has
  // a side line that turns one over; Red's reply has one that turns the other.
  const moves = '1. a1b1 (1. b4?=r c2c3) 1... c2c3 (1... a4?=D) 2. b1b2 *';
  const record = `[Variant "flip"]\n[FEN "??2/4/2c1/L3 w Dr 0 1"]\n[Blue "Ann"]\n\n${moves}\n`;
  await loaded.locator('#btn-load').click();
  await loaded.locator('#load-text').fill(record);
  await loaded.locator('#load-go').click();
  await loaded.locator('#dlg-load').waitFor({ state: 'hidden' });
  // The game's three plies and its side lines' three.
  await h.waitForMoves(loaded, 6);
  assert.deepEqual(await loaded.locator('#moves li.variation button.mv').allTextContents(), ['b4?=r', 'c2c3', 'a4?=D']);
  // The game is the record's own plies.
  const game = await loaded.evaluate(async () => (await fetch(`/api/games/${location.hash.split('=')[1]}`)).json());
  assert.deepEqual(
    game.moves.map((m) => m.move),
    ['a1b1', 'c2c3', 'b1b2'],
  );
  // A side line's flip shows the animal the record named.
  await loaded.locator('#moves li.variation button.mv', { hasText: 'a4?=D' }).click();
  await loaded.locator('#flip-board[data-line] .flip-cell[data-square="a4"][data-piece="D"]').waitFor();
  // The loaded record is reviewed by itself: once done, the record's comments stay as they are.
  await loaded.locator('#review-panel[data-status="done"]').waitFor({ timeout: 30000 });
  const [download] = await Promise.all([loaded.waitForEvent('download'), loaded.locator('#btn-download').click()]);
  const file = path.join(work, 'flip-side-lines.jgn');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  assert.match(text, /\[Variant "flip"\]\n/);
  assert.match(text, /\[FEN "\?\?2\/4\/2c1\/L3 w Dr 0 1"\]\n/);
  // The review's comments aside (their values are the engine's), the plies
  // and side lines are the record's as it was loaded.
  const body = text.slice(text.indexOf('\n\n') + 2);
  const words = body.replace(/\{[^}]*\}/g, ' ').trim().split(/\s+/);
  assert.equal(words.join(' '), moves, text);
  // The project's reader takes it, side lines and all.
  const check = spawnSync(h.binary, ['pgn', 'check', file], { encoding: 'utf8' });
  assert.equal(check.status, 0, check.stdout + check.stderr);
  await loaded.close();
});

test('the editor sets up a flip position: tiles face up and face down, the pool follows; "Analyse" opens it on the analysis board', async () => {
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  await openFlipPosition('3D/4/c3/L3 w - 0 1');
  await page.locator('#btn-setup').click();
  const dialog = page.locator('#dlg-setup');
  await dialog.waitFor();
  const tile = (sq) => page.locator(`#setup-flip-board .flip-cell[data-square="${sq}"]`);
  // The flip board in the 7x9 board's place, on the position shown.
  assert.equal(await page.locator('#setup-variant').inputValue(), 'flip');
  assert.equal(await page.locator('#setup-board').isVisible(), false);
  assert.equal(await tile('d4').getAttribute('data-piece'), 'D');
  await page.waitForFunction(() => document.querySelector('#setup-validation')?.textContent.startsWith('✓'));

  // Cleared, then Blue's Lion on a1, Red's Cat on c2 and two tiles face down.
  await page.locator('#setup-clear').click();
  await page.locator('#palette [data-tool="blue-L"]').click();
  await tile('a1').click();
  await page.locator('#palette [data-tool="red-C"]').click();
  await tile('c2').click();
  await page.locator('#palette [data-tool="blue-?"]').click();
  await tile('a4').click();
  await tile('b4').click();
  assert.equal(await tile('a4').getAttribute('data-tile'), 'back');
  // Every other animal counts as taken: no pool for the two tiles, which the server refuses.
  await page.waitForFunction(() => document.querySelector('#setup-validation')?.textContent.startsWith('✗'));
  assert.match(await page.locator('#setup-validation').textContent(), /^✗ invalid position: /);
  assert.equal(await page.locator('#setup-play').isDisabled(), true);
  // Blue's Dog and Red's Rat brought back from the taken: face down now.
  await page.locator('#setup-flip-pool td[data-animal="D"]').click();
  await page.locator('#setup-flip-pool td[data-animal="r"]').click();
  await page.waitForFunction(() => document.querySelector('#setup-validation')?.textContent.startsWith('✓'));
  assert.equal(await page.locator('#setup-validation').textContent(), '✓ Valid position: Blue to move, 4 legal moves.');
  assert.equal(await page.locator('#setup-fen').inputValue(), '??2/4/2c1/L3 w Dr 0 1');
  assert.match(await page.locator('#setup-flip-pool').textContent(), /Face down: 2/);
  await shot('flip-editor');
  // "The first flip decides" (a flip board's third side to move): only
  // before any tile is face up, which the server says; Blue again is valid.
  assert.equal(await page.locator('#setup-side-undecided').isVisible(), true);
  await page.locator('#setup-side-undecided input').check();
  assert.equal(await page.locator('#setup-fen').inputValue(), '??2/4/2c1/L3 - Dr 0 1');
  await page.waitForFunction(() => document.querySelector('#setup-validation')?.textContent.startsWith('✗'));
  assert.match(await page.locator('#setup-validation').textContent(), /colours undecided/);
  await page.locator('input[name="setup-side"][value="w"]').check();
  await page.waitForFunction(() => document.querySelector('#setup-validation')?.textContent.startsWith('✓'));
  assert.equal(await page.locator('#setup-fen').inputValue(), '??2/4/2c1/L3 w Dr 0 1');

  // "Analyse": a game of two people from there, with the engine's analysis on.
  await page.locator('#setup-analyse').click();
  // The board before (the position the editor was opened on) also has Blue's
  // Lion on a1: wait for what only the edited position has, Red's Cat on c2.
  await page.locator('#flip-board[data-ply="0"] .flip-cell[data-square="c2"][data-piece="c"]').waitFor();
  assert.equal(await cell('a1').getAttribute('data-piece'), 'L');
  assert.equal(await cell('c2').getAttribute('data-piece'), 'c');
  assert.equal(await cell('b4').getAttribute('data-tile'), 'back');
  assert.equal(await page.locator('#fen-text').textContent(), '??2/4/2c1/L3 w Dr 0 1');
  assert.equal(await page.locator('#analyse-toggle').isChecked(), true);
  await page.waitForFunction(() => /^Blue \d+% · Red \d+%$/.test(document.querySelector('#flip-expect-text')?.textContent ?? ''), null, {
    timeout: 20000,
  });
  await page.locator('#analyse-toggle').uncheck();
});

test('a finished flip game is reviewed: the blunder is marked', async () => {
  // Blue's Tiger steps next to Red's Lion, which takes it; Blue resigns.
  const game = await page.evaluate(async () => {
    const post = async (path, body) =>
      (await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();
    const g = await post('/api/games', { variant: 'flip', fen: '3c/4/2l1/L2T w - 0 1' });
    await post(`/api/games/${g.id}/moves`, { move: 'd1c1' });
    await post(`/api/games/${g.id}/moves`, { move: 'c2c1' });
    return post(`/api/games/${g.id}/resign`, { side: 'blue' });
  });
  assert.equal(game.status, 'over');
  await page.goto(`${url}#game=${game.id}`);
  await page.locator('body[data-ready="true"]').waitFor();
  await waitForPlies(2);
  // A finished game is reviewed by itself, as every game that allows a review is.
  await page.locator('#review-panel').waitFor();
  await page.locator('#review-panel[data-status="done"]').waitFor({ timeout: 30000 });
  assert.equal(await page.locator('#review-progress').textContent(), 'Reviewed. Click the graph to go to a move.');
  assert.equal(await firstMove().getAttribute('data-judgement'), 'blunder');
  assert.match(await firstMove().textContent(), /^d1c1\?\?$/);
  assert.match(
    await page.locator('#review-summary li').first().textContent(),
    /^1\. Blue d1c1\?\? blunder: 51% → 0% \(better a1(b1|a2)\)$/,
  );
  assert.equal(await page.locator('#review-summary li').count(), 1);
  assert.equal(await page.locator('#review-start').isHidden(), true);
  // The graph of Blue's expected score, the blunder marked on it.
  await page.locator('#eval-graph .graph-line').waitFor();
  assert.equal(await page.locator('#eval-graph .graph-mark.blunder').getAttribute('data-ply'), '1');
  await shot('flip-review');

  // Looking back: the first ply in the move list shows the board after it,
  // the banner out of the way; the arrow key goes back to the start.
  const squares = () =>
    page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('#flip-board .flip-cell[data-piece]')].map((c) => [
          /** @type {HTMLElement} */ (c).dataset.square,
          /** @type {HTMLElement} */ (c).dataset.piece,
        ]),
      ),
    );
  assert.deepEqual(await squares(), { d4: 'c', a1: 'L', c1: 'l' });
  await firstMove().click();
  await page.locator('#flip-board[data-ply="1"]').waitFor();
  assert.deepEqual(await squares(), { d4: 'c', c2: 'l', a1: 'L', c1: 'T' });
  assert.equal(await page.locator('#banner').isHidden(), true);
  assert.match(await page.locator('#status').textContent(), /^Viewing the position after 1\. d1c1/);
  assert.equal(await page.locator('#moves button.mv[aria-current="true"]').count(), 1);
  assert.equal(await page.locator('#moves button.mv[aria-current="true"]').getAttribute('data-ply'), '1');
  await shot('flip-review-ply-1');
  await page.keyboard.press('ArrowLeft');
  await page.locator('#flip-board[data-ply="0"]').waitFor();
  assert.deepEqual(await squares(), { d4: 'c', c2: 'l', a1: 'L', d1: 'T' });
  assert.equal(await page.locator('#nav-prev').isDisabled(), true);
  // A click on the graph's right end, and the way back to the game.
  const box = await page.locator('#eval-graph').boundingBox();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await page.locator('#flip-board[data-ply="2"]').waitFor();
  assert.equal(await page.locator('#nav-last').isDisabled(), true);
  await firstMove().click();
  await page.locator('#nav-last').click();
  await page.locator('#flip-board[data-ply="2"]').waitFor();
  assert.equal(await page.locator('#banner').isHidden(), false);
  assert.deepEqual(await squares(), { d4: 'c', a1: 'L', c1: 'l' });
});

test("a timed flip game shows its clocks: the colour to move runs its seat's clock", async () => {
  // New with the one game app: the flip page showed no clocks.
  const game = await page.evaluate(async () => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'flip', time_control: { kind: 'sudden_death', initial_ms: 300000 } }),
    });
    return r.json();
  });
  await page.goto(`${url}#game=${game.id}`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator(`#flip-board[data-game="${game.id}"] .flip-cell`).first().waitFor();
  for (const strip of ['#strip-top', '#strip-bottom']) {
    assert.match(await page.locator(`${strip} .clock`).textContent(), /^5:00/);
  }
  await cell('a1').click();
  await waitForPlies(1);
  // The first flip decided the colours: the clock that runs is that of the
  // seat now to move, on the strip of the colour it plays.
  const state = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), game.id);
  assert.equal(state.clock.running, state.seat_to_move);
  await page.locator(`.player-strip[data-side="${state.side_to_move}"] .clock.running`).waitFor();
  assert.equal(await page.locator('.player-strip .clock.running').count(), 1);
  assert.match(await page.locator(`.player-strip[data-side="${state.side_to_move}"]`).textContent(), /Player/);
});

test('engine against engine: a flip game from the start to its end', async () => {
  await h.newGame(page, { mode: 'engines', variant: 'flip', skill: '0', movetime: '250' });
  // Every tile starts face down; the engines flip and move until the game ends.
  await page.locator('#banner').waitFor({ state: 'visible', timeout: 300000 });
  const title = await page.locator('#banner-title').textContent();
  assert.match(title, /wins|[Dd]raw/);
  const plies = await h.moveCount(page);
  assert.ok(plies >= 2, `${plies} plies`);
  const record = await page.evaluate(async (href) => (await fetch(href)).text(), await page.locator('#btn-download').getAttribute('href'));
  assert.match(record, /\[Result "(1-0|0-1|1\/2-1\/2)"\]/);
  // The record holds every flip with what it revealed.
  assert.match(record, /1\. [a-d][1-4]\?=[RCDWPTLE]/i);
  await shot('flip-engines-end');
});
