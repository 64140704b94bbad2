// Issue 29's findings on the page (items 8, 10 and 11), each checked in
// headless Chromium against a real server: a click just after the engine's
// reply, the page with no game, a spectator's buttons, the evaluation bar
// on a 7x7 board and in dark mode, Flip Jungle's messages and end banner,
// and a downloaded record with its side lines.
//   JUNGLE_BINARY=build/x/jungle node --test tests/browser/page_hardening.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-page-hardening-');
let server;
let url;
let browser;

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

const shot = (p, name) => p.screenshot({ path: path.join(shots, `hardening-${name}.png`) });

/** A page of its own (its own cookies: its own player). */
async function freshPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
}

/** Creates a game through the API from inside the page and opens it. */
async function openGameFrom(page, body) {
  const game = await page.evaluate(async (b) => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(b),
    });
    return r.json();
  }, body);
  await page.evaluate((i) => {
    location.hash = `game=${i}`;
  }, game.id);
  return game;
}

async function clickMove(p, m, board = 'board') {
  await h.square(p, m.slice(0, 2), board).click();
  await h.square(p, m.slice(2), board).click();
}

const bothHuman = { blue: { type: 'human' }, red: { type: 'human' } };

test("item 8: a piece picked up while the engine's reply is drawn stays picked up, and its move is played", async () => {
  const page = await freshPage();
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'blue', skill: '0', movetime: '250' });
  // Moves are drawn ten times slower, so that the click surely lands while
  // the reply is drawn (260 ms at normal speed).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
  const reply = page.waitForResponse((r) => r.url().includes('/engine-move'));
  await clickMove(page, 'a3a4');
  await reply;
  // The reply has landed and is being drawn: the player picks up a piece...
  await h.square(page, 'g3').click();
  // ...and, once the board shows the reply, clicks where it goes.
  await h.waitForMoves(page, 2);
  assert.equal(await page.locator('#board rect.mark-selected').count(), 1, 'the piece is still picked up');
  await h.square(page, 'g4').click();
  await h.waitForMoves(page, 3);
  assert.equal((await page.locator('#moves button.mv:not(.gap)').allTextContents())[2], 'g3g4');
  await page.context().close();
});

test("item 10: with no game, the game's buttons are off and no empty strips show", async () => {
  const page = await freshPage();
  await h.openPage(page, url);
  await page.locator('#dlg-new').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await page.locator('#dlg-new').waitFor({ state: 'hidden' });
  for (const id of ['btn-hint', 'btn-undo', 'btn-resign', 'review-start', 'btn-copy-fen', 'btn-edit-here']) {
    assert.equal(await page.locator(`#${id}`).isDisabled(), true, `#${id} is off with no game`);
  }
  assert.equal(await page.locator('#analyse-toggle').isDisabled(), true);
  assert.equal(await page.locator('#btn-download').getAttribute('aria-disabled'), 'true');
  for (const id of ['strip-top', 'strip-bottom', 'eval-bar']) {
    assert.equal(await page.locator(`#${id}`).evaluate((e) => getComputedStyle(e).visibility), 'hidden', `#${id}`);
  }
  await shot(page, '01-no-game');
  // A game brings them back.
  await h.newGame(page, { mode: 'friend' });
  assert.equal(await page.locator('#btn-resign').isDisabled(), false);
  assert.equal(await page.locator('#strip-top').evaluate((e) => getComputedStyle(e).visibility), 'visible');
  await page.context().close();
});

