// Issue 29, item 7: an online page must never fall a move behind. Ann plays
// while Bob has a move queued; Bob's page plays it the moment Ann's move
// arrives, so Ann's page hears its own move's answer, that move's echo on
// the stream and Bob's reply almost at once, each shown after a move is
// drawn. Both CPUs are slowed 4× (as on a phone), which made the older of
// those states land last 3 times in 4 before the page ordered them by the
// game's revision.
//   JUNGLE_BINARY=build/x/jungle node --test tests/browser/online_sync.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-online-sync-');
const CPU_SLOWDOWN = 4;

let server;
let url;
let browser;

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

/** A player in a browser context of its own (its own cookies), its CPU slowed. */
async function person() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

async function move(p, m) {
  await h.square(p, m.slice(0, 2)).click();
  await h.square(p, m.slice(2)).click();
}

/** Blue's move, then the Red move Bob queued before it: none of them touch. */
const ROUNDS = [
  ['a3a4', 'a9a8'],
  ['g3g4', 'g9g8'],
  ['a4a5', 'e7d7'],
  ['g4g5', 'd7d6'],
  ['c3d3', 'b8c8'],
  ['d3d4', 'f8f9'],
];

test('two slowed pages of an online game both show every move when one player has a move queued', async () => {
  const ann = await person();
  const bob = await person();
  await h.openPage(ann, url);
  if (await ann.locator('#dlg-new').isVisible()) await ann.keyboard.press('Escape');
  const { id, code } = await ann.evaluate(async () => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ online: true, side: 'blue', name: 'Ann' }),
    });
    return r.json();
  });
  await ann.evaluate((i) => {
    location.hash = `game=${i}`;
  }, id);
  await h.expectStatus(ann, /Waiting for your opponent/);
  await bob.goto(`${url}#join=${code}`);
  await bob.locator('#dlg-join').waitFor({ state: 'visible' });
  await bob.locator('#join-go').click();
  await h.expectStatus(ann, /Your move \(Blue\)/);
  await h.expectStatus(bob, /your opponent is thinking/);

  const serverPly = async () => (await (await fetch(`${url}api/games/${id}`)).json()).ply;
  /**
   * Waits until the page shows `n` moves and a status that matches `status`;
   * says what it showed when it does not.
   */
  const shows = async (p, who, n, status) => {
    try {
      await p.waitForFunction(
        ([k, re]) =>
          document.querySelectorAll('#moves button.mv:not(.gap)').length === k &&
          new RegExp(re).test(document.querySelector('#status').textContent),
        [n, status.source],
        { timeout: 20000 },
      );
    } catch {
      await p.screenshot({ path: path.join(shots, `online-sync-${who}-behind.png`) });
      const status = await p.locator('#status').textContent();
      assert.fail(`${who}'s page shows ${await h.moveCount(p)} moves ("${status}"); the server has ${await serverPly()}`);
    }
  };

  for (const [i, [blue, red]] of ROUNDS.entries()) {
    await move(bob, red);
    await bob.waitForFunction(() => document.querySelectorAll('#board rect.mark-premove').length === 2);
    await move(ann, blue);
    const n = 2 * (i + 1);
    await shows(ann, 'Ann', n, /^Your move \(Blue\)/);
    await shows(bob, 'Bob', n, /^Blue to move: your opponent is thinking/);
    assert.equal(await serverPly(), n);
  }
  const annMoves = await ann.locator('#moves button.mv:not(.gap)').allTextContents();
  assert.deepEqual(annMoves, ROUNDS.flat());
  assert.deepEqual(await bob.locator('#moves button.mv:not(.gap)').allTextContents(), annMoves);
});
