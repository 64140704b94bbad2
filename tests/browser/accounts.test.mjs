// Accounts in real Chromium: a player signs up, logs out, logs in from a
// second device (another browser context, with cookies of its own), plays
// a move in a game there, and finds the game in the profile; the login
// cookie is HttpOnly, so the page's scripts never see it. An online game
// begun on one device is played on from another logged into the same
// account.
//   JUNGLE_BINARY=build/x/jungle node --test accounts.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-accounts-');

let server;
let url;
let browser;

/** A device of the player's: a browser of its own (harness.mjs). */
const device = () => h.newPerson(browser);

const shot = (p, name) => p.screenshot({ path: path.join(shots, `accounts-${name}.png`) });

/** Fills the account dialog's form and presses `button` (Sign up, Log in). */
async function enter(p, name, password, button) {
  await p.locator('#btn-account').click();
  await p.locator('#account-forms').waitFor({ state: 'visible' });
  await p.locator('#account-name').fill(name);
  await p.locator('#account-password').fill(password);
  await p.locator(button).click();
  await p.locator('#account-profile').waitFor({ state: 'visible' });
}

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

test('sign up, log out, log in on a second device, play, and see the game in the profile', async () => {
  const first = await device();
  const p = first.page;
  await h.openPage(p, url);
  // The new-game dialog greets a first visit; close it.
  if (await p.locator('#dlg-new').isVisible()) await p.keyboard.press('Escape');
  assert.equal(await p.locator('#btn-account').textContent(), 'Log in');
  await enter(p, 'Ann_1', 'ann-secret-1', '#account-signup');
  assert.equal(await p.locator('#profile-name').textContent(), 'Ann_1');
  assert.match(await p.locator('#profile-summary').textContent(), /0 games · 0 won, 0 drawn, 0 lost/);
  assert.equal(await p.locator('#btn-account').textContent(), 'Ann_1');
  await shot(p, 'signed-up');
  // The cookie is there for the server only.
  const cookies = await first.context.cookies();
  const login = cookies.find((c) => c.name.startsWith('jungle_account_'));
  assert.ok(login, 'a login cookie');
  assert.equal(login.httpOnly, true);
  assert.equal(login.sameSite, 'Strict');
  assert.equal(await p.evaluate(() => document.cookie.includes('jungle_account_')), false);
  await p.locator('#account-logout').click();
  await p.locator('#dlg-account').waitFor({ state: 'hidden' });
  assert.equal(await p.locator('#btn-account').textContent(), 'Log in');

  // A second device.
  const second = await device();
  const q = second.page;
  await h.openPage(q, url);
  if (await q.locator('#dlg-new').isVisible()) await q.keyboard.press('Escape');
  await enter(q, 'ann_1', 'ann-secret-1', '#account-login');
  assert.equal(await q.locator('#btn-account').textContent(), 'Ann_1');
  await q.locator('#dlg-account button[value="close"]:visible').click();
  await h.newGame(q, { mode: 'friend' });
  await h.square(q, 'a3').click();
  await h.square(q, 'a4').click();
  await h.waitForMoves(q, 1);
  const id = Number(new URL(q.url()).hash.match(/game=(\d+)/)?.[1]);
  assert.ok(id > 0);

  await q.locator('#btn-account').click();
  await q.locator('#account-profile').waitFor({ state: 'visible' });
  await q.locator(`#profile-games tr[data-game="${id}"]`).waitFor();
  assert.match(await q.locator('#profile-summary').textContent(), /· 1 game ·/);
  const row = await q.locator(`#profile-games tr[data-game="${id}"]`).textContent();
  assert.match(row, /Ann_1/);
  await shot(q, 'profile');
  // Anyone may read the profile, by its address too.
  const profile = await (await fetch(`${url}api/players/Ann_1`)).json();
  assert.equal(profile.games[0].id, id);
  assert.equal(profile.games[0].side, 'both');
  // On a phone the top bar takes the account's button without sideways scrolling.
  await q.locator('#dlg-account button[value="close"]:visible').click();
  await q.setViewportSize({ width: 390, height: 844 });
  assert.equal(await q.evaluate(() => document.documentElement.scrollWidth), 390);
  assert.ok(await q.locator('#btn-account').isVisible());
  await shot(q, 'phone');
  await first.context.close();
  await second.context.close();
});

test('an online game begun on one device is played on from a second one logged into the same account', async () => {
  const first = await device();
  const p = first.page;
  await h.openPage(p, url);
  if (await p.locator('#dlg-new').isVisible()) await p.keyboard.press('Escape');
  await enter(p, 'Cy_2', 'cy-secret-22', '#account-signup');
  await p.locator('#dlg-account button[value="close"]:visible').click();
  const bob = (await device()).page;
  await h.openPage(bob, url);
  if (await bob.locator('#dlg-new').isVisible()) await bob.keyboard.press('Escape');
  // Cy's game against Bob, who joins by its link.
  await h.fillOnlineGame(p, { side: 'blue', name: 'Cy' });
  await p.locator('#new-start').click();
  await p.locator('#dlg-new').waitFor({ state: 'hidden' });
  await p.locator('#share').waitFor({ state: 'visible' });
  const link = await p.locator('#share-link').inputValue();
  const id = h.gameId(p);
  await bob.goto(link);
  await bob.locator('#dlg-join').waitFor({ state: 'visible' });
  await bob.locator('#join-name').fill('Bob');
  await bob.locator('#join-go').click();
  await h.move(p, 'a3', 'a4');
  await h.waitForMoves(bob, 1);
  await h.move(bob, 'g7', 'g6');
  await h.waitForMoves(p, 2);

  // The second device, before logging in, only watches the game.
  const second = await device();
  const q = second.page;
  await h.openPage(q, `${url}#game=${id}`);
  if (await q.locator('#dlg-new').isVisible()) await q.keyboard.press('Escape');
  await h.expectStatus(q, /^Blue to move\.$/);
  await assert.rejects(h.callJson(q, 'POST', `/api/games/${id}/moves`, { move: 'a4a5' }), /403/);
  // Logged in, it finds the game waiting for its move, and plays it.
  await enter(q, 'cy_2', 'cy-secret-22', '#account-login');
  await q.locator('#dlg-account button[value="close"]:visible').click();
  await q.waitForFunction(() => document.querySelector('#btn-your-turn').dataset.count === '1', null, { timeout: 20000 });
  await q.locator('#btn-your-turn').click();
  const entry = q.locator(`#your-turn-body li[data-game="${id}"] button`);
  await entry.waitFor();
  await entry.click();
  await h.expectStatus(q, /Your move \(Blue\)/);
  await h.move(q, 'a4', 'a5');
  // The first device and Bob see the move; Bob answers, and both of Cy's devices see it.
  await h.waitForMoves(p, 3);
  await h.waitForMoves(bob, 3);
  await h.expectStatus(bob, /Your move \(Red\)/);
  await h.move(bob, 'g6', 'g5');
  await h.waitForMoves(p, 4);
  await h.waitForMoves(q, 4);
  await h.expectStatus(q, /Your move \(Blue\)/);
  await h.expectStatus(p, /Your move \(Blue\)/);
  await shot(q, 'second-device-plays-on');
  const state = await (await fetch(`${url}api/games/${id}`)).json();
  assert.equal(state.moves.length, 4);
  // The game is the account's, as its profile says.
  const profile = await (await fetch(`${url}api/players/Cy_2`)).json();
  assert.equal(profile.games[0].id, id);
  assert.equal(profile.games[0].side, 'blue');
  await first.context.close();
  await second.context.close();
});
