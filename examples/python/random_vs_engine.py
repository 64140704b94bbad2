#!/usr/bin/env python3
"""A match of a random player against the engine, in any family, through the
OpenSpiel-shaped State: chance (a flip's outcome) is drawn by its
probabilities, and the engine is given only its side's observation.

    python3 examples/python/random_vs_engine.py [--variant standard] [--games 2] [--depth 2]
"""

import argparse
import random

import jungle


def play(game, engine, engine_side, depth, rng, seed, max_actions):
    state = game.new_initial_state(seed=seed)
    engine.new_game()
    for _ in range(max_actions):
        if state.is_terminal():
            break
        player = state.current_player()
        if player == jungle.CHANCE_PLAYER:
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
        elif player == engine_side:
            state.apply_move(engine.search(state, depth=depth).best_move)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--max-actions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    game = jungle.load_game(args.variant)
    engine = jungle.Engine(game, {"Seed": str(args.seed)})
    rng = random.Random(args.seed)
    score = 0.0
    for g in range(args.games):
        engine_side = g % 2  # colours alternate
        state = play(game, engine, engine_side, args.depth, rng, args.seed + g, args.max_actions)
        r = state.returns()[engine_side]
        score += (r + 1) / 2 if state.is_terminal() else 0.5
        side = "Blue" if engine_side == 0 else "Red"
        print(f"game {g + 1}: engine as {side}: {state.result()} {state.result_message() or '(unfinished)'}")
    print(f"engine's score: {score} of {args.games}")
    return score


if __name__ == "__main__":
    main()
