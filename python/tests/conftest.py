"""Finds the built module (build/python, or $STRAT_BUILD/python) and the strat CLI for the tests."""
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("STRAT_BUILD", ROOT / "build"))
sys.path.insert(0, str(BUILD / "python"))

import pytest  # noqa: E402

import strat  # noqa: E402

STRAT_BINARY = BUILD / "strat"
GAMES = strat.registered_games()


@pytest.fixture(scope="session")
def strat_binary():
    if not STRAT_BINARY.exists():
        pytest.fail(f"the strat CLI is not built: {STRAT_BINARY}")
    return str(STRAT_BINARY)
