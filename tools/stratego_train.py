#!/usr/bin/env python3
"""Trains the `stratego-belief` agent's two models from the real games of ../shared/data/gravon (and, optionally, self-play),
and writes them as C++: src/games/stratego/eval_weights.cpp (the evaluation: a logistic model of the result) and
src/games/stratego/move_weights.cpp (the move predictor: a softmax over the legal moves), plus the fixture
tests/games/stratego/model_fixture.txt with which the C++ inference is checked against this trainer. With
--belief-factors, only the beliefs' factors (src/games/stratego/belief_factors.cpp).

    python3 tools/stratego_train.py [--build build] [--selfplay GAMES] [--selfplay-agent SPEC] [--jobs 2]
    python3 tools/stratego_train.py --belief-factors --every 2 [--write]

Training set: the classic games of games-2013-10.zip and games-2014-0.zip (plus self-play games, if any); held out: the
classic games of games-2014-1.zip, on which the log-loss and accuracy of the evaluation and the top-1 / top-3 accuracy
of the move predictor are reported. Needs numpy and a build of tools/stratego_data (make build). The data never leaves
../shared: the games are read from the zip archives, and only fitted weights are written.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import zipfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRAVON = os.path.join(ROOT, "..", "shared", "data", "gravon")
TRAIN = ["games-2013-10.zip", "games-2014-0.zip"]
HELD_OUT = ["games-2014-1.zip"]
COLUMNS = "ABCDEFGHIK"  # Gravon skips J
SELFPLAY_CHUNK = 50  # self-play games per seed


def square(text):
    col = COLUMNS.index(text[0])
    row = 10 if text[1:] == ":" else int(text[1:])
    return "abcdefghij"[col] + str(row)


def gravon_games(archive):
    """Yields (field, winner, moves) for every classic game of a Gravon archive: winner r, b or d; the moves up to the
    first gap in the move ids."""
    with zipfile.ZipFile(os.path.join(GRAVON, archive)) as z:
        for name in sorted(z.namelist()):
            if not name.startswith("classic-"):
                continue
            text = z.read(name).decode("utf-8", "replace")
            field = re.search(r'<field content="([^"]+)"', text)
            result = re.search(r'<result type="(\d+)" winner="(\d+)"', text)
            if not field or not result:
                continue
            winner = {"1": "r", "2": "b", "3": "d"}.get(result.group(2))
            if winner is None:
                continue
            moves = []
            for i, (mid, src, dst) in enumerate(re.findall(r'<move id="(\d+)" source="([^"]+)" target="([^"]+)"', text)):
                if int(mid) != i + 1:
                    break
                moves.append(square(src) + "-" + square(dst))
            yield field.group(1), winner, moves


def record_games(folder, agent=None):
    """Games from the records of `strat arena --save` in `folder`, as stratego_data's text lines, split by the side to
    learn from and by the rules they were played under: {(side, exempt): lines}, side "" for every move, or "r" / "b"
    for the moves of the side whose agent's name contains `agent` (that side's games only); exempt as the record's
    two_square_exempt (none without it)."""
    out = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt"):
            continue
        with open(os.path.join(folder, name)) as f:
            text = f.read()
        start = re.search(r'^\[Start "(\S+) r"\]', text, re.M)
        if not start or not re.search(r'^\[Game "stratego(:classic)?[,"]', text, re.M):
            continue
        result = re.search(r'^\[Result "(\w+)', text, re.M)
        winner = {"red": "r", "blue": "b"}.get(result.group(1) if result else "", "d")
        moves = re.findall(r"^\d+\. (\S+)", text, re.M)
        exempt = re.search(r'^\[Game "[^"]*two_square_exempt=(\w+)', text, re.M)
        side = ""
        if agent is not None:
            red = re.search(r'^\[Red "([^"]*)"\]', text, re.M).group(1)
            blue = re.search(r'^\[Blue "([^"]*)"\]', text, re.M).group(1)
            if (agent in red) == (agent in blue):
                continue
            side = "r" if agent in red else "b"
        out.setdefault((side, exempt.group(1) if exempt else "none"), []).append(
            f"{start.group(1)} {winner} {' '.join(moves)}\n")
    return {k: "".join(v) for k, v in out.items()}


def run_data(build, args, games_text=None, columns=None):
    """Runs stratego_data and returns its float32 rows as an array of `columns` columns."""
    tool = os.path.join(build, "tools", "stratego_data")
    out = subprocess.run([tool] + args, input=games_text.encode() if games_text is not None else None,
                         stdout=subprocess.PIPE, check=True).stdout
    return np.frombuffer(out, dtype=np.float32).reshape(-1, columns)


def run_text(build, args):
    """Runs stratego_data and returns what it printed."""
    tool = os.path.join(build, "tools", "stratego_data")
    return subprocess.run([tool] + args, stdout=subprocess.PIPE, check=True, text=True).stdout


# The fitted factors of the beliefs (beliefs.hpp, BeliefFactors), in the order of stratego_data's --factors: each
# (kind, class, what it is).
SPY_NEAR = ["1 square from the known Marshal", "2 squares from the known Marshal",
            "2 squares from the known Marshal, next to the piece the enemy has just moved next to it"]
FACTORS = ([(0, c, f"the Spy {SPY_NEAR[c // 2]}, {'moved' if c % 2 else 'unmoved'}")
            for c in range(2 * len(SPY_NEAR))]
           + [(1, c, f"the Flag, {c}{'+' if c == 3 else ''} open sides") for c in range(4)]
           + [(2, c, f"a Bomb, {c}{'+' if c == 3 else ''} open sides") for c in range(4)])


def belief_rows(build, parts, factors=None, every=1):
    """stratego_data beliefs on each (games_text, side, exempt) of `parts`, together: rows (P, truth, kind, class) with
    the belief factors `factors` (FACTORS order; None: the fitted ones the build holds), every `every`th turn."""
    extra = ["--factors", ",".join(f"{k:.6g}" for k in factors)] if factors is not None else []
    rows = [run_data(build, ["beliefs", "--every", str(every), "--exempt", exempt] + extra
                     + (["--side", side] if side else []), text, 4)
            for text, side, exempt in parts]
    return np.concatenate(rows).astype(np.float64) if rows else np.zeros((0, 4))


def p_log_loss(p, truth):
    clamped = np.clip(p, 1e-4, 1 - 1e-4)
    return float(-np.mean(np.where(truth > 0, np.log(clamped), np.log(1 - clamped)))) if len(p) else 0.0


def belief_table(rows):
    """How well the beliefs know what the factors concern (belief_rows): per kind, the log-loss, the Spy's by bins of
    P, and per class the mean P against how often it was so, as text."""
    lines = []
    for kind, name in enumerate(["the Spy near a known Marshal", "the Flag (pieces that never moved)",
                                 "a Bomb (pieces that never moved)"]):
        r = rows[rows[:, 2] == kind]
        p, truth = r[:, 0], r[:, 1]
        lines.append(f"{name}: {len(p)} pieces, log-loss {p_log_loss(p, truth):.4f}")
        if kind == 0:
            bins = np.minimum((p * 20).astype(int), 9)
            for b in range(10):
                n = int((bins == b).sum())
                if n:
                    top = (b + 1) / 20 if b < 9 else 1
                    lines.append(f"  P {b / 20:.2f}-{top:.2f}: {n:7d} pieces, mean P {p[bins == b].mean():.3f}, "
                                 f"so {100 * truth[bins == b].mean():.1f}%")
        for k, c, what in FACTORS:
            sel = (r[:, 3] == c) if k == kind else np.zeros(len(r), bool)
            if sel.any():
                lines.append(f"  {what}: {int(sel.sum()):7d} pieces, mean P {p[sel].mean():.3f}, "
                             f"so {100 * truth[sel].mean():.1f}%")
    flag, bomb = rows[rows[:, 2] == 3], rows[rows[:, 2] == 4]
    for name, sel in (("", np.ones(len(flag), bool)), (" by a Major or better", flag[:, 3] >= 7)):
        lines.append(f"attacks on pieces that never moved{name}: {int(sel.sum())}, mean P(Bomb) "
                     f"{bomb[sel, 0].mean() if sel.any() else 0:.3f}, Bombs {int(bomb[sel, 1].sum())}; "
                     f"P(Flag) adding up to {flag[sel, 0].sum():.1f}, Flags {int(flag[sel, 1].sum())}")
    return "\n".join(lines) + "\n"


def fit_belief_factors(build, parts, every, rounds=3):
    """The belief factors (FACTORS order) that make the beliefs fit the games of `parts` best: per class, the odds
    factor of least log-loss (odds_factor). Refitted on the beliefs the factors make, since the counts' fit spreads each
    factor over the other pieces. Returns (factors, rows with them)."""
    factors = np.ones(len(FACTORS))
    for _ in range(rounds):
        rows = belief_rows(build, parts, factors, every)
        for i, (kind, c, _) in enumerate(FACTORS):
            sel = (rows[:, 2] == kind) & (rows[:, 3] == c)
            if sel.any():
                factors[i] = np.clip(factors[i] * odds_factor(rows[sel, 0], rows[sel, 1]), 0.02, 20)
    return factors, belief_rows(build, parts, factors, every)


def odds_factor(p, truth):
    """The factor k between 0.02 and 20 by which the odds of every P in `p` are multiplied for the least log-loss
    against `truth` (Newton's method on log k; P of 0 or 1, a fact, says nothing)."""
    keep = (p > 1e-6) & (p < 1 - 1e-6)
    logit, truth = np.log(p[keep] / (1 - p[keep])), truth[keep]
    t = 0.0
    for _ in range(50):
        q = 1 / (1 + np.exp(-(logit + t)))
        step = np.sum(q - truth) / max(np.sum(q * (1 - q)), 1e-12)
        t = float(np.clip(t - step, np.log(0.02), np.log(20)))
        if abs(step) < 1e-9:
            break
    return float(np.exp(t))


def names(build):
    """The evaluation's feature names and the move predictor's."""
    tool = os.path.join(build, "tools", "stratego_data")
    lines = subprocess.run([tool, "names"], stdout=subprocess.PIPE, check=True, text=True).stdout.split("\n")
    pairs = [line.split() for line in lines if line.strip()]
    return ([n for k, n in pairs if k == "eval"], [n for k, n in pairs if k == "move"],
            [n for k, n in pairs if k == "setup"])


def fit_logistic(x, y, l2=1e-3, rounds=30, centre=None):
    """Logistic regression with soft labels y in [0, 1], by Newton's method, with a Gaussian prior of precision l2 per
    row centred on `centre` (zero when None); returns (weights, bias)."""
    n, k = x.shape
    a = np.hstack([x.astype(np.float64), np.ones((n, 1))])
    w = np.zeros(k + 1)
    c = np.zeros(k + 1) if centre is None else np.r_[centre, 0.0]
    reg = l2 * n * np.eye(k + 1)
    reg[k, k] = 0
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-np.clip(a @ w, -30, 30)))
        grad = a.T @ (p - y) + reg @ (w - c)
        hess = (a * (p * (1 - p))[:, None]).T @ a + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w[:k], w[k]


