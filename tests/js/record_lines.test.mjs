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

test('a flip record: a side line flip is written with its animal, numbered as the flip writer numbers', () => {
  // A flip set's FEN: its side field "-" and its pool; and a flip-fixed
  // game from a FEN with Red to move at move 7, which the flip writer still
  // numbers from 1 (src/flip/flip_record.cpp): the record's own numbers rule.
  const flip = '[Result "*"]\n[Variant "flip"]\n\n1. b2?=L c2?=l 2. a1?=r *\n';
  const start = '????/????/????/???? - RCDWPTLErcdwptle 0 1';
  const lines = new Map([
    [0, [node('a1?=e', [node('c2?=R')])]],
    [1, [node('c3?=l')]],
  ]);
  assert.equal(
    recordWithSideLines(flip, start, lines),
    '[Result "*"]\n[Variant "flip"]\n\n1. b2?=L (1. a1?=e c2?=R) 1... c2?=l (1... c3?=l) 2. a1?=r *\n',
  );
  const fixed = '[Variant "flip-fixed"]\n[FEN "4/4/4/L2l b - 0 7"]\n\n1. d1c1 a1b1 *\n';
  assert.equal(
    recordWithSideLines(fixed, '4/4/4/L2l b - 0 7', new Map([[1, [node('a1a2')]]])),
    '[Variant "flip-fixed"]\n[FEN "4/4/4/L2l b - 0 7"]\n\n1. d1c1 a1b1 (1... a1a2) *\n',
  );
});
