#!/usr/bin/env python3
"""Reads arena records (`strat arena stratego ... --save DIR`) and shows, for one agent, how its games went by how its
setup left its Flag: bombed in (every square beside it one of its own Bombs) or open on 1, 2 or 3 sides.

Per group: games, wins-draws-losses, score, and how many were lost on the Flag: the count behind the setup generator's
Flag, always bombed in (docs/games/stratego.md, "Setup generator"). Standard library only.

    python3 tools/stratego_flags.py DIR... [--agent stratego]
"""
import argparse
import collections

from stratego_loops import agent_records, outcome  # the same records, read the same way

BOMB = {0: "B", 1: "N"}  # the Gravon letters of each side's Bomb and Flag (docs/games/stratego.md, S-03)
FLAG = {0: "M", 1: "Y"}


def open_sides(field, side):
    """How many squares beside `side`'s Flag on the 100-letter field (index 0 = a1) are not its own Bombs."""
    flag = field.index(FLAG[side])
    row, col = divmod(flag, 10)
    around = [(row + dr, col + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    return sum(field[r * 10 + c] != BOMB[side] for r, c in around if 0 <= r < 10 and 0 <= c < 10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="arena --save folders")
    parser.add_argument("--agent", default="stratego", help="the agent's name as the records give it (default stratego)")
    args = parser.parse_args()
    groups = collections.defaultdict(collections.Counter)
    for tags, _, me in agent_records(args.dirs, args.agent, "stratego_flags"):
        start, result = tags["Start"], tags.get("Result", "")
        n = open_sides(start[:100], me)
        group = "bombed in" if n == 0 else f"open on {n}"
        ended = outcome(result, me)
        kind = ended[0] if ended else "D"
        groups[group][kind] += 1
        groups[group]["flag"] += kind == "L" and "(flag)" in result
    print(f"{'Flag':<10} {'games':>5}  {'W-D-L':<10} {'score':>6}  {'lost on the Flag':>16}")
    for group in sorted(groups):
        g = groups[group]
        games = g["W"] + g["D"] + g["L"]
        score = (g["W"] + 0.5 * g["D"]) / games
        print(f"{group:<10} {games:>5}  {g['W']}-{g['D']}-{g['L']:<6} {score:>6.1%}  {g['flag']:>7} ({g['flag'] / games:.1%})")


if __name__ == "__main__":
    main()
