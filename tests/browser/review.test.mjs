// Reviewing a game (issue 17): the engine's pass over every position, the
// move list's marks, the evaluation graph, the banner's "Review" (bug 5),
// loaded records (bug 8) and side lines, in headless Chromium against a
// real server.
//   JUNGLE_BINARY=build/x/jungle node --test tests/browser/review.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as h from './harness.mjs';

const { work, shots } = h.workFolders('jungle-review-');
let server;
let url;
let browser;

before(async () => {
  ({ server, url, browser } = await h.startServerAndBrowser(work));
});

after(() => h.stopServerAndBrowser({ server, browser }, work));

const bothHuman = { blue: { type: 'human' }, red: { type: 'human' } };
// Blue to move: the Dog on c2 must take the Rat on c1, which otherwise
// walks into Blue's den; g1g2 lets it (tests/web_review_test.cpp).
const BLUNDER_FEN = 'e6/7/7/7/7/7/7/2D4/2r3L w 0 1';

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

async function freshPage(viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport });
  await h.openPage(page, url);
  if (await page.locator('#dlg-new').isVisible()) await page.keyboard.press('Escape');
  return page;
}

async function play(page, moves, from = 0) {
  for (const [i, m] of moves.entries()) {
    await h.square(page, m.slice(0, 2)).click();
    await h.square(page, m.slice(2)).click();
    await h.waitForMoves(page, from + i + 1);
  }
}

