"""Throughput of the Python API (figures in docs/python.md).

    PYTHONPATH=build/python python3 python/bench/bench.py [--seconds 2] [--games stratego,dhamet] [--n 256]

Per game, in steps (actions applied) per second of this process's CPU time on one core, and in brackets per
second of wall time:
- the plain Python loop over one State: `legal_actions()` + `apply_action()` ("loop"), and the same with
  `observation_tensor()` of the player to move at every step ("loop + obs");
- VectorEnv(game, n) random play: with the legal mask only ("mask"), with the float32 observation ("f32") and with
  the uint8 one ("u8", dtype=np.uint8). These time env.step() alone; the actions come from env.random_actions()
  (a random legal action per game, drawn in C++), timed apart.

CPU time (time.process_time) is what one core gives while other work competes for the machine (caches, memory
bandwidth and a hyperthread sibling are still shared); wall time is what this run got. The load average is printed
before and after: measure on an idle machine.
"""
import argparse
import os
import time

import numpy as np

import strat


class Clock:
    def __init__(self):
        self.cpu = 0.0
        self.wall = 0.0

    def measure(self, fn):
        c, w = time.process_time(), time.perf_counter()
        result = fn()
        self.cpu += time.process_time() - c
        self.wall += time.perf_counter() - w
        return result


def python_loop(spec, seconds, observe):
    """Steps per second of the plain Python loop (CPU, wall)."""
    game = strat.load_game(spec)
    start = game.new_initial_state(seed=1)
    state = start.clone()
    clock, steps, k = Clock(), 0, 0

    def thousand():
        nonlocal state, k
        for _ in range(1000):
            legal = state.legal_actions()
            if observe:
                state.observation_tensor()
            state.apply_action(legal[k % len(legal)])
            k += 7
            if state.is_terminal():
                state = start.clone()

    while clock.cpu < seconds:
        clock.measure(thousand)
        steps += 1000
    return steps / clock.cpu, steps / clock.wall


def vector(spec, n, observations, dtype, seconds):
    """Steps per second of env.step() (CPU, wall)."""
    env = strat.VectorEnv(spec, n, seed=1, observations=observations, dtype=dtype)
    env.reset()
    clock, steps = Clock(), 0
    while clock.cpu < seconds:
        actions = env.random_actions()
        clock.measure(lambda: env.step(actions))
        steps += n
    return steps / clock.cpu, steps / clock.wall


def rate(pair):
    def short(x):
        return f"{x / 1e6:.2f}M" if x >= 1e6 else f"{x / 1e3:.0f}k"
    return f"{short(pair[0])} ({short(pair[1])})"


def split_specs(text):
    """Game specs separated by commas; as in the CLI's agent lists, a piece with '=' and no ':' continues the
    previous spec (stratego:barrage,setup=actions is one spec)."""
    specs = []
    for piece in text.split(","):
        if specs and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def main():
    parser = argparse.ArgumentParser(description="Throughput of the Python API (docs/python.md)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--games", default=",".join(strat.registered_games()),
                        help="comma-separated game specs (default: every registered one)")
    parser.add_argument("--n", type=int, default=256, help="games in the VectorEnv")
    args = parser.parse_args()
    print(f"VectorEnv n={args.n}; load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    columns = ["loop", "loop + obs", "mask", "f32", "u8"]
    print(f"{'game':32} {'actions':>7} {'obs':>5} " + " ".join(f"{c:>17}" for c in columns))
    for spec in split_specs(args.games):
        game = strat.load_game(spec)
        figures = [python_loop(spec, args.seconds, False), python_loop(spec, args.seconds, True),
                   vector(spec, args.n, False, np.float32, args.seconds),
                   vector(spec, args.n, True, np.float32, args.seconds),
                   vector(spec, args.n, True, np.uint8, args.seconds)]
        print(f"{spec:32} {game.num_distinct_actions():7d} {game.observation_tensor_size():5d} " +
              " ".join(f"{rate(f):>17}" for f in figures), flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
