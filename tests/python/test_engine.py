"""jungle.Engine for every family: best move, score, principal variation, lines."""

import pytest

import jungle


def test_open_engine_multipv():
    game = jungle.load_game("standard")
    engine = jungle.Engine(game, {"Threads": "1", "Hash": "8"})
    state = game.new_initial_state()
    result = engine.search(state, depth=4, lines=3)
    assert result.best_move in state.legal_moves()
    assert result.best_action == game.string_to_action(result.best_move)
    assert result.pv[0] == result.best_move and len(result.pv) >= 2
    assert result.depth >= 4
    assert len(result.lines) == 3
    assert len({line.pv[0] for line in result.lines}) == 3
    assert result.lines[0].pv[0] == result.best_move
    assert result.score.startswith("cp ") or result.score.startswith("mate ")
    # An Observation searches the same as its state.
    again = engine.search(state.observation(0), depth=4)
    assert again.best_move in state.legal_moves()


def test_the_engine_finds_a_win_in_one():
    game = jungle.load_game("standard")
    state = game.state_from_fen("2r4/3R3/7/7/7/7/7/7/7 w")
    result = jungle.Engine(game).search(state, depth=3)
    assert result.best_move == "d8d9"
    assert result.score == "mate 1"


@pytest.mark.parametrize("variant", ["flip", "hidden"])
def test_other_families(variant):
    game = jungle.load_game(variant)
    engine = jungle.Engine(game, {"Seed": "1"})
    state = game.new_initial_state(seed=1)
    result = engine.search(state, depth=2, lines=2)
    assert result.best_move in state.legal_moves()
    assert 1 <= len(result.lines) <= 2
    assert 0.0 <= result.expected <= 1.0


def test_chance_and_over_are_refused():
    game = jungle.load_game("flip")
    state = game.new_initial_state()
    state.apply_move("a1?")
    with pytest.raises(ValueError, match="chance"):
        jungle.Engine(game).search(state, depth=1)
    with pytest.raises(ValueError):
        jungle.Engine(game, {"NoSuchOption": "1"})
