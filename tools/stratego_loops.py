#!/usr/bin/env python3
"""Reads arena records (`strat arena stratego ... --save DIR`) and shows, for one agent, where its games went round.

For every game: the result from the agent's side, how many of its last 1,000 moves touched its three most used squares
(a chase loop: a piece fleeing back and forth, 90% or more), and on how many of its turns a flight from beside a
revealed enemy piece that beats (or trades with) the fleeing piece led to a position it had already left twice, as it
saw the board (what the stratego agent's loop cost prices, src/games/stratego/v2/search.cpp), with how many of those turns it
went round anyway.
Needs strat's Python module (`make python`, then PYTHONPATH=build/python).

    PYTHONPATH=build/python python3 tools/stratego_loops.py DIR... [--agent stratego] [--all]
"""
import argparse
import collections
import glob
import os
import re
import sys


def read_record(path):
    text = open(path, encoding="utf-8").read()
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]', text, re.M))
    moves = [m for _, m in re.findall(r"^(\d+)\. (\S+)", text, re.M)]
    return tags, moves


def side_of(tags, agent):
    """0 (Red) or 1 (Blue) for the agent `agent` (its name, with or without options), or None."""
    for side, tag in enumerate(("Red", "Blue")):
        if re.match(re.escape(agent) + r"(:|$)", tags.get(tag, "")):
            return side
    return None


def agent_records(dirs, agent, tool):
    """(tags, moves, side) for every record in the arena folders `dirs` that `agent` played from a whole start;
    exits, naming `tool`, on a folder that is not there."""
    for folder in dirs:
        if not os.path.isdir(folder):
            sys.exit(f"{tool}: no such folder {folder}")
        for path in sorted(glob.glob(os.path.join(folder, "game-*.txt"))):
            tags, moves = read_record(path)
            me = side_of(tags, agent)
            if me is not None and len(tags.get("Start", "")) >= 100:
                yield tags, moves, me


def outcome(result, me):
    """("W" | "D" | "L", how the game ended: the Result's words in brackets, up to any colon) for the side `me` (0 Red,
    1 Blue); None for a Result that names neither a winner nor a draw."""
    m = re.match(r"(red wins|blue wins|draw)(?: \(([^:)]*))?", result)
    if not m:
        return None
    how = m.group(2) or "?"
    if m.group(1) == "draw":
        return "D", how
    return ("W" if m.group(1) == ("red wins", "blue wins")[me] else "L"), how


def loop_share(moves, me):
    """The share of the agent's last 1,000 moves (of the game's last 2,000 plies) that touch its three most used
    squares."""
    mine = [m for ply, m in enumerate(moves) if ply % 2 == me and ply >= len(moves) - 2000]
    squares = collections.Counter(q for m in mine for q in re.split("[-x]", m))
    top = {q for q, _ in squares.most_common(3)}
    return sum(1 for m in mine if top & set(re.split("[-x]", m))) / max(1, len(mine))


RED, BLUE = "ACDEFGHIJKLBM", "AOPQRSTUVWXNY"  # the field's letters by rank (1 Spy .. 10 Marshal, 11 Bomb, 12 Flag)


def beats(attacker, defender):
    """Whether `attacker` wins attacking `defender` (S-13..S-17), for movable attackers."""
    if defender == 12:
        return True
    if defender == 11:
        return attacker == 3
    return (attacker == 1 and defender == 10) or attacker > defender


def fleeing(field, move, me):
    """Whether `move` takes a piece away from beside a revealed enemy piece that beats it or trades with it (what `loop`
    counts)."""
    mine, theirs = (RED, BLUE) if me == 0 else (BLUE, RED)
    origin = re.split("[-x]", move)[0]
    col, row = ord(origin[0]) - ord("a"), int(origin[1:]) - 1
    rank = mine.index(field[row * 10 + col])
    for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < 10 and 0 <= r < 10 and field[r * 10 + c] in theirs[1:11]:
            chaser = theirs.index(field[r * 10 + c])
            if chaser == rank or beats(chaser, rank):
                return True
    return False


def repeats(strat, tags, moves, me):
    """(turns on which a flight from beside a revealed enemy piece that beats or trades with the piece led to a position
    left twice before, of those the turns that went there anyway)."""
    state = strat.deserialize_state("stratego", tags["Start"])
    left = collections.Counter()
    seen = lambda s: s.observation_string(me).split()[0]
    offered = taken = 0
    for ply, move in enumerate(moves):
        if ply % 2 == me:
            twice = set()
            field = seen(state)
            for candidate in state.legal_moves():
                if "x" in candidate or not fleeing(field, candidate, me):
                    continue  # an attack changes the board for good
                after = state.clone()
                after.apply_action(after.string_to_action(candidate))
                if left[seen(after)] >= 2:
                    twice.add(candidate)
            if twice:
                offered += 1
                taken += move in twice
            if "x" not in move:
                after = state.clone()
                after.apply_action(after.string_to_action(move))
                left[seen(after)] += 1
        state.apply_action(state.string_to_action(move))
    return offered, taken


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="folders of arena records (game-*.txt)")
    parser.add_argument("--agent", default="stratego",
                        help="the agent's name as the records give it (default stratego)")
    parser.add_argument("--all", action="store_true", help="every game, not only draws and games with repeats")
    args = parser.parse_args()
    try:
        import strat
    except ImportError:
        sys.exit("stratego_loops: strat's Python module not found (build it, then PYTHONPATH=build/python)")
    for folder in args.dirs:
        paths = sorted(glob.glob(os.path.join(folder, "game-*.txt")))
        if not paths:
            sys.exit(f"stratego_loops: no game-*.txt records in {folder}")
        for path in paths:
            tags, moves = read_record(path)
            me = side_of(tags, args.agent)
            if me is None or "Start" not in tags:
                continue
            result = tags.get("Result", "")
            ended = outcome(result, me)
            kind = ended[0] if ended else "L"
            offered, taken = repeats(strat, tags, moves, me)
            if args.all or kind == "D" or offered:
                print(f"{path}: {kind} in {len(moves)} plies ({result}); loop share {loop_share(moves, me):.2f}; "
                      f"a flight to a position left twice before within reach on {offered} turn(s), taken on {taken}")


if __name__ == "__main__":
    main()
