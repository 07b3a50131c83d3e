"""Throughput of the Python API (figures in docs/python.md).

    PYTHONPATH=build/python python3 python/bench/bench.py [--seconds 2] [--games stratego,dhamet]

Per game: the cost of one `legal_actions()` + `apply_action()` pair from Python, and VectorEnv(game, 256)
random play in steps per second, with the legal mask only and with the float32 observation as well. The
VectorEnv figure times env.step() alone (actions drawn by env.random_actions(), timed apart).
"""
import argparse
import os
import time

import numpy as np

import strat


def per_call(spec, seconds):
    game = strat.load_game(spec)
    start = game.new_initial_state(seed=1)
    state = start.clone()
    calls, k = 0, 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while True:
        for _ in range(1000):
            legal = state.legal_actions()
            state.apply_action(legal[k % len(legal)])
            k += 7
            if state.is_terminal():
                state = start.clone()
        calls += 1000
        if time.perf_counter() >= end:
            break
    return (time.perf_counter() - t0) / calls * 1e6


def vector(spec, n, observations, seconds):
    env = strat.VectorEnv(spec, n, seed=1, observations=observations)
    env.reset()
    steps, step_time, pick_time = 0, 0.0, 0.0
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end:
        t0 = time.perf_counter()
        actions = env.random_actions()
        t1 = time.perf_counter()
        env.step(actions)
        t2 = time.perf_counter()
        pick_time += t1 - t0
        step_time += t2 - t1
        steps += n
    return steps / step_time, steps / (step_time + pick_time)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", default=",".join(strat.registered_games()))
    parser.add_argument("--n", type=int, default=256)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'game':18} {'actions':>7} {'obs floats':>10} {'us/call':>8} {'mask steps/s':>13} {'(+pick)':>10}"
          f" {'obs steps/s':>12} {'(+pick)':>10}")
    for spec in args.games.split(","):
        game = strat.load_game(spec)
        us = per_call(spec, args.seconds)
        mask, mask_pick = vector(spec, args.n, False, args.seconds)
        obs, obs_pick = vector(spec, args.n, True, args.seconds)
        size = int(np.prod(game.observation_tensor_shape()))
        print(f"{spec:18} {game.num_distinct_actions():7d} {size:10d} {us:8.2f} {mask:13,.0f} {mask_pick:10,.0f}"
              f" {obs:12,.0f} {obs_pick:10,.0f}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
