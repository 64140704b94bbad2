"""The OpenSpiel-shaped interface: exact values at known positions."""

from pathlib import Path

import numpy as np
import pytest

import jungle


def test_standard_start():
    game = jungle.load_game("standard")
    assert game.family() == "open"
    assert game.num_distinct_actions() == 8 * 63
    assert game.observation_tensor_shape() == [46, 9, 7]
    assert game.information_state_tensor_shape() == [55, 9, 7]
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert not state.is_chance_node() and not state.is_terminal()
    assert len(state.legal_actions()) == 24
    assert len(state.legal_moves()) == 24
    assert state.legal_actions() == sorted(state.legal_actions())
    assert sorted(game.string_to_action(m) for m in state.legal_moves()) == state.legal_actions()
    assert state.returns() == [0.0, 0.0]


def test_action_encoding():
    game = jungle.load_game("standard")
    # a1 is square 0, a2 square 7: a step north from a1 is 0 * 63 + 0.
    assert game.string_to_action("a1a2") == 0
    assert game.string_to_action("a1b1") == 1 * 63 + 0  # east
    assert game.string_to_action("b2b1") == 2 * 63 + 8  # south from b2 (square 8)
    assert game.string_to_action("b2a2") == 3 * 63 + 8  # west
    assert game.string_to_action("a3a7") == 4 * 63 + 14  # a jump north from a3
    assert game.string_to_action("d5e6") == -1  # diagonal: no action
    assert game.string_to_action("a1a1") == -1
    assert game.string_to_action("z9") == -1
    assert game.action_to_string(0) == "step north from a1"
    assert game.action_to_string(4 * 63 + 14) == "jump north from a3"
    flip = jungle.load_game("flip")
    assert flip.num_distinct_actions() == 9 * 16
    assert flip.string_to_action("b2?") == 8 * 16 + 5
    assert flip.action_to_string(8 * 16 + 5) == "flip b2"
    assert flip.string_to_action("b2?=L") == 6  # Blue's Lion
    assert flip.string_to_action("b2?=e") == 8 + 7  # Red's Elephant


def test_apply_undo_and_history():
    game = jungle.load_game("standard")
    state = game.new_initial_state()
    a = game.string_to_action("a3a4")
    assert state.apply_action(a) == "a3a4"
    assert state.current_player() == 1
    assert state.history() == [a]
    assert state.history_moves() == ["a3a4"]
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(a)
    with pytest.raises(ValueError):
        state.apply_move("a3a4")
    assert state.undo()
    assert state.history() == [] and not state.undo()


def test_perft_matches_the_engine():
    # `jungle perft 3` and the protocol's `go perft 3` (tests/uci_test.cpp) count 12240.
    state = jungle.load_game("standard").new_initial_state()
    assert jungle.perft(state, 1) == 24
    assert jungle.perft(state, 3) == 12240
    divide = jungle.perft(state, 2, divide=True)
    assert sum(divide.values()) == jungle.perft(state, 2)
    assert sorted(divide) == sorted(state.legal_moves())
    # Flip Jungle: a flip counts once for each animal it may reveal (tests/flip_core_test.cpp).
    flip = jungle.load_game("flip").new_initial_state()
    assert jungle.perft(flip, 1) == 256
    assert jungle.perft(flip, 2) == 57600
    flip.apply_move("b2?")
    with pytest.raises(ValueError, match="chance is to act"):
        jungle.perft(flip, 1)
    with pytest.raises(ValueError, match="chance's outcome 20 is not legal"):
        flip.apply_action(20)
    # A hidden game has no move tree a side could count.
    with pytest.raises(ValueError):
        jungle.perft(jungle.load_game("hidden").new_initial_state(seed=1), 1)


