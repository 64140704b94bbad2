// Aborting and the profile's filters in real Chromium: a rated game aborted
// with the page's Abort before each side has moved (lichess's rule), shown
// as aborted; then the profile's list filtered by the server, by rated or
// casual, category and result; and a finished game opened from the list
// into its review.
//   JUNGLE_BINARY=build/x/jungle node --test profile_filters.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-profile-filters-');

let server;
let url;
let browser;

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

/** The ids of the profile list's games, as the page shows them. */
const listed = (p) => p.locator('#profile-games tr[data-game]').evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.game)));

/** The server's review of game `id`, as the page's browser reads it. */
const reviewOf = (p, id) => p.evaluate(async (i) => (await fetch(`/api/games/${i}/review`)).json(), id);

/** Chooses `value` in the filter `id` and waits until the list shows exactly `ids`. */
async function filterTo(p, id, value, ids) {
  await p.locator(`#${id}`).selectOption(value);
  await p.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('#profile-games tr[data-game]')].map((tr) => Number(tr.dataset.game))) === want,
    JSON.stringify(ids),
  );
}

test('a game aborted before the first moves, and the profile list filtered by the server', async () => {
  const { ann, bob } = await h.annAndBobSignedUp(browser, url);
  const won = await h.ratedBlitzGame(ann, bob, bob);
  const casual = await h.callJson(ann, 'POST', '/api/games', { online: true, side: 'blue' });
  await h.callJson(bob, 'POST', '/api/join', { code: casual.code });
  await h.callJson(ann, 'POST', `/api/games/${casual.id}/moves`, { move: 'a3a4' });
  await h.callJson(bob, 'POST', `/api/games/${casual.id}/resign`);
  const blitz = { kind: 'increment', initial_ms: 180000, increment_ms: 2000 };
  const g = await h.callJson(ann, 'POST', '/api/games', { online: true, rated: true, side: 'blue', time_control: blitz });
  await h.callJson(bob, 'POST', '/api/join', { code: g.code });

  // Ann's page on the rated game: Abort until each side has moved.
  await h.openPage(ann, `${url}#game=${g.id}`);
  const abort = ann.locator('#btn-abort');
  await abort.waitFor({ state: 'visible' });
  await abort.click();
  await h.expectStatus(ann, /Game aborted/);
  assert.equal(await abort.isHidden(), true);
  await ann.screenshot({ path: path.join(shots, 'profile-filters-01-aborted.png') });

  // The page learns of the login (made through the API) when it loads.
  await ann.reload();
  await ann.locator('body[data-ready="true"]').waitFor();
  await ann.waitForFunction(() => document.querySelector('#btn-account')?.textContent === 'Ann');
  await ann.locator('#btn-account').click();
  await ann.waitForFunction(() => document.querySelector('#profile-name')?.textContent === 'Ann');
  await ann.waitForFunction(() => document.querySelectorAll('#profile-games tr[data-game]').length === 3);
  assert.deepEqual(await listed(ann), [g.id, casual.id, won]);
  assert.match(await ann.locator('#profile-summary').textContent(), /· 2 games · 2 won, 0 drawn, 0 lost/);
  await filterTo(ann, 'profile-result', 'aborted', [g.id]);
  await filterTo(ann, 'profile-result', 'win', [casual.id, won]);
  await filterTo(ann, 'profile-rated', 'true', [won]);
  await filterTo(ann, 'profile-rated', 'false', [casual.id]);
  await filterTo(ann, 'profile-rated', '', [casual.id, won]);
  await filterTo(ann, 'profile-result', '', [g.id, casual.id, won]);
  await filterTo(ann, 'profile-category', 'standard blitz', [g.id, won]);
  await ann.screenshot({ path: path.join(shots, 'profile-filters-02-category.png') });
  await filterTo(ann, 'profile-category', 'flip', []);
  await ann.locator('#profile-games td.empty', { hasText: 'No game matches these filters.' }).waitFor();

  // A finished game opens from the list into its review: the page shows it,
  // and the server reviews it, started by the page itself.
  // The page still shows the aborted game, whose review (of its one
  // position) is done: the won game's answer is held back a moment, as a busy
  // server would, so that the aborted game's "done" can't pass for this one's.
  await filterTo(ann, 'profile-category', '', [g.id, casual.id, won]);
  assert.equal((await reviewOf(ann, won)).status, 'none');
  await ann.route(`**/api/games/${won}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await ann.locator(`#profile-games tr[data-game="${won}"] button`, { hasText: 'Open' }).click();
  await ann.locator('#dlg-account').waitFor({ state: 'hidden' });
  await ann.waitForFunction(
    (id) => {
      const panel = document.querySelector('#review-panel');
      return panel?.dataset.game === String(id) && panel.dataset.status === 'done';
    },
    won,
    { timeout: 20000 },
  );
  assert.equal(await h.moveCount(ann), 2);
  const review = await reviewOf(ann, won);
  assert.equal(review.status, 'done');
  assert.equal(review.total, 3); // the start and the two moves, each judged
  await ann.screenshot({ path: path.join(shots, 'profile-filters-03-opened-in-review.png') });
});
