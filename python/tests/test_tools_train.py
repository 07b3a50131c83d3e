"""tools/stratego_train.py fits the evaluation under its signs: a weight that the data alone would fit the wrong way
round ends at zero, the rank ladder never decreases, and the other weights are still fitted."""
import importlib.util

import numpy as np

from conftest import ROOT

spec = importlib.util.spec_from_file_location("stratego_train", ROOT / "tools" / "stratego_train.py")
train = importlib.util.module_from_spec(spec)
spec.loader.exec_module(train)

NAMES = ["spy"] + train.LADDER + ["known_general", "advance"] + sorted(set(train.SIGNS) - {"spy"})


def sample(true_weights, n=6000, seed=5):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, len(NAMES)))
    p = 1 / (1 + np.exp(-(x @ true_weights)))
    return x, (rng.random(n) < p).astype(np.float64)


def test_the_signs_and_the_ladder_hold_where_the_data_says_otherwise():
    w = np.zeros(len(NAMES))
    idx = {n: i for i, n in enumerate(NAMES)}
    for step, name in enumerate(train.LADDER):
        w[idx[name]] = 0.1 * (step + 1)
    w[idx["marshal"]] = 0.3          # below the General: the ladder must lift it
    w[idx["hunted"]] = 0.6           # being hunted "helps": the sign must hold it at zero
    w[idx["known_general"]] = -0.5   # the enemy knowing less than us "hurts": held at zero
    w[idx["unmoved"]] = -0.5         # pieces never moved "hurt" (the winner moved more): held at zero
    w[idx["advance"]] = -0.7         # free: fitted as it is
    w[idx["flag_danger"]] = -0.8     # the right sign: fitted as it is
    x, y = sample(w)
    free, _ = train.fit_logistic(x, y)
    assert free[idx["hunted"]] > 0.3 and free[idx["known_general"]] < -0.3 and free[idx["marshal"]] < free[idx["general"]]
    fitted, _ = train.fit_constrained(x, y, NAMES)
    assert fitted[idx["hunted"]] <= 0 and abs(fitted[idx["hunted"]]) < 1e-9
    assert abs(fitted[idx["known_general"]]) < 1e-9
    assert free[idx["unmoved"]] < -0.3 and abs(fitted[idx["unmoved"]]) < 1e-9
    ladder = [fitted[idx[n]] for n in train.LADDER]
    assert all(b >= a - 1e-9 for a, b in zip(ladder, ladder[1:])), ladder
    assert abs(fitted[idx["advance"]] - (-0.7)) < 0.15
    assert abs(fitted[idx["flag_danger"]] - (-0.8)) < 0.15
    for name, s in train.SIGNS.items():
        assert s * fitted[idx[name]] >= -1e-9, name


def test_arena_records_become_the_trainers_games_by_side_and_rules(strat_binary, tmp_path):
    import subprocess
    arena = subprocess.run([strat_binary, "arena", "stratego", "--agents", "random,mcts:iterations=5", "--games", "2",
                            "--seed", "11", "--save", str(tmp_path)], capture_output=True, text=True)
    assert arena.returncode == 0, arena.stderr
    every = train.record_games(str(tmp_path))
    assert list(every) == [("", "none")]
    lines = every[("", "none")].splitlines()
    assert len(lines) == 2
    for name, line in zip(sorted(p.name for p in tmp_path.iterdir()), lines):
        text = (tmp_path / name).read_text()
        field, winner, *moves = line.split()
        assert f'[Start "{field} r"]' in text
        assert winner in "rbd"
        assert len(moves) == len([l for l in text.splitlines() if l[:1].isdigit()])
    # Colours alternate: mcts is Blue in the first game and Red in the second.
    by_side = train.record_games(str(tmp_path), "mcts")
    assert sorted(by_side) == [("b", "none"), ("r", "none")]

    # stratego_data --side keeps one side's positions only: Red's and Blue's together are all of them.
    from conftest import BUILD
    tool = str(BUILD / "tools" / "stratego_data")
    columns = len([l for l in subprocess.run([tool, "names"], capture_output=True, text=True).stdout.splitlines()
                   if l.startswith("move ")]) + 2

    def positions(*args):
        out = subprocess.run([tool, "moves", *args], input=every[("", "none")].encode(), capture_output=True).stdout
        rows = np.frombuffer(out, dtype=np.float32).reshape(-1, columns)
        assert rows[:, columns - 2].sum() == len(np.unique(rows[:, columns - 1])), "one move played per position"
        return len(np.unique(rows[:, columns - 1]))

    total = positions()
    assert positions("--side", "r") + positions("--side", "b") == total > 0
    assert positions("--side", "r", "--exempt", "both") == positions("--side", "r")


