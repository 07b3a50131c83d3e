"""Golden playthroughs (python/tests/playthrough.py): every registered spec has one, and today's module plays
each exactly as written. After an intended change, regenerate them with `make playthroughs` and review the diff."""
import pytest

import strat
from conftest import GAMES
import playthrough


def test_every_spec_has_a_playthrough_and_no_other_file_is_there():
    expected = {playthrough.file_name(spec) for spec in GAMES}
    present = {p.name for p in playthrough.FOLDER.glob("*.txt")}
    assert present == expected, "run `make playthroughs` (missing: %s, stale: %s)" % (
        sorted(expected - present), sorted(present - expected))


@pytest.mark.parametrize("spec", GAMES)
def test_playthrough_is_unchanged(spec):
    path = playthrough.FOLDER / playthrough.file_name(spec)
    if not path.exists():
        pytest.fail(f"no playthrough for {spec}: run `make playthroughs`")
    golden = path.read_text().splitlines()
    now = playthrough.render(strat, spec).splitlines()
    for i, (want, got) in enumerate(zip(golden, now)):
        assert got == want, f"{path.name}:{i + 1} differs (run `make playthroughs` if intended)"
    assert len(now) == len(golden), f"{path.name}: {len(golden)} lines written, {len(now)} played"
