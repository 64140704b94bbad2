// Browser tests of the web app: a real `jungle serve` on a free loopback
// port with a fresh database, driven in Debian's headless Chromium.
//   JUNGLE_BINARY=build/x/jungle JUNGLE_SCREENSHOTS=build/x/screenshots node --test tests/browser/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-browser-');

let server;
let url;
let browser;
let page;

const shot = (name, p = page) => p.screenshot({ path: path.join(shots, `${name}.png`) });
const square = (name, p = page, board = 'board') => h.square(p, name, board);
const moveCount = (p = page) => h.moveCount(p);
const expectStatus = (re, p = page) => h.expectStatus(p, re);
const waitForMoves = (n, p = page) => h.waitForMoves(p, n);
const newGame = h.newGame;

// Waits until the analysis panel shows a completed depth. These waits have
// timed out now and then in CI on a busy machine; a timeout says what the
// panel and the status showed instead, and leaves a screenshot.
async function waitForDepth(p = page) {
  try {
    await p.waitForFunction(() => /depth \d+/.test(document.querySelector('#analysis-stats').textContent), null, { timeout: 20000 });
  } catch (e) {
    const stats = await p.locator('#analysis-stats').textContent();
    const status = await p.locator('#status').textContent();
    await shot('no-analysis-depth', p);
    throw new Error(`no analysis depth within 20 s: the panel says "${stats}", the status "${status}"`, { cause: e });
  }
}

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page.on('pageerror', (e) => { throw e; });
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

test('the page loads and offers a new game', async () => {
  await page.goto(url);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('#dlg-new').waitFor({ state: 'visible' });
  const variants = await page.locator('#new-variant option').allTextContents();
  assert.ok(variants.includes('standard') && variants.includes('animal-checkers'), variants.join(','));
  await page.locator('#new-variant').selectOption('wikipedia');
  assert.match(await page.locator('#new-variant-desc').textContent(), /Wikipedia/);
  await page.locator('#new-variant').selectOption('standard');
  await shot('01-new-game-dialog');
  await page.locator('#new-skill').selectOption('0');
  await page.locator('#new-movetime').selectOption('250');
  await page.locator('#new-start').click();
  await page.locator('#dlg-new').waitFor({ state: 'hidden' });
  await expectStatus(/Your move/);
  assert.equal(await page.locator('#board .piece').count(), 16);
  // Nothing in the header needs a CJK font: the logo is an image and the
  // character style's button draws its character as outlines.
  assert.equal(await page.locator('.brand img.brand-mark').count(), 1);
  assert.equal(await page.locator('#piece-style button[data-style="glyph"] svg path').count(), 1);
  assert.doesNotMatch(await page.locator('header.topbar').innerText(), /[\u4e00-\u9fff]/);
  await shot('02-start-position');
});

test('moves by clicking and the engine replies', async () => {
  await square('a3').click();
  await page.locator('circle.target[data-target="a4"]').waitFor();
  await shot('03-piece-picked-up');
  await square('a4').click();
  await waitForMoves(2);
  const moves = await page.locator('#moves button.mv').allTextContents();
  assert.equal(moves[0], 'a3a4');
  assert.match(moves[1], /^[a-g][1-9][a-g][1-9]$/);
  await expectStatus(/Your move/);
  await page.waitForTimeout(400); // the reply's slide
  await shot('04-engine-replied');
});

test('an illegal move is refused with the reason', async () => {
  await square('c3').click();
  await square('c4').click(); // the Wolf may not swim
  const toast = page.locator('.toast.error').last();
  await toast.waitFor();
  assert.match(await toast.textContent(), /Wolf may not enter the water/);
  assert.equal(await moveCount(), 2);
  await shot('05-illegal-move-refused');
});

test('take back returns to the player\'s last turn', async () => {
  await page.locator('#btn-undo').click();
  await waitForMoves(0);
  await expectStatus(/Your move/);
  assert.equal(await page.locator('#board .piece[data-on="a3"]').count(), 1);
});

test('a reload finds the game still there', async () => {
  await square('g3').click();
  await square('g4').click();
  await waitForMoves(2);
  await expectStatus(/Your move/);
  const fen = await page.locator('#fen-text').textContent();
  const hash = new URL(page.url()).hash;
  assert.match(hash, /game=\d+/);
  await page.reload();
  await page.locator('body[data-ready="true"]').waitFor();
  await waitForMoves(2);
  assert.equal(await page.locator('#fen-text').textContent(), fen);
  assert.equal((await page.locator('#moves button.mv').allTextContents())[0], 'g3g4');
});

