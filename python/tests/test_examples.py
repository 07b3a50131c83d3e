"""python/examples/ as a smoke test: the training example runs a few updates end to end (collection, PPO
updates, evaluation against random and mcts) on a tiny budget, with each of its networks. Its learning run is a
benchmark (docs/python.md)."""
import math
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "python" / "examples"))

import train_selfplay  # noqa: E402


@pytest.mark.parametrize("game,shaping", [("stratego:barrage", 1.0), ("stratego-cards", 0.0)])
def test_training_example_runs_a_few_updates(game, shaping):
    lines = []
    net, history = train_selfplay.train(game=game, envs=8, steps=16, updates=2, eval_every=2, eval_games=4,
                                        mcts_games=2, mcts="mcts:iterations=20", width=8, blocks=1, shaping=shaping,
                                        log=lambda *a, **k: lines.append(a[0]))
    assert [h["update"] for h in history] == [0, 2]
    for h in history:
        assert 0.0 <= h["random"] <= 1.0 and 0.0 <= h["mcts"] <= 1.0 and not math.isnan(h["mcts"])
    assert history[-1]["steps"] == 2 * 8 * 16
    assert len(lines) == 2 and "vs random" in lines[0]
