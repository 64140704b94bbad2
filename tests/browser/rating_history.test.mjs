// Ratings in real Chromium beyond the strips: the profile's rating graph
// (empty before a rated game, then a line with a dot a game whose titles say
// the rating after it), the games list's "Ann (1433?)", and a rated
// challenge's rating range offered by the new game dialog and shown in the
// lobby.
//   JUNGLE_BINARY=build/x/jungle node --test rating_history.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-rating-history-');

let server;
let url;
let browser;

const shot = (p, name) => p.screenshot({ path: path.join(shots, `rating-history-${name}.png`) });

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

/** Opens the profile of the account `p` is logged into, from the top bar. */
async function openProfile(p, name) {
  await p.reload();
  await p.locator('body[data-ready="true"]').waitFor();
  if (await p.locator('#dlg-new').isVisible()) await p.keyboard.press('Escape');
  await p.waitForFunction((n) => document.querySelector('#btn-account')?.textContent === n, name);
  await p.locator('#btn-account').click();
  await p.waitForFunction((n) => document.querySelector('#profile-name')?.textContent === n, name);
}

test('the profile graphs the rating after each rated game; the lists show the ratings', async () => {
  const { ann, bob } = await h.annAndBobSignedUp(browser, url);

  // Before a rated game: the empty state.
  await openProfile(ann, 'Ann');
  await ann.waitForFunction(() => /No rated games yet/.test(document.querySelector('#profile-ratings').textContent));
  assert.equal(await ann.locator('#profile-ratings svg').count(), 0);
  await ann.keyboard.press('Escape');

  // Ann wins, then loses: 1662.3 then 1433.1 (docs/ratings.md's figures).
  const first = await h.ratedBlitzGame(ann, bob, bob);
  const second = await h.ratedBlitzGame(ann, bob, ann);
  await openProfile(ann, 'Ann');
  const graph = ann.locator('#profile-ratings figure[data-category="standard blitz"]');
  await graph.waitFor({ state: 'visible' });
  assert.equal(await graph.locator('figcaption').textContent(), 'standard blitz: 1433 after 2 games');
  const dots = await graph
    .locator('circle.rating-dot')
    .evaluateAll((cs) =>
      cs.map((c) => [
        c.getAttribute('data-game'),
        c.getAttribute('class'),
        c.querySelector('title').textContent.split(' · ').slice(0, 2),
      ]),
    );
  assert.deepEqual(dots, [
    [String(first), 'rating-dot win', ['1662', 'won against Bob']],
    [String(second), 'rating-dot loss', ['1433', 'lost to Bob']],
  ]);
  // The line runs down from the first game to the second.
  const points = (await graph.locator('polyline.rating-line').getAttribute('points'))
    .split(' ')
    .map((p) => p.split(',').map(Number));
  assert.equal(points.length, 2);
  assert.ok(points[0][1] < points[1][1], `the line falls: ${JSON.stringify(points)}`);
  // The hundreds ruled from 1400 to 1700.
  assert.deepEqual(await graph.locator('text.rating-label').allTextContents(), ['1400', '1500', '1600', '1700']);
  await shot(ann, '01-profile-graph');
  await ann.keyboard.press('Escape');

  // The games list: the accounts with their ratings now.
  await ann.locator('#btn-games').click();
  const row = ann.locator(`#games-body tr[data-game="${first}"]`);
  await row.waitFor();
  const cells = await row.locator('td').allTextContents();
  assert.deepEqual(cells.slice(3, 5), ['Ann (1433?)', 'Bob (1567?)']);
  await shot(ann, '02-games-list');
  await ann.keyboard.press('Escape');

  // A rated challenge for players within ±200 of Ann's 1433, from the dialog.
  await ann.reload();
  await ann.locator('body[data-ready="true"]').waitFor();
  if (!(await ann.locator('#dlg-new').isVisible())) await ann.locator('#btn-new').click();
  await ann.locator('#dlg-new').waitFor({ state: 'visible' });
  await ann.locator('#form-new input[name="mode"][value="online"]').check();
  await ann.locator('#new-clock').selectOption('increment:180000:2000');
  await ann.locator('#new-lobby').check();
  assert.equal(await ann.locator('#new-range-field').isVisible(), false, 'offered only for a rated game');
  await ann.locator('#new-rated').check();
  await ann.locator('#new-range').selectOption('200');
  await shot(ann, '03-new-rated-with-range');
  await h.startFromDialog(ann);
  await bob.locator('#btn-lobby').click();
  const challenge = bob.locator('#lobby-challenges tr[data-game]');
  await challenge.waitFor();
  assert.deepEqual((await challenge.locator('td').allTextContents()).slice(0, 4), [
    'Ann (1433?)',
    'Blue',
    'standard',
    '3+2 · rated · 1233–1633',
  ]);
  await shot(bob, '04-lobby-range');
});
