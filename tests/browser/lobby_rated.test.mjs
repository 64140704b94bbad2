// A rated lobby challenge with a rating range in real Chromium: a player
// outside the range sees it greyed out with the reason, and no Accept (the
// server says who may take it, lichess's way), while one inside takes it.
//   JUNGLE_BINARY=build/x/jungle node --test lobby_rated.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-lobby-rated-');

let server;
let url;
let browser;

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

/** The lobby's challenge rows as `p` sees them: their cells, class and tooltip. */
const challengeRows = (p) =>
  p.locator('#lobby-challenges tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
      greyed: tr.classList.contains('unjoinable'),
      title: tr.getAttribute('title') ?? '',
      accept: !!tr.querySelector('button'),
    })),
  );

test("a challenge outside one's rating range is greyed out with the reason, and taken by one inside it", async () => {
  const { ann, bob } = await h.annAndBobSignedUp(browser, url);
  // One game: Ann 1662, Bob 1338.
  await h.ratedBlitzGame(ann, bob, bob);
  const blitz = { kind: 'increment', initial_ms: 180000, increment_ms: 2000 };
  await h.callJson(ann, 'POST', '/api/games', {
    online: true,
    rated: true,
    side: 'blue',
    lobby: true,
    time_control: blitz,
    rating_range: 200,
  });

  await bob.locator('#btn-lobby').click();
  await bob.locator('#dlg-lobby').waitFor({ state: 'visible' });
  await bob.waitForFunction(() => document.querySelectorAll('#lobby-challenges tr[data-game]').length === 1);
  assert.deepEqual(await challengeRows(bob), [
    {
      cells: ['Ann (1662?)', 'Blue', 'standard', '3+2 · rated · 1462–1862', 'Outside its rating range'],
      greyed: true,
      title: 'this challenge is for players rated 1462 to 1862; your standard blitz rating is 1338',
      accept: false,
    },
  ]);
  await bob.screenshot({ path: path.join(shots, 'lobby-rated-01-out-of-range.png') });
  await bob.keyboard.press('Escape');

  // Ann sees her own challenge, not to accept either.
  await ann.locator('#btn-lobby').click();
  await ann.locator('#dlg-lobby').waitFor({ state: 'visible' });
  await ann.waitForFunction(() => document.querySelectorAll('#lobby-challenges tr[data-game]').length === 1);
  const own = await challengeRows(ann);
  assert.equal(own[0].cells[4], 'Your challenge');
  assert.equal(own[0].accept, false);
  await ann.keyboard.press('Escape');

  // Cat, new at 1500, is inside the range: an Accept, and it takes the seat.
  const cat = (await h.newPerson(browser)).page;
  await h.openPage(cat, url);
  if (await cat.locator('#dlg-new').isVisible()) await cat.keyboard.press('Escape');
  await h.callJson(cat, 'POST', '/api/account/signup', { name: 'Cat', password: 'cat-secret-1' });
  await cat.locator('#btn-lobby').click();
  await cat.locator('#dlg-lobby').waitFor({ state: 'visible' });
  await cat.waitForFunction(() => document.querySelectorAll('#lobby-challenges tr[data-game]').length === 1);
  const open = await challengeRows(cat);
  assert.equal(open[0].greyed, false);
  assert.equal(open[0].accept, true);
  await cat.locator('#lobby-challenges tr button', { hasText: 'Accept' }).click();
  await cat.waitForFunction(() => /game=\d+/.test(location.hash));
});
