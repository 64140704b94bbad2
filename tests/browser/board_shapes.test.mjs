// Browser test of boards of other shapes: Animal Checkers on its 7x7 board
// against the engine, its record saved and loaded back, in a real
// `jungle serve` driven by headless Chromium.
//   JUNGLE_BINARY=build/x/jungle JUNGLE_SCREENSHOTS=build/x/screenshots node --test tests/browser/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-browser-shapes-');
let server;
let url;
let browser;
let page;

const shot = (name, p = page) => p.screenshot({ path: path.join(shots, `${name}.png`) });
const square = (name, p = page) => h.square(p, name);
const waitForMoves = (n, p = page) => h.waitForMoves(p, n);

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page.on('pageerror', (e) => { throw e; });
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

test('Animal Checkers is played on its own 7x7 board against the engine', async () => {
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'blue', variant: 'animal-checkers', skill: '0', movetime: '250' });
  // 49 squares to point at, a7 the top-left corner, no rank 8 or 9 (once
  // the new game's board is drawn: the dialog closes before the answer).
  await page.waitForFunction(() => document.querySelectorAll('#board rect.hit').length === 49, null, { timeout: 20000 });
  assert.equal(await square('a7').count(), 1);
  assert.equal(await square('a8').count(), 0);
  assert.match(await page.locator('#board .den-blue title').textContent(), /d1/);
  assert.match(await page.locator('#board .den-red title').textContent(), /d7/);
  assert.equal(await page.locator('#board .water').count(), 0);
  assert.equal(await page.locator('#board .trap').count(), 0);
  const viewBox = (await page.locator('#board').getAttribute('viewBox')).split(' ').map(Number);
  assert.equal(viewBox[2], viewBox[3], 'a square board draws square');

  // Blue (the person) moves; the engine answers each move.
  await square('e2').click();
  await square('e3').click();
  await waitForMoves(2);
  await square('c2').click();
  await square('c3').click();
  await waitForMoves(4);
  await square('b1').click();
  await square('b2').click();
  await waitForMoves(6);
  await shot('animal-checkers-7x7');
});

test('the 7x7 game downloads as a record and loads back on its own board', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#btn-download').click()]);
  const file = path.join(work, 'animal-checkers.pgn');
  await download.saveAs(file);
  const record = readFileSync(file, 'utf8');
  assert.match(record, /\[Variant "animal-checkers"\]/);
  assert.match(record, /1\. e2e3 [a-g][1-7][a-g][1-7] 2\. c2c3 [a-g][1-7][a-g][1-7] 3\. b1b2 [a-g][1-7][a-g][1-7]/);
  const moves = await page.locator('#moves button.mv').allTextContents();
  const fen = await page.locator('#fen-text').textContent();

  // A new 7x9 game first, so that the loaded board must be drawn anew.
  await h.newGame(page, { mode: 'friend', variant: 'standard' });
  await page.waitForFunction(() => document.querySelectorAll('#board rect.hit').length === 63, null, { timeout: 20000 });
  await page.locator('#btn-load').click();
  await page.locator('#load-text').fill(record);
  await page.locator('#load-go').click();
  await page.locator('#dlg-load').waitFor({ state: 'hidden' });
  await waitForMoves(6);
  await page.waitForFunction(() => document.querySelectorAll('#board rect.hit').length === 49, null, { timeout: 20000 });
  assert.deepEqual(await page.locator('#moves button.mv').allTextContents(), moves);
  await page.locator('#nav-last').click();
  assert.equal(await page.locator('#fen-text').textContent(), fen);
  assert.equal(await square('a8').count(), 0);
  await shot('animal-checkers-7x7-loaded');
});
