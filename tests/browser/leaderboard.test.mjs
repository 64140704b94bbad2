// The leaderboard in real Chromium: two accounts play sixteen rated blitz
// games over the API (the fewest that bring both deviations under 110, off
// provisional), and the lobby's "Leaderboard" shows them in order with the
// ratings Glicko-2 gives; a name opens the player's profile.
//   JUNGLE_BINARY=build/x/jungle node --test leaderboard.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-leaderboard-');

let server;
let url;
let browser;

const shot = (p, name) => p.screenshot({ path: path.join(shots, `leaderboard-${name}.png`) });

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

test('the lobby opens the leaderboard of established ratings', async () => {
  const { ann, bob } = await h.annAndBobSignedUp(browser, url);
  // Before any rated game the board is empty.
  await ann.locator('#btn-lobby').click();
  await ann.locator('#lobby-leaderboard').click();
  await ann.locator('#dlg-leaderboard').waitFor({ state: 'visible' });
  await ann.waitForFunction(() => /No established rating yet/.test(document.querySelector('#leaderboard-rows').textContent));
  await ann.keyboard.press('Escape');

  // Sixteen games, Ann (blue) winning two of every three: a3a4, g7g6, and
  // the loser resigns.
  for (let i = 0; i < 16; i++) await h.ratedBlitzGame(ann, bob, i % 3 === 2 ? ann : bob);

  await ann.locator('#btn-lobby').click();
  await ann.locator('#lobby-leaderboard').click();
  await ann.locator('#dlg-leaderboard').waitFor({ state: 'visible' });
  assert.equal(await ann.locator('#leaderboard-category').inputValue(), 'standard blitz');
  await ann.waitForFunction(() => document.querySelectorAll('#leaderboard-rows tr').length === 2);
  const rows = await ann.locator('#leaderboard-rows tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
  );
  // Glicko-2 game by game (docs/ratings.md): 1567.3/107.3 and 1432.7/107.3.
  assert.deepEqual(rows, [
    ['1', 'Ann', '1567', '±107', '16'],
    ['2', 'Bob', '1433', '±107', '16'],
  ]);
  await shot(ann, '01-standard-blitz');
  // Another category has no one yet.
  await ann.locator('#leaderboard-category').selectOption('standard rapid');
  await ann.waitForFunction(() => /No established rating yet/.test(document.querySelector('#leaderboard-rows').textContent));
  await ann.locator('#leaderboard-category').selectOption('standard blitz');
  await ann.waitForFunction(() => document.querySelectorAll('#leaderboard-rows tr').length === 2);
  // A name opens the player's profile in the leaderboard's place.
  await ann.locator('#leaderboard-rows a', { hasText: 'Bob' }).click();
  await ann.locator('#dlg-leaderboard').waitFor({ state: 'hidden' });
  await ann.waitForFunction(() => document.querySelector('#profile-name')?.textContent === 'Bob');
  await shot(ann, '02-profile-from-leaderboard');
});