test('item 10: a spectator of engines playing each other is offered no hint', async () => {
  const owner = await freshPage();
  await h.openPage(owner, url);
  if (await owner.locator('#dlg-new').isVisible()) await owner.keyboard.press('Escape');
  const engine = { type: 'engine', skill: 0, movetime_ms: 100 };
  const game = await openGameFrom(owner, { blue: engine, red: engine });
  await owner.locator('#btn-pause').waitFor({ state: 'visible' });
  await owner.locator('#btn-pause').click(); // paused: nothing moves meanwhile
  const watcher = await freshPage();
  await h.openPage(watcher, `${url}#game=${game.id}`);
  await watcher.locator('#board .piece').first().waitFor();
  await h.expectStatus(watcher, /to move/);
  assert.equal(await watcher.locator('#btn-hint').isHidden(), true, 'no Hint for a spectator');
  assert.equal(await watcher.locator('#btn-resign').isHidden(), true);
  assert.equal(await watcher.locator('#btn-pause').isHidden(), true, 'nor a Pause that pauses nothing');
  await shot(watcher, '02-spectator');
  await owner.context().close();
  await watcher.context().close();
});

/** The board's box, the evaluation bar's, and the drawing's shape (viewBox). */
const boxes = (p) =>
  p.evaluate(() => {
    const box = (id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const vb = document.getElementById('board').viewBox.baseVal;
    return { board: box('board'), bar: box('eval-bar'), ratio: vb.height / vb.width };
  });

test('item 10: on a 7x7 board the evaluation bar is as tall as the board', async () => {
  const page = await freshPage();
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend', variant: 'animal-checkers' });
  await page.locator('#analyse-toggle').check();
  const { board, bar, ratio } = await boxes(page);
  assert.equal(ratio, 1, 'a 7x7 drawing is square');
  assert.ok(
    Math.abs(board.height - board.width * ratio) < 1.5,
    `the board's box fits its drawing: ${JSON.stringify(board)}`,
  );
  assert.ok(Math.abs(bar.height - board.height) < 1.5, `bar ${bar.height}px, board ${board.height}px`);
  await shot(page, '03-7x7-eval-bar');
  // And back on a 7x9 board.
  await h.newGame(page, { mode: 'friend', variant: 'standard' });
  const nine = await boxes(page);
  assert.ok(Math.abs(nine.bar.height - nine.board.height) < 1.5);
  assert.ok(Math.abs(nine.board.height - nine.board.width * nine.ratio) < 1.5);
  await page.context().close();
});

/** WCAG's contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c
      .match(/\d+(\.\d+)?/g)
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('item 10: in dark mode the Blue part of the evaluation bar stands out from the Red part', async () => {
  const page = await freshPage({ colorScheme: 'dark' });
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend' });
  await page.locator('#analyse-toggle').check();
  const blue = await page.locator('#eval-fill').evaluate((e) => getComputedStyle(e).backgroundColor);
  const red = await page.locator('#eval-bar').evaluate((e) => getComputedStyle(e).backgroundColor);
  const ratio = contrast(blue, red);
  assert.ok(ratio >= 4.5, `Blue ${blue} on Red ${red}: contrast ${ratio.toFixed(2)}`);
  await shot(page, '04-dark-eval-bar');
  await page.context().close();
});

test('item 10: Flip Jungle tells of flips in its panel, and its end banner leaves the board free', async () => {
  const page = await freshPage();
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  const plies = (n) => h.waitForMoves(page, n);
  const cell = (name) => page.locator(`#flip-board .flip-cell[data-square="${name}"]`);
  await openGameFrom(page, { variant: 'flip' });
  await cell('a1').waitFor();
  // Four flips in a row: one line in the panel, no pile of toasts.
  for (const [i, sq] of ['a1', 'b1', 'c1', 'd1'].entries()) {
    await cell(sq).click();
    await plies(i + 1);
  }
  assert.match(await page.locator('#flip-news').textContent(), /^d1\? revealed the (Blue|Red) /);
  assert.equal(await page.locator('.toast', { hasText: 'revealed' }).count(), 0);

  // A game that ends at once: the Elephant takes the Lion, the Rat the Elephant.
  await openGameFrom(page, { variant: 'flip', fen: '4/4/rl2/1E2 w - 0 1' });
  await cell('b1').locator('.flip-tile.blue').waitFor();
  await cell('b1').click();
  await cell('b2').click();
  await plies(1);
  await cell('a2').click();
  await cell('b2').click();
  await plies(2);
  await page.locator('#banner').waitFor({ state: 'visible' });
  const [banner, board] = await Promise.all(['#banner', '#flip-board'].map((s) => page.locator(s).boundingBox()));
  const centre = { x: board.x + board.width / 2, y: board.y + board.height / 2 };
  const covers = (b, p) => p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height;
  assert.equal(covers(banner, centre), false, `banner ${JSON.stringify(banner)}, board ${JSON.stringify(board)}`);
  assert.ok(banner.y >= board.y + board.height - 1, 'the banner is under the board');
  await shot(page, '05-flip-over');
  await page.context().close();
});

test('item 11: a downloaded record has the side lines explored, reads back with them, and loads back with them', async () => {
  const page = await freshPage({ acceptDownloads: true });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  await openGameFrom(page, bothHuman);
  await page.locator('#board .piece').first().waitFor();
  for (const [i, m] of ['a3a4', 'g7g6', 'g3g4'].entries()) {
    await clickMove(page, m);
    await h.waitForMoves(page, i + 1);
  }
  // A side line after 1. a3a4, and one inside it.
  // Positions away from the game's end get their moves from the server.
  await page.locator('#moves button.mv[data-ply="1"]').click();
  await h.pickUp(page, 'a7');
  await h.square(page, 'a6').click();
  await page.locator('#moves li.variation').waitFor();
  await h.pickUp(page, 'a4');
  await h.square(page, 'a5').click();
  await page.waitForFunction(() => document.querySelectorAll('#moves li.variation button.mv').length === 2);
  await page.locator('#moves li.variation button.mv', { hasText: 'a7a6' }).click();
  await clickMove(page, 'g3g4');
  await page.waitForFunction(() => document.querySelectorAll('#moves li.variation button.mv').length === 3);

  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#btn-download').click()]);
  assert.match(download.suggestedFilename(), /^jungle-game-\d+\.jgn$/);
  const file = path.join(work, 'side-lines.jgn');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  assert.match(text, /\[Variant "standard"\]/);
  assert.match(text, /\n1\. a3a4 g7g6 \(1\.\.\. a7a6 2\. a4a5 \(2\. g3g4\)\) 2\. g3g4 \*\n$/, text);
  // The project's reader takes it, side lines and all.
  const check = spawnSync(h.binary, ['pgn', 'check', file], { encoding: 'utf8' });
  assert.equal(check.status, 0, check.stdout + check.stderr);
  const lines = () => page.locator('#moves li.variation').allTextContents();
  const lineMoves = () => page.locator('#moves li.variation button.mv').allTextContents();
  const shown = await lines();
  // Numbers and parentheses are the move list's own (no spaces in the text).
  assert.deepEqual(shown, ['(1…a7a62.a4a5(2.g3g4))']);
  assert.deepEqual(await lineMoves(), ['a7a6', 'a4a5', 'g3g4']);

  // Loaded back, the record is a new game with the same side lines in the
  // move list, and downloads again as it was.
  const before = await page.evaluate(() => location.hash);
  await page.locator('#btn-load').click();
  await page.locator('#load-text').fill(text);
  await page.locator('#load-go').click();
  await page.locator('#dlg-load').waitFor({ state: 'hidden' });
  await page.waitForFunction((b) => location.hash !== b, before);
  await page.waitForFunction(() => document.querySelectorAll('#moves li.variation button.mv').length === 3);
  assert.deepEqual(await page.locator('#moves button.mv:not(li.variation *)').allTextContents(), [
    'a3a4',
    'g7g6',
    'g3g4',
  ]);
  assert.deepEqual(await lines(), shown);
  assert.deepEqual(await lineMoves(), ['a7a6', 'a4a5', 'g3g4']);
  // The lines are the analysis board's own: a move of one shows its position.
  await page.locator('#moves li.variation button.mv', { hasText: 'g3g4' }).click();
  await page.waitForFunction(
    () => document.querySelector('#moves li.variation button[aria-current="true"]')?.textContent === 'g3g4',
  );
  const [again] = await Promise.all([page.waitForEvent('download'), page.locator('#btn-download').click()]);
  const second = path.join(work, 'side-lines-again.jgn');
  await again.saveAs(second);
  // The moves and their side lines as they were; the engine may have
  // analysed the loaded game meanwhile, and a move's evaluation is then a
  // comment after it (with the move number said again after the comment).
  const moves = (t) =>
    t
      .slice(t.indexOf('\n\n'))
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\d+\.(\.\.)?/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  assert.equal(moves(text), 'a3a4 g7g6 ( a7a6 a4a5 ( g3g4)) g3g4 *');
  assert.equal(moves(readFileSync(second, 'utf8')), moves(text));
  await page.context().close();
});

// A move's answer and its echo on the game's event stream (a game with a
// clock has one) each draw the move before showing it. When both drew it
// at once, the one that finished second still took the player for one
// following the game (as they were when it arrived) and put the view back
// at the game's end: a position the player had gone back to meanwhile (the
// start, to try a side line) was left. Moves are drawn a hundred times
// slower here and the answer is held until the echo is being drawn, so
// both draw at once; the echo's drawing is then finished and the player
// goes back.
test("a view chosen while a move's answer and its echo are both drawn stays where the player put it", async () => {
  const page = await freshPage();
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  const clock = { kind: 'increment', initial_ms: 600000, increment_ms: 0 };
  await openGameFrom(page, { ...bothHuman, time_control: clock });
  await page.locator('#board .piece').first().waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.01 });
  // The drawings of a piece's move (not the page's CSS transitions).
  const drawings = () =>
    document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.target?.classList?.contains('piece'));
  await page.route(/\/api\/games\/\d+\/moves$/, async (route) => {
    const response = await route.fetch();
    await page.waitForFunction((f) => eval(f)().length === 1, drawings.toString());
    await route.fulfill({ response });
  });
  await clickMove(page, 'a3a4');
  // The echo is drawn, then the answer too: two drawings of the same move.
  await page.waitForFunction((f) => eval(f)().length === 2, drawings.toString());
  await page.evaluate((f) => eval(f)()[0].finish(), drawings.toString());
  await h.waitForMoves(page, 1);
  await page.locator('#nav-first').click();
  const viewed = () => page.locator('#moves button.mv[aria-current="true"]').count();
  assert.equal(await viewed(), 0, 'the start is viewed');
  // The second drawing ends; nothing may move the view.
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await page.waitForFunction((f) => eval(f)().length === 0, drawings.toString());
  // (The drawing's end is followed by no event to wait for: a second is
  // far more than the 260 ms a move is drawn in.)
  await page.waitForTimeout(1000);
  assert.equal(await viewed(), 0, "still the start, not the game's end");
  assert.match((await h.square(page, 'a3').getAttribute('aria-label')) ?? '', /^a3: Blue/);
  await page.context().close();
});

// A past position's moves come from the server; a request for them that
// failed left its pieces impossible to pick up until something else drew
// the board again. It is asked for again.
test("a past position's moves that could not be fetched are asked for again", async () => {
  const page = await freshPage();
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  await openGameFrom(page, bothHuman);
  await page.locator('#board .piece').first().waitFor();
  await clickMove(page, 'a3a4');
  await h.waitForMoves(page, 1);
  let asked = 0;
  await page.route('**/api/positions/validate', async (route) => {
    asked += 1;
    if (asked > 1) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'busy' } }),
    });
  });
  await page.locator('#nav-first').click();
  await h.pickUp(page, 'a3');
  assert.equal(asked, 2, 'refused once, then asked again');
  await page.context().close();
});