test('the game downloads as a record', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#btn-download').click()]);
  const file = path.join(work, 'record.jgn');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  assert.match(text, /\[Variant "standard"\]/);
  assert.match(text, /1\. g3g4 [a-g][1-9][a-g][1-9]/);
  assert.match(download.suggestedFilename(), /^jungle-game-\d+\.jgn$/, "named for the project's own record format");
});

test('live analysis streams an evaluation and a best line', async () => {
  await page.locator('#analyse-toggle').check();
  await waitForDepth();
  assert.notEqual(await page.locator('#eval-text').textContent(), '');
  assert.ok(await page.locator('#pv .pv-move').count() > 0);
  await page.locator('line.arrow-best').waitFor({ state: 'attached' });
  await shot('06-live-analysis');
  // Analysis follows the position being viewed.
  await page.locator('#nav-first').click();
  await page.waitForFunction(() => document.querySelector('#fen-text').textContent.startsWith('l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R'));
  await waitForDepth();
  await page.locator('#nav-last').click();
  await page.locator('#analyse-toggle').uncheck();
});

test('hint shows a suggested move', async () => {
  await page.locator('#btn-hint').click();
  await page.locator('line.arrow-hint').waitFor({ state: 'attached', timeout: 15000 });
  assert.match(await page.locator('.toast.info').last().textContent(), /Hint: [a-g][1-9][a-g][1-9]/);
});

test('a hint beside a running analysis is the best line it found, not a second search', async () => {
  // The server runs hints and analyses on one share of its engines: a hint
  // asked of it now would wait for the analysis' end, up to 15 s.
  /** @type {string[]} */
  const hintRequests = [];
  /** @param {import('playwright-core').Request} r */
  const onRequest = (r) => {
    if (/\/hint$/.test(new URL(r.url()).pathname)) hintRequests.push(r.url());
  };
  page.on('request', onRequest);
  try {
    await page.locator('#analyse-toggle').check();
    await waitForDepth();
    await page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
    await page.locator('#btn-hint').click();
    await page.locator('.toast.info', { hasText: /^Hint: [a-g][1-9][a-g][1-9] / }).waitFor({ timeout: 5000 });
    assert.deepEqual(hintRequests, []);
    await page.locator('line.arrow-hint').waitFor({ state: 'attached' });
  } finally {
    page.off('request', onRequest);
    await page.locator('#analyse-toggle').uncheck();
  }
});

test('a game set up in the editor ends by den entry', async () => {
  await page.locator('#btn-setup').click();
  await page.locator('#dlg-setup').waitFor({ state: 'visible' });
  // Blue or Red to move: "the first flip decides" is a flip board's alone.
  assert.equal(await page.locator('#setup-side-undecided').isVisible(), false);
  // A bad FEN is refused with the reason.
  await page.locator('#setup-fen').fill('7/7/7 w');
  await page.locator('#setup-apply-fen').click();
  await page.waitForFunction(() => document.querySelector('#setup-validation').textContent.startsWith('✗'));
  assert.match(await page.locator('#setup-validation').textContent(), /ranks/);
  assert.ok(await page.locator('#setup-play').isDisabled());
  // Place a Blue Lion beside Red's den and a Red Rat far away, by clicking.
  await page.locator('#setup-clear').click();
  await page.locator('.palette-item[data-tool="blue-L"]').click();
  await square('c9', page, 'setup-board').click();
  await page.locator('.palette-item[data-tool="red-R"]').click();
  await square('a5', page, 'setup-board').click();
  await page.waitForFunction(() => document.querySelector('#setup-validation').textContent.startsWith('✓'));
  assert.equal(await page.locator('#setup-fen').inputValue(), '2L4/7/7/7/r6/7/7/7/7 w 0 1');
  await shot('07-position-editor');
  await page.locator('#setup-play').click();
  await page.locator('#dlg-new').waitFor({ state: 'visible' });
  assert.match(await page.locator('#new-start-note').textContent(), /2L4\/7\/7\/7\/r6/);
  await page.locator('#form-new input[name="mode"][value="friend"]').check();
  await h.startFromDialog(page);
  await square('c9').click();
  await square('d9').click();
  await page.locator('#banner').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#banner-title').textContent(), 'Blue wins');
  assert.equal(await page.locator('#banner-text').textContent(), "The Lion entered Red's den");
  await expectStatus(/Blue wins/);
  await page.waitForTimeout(500); // the banner's entrance
  await shot('08-den-entered');
});

