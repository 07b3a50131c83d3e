"""strat: two-player strategy games (Stratego, the Stratego card duel, Dhamet, Strategic, Strata 7) for
research, with OpenSpiel's names. See docs/python.md.

    import strat
    game = strat.load_game("stratego:barrage")
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
"""
from ._strat import (  # noqa: F401  (the compiled extension)
    TERMINAL_PLAYER_ID,
    Agent,
    BadInput,
    Game,
    State,
    VectorEnv,
    agent,
    deserialize_state,
    load_game,
    registered_games,
)
from . import env  # noqa: F401

__all__ = [
    "TERMINAL_PLAYER_ID", "Agent", "BadInput", "Game", "State", "VectorEnv", "agent", "deserialize_state",
    "env", "load_game", "registered_games",
]
