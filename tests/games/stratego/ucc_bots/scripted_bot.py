#!/usr/bin/env python3
"""A tiny UCC 2012 Stratego bot for the arena tests (never a player of note).

Usage: scripted_bot.py MODE [SEED] [LOG]
  play       a fixed setup, then a random move of a piece that looks free to go one square
  shuffle    a fixed setup; its Scout in column 0 steps forward, then the piece behind it steps back and forth
             between the two squares for as long as it can, then as play (the UCC 2012 manager has no two-square
             rule)
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


def free_move(board):
    """A random move of a piece that looks free to go one square, or SURRENDER."""
    moves = []
    for y, line in enumerate(board):
        for x, c in enumerate(line):
            if c in ".#+BF":
                continue
            for name, dx, dy in (("UP", 0, -1), ("DOWN", 0, 1), ("LEFT", -1, 0), ("RIGHT", 1, 0)):
                tx, ty = x + dx, y + dy
                if 0 <= tx < 10 and 0 <= ty < 10 and board[ty][tx] in ".#":
                    moves.append("%d %d %s" % (x, y, name))
    return rng.choice(moves) if moves else "SURRENDER"


shuffles = 0
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
    if mode == "shuffle":
        forward = 1 if colour == "RED" else -1
        front = 3 if colour == "RED" else 6
        back = front - forward
        names = {1: "DOWN", -1: "UP"}
        if shuffles == 0:
            say("0 %d %s" % (front, names[forward]))  # the Scout opens the square ahead of the piece behind it
        elif board[back][0] not in ".#" and board[front][0] == ".":
            say("0 %d %s" % (back, names[forward]))
        elif board[front][0] not in ".#" and board[back][0] == ".":
            say("0 %d %s" % (front, names[-forward]))
        else:
            say(free_move(board))  # the piece is gone or walled in
        shuffles += 1
        echo = read()
        if echo.startswith("QUIT"):
            sys.exit(0)
        continue
    if mode == "illegal":
        y = next(i for i, line in enumerate(board) if "F" in line)
        say("%d %d %s" % (board[y].index("F"), y, "DOWN" if colour == "RED" else "UP"))
        continue
    say(free_move(board))
    echo = read()  # our move confirmed, with its outcome
    if echo.startswith("QUIT"):
        sys.exit(0)
