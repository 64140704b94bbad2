#!/usr/bin/env python3
"""A tiny self-play loop over jungle.VectorGame: N games at once, a policy
choosing among the legal actions from the masks (here uniformly at random,
in numpy, as a network's masked softmax would), results counted.

    python3 examples/python/self_play.py [--variant standard] [--games 64] [--steps 2000]
"""

import argparse

import numpy as np

import jungle


def policy(observations, masks, rng):
    """A stand-in for a network: random logits, illegal actions masked out."""
    logits = rng.standard_normal(masks.shape).astype(np.float32)
    logits[masks == 0] = -np.inf
    return logits.argmax(axis=1)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--games", type=int, default=64, help="games stepped together")
    parser.add_argument("--steps", type=int, default=2000, help="steps of all the games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    game = jungle.load_game(args.variant)
    envs = jungle.VectorGame(game, args.games, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    out = envs.reset()
    results = {"blue": 0, "red": 0, "draw": 0, "truncated": 0}
    for _ in range(args.steps):
        actions = policy(out["observations"], out["legal_mask"], rng)
        out = envs.step(actions)
        for i in np.flatnonzero(out["terminated"]):
            blue = out["rewards"][i, 0]
            results["blue" if blue > 0 else "red" if blue < 0 else "draw"] += 1
        results["truncated"] += int(out["truncated"].sum())
    print(f"{args.variant}: {args.games} games at once, {args.steps} steps: {results}")
    return results


if __name__ == "__main__":
    main()