# The sign each evaluation weight must have: a fit to people's results alone learns what goes with winning, not what
# makes it (the winner's Marshal is known because it has been taking pieces; a hunted piece belongs to the side
# whose strong pieces are out), and a search maximises whatever the evaluation rewards. Knowledge, material, hunting
# and pressure help the side that has them; danger and hanging pieces hurt. A piece that never moved may be a Bomb or
# the Flag to the enemy, so `unmoved` counts for its side or nothing: people's winners moved more of their pieces
# (they were the ones attacking), and that fitted as a weight made every ply of a search move a fresh piece out for
# the count alone, the tree's enemy too. `advance` stays free.
SIGNS = {"spy": 1, "bomb": 1, "unmoved": 1, "spy_marshal": 1, "miners_bombs": 1, "top": 1, "flag_danger": -1,
         "flag_pressure": 1, "hanging_mine_to_move": -1, "hanging_mine_waiting": -1, "hanging_theirs_to_move": 1,
         "hanging_theirs_waiting": 1, "hunt": 1, "hunted": -1, "lead_traded": 1, "spy_threat_to_move": -1,
         "spy_threat_waiting": -1}
# Material from the Scout to the Marshal is worth more the higher the rank.
LADDER = ["scout", "miner", "sergeant", "lieutenant", "captain", "major", "colonel", "general", "marshal"]
# The `known_*` feature of each ladder rank: what the enemy's knowing a piece of that rank costs its owner. A piece the
# enemy knows is worth its rank's material less that cost, and that value climbs the ladder too: a known Marshal is
# worth no less than a known General. Unconstrained, people's games price a known Marshal below an unknown Colonel
# (a Marshal that the enemy knows is a target for its Spy), and a search then gives its known Marshal for a Colonel.
KNOWN_CLASS = {"scout": "known_scout", "miner": "known_miner", "sergeant": "known_low", "lieutenant": "known_low",
               "captain": "known_mid", "major": "known_mid", "colonel": "known_colonel", "general": "known_general",
               "marshal": "known_marshal"}


