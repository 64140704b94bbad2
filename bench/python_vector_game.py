#!/usr/bin/env python3
"""Random-playout steps per second of jungle.VectorGame (a benchmark, not a test).

    build/python-venv/bin/python bench/python_vector_game.py [--variant standard] [--seconds 3]

For N = 1 and N = 1024 games it steps random legal actions (VectorGame.sample_actions,
drawn in C++) and prints the steps (one action of one game) per second, with the
observation planes written and without. Timings on a shared machine are noisy:
run it with the machine to itself before drawing conclusions.
"""

import argparse
import time

import jungle


def measure(game, n, observations, seconds, threads):
    vg = jungle.VectorGame(game, n, seed=1, observations=observations, threads=threads if n > 1 else 1)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(max(1, 4096 // n)):
            vg.step(vg.sample_actions())
            steps += n
        now = time.perf_counter()
        if now >= deadline:
            return steps / (now - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--sizes", default="1,1024")
    parser.add_argument("--threads", type=int, default=1, help="VectorGame's threads (N > 1)")
    args = parser.parse_args()
    game = jungle.load_game(args.variant)
    print(f"{args.variant}: random playouts, steps per second (one step: one action of one game), "
          f"{args.threads} thread(s)")
    for n in [int(s) for s in args.sizes.split(",")]:
        for observations in (False, True):
            rate = measure(game, n, observations, args.seconds, args.threads)
            what = "with observation planes" if observations else "masks, rewards and flags only"
            print(f"  N={n:5d}  {what:32s} {rate:12,.0f} steps/s")


if __name__ == "__main__":
    main()
