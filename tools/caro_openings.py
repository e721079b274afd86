#!/usr/bin/env python3
"""Balanced caro openings: random few-stone starts near the centre, kept when a strong
engine (any Gomocup brain, e.g. Rapfi) judges them close to even for the side to move.

One opening per line, as ply's cell names from Black's first stone (`h8 i9 g7`), the
format `ply match --openings FILE` reads. Paired games from such starts tell engines
apart with far fewer games than random starts, where the first mover wins nearly every
game. Usage:
  tools/caro_openings.py --brain /work/rapfi/pbrain-rapfi --rule freestyle --count 100 \\
      --out crates/cli/openings/caro-freestyle-15.txt
"""
import argparse
import random
import re
import subprocess
import sys
import time

RULES = {"freestyle": 0, "standard": 1, "renju": 4}
LETTERS = "abcdefghijklmnopqrstuvwxy"


def cell_name(size, x, y):
    """Gomocup x (column) and y (row from the top) as ply's cell name."""
    return f"{LETTERS[x]}{size - y}"


class Brain:
    """A Gomocup brain kept running between positions."""

    def __init__(self, command):
        self.process = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self):
        """Reads up to the brain's answer; returns (answer, last MESSAGE lines seen)."""
        messages = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("the brain stopped")
            line = line.strip()
            if line.startswith("MESSAGE") or line.startswith("DEBUG"):
                messages.append(line)
                continue
            return line, messages

    def judge(self, size, rule, stones, movetime):
        """The brain's evaluation for the side to move (`stones` alternate from Black):
        a number, or +/-inf for a win found."""
        self.send(f"START {size}")
        self.answer()
        self.send(f"INFO rule {RULES[rule]}")
        self.send(f"INFO timeout_turn {movetime}")
        self.send("INFO timeout_match 0")
        self.send("BOARD")
        to_move = len(stones) % 2
        for index, (x, y) in enumerate(stones):
            own = 1 if index % 2 == to_move else 2
            self.send(f"{x},{y},{own}")
        self.send("DONE")
        _, messages = self.answer()
        # A brain may miss a command sent just after its move: pause as a person would.
        time.sleep(0.05)
        evaluation = None
        for message in messages:
            found = re.search(r"Eval ([+-]?M?-?\d+)", message)
            if found:
                evaluation = found.group(1)
        if evaluation is None:
            return None
        if "M" in evaluation:
            return float("-inf") if evaluation.startswith("-") else float("inf")
        return int(evaluation)

    def close(self):
        self.send("END")
        self.process.wait(timeout=5)


def random_start(rng, size, stones, radius):
    """`stones` alternating stones, each within two cells of one before it and within
    `radius` of the centre, Black's first on the centre."""
    centre = size // 2
    placed = [(centre, centre)]
    while len(placed) < stones:
        x0, y0 = rng.choice(placed)
        x, y = x0 + rng.randint(-2, 2), y0 + rng.randint(-2, 2)
        if max(abs(x - centre), abs(y - centre)) > radius or (x, y) in placed:
            continue
        placed.append((x, y))
    return placed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brain", required=True, help="a Gomocup brain that prints 'Eval N'")
    parser.add_argument("--rule", default="freestyle", choices=sorted(RULES))
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--count", type=int, default=100, help="openings to keep")
    parser.add_argument("--stones", default="3-5", help="stones per opening, e.g. 3-5")
    parser.add_argument("--radius", type=int, default=3, help="largest distance from the centre")
    parser.add_argument("--movetime", type=int, default=400, help="the brain's ms per position")
    parser.add_argument("--balance", type=int, default=60, help="largest |evaluation| kept")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    low, high = map(int, args.stones.split("-"))
    rng = random.Random(args.seed)
    brain = Brain(args.brain)
    kept, tried, seen = [], 0, set()
    while len(kept) < args.count:
        tried += 1
        stones = random_start(rng, args.size, rng.randint(low, high), args.radius)
        key = tuple(stones)
        if key in seen:
            continue
        seen.add(key)
        evaluation = brain.judge(args.size, args.rule, stones, args.movetime)
        if evaluation is None or abs(evaluation) > args.balance:
            continue
        kept.append(" ".join(cell_name(args.size, x, y) for x, y in stones))
        print(f"{len(kept)}/{tried}: {kept[-1]} ({evaluation:+})", file=sys.stderr)
    brain.close()
    with open(args.out, "w") as out:
        out.write(
            f"# {args.count} balanced {args.size}x{args.size} {args.rule} openings: "
            f"|evaluation| <= {args.balance} for the side to move after {args.movetime} ms "
            f"of {args.brain.split('/')[-1]} (tools/caro_openings.py, seed {args.seed}); "
            f"{tried} random starts tried\n"
        )
        for line in kept:
            out.write(line + "\n")


if __name__ == "__main__":
    main()