test('a piece dragged across the river jumps and captures', async () => {
  await page.locator('#btn-setup').click();
  await page.locator('#dlg-setup').waitFor({ state: 'visible' });
  await page.locator('#setup-fen').fill('7/7/1c5/7/7/7/1L5/7/7 w');
  await page.locator('#setup-fen').press('Enter');
  await page.waitForFunction(() => document.querySelector('#setup-validation').textContent.startsWith('✓'));
  await page.locator('#setup-play').click();
  await page.locator('#form-new input[name="mode"][value="friend"]').check();
  await h.startFromDialog(page);
  const from = await square('b3').boundingBox();
  const to = await square('b7').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await shot('09-dragging');
  await page.mouse.up();
  await expectStatus(/Blue wins: Red has no pieces left/);
  const moves = await page.locator('#moves button.mv').allTextContents();
  assert.deepEqual(moves, ['b3b7']);
  assert.match(await page.locator('#moves button.mv').first().getAttribute('class'), /capture/);
  assert.match(await page.locator('#moves button.mv').first().getAttribute('class'), /jump/);
  assert.equal(await page.locator('#board .piece.red').count(), 0);
});

test('a pasted record loads for review', async () => {
  await page.locator('#btn-load').click();
  await page.locator('#load-text').fill('[Variant "standard"]\n[Result "*"]\n\n1. g3g4 a7a6 2. e3d3 *\n');
  await page.locator('#load-go').click();
  await page.locator('#dlg-load').waitFor({ state: 'hidden' });
  await waitForMoves(3);
  await page.locator('#nav-last').click();
  assert.equal(await page.locator('#board .piece[data-on="d3"]').count(), 1);
  // A broken record is refused and the dialog stays open with the reason.
  await page.locator('#btn-load').click();
  await page.locator('#load-text').fill('1. a3a5 *');
  await page.locator('#load-go').click();
  await page.waitForFunction(() => document.querySelector('#load-error').textContent.length > 0);
  assert.match(await page.locator('#load-error').textContent(), /a3a5/);
  await page.locator('#dlg-load button[value="cancel"]').click();
});

test('the games list shows past games and opens one', async () => {
  await page.locator('#btn-games').click();
  await page.locator('#dlg-games').waitFor({ state: 'visible' });
  const rows = page.locator('#games-body tr[data-game]');
  assert.ok(await rows.count() >= 3);
  await shot('10-games-list');
  await rows.last().locator('button', { hasText: 'Open' }).click();
  await page.locator('#dlg-games').waitFor({ state: 'hidden' });
  await waitForMoves(2);
});

test('engines play each other, and piece styles switch', async () => {
  await newGame(page, { mode: 'engines', skill: '0', movetime: '250' });
  await page.waitForFunction(() => document.querySelectorAll('#moves button.mv').length >= 6, null, { timeout: 30000 });
  await page.locator('#btn-pause').click();
  await page.locator('#piece-style button[data-style="letter"]').click();
  assert.ok(await page.locator('#board .piece .letter').count() > 0);
  await shot('11-engines-letters');
  await page.locator('#piece-style button[data-style="icon"]').click();
  assert.ok(await page.locator('#board .piece .icon').count() > 0);
  await shot('12-icons');
  await page.locator('#piece-style button[data-style="glyph"]').click();
});

test('a phone screen shows the whole board, flipped for Red', async () => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.goto(url);
  await phone.locator('body[data-ready="true"]').waitFor();
  await newGame(phone, { mode: 'red', skill: '0', movetime: '250' });
  await waitForMoves(1, phone); // the engine opens as Blue
  // The engine's strip reads whole on one line (no wrapped "s", no ellipsis).
  const strip = await phone.locator('#strip-top .strip-name').evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, h: el.getBoundingClientRect().height }));
  assert.ok(strip.sw <= strip.cw + 1 && strip.h < 30, `engine strip fits: ${JSON.stringify(strip)}`);
  const box = await phone.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `board fits the width: ${JSON.stringify(box)}`);
  assert.ok(await phone.locator('body.flipped').count() === 1);
  // Red's pieces are at the bottom: a7 is near the bottom of the screen.
  const a7 = await square('a7', phone).boundingBox();
  assert.ok(a7.y > box.y + box.height / 2);
  await square('a7', phone).tap();
  await square('a6', phone).tap();
  await waitForMoves(3, phone);
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.waitForTimeout(400);
  await shot('13-phone', phone);
  await phone.close();
});
