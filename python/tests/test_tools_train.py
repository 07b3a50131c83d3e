"""tools/stratego_train.py fits the evaluation under its signs: a weight that the data alone would fit the wrong way
round ends at zero, the rank ladder never decreases, and the other weights are still fitted."""
import importlib.util

import numpy as np

from conftest import ROOT

spec = importlib.util.spec_from_file_location("stratego_train", ROOT / "tools" / "stratego_train.py")
train = importlib.util.module_from_spec(spec)
spec.loader.exec_module(train)

NAMES = ["spy"] + train.LADDER + ["known_general", "unmoved"] + sorted(set(train.SIGNS) - {"spy"})


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
    w[idx["unmoved"]] = -0.7         # free: fitted as it is
    w[idx["flag_danger"]] = -0.8     # the right sign: fitted as it is
    x, y = sample(w)
    free, _ = train.fit_logistic(x, y)
    assert free[idx["hunted"]] > 0.3 and free[idx["known_general"]] < -0.3 and free[idx["marshal"]] < free[idx["general"]]
    fitted, _ = train.fit_constrained(x, y, NAMES)
    assert fitted[idx["hunted"]] <= 0 and abs(fitted[idx["hunted"]]) < 1e-9
    assert abs(fitted[idx["known_general"]]) < 1e-9
    ladder = [fitted[idx[n]] for n in train.LADDER]
    assert all(b >= a - 1e-9 for a, b in zip(ladder, ladder[1:])), ladder
    assert abs(fitted[idx["unmoved"]] - (-0.7)) < 0.15
    assert abs(fitted[idx["flag_danger"]] - (-0.8)) < 0.15
    for name, s in train.SIGNS.items():
        assert s * fitted[idx[name]] >= -1e-9, name
