// The analysis panel's tablebase line (issue 17, "tablebase verdicts"), in
// headless Chromium against `jungle serve --tb DIR` with a small table made
// for the test: the verdict names the winner, each move is valued, a side
// line is judged as its own position, and the line goes with the analysis;
// a Flip Jungle ending is answered from the flip tables (issue 31).
//   JUNGLE_BINARY=build/x/jungle node --test tests/browser/tablebase.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-tb-');
let server;
let url;
let browser;

before(async () => {
  // Blue's Rat against Red's Elephant, and what it leads to: a second or so.
  const tables = path.join(work, 'tb');
  mkdirSync(tables);
  execFileSync(h.binary, ['tb', 'gen', '--material', 'R-e', '--out', tables], { stdio: 'ignore' });
  ({ server, url, browser } = await h.startServerAndBrowser(work, { args: ['--tb', tables] }));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

const tbLine = (page) => page.locator('#tb-line');

/** What the server's tables say of a position. */
const probe = (page, fen) =>
  page.evaluate(async (f) => {
    const r = await fetch('/api/tablebase', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ variant: 'standard', fen: f }) });
    return r.json();
  }, fen);

test('the tables\' verdict names the winner and values each move; a side line is judged as itself', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  const start = '7/e6/7/7/7/7/7/7/1R5 w 0 1';
  const id = await page.evaluate(async (fen) => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fen, blue: { type: 'human' }, red: { type: 'human' } }),
    });
    return (await r.json()).id;
  }, start);
  await page.evaluate((i) => { location.hash = `game=${i}`; }, id);
  await page.locator('#board .piece').first().waitFor();

  const atStart = await probe(page, start);
  assert.equal(atStart.available, true);
  assert.equal(atStart.moves.length, 3); // b1: a1, c1, b2
  await page.locator('#analyse-toggle').check();
  await page.waitForFunction(() => !document.querySelector('#tb-line').hidden, null, { timeout: 20000 });
  const said = atStart.wdl === 'draw' ? 'draw' : `${atStart.wdl === 'win' ? 'Blue' : 'Red'} wins in ${atStart.distance} plies`;
  assert.match(await tbLine(page).textContent(), new RegExp(`^Tablebase: ${said}\\. Blue's moves: b1[a-c][12] `));
  assert.equal((await tbLine(page).textContent()).split(' · ').length, 3);
  await page.screenshot({ path: path.join(shots, 'tb-01-verdict.png') });

  // The game goes b1c1; back at the start, b1b2 opens a side line, and the
  // tables answer for it (Red to move), not for the game's position.
  await h.square(page, 'b1').click();
  await h.square(page, 'c1').click();
  await h.waitForMoves(page, 1);
  await page.locator('#nav-first').click();
  await h.pickUp(page, 'b1');
  await h.square(page, 'b2').click();
  await page.locator('#moves li.variation').waitFor();
  const sideLine = await probe(page, '7/e6/7/7/7/7/7/1R5/7 b 0 1');
  const redSaid = sideLine.wdl === 'draw' ? 'draw' : `${sideLine.wdl === 'win' ? 'Red' : 'Blue'} wins in ${sideLine.distance} plies`;
  await page.waitForFunction((s) => document.querySelector('#tb-line').textContent.startsWith(s), `Tablebase: ${redSaid}. Red's moves: a8`, {
    timeout: 20000,
  });

  // The line goes with the analysis.
  await page.locator('#analyse-toggle').uncheck();
  assert.equal(await tbLine(page).isHidden(), true);
  assert.equal(await tbLine(page).textContent(), '');
  await page.close();
});

// Issue 31: a Flip Jungle ending with every tile face up is answered from
// the flip tables (built by the server, no folder needed) in the same line,
// its distance the plies to the deciding capture; a position with a tile
// face down has no line.
test("a flip ending shows the flip tables' verdict in the same panel, counted to the deciding capture", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  const cell = (name) => page.locator(`#flip-board .flip-cell[data-square="${name}"]`);
  /** A hot-seat flip game from `fen`, opened on the page. @param {string} fen */
  const openFlip = async (fen) => {
    const id = await page.evaluate(async (f) => {
      const r = await fetch('/api/games', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ variant: 'flip', fen: f }),
      });
      return (await r.json()).id;
    }, fen);
    await page.evaluate((i) => { location.hash = `game=${i}`; }, id);
    await page.locator(`#flip-board[data-game="${id}"] .flip-cell`).first().waitFor();
  };
  // Blue's Elephant b1 drives Red's Cat d4 into a corner: the capture comes
  // on the seventh ply; b1c1 and b1a1 take longer.
  await openFlip('3c/4/4/1E2 w - 0 1');
  await page.locator('#analyse-toggle').check();
  await page.waitForFunction(() => !document.querySelector('#tb-line').hidden, null, { timeout: 20000 });
  assert.equal(
    await tbLine(page).textContent(),
    "Tablebase: Blue wins, the deciding capture in 7 plies. Blue's moves: b1b2 wins (capture in 7) · b1c1 wins (capture in 9) · b1a1 wins (capture in 11)",
  );
  await page.screenshot({ path: path.join(shots, 'tb-02-flip-verdict.png') });

  // b1b2: the tables answer for Red, whose Cat loses either way.
  await cell('b1').click();
  await cell('b2').click();
  await h.waitForMoves(page, 1);
  await page.waitForFunction(() => document.querySelector('#tb-line').textContent.startsWith('Tablebase: Blue wins, the deciding capture in 6'), null, {
    timeout: 20000,
  });
  assert.equal(
    await tbLine(page).textContent(),
    "Tablebase: Blue wins, the deciding capture in 6 plies. Red's moves: d4d3 loses (capture in 6) · d4c4 loses (capture in 6)",
  );

  // A tile face down: the tables do not cover it, and no line is shown.
  await openFlip('3c/4/4/?E2 w R 0 1');
  await page.waitForFunction(() => /Blue \d+% · Red \d+%/.test(document.querySelector('#flip-expect-text')?.textContent ?? ''), null, {
    timeout: 20000,
  });
  assert.equal(await tbLine(page).isHidden(), true);
  await page.close();
});
