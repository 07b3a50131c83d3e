"""tools/stratego_results.py sums an agent's arena records as the arena's own table does, and sets the opponent's
protocol forfeits apart."""
import re
import subprocess
import sys

from conftest import ROOT, tool_lines, write_record

TOOL = ROOT / "tools" / "stratego_results.py"
START = "GDBMBDFFIEDBDBCBEEIEFKDIDGFJDDBHGLHHHEJGAA__AA__AAAA__AA__AANVXUSRSSPPSRWUQPQPRUNNPPTTTTQVYNQONPRPNQ r"


def results(*args):
    return tool_lines("stratego_results.py", *args)


def test_the_sums_agree_with_the_arenas_table(strat_binary, tmp_path):
    arena = subprocess.run([strat_binary, "arena", "stratego", "--agents", "random,mcts:iterations=10", "--games", "6",
                            "--seed", "3", "--save", str(tmp_path)], capture_output=True, text=True)
    assert arena.returncode == 0, arena.stderr
    pair = re.search(r"^random vs mcts:iterations=10\s+(\d+)-(\d+)-(\d+)\s+([\d.]+)%\s+([-+][\d.]+) \+- ([\d.]+)",
                     arena.stdout, re.M)
    assert pair, arena.stdout
    w, d, l, score, elo, margin = pair.groups()
    ours = results(tmp_path, "--agent", "random")[0]
    assert ours.startswith(f"random: {w}-{d}-{l} over 6, {score}%, "), ours
    assert ours.endswith(f"Elo {float(elo):+.0f} +- {float(margin):.0f}"), (ours, elo, margin)
    theirs = results(tmp_path, "--agent", "mcts")[0]
    assert theirs.startswith(f"mcts: {l}-{d}-{w} over 6"), theirs


def record(folder, n, red, blue, result):
    write_record(folder, n, red, blue, START, result)


def test_the_opponents_forfeits_are_set_apart(tmp_path):
    bot = "ucc:/bots/hunter"
    record(tmp_path, 1, "stratego:time=200", bot, "red wins (protocol: illegal move '4 2 LEFT' (two-square rule))")
    record(tmp_path, 2, bot, "stratego:time=200", "draw (ply-limit)")
    record(tmp_path, 3, "stratego:time=200", bot, "blue wins (flag)")
    record(tmp_path, 4, bot, "stratego:time=200", "blue wins (no-moves)")
    record(tmp_path, 5, "stratego-v1:time=100", bot, "red wins (flag)")  # another agent: not counted
    lines = results(tmp_path)
    assert lines[0] == "stratego: 2-1-1 over 4, 62.5%, Elo +89 +- 352"
    assert lines[1] == "without the opponent's forfeits: 1-1-1 over 3, 50.0%, Elo +0 +- 393"
    assert lines[2] == "ended: draw (ply-limit) 1; loss (flag) 1; opponent's forfeit 1; win (no-moves) 1"


def test_a_missing_folder_is_one_line(tmp_path):
    run = subprocess.run([sys.executable, str(TOOL), str(tmp_path / "nope")], capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stderr.strip() == f"stratego_results: no such folder {tmp_path / 'nope'}"


def test_paired_runs_are_compared_setup_by_setup(tmp_path):
    ours, theirs, other = tmp_path / "ours", tmp_path / "theirs", tmp_path / "other"
    for folder in (ours, theirs, other):
        folder.mkdir()
    second = START[:5] + START[6] + START[5] + START[7:]  # another setup: two of Red's pieces swapped
    third = START[:8] + START[9] + START[8] + START[10:]
    agent, bot = "stratego-belief:time=100", "stratego:time=100"
    write_record(ours, 1, agent, bot, START, "red wins (flag)")
    write_record(ours, 2, bot, agent, second, "draw (ply-limit)")
    write_record(ours, 3, agent, bot, third, "blue wins (flag)")  # not played by the other run
    write_record(theirs, 1, agent, bot, START, "blue wins (no-moves)")
    write_record(theirs, 2, bot, agent, second, "draw (ply-limit)")
    write_record(theirs, 3, bot, agent, START, "blue wins (flag)")  # the same setup, the other colour: not paired
    lines = results(ours, "--agent", "stratego-belief", "--paired", theirs)
    assert lines[-1] == "paired on 2 setups: 1.5 points against 0.5; better on 1, worse on 0; +0.500 +- 0.500 a game"
    write_record(other, 1, bot, agent, third, "red wins (flag)")  # the agent's setup of game 3 with the other colour
    lines = results(ours, "--agent", "stratego-belief", "--paired", other)
    assert lines[-1] == f"paired: no setup of {ours} in {other}"
