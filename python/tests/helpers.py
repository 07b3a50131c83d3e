"""Random play through the Python API, shared by the tests."""
import random

import numpy as np


def random_game(game, seed, max_actions=None, on_step=None):
    """Plays one game with uniformly random legal actions; returns the final state and the start state."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    start = state.clone()
    n = 0
    while not state.is_terminal() and (max_actions is None or n < max_actions):
        legal = state.legal_actions()
        if on_step is not None:
            on_step(state, legal, rng)
        state.apply_action(rng.choice(legal))
        n += 1
    return state, start


def mask_actions(mask):
    return [int(a) for a in np.flatnonzero(mask)]
