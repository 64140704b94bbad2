// Browser tests of the puzzle trainer: a real `jungle serve` with the
// shipped puzzles, driven in headless Chromium. A puzzle solved (right, the
// rating going up as Glicko-2 says) and one failed (wrong, the solution
// shown, the rating going down).
//   JUNGLE_BINARY=build/x/jungle node --test tests/browser/puzzles.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-puzzles-');

let server;
let url;
let browser;
let page;

const shot = (name) => page.screenshot({ path: path.join(shots, `${name}.png`) });
const square = (name) => h.square(page, name, 'puzzle-board');
const text = (id) => page.locator(`#${id}`).textContent();

// Waits until #puzzle-feedback says `re`; a timeout says what it said.
async function expectFeedback(re) {
  try {
    await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#puzzle-feedback').textContent), re.source, { timeout: 15000 });
  } catch (e) {
    await shot('puzzle-feedback-timeout');
    throw new Error(`the trainer says "${await text('puzzle-feedback')}", not ${re}`, { cause: e });
  }
}

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => { throw e; });
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

test('the top bar opens the trainer with a puzzle, and the game comes back', async () => {
  await h.openPage(page, url);
  await page.keyboard.press('Escape'); // the new-game dialog the page opens with
  await page.locator('#btn-puzzles').click();
  await page.locator('#puzzle-trainer').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#game-layout').isVisible(), false);
  await page.waitForFunction(() => /^Puzzle [0-9a-f]{12}$/.test(document.querySelector('#puzzle-title').textContent));
  assert.equal(await text('puzzle-rating'), 'Your puzzle rating: 1500?');
  const themes = await page.locator('#puzzle-theme option').allTextContents();
  assert.deepEqual(themes, ['All themes', 'den-attack (23)', 'trap (43)', 'river-jump (32)', 'rat-elephant (10)', 'defence (51)', 'endgame (3)']);
  await page.locator('#puzzle-close').click();
  await page.locator('#game-layout').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#puzzle-trainer').isVisible(), false);
});

test('a puzzle solved: right at once, and the rating goes up', async () => {
  // Blue's Rat next to the den: e9d9 wins (den-attack, one move).
  await page.goto(`${url}#puzzle=3bd2369f2239`);
  await page.locator('#puzzle-trainer').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('#puzzle-title').textContent === 'Puzzle 3bd2369f2239');
  assert.match(await text('puzzle-goal'), /^Blue to move: find the winning line\. Puzzle rating 1000\.$/);
  // The side to move at the bottom: Blue's den (d1) below Red's (d9).
  const d1 = await square('d1').boundingBox();
  const d9 = await square('d9').boundingBox();
  assert.ok(d1.y > d9.y, 'Blue plays up the board');
  await square('e9').click();
  await square('d9').click();
  await expectFeedback(/^Right! Puzzle solved\.$/);
  assert.equal(await page.locator('#puzzle-feedback').getAttribute('data-result'), 'right');
  // 1500/350 beats 1000/150: 1536, deviation 318 (docs/puzzles.md).
  assert.equal(await text('puzzle-rating'), 'Your puzzle rating: 1536? (+36)');
  assert.equal(await text('puzzle-solution'), 'Solution: e9d9');
  await shot('puzzle-solved');
});

test('a puzzle failed: wrong at once, the solution shown, and the rating goes down', async () => {
  // Three plies: b9c9, c7b7, c9d9. The Cat's c2c1 is legal and wrong.
  await page.goto(`${url}#puzzle=3595d23ed250`);
  await page.waitForFunction(() => document.querySelector('#puzzle-title').textContent === 'Puzzle 3595d23ed250');
  assert.equal(await page.locator('#puzzle-solution').isVisible(), false);
  await square('c2').click();
  await square('c1').click();
  await expectFeedback(/^Wrong: that is not the move\.$/);
  assert.equal(await page.locator('#puzzle-feedback').getAttribute('data-result'), 'wrong');
  assert.equal(await text('puzzle-solution'), 'Solution: b9c9 c7b7 c9d9');
  // 1536/318 loses to 1075/150: Glicko-2 moves a provisional rating far.
  assert.equal(await text('puzzle-rating'), 'Your puzzle rating: 1138? (-398)');
  assert.equal(await page.locator('#puzzle-show-solution').isDisabled(), true);
  await shot('puzzle-failed');
});

test('Red to move at the bottom; a right move is answered, and "Show solution" fails the puzzle', async () => {
  // Red: b1c1, Blue's reply g1f1, then c1d1 into Blue's den.
  await page.goto(`${url}#puzzle=fd205e316f9b`);
  await page.waitForFunction(() => document.querySelector('#puzzle-title').textContent === 'Puzzle fd205e316f9b');
  assert.match(await text('puzzle-goal'), /^Red to move: /);
  const d1 = await square('d1').boundingBox();
  const d9 = await square('d9').boundingBox();
  assert.ok(d9.y > d1.y, 'Red plays up the board');
  const before = await text('puzzle-rating');
  await square('b1').click();
  await square('c1').click();
  await expectFeedback(/^Right! Keep going\.$/);
  // The reply lands: Blue's piece on f1, and the board takes moves again.
  await page.waitForFunction(() => !!document.querySelector('#puzzle-board [data-on="f1"]') && !document.querySelector('#puzzle-board [data-on="g1"]'));
  await page.locator('#puzzle-show-solution').click();
  await expectFeedback(/^Puzzle failed\.$/);
  assert.equal(await text('puzzle-solution'), 'Solution: b1c1 g1f1 c1d1');
  assert.notEqual(await text('puzzle-rating'), before);
  assert.match(await text('puzzle-rating'), /\(-\d+\)$/);

  // Next: another puzzle; the daily one: the day's.
  await page.locator('#puzzle-next').click();
  await page.waitForFunction(() => !/fd205e316f9b/.test(document.querySelector('#puzzle-title').textContent) && document.querySelector('#puzzle-feedback').textContent === '');
  await page.locator('#puzzle-daily').click();
  await page.waitForFunction(() => /^Daily puzzle, \d{4}-\d\d-\d\d$/.test(document.querySelector('#puzzle-title').textContent));
});
