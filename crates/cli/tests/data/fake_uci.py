#!/usr/bin/env python3
"""A deliberately simple UCI "engine" for tic-tac-toe, used to test ply's match runner.

It plays the first empty cell in reading order. Options change its manners:
  Delay   milliseconds to wait before answering (to lose on time),
  Illegal "true" to answer an occupied cell (to lose by an illegal move).
"""
import sys
import time

NAMES = ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
delay_ms = 0
illegal = False
occupied = set()

def read_board(rows):
    cells = []
    for row in rows.split("/"):
        for ch in row:
            if ch.isdigit():
                cells.extend(["."] * int(ch))
            else:
                cells.append(ch)
    return {NAMES[i] for i, c in enumerate(cells) if c in "xo"}

for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command == "uci":
        print("id name FakeTicTacToe")
        print("option name Delay type spin default 0 min 0 max 100000")
        print("option name Illegal type check default false")
        print("uciok", flush=True)
    elif command == "setoption" and len(words) >= 5:
        name, value = words[2], words[4]
        if name == "Delay":
            delay_ms = int(value)
        elif name == "Illegal":
            illegal = value == "true"
    elif command == "isready":
        print("readyok", flush=True)
    elif command == "position" and len(words) >= 3 and words[1] == "fen":
        occupied = read_board(words[2])
        if "moves" in words:
            occupied |= set(words[words.index("moves") + 1:])
    elif command == "go":
        time.sleep(delay_ms / 1000)
        if illegal and occupied:
            choice = sorted(occupied)[0]
        else:
            choice = next((n for n in NAMES if n not in occupied), "(none)")
        print(f"bestmove {choice}", flush=True)
    elif command == "quit":
        break
