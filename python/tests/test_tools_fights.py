"""tools/stratego_fights.py replays an agent's arena records with the true ranks: the material each kind of fight won
or lost it, and how its Marshal went."""
import re

from conftest import tool_lines, write_record

# Red's Marshal on e4, Blue's Spy on e7.
START = "GDBMBDFFIEDBDBCBEEIEFKDIDGFJDDBHGHLHHEJGAA__AA__AAAA__AA__AANVXUORSSPPSRWUQPQPRUNNPPTTTTQVYNQSNPRPNQ r"


def fights(*args):
    return tool_lines("stratego_fights.py", *args)


def record(folder, n, red, blue, moves, result):
    write_record(folder, n, red, blue, START, result, moves)


def test_the_marshal_taken_by_the_spy_and_the_material(tmp_path):
    # Red's Marshal walks up to Blue's Spy, which takes it; in the second game Red's Marshal takes the Spy.
    record(tmp_path, 1, "stratego-belief:time=100", "stratego:time=100",
           ["e4-e5", "e7-e6", "j4-j5", "e6xe5 {Sx10}"], "blue wins (flag)")
    record(tmp_path, 2, "stratego:time=100", "stratego-belief:time=100",
           ["e4-e5", "e7-e6", "e5xe6 {10xS}"], "red wins (flag)")
    lines = fights(tmp_path, "--agent", "stratego-belief")
    assert lines[0] == "2 games of stratego-belief; material won (+) or lost (-) by kind of fight"
    # Its Marshal (400) went to a moved Spy's attack; the enemy's moved Spy (60) to its Marshal's.
    def kind(words, net):
        return any(re.fullmatch(rf"\s+{words}\s+1 fights\s+{net}\s+\({net / 2:.1f} a game\)", line) for line in lines)

    assert kind("enemy attacks a moved piece with another piece", -400), lines
    assert kind("enemy attacks a moved piece with a top piece", -60), lines
    marshal = lines[lines.index("stratego-belief's Marshal, and the games' results (W-D-L)") + 1:]
    assert [line.split() for line in marshal] == [["taken", "by", "the", "Spy", "1", "games", "0-0-1"],
                                                  ["alive", "at", "the", "end", "1", "games", "0-0-1"]]
    theirs = fights(tmp_path, "--agent", "stratego")
    marshal = theirs[theirs.index("stratego's Marshal, and the games' results (W-D-L)") + 1:]
    assert [line.split() for line in marshal] == [["alive", "at", "the", "end", "2", "games", "2-0-0"]]
