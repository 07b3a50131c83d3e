#!/usr/bin/env python3
"""Derives the Stratego setup priors compiled into strat from the Gravon human setups.

Reads ../shared/data/gravon/setups.zip (classic) and barrage-setups.csv (barrage) and writes
src/games/stratego/priors_data.cpp: per-square rank frequencies of the setups (no setup itself), for
classic how often each square next to the Flag holds a Bomb, and for both how much a Bomb beside a piece says
that it is the Flag. Standard library only.

    python3 tools/stratego_priors.py [--data DIR] [--out FILE]
"""
import argparse
import csv
import io
import os
import zipfile

# strat's ranks (src/games/stratego/pieces.hpp): 1 Spy, 2 Scout .. 10 Marshal, 11 Bomb, 12 Flag.
# The setups database uses the old numbering: 1 Marshal .. 9 Scout, 10 Spy, 11 Flag, 12 Bomb.
OLD_TO_STRAT = {1: 10, 2: 9, 3: 8, 4: 7, 5: 6, 6: 5, 7: 4, 8: 3, 9: 2, 10: 1, 11: 12, 12: 11}
RED_LETTERS = "ACDEFGHIJKLBM"  # index = strat rank (S-03), 'A' = empty
BLUE_LETTERS = "AOPQRSTUVWXNY"
RANKS = 13


def neighbours_bombs(setup, pairs):
    """Adds, for every square of a setup that holds no Bomb and each neighbour of it, whether the neighbour is a Bomb,
    split by whether the square holds the Flag: pairs[is_flag][neighbour_is_bomb]."""
    for i, r in enumerate(setup):
        if r == 11 or r == 0:
            continue
        row, col = i // 10, i % 10
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a, b = row + dr, col + dc
            if 0 <= a < 4 and 0 <= b < 10 and setup[a * 10 + b]:
                pairs[r == 12][setup[a * 10 + b] == 11] += 1


def ratios(pairs):
    """The likelihood ratios of 'the Flag' over 'another piece' for a neighbour that is a Bomb, and one that is not."""
    flag_bomb = pairs[1][1] / (pairs[1][0] + pairs[1][1])
    other_bomb = pairs[0][1] / (pairs[0][0] + pairs[0][1])
    return flag_bomb / other_bomb, (1 - flag_bomb) / (1 - other_bomb)


def classic(path):
    """Per-square counts [40][13] (row 0 = the owner's back row) and Bomb counts beside / in front of the Flag."""
    counts = [[0] * RANKS for _ in range(40)]
    # Flag on the back row: how many setups, how many with every neighbour a Bomb (bombed in), and in the others
    # how often a square beside it and the square in front of it hold a Bomb.
    back, bombed_in = 0, 0
    pairs = [[0, 0], [0, 0]]
    beside = [0, 0]
    front = [0, 0]
    n = 0
    with zipfile.ZipFile(path) as z:
        name = next(x for x in z.namelist() if x.endswith("setups database.txt"))
        with z.open(name) as f:
            for line in io.TextIOWrapper(f, encoding="ascii"):
                fields = line.strip().split(",")
                if len(fields) != 42:
                    continue
                old = [int(x) for x in fields[2:]]
                # Listed from the front row back (the Flag lies in the last ten in 87% of them): turn it round.
                setup = [0] * 40
                for i, r in enumerate(old):
                    row, col = 3 - i // 10, i % 10
                    setup[row * 10 + col] = OLD_TO_STRAT[r]
                n += 1
                for i, r in enumerate(setup):
                    counts[i][r] += 1
                neighbours_bombs(setup, pairs)
                flag = setup.index(12)
                if flag < 10:
                    sides = [c for c in (flag - 1, flag + 1) if 0 <= c < 10]
                    back += 1
                    if all(setup[c] == 11 for c in sides) and setup[flag + 10] == 11:
                        bombed_in += 1
                        continue
                    for c in sides:
                        beside[0] += 1
                        beside[1] += setup[c] == 11
                    front[0] += 1
                    front[1] += setup[flag + 10] == 11
    # Left and right are not reliable in this database: fold the columns (a player mirrors a setup at will).
    folded = [[counts[i][r] + counts[(i // 10) * 10 + 9 - i % 10][r] for r in range(RANKS)] for i in range(40)]
    return n, folded, bombed_in / back, beside[1] / beside[0], front[1] / front[0], ratios(pairs)


def barrage(path):
    counts = [[0] * RANKS for _ in range(40)]
    pairs = [[0, 0], [0, 0]]
    n = 0
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            field = row["field_content"]
            if len(field) != 100:
                continue
            for side in (0, 1):
                letters = RED_LETTERS if side == 0 else BLUE_LETTERS
                setup = [0] * 40
                for i in range(40):
                    row_, col = i // 10, i % 10
                    # Red: rows 1-4 as they are; Blue faces Red: its back row is row 10, its column a is j.
                    idx = row_ * 10 + col if side == 0 else (9 - row_) * 10 + (9 - col)
                    ch = field[idx]
                    setup[i] = letters.index(ch) if ch in letters else 0
                if sum(1 for r in setup if r) != 8:
                    continue
                n += 1
                for i, r in enumerate(setup):
                    counts[i][r] += 1
                neighbours_bombs(setup, pairs)
    return n, counts, ratios(pairs)


def table(name, counts):
    lines = [f"const SquarePriors {name} = {{{{"]
    for i, c in enumerate(counts):
        total = sum(c)
        probs = ", ".join(f"{x / total:.4f}f" for x in c)
        lines.append(f"    {{{{{probs}}}}},  // {'abcdefghij'[i % 10]}{i // 10 + 1}")
    lines.append("}};")
    return "\n".join(lines)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.path.join(here, "..", "..", "shared", "data", "gravon"))
    ap.add_argument("--out", default=os.path.join(here, "..", "src", "games", "stratego", "priors_data.cpp"))
    args = ap.parse_args()
    n_classic, classic_counts, bombed_in, beside, front, classic_nest = classic(os.path.join(args.data, "setups.zip"))
    n_barrage, barrage_counts, barrage_nest = barrage(os.path.join(args.data, "barrage-setups.csv"))
    text = f"""// Generated by tools/stratego_priors.py from the Gravon human setups ({n_classic} classic, {n_barrage} barrage
// armies): per-square rank frequencies, square i = row * 10 + col from the owner's seat (row 0 = back row).
// Do not edit; run the script again.
#include "games/stratego/priors.hpp"

namespace strat::stratego {{

{table("kClassicSquarePriors", classic_counts)}

{table("kBarrageSquarePriors", barrage_counts)}

// Classic, Flag on the back row: how often every square beside and in front of it holds a Bomb; when not, how often
// a square beside it, and the square in front of it, does.
const double kFlagBombedIn = {bombed_in:.4f};
const double kFlagBesideBomb = {beside:.4f};
const double kFlagFrontBomb = {front:.4f};

// The Flag among its Bombs: for a piece of a setup that is no Bomb, how much likelier each neighbour that is a Bomb
// makes it the Flag rather than another piece, and each neighbour that is neither a Bomb nor empty (barrage armies
// leave squares empty): P(neighbour | Flag) / P(neighbour | another piece).
const NestRatios kClassicNest = {{{classic_nest[0]:.4f}, {classic_nest[1]:.4f}}};
const NestRatios kBarrageNest = {{{barrage_nest[0]:.4f}, {barrage_nest[1]:.4f}}};

}}  // namespace strat::stratego
"""
    with open(args.out, "w") as f:
        f.write(text)
    print(f"{args.out}: {n_classic} classic and {n_barrage} barrage setups")


if __name__ == "__main__":
    main()
