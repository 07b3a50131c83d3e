"""OpenSpiel's RandomSimTest for every registered game: random games through the Python API, checking the
action space, the masks, action strings, clones, serialization, observations and the returns."""
import random

import numpy as np
import pytest

import strat
from conftest import GAMES
from helpers import mask_actions

# Games per spec; Stratego's random games run to thousands of plies, the others are shorter.
GAMES_PER_SPEC = {"stratego": 12, "stratego:barrage": 40, "stratego:setup=actions": 8, "stratego:barrage,setup=actions": 30}
DEFAULT_GAMES = 40
# The costly checks (strings, clones, serialization: a replay from the start) run on every 7th action of the
# first 200, then every 101st.
def costly_check_due(step):
    return step % 7 == 0 if step < 200 else step % 101 == 0


def check_move_encoding(game, state, legal):
    """Distinct legal moves have distinct action sequences within the action space, the next ids of those that
    go on from the pending actions are the legal actions, and a move that ends there is reached by stop."""
    pending = state.pending_actions()
    sequences = {}
    moves = state.legal_move_actions()
    assert sorted(m for m, _ in moves) == sorted(state.legal_moves())
    for move, actions in moves:
        actions = tuple(actions)
        assert actions and all(0 <= a < game.num_distinct_actions() for a in actions), (move, actions)
        assert actions not in sequences, (move, sequences.get(actions))
        sequences[actions] = move
    for move, actions in moves[:: max(1, len(moves) // 5)]:  # a few through the notation parser as well
        assert state.move_to_actions(move) == actions
    going_on = [s for s in sequences if s[:len(pending)] == tuple(pending)]
    expected = {s[len(pending)] if len(s) > len(pending) else game.stop_action() for s in going_on}
    assert sorted(expected) == legal
    if not pending:
        # Prefixes: one move's actions start another's only where the stop action exists.
        for s in sequences:
            for k in range(1, len(s)):
                if s[:k] in sequences:
                    assert game.stop_action() >= 0


def check_position(game, spec, state, legal, rng):
    n = game.num_distinct_actions()
    check_move_encoding(game, state, legal)
    for a in legal:
        text = state.action_to_string(a)
        assert state.string_to_action(text) == a, (spec, a, text)
    # Clone independence: playing on the clone leaves the original as it was.
    before = state.serialize()
    clone = state.clone()
    assert clone.serialize() == before
    clone.apply_action(rng.choice(legal))
    assert state.serialize() == before
    assert state.legal_actions() == legal
    # Serialization round trip: the same state, history included.
    again = strat.deserialize_state(spec, before)
    assert again.serialize() == before
    assert again.position() == state.position()
    assert again.history() == state.history()
    assert again.legal_actions() == legal
    assert again.current_player() == state.current_player()
    for p in (0, 1):
        obs = state.observation_tensor(p)
        assert obs.dtype == np.float32
        assert list(obs.shape) == game.observation_tensor_shape()
        assert np.all(np.isfinite(obs))
        np.testing.assert_array_equal(obs, again.observation_tensor(p))
        assert state.observation_string(p) == again.observation_string(p)
    assert max(legal) < n


@pytest.mark.parametrize("spec", GAMES)
def test_random_games(spec):
    game = strat.load_game(spec)
    n = game.num_distinct_actions()
    assert game.num_players() == 2
    assert n > 0
    length_limit = game.max_game_length()
    outcomes = set()
    games = GAMES_PER_SPEC.get(spec, DEFAULT_GAMES)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            assert player in (0, 1)
            legal = state.legal_actions()
            assert legal, "a non-terminal state has legal actions"
            assert legal == sorted(set(legal))
            assert 0 <= legal[0] and legal[-1] < n
            assert mask_actions(state.legal_actions_mask()) == legal
            assert state.legal_actions(1 - player) == []
            assert state.returns() == [0.0, 0.0]
            assert state.rewards() == [0.0, 0.0]
            if costly_check_due(steps):
                check_position(game, spec, state, legal, rng)
            state.apply_action(rng.choice(legal))
            steps += 1
        assert state.current_player() == strat.TERMINAL_PLAYER_ID
        assert state.legal_actions() == []
        assert not state.legal_actions_mask().any()
        returns = state.returns()
        assert sum(returns) == 0 and all(r in (-1.0, 0.0, 1.0) for r in returns)
        assert state.rewards() == returns
        assert len(state.history()) == steps
        if length_limit > 0:
            assert steps <= length_limit, (spec, steps, length_limit)
        outcomes.add(tuple(returns))
        with pytest.raises(ValueError):
            state.apply_action(0)
    # Random play reaches wins for both sides (the seeds are fixed, so this is deterministic).
    assert {(1.0, -1.0), (-1.0, 1.0)} <= outcomes, outcomes


@pytest.mark.parametrize("spec", GAMES)
def test_illegal_actions_are_refused(spec):
    game = strat.load_game(spec)
    state = game.new_initial_state(seed=3)
    legal = set(state.legal_actions())
    before = state.serialize()
    illegal = [a for a in range(game.num_distinct_actions()) if a not in legal][:50]
    for a in illegal:
        with pytest.raises(ValueError):
            state.apply_action(a)
    assert state.serialize() == before
