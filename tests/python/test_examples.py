"""The examples of examples/python run (short)."""

import importlib.util
import pathlib

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("variant", ["standard", "flip"])
def test_self_play(variant):
    results = load("self_play").main(["--variant", variant, "--games", "8", "--steps", "300"])
    assert sum(results.values()) > 0


def test_random_vs_engine():
    # The engine at depth 2 beats a random player in the open game.
    assert load("random_vs_engine").main(["--games", "2", "--depth", "2"]) == 2.0


@pytest.mark.parametrize("variant", ["flip", "hidden"])
def test_random_vs_engine_other_families(variant):
    score = load("random_vs_engine").main(["--variant", variant, "--games", "1", "--depth", "1", "--max-actions", "60"])
    assert 0.0 <= score <= 1.0
