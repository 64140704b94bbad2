// Bugs players met while playing (issue 17's list), each checked in
// headless Chromium against a real server.
//   JUNGLE_BINARY=build/x/jungle node --test tests/browser/play_feel.test.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-feel-');
let server;
let url;
let browser;

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

/** Creates a game through the API from inside the page and opens it. */
async function openGameFrom(page, body) {
  const id = await page.evaluate(async (b) => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return (await r.json()).id;
  }, body);
  await page.evaluate((i) => { location.hash = `game=${i}`; }, id);
  await page.locator('#board .piece').first().waitFor();
  return id;
}

const bothHuman = { blue: { type: 'human' }, red: { type: 'human' } };

test('a forced win is labelled for the side that wins it', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  // Red to move takes d2d1 into Blue's den: Red wins in one.
  await openGameFrom(page, { fen: '7/7/7/7/7/7/7/3r3/E6 b 0 1', ...bothHuman });
  await page.locator('#analyse-toggle').check();
  await page.waitForFunction(() => /M1/.test(document.querySelector('#eval-text').textContent), null, { timeout: 20000 });
  assert.equal(await page.locator('#eval-text').textContent(), '−M1');
  assert.equal(await page.locator('#eval-bar').getAttribute('aria-valuetext'), 'Red wins in 1 move');
  await page.locator('#btn-hint').click();
  const hint = page.locator('.toast.info', { hasText: 'Hint:' }).last();
  await hint.waitFor({ timeout: 20000 });
  assert.equal(await hint.textContent(), 'Hint: d2d1 (Red wins in 1 move)');
  await page.screenshot({ path: path.join(shots, 'feel-01-red-mates-in-one.png') });
  await page.close();
});

test('on a phone, playing never scrolls the page or moves the board', async () => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await h.openPage(phone, url);
  await h.newGame(phone, { mode: 'friend' });
  const before = await phone.locator('#board').boundingBox();
  const plies = ['a3a4', 'g7g6', 'a4a5', 'g6g5', 'a1b1', 'a9a8', 'b1c1', 'b8b9', 'c3c2', 'f8f9', 'c2d2', 'a8a9'];
  for (const [i, m] of plies.entries()) {
    await h.square(phone, m.slice(0, 2)).tap();
    await h.square(phone, m.slice(2)).tap();
    await h.waitForMoves(phone, i + 1);
    const at = await phone.locator('#board').boundingBox();
    const scrolled = await phone.evaluate(() => window.scrollY);
    assert.equal(scrolled, 0, `page scrolled after ${m}`);
    assert.equal(at.y, before.y, `board moved after ${m}`);
  }
  // The coordinates grow as the board shrinks: 24 units, not the desktop's 16.
  assert.equal(await phone.locator('#board .coord').first().evaluate((el) => getComputedStyle(el).fontSize), '24px');
  await phone.screenshot({ path: path.join(shots, 'feel-02-phone-after-12-plies.png') });
  await phone.close();
});

test('a resigned game cannot be taken back', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('dialog', (d) => d.accept());
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend' });
  await h.square(page, 'a3').click();
  await h.square(page, 'a4').click();
  await h.waitForMoves(page, 1);
  assert.equal(await page.locator('#btn-undo').isDisabled(), false);
  await page.locator('#btn-resign').click();
  await h.expectStatus(page, /resigned/);
  assert.equal(await page.locator('#btn-undo').isDisabled(), true);
  await page.close();
});

test('a click on a far square only lets the piece go; a step into the water says why not', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend' });
  await h.square(page, 'a3').click();
  await page.locator('circle.target[data-target="a4"]').waitFor();
  await h.square(page, 'e5').click(); // nowhere near the Elephant
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.toast.error').count(), 0);
  assert.equal(await page.locator('circle.target').count(), 0, 'the piece is let go');
  await h.square(page, 'c3').click();
  await h.square(page, 'c4').click(); // the Wolf may not swim
  await page.locator('.toast.error', { hasText: 'may not enter the water' }).waitFor();
  assert.equal(await h.moveCount(page), 0);
  await page.close();
});

