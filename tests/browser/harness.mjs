// What every browser test needs: a real `jungle serve` on a free loopback
// port with a fresh database, Debian's headless Chromium, and the waits and
// locators the page's structure calls for.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const binary = process.env.JUNGLE_BINARY;
if (!binary) throw new Error('set JUNGLE_BINARY to the jungle executable');

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

/** A fresh temporary folder and the folder screenshots go to. @param {string} prefix */
export function workFolders(prefix) {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  const shots = process.env.JUNGLE_SCREENSHOTS || path.join(work, 'screenshots');
  mkdirSync(shots, { recursive: true });
  return { work, shots };
}

/**
 * Starts `jungle serve` (on a free port unless `port` is given); resolves to
 * the process and its URL.
 */
export function startServer(db, { port = 0, args = [] } = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn(binary, ['serve', '--port', String(port), '--db', db, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/\S+\/)/);
      if (m) { clearTimeout(timer); resolve({ proc, url: m[1] }); }
    });
    proc.stderr.on('data', (d) => { out += d; });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}): ${out}`)); });
  });
}

/** Stops a server with SIGTERM; resolves to its exit code. */
export function stopServer(proc) {
  return new Promise((resolve) => {
    // A process killed by a signal has no exit code, only a signal code.
    if (proc.exitCode !== null || proc.signalCode !== null) { resolve(proc.exitCode); return; }
    proc.removeAllListeners('exit');
    proc.on('exit', (code) => resolve(code));
    proc.kill('SIGTERM');
  });
}

export const launchBrowser = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });

/**
 * A suite's server on a fresh `games.db` in `work` (`args` added to `jungle
 * serve`) and its browser; resolves to both and the database's path. A
 * browser that fails to start stops the server it would have used.
 */
export async function startServerAndBrowser(work, { args = [] } = {}) {
  const db = path.join(work, 'games.db');
  const { proc: server, url } = await startServer(db, { args });
  try {
    return { server, url, db, browser: await launchBrowser() };
  } catch (e) {
    await stopServer(server);
    throw e;
  }
}

/** Closes what startServerAndBrowser started (the server must stop cleanly on SIGTERM) and removes `work`. */
export async function stopServerAndBrowser({ server, browser }, work) {
  await browser?.close();
  if (server) assert.equal(await stopServer(server), 0, 'the server stops cleanly on SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

/**
 * A JSON request made by the page `p` (so with its cookies: its player key
 * and login); resolves to the answer's body, and rejects on an error status
 * with the route and the body.
 */
export const callJson = (p, method, route, body = {}) =>
  p.evaluate(
    async ([m, r, b]) => {
      const res = await fetch(r, { method: m, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
      const json = await res.json();
      if (!res.ok) throw new Error(`${m} ${r}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    },
    [method, route, body],
  );

/**
 * Two people, each on a page of their own at `url` with the new-game dialog
 * closed, signed up as Ann and Bob; resolves to their pages.
 */
export async function annAndBobSignedUp(browser, url) {
  const ann = (await newPerson(browser)).page;
  const bob = (await newPerson(browser)).page;
  for (const p of [ann, bob]) {
    await openPage(p, url);
    if (await p.locator('#dlg-new').isVisible()) await p.keyboard.press('Escape');
  }
  await callJson(ann, 'POST', '/api/account/signup', { name: 'Ann', password: 'ann-secret-1' });
  await callJson(bob, 'POST', '/api/account/signup', { name: 'Bob', password: 'bob-secret-1' });
  return { ann, bob };
}

/**
 * A rated 3+2 game through the API, `blue`'s page creating it as Blue and
 * `red`'s joining: a3a4, g7g6, then `loser` (one of the two) resigns.
 * Resolves to the game's id.
 */
export async function ratedBlitzGame(blue, red, loser) {
  const blitz = { kind: 'increment', initial_ms: 180000, increment_ms: 2000 };
  const g = await callJson(blue, 'POST', '/api/games', { online: true, rated: true, side: 'blue', time_control: blitz });
  await callJson(red, 'POST', '/api/join', { code: g.code });
  await callJson(blue, 'POST', `/api/games/${g.id}/moves`, { move: 'a3a4' });
  await callJson(red, 'POST', `/api/games/${g.id}/moves`, { move: 'g7g6' });
  await callJson(loser, 'POST', `/api/games/${g.id}/resign`);
  return g.id;
}

/** A board square's click target. */
export const square = (p, name, board = 'board') => p.locator(`#${board} rect.hit[data-square="${name}"]`);

/**
 * Clicks the piece on `name` until the board shows it picked up. A position
 * viewed away from the game's end (the start, a side line) gets its legal
 * moves from the server, and a click before they arrive picks nothing up.
 */
