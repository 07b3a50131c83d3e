"""The OpenSpiel-style API: games, parameters, sizes, the documented action indices (docs/python.md),
agents, and serialization in the middle of a move."""
import random

import numpy as np
import pytest

import strat
from conftest import GAMES

# Sizes documented in docs/python.md.
SIZES = {
    "stratego": (3600, [42, 10, 10]),
    "stratego:barrage": (3600, [42, 10, 10]),
    "stratego:setup=actions": (4800, [56, 10, 10]),
    "stratego:barrage,setup=actions": (4800, [56, 10, 10]),
    "stratego-cards": (245, [235]),
    "dhamet": (6724, [10, 9, 9]),
    "dhamet:huffing": (6724, [10, 9, 9]),
    "strategic": (4673, [12, 7, 7]),
    "strategic:jump_own": (4673, [12, 7, 7]),
    "strata7": (10202, [16, 10, 10]),
}


def test_every_game_is_registered():
    assert sorted(GAMES) == sorted(SIZES)


@pytest.mark.parametrize("spec", GAMES)
def test_sizes(spec):
    game = strat.load_game(spec)
    assert (game.num_distinct_actions(), game.observation_tensor_shape()) == SIZES[spec]
    state = game.new_initial_state(seed=0)
    assert state.legal_actions_mask().shape == (game.num_distinct_actions(),)
    assert state.observation_tensor().shape == tuple(SIZES[spec][1])
    assert not state.is_chance_node()
    assert game.name().split(":")[0] == spec.split(":")[0]


def test_parameters_and_names():
    game = strat.load_game("stratego:barrage,ply_limit=500")
    assert game.get_parameters()["variant"] == "barrage"
    assert game.get_parameters()["ply_limit"] == 500
    assert strat.load_game("strategic:jump_own").get_parameters()["variant"] == "jump_own"
    assert game.max_game_length() == 500
    with pytest.raises(ValueError):
        strat.load_game("nosuchgame")
    with pytest.raises(ValueError):
        strat.load_game("stratego:nosuchoption")


def test_new_initial_state_seeds():
    game = strat.load_game("stratego")
    assert game.new_initial_state(seed=5).serialize() == game.new_initial_state(seed=5).serialize()
    assert game.new_initial_state(seed=5).serialize() != game.new_initial_state(seed=6).serialize()
    # Without a seed, each call draws a new start from the game's own sequence.
    assert game.new_initial_state().serialize() != game.new_initial_state().serialize()


def test_stratego_action_index():
    # (row*10 + col) * 36 + direction * 9 + distance - 1, directions up, down, right, left.
    state = strat.load_game("stratego").new_initial_state(seed=1)
    for a in state.legal_actions():
        square, direction, distance = a // 36, a // 9 % 4, a % 9 + 1
        col, row = square % 10, square // 10
        dcol, drow = [(0, 1), (0, -1), (1, 0), (-1, 0)][direction]
        text = state.action_to_string(a)
        target = "abcdefghij"[col + dcol * distance] + str(row + drow * distance + 1)
        assert text in ("abcdefghij"[col] + str(row + 1) + sep + target for sep in "-x")


def test_stratego_observation_planes():
    state = strat.load_game("stratego").new_initial_state(seed=2)
    obs = state.observation_tensor(0)
    assert obs[0:12].sum() == 40  # Red's 40 pieces by rank
    assert obs[25].sum() == 40  # Blue's 40 pieces, unknown and unmoved
    assert obs[12:25].sum() == 0
    assert obs[28].sum() == 8  # lakes
    assert obs[29].min() == 1  # Red to move
    np.testing.assert_allclose(obs[30:42, 0, 0], 1.0)  # every enemy rank still unlocated


def test_cards_action_names():
    state = strat.load_game("stratego-cards").new_initial_state(seed=1)
    for a in state.legal_actions():
        assert 185 <= a < 245  # preparation: only placements
        assert state.action_to_string(a).startswith("place 1=")


def test_dhamet_multi_action_moves():
    """A capture path of several landings is entered landing by landing; serialization keeps the pending part."""
    game = strat.load_game("dhamet")
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.pending_actions():
                text = state.serialize()
                assert "\npending" in text
                again = strat.deserialize_state("dhamet", text)
                assert again.legal_actions() == state.legal_actions()
                assert again.pending_actions() == state.pending_actions()
                np.testing.assert_array_equal(again.observation_tensor(), state.observation_tensor())
                assert state.observation_tensor()[7].sum() >= 2  # the path so far is shown
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no random Dhamet game had a move of several actions")


@pytest.mark.parametrize("spec", GAMES)
def test_agents_play_legal_actions(spec):
    game = strat.load_game(spec)
    for name in ("random", "mcts:iterations=20"):
        agent = strat.agent(game, name, seed=1)
        state = game.new_initial_state(seed=4)
        for _ in range(30):
            if state.is_terminal():
                break
            a = agent.step(state)
            assert a in state.legal_actions()
            state.apply_action(a)


def test_game_strongest_agent_by_name():
    game = strat.load_game("stratego:barrage")
    agent = strat.agent(game, "stratego:nodes=2000", seed=3)
    state = game.new_initial_state(seed=3)
    assert agent.step(state) in state.legal_actions()


@pytest.mark.parametrize("spec", ["dhamet:huffing", "strategic"])
def test_agents_play_moves_of_several_actions(spec):
    """An agent chooses whole moves; step() hands out their actions one by one (and the stop action)."""
    game = strat.load_game(spec)
    agents = [strat.agent(game, "random", seed=5), strat.agent(game, "random", seed=6)]
    several = 0
    for seed in range(5):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.pending_actions():
                several += 1
            a = agents[state.current_player()].step(state)
            assert a in state.legal_actions()
            state.apply_action(a)
    assert several > 0