test('a piece on an enemy trap shows rank 0', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  // Blue's Lion on d8, Red's trap; Red's Cat on d7 beside it.
  await openGameFrom(page, { fen: '6t/3L3/3c3/7/7/7/7/7/6T w 0 1', ...bothHuman });
  const lion = page.locator('#board .piece[data-on="d8"]');
  assert.equal(await lion.locator('.rank text').textContent(), '0');
  assert.match(await lion.locator('title').textContent(), /Blue Lion \(rank 7, 0 on this trap\)/);
  const cat = page.locator('#board .piece[data-on="d7"]');
  assert.equal(await cat.locator('.rank text').textContent(), '2');
  // No moves, nothing to review: the review panel is not an empty box.
  assert.equal(await page.locator('#review-panel').isHidden(), true);
  await page.screenshot({ path: path.join(shots, 'feel-03-lion-on-a-trap.png') });
  await page.close();
});

test('after the server dies while the engine thinks, the page reconnects and the game goes on', { timeout: 120000 }, async () => {
  const db = path.join(work, 'crash.db');
  let own = await h.startServer(db);
  const port = Number(new URL(own.url).port);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await h.openPage(page, own.url);
    await h.newGame(page, { mode: 'blue', skill: '20', movetime: '5000' }); // full strength uses its time
    await h.square(page, 'a3').click();
    await h.square(page, 'a4').click();
    await h.expectStatus(page, /thinking/);
    own.proc.kill('SIGKILL');
    await new Promise((resolve) => own.proc.once('exit', resolve));
    await page.locator('.toast', { hasText: 'reconnecting' }).waitFor();
    own = await h.startServer(db, { port });
    await h.waitForMoves(page, 2); // the engine's move, made by the new server
    await h.expectStatus(page, /Your move/);
  } finally {
    await page.close();
    await h.stopServer(own.proc);
  }
});

test('the evaluation bar shows what was said of the position viewed', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'blue' });
  await h.square(page, 'a3').click();
  await h.square(page, 'a4').click();
  await h.waitForMoves(page, 2);
  await h.expectStatus(page, /Your move/);
  const evalText = () => page.locator('#eval-text').textContent();
  const afterReply = await evalText();
  assert.match(afterReply, /^[+−]?\d+\.\d\d$|M\d+/);
  await page.locator('#nav-first').click();
  assert.equal(await evalText(), '', 'nothing was said of the start position');
  await page.locator('#nav-last').click();
  assert.equal(await evalText(), afterReply);
  await page.close();
});

const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [name, viewport] of [['a desktop', { width: 1280, height: 800 }], ['a phone', { width: 390, height: 844 }]]) {
  test(`on ${name}, a toast never covers the player's own strip, and the games list shows every column`, async () => {
    const phone = viewport.width < 500;
    const page = await browser.newPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
    await h.openPage(page, url);
    await h.newGame(page, { mode: 'friend' });
    await h.square(page, 'c3').click();
    await h.square(page, 'c4').click(); // refused: a toast says why
    const toast = page.locator('.toast.error').last();
    await toast.waitFor();
    const strip = await page.locator('#strip-bottom').boundingBox();
    assert.equal(overlaps(await toast.boundingBox(), strip), false, 'the toast covers the bottom strip');
    await page.locator('#btn-games').click();
    const row = page.locator('#dlg-games tbody tr').first();
    await row.locator('.row-actions').waitFor();
    const list = await page.locator('#dlg-games .games-scroll').boundingBox();
    const right = Math.min(viewport.width, list.x + list.width);
    for (const cell of ['td:nth-child(3)', 'td:nth-child(5)', 'td:nth-child(6)', 'td:nth-child(7)', '.row-actions button:last-child']) {
      const box = await row.locator(cell).boundingBox();
      assert.ok(box && box.width > 0 && box.x + box.width <= right, `${cell} fits the list: ${JSON.stringify(box)} right ${right}`);
    }
    await page.screenshot({ path: path.join(shots, `feel-04-games-list-${phone ? 'phone' : 'desktop'}.png`) });
    await page.close();
  });
}

