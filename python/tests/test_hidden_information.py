"""Two worlds that differ only in what a player cannot see (the second drawn with resample_from_infostate)
give that player the same observation tensor, observation string, information state string and legal mask."""
import random

import numpy as np
import pytest

import strat
from conftest import GAMES

HIDDEN = [spec for spec in GAMES if strat.load_game(spec).hidden_information()]
PAIRS_PER_SPEC = 60


def test_the_hidden_information_games_are_known():
    names = {spec.split(":")[0] for spec in HIDDEN}
    assert names == {"stratego", "stratego-cards"}


@pytest.mark.parametrize("spec", HIDDEN)
def test_resampled_worlds_look_the_same(spec):
    game = strat.load_game(spec)
    rng = random.Random(7)
    differing = 0
    for pair in range(PAIRS_PER_SPEC):
        state = game.new_initial_state(seed=500 + pair)
        for _ in range(rng.randrange(0, 300)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        player = rng.randrange(2)
        world = state.resample_from_infostate(player, rng.randrange(1 << 30))
        if world.serialize() != state.serialize():
            differing += 1
        np.testing.assert_array_equal(state.observation_tensor(player), world.observation_tensor(player))
        assert state.observation_string(player) == world.observation_string(player)
        assert state.information_state_string(player) == world.information_state_string(player)
        assert state.current_player() == world.current_player()
        if state.current_player() == player:
            np.testing.assert_array_equal(state.legal_actions_mask(), world.legal_actions_mask())
    # The worlds really differ: resampling draws the hidden ranks or cards anew.
    assert differing > PAIRS_PER_SPEC // 2, differing


@pytest.mark.parametrize("spec", HIDDEN)
def test_observation_hides_what_the_opponent_holds(spec):
    """The tensor of one player differs between the two worlds only if it is the other player's view."""
    game = strat.load_game(spec)
    state = game.new_initial_state(seed=11)
    # Until player 1 holds something player 0 cannot see (a setup played by moves starts empty).
    while state.resample_from_infostate(0, 12345).position() == state.position():
        state.apply_action(state.legal_actions()[len(state.history()) % len(state.legal_actions())])
    world = state.resample_from_infostate(0, 12345)
    np.testing.assert_array_equal(state.observation_tensor(0), world.observation_tensor(0))
    # Player 1's own pieces or cards were redrawn, and player 1 sees its own: its view differs.
    assert not np.array_equal(state.observation_tensor(1), world.observation_tensor(1))


@pytest.mark.parametrize("spec", [s for s in GAMES if s not in HIDDEN])
def test_perfect_information_resample_is_a_copy(spec):
    game = strat.load_game(spec)
    state = game.new_initial_state(seed=1)
    state.apply_action(state.legal_actions()[0])
    assert state.resample_from_infostate(1, 99).serialize() == state.serialize()


SETUP_SPECS = [spec for spec in GAMES if "setup=actions" in spec]


@pytest.mark.parametrize("spec", SETUP_SPECS)
def test_setup_placements_are_unseen_until_both_armies_stand(spec):
    """stratego:setup=actions: while Blue places, Red's placements (ranks and squares) are in none of Blue's
    outputs; two games with different Red setups and the same Blue placements look the same to Blue."""
    game = strat.load_game(spec)
    n = 8 if "barrage" in spec else 40
    worlds = []
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=0)
        while state.current_player() == 0:
            state.apply_action(rng.choice(state.legal_actions()))
        worlds.append(state)
    a, b = worlds
    assert a.position() != b.position()
    # The same Blue placements in both.
    rng = random.Random(9)
    for _ in range(n // 2):
        action = rng.choice(a.legal_actions())
        a.apply_action(action)
        b.apply_action(action)
    for state in (a, b):
        obs = state.observation_tensor(1)
        assert obs[12:26].sum() == 0  # no Red piece, known or not
        assert obs[42].min() == 1  # the setup phase
        assert not set(state.observation_string(1).split()[0]) & set("BCDEFGHIJKLM")  # no Red letter in Blue's view
    np.testing.assert_array_equal(a.observation_tensor(1), b.observation_tensor(1))
    assert a.observation_string(1) == b.observation_string(1)
    assert a.information_state_string(1) == b.information_state_string(1)
    np.testing.assert_array_equal(a.legal_actions_mask(), b.legal_actions_mask())
    # Once both armies stand Red's pieces are there, as unknown pieces.
    while a.current_player() == 1:
        a.apply_action(a.legal_actions()[0])
    assert a.observation_tensor(1)[25].sum() == n
