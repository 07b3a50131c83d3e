"""Finds the built module (build/python, or $STRAT_BUILD/python) and the strat CLI for the tests."""
import os
import pathlib
import subprocess
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


def tool_lines(tool, *args):
    """What tools/`tool` prints for `args`, line by line; the test fails if it exits with an error."""
    run = subprocess.run([sys.executable, str(ROOT / "tools" / tool), *map(str, args)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


def write_record(folder, n, red, blue, start, result, moves=("e4-e5",)):
    """An arena record, game-NNNN.txt in `folder`, as `strat arena --save` writes one."""
    (folder / f"game-{n:04d}.txt").write_text(
        f'[Game "stratego:classic"]\n[Red "{red}"]\n[Blue "{blue}"]\n[Seed "7"]\n[Start "{start}"]\n'
        f'[Result "{result}"]\n\n' + "".join(f"{i}. {m}\n" for i, m in enumerate(moves, 1)))