test('"Review" on the banner reviews the game: the blunder marked with the better move, a graph to click', async () => {
  const page = await freshPage();
  await openGameFrom(page, { fen: BLUNDER_FEN, ...bothHuman });
  await play(page, ['g1g2', 'c1d1']);
  await page.locator('#banner').waitFor();
  await page.locator('#banner-review').click();
  assert.equal(await page.locator('#banner').isHidden(), true);
  await page.waitForFunction(() => document.querySelector('#review-panel')?.dataset.status === 'done', null, { timeout: 20000 });
  assert.equal(await page.locator('#review-progress').textContent(), 'Reviewed. Click the graph to go to a move.');
  const blunder = page.locator('#moves button.mv[data-ply="1"]');
  assert.equal(await blunder.getAttribute('data-judgement'), 'blunder');
  assert.equal(await blunder.textContent(), 'g1g2??');
  assert.match(await blunder.getAttribute('title'), /Blunder: c2c1 was better$/);
  assert.equal(await page.locator('#moves button.mv[data-ply="2"]').getAttribute('data-judgement'), null);
  assert.equal(await page.locator('#review-summary li[data-side="blue"]').textContent(), 'Blue: 0 inaccuracies, 0 mistakes, 1 blunder');
  assert.equal(await page.locator('#review-summary li[data-side="red"]').textContent(), 'Red: 0 inaccuracies, 0 mistakes, 0 blunders');
  await page.screenshot({ path: path.join(shots, 'review-01-blunder-marked.png') });

  // The graph: a dot on the blunder; a click there shows the position after it.
  const dot = page.locator('#eval-graph circle.graph-mark.blunder');
  assert.equal(await dot.count(), 1);
  await dot.click();
  assert.equal(await page.locator('#moves button.mv[aria-current="true"]').getAttribute('data-ply'), '1');
  assert.equal(await page.locator('#eval-text').textContent(), '−M1');
  // The left edge is the start.
  const box = await page.locator('#eval-graph').boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  assert.equal(await page.locator('#moves button.mv[aria-current="true"]').count(), 0);
  assert.equal(await page.locator('#btn-hint').isDisabled(), false);
  // The record keeps the evaluations, and names the blunder and the better move.
  const record = await page.evaluate(async () => (await fetch(`/api/games/${location.hash.split('=')[1]}/record`)).text());
  assert.match(record, /1\. g1g2 \{\[%eval #-1\/\d+\] Blunder\. c2c1 was best\.\}/);
  await page.screenshot({ path: path.join(shots, 'review-02-graph-start.png') });
  // On a phone the panel fits the width: no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.locator('#review-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'review-08-phone-review.png'), fullPage: true });
  await page.close();
});

const TWO_GAMES = `[Event "Club night"]
[Blue "Alice"]
[Red "Bob <b>"]
[Result "*"]

1. a3a4 a7a6 *

[Event "Club night"]
[Blue "Carol"]
[Red "?"]
[Result "*"]

1. g3g4 (1. a3a4) g7g6 2. g4g5 *
`;

test('bug 8: a record of two games asks which to load, says which it loaded, and keeps the names', async () => {
  const page = await freshPage();
  await page.locator('#btn-load').click();
  await page.locator('#load-text').fill(TWO_GAMES);
  await page.locator('#load-go').click();
  // No silent first-game pick: the dialog stays, offering both.
  await page.locator('#load-choice').waitFor();
  assert.equal(await page.locator('#load-error').textContent(), 'This text holds 2 games: choose one, then Load.');
  assert.deepEqual(await page.locator('#load-game option').allTextContents(), [
    '1. Alice – Bob <b> · 1 move · *',
    '2. Carol – ? · 2 moves · *',
  ]);
  await page.screenshot({ path: path.join(shots, 'review-03-load-choose-game.png') });
  await page.locator('#load-game').selectOption('2');
  await page.locator('#load-go').click();
  await page.locator('#dlg-load').waitFor({ state: 'hidden' });
  const toast = page.locator('.toast', { hasText: 'Loaded game' }).last();
  await toast.waitFor();
  assert.match(await toast.textContent(), /^Loaded game \d+ \(game 2 of 2\): 2 moves\./);
  // The game's three moves and its side line's one.
  await h.waitForMoves(page, 4);
  assert.equal(await page.locator('#strip-bottom .strip-who').textContent(), 'Carol');
  assert.equal(await page.locator('#strip-top .strip-who').textContent(), 'Player');
  // The game chosen brings its own side line onto the analysis board.
  assert.deepEqual(await page.locator('#moves li.variation button.mv').allTextContents(), ['a3a4']);

  // The first game, with its names written as text, not markup.
  await page.locator('#btn-load').click();
  assert.equal(await page.locator('#load-choice').isHidden(), true);
  await page.locator('#load-text').fill(TWO_GAMES);
  await page.locator('#load-go').click();
  await page.locator('#load-choice').waitFor();
  await page.locator('#load-go').click();
  await page.locator('#dlg-load').waitFor({ state: 'hidden' });
  await h.waitForMoves(page, 2);
  assert.equal(await page.locator('#strip-bottom .strip-who').textContent(), 'Alice');
  assert.equal(await page.locator('#strip-top .strip-who').textContent(), 'Bob <b>');
  // ...and the first game has none.
  assert.equal(await page.locator('#moves li.variation').count(), 0);
  // A loaded record is reviewed by itself, and its record keeps names and evaluations.
  await page.waitForFunction(() => document.querySelector('#review-panel')?.dataset.status === 'done', null, { timeout: 20000 });
  const record = await page.evaluate(async () => (await fetch(`/api/games/${location.hash.split('=')[1]}/record`)).text());
  assert.match(record, /\[Blue "Alice"\]/);
  assert.match(record, /\[Red "Bob <b>"\]/);
  // (A move the review marks has its judgement after the evaluation; the
  // record wraps at 79 columns, so a long judgement moves what follows it
  // to the next line.)
  assert.match(record, /1\. a3a4\s+\{\[%eval -?\d+\.\d\d\/\d+\][^}]*\}\s+1\.\.\. a7a6\s+\{\[%eval -?\d+\.\d\d\/\d+\][^}]*\}/);
  await page.screenshot({ path: path.join(shots, 'review-04-loaded-with-names.png') });
  await page.close();
});

test('side lines: moves from a past position make a tree in the move list; engine lines are clickable; play on against the engine', async () => {
  const page = await freshPage();
  const id = await openGameFrom(page, { ...bothHuman });
  await play(page, ['a3a4', 'g7g6', 'g3g4']);
  const gameMoves = () => page.evaluate(async (i) => (await (await fetch(`/api/games/${i}`)).json()).ply, id);

  // Back to the position after 1. a3a4: the game's own next move just steps on.
  await page.locator('#moves button.mv[data-ply="1"]').click();
  await h.square(page, 'g7').click();
  await h.square(page, 'g6').click();
  await page.waitForFunction(() => document.querySelector('#moves [aria-current="true"]')?.getAttribute('data-ply') === '2');
  assert.equal(await page.locator('#moves li.variation').count(), 0);

  // Another move there starts a side line; the game keeps its three moves.
  await page.locator('#moves button.mv[data-ply="1"]').click();
  await h.pickUp(page, 'a7');
  await h.square(page, 'a6').click();
  await page.locator('#moves li.variation').waitFor();
  await h.pickUp(page, 'a4');
  await h.square(page, 'a5').click();
  await page.waitForFunction(() => document.querySelectorAll('#moves li.variation button.mv').length === 2);
  assert.equal(await page.locator('#moves li.variation').textContent(), '(1…a7a62.a4a5)');
  assert.equal(await page.locator('#moves li.variation button[aria-current="true"]').textContent(), 'a4a5');
  assert.equal(await gameMoves(), 3);
  assert.equal(await h.moveCount(page), 5); // three moves and the line's two
  assert.match(await page.locator('#status').textContent(), /^Exploring a side line: the game is unchanged/);
  assert.equal(await page.locator('#btn-hint').isDisabled(), true); // a hint is about the game's positions
  assert.equal(await page.locator('#nav-next').isDisabled(), true); // the line's last move
  // The FEN shown (and copied, and edited) is the line's.
  assert.match(await page.locator('#fen-text').textContent(), /^l5t\/1d3c1\/2p1w1e\/r6\/E6\/7\/2W1P1R\/1C3D1\/T5L b /);

  // A line of its own from inside the line, nested.
  await page.locator('#moves li.variation button.mv', { hasText: 'a7a6' }).click();
  await h.square(page, 'g3').click();
  await h.square(page, 'g4').click();
  await page.waitForFunction(() => document.querySelectorAll('#moves li.variation button.mv').length === 3);
  assert.equal(await page.locator('#moves li.variation').textContent(), '(1…a7a62.a4a5(2.g3g4))');
  // ◀ walks back along the line, then to the game.
  await page.locator('#nav-prev').click();
  assert.equal(await page.locator('#moves li.variation button[aria-current="true"]').textContent(), 'a7a6');
  await page.locator('#nav-prev').click();
  assert.equal(await page.locator('#moves [aria-current="true"]').getAttribute('data-ply'), '1');
  await page.screenshot({ path: path.join(shots, 'review-05-side-lines.png') });

  // The engine's lines, three of them; a click on a line's second move plays it as a side line.
  await page.locator('#moves li.variation button.mv', { hasText: 'a4a5' }).click();
  await page.locator('#analyse-toggle').check();
  await page.waitForFunction(
    () => document.querySelectorAll('#pv .pv-line').length === 3 && document.querySelectorAll('#pv .pv-line[data-line="0"] button').length >= 2,
    null,
    { timeout: 20000 },
  );
  await page.screenshot({ path: path.join(shots, 'review-06-engine-lines.png') });
  // Read and clicked at once: the line may deepen at any moment.
  const firstLine = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll('#pv .pv-line[data-line="0"] button')];
    buttons[1].click();
    return buttons.map((b) => b.textContent);
  });
  await page.waitForFunction(
    (m) => document.querySelector('#moves li.variation button[aria-current="true"]')?.textContent === m,
    firstLine[1],
  );
  await page.locator('#analyse-toggle').uncheck();

  // Play on from there against the engine: a new game with the moves that led there.
  await page.locator('#btn-continue').click();
  await page.waitForFunction((old) => !location.hash.endsWith(`=${old}`), id);
  await h.waitForMoves(page, 5);
  const newGame = await page.evaluate(async () => (await (await fetch(`/api/games/${location.hash.split('=')[1]}`)).json()));
  assert.deepEqual(
    newGame.moves.map((m) => m.move),
    ['a3a4', 'a7a6', 'a4a5', ...firstLine.slice(0, 2)],
  );
  assert.equal(newGame.players[newGame.side_to_move].type, 'human');
  assert.equal(newGame.players[newGame.side_to_move === 'blue' ? 'red' : 'blue'].type, 'engine');
  await page.close();
});

test('the editor\'s "Analyse" opens its position on the analysis board', async () => {
  const page = await freshPage();
  await page.locator('#btn-setup').click();
  await page.locator('#setup-fen').fill('7/7/7/7/7/7/7/3r3/E6 b 0 1');
  await page.locator('#setup-apply-fen').click();
  await page.waitForFunction(() => !document.querySelector('#setup-analyse').disabled);
  await page.locator('#setup-analyse').click();
  await page.waitForFunction(() => document.querySelectorAll('#pv .pv-line').length >= 1, null, { timeout: 20000 });
  assert.equal(await page.locator('#analyse-toggle').isChecked(), true);
  assert.equal(await page.locator('#strip-top .strip-who').textContent(), 'Player');
  assert.equal(await page.locator('#strip-bottom .strip-who').textContent(), 'Player');
  assert.equal(await page.locator('#pv .pv-line[data-line="0"] .pv-score').textContent(), '−M1');
  await page.screenshot({ path: path.join(shots, 'review-07-editor-analyse.png') });
  await page.close();
});
