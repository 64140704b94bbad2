#!/usr/bin/env python3
"""Writes the seed corpora of tests/fuzz/corpus/ from readable sources.

The FEN and move targets take the rule set from their first byte (its index
in `jungle variants`' order, modulo the count): seeds here say the rule set
by name. Run from anywhere; it rewrites corpus/ whole. The inputs that once
broke the project (issue 11) are kept, so every run tries them again.
"""
import lzma
import pathlib
import re
import shutil

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VARIANTS = ["standard", "bush", "wikipedia", "dog-swims", "universal-traps",
            "elephant-takes-rat", "leopard-jumps", "lion-tiger-equal",
            "tiger-over-lion", "anti-draw", "animal-checkers"]
START = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1"

FENS = [
    ("standard", START),
    ("standard", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w - - 0 1"),
    ("standard", "6lt/7/7/7/7/7/7/7/L6 w"),          # an extra piece on a rank
    ("standard", "7l/7/7/7/7/7/7/7/L6 w"),
    ("standard", "3E3/7/7/7/7/7/7/7/3e3 b 0 1"),    # both dens occupied
    ("standard", START.replace(" 0 1", " 0 2147483647")),
    ("standard", START.replace(" 0 1", " 0 2147483648")),
    ("bush", START.replace(" 0 1", " 1073741824 1")),
    ("standard", START.replace(" 0 1", " 99999999999999999999 1")),
    ("standard", "2t4/7/7/1R5/L6/7/7/7/4e2 w 3 40"),
    ("anti-draw", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 12 7"),
    ("animal-checkers", "7/7/1e3r1/7/7/7/7/1R3E1/7 w 0 1"),
]

MOVES = [  # (rule set, plies byte, walk bytes, text)
    ("standard", 0, b"", "a3a4"), ("standard", 0, b"", "g1f1"), ("standard", 0, b"", "a3a5"),
    ("standard", 0, b"", "d1d2"), ("standard", 0, b"", "z9z9"), ("standard", 0, b"", ""),
    ("standard", 6, bytes([7, 3, 11, 2, 9, 5]), "c3c4"),
    ("bush", 4, bytes([1, 2, 3, 4]), "a1a2"),
    ("anti-draw", 8, bytes([14, 20, 16, 21, 3, 5, 8, 13]), "c9d9"),
]

UCI = [
    "uci\nisready\nucinewgame\nposition startpos moves a3a4 g7g6\ngo depth 3\n",
    "position startpos\ngo movetime 50\nstop\n",
    "go depth 60\ngo depth 1\nisready\nstop\nquit\n",
    "go movetime 100000000\nucinewgame\nisready\n",
    "go perft 4\nisready\nstop\n",
    "bench 3\nisready\n",
    "setoption name Variant value bush\nposition fen l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 1073741824 1\ngo depth 2\n",
    "setoption name Variant value /dev/zero\nsetoption name Eval File value /dev/zero\nisready\n",
    "position fen 3E3/7/7/7/7/7/7/7/3e3 b 0 1\ngo depth 2\n",
    "position startpos moves a3a4 a3a4\ngo depth 2\n",
    "go movetime 0\ngo wtime 10 btime 10 winc 0 binc 0\nd\n",
    "setoption name Skill Level value 0\nsetoption name MultiPV value 3\ngo depth 4\n",
    "setoption name Ponder value true\nposition startpos\ngo ponder movetime 100\nponderhit\n",
    "setoption name Variant value flip\nposition startpos moves b2?=L c2?=l a1?=r\ngo depth 3\nd\n",
    "setoption name Variant value flip\nposition fen L3/4/4/2c1 w - 0 1\ngo movetime 50\nstop\n",
    "setoption name Variant value flip\nposition startpos moves b2?\ngo depth 2\n",
    "setoption name Variant value hidden\nposition hidden blue fen "
    "x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 rcdwptle moves a3a4\ngo depth 3\nd\n",
    "setoption name Variant value hidden-stratego\nsetup red\nposition startpos\ngo depth 2\n",
]

RECORD_EXTRA = [
    '[Variant "/dev/zero"]\n\n1. a3a4 *\n',
    '[Variant "../../../../etc/passwd"]\n\n*\n',
    '[Variant "bush"]\n[FEN "%s"]\n\n1. a3a4 g7g6 *\n' % START.replace(" 0 1", " 0 2147483647"),
    '[Result "1-0"]\n\n1. a3a4 {unterminated\n',
    '[Event "x"\n1. a3a4 (a side line) 1... g7g6 1-0\n',
]

# Flip Jungle (fuzz_flip): the first byte is mode + 3 * flip set, the mode
# 0 a FEN, 1 a record, 2 a ply after a walk (a plies byte, then the walk).
FLIP_SETS = ["flip", "flip-fixed", "flip-jungle"]
FLIP = [  # (mode, set, bytes)
    (0, "flip", b"????/????/????/???? - RCDWPTLErcdwptle 0 1"),
    (0, "flip", b"3R/4/4/lL2 w - 0 1"),
    (0, "flip-fixed", b"LpR1/T1?1/4/r?E1 w We 0 16"),
    (0, "flip", b"????/????/????/???? w RCDWPTLErcdwptle 39 99999999999"),
    (0, "flip", b"?L??/????/????/???? w RCDWPTErcdwptle 0 1"),   # the Lion twice
    (0, "flip-jungle", b"3c/4/2l1/L2T w - 0 1"),
    (1, "flip", b'[Variant "flip"]\n\n1. b2?=L c2?=l 2. a1?=r c2b2 3. b1?=W *\n'),
    (1, "flip", b'[Variant "flip"]\n[FEN "3c/4/2l1/L2T w - 0 1"]\n\n'
                b"1. d1c1 {[%eval -72.65/64] Blunder. a1b1 was best.} 1... c2c1 *\n"),
    (1, "flip", b'[Variant "flip-fixed"]\n\n1. b2?=L b2b3 *\n'),
    (1, "flip", b'[Variant "/dev/zero"]\n\n1. b2?=L *\n'),
    (2, "flip", bytes([0]) + b"b2?=L"),
    (2, "flip", bytes([3, 5, 9, 200]) + b"a1a2"),
    (2, "flip-fixed", bytes([6, 1, 2, 3, 4, 5, 6]) + b"c3?=e"),
    # Side lines (docs/records.md): nested, with a comment, and one whose
    # flip names an animal the pool no longer holds.
    (1, "flip", b'[Variant "flip"]\n\n1. b2?=L (1. a1?=e c2?=R (1... b2?=w)) (1. d4?=C)\n'
                b"1... c2?=l {c} 2. a1?=r (2. d4?=C) c2b2 *\n"),
    (1, "flip", b'[Variant "flip"]\n\n1. b2?=L c2?=l (1... c3?=L) *\n'),
]

# Hidden games (fuzz_hidden): the first byte even for a record; odd for a
# view FEN, with the rule set (hidden, hidden-stratego) in bit 1 and the
# viewer (Blue, Red, spectator) in byte / 4 modulo 3.
HIDDEN_ARBITER = (
    '[Result "1-0"]\n[Variant "hidden"]\n'
    '[FEN "d5l/1e3c1/p1t1r1w/7/7/7/T1E1W1L/1P3D1/C5R w 0 1"]\n[Termination "den"]\n\n'
    "1. g3f3 a9b9 2. f3f7 a7b7 3. f7e7:took=Lr f8g8 4. a1b1 b8a8 5. b2a2 a8b8\n"
    "6. a3a4 c7d7 7. e7e8 b9c9 8. e8e9 g8f8 9. e9d9 1-0\n")
HIDDEN = [  # (first byte, text)
    (0, HIDDEN_ARBITER),
    (0, '[Result "*"]\n[Variant "hidden"]\n[FEN "c5e/7/7/7/7/3w3/3T3/7/6R w 0 1"]\n\n'
        "1. d3d4:took=Tw *\n"),
    (0, '[Result "*"]\n[Variant "hidden"]\n[FEN "c5e/7/7/7/7/3w3/3T3/7/6R w 0 1"]\n\n'
        "1. d3d4:died=Tw *\n"),
    (0, '[Result "*"]\n[Variant "hidden"]\n[View "Blue"]\n'
        '[FEN "x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 rcdwptle"]\n\n'
        "1. a3a4 a7a6 2. a4a5 a6a5:took=?E *\n"),
    (1, "x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 rcdwptle"),
    (5, "l5t/1d3c1/r1p1w1e/7/7/7/X1X1X1X/1X3X1/X5X b 0 1 RCDWPTLE"),
    (9, "x5x/1x3x1/x1x1x1x/7/7/7/X1X1X1X/1X3X1/X5X w 0 1"),
    (3, "x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 rrrrrrrrr"),
]


def write(folder, name, data):
    path = HERE / "corpus" / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def main():
    shutil.rmtree(HERE / "corpus", ignore_errors=True)
    for i, (variant, fen) in enumerate(FENS):
        write("fen", f"seed{i:02}", bytes([VARIANTS.index(variant)]) + fen.encode())
    for i, (variant, plies, walk, text) in enumerate(MOVES):
        write("move", f"seed{i:02}", bytes([VARIANTS.index(variant), plies]) + walk + text.encode())
    for i, script in enumerate(UCI):
        write("uci", f"seed{i:02}", script)
    for toml in sorted((ROOT / "variants").glob("*.toml")):
        write("rules", toml.stem, toml.read_bytes())
    write("rules", "toml_unreachable", b"a\xc8\xa8")
    write("rules", "toml_nul_key", b"[\x00]")
    write("rules", "inherits_dev_zero", b'inherits = "/dev/zero"\n')
    write("rules", "inherits_loop", b'inherits = "inherits_loop.toml"\n')
    games = lzma.decompress((ROOT / "tuning" / "turn2_sprt.pgn.xz").read_bytes()).decode()
    for i, game in enumerate(re.split(r"\n\n(?=\[Event)", games)[:6]):
        write("record", f"game{i:02}", game)
    for i, text in enumerate(RECORD_EXTRA):
        write("record", f"seed{i:02}", text)
    for i, (mode, flip_set, data) in enumerate(FLIP):
        write("flip", f"seed{i:02}", bytes([mode + 3 * FLIP_SETS.index(flip_set)]) + data)
    for i, (first, text) in enumerate(HIDDEN):
        write("hidden", f"seed{i:02}", bytes([first]) + text.encode())


if __name__ == "__main__":
    main()
