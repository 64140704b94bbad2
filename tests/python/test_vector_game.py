"""VectorGame: batched games in C++, numpy arrays in and out."""

import numpy as np
import pytest

import jungle


def test_shapes_and_no_copies():
    game = jungle.load_game("standard")
    vg = jungle.VectorGame(game, 5, seed=1)
    first = vg.arrays()
    assert first["observations"].shape == (5, 46, 9, 7)
    assert first["observations"].dtype == np.float32
    assert first["legal_mask"].shape == (5, 504) and first["legal_mask"].dtype == np.uint8
    assert first["rewards"].shape == (5, 2)
    assert first["terminated"].dtype == np.bool_ and first["truncated"].shape == (5,)
    # Every game at the start: Blue to act, 24 actions, the start's planes.
    assert (first["current_player"] == 0).all()
    assert (first["legal_mask"].sum(axis=1) == 24).all()
    start = game.new_initial_state()
    assert np.array_equal(first["legal_mask"][0], start.legal_actions_mask())
    assert np.array_equal(first["observations"][0], start.observation_tensor(0))
    actions = vg.sample_actions()
    out = vg.step(actions)
    # The same buffers, written in place.
    for name in out:
        assert np.shares_memory(out[name], first[name])
    assert (out["current_player"] == 1).all()


def test_it_plays_as_the_state_does():
    game = jungle.load_game("standard")
    n = 3
    vg = jungle.VectorGame(game, n, seed=4, max_steps=30)
    states = [game.new_initial_state() for _ in range(n)]
    for _ in range(70):
        actions = vg.sample_actions().copy()
        for i, s in enumerate(states):
            assert actions[i] in s.legal_actions()
        out = vg.step(actions)
        for i in range(n):
            states[i].apply_action(int(actions[i]))
            s = states[i]
            if out["terminated"][i] or out["truncated"][i]:
                assert out["terminated"][i] == s.is_terminal()
                assert list(out["rewards"][i]) == s.returns()
                assert out["truncated"][i] == (not s.is_terminal() and s.move_number() == 30)
                states[i] = s = game.new_initial_state()
            else:
                assert list(out["rewards"][i]) == [0.0, 0.0]
            assert out["current_player"][i] == s.current_player()
            assert np.array_equal(out["legal_mask"][i], s.legal_actions_mask())
            assert np.array_equal(out["observations"][i], s.observation_tensor(s.current_player()))


def test_fast_and_general_paths_agree():
    game = jungle.load_game("standard")
    fast = jungle.VectorGame(game, 4, seed=9, max_steps=50)
    general = jungle.VectorGame(game, 4, seed=9, max_steps=50, fast=False)
    assert fast.fast and not general.fast
    for _ in range(120):
        a = fast.sample_actions()
        assert np.array_equal(a, general.sample_actions())
        x, y = fast.step(a), general.step(a)
        for name in x:
            assert np.array_equal(x[name], y[name]), name


@pytest.mark.parametrize("variant", ["flip", "flip-jungle", "hidden"])
def test_every_family_steps_with_chance_inside(variant):
    game = jungle.load_game(variant)
    n = 4
    vg = jungle.VectorGame(game, n, seed=2, max_steps=200)
    assert not vg.fast
    ended = 0
    for _ in range(300):
        out = vg.step(vg.sample_actions())
        assert ((out["current_player"] == 0) | (out["current_player"] == 1)).all()
        assert (out["legal_mask"].sum(axis=1) > 0).all()
        assert (out["rewards"].sum(axis=1) == 0).all()
        ended += int(out["terminated"].sum() + out["truncated"].sum())
    assert ended > 0
    # The same seed plays the same games.
    again = jungle.VectorGame(game, n, seed=2, max_steps=200)
    other = jungle.VectorGame(game, n, seed=2, max_steps=200)
    for _ in range(30):
        x, y = again.step(again.sample_actions()), other.step(other.sample_actions())
        assert np.array_equal(x["observations"], y["observations"])


def test_illegal_actions_step_no_game():
    game = jungle.load_game("standard")
    vg = jungle.VectorGame(game, 2, seed=1, observations=False)
    assert vg.arrays()["observations"] is None
    before = vg.arrays()["legal_mask"].copy()
    legal = int(np.flatnonzero(before[0])[0])
    with pytest.raises(ValueError, match="game 1: action 5000"):
        vg.step(np.array([legal, 5000]))
    assert np.array_equal(vg.arrays()["legal_mask"], before)
    with pytest.raises(ValueError, match="one action a game"):
        vg.step(np.array([legal]))


@pytest.mark.parametrize("variant", ["standard", "flip", "hidden"])
def test_threads_play_the_same_games(variant):
    game = jungle.load_game(variant)
    one = jungle.VectorGame(game, 16, seed=3, max_steps=40)
    two = jungle.VectorGame(game, 16, seed=3, max_steps=40, threads=3)
    assert one.threads == 1 and two.threads == 3
    for _ in range(60):
        actions = one.sample_actions()
        assert np.array_equal(actions, two.sample_actions())
        x, y = one.step(actions), two.step(actions)
        for name in x:
            assert np.array_equal(x[name], y[name]), name
    with pytest.raises(ValueError, match="threads"):
        jungle.VectorGame(game, 2, threads=0)


@pytest.mark.parametrize(
    "variant", ["standard", "animal-checkers", "flip", "flip-jungle", "hidden", "hidden-stratego"]
)
def test_arrays_are_those_of_each_games_state(variant):
    game = jungle.load_game(variant)
    vg = jungle.VectorGame(game, 3, seed=6, max_steps=60)
    out = vg.arrays()
    for _ in range(80):
        for i in range(3):
            state = vg.state(i)
            player = state.current_player()
            assert out["current_player"][i] == player
            assert np.array_equal(out["legal_mask"][i], state.legal_actions_mask())
            assert np.array_equal(out["observations"][i], state.observation_tensor(player))
        out = vg.step(vg.sample_actions())
    with pytest.raises(IndexError):
        vg.state(3)