test('keyboard play: arrows, Enter, and squares that say what is on them', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend' });
  assert.equal(await h.square(page, 'd9').getAttribute('aria-label'), "d9: empty, Red's den");
  assert.equal(await h.square(page, 'a3').getAttribute('aria-label'), 'a3: Blue Elephant (rank 8)');
  assert.equal(await h.square(page, 'b4').getAttribute('aria-label'), 'b4: empty, water');
  // From a1 (Blue at the bottom): up twice reaches a3, Enter picks the
  // Elephant up, up once more and Enter plays a3a4.
  await h.square(page, 'a1').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-square')), 'a3');
  await page.keyboard.press('Enter');
  assert.match(await h.square(page, 'a3').getAttribute('aria-label'), /, selected$/);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await h.waitForMoves(page, 1);
  assert.equal(await page.locator('#moves button.mv').first().textContent(), 'a3a4');
  await page.close();
});

test('sounds are off under test automation until switched on; then a move and a capture are heard', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  assert.equal(await page.locator('#btn-sound').getAttribute('aria-pressed'), 'false');
  await page.locator('#btn-sound').click();
  assert.equal(await page.locator('#btn-sound').getAttribute('aria-pressed'), 'true');
  await openGameFrom(page, { fen: '7/7/7/7/7/7/3r3/c6/E6 w 0 1', ...bothHuman });
  const heard = () => page.evaluate(() => document.body.dataset.sound);
  const play = async (from, to, n) => {
    await h.square(page, from).click();
    await h.square(page, to).click();
    await h.waitForMoves(page, n);
  };
  await play('a1', 'a2', 1); // the Elephant takes the Cat
  assert.equal(await heard(), 'capture');
  await play('d3', 'd2', 2);
  assert.equal(await heard(), 'move');
  await play('a2', 'b2', 3);
  await play('d2', 'd1', 4); // Red's Rat enters Blue's den: the game ends
  assert.equal(await page.evaluate(() => document.body.dataset.sound), 'end');
  await page.close();
});

test('in dark mode the page is dark, and the rules panel explains the rule set', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend', variant: 'animal-checkers' });
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(22, 27, 23)');
  await page.locator('#btn-rules').click();
  await page.locator('#dlg-rules').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#rules-title').textContent(), 'How to play: animal-checkers');
  const lines = await page.locator('#rules-summary li').allTextContents();
  assert.equal(lines[0], 'The board has 7 files and 7 ranks and no water.');
  assert.ok(lines.some((l) => l.includes('The Elephant may never take the Rat.')), lines.join('\n'));
  await page.screenshot({ path: path.join(shots, 'feel-05-dark-rules.png') });
  await page.keyboard.press('Escape');
  // The same page dark on a phone, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(22, 27, 23)');
  await page.screenshot({ path: path.join(shots, 'feel-07-dark-phone.png') });
  await page.close();
});

test('a move queued while the engine thinks is played as soon as it is legal', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'blue', skill: '20', movetime: '2000' }); // full strength uses its time
  await h.square(page, 'a3').click();
  await h.square(page, 'a4').click();
  await h.expectStatus(page, /thinking/);
  await h.square(page, 'g3').click();
  await h.square(page, 'g4').click();
  assert.equal(await page.locator('#board rect.mark-premove').count(), 2, 'the premove is marked');
  await h.waitForMoves(page, 3); // the engine's reply, then the premove at once
  const moves = await page.locator('#moves button.mv').allTextContents();
  assert.equal(moves[2], 'g3g4');
  await page.close();
});