def test_the_belief_table_counts_each_sides_view_once(strat_binary, tmp_path):
    # `--belief-factors`: stratego_data beliefs reads the beliefs about the pieces the factors concern; Red's view and
    # Blue's together are both sides', and the table's classes add up to its kinds.
    import re
    import subprocess
    from conftest import BUILD
    arena = subprocess.run([strat_binary, "arena", "stratego", "--agents", "random,mcts:iterations=2", "--games", "4",
                            "--seed", "3", "--save", str(tmp_path)], capture_output=True, text=True)
    assert arena.returncode == 0, arena.stderr
    text = train.record_games(str(tmp_path))[("", "none")]

    def table(parts):
        return train.belief_table(train.belief_rows(str(BUILD), parts, every=2))

    def pieces(table):
        return [int(n) for n in re.findall(r"^[^ ].*: (\d+) pieces, log-loss", table, re.M)]

    both = pieces(table([(text, None, "none")]))
    red = pieces(table([(text, "r", "none")]))
    blue = pieces(table([(text, "b", "none")]))
    assert len(both) == 3 and min(both[1:]) > 0
    assert [r + b for r, b in zip(red, blue)] == both
    merged = table([(text, "r", "none"), (text, "b", "none")])
    assert pieces(merged) == both
    classes = [int(n) for n in re.findall(r"^  (?:the|a) [^:]*sides?[^:]*: +(\d+) pieces", merged, re.M)]
    assert sum(classes) == both[1] + both[2]


def test_the_odds_factor_multiplies_the_odds_to_the_rate_seen():
    # Pieces given P 0.1 that were so one time in four: odds 1/9 against 1/3, a factor of 3. Given 0.1 and so one time
    # in ten: a factor of 1. Given 0 (a fact): no say.
    p = np.full(4000, 0.1)
    assert abs(train.odds_factor(p, (np.arange(4000) < 1000).astype(float)) - 3) < 1e-6
    assert abs(train.odds_factor(p, (np.arange(4000) < 400).astype(float)) - 1) < 1e-6
    p[:2000] = 0
    assert abs(train.odds_factor(p, (np.arange(4000) < 2500).astype(float)) - 3) < 1e-6


def test_a_known_piece_is_worth_no_less_than_a_known_piece_of_a_lower_rank():
    names = (["spy"] + train.LADDER + sorted(set(train.KNOWN_CLASS.values())) + ["advance"]
             + sorted(set(train.SIGNS) - {"spy"}))
    idx = {n: i for i, n in enumerate(names)}
    w = np.zeros(len(names))
    for step, name in enumerate(train.LADDER):
        w[idx[name]] = 0.1 * (step + 1)
    w[idx["known_marshal"]] = 0.6  # a known Marshal (0.9 - 0.6) "worth" less than a known General (0.8)
    rng = np.random.default_rng(7)
    x = rng.normal(size=(6000, len(names)))
    y = (rng.random(len(x)) < 1 / (1 + np.exp(-(x @ w)))).astype(np.float64)

    def known_values(v):
        return [v[idx[r]] - v[idx[train.KNOWN_CLASS[r]]] for r in train.LADDER]
    free, _ = train.fit_logistic(x, y)
    assert known_values(free)[-1] < known_values(free)[-2] - 0.2
    fitted, b = train.fit_constrained(x, y, names)
    values = known_values(fitted)
    assert all(high >= low - 1e-9 for low, high in zip(values, values[1:])), values
    g = train.constraints(names)
    assert np.all(g @ fitted >= -1e-9)
    # The fit is the best the constraints allow: no feasible step nearby lowers its objective (the log-loss and the
    # prior fit_logistic puts on the weights).

    def objective(v):
        return train.log_loss(x, y, v, b) + 0.5e-3 * float(v @ v)
    feasible = 0
    for i in range(len(names)):
        for sign in (1, -1):
            step = fitted.copy()
            step[i] += sign * 1e-3
            if np.all(g @ step >= -1e-12):
                feasible += 1
                assert objective(step) >= objective(fitted) - 1e-12, (names[i], sign)
    assert feasible >= len(names)


def test_the_constrained_fit_is_the_free_fit_where_the_data_keeps_every_constraint():
    names = ["spy"] + train.LADDER + ["known_general", "known_marshal", "advance", "flag_danger"]
    idx = {n: i for i, n in enumerate(names)}
    w = np.zeros(len(names))
    w[idx["spy"]] = 0.5
    for step, name in enumerate(train.LADDER):
        w[idx[name]] = 0.4 * (step + 1)
    w[idx["known_general"]], w[idx["known_marshal"]] = 0.4, 0.5
    w[idx["advance"]], w[idx["flag_danger"]] = -0.3, -0.6
    rng = np.random.default_rng(3)
    x = rng.normal(size=(6000, len(names)))
    y = (rng.random(len(x)) < 1 / (1 + np.exp(-(x @ w)))).astype(np.float64)
    free, free_b = train.fit_logistic(x, y)
    assert np.all(train.constraints(names) @ free > 0.05)
    fitted, b = train.fit_constrained(x, y, names)
    assert np.allclose(fitted, free, atol=1e-6) and abs(b - free_b) < 1e-6
