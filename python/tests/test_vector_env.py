"""VectorEnv gives the same trajectories as single states started from the same seeds and stepped with the
same actions (game k of the environment starts from seed + k)."""
import numpy as np
import pytest

import strat
from conftest import GAMES

N = 4
STEPS = 400


def follow(game, singles, actions, rewards, dones, next_seed):
    """Steps the single states with the actions the environment took, checks its dones and rewards, and replaces
    the finished games as it does; returns (games finished, the next game's seed)."""
    finished = 0
    for i, s in enumerate(singles):
        s.apply_action(int(actions[i]))
        assert dones[i] == s.is_terminal()
        if dones[i]:
            finished += 1
            np.testing.assert_array_equal(rewards[i], s.returns())
            singles[i] = game.new_initial_state(seed=next_seed)
            next_seed += 1
        else:
            assert not rewards[i].any()
    return finished, next_seed


@pytest.mark.parametrize("spec", GAMES)
def test_vector_env_matches_single_states(spec):
    game = strat.load_game(spec)
    seed = 300
    env = strat.VectorEnv(spec, N, seed=seed)
    obs, masks = env.reset()
    assert obs.shape == (N, *game.observation_tensor_shape()) and obs.dtype == np.float32
    assert masks.shape == (N, game.num_distinct_actions()) and masks.dtype == np.uint8
    next_seed = seed + N
    singles = [game.new_initial_state(seed=seed + i) for i in range(N)]
    assert env.game_seeds() == [seed + i for i in range(N)]
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(STEPS):
        for i, s in enumerate(singles):
            np.testing.assert_array_equal(masks[i], s.legal_actions_mask())
            np.testing.assert_array_equal(obs[i], s.observation_tensor(s.current_player()))
            assert env.current_players()[i] == s.current_player()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        obs, masks, rewards, dones = env.step(actions)
        ended, next_seed = follow(game, singles, actions, rewards, dones, next_seed)
        finished += ended
    if spec not in ("stratego", "stratego:setup=actions"):  # classic Stratego's random games outlast 400 steps
        assert finished > 0


# Short games (a ply limit; setup=actions counts its placements) so that every row is reused by new games many
# times: a row's mask is rewritten only where it changes and its observation only where it can change.
REWRITE_SPECS = ["stratego:ply_limit=60", "stratego:barrage,ply_limit=60", "stratego:setup=actions,ply_limit=140",
                 "stratego:barrage,setup=actions,ply_limit=40"]


@pytest.mark.parametrize("dtype", [np.float32, np.uint8])
@pytest.mark.parametrize("spec", REWRITE_SPECS)
def test_vector_env_rows_rewritten_in_place_match_fresh_ones(spec, dtype):
    """After every step of random games the masks and observations VectorEnv rewrote in place are those a single
    state builds from scratch (uint8: round(255 x) of its floats), over many automatic resets, and the games end the
    same way."""
    game = strat.load_game(spec)
    n, seed = 3, 40
    env = strat.VectorEnv(spec, n, seed=seed, dtype=dtype)
    obs, masks = env.reset()
    singles = [game.new_initial_state(seed=seed + i) for i in range(n)]
    next_seed, finished, combats = seed + n, 0, 0
    for _ in range(700):
        for i, s in enumerate(singles):
            np.testing.assert_array_equal(masks[i], s.legal_actions_mask())
            fresh = np.asarray(s.observation_tensor(s.current_player()), dtype=np.float32)
            if dtype == np.uint8:
                fresh = np.floor(fresh.astype(np.float64) * 255 + 0.5).astype(np.uint8)
            np.testing.assert_array_equal(obs[i], fresh.reshape(obs[i].shape))
        actions = env.random_actions()
        for i in range(n):
            assert masks[i][actions[i]] == 1
            combats += "x" in singles[i].action_to_string(int(actions[i]))
        obs, masks, rewards, dones = env.step(actions)
        ended, next_seed = follow(game, singles, actions, rewards, dones, next_seed)
        finished += ended
    assert finished >= 2 * n and combats > 0


def test_vector_env_refuses_illegal_stratego_actions():
    """The mask row is the legality check: ids out of range, and ids of the space that are not legal here."""
    env = strat.VectorEnv("stratego", 2, seed=1)
    _, masks = env.reset()
    legal = int(np.flatnonzero(masks[1])[0])
    for bad in (-1, 3600, int(np.flatnonzero(masks[0] == 0)[0])):
        with pytest.raises(ValueError, match="not legal"):
            env.step(np.array([bad, legal]))


def test_vector_env_without_observations():
    env = strat.VectorEnv("stratego:barrage", 8, seed=1, observations=False)
    obs, masks = env.reset()
    assert obs is None
    obs, masks, rewards, dones = env.step(np.array([np.flatnonzero(m)[0] for m in masks]))
    assert obs is None and masks.shape[0] == 8


def test_vector_env_refuses_an_illegal_action():
    env = strat.VectorEnv("dhamet", 2, seed=1)
    _, masks = env.reset()
    bad = int(np.flatnonzero(masks[0] == 0)[0])
    with pytest.raises(ValueError):
        env.step(np.array([bad, bad]))


def test_vector_envs_step_in_parallel_threads():
    """step() releases the GIL: environments in two threads run side by side and give the same results as
    when run one after the other."""
    import threading

    def run(out, key):
        env = strat.VectorEnv("stratego:barrage", 8, seed=key)
        env.reset()
        total = np.zeros(2)
        for _ in range(300):
            _, _, rewards, _ = env.step(env.random_actions())
            total += rewards.sum(axis=0)
        out[key] = (total.tolist(), [env.position(i) for i in range(8)])

    parallel, serial = {}, {}
    threads = [threading.Thread(target=run, args=(parallel, k)) for k in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in (1, 2):
        run(serial, k)
    assert parallel == serial


def test_vector_env_buffers_are_read_only():
    """The arrays returned are the environment's own buffers, rewritten in place by the next step (a mask row only
    where it changes): Python may read them, not write them."""
    env = strat.VectorEnv("stratego:barrage", 2, seed=1, dtype=np.uint8)
    obs, masks = env.reset()
    obs2, masks2, rewards, dones = env.step(env.random_actions())
    for array in (obs, masks, obs2, masks2, rewards, dones, env.current_players()):
        assert not array.flags.writeable
        with pytest.raises(ValueError):
            array[0] = 0
