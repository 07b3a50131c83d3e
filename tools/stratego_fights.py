#!/usr/bin/env python3
"""Reads arena records (`strat arena stratego ... --save DIR`) and shows, for one agent, where its material went: every
fight of its games, replayed from the start with the true ranks, grouped by who attacked, with what (the top pieces,
Major to Marshal, or the rest) and what the defender was to the attacker's side (an unmoved piece, a moved one, or one
already revealed), with the material each group won or lost the agent (the evaluation's base values; a Flag counts
nothing: it ends the game).
Then, per attacking rank from the Captain up, what the agent's attacks on enemy pieces that never moved nor fought
found (where the top pieces lose to Bombs). Last, how the agent's Marshal went (taken by the Spy, lost or traded in
a fight, or alive at the end) and how those games ended. Standard library only.

    python3 tools/stratego_fights.py DIR... [--agent stratego]
"""
import argparse
import collections
import re
import sys

from stratego_loops import RED, BLUE, agent_records, beats, outcome  # the same records, read the same way

VALUE = [0, 60, 12, 30, 15, 25, 45, 80, 140, 250, 400, 12, 0]  # by rank, 1 Spy .. 10 Marshal, 11 Bomb, 12 Flag
SYMBOL = " S23456789MBF"


def square(name):
    return (int(name[1:]) - 1) * 10 + "abcdefghij".index(name[0])


def fight(attacker, defender):
    """1 when the attacker wins, 0 when both go, -1 when the defender stays (S-13..S-17)."""
    if attacker == defender:
        return 0
    return 1 if beats(attacker, defender) else -1


def replay(tags, moves, me, kinds, tests):
    """Adds the game's fights to `kinds` and `tests`; returns how the agent's (first) Marshal went: "taken by the Spy",
    "lost in another fight", "traded" (with the enemy's Marshal) or "alive at the end"."""
    marshal = "alive at the end"
    board = [None] * 100  # [owner, rank, moved, revealed]
    for i, ch in enumerate(tags["Start"][:100]):
        if ch in RED[1:]:
            board[i] = [0, RED.index(ch), False, False]
        elif ch in BLUE[1:]:
            board[i] = [1, BLUE.index(ch), False, False]
    for move in moves:
        parts = re.split("[-x]", move)
        if len(parts) != 2:
            continue
        origin, target = square(parts[0]), square(parts[1])
        a, d = board[origin], board[target]
        board[origin] = None
        if abs(origin - target) not in (1, 10):
            a[3] = True  # a Scout's run reveals it
        if d is not None:
            won = fight(a[1], d[1])
            gain = (VALUE[d[1]] if won >= 0 else 0) - (VALUE[a[1]] if won <= 0 else 0)
            mine = a[0] == me
            state = "revealed" if d[3] else "moved" if d[2] else "unmoved"
            top = "a top piece" if 7 <= a[1] <= 10 else "another piece"
            article = "an" if state == "unmoved" else "a"
            kind = f"{'agent' if mine else 'enemy'} attacks {article} {state} piece with {top}"
            kinds[kind][0] += 1
            kinds[kind][1] += gain if mine else -gain
            if mine and state == "unmoved" and a[1] >= 6:
                tests[a[1]][SYMBOL[d[1]]] += 1
                tests[a[1]]["net"] += gain
            lost = a if won < 0 else d if won > 0 else None  # the piece that goes (both on a trade)
            if marshal == "alive at the end" and 10 in (a[1], d[1]) and me in (a[0], d[0]):
                if won == 0 and a[1] == d[1] == 10:
                    marshal = "traded"
                elif lost is not None and lost[0] == me and lost[1] == 10:
                    spy = (a if lost is d else d)[1] == 1
                    marshal = "taken by the Spy" if spy else "lost in another fight"
            a[2] = a[3] = d[3] = True
            board[target] = a if won > 0 else d if won < 0 else None
        else:
            a[2] = True
            board[target] = a
    return marshal


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="arena --save folders")
    parser.add_argument("--agent", default="stratego", help="the agent's name as the records give it (default stratego)")
    args = parser.parse_args()
    kinds = collections.defaultdict(lambda: [0, 0])
    tests = collections.defaultdict(collections.Counter)
    games = 0
    marshals = collections.defaultdict(collections.Counter)  # how the Marshal went -> results of those games
    for tags, moves, me in agent_records(args.dirs, args.agent, "stratego_fights"):
        games += 1
        fate = replay(tags, moves, me, kinds, tests)
        result = outcome(tags.get("Result", ""), me)
        marshals[fate][result[0] if result else "?"] += 1
    if not games:
        sys.exit(f"stratego_fights: no game of {args.agent} in {' '.join(args.dirs)}")
    print(f"{games} games of {args.agent}; material won (+) or lost (-) by kind of fight")
    for kind, (n, net) in sorted(kinds.items(), key=lambda item: item[1][1]):
        print(f"  {kind:<52} {n:>5} fights  {net:>+7}  ({net / games:+.1f} a game)")
    total = sum(net for _, net in kinds.values())
    print(f"  {'all fights':<52} {'':>5}         {total:>+7}  ({total / games:+.1f} a game)")
    print(f"{args.agent}'s attacks on enemy pieces that never moved nor fought, by attacking rank")
    for rank in sorted(tests):
        found = " ".join(f"{k}:{v}" for k, v in sorted(tests[rank].items()) if k != "net")
        print(f"  {SYMBOL[rank]}: {sum(v for k, v in tests[rank].items() if k != 'net'):>4} attacks,"
              f" net {tests[rank]['net']:+6}; found {found}")
    print(f"{args.agent}'s Marshal, and the games' results (W-D-L)")
    for fate, results in sorted(marshals.items(), key=lambda item: -sum(item[1].values())):
        print(f"  {fate:<24} {sum(results.values()):>4} games  {results['W']}-{results['D']}-{results['L']}")


if __name__ == "__main__":
    main()
