#!/usr/bin/env python3
"""One agent's results summed over several arena folders (`strat arena stratego ... --save DIR`), e.g. the seeds of one
opponent: wins-draws-losses, score, Elo above the opponents with its 95% interval (the arena's pair formula, one virtual
draw when the score is all or nothing), how the games ended, and the same without the games the opponent forfeited by
breaking the protocol (a bot's illegal move, often strat's two-square rule, which the UCC manager does not have).
With --paired, the agent's games are matched, setup by setup, with those of the same agent name in other folders (two
runs of `strat arena` with one --seed play the same setups with the same colours, game by game): the points of each on
the setups both played, and the mean difference a game with its standard error.

    python3 tools/stratego_results.py DIR... [--agent stratego] [--paired OTHER_DIR...]

Standard library only; the folders' records are read as saved.
"""
import argparse
import collections
import math
import sys

from stratego_loops import agent_records, outcome  # the same records, read the same way

ELO_PER_NAT = 400 / math.log(10)
Z95 = 1.959963984540054


def elo(wins, draws, losses):
    """(Elo, half-width of its 95% interval) from a score over at least one game, as `strat arena` figures a pair."""
    n, s = wins + draws + losses, wins + 0.5 * draws
    if s <= 0 or s >= n:
        n, s = n + 1, s + 0.5
    q = s / n
    return ELO_PER_NAT * math.log(q / (1 - q)), Z95 * ELO_PER_NAT / math.sqrt(n * q * (1 - q))


WORD = {"W": "win", "D": "draw", "L": "loss"}
POINTS = {"W": 1.0, "D": 0.5, "L": 0.0}


def points_by_setup(dirs, agent):
    """{(the Start tag, the agent's side): its points} over the finished games of `agent` in `dirs`."""
    out = {}
    for tags, _, me in agent_records(dirs, agent, "stratego_results"):
        got = outcome(tags.get("Result", ""), me)
        if got is not None:
            out[(tags["Start"], me)] = POINTS[got[0]]
    return out


def paired(ours, theirs):
    """The comparison of two runs on the setups both played, or None when they share none."""
    common = sorted(set(ours) & set(theirs))
    if not common:
        return None
    diffs = [ours[k] - theirs[k] for k in common]
    n, mean = len(diffs), sum(diffs) / len(diffs)
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else float("nan")
    return (f"paired on {n} setups: {sum(ours[k] for k in common):g} points against "
            f"{sum(theirs[k] for k in common):g}; better on {sum(d > 0 for d in diffs)}, worse on "
            f"{sum(d < 0 for d in diffs)}; {mean:+.3f} +- {se:.3f} a game")


def line(label, counts):
    w, d, l = counts["W"], counts["D"], counts["L"]
    n = w + d + l
    if n == 0:
        return f"{label}: no games"
    e, margin = elo(w, d, l)
    return f"{label}: {w}-{d}-{l} over {n}, {100 * (w + 0.5 * d) / n:.1f}%, Elo {e:+.0f} +- {margin:.0f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", metavar="DIR", help="arena folders (--save) to sum")
    parser.add_argument("--agent", default="stratego", help="the agent's name as the records give it")
    parser.add_argument("--paired", nargs="+", metavar="DIR", default=[],
                        help="folders of another run of the same agent name, compared setup by setup")
    args = parser.parse_args()

    counts, kept, ends = collections.Counter(), collections.Counter(), collections.Counter()
    ours = {}  # the agent's points by (setup, side), for --paired
    unread = 0
    for tags, _, me in agent_records(args.dirs, args.agent, "stratego_results"):
        got = outcome(tags.get("Result", ""), me)
        if got is None:
            unread += 1
            continue
        kind, how = got
        counts[kind] += 1
        ours[(tags["Start"], me)] = POINTS[kind]
        forfeit = kind == "W" and how == "protocol"
        ends[("opponent's forfeit" if forfeit else f"{WORD[kind]} ({how})")] += 1
        if not forfeit:
            kept[kind] += 1
    if sum(counts.values()) == 0:
        sys.exit(f"stratego_results: no finished game of {args.agent} in {' '.join(args.dirs)}")
    print(line(args.agent, counts))
    print(line("without the opponent's forfeits", kept))
    print("ended: " + "; ".join(f"{how} {n}" for how, n in sorted(ends.items(), key=lambda x: (-x[1], x[0]))))
    if unread:
        print(f"({unread} records without a result left out)")
    if args.paired:
        print(paired(ours, points_by_setup(args.paired, args.agent))
              or f"paired: no setup of {' '.join(args.dirs)} in {' '.join(args.paired)}")


if __name__ == "__main__":
    main()
