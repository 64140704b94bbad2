"""Shared helpers of the Python module's tests (scripts/python_test.sh runs them)."""

import random

import pytest

import jungle

# Two open rule sets (7x9 and 7x7), the three flip sets, the two hidden sets.
VARIANTS = ["standard", "animal-checkers", "flip", "flip-fixed", "flip-jungle", "hidden", "hidden-stratego"]
BLUE_LETTERS = set("RCDWPTLE")
RED_LETTERS = set("rcdwptle")


@pytest.fixture(params=VARIANTS)
def variant(request):
    return request.param


def play_randomly(state, rng, actions):
    """Plays up to `actions` random legal actions (chance's by its probabilities)."""
    for _ in range(actions):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def board_cells(diagram, files, ranks):
    """The cells of an observation_string, {(file, rank): character}, rank 0 the first."""
    cells = {}
    for line in diagram.splitlines():
        words = line.replace("|", " ").split()
        if len(words) == files + 1 and words[0].isdigit():
            rank = int(words[0]) - 1
            for f, c in enumerate(words[1:]):
                assert len(c) == 1, line
                cells[(f, rank)] = c
    assert len(cells) == files * ranks, diagram
    return cells


def new_rng(seed=1):
    return random.Random(seed)


def load(variant):
    return jungle.load_game(variant)