def test_flip_chance_outcomes_match_the_pool():
    game = jungle.load_game("flip")
    state = game.new_initial_state()
    state.apply_move("b2?")
    assert state.is_chance_node()
    assert state.current_player() == jungle.CHANCE_PLAYER
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(16))  # one of each piece
    assert all(p == pytest.approx(1 / 16) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    tensor = state.observation_tensor(0)
    assert tensor[19, 1, 1] == 1.0  # the tile being turned over, b2
    assert tensor[27].min() == 1.0  # chance acts
    for piece, p in outcomes:
        assert tensor[30 + piece].min() == pytest.approx(p)
    state.apply_move("b2?=L")
    assert state.current_player() == 1
    state.apply_move("c3?")
    outcomes = dict(state.chance_outcomes())
    assert 6 not in outcomes  # the Blue Lion is face up now
    assert outcomes[0] == pytest.approx(1 / 15)


def test_terminal_state_and_returns():
    game = jungle.load_game("standard")
    # Blue's Rat a step from Red's den, nothing else but one Red piece.
    state = game.state_from_fen("2r4/3R3/7/7/7/7/7/7/7 w")
    state.apply_move("d8d9")
    assert state.is_terminal()
    assert state.current_player() == jungle.TERMINAL_PLAYER
    assert state.returns() == [1.0, -1.0]
    assert state.result() == "1-0"
    assert state.legal_actions() == []


def test_hidden_observation_strings_keep_each_side_to_itself():
    game = jungle.load_game("hidden")
    state = game.new_initial_state(seed=7)
    blue, red = state.observation_string(0), state.observation_string(1)
    assert blue != red
    files, ranks = 7, 9
    from conftest import BLUE_LETTERS, RED_LETTERS, board_cells

    blue_cells = board_cells(blue, files, ranks).values()
    red_cells = board_cells(red, files, ranks).values()
    assert not RED_LETTERS & set(blue_cells) and "x" in blue_cells
    assert not BLUE_LETTERS & set(red_cells) and "X" in red_cells
    # The truth has both.
    truth = board_cells(str(state), files, ranks).values()
    assert BLUE_LETTERS & set(truth) and RED_LETTERS & set(truth)


def test_hidden_tensors_do_not_depend_on_the_opponents_secret():
    game = jungle.load_game("hidden")
    state = game.new_initial_state(seed=3)
    fen = state.fen()
    placement, rest = fen.split(" ", 1)
    # Two of Red's animals swapped: Blue cannot tell the two games apart.
    reds = [i for i, c in enumerate(placement) if c.islower()]
    i = reds[0]
    j = next(k for k in reds if placement[k] != placement[i])
    swapped = list(placement)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    other = game.state_from_fen("".join(swapped) + " " + rest)
    assert other.fen() != fen
    for tensor in ("observation_tensor", "information_state_tensor"):
        assert np.array_equal(getattr(state, tensor)(0), getattr(other, tensor)(0))
        assert not np.array_equal(getattr(state, tensor)(1), getattr(other, tensor)(1))
    assert state.observation_string(0) == other.observation_string(0)
    assert state.information_state_string(0) == other.information_state_string(0)
    # Blue sees its own animals and none of Red's.
    t = state.observation_tensor(0)
    assert t[0:8].sum() == 8 and t[8:16].sum() == 0 and t[17].sum() == 8 and t[16].sum() == 0
    # What Blue deduces: each unknown Red piece may be any of Red's eight animals.
    info = state.information_state_tensor(0)
    assert np.array_equal(info[46:54].sum(axis=0), 8 * t[17])


def test_serialize_round_trip():
    game = jungle.load_game("flip")
    state = game.new_initial_state()
    state.apply_move("b2?")
    text = state.serialize()
    again = game.deserialize_state(text)
    assert again.history_moves() == ["b2?"] and again.is_chance_node()
    with pytest.raises(Exception):
        game.deserialize_state("not a record")


def test_every_shipped_variant_loads():
    names = jungle.variants()
    assert {"standard", "flip", "hidden"} <= set(names)
    for name in names:
        game = jungle.load_game(name)
        state = game.new_initial_state(seed=1)
        assert state.current_player() in (0, 1)
        assert len(state.legal_actions()) > 0
        assert list(state.observation_tensor(0).shape) == game.observation_tensor_shape()
    with pytest.raises(ValueError):
        jungle.load_game("no-such-variant")


def test_tensor_of_an_observation():
    game = jungle.load_game("hidden")
    state = game.new_initial_state(seed=2)
    observation = state.observation(1)
    assert np.array_equal(game.tensor_of(observation), state.observation_tensor(1))
    assert np.array_equal(game.tensor_of(observation, information=True), state.information_state_tensor(1))
    with pytest.raises(ValueError, match="hidden family"):
        jungle.load_game("standard").tensor_of(observation)


def test_pickle():
    import copy
    import pickle

    for variant in ("standard", "flip", "hidden"):
        game = jungle.load_game(variant)
        state = game.new_initial_state(seed=4)
        state.apply_action(state.legal_actions()[0])  # a flip leaves chance to act
        again = pickle.loads(pickle.dumps(state))
        assert again.history_moves() == state.history_moves()
        assert again.fen() == state.fen()
        assert again.current_player() == state.current_player()
        assert pickle.loads(pickle.dumps(game)).variant() == variant
        assert copy.deepcopy(state).serialize() == state.serialize()


def test_read_records_reads_the_dialect_a_notation_tag_names():
    # docs/dialects.md: mistboard's board is ours mirrored (its g3g4 is our
    # a3a4), KataGo's vertices are our squares in upper case, netcan's move
    # is (row << 4 | col) << 8 | (row << 4 | col) with row 0 our rank 9.
    for notation, moves in [("mistboard", "1. g3g4 g7g6 2. g4g5"),
                            ("katago", "1. A3A4 A7A6 2. A4A5"),
                            ("netcan", "1. 24656 8240 2. 20544"),
                            ("bush", "1. 7g-7f 7c-7d 2. 7f-7e")]:
        games = jungle.read_records(f'[Notation "{notation}"]\n\n{moves} *\n')
        assert [g.history_moves() for g in games] == [["a3a4", "a7a6", "a4a5"]], notation


@pytest.mark.parametrize("name", ["dog-swims", "hidden", "flip/flip-jungle"])
def test_a_rule_files_path_loads_as_its_name_does(name):
    # The repository's own rule files, found from this file's place in it.
    path = Path(__file__).resolve().parents[2] / "variants" / f"{name}.toml"
    by_path = jungle.load_game(str(path))
    by_name = jungle.load_game(name.split("/")[-1])
    assert by_path.num_distinct_actions() == by_name.num_distinct_actions()
    a, b = by_path.new_initial_state(seed=3), by_name.new_initial_state(seed=3)
    assert a.legal_moves() == b.legal_moves()
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    with pytest.raises(ValueError):
        jungle.load_game(str(path.with_name("no-such-file.toml")))
