"""The API checks of OpenSpiel's basic tests and PettingZoo's api_test and seed_test that the other files leave out,
over every registered spec (strat.registered_games(), made from the registry: every game, variant and mode, so a new
one cannot be left out). With test_random_sim.py (legal actions at the end and for the player not to move, masks,
serialization, returns), test_hidden_information.py (resampling against the information state), test_env.py (the
AEC loop) and test_playthroughs.py (golden playthroughs) this is the conformance suite of docs/python.md."""
import numpy as np
import pytest

import strat
from conftest import GAMES
from helpers import mask_actions

BAD_PLAYERS = (-1, 2, 7)


@pytest.mark.parametrize("spec", GAMES)
def test_bad_player_ids_are_refused(spec):
    game = strat.load_game(spec)
    state = game.new_initial_state(seed=1)
    action = state.legal_actions()[0]
    for bad in BAD_PLAYERS:
        for call in (lambda: state.observation_tensor(bad), lambda: state.observation_string(bad),
                     lambda: state.information_state_string(bad), lambda: state.legal_actions(bad),
                     lambda: state.resample_from_infostate(bad, 0), lambda: state.action_to_string(bad, action)):
            with pytest.raises(ValueError):
                call()
    # The good ones answer, the player not to move with no legal action.
    mover = state.current_player()
    assert state.legal_actions(mover) == state.legal_actions()
    assert state.legal_actions(1 - mover) == []


@pytest.mark.parametrize("spec", GAMES)
def test_tensor_sizes_agree_everywhere(spec):
    game = strat.load_game(spec)
    shape = game.observation_tensor_shape()
    assert game.observation_tensor_size() == int(np.prod(shape))
    state = game.new_initial_state(seed=2)
    assert state.observation_tensor().shape == tuple(shape)
    assert state.legal_actions_mask().shape == (game.num_distinct_actions(),)
    for dtype in (np.float32, np.uint8):
        env = strat.VectorEnv(spec, 3, seed=2, dtype=dtype)
        obs, masks = env.reset()
        assert obs.shape == (3, *shape) and obs.dtype == dtype
        assert masks.shape == (3, game.num_distinct_actions())


@pytest.mark.parametrize("spec", GAMES)
def test_compact_observations_are_the_float_ones_as_bytes(spec):
    """dtype=uint8: each value x of the float observation as round(255 x), along random games."""
    game = strat.load_game(spec)
    floats = strat.VectorEnv(spec, 4, seed=21)
    compact = strat.VectorEnv(spec, 4, seed=21, dtype=np.uint8)
    f, _ = floats.reset()
    u, _ = compact.reset()
    for _ in range(150):
        assert f.min() >= 0 and f.max() <= 1
        np.testing.assert_array_equal(u, np.floor(f.astype(np.float64) * 255 + 0.5).astype(np.uint8))
        actions = floats.random_actions()
        f, fm, fr, fd = floats.step(actions)
        u, um, ur, ud = compact.step(actions)
        np.testing.assert_array_equal(fm, um)
        np.testing.assert_array_equal(fr, ur)
    assert game.observation_tensor_size() == u[0].size


@pytest.mark.parametrize("spec", GAMES)
def test_seed_test(spec):
    """PettingZoo's seed_test: the same seed gives the same games, observations and rewards, in the vector
    environment (its random actions included) and in the AEC environment."""
    def run(seed):
        env = strat.VectorEnv(spec, 3, seed=seed)
        obs, masks = env.reset()
        trace = [obs.copy(), masks.copy()]
        for _ in range(60):
            obs, masks, rewards, dones = env.step(env.random_actions())
            trace += [obs.copy(), masks.copy(), rewards.copy(), dones.copy()]
        return trace, env.game_seeds()

    a, seeds_a = run(5)
    b, seeds_b = run(5)
    assert seeds_a == seeds_b
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)

    def aec(seed):
        env = strat.env.AECEnv(spec, max_steps=40)
        env.reset(seed=seed)
        seen = []
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            seen.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
            if termination or truncation:
                env.step(None)
            else:
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[len(seen) % len(legal)]))
        return seen

    assert aec(3) == aec(3)


def test_seeds_draw_different_starts_where_the_start_is_dealt():
    for spec in ("stratego", "stratego:barrage", "stratego-cards"):
        game = strat.load_game(spec)
        assert game.new_initial_state(seed=1).serialize() != game.new_initial_state(seed=2).serialize(), spec
    # Setups played by moves and fixed starts do not depend on the seed.
    for spec in ("stratego:setup=actions", "dhamet"):
        game = strat.load_game(spec)
        assert game.new_initial_state(seed=1).serialize() == game.new_initial_state(seed=2).serialize(), spec


@pytest.mark.parametrize("spec", GAMES)
def test_vector_env_agent_actions(spec):
    """agent_actions: any CLI agent per game, asked only where `which` says; its actions are legal."""
    n = 4
    game = strat.load_game(spec)
    env = strat.VectorEnv(spec, n, seed=3)
    _, masks = env.reset()
    agents = [strat.agent(game, "random", seed=i) for i in range(n)]
    for _ in range(40):
        which = np.array([i % 2 == 0 for i in range(n)])
        asked = env.agent_actions(agents, which)
        assert list(asked[1::2]) == [-1] * (n // 2)
        actions = env.random_actions()
        for i in range(0, n, 2):
            assert masks[i, asked[i]] == 1
            actions[i] = asked[i]
        _, masks, _, _ = env.step(actions)
    with pytest.raises(ValueError):
        env.agent_actions(agents[:2])


def test_state_after_the_end_refuses_actions_and_lists_none():
    game = strat.load_game("stratego:barrage,setup=actions")
    state = game.new_initial_state(seed=0)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.legal_actions() == [] and state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert mask_actions(state.legal_actions_mask()) == []
    with pytest.raises(ValueError):
        state.apply_action(0)
