"""Random games played through the Python API reach the same final position when their moves are replayed
through the CLI (`strat apply GAME START MOVES...`, ../shared/contract.md)."""
import random
import subprocess

import pytest

import strat
from conftest import GAMES

REPLAYS_PER_SPEC = 3


@pytest.mark.parametrize("spec", GAMES)
def test_cli_reaches_the_same_position(spec, strat_binary):
    game = strat.load_game(spec)
    for seed in range(REPLAYS_PER_SPEC):
        rng = random.Random(1000 + seed)
        state = game.new_initial_state(seed=1000 + seed)
        start = state.position()
        # Stop a few games half-way so that unfinished positions are compared too.
        limit = None if seed == 0 else rng.randrange(1, 400)
        steps = 0
        while not state.is_terminal() and (limit is None or steps < limit or state.pending_actions()):
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        moves = state.move_history()
        assert moves, "at least one move was played"
        result = subprocess.run([strat_binary, "apply", spec, start, *moves], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines()[0] == state.position(), (spec, seed)