def constraints(names):
    """The rows g of the evaluation's constraints g . w >= 0: SIGNS, `known_*` non-negative (the side that knows more
    is better off), LADDER non-decreasing from a non-negative Scout, and the known pieces' values (KNOWN_CLASS)
    non-decreasing along it. A name missing from `names` has no column and drops out of a row."""
    idx = {n: i for i, n in enumerate(names)}
    rows = []

    def row(terms):
        g = np.zeros(len(names))
        for n, v in terms:
            if n in idx:
                g[idx[n]] += v
        if g.any():
            rows.append(g)
    for n, s in SIGNS.items():
        row([(n, s)])
    for n in names:
        if n.startswith("known_"):
            row([(n, 1)])
    row([(LADDER[0], 1)])
    for low, high in zip(LADDER, LADDER[1:]):
        row([(high, 1), (low, -1)])
        if KNOWN_CLASS[low] != KNOWN_CLASS[high]:
            row([(high, 1), (KNOWN_CLASS[high], -1), (low, -1), (KNOWN_CLASS[low], 1)])
    return np.array(rows).reshape(-1, len(names))


def fit_constrained(x, y, names, l2=1e-3):
    """fit_logistic under constraints(names), by active sets: the constraints held as equalities confine the weights to
    a subspace (w = basis @ theta), in which the fit is unconstrained. The most broken constraint is added; once none
    is broken, the one whose multiplier says the fit would gain by leaving it is dropped; the end meets the
    Karush-Kuhn-Tucker conditions."""
    k = x.shape[1]
    g = constraints(names)
    x = x.astype(np.float64)
    held = []
    for _ in range(8 * (len(g) + 1)):
        if held:
            _, sv, vt = np.linalg.svd(g[held])
            basis = vt[int((sv > 1e-10).sum()):].T
        else:
            basis = np.eye(k)
        theta, b = fit_logistic(x @ basis, y, l2=l2)
        w = basis @ theta
        w[np.abs(w) < 1e-12] = 0  # a weight held at zero, less the basis's rounding
        slack = g @ w
        broken = [(slack[i], i) for i in range(len(g)) if i not in held and slack[i] < -1e-7]
        if broken:
            held.append(min(broken)[1])
            continue
        if not held:
            break
        p = 1 / (1 + np.exp(-np.clip(x @ w + b, -30, 30)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        multipliers = np.linalg.lstsq(g[held].T, grad, rcond=None)[0]
        if multipliers.min() >= -1e-6:
            break
        held.pop(int(np.argmin(multipliers)))
    return w, b


def log_loss(x, y, w, b):
    p = np.clip(1 / (1 + np.exp(-(x @ w + b))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit_softmax(x, played, group, l2=1e-3, rounds=25, weight=None):
    """Conditional logit over groups of rows (one group a position, one row a legal move), by Newton's method;
    `weight`, per row (the same within a group), weighs each position (1 when None)."""
    n, k = x.shape
    x = x.astype(np.float64)
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    rw = np.ones(n) if weight is None else weight.astype(np.float64)
    gw = rw[starts]
    groups = gw.sum()
    w = np.zeros(k)
    for _ in range(rounds):
        z = x @ w
        z -= np.repeat(np.maximum.reduceat(z, starts), np.diff(np.r_[starts, n]))
        e = np.exp(z)
        total = np.repeat(np.add.reduceat(e, starts), np.diff(np.r_[starts, n]))
        p = e / total
        mean = np.add.reduceat(x * p[:, None], starts)  # per group: E_p[f]
        chosen = played > 0.5
        grad = -((x[chosen] * rw[chosen, None]).sum(axis=0) - (mean * gw[:, None]).sum(axis=0)) + l2 * groups * w
        # Per group the covariance of f under p: E_p[f f^T] - E_p[f] E_p[f]^T, summed with the weights.
        second = (x * (p * rw)[:, None]).T @ x - (mean * gw[:, None]).T @ mean
        hess = second + l2 * groups * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def top_k(x, played, group, w):
    """Top-1 and top-3 accuracy of w, and of a uniform guess, over the positions."""
    z = x.astype(np.float64) @ w
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    ends = np.r_[starts[1:], len(group)]
    hit1 = hit3 = uni1 = uni3 = 0.0
    for s, e in zip(starts, ends):
        scores = z[s:e]
        target = np.flatnonzero(played[s:e] > 0.5)
        if len(target) != 1:
            continue
        t = target[0]
        rank = np.sum(scores > scores[t])
        hit1 += rank == 0
        hit3 += rank < 3
        uni1 += 1 / (e - s)
        uni3 += min(3, e - s) / (e - s)
    n = len(starts)
    return hit1 / n, hit3 / n, uni1 / n, uni3 / n, n


def cpp_float(v):
    """A C++ float literal of v to 6 significant digits ("0.0f", "1.5e-05f")."""
    text = f"{v:.6g}"
    if not any(c in text for c in ".en"):
        text += ".0"
    return text + "f"


def cpp_array(values):
    return ", ".join(cpp_float(v) for v in values)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--selfplay", type=int, default=0, help="self-play games added to the evaluation's training set")
    ap.add_argument("--selfplay-setups", action="store_true",
                    help="add the self-play games to the setup model's training set too")
    ap.add_argument("--selfplay-agent", default="stratego:nodes=7000",
                    help="the self-play agent; a node budget (not a clock) makes its games, and so the fit, reproducible")
    ap.add_argument("--every", type=int, default=2, help="evaluation rows: every Nth ply of each game")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="write the weights and the fixture into the source tree")
    ap.add_argument("--cache", help="a folder keeping the extracted rows between runs (made again when missing)")
    ap.add_argument("--prior", type=float, default=0.0,
                    help="weight of a Gaussian prior centred on the starting weights (eval_model.cpp's material "
                         "values) instead of on zero, per position")
    ap.add_argument("--program-games", action="append", default=[], metavar="DIR",
                    help="records of games between programs (strat arena --save): every move is added to the move "
                         "predictor's training set")
    ap.add_argument("--program-weight", type=float, default=4.0,
                    help="how much each position of --program-games weighs against one of people's")
    ap.add_argument("--program-held-out", action="append", default=[], metavar="DIR",
                    help="records whose moves by --held-out-agent measure the move predictor (never trained on)")
    ap.add_argument("--held-out-agent", default="", help="the agent of --program-held-out whose moves are measured")
    ap.add_argument("--unconstrained", action="store_true",
                    help="fit the evaluation without the signs and the rank ladders (SIGNS, LADDER, KNOWN_CLASS)")
    ap.add_argument("--belief-factors", action="store_true",
                    help="fit only the beliefs' factors (the Spy near a known Marshal, the Flag and the Bombs by "
                         "open sides; with --write: belief_factors.cpp) and print how well the beliefs know those, "
                         "with and without them, in the training archives, the held-out one and, from "
                         "--held-out-agent's side, the records of --program-held-out (every --every'th turn)")
    args = ap.parse_args()

    if args.belief_factors:
        people = [("".join(f"{f} {w} {' '.join(m)}\n" for a in TRAIN for f, w, m in gravon_games(a)), None, "none")]
        held = [("".join(f"{f} {w} {' '.join(m)}\n" for a in HELD_OUT for f, w, m in gravon_games(a)), None, "none")]
        programs = [(text, side or None, exempt) for folder in args.program_held_out
                    for (side, exempt), text in record_games(folder, args.held_out_agent or None).items()]
        sets = [(f"people's games ({', '.join(TRAIN)})", people), (f"held out ({', '.join(HELD_OUT)})", held)]
        if programs:
            sets.append((f"{', '.join(args.program_held_out)} ({args.held_out_agent or 'both sides'})", programs))
        for name, parts in sets:
            unit = np.ones(len(FACTORS))
            print(f"{name}, without the factors:\n" + belief_table(belief_rows(args.build, parts, unit, args.every)))
        factors, fitted = fit_belief_factors(args.build, people, args.every)
        print("Factors fitted to the training games: " + ", ".join(
            f"{what} {k:.3g}" for (_, _, what), k in zip(FACTORS, factors)) + "\n")
        for name, parts in sets:
            print(f"{name}, with them:\n" + belief_table(belief_rows(args.build, parts, factors, args.every)))
        if args.write:
            v = [cpp_float(k) for k in factors]
            kind = [[x for x, (k, _, _) in zip(v, FACTORS) if k == wanted] for wanted in range(3)]
            spy = ", ".join(f"{{{kind[0][i]}, {kind[0][i + 1]}}}" for i in range(0, len(kind[0]), 2))  # [class][moved]
            with open(os.path.join(ROOT, "src/games/stratego/belief_factors.cpp"), "w") as f:
                f.write("// Written by `python3 tools/stratego_train.py --belief-factors --every "
                        f"{args.every} --write` (tools/stratego_train.py): the\n// beliefs' factors (beliefs.hpp), "
                        f"fitted to {int((fitted[:, 2] < 3).sum())} rows of real games. Do not edit by hand.\n"
                        '#include "games/stratego/beliefs.hpp"\n\nnamespace strat::stratego {\n\n'
                        f"const BeliefFactors kBeliefFactors = {{{{{spy}}}, {{{', '.join(kind[1])}}}, "
                        f"{{{', '.join(kind[2])}}}}};\n\n}}  // namespace strat::stratego\n")
        return

    eval_names, move_names, setup_names = names(args.build)
    eval_k, move_k, setup_k = len(eval_names), len(move_names), len(setup_names)

    archives = TRAIN + HELD_OUT
    texts = {}
    for a in archives:
        lines = [f"{f} {w} {' '.join(m)}" for f, w, m in gravon_games(a)]
        texts[a] = "\n".join(lines) + "\n"
        print(f"{a}: {len(lines)} classic games", file=sys.stderr)

    def read_text(path):
        with open(path) as f:
            return f.read()

    def write_text(path, text):
        with open(path, "w") as f:
            f.write(text)

    def cached(name, make, ext=".npy", load=np.load, save=np.save):
        """make(), or what a previous run with the same arguments kept in --cache (rows, or text with ext .txt)."""
        if not args.cache:
            return make()
        os.makedirs(args.cache, exist_ok=True)
        path = os.path.join(args.cache, name + ext)
        if os.path.exists(path):
            return load(path)
        value = make()
        save(path + ".part" + ext, value)  # a run stopped while writing leaves no cache behind
        os.replace(path + ".part" + ext, path)
        return value

    def cached_text(name, make):
        return cached(name, make, ".txt", read_text, write_text)

    tag = f"every{args.every}-k{eval_k}-m{move_k}"
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        feats = dict(zip(archives, pool.map(lambda a: cached(f"features-{a}-{tag}", lambda: run_data(
            args.build, ["features", "--every", str(args.every)], texts[a], eval_k + 3)), archives)))
        moves = dict(zip(archives, pool.map(lambda a: cached(f"moves-{a}-{tag}", lambda: run_data(
            args.build, ["moves", "--every", "3"], texts[a], move_k + 2)), archives)))
        setups = dict(zip(archives, pool.map(lambda a: run_data(args.build, ["setups"], texts[a], 2 * setup_k + 1),
                                             archives)))
        selfplay = selfplay_setups = None
        if args.selfplay:
            # Fixed chunks, each with its own seed, so that the games (with a node budget, not a clock) and the rows
            # are the same whatever --jobs is; a stopped run keeps the chunks it finished in --cache.
            sizes = [min(SELFPLAY_CHUNK, args.selfplay - c) for c in range(0, args.selfplay, SELFPLAY_CHUNK)]
            spec = args.selfplay_agent.replace(":", "_").replace(",", "_").replace("=", "")
            parts = list(pool.map(lambda c: cached_text(f"selfplay-{spec}-{sizes[c]}-{1000 + c}", lambda: run_text(
                args.build, ["selfplay", "--games", str(sizes[c]), "--agent", args.selfplay_agent,
                             "--seed", str(1000 + c)])), range(len(sizes))))
            games = "".join(parts)
            lines = games.splitlines(keepends=True)
            print(f"self-play: {len(lines)} games of {args.selfplay_agent}, results "
                  f"{sum(l.split()[1] == 'r' for l in lines)}-{sum(l.split()[1] == 'd' for l in lines)}-"
                  f"{sum(l.split()[1] == 'b' for l in lines)} (Red-draw-Blue)", file=sys.stderr)
            selfplay = np.vstack(list(pool.map(lambda c: run_data(
                args.build, ["features", "--every", str(args.every)], c, eval_k + 3), parts)))
            if args.selfplay_setups:
                selfplay_setups = run_data(args.build, ["setups"], games, 2 * setup_k + 1)

    train = np.vstack([feats[a] for a in TRAIN] + ([selfplay] if selfplay is not None else []))
    held = np.vstack([feats[a] for a in HELD_OUT])
    centre = None
    if args.prior > 0:
        # Textbook piece values, in log-odds (a Marshal 1, a Scout 0.03); every other feature centred on zero.
        centre = np.zeros(eval_k)
        for i, v in enumerate([0.15, 0.03, 0.08, 0.04, 0.06, 0.11, 0.2, 0.35, 0.6, 1.0, 0.03]):
            centre[i] = v
    if args.unconstrained or centre is not None:
        w, b = fit_logistic(train[:, :eval_k], train[:, eval_k], l2=args.prior if args.prior > 0 else 1e-3, centre=centre)
    else:
        w, b = fit_constrained(train[:, :eval_k], train[:, eval_k], eval_names)
    print(f"evaluation: {len(train)} training positions, {len(held)} held out", file=sys.stderr)
    for name, data in (("training", train), ("held out", held)):
        x, y = data[:, :eval_k], data[:, eval_k]
        decided = y != 0.5
        pred = (x @ w + b) > 0
        acc = float(np.mean(pred[decided] == (y[decided] > 0.5)))
        print(f"  {name}: log-loss {log_loss(x, y, w, b):.4f} (constant {log_loss(x, y, np.zeros(eval_k), 0):.4f}), "
              f"result predicted in {acc:.1%} of decided positions", file=sys.stderr)
    for n, v in zip(eval_names, w):
        print(f"    {n:16s} {v:+.4f}", file=sys.stderr)

    def program_rows(folders, agent=None):
        """Move rows of the records in `folders` (only `agent`'s moves when given), position indices from 0."""
        parts, base = [], 0
        for folder in folders:
            for (side, exempt), text in record_games(folder, agent).items():
                rows = run_data(args.build, ["moves", "--exempt", exempt] + (["--side", side] if side else []), text,
                                move_k + 2)
                if len(rows):
                    # A move strat's rules forbid (an outside program's, judged by its own referee) is among no
                    # position's legal moves: such positions teach nothing.
                    group = rows[:, move_k + 1]
                    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
                    hits = np.add.reduceat(rows[:, move_k], starts)
                    keep = np.repeat(hits == 1, np.diff(np.r_[starts, len(rows)]))
                    rows = rows[keep].copy()
                    if not len(rows):
                        continue
                    rows[:, move_k + 1] = np.unique(rows[:, move_k + 1], return_inverse=True)[1]
                    rows[:, move_k + 1] += base
                    base = rows[:, move_k + 1].max() + 1
                    parts.append(rows)
        return np.vstack(parts) if parts else np.zeros((0, move_k + 2), dtype=np.float32)

    mtrain = np.vstack([moves[a] for a in TRAIN])
    mheld = np.vstack([moves[a] for a in HELD_OUT])
    # Position indices restart per archive: make them distinct.
    offset = 0
    groups = []
    for a in TRAIN:
        groups.append(moves[a][:, move_k + 1] + offset)
        offset += moves[a][:, move_k + 1].max() + 1
    people = offset
    weight = np.ones(len(mtrain))
    of_people = np.ones(len(mtrain), dtype=bool)
    programs = program_rows(args.program_games)
    if len(programs):
        groups.append(programs[:, move_k + 1] + offset)
        offset += programs[:, move_k + 1].max() + 1
        mtrain = np.vstack([mtrain, programs])
        weight = np.r_[weight, np.full(len(programs), args.program_weight)]
        of_people = np.r_[of_people, np.zeros(len(programs), dtype=bool)]
        print(f"move predictor: {int(offset - people)} positions of programs' games added, each weighing "
              f"{args.program_weight:g}", file=sys.stderr)
    mw = fit_softmax(mtrain[:, :move_k], mtrain[:, move_k], np.concatenate(groups), weight=weight)
    t1, t3, u1, u3, n = top_k(mheld[:, :move_k], mheld[:, move_k], mheld[:, move_k + 1], mw)
    print(f"move predictor: held out {n} positions: top-1 {t1:.1%}, top-3 {t3:.1%} "
          f"(uniform {u1:.1%}, {u3:.1%})", file=sys.stderr)
    if args.program_held_out:
        held_programs = program_rows(args.program_held_out, args.held_out_agent)
        x, played, group = held_programs[:, :move_k], held_programs[:, move_k], held_programs[:, move_k + 1]
        t1, t3, u1, u3, n = top_k(x, played, group, mw)
        print(f"move predictor: {n} positions of {args.held_out_agent} (held out): top-1 {t1:.1%}, top-3 {t3:.1%} "
              f"(uniform {u1:.1%}, {u3:.1%})", file=sys.stderr)
        if len(programs):
            people_only = fit_softmax(mtrain[of_people, :move_k], mtrain[of_people, move_k],
                                      np.concatenate(groups)[of_people])
            p1, p3, _, _, _ = top_k(x, played, group, people_only)
            print(f"  fitted to people's games alone: top-1 {p1:.1%}, top-3 {p3:.1%}", file=sys.stderr)
    for name, v in zip(move_names, mw):
        print(f"    {name:20s} {v:+.4f}", file=sys.stderr)

    # Setups: the result against the difference of the two sides' setup features, both ways round.
    def setup_rows(rows):
        red, blue, y = rows[:, :setup_k], rows[:, setup_k:2 * setup_k], rows[:, 2 * setup_k]
        return np.vstack([red - blue, blue - red]), np.r_[y, 1 - y]
    sx, sy = setup_rows(np.vstack([setups[a] for a in TRAIN] + ([selfplay_setups] if selfplay_setups is not None else [])))
    hx, hy = setup_rows(np.vstack([setups[a] for a in HELD_OUT]))
    sw, _ = fit_logistic(sx, sy, l2=1e-2)
    print(f"setup model: {len(sx) // 2} training games, {len(hx) // 2} held out: log-loss {log_loss(hx, hy, sw, 0):.4f} "
          f"(constant {log_loss(hx, hy, np.zeros(setup_k), 0):.4f})", file=sys.stderr)
    for name, v in zip(setup_names, sw):
        print(f"    {name:20s} {v:+.4f}", file=sys.stderr)

    if not args.write:
        return
    # The command as anyone would type it: where this machine kept its build and its cache does not matter.
    # Folders of records are named by their last part (docs/games/stratego.md gives the arena commands that made them).
    words, skip, folder = [], False, False
    for a in sys.argv[1:]:
        if skip or a.startswith(("--build=", "--cache=")):
            skip = False
            continue
        skip = a in ("--build", "--cache")
        if not skip:
            words.append(os.path.basename(os.path.normpath(a)) if folder else a)
        folder = a in ("--program-games", "--program-held-out")
    command = " ".join(["python3 tools/stratego_train.py"] + words)
    with open(os.path.join(ROOT, "src/games/stratego/eval_weights.cpp"), "w") as f:
        f.write(f"// Written by `{command}` (tools/stratego_train.py): the evaluation's weights, fitted to the results of\n"
                f"// {len(train)} positions of real games{' and self-play' if args.selfplay else ''}. Do not edit by hand.\n"
                '#include "games/stratego/eval_model.hpp"\n\nnamespace strat::stratego {\n\n'
                f"const EvalFeatures kTrainedEvalWeights = {{{cpp_array(w)}}};\n"
                f"const float kTrainedEvalBias = {cpp_float(b)};\n\n}}  // namespace strat::stratego\n")
    with open(os.path.join(ROOT, "src/games/stratego/move_weights.cpp"), "w") as f:
        f.write(f"// Written by `{command}` (tools/stratego_train.py): the move predictor's weights, fitted to the moves\n"
                f"// of {int(offset)} positions of real games. Do not edit by hand.\n"
                '#include "games/stratego/move_model.hpp"\n\nnamespace strat::stratego {\n\n'
                f"const MoveFeatures kTrainedMoveWeights = {{{cpp_array(mw)}}};\n\n}}  // namespace strat::stratego\n")
    with open(os.path.join(ROOT, "src/games/stratego/setup_weights.cpp"), "w") as f:
        f.write(f"// Written by `{command}` (tools/stratego_train.py): the setup model's weights, fitted to the results of\n"
                f"// {len(sx) // 2} games. Do not edit by hand.\n"
                '#include "games/stratego/setup_model.hpp"\n\nnamespace strat::stratego {\n\n'
                f"const SetupFeatures kTrainedSetupWeights = {{{cpp_array(sw)}}};\n\n}}  // namespace strat::stratego\n")
    # The fixture: held-out rows with the logit this trainer computes from the weights as written (rounded as in C++).
    w32 = np.array([float(f"{v:.6g}") for v in w], dtype=np.float32)
    b32 = np.float32(float(f"{b:.6g}"))
    mw32 = np.array([float(f"{v:.6g}") for v in mw], dtype=np.float32)
    rng = np.random.default_rng(7)
    with open(os.path.join(ROOT, "tests/games/stratego/model_fixture.txt"), "w") as f:
        f.write("# Written by tools/stratego_train.py: features, then the logit the trainer computes (eval / move).\n")
        for row in held[rng.choice(len(held), 8, replace=False)]:
            x = row[:eval_k].astype(np.float64)
            f.write("eval " + " ".join(f"{v:.9g}" for v in row[:eval_k]) +
                    f" {float(x @ w32.astype(np.float64) + float(b32)):.9g}\n")
        for row in mheld[rng.choice(len(mheld), 8, replace=False)]:
            x = row[:move_k].astype(np.float64)
            f.write("move " + " ".join(f"{v:.9g}" for v in row[:move_k]) + f" {float(x @ mw32.astype(np.float64)):.9g}\n")


if __name__ == "__main__":
    main()