test('a game opened while the engine thinks in another: its own engine moves, and the move queued in the other is not played in it', async () => {
  // Found reading the flows after a fresh-clone CI's flip premove test timed
  // out: the page's one "an engine move is awaited" flag stayed set for
  // good once the game it was for was left, so the next game's engine was
  // never asked; and the move queued in the game left was played in the next.
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  // The first game: the engine plays Blue and thinks for 3 s; Red's Rat's
  // step is queued meanwhile.
  await openGameFrom(page, { blue: { type: 'engine', skill: 20, movetime_ms: 3000 }, red: { type: 'human' } });
  await h.expectStatus(page, /thinking/);
  await h.square(page, 'a7').click();
  await h.square(page, 'a6').click();
  assert.equal(await page.locator('#board rect.mark-premove').count(), 2, 'the premove is marked');
  // The second, opened before that engine answers: its engine (Blue again)
  // moves first, and then it is the person's turn with nothing queued.
  const second = await openGameFrom(page, { blue: { type: 'engine', skill: 0, movetime_ms: 100 }, red: { type: 'human' } });
  await h.waitForMoves(page, 1);
  assert.equal(await page.locator('#board rect.mark-premove').count(), 0, 'no premove is marked');
  // Past the first game's answer (3 s), which the page drops.
  await page.waitForTimeout(3500);
  const game = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), second);
  assert.equal(game.ply, 1, `the second game has only its engine's move: ${JSON.stringify(game.moves)}`);
  assert.equal(await h.moveCount(page), 1);
  await page.close();
});

/** Plays `plies` (from-square, to-square) by clicking, counting from `done` moves. */
async function clickMoves(page, plies, done = 0) {
  for (const [i, m] of plies.entries()) {
    await h.square(page, m.slice(0, 2)).click();
    await h.square(page, m.slice(2)).click();
    await h.waitForMoves(page, done + i + 1);
  }
}

test('bug 7: moves are counted as the list numbers them, in the status line, the games list and the load toast', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend' });
  // Five plies: three numbered moves, the third Blue's alone.
  await clickMoves(page, ['a3a4', 'g7g6', 'a4a5', 'g6g5', 'g3g4']);
  const id = Number(new URL(page.url()).hash.split('=')[1]);
  await page.locator('#moves button.mv[data-ply="3"]').click();
  assert.equal(await page.locator('#status').textContent(), 'Viewing the position after 2. a4a5 — press ⏭ to return.');
  await page.locator('#moves button.mv[data-ply="4"]').click();
  assert.equal(await page.locator('#status').textContent(), 'Viewing the position after 2… g6g5 — press ⏭ to return.');
  await page.locator('#nav-first').click();
  assert.equal(await page.locator('#status').textContent(), 'Viewing the start position — press ⏭ to return.');
  await page.locator('#nav-last').click();

  // The games list: 3 moves, not 5 plies.
  await page.locator('#btn-games').click();
  const row = page.locator(`#games-body tr[data-game="${id}"]`);
  await row.waitFor();
  assert.equal(await row.locator('td:nth-child(6)').textContent(), '3');
  await page.keyboard.press('Escape');
  await page.locator('#dlg-games').waitFor({ state: 'hidden' });

  // A loaded record of three plies is two moves; one that opens with Red's
  // turn counts that turn as a move of its own.
  for (const [record, moves] of [
    ['[Variant "standard"]\n[Result "*"]\n\n1. g3g4 a7a6 2. e3d3 *\n', '2 moves'],
    ['[Variant "standard"]\n[FEN "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1"]\n[Result "*"]\n\n1... a7a6 2. g3g4 *\n', '2 moves'],
    ['[Variant "standard"]\n[Result "*"]\n\n1. g3g4 *\n', '1 move'],
  ]) {
    await page.locator('#btn-load').click();
    await page.locator('#load-text').fill(record);
    await page.locator('#load-go').click();
    await page.locator('#dlg-load').waitFor({ state: 'hidden' });
    const toast = page.locator('.toast', { hasText: 'Loaded game' }).last();
    await toast.waitFor();
    assert.match(await toast.textContent(), new RegExp(`^Loaded game \\d+: ${moves}\\. `));
    await page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
  }
  await page.close();
});

