#!/usr/bin/env python3
"""Labels caro positions with a Gomocup brain's verdict, for `caro_texel --targets`.

Reads games written by `ply match caro --size 15 --out FILE`, asks the brain (Rapfi's
pbrain-rapfi: it prints `MESSAGE ... Eval V ...`) to search every EVERY-th position from ply 6
on with a node limit (Yixin's `INFO MAX_NODE`), and prints one line per position: the moves,
a tab, the brain's value for the side to move (`+M5` for a win in five), a tab, and that
value as a win rate (sigmoid(value / 200), Rapfi's own scale; 1 or 0 for a mate).

    python3 tools/caro_label.py /path/to/pbrain-rapfi games.txt > labels.tsv
    python3 tools/caro_label.py --reverse /path/to/pbrain-rapfi games.txt > more.tsv
    python3 tools/caro_label.py --offset 2 /path/to/pbrain-rapfi games.txt > others.tsv

`--offset K` takes the positions whose ply plus game number leaves K over EVERY (default 0),
so runs with different offsets label disjoint positions of the same games.
"""

import argparse
import math
import re
import subprocess
import sys
import time

SKIP_PLIES = 6
SCALE = 200.0


def games(path, reverse):
    """The move lists of the games in a `ply match --out` file."""
    records = [r for r in open(path, encoding="utf-8").read().split("\n\n") if r.strip()]
    if reverse:
        records.reverse()
    for record in records:
        lines = [l for l in record.splitlines() if l.strip() and not l.startswith("[")]
        if lines:
            yield " ".join(lines).split()


class Brain:
    """A Gomocup brain on a 15×15 freestyle board with a node limit."""

    def __init__(self, command, nodes):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("START 15")
        self.expect_ok()
        for option in ("rule 0", "timeout_match 0", "timeout_turn 600000", f"MAX_NODE {nodes}"):
            self.send("INFO " + option)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self):
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("the brain ended")
        return line.strip()

    def expect_ok(self):
        while (line := self.read()) != "OK":
            if line.startswith("ERROR"):
                raise SystemExit("brain: " + line)

    def value(self, moves):
        """The brain's value of the position after `moves` for the side to move."""
        self.send("BOARD")
        for index, move in enumerate(moves):
            x, y = ord(move[0]) - ord("a"), 15 - int(move[1:])
            own = (len(moves) - index) % 2 == 0
            self.send(f"{x},{y},{1 if own else 2}")
        self.send("DONE")
        value = None
        while True:
            line = self.read()
            if line.startswith("ERROR") or "Unknown" in line:
                raise SystemExit("brain: " + line)
            found = re.search(r"Eval (\S+)", line)
            if found:
                value = found.group(1)
            if re.fullmatch(r"\d+,\d+", line):
                break
        # Rapfi drops a command that comes the instant after its move.
        time.sleep(0.03)
        self.send("RESTART")
        self.expect_ok()
        return value

    def close(self):
        self.send("END")
        self.process.wait(timeout=10)


def win_rate(value):
    if "M" in value:
        return 0.0 if value.startswith("-") else 1.0
    return 1.0 / (1.0 + math.exp(-int(value) / SCALE))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("brain")
    parser.add_argument("games")
    parser.add_argument("--nodes", type=int, default=50_000)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--offset", type=int, default=0, help="which of every EVERY positions")
    parser.add_argument("--reverse", action="store_true", help="the games from the last")
    args = parser.parse_args()
    brain = Brain(args.brain, args.nodes)
    for number, moves in enumerate(games(args.games, args.reverse), start=1):
        for plies in range(SKIP_PLIES, len(moves) - 1):
            if (plies + number) % args.every != args.offset % args.every:
                continue
            value = brain.value(moves[:plies])
            if value is not None:
                print(f"{' '.join(moves[:plies])}\t{value}\t{win_rate(value):.4f}", flush=True)
    brain.close()


if __name__ == "__main__":
    sys.exit(main())
