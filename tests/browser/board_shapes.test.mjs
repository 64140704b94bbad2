// Browser test of boards of other shapes: Animal Checkers on its 7x7 board
// against the engine, in a real `jungle serve` driven by headless Chromium.
//   JUNGLE_BINARY=build/x/jungle JUNGLE_SCREENSHOTS=build/x/screenshots node --test tests/browser/
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';

const binary = process.env.JUNGLE_BINARY;
if (!binary) throw new Error('set JUNGLE_BINARY to the jungle executable');
const work = mkdtempSync(path.join(tmpdir(), 'jungle-browser-shapes-'));
const shots = process.env.JUNGLE_SCREENSHOTS || path.join(work, 'screenshots');
mkdirSync(shots, { recursive: true });

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

let server;
let url;
let browser;
let page;

function startServer(db) {
  return new Promise((resolve, reject) => {
    const proc = spawn(binary, ['serve', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
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

function stopServer(proc) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) { resolve(proc.exitCode); return; }
    proc.removeAllListeners('exit');
    proc.on('exit', (code) => resolve(code));
    proc.kill('SIGTERM');
  });
}

const shot = (name, p = page) => p.screenshot({ path: path.join(shots, `${name}.png`) });
const square = (name, p = page, board = 'board') => p.locator(`#${board} rect.hit[data-square="${name}"]`);
async function waitForMoves(n, p = page) {
  await p.waitForFunction((k) => document.querySelectorAll('#moves button.mv:not(.gap)').length === k, n, { timeout: 20000 });
}

async function newGame(p, { mode = 'blue', variant = 'standard', skill = '0', movetime = '250' } = {}) {
  if (!(await p.locator('#dlg-new').isVisible())) await p.locator('#btn-new').click();
  await p.locator('#dlg-new').waitFor({ state: 'visible' });
  await p.locator(`#form-new input[name="mode"][value="${mode}"]`).check();
  await p.locator('#new-variant').selectOption(variant);
  if (mode !== 'friend') {
    await p.locator('#new-skill').selectOption(skill);
    await p.locator('#new-movetime').selectOption(movetime);
  }
  await p.locator('#new-start').click();
  await p.locator('#dlg-new').waitFor({ state: 'hidden' });
}

before(async () => {
  ({ proc: server, url } = await startServer(path.join(work, 'games.db')));
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page.on('pageerror', (e) => { throw e; });
});

after(async () => {
  await browser?.close();
  if (server) assert.equal(await stopServer(server), 0, 'the server stops cleanly on SIGTERM');
  rmSync(work, { recursive: true, force: true });
});


test('Animal Checkers is played on its own 7x7 board against the engine', async () => {
  await page.goto(url);
  await newGame(page, { mode: 'blue', variant: 'animal-checkers', skill: '0', movetime: '250' });
  // 49 squares to point at, a7 the top-left corner, no rank 8 or 9.
  assert.equal(await page.locator('#board rect.hit').count(), 49);
  assert.equal(await square('a7').count(), 1);
  assert.equal(await square('a8').count(), 0);
  assert.match(await page.locator('#board .den-blue title').textContent(), /d1/);
  assert.match(await page.locator('#board .den-red title').textContent(), /d7/);
  assert.equal(await page.locator('#board .water').count(), 0);
  assert.equal(await page.locator('#board .trap').count(), 0);
  const viewBox = (await page.locator('#board').getAttribute('viewBox')).split(' ').map(Number);
  assert.equal(viewBox[2], viewBox[3], 'a square board draws square');

  // Blue (the person) moves; the engine answers each move.
  await square('e2').click();
  await square('e3').click();
  await waitForMoves(2);
  await square('c2').click();
  await square('c3').click();
  await waitForMoves(4);
  await square('b1').click();
  await square('b2').click();
  await waitForMoves(6);
  await shot('animal-checkers-7x7');
});
