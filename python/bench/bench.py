"""Throughput of the Python API (figures in docs/python.md).

    PYTHONPATH=build/python python3 python/bench/bench.py [--seconds 2] [--games stratego,dhamet] [--n 256]

Per game: the cost of one `legal_actions()` + `apply_action()` pair from Python, and VectorEnv(game, n)
random play in steps per second, with the legal mask only and with the float32 observation as well. The
VectorEnv figures time env.step() alone; the actions come from env.random_actions() (a random legal action per
game, drawn in C++), timed apart.

Each figure is given twice: per second of this process's CPU time (time.process_time: what one core gives
while other work competes for the machine; caches, memory bandwidth and a hyperthread sibling are still
shared) and per second of wall time (what this run got on the loaded machine).
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


def per_call(spec, seconds):
    """Microseconds per legal_actions() + apply_action() pair (CPU, wall)."""
    game = strat.load_game(spec)
    start = game.new_initial_state(seed=1)
    state = start
    clock, calls, k = Clock(), 0, 0

    def thousand():
        nonlocal state, k
        for _ in range(1000):
            legal = state.legal_actions()
            state.apply_action(legal[k % len(legal)])
            k += 7
            if state.is_terminal():
                state = start.clone()

    state = start.clone()
    while clock.cpu < seconds:
        clock.measure(thousand)
        calls += 1000
    return clock.cpu / calls * 1e6, clock.wall / calls * 1e6


def vector(spec, n, observations, seconds):
    """Steps per second of env.step() (CPU, wall)."""
    env = strat.VectorEnv(spec, n, seed=1, observations=observations)
    env.reset()
    clock, steps = Clock(), 0
    while clock.cpu < seconds:
        actions = env.random_actions()
        clock.measure(lambda: env.step(actions))
        steps += n
    return steps / clock.cpu, steps / clock.wall


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", default=",".join(strat.registered_games()))
    parser.add_argument("--n", type=int, default=256)
    args = parser.parse_args()
    print(f"VectorEnv n={args.n}; load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'game':18} {'actions':>7} {'obs':>5} {'us/call cpu':>11} {'(wall)':>7} {'mask steps/s cpu':>16}"
          f" {'(wall)':>10} {'obs steps/s cpu':>15} {'(wall)':>10}")
    for spec in args.games.split(","):
        game = strat.load_game(spec)
        us = per_call(spec, args.seconds)
        mask = vector(spec, args.n, False, args.seconds)
        obs = vector(spec, args.n, True, args.seconds)
        size = int(np.prod(game.observation_tensor_shape()))
        print(f"{spec:18} {game.num_distinct_actions():7d} {size:5d} {us[0]:11.2f} {us[1]:7.2f} {mask[0]:16,.0f}"
              f" {mask[1]:10,.0f} {obs[0]:15,.0f} {obs[1]:10,.0f}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