test('bug 4: a game won by entering the den cannot be taken back either', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  const id = await openGameFrom(page, { fen: '2L4/7/7/7/r6/7/7/7/7 w 0 1', ...bothHuman });
  await clickMoves(page, ['c9d9']);
  await h.expectStatus(page, /Blue wins/);
  assert.equal(await page.locator('#btn-undo').isDisabled(), true, 'take back is off once the game is over');
  // The server refuses it too (another tab, an old page): the game stays won.
  const answer = await page.evaluate(async (i) => {
    const r = await fetch(`/api/games/${i}/undo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"plies":1}' });
    return { status: r.status, body: await r.json() };
  }, id);
  assert.equal(answer.status, 422);
  assert.equal(answer.body.error.code, 'game_over');
  const game = await page.evaluate(async (i) => (await fetch(`/api/games/${i}`)).json(), id);
  assert.equal(game.status, 'over');
  assert.equal(game.ply, 1);
  await page.close();
});

test('bug 9: one name for each strength level, and the terminal\'s --level 5 is the page\'s Level 5', async () => {
  // What `jungle play --level 5` says it plays at.
  const terminal = await new Promise((resolve, reject) => {
    const p = spawn(h.binary, ['play', '--level', '5', '--side', 'blue', '--ascii'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { out += d; });
    p.on('error', reject);
    p.on('exit', () => resolve(out));
    p.stdin.end('level\nquit\n');
  });
  const said = /Engine strength: (Level 5 · strong) \(skill (\d+)\)\./.exec(terminal);
  assert.ok(said, `the terminal names the level: ${terminal}`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await h.openPage(page, url);
  if (!(await page.locator('#dlg-new').isVisible())) await page.locator('#btn-new').click();
  const options = await page.locator('#new-skill option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options, [
    ['0', 'Level 1 · beginner'],
    ['3', 'Level 2 · novice'],
    ['6', 'Level 3 · casual'],
    ['9', 'Level 4 · club'],
    ['12', 'Level 5 · strong'],
    ['15', 'Level 6 · expert'],
    ['18', 'Level 7 · master'],
    ['20', 'Level 8 · full strength'],
  ]);
  assert.deepEqual(options[4], [said[2], said[1]], 'the page\'s Level 5 is the terminal\'s');
  await h.newGame(page, { mode: 'blue', skill: said[2], movetime: '250' });
  await h.expectStatus(page, /Your move/);
  assert.equal(await page.locator('#strip-top .strip-who').textContent(), 'Engine · Level 5 · strong · 0.25\u00a0s');
  await h.square(page, 'a3').click();
  await h.square(page, 'a4').click();
  await h.waitForMoves(page, 2); // and the engine's reply
  // The record and the games list say the same.
  const record = await page.evaluate(async () => (await fetch(`/api/games/${location.hash.split('=')[1]}/record`)).text());
  assert.match(record, /\[Red "jungle engine, Level 5 · strong, 0\.25 s\/move"\]/);
  const id = new URL(page.url()).hash.split('=')[1];
  await page.locator('#btn-games').click();
  const row = page.locator(`#games-body tr[data-game="${id}"]`);
  await row.waitFor();
  assert.equal(await row.locator('td:nth-child(5)').textContent(), 'Engine · Level 5');
  await page.close();
});

test('moves read with animal names once asked, and the choice is kept', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await h.openPage(page, url);
  await h.newGame(page, { mode: 'friend' });
  assert.equal(await page.locator('#board .coord').first().evaluate((el) => getComputedStyle(el).fontSize), '16px');
  await clickMoves(page, ['a3a4', 'g7g6']);
  assert.deepEqual(await page.locator('#moves button.mv').allTextContents(), ['a3a4', 'g7g6']);
  await page.locator('#animal-names').check();
  assert.deepEqual(await page.locator('#moves button.mv').allTextContents(), ['Elephant a3–a4', 'Elephant g7–g6']);
  await page.reload();
  await page.locator('body[data-ready="true"]').waitFor();
  await h.waitForMoves(page, 2);
  assert.deepEqual(await page.locator('#moves button.mv').allTextContents(), ['Elephant a3–a4', 'Elephant g7–g6']);
  await page.screenshot({ path: path.join(shots, 'feel-06-animal-names.png') });
  await page.locator('#animal-names').uncheck();
  await page.close();
});
