"""jungle.Tablebase: tables made and probed from Python."""

import pytest

import jungle


def test_generate_and_probe(tmp_path):
    game = jungle.load_game("standard")
    # Every material of one and two pieces (as `jungle tb gen --pieces 2`).
    assert jungle.generate_tablebase(game, str(tmp_path), 2) == 17
    assert jungle.generate_tablebase(game, str(tmp_path), 2) == 0  # all there already
    tables = jungle.Tablebase(game, str(tmp_path))
    assert tables.max_pieces == 2 and tables.table_count == 17
    # Blue's Rat a step from Red's den: a win in one ply.
    state = game.state_from_fen("2r4/3R3/7/7/7/7/7/7/7 w")
    assert tables.probe(state) == ("win", 1, ["d8d9"])
    # A FEN does as well as a state, and the folder alone means the standard rules.
    assert tables.probe("2r4/3R3/7/7/7/7/7/7/7 w") == ("win", 1, ["d8d9"])
    assert jungle.Tablebase(str(tmp_path)).probe("2r4/3R3/7/7/7/7/7/7/7 w") == ("win", 1, ["d8d9"])
    # Red to move there loses in two plies whatever it does: both moves are its best.
    assert tables.probe("2r4/3R3/7/7/7/7/7/7/7 b") == ("loss", 2, ["c9c8", "c9b9"])
    with pytest.raises(RuntimeError, match="own den d1"):
        tables.probe("7/7/7/7/7/7/7/7/3R3 w")
    values = tables.move_values(state)
    assert values[0] == ("d8d9", "win", 1)
    assert sorted(m for m, _, _ in values) == sorted(state.legal_moves())
    # Sixteen pieces: no table.
    assert tables.probe(game.new_initial_state()) is None
    assert tables.move_values(game.new_initial_state()) == []


def test_families_without_tables_are_refused(tmp_path):
    for variant in ("flip", "hidden"):
        with pytest.raises(ValueError, match="no endgame table"):
            jungle.Tablebase(jungle.load_game(variant), str(tmp_path))
    with pytest.raises(Exception):
        jungle.Tablebase(jungle.load_game("standard"), str(tmp_path / "missing"))
