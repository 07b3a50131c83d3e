"""Golden playthroughs (OpenSpiel's playthroughs): a fixed game of every registered spec, its every observation,
legal action and return written as text, kept in python/tests/playthroughs/ and compared by
test_playthroughs.py. Regenerate them all after an intended change with

    make playthroughs        # = PYTHONPATH=build/python python3 python/tests/playthrough.py --write

Each file plays new_initial_state(seed=SEED) with actions drawn by random.Random(SEED), up to STEPS actions
(truncated: the files stay small), and writes for every state: the player to move, both players' observation
strings and tensors, the legal actions (id ranges, with their strings where there are few), the action taken, and
the returns. Tensors are written sparsely: per plane (per element for a flat vector), runs of constant planes as
one value, otherwise the nonzero cells (runs of ones as FIRST-LAST, other values as INDEX:VALUE).
"""
import argparse
import pathlib
import random
import sys

import numpy as np

FOLDER = pathlib.Path(__file__).resolve().parent / "playthroughs"
SEED = 1
STEPS = 20
STRINGS_UP_TO = 60  # legal actions whose strings are written; more are written as ids only


def file_name(spec):
    return spec.replace(":", "__").replace(",", "_").replace("=", "-") + ".txt"


def number(x):
    return format(float(x), ".6g")


def ranges(ids):
    out, start, last = [], None, None
    for a in ids:
        if start is None:
            start = last = a
        elif a == last + 1:
            last = a
        else:
            out.append(f"{start}" if start == last else f"{start}-{last}")
            start = last = a
    if start is not None:
        out.append(f"{start}" if start == last else f"{start}-{last}")
    return " ".join(out)


def sparse(values):
    """The nonzero cells: runs of ones as FIRST-LAST, other values as INDEX:VALUE."""
    out, ones = [], []
    for i, v in enumerate(values.tolist()):
        if v == 1:
            ones.append(i)
            continue
        if ones:
            out.append(ranges(ones))
            ones = []
        if v != 0:
            out.append(f"{i}:{number(v)}")
    if ones:
        out.append(ranges(ones))
    return " ".join(out)


def tensor_lines(tensor):
    if tensor.ndim == 1:
        return ["  " + (sparse(tensor) or "zeros")]
    lines, run = [], None  # run: consecutive constant planes of one value, written as one line

    def flush():
        if run:
            first, last, value = run
            name = f"plane {first}" if first == last else f"planes {first}-{last}"
            lines.append(f"  {name}: all {number(value)}")

    for k, plane in enumerate(tensor.reshape(tensor.shape[0], -1)):
        constant = plane.any() and bool(np.all(plane == plane[0]))
        if constant and run and run[1] == k - 1 and run[2] == plane[0]:
            run = (run[0], k, run[2])
            continue
        flush()
        run = (k, k, plane[0]) if constant else None
        if plane.any() and not constant:
            lines.append(f"  plane {k}: {sparse(plane)}")
    flush()
    return lines or ["  zeros"]


def render(strat, spec):
    game = strat.load_game(spec)
    rng = random.Random(SEED)
    state = game.new_initial_state(seed=SEED)
    out = [
        f"game: {game.name()}",
        f"spec: {spec}",
        f"seed: {SEED}, actions drawn by random.Random({SEED}), at most {STEPS} actions",
        f"num_distinct_actions: {game.num_distinct_actions()}",
        f"observation_tensor_shape: {game.observation_tensor_shape()}",
        f"max_game_length: {game.max_game_length()}",
        f"hidden_information: {game.hidden_information()}",
        f"stop_action: {game.stop_action()}",
    ]
    for step in range(STEPS + 1):
        out.append("")
        out.append(f"# state {step}")
        out.append(f"current_player: {state.current_player()}")
        out.append(f"is_terminal: {state.is_terminal()}")
        out.append(f"returns: {state.returns()}")
        for p in (0, 1):
            out.append(f"observation_string({p}):")
            out.extend("  " + line for line in state.observation_string(p).splitlines())
            out.append(f"observation_tensor({p}):")
            out.extend(tensor_lines(state.observation_tensor(p)))
        if state.is_terminal() or step == STEPS:
            break
        legal = state.legal_actions()
        out.append(f"legal_actions ({len(legal)}): {ranges(legal)}")
        if len(legal) <= STRINGS_UP_TO:
            out.append("legal_strings: " + " ".join(state.action_to_string(a) for a in legal))
        action = rng.choice(legal)
        out.append(f"action: {action} {state.action_to_string(action)}")
        state.apply_action(action)
    out.append("")
    out.append(f"history: {' '.join(map(str, state.history()))}")
    out.append(f"serialize: {state.serialize()!r}")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the files of every registered spec")
    args = parser.parse_args()
    import strat

    specs = strat.registered_games()
    if not args.write:
        parser.error("nothing to do: pass --write to regenerate python/tests/playthroughs/")
    FOLDER.mkdir(exist_ok=True)
    keep = set()
    for spec in specs:
        path = FOLDER / file_name(spec)
        path.write_text(render(strat, spec))
        keep.add(path.name)
        print(f"{path.relative_to(FOLDER.parents[2])}: {path.stat().st_size} bytes")
    for stale in FOLDER.glob("*.txt"):
        if stale.name not in keep:
            stale.unlink()
            print(f"removed {stale.name}: no such spec any more")


if __name__ == "__main__":
    sys.exit(main())
