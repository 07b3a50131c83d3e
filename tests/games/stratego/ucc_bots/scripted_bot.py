#!/usr/bin/env python3
"""A tiny UCC 2012 Stratego bot for the arena tests (never a player of note).

Usage: scripted_bot.py MODE [SEED] [LOG]
  play       a fixed setup, then a random move of a piece that looks free to go one square
  garbage    a fixed setup, then an unreadable answer
  illegal    a fixed setup, then its Flag moves
  sleep      a fixed setup, then no answer at all
  crash      a fixed setup, then it exits at its first move
  badsetup   a setup with one Scout too many and no Spy
Every line it receives is appended to LOG when one is given.
"""
import random
import sys
import time

# Back row first: a whole classic army in the protocol's characters (1 = Marshal, s = Spy).
ROWS = ["FB888B7777", "BB886666BB", "555544433s", "9999999912"]

mode = sys.argv[1]
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
log = open(sys.argv[3], "a") if len(sys.argv) > 3 else None


def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    if log:
        log.write(line)
        log.flush()
    return line.strip()


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


colour = read().split()[0]
rows = ROWS if colour == "RED" else list(reversed(ROWS))  # Blue lists its front row first
if mode == "badsetup":
    rows = [r.replace("s", "9") for r in rows]
for r in rows:
    say(r)

while True:
    report = read()
    if report.startswith("QUIT"):
        sys.exit(0)
    board = [read() for _ in range(10)]
    if mode == "garbage":
        say("hello there")
        continue
    if mode == "sleep":
        time.sleep(3600)
    if mode == "crash":
        sys.exit(3)
    if mode == "illegal":
        y = next(i for i, line in enumerate(board) if "F" in line)
        say("%d %d %s" % (board[y].index("F"), y, "DOWN" if colour == "RED" else "UP"))
        continue
    moves = []
    for y, line in enumerate(board):
        for x, c in enumerate(line):
            if c in ".#+BF":
                continue
            for name, dx, dy in (("UP", 0, -1), ("DOWN", 0, 1), ("LEFT", -1, 0), ("RIGHT", 1, 0)):
                tx, ty = x + dx, y + dy
                if 0 <= tx < 10 and 0 <= ty < 10 and board[ty][tx] in ".#":
                    moves.append("%d %d %s" % (x, y, name))
    say(rng.choice(moves) if moves else "SURRENDER")
    echo = read()  # our move confirmed, with its outcome
    if echo.startswith("QUIT"):
        sys.exit(0)
