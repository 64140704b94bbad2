"""Random games of every family through the interface, checked at every action."""

import numpy as np
import pytest

import jungle
from conftest import BLUE_LETTERS, RED_LETTERS, board_cells, new_rng

PIECE_LETTERS = "RCDWPTLErcdwptle"  # plane p: the piece side * 8 + animal


def check_tensor_against_view(game, state, player):
    """The piece planes of the tensor hold exactly what the player's diagram shows."""
    shape = game.observation_tensor_shape()
    ranks, files = shape[1], shape[2]
    tensor = state.observation_tensor(player)
    assert list(tensor.shape) == shape
    cells = board_cells(state.observation_string(player), files, ranks)
    for (f, r), c in cells.items():
        column = tensor[:, r, f]
        pieces = [PIECE_LETTERS[p] for p in range(16) if column[p] == 1.0]
        if c in PIECE_LETTERS:
            assert pieces == [c], (c, f, r)
        else:
            assert pieces == [], (c, f, r)
        assert column[16] == (c == "X") and column[17] == (c == "x")
        assert column[18] == (c == "?")
    # Who acts, who looks.
    current = state.current_player()
    assert tensor[25].max() == (current == 0) and tensor[26].max() == (current == 1)
    assert tensor[27].max() == (current == jungle.CHANCE_PLAYER)
    assert tensor[28 + player].min() == 1.0 and tensor[29 - player].max() == 0.0
    info = state.information_state_tensor(player)
    assert np.array_equal(info[:46], tensor)
    # Both are made of the player's Observation and nothing else: the same
    # planes from the observation alone (but for the public pending flip,
    # which the observation's position text leaves out).
    observation = state.observation(player)
    for alone, full in ((game.tensor_of(observation), tensor), (game.tensor_of(observation, True), info)):
        full = full.copy()
        full[19] = 0
        assert np.array_equal(alone, full)


def check_state(game, state, rng):
    current = state.current_player()
    legal = state.legal_actions()
    mask = state.legal_actions_mask()
    assert sorted(np.flatnonzero(mask).tolist()) == legal
    if state.is_terminal():
        assert legal == [] and current == jungle.TERMINAL_PLAYER
    elif state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert len(mask) == game.max_chance_outcomes()
    else:
        assert current in (0, 1) and len(mask) == game.num_distinct_actions()
        assert sorted(game.string_to_action(m) for m in state.legal_moves()) == legal
        assert state.observation(current).legal_moves == state.legal_moves()
        other = state.observation(1 - current)
        assert other.legal_moves == []
    for player in (0, 1):
        check_tensor_against_view(game, state, player)
    # Serialization gives the same game back.
    again = game.deserialize_state(state.serialize())
    assert again.history_moves() == state.history_moves()
    assert again.fen() == state.fen()
    assert again.current_player() == current
    for player in (0, 1):
        assert again.observation_string(player) == state.observation_string(player)
        assert np.array_equal(again.information_state_tensor(player), state.information_state_tensor(player))
    # Every action applied then undone gives back every view.
    if legal:
        before = [state.information_state_string(p) for p in (0, 1)]
        before_tensors = [state.observation_tensor(p) for p in (0, 1)]
        for action in rng.sample(legal, min(3, len(legal))):
            child = state.clone()
            child.apply_action(action)
            assert child.history() == state.history() + [action]
            assert child.undo()
            assert child.history() == state.history()
            assert [child.information_state_string(p) for p in (0, 1)] == before
            for p in (0, 1):
                assert np.array_equal(child.observation_tensor(p), before_tensors[p])
            assert child.serialize() == state.serialize()


@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts(variant, seed):
    game = jungle.load_game(variant)
    rng = new_rng(seed)
    state = game.new_initial_state(seed=seed)
    for _ in range(40):
        check_state(game, state, rng)
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    # Undoing everything gives the start back.
    moves = state.history_moves()
    while state.undo():
        pass
    assert state.history() == []
    assert state.fen() == game.new_initial_state(seed=seed).fen()
    for m in moves:
        state.apply_move(m)
    assert state.history_moves() == moves


@pytest.mark.parametrize("variant", ["hidden", "hidden-stratego"])
def test_hidden_views_never_show_unrevealed_opponents(variant):
    game = jungle.load_game(variant)
    rng = new_rng(5)
    state = game.new_initial_state(seed=5)
    shape = game.observation_tensor_shape()
    for _ in range(60):
        if state.is_terminal():
            break
        for player, theirs in ((0, RED_LETTERS), (1, BLUE_LETTERS)):
            cells = board_cells(state.observation_string(player), shape[2], shape[1])
            truth = board_cells(str(state), shape[2], shape[1])
            for square, c in cells.items():
                if c in theirs:
                    # Shown only once the arbiter announced it: the truth agrees.
                    assert truth[square] == c
            # The tensor's planes of the opponent's known animals hold only announced ones.
            tensor = state.observation_tensor(player)
            opponent = 1 - player
            known = tensor[8 * opponent : 8 * opponent + 8].sum()
            letters = sum(1 for c in cells.values() if c in theirs)
            assert known == letters
        state.apply_action(rng.choice(state.legal_actions()))
