// A downloaded record with the analysis board's side lines
// (src/web/assets/js/game/record_lines.js): the lines go in parentheses after
// the move each stands in for, written as the project's writer writes them
// (tests/game_record_test.cpp reads the same text back), and the name says
// the format is the project's own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordFileName, recordWithSideLines } from '../../src/web/assets/js/game/record_lines.js';

const START = 'ltrdcwpe/7/7/7/7/7/7/7/7 w 0 1';
const RECORD = '[Event "x"]\n[Result "*"]\n\n1. a3a4 a7a6 {c} 2. a4a5 *\n';

/** @param {string} move @param {any[]} [children] */
const node = (move, children = []) => ({ move, children });

test('side lines are written after the move they stand in for, nested ones too', () => {
  // After 0 plies: g3g4, answered g7g6 (or a7a6), then g4g5; and c3d3.
  const branches = new Map([[0, [node('g3g4', [node('g7g6', [node('g4g5')]), node('a7a6')]), node('c3d3')]]]);
  assert.equal(
    recordWithSideLines(RECORD, START, branches),
    '[Event "x"]\n[Result "*"]\n\n1. a3a4 (1. g3g4 g7g6 (1... a7a6) 2. g4g5) (1. c3d3) 1... a7a6 {c} 2. a4a5 *\n',
  );
});

test('a line leaving after a Red move is numbered from there, and long text is wrapped', () => {
  const branches = new Map([[2, [node('g3g4', [node('g7g6')])]]]);
  const moves = Array.from({ length: 12 }, (_, i) => `${i + 1}. a3a4 a7a6`).join(' ');
  const text = recordWithSideLines(`${moves} *\n`, START, new Map([[1, [node('g7g6')]], ...branches]));
  const lines = text.trimEnd().split('\n');
  assert.ok(
    lines.every((l) => l.length <= 79),
    text,
  );
  assert.match(text, /^1\. a3a4 a7a6 \(1\.\.\. g7g6\) 2\. a3a4 \(2\. g3g4 g7g6\) 2\.\.\. a7a6 3\. a3a4/);
  assert.ok(text.endsWith(' *\n'));
});

test('a record without side lines comes back as the server wrote it', () => {
  assert.equal(recordWithSideLines(RECORD, START, new Map()), RECORD);
  assert.equal(recordWithSideLines(RECORD, START, new Map([[0, []]])), RECORD);
});

test('a game starting with Red to move numbers its side lines from there', () => {
  const text = recordWithSideLines('1... a7a6 2. a3a4 *\n', 'x b 0 1', new Map([[0, [node('g7g6')]]]));
  assert.equal(text, '1... a7a6 (1... g7g6) 2. a3a4 *\n');
});

test("records are named for the project's format", () => {
  assert.equal(recordFileName(7), 'jungle-game-7.jgn');
});
