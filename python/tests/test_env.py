"""The PettingZoo-shaped AECEnv drives whole games with masks and ends with zero-sum rewards."""
import numpy as np
import pytest

import strat
from conftest import GAMES


@pytest.mark.parametrize("spec", [s for s in GAMES if s not in ("stratego", "stratego:setup=actions")])
def test_aec_loop(spec):
    env = strat.env.AECEnv(spec)
    rng = np.random.default_rng(0)
    for seed in range(3):
        env.reset(seed=seed)
        seen_end = set()
        total = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            total[agent] += reward
            assert obs["observation"].shape == env.observation_space_shape()
            if termination or truncation:
                seen_end.add(agent)
                assert not obs["action_mask"].any()
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            env.step(int(rng.choice(legal)))
        assert seen_end == set(env.possible_agents)
        assert sum(total.values()) == 0


def test_aec_truncation():
    env = strat.env.AECEnv("stratego", max_steps=10)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            assert truncation and reward == 0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 10


def test_only_the_agent_to_act_has_a_mask():
    env = strat.env.AECEnv("dhamet")
    env.reset(seed=0)
    other = "player_1" if env.agent_selection == "player_0" else "player_0"
    assert env.observe(env.agent_selection)["action_mask"].any()
    assert not env.observe(other)["action_mask"].any()
