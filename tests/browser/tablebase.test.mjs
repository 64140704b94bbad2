// The analysis panel's tablebase line (issue 17, "tablebase verdicts"), in
// headless Chromium against `jungle serve --tb DIR` with a small table made
// for the test: the verdict names the winner, each move is valued, a side
// line is judged as its own position, and the line goes with the analysis.
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
  const said = atStart.wdl === 'draw' ? 'draw' : `${atStart.wdl === 'win' ? 'Blue' : 'Red'} wins in ${atStart.dtm} plies`;
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
  const redSaid = sideLine.wdl === 'draw' ? 'draw' : `${sideLine.wdl === 'win' ? 'Red' : 'Blue'} wins in ${sideLine.dtm} plies`;
  await page.waitForFunction((s) => document.querySelector('#tb-line').textContent.startsWith(s), `Tablebase: ${redSaid}. Red's moves: a8`, {
    timeout: 20000,
  });

  // The line goes with the analysis.
  await page.locator('#analyse-toggle').uncheck();
  assert.equal(await tbLine(page).isHidden(), true);
  assert.equal(await tbLine(page).textContent(), '');
  await page.close();
});
