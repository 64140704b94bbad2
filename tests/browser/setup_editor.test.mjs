// The position editor in headless Chromium, with the server's answers held
// back to order them: an answer about a position the player has already
// changed must not let the new one be played.
//   JUNGLE_BINARY=build/x/jungle node --test tests/browser/setup_editor.test.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';

const binary = process.env.JUNGLE_BINARY;
if (!binary) throw new Error('set JUNGLE_BINARY to the jungle executable');

test('a late answer about the previous position leaves "Play from here" off', async (t) => {
  const work = mkdtempSync(path.join(tmpdir(), 'jungle-setup-'));
  const server = spawn(binary, ['serve', '--port', '0', '--db', path.join(work, 'games.db')], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.after(() => { server.kill('SIGTERM'); rmSync(work, { recursive: true, force: true }); });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => { out += d; const m = out.match(/serving (http:\/\/\S+\/)/); if (m) resolve(m[1]); });
    server.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  t.after(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The first validation (the start position, as the editor opens) waits
  // until the player has typed another position.
  let release = null;
  const held = new Promise((resolve) => { release = resolve; });
  let first = true;
  let firstAsked = () => {};
  const asked = new Promise((resolve) => { firstAsked = resolve; });
  await page.route('**/api/positions/validate', async (route) => {
    if (first) { first = false; firstAsked(); await held; }
    await route.continue();
  });
  await page.goto(url);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('#dlg-new button[value="cancel"]').click();
  await page.locator('#btn-setup').click();
  await asked;
  await page.locator('#setup-fen').fill('7/7/7 w');
  await page.locator('#setup-apply-fen').click();
  release();
  await page.waitForFunction(() => document.querySelector('#setup-validation').textContent.startsWith('✗'));
  assert.match(await page.locator('#setup-validation').textContent(), /3 ranks/);
  assert.ok(await page.locator('#setup-play').isDisabled());
});