export async function pickUp(p, name, board = 'board') {
  const target = square(p, name, board);
  for (let tries = 0; tries < 100; tries++) {
    await target.click();
    if (/, selected$/.test((await target.getAttribute('aria-label')) ?? '')) return;
    await p.waitForTimeout(100);
  }
  throw new Error(`the piece on ${name} could not be picked up`);
}
export const moveCount = (p) => p.locator('#moves button.mv:not(.gap)').count();

/** Waits until the status line matches `re` (requests and animations take a moment). */
export async function expectStatus(p, re) {
  await p.waitForFunction((src) => new RegExp(src).test(document.querySelector('#status').textContent), re.source, { timeout: 20000 });
}

export async function waitForMoves(p, n) {
  try {
    await p.waitForFunction((k) => document.querySelectorAll('#moves button.mv:not(.gap)').length === k, n, { timeout: 20000 });
  } catch (err) {
    // What the page showed instead, so that a failure seen once (a loaded
    // CI machine) says where the game stood.
    const seen = await p
      .evaluate(() => ({
        moves: [...document.querySelectorAll('#moves button.mv:not(.gap)')].map((b) => b.textContent),
        status: document.querySelector('#status')?.textContent,
        toasts: [...document.querySelectorAll('.toast')].map((t) => t.textContent),
        hash: location.hash,
      }))
      .catch(() => null);
    throw new Error(`waiting for ${n} moves: ${err instanceof Error ? err.message : err}; the page showed ${JSON.stringify(seen)}`);
  }
}

/** Opens the page and waits until it is ready. */
export async function openPage(p, url) {
  await p.goto(url);
  await p.locator('body[data-ready="true"]').waitFor();
}

/**
 * Starts a game from the new-game dialog, and waits until the page shows it:
 * the dialog closes before the server has answered, and a click on the board
 * meanwhile would land on the game before (seen under load).
 */
export async function newGame(p, { mode = 'blue', variant = 'standard', skill = '0', movetime = '250' } = {}) {
  const before = await p.evaluate(() => location.hash);
  if (!(await p.locator('#dlg-new').isVisible())) await p.locator('#btn-new').click();
  await p.locator('#dlg-new').waitFor({ state: 'visible' });
  await p.locator(`#form-new input[name="mode"][value="${mode}"]`).check();
  await p.locator('#new-variant').selectOption(variant);
  if (mode !== 'friend') {
    await p.locator('#new-skill').selectOption(skill);
    await p.locator('#new-movetime').selectOption(movetime);
  }
  await startFromDialog(p, before);
}

/**
 * Starts the game the open new-game dialog describes and waits until the
 * page shows it: the page swaps games in place, and a click on the board
 * before the new game's address is set (it is set as the game is drawn)
 * would act on the previous game.
 */
export async function startFromDialog(p, before = null) {
  const from = before ?? (await p.evaluate(() => location.hash));
  await p.locator('#new-start').click();
  await p.locator('#dlg-new').waitFor({ state: 'hidden' });
  await p.waitForFunction((b) => /^#game=\d+$/.test(location.hash) && location.hash !== b, from, { timeout: 20000 });
}

/** A desktop browser window's size. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/**
 * A person at a browser of their own (a fresh context: their own cookies,
 * player key and login), whose page fails the test on a script error and
 * accepts every dialog; resolves to { context, page }.
 */
export async function newPerson(browser, device = DESKTOP) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  page.on('dialog', (d) => d.accept());
  return { context, page };
}

/** Plays a move by clicking its two squares. */
export async function move(p, from, to) {
  await square(p, from).click();
  await square(p, to).click();
}

/** The id of the game the page shows (#game=N), or NaN. */
export const gameId = (p) => Number(new URL(p.url()).hash.match(/game=(\d+)/)?.[1]);

/**
 * Fills the new game dialog for an online game of the standard rules,
 * without starting it: `side` the creator's, `name` its name, `lobby`
 * whether it is listed, and the clock: `clockSeconds` (a custom one without
 * increment) or else the clock menu's option `clock`.
 */
export async function fillOnlineGame(p, { side = 'blue', name = '', clock = 'none', clockSeconds = 0, lobby = false } = {}) {
  if (!(await p.locator('#dlg-new').isVisible())) await p.locator('#btn-new').click();
  await p.locator('#dlg-new').waitFor({ state: 'visible' });
  await p.locator('#form-new input[name="mode"][value="online"]').check();
  await p.locator('#new-variant').selectOption('standard');
  await p.locator('#new-side').selectOption(side);
  await p.locator('#new-name').fill(name);
  await p.locator('#new-lobby').setChecked(lobby);
  if (clockSeconds) {
    await p.locator('#new-clock').selectOption('custom');
    await p.locator('#new-clock-base').fill(String(clockSeconds));
    await p.locator('#new-clock-inc').fill('0');
  } else {
    await p.locator('#new-clock').selectOption(clock);
  }
}
