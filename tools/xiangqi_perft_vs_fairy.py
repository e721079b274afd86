#!/usr/bin/env python3
"""`ply perft xiangqi N` against Fairy-Stockfish's `go perft N` in the same run: each
program's wall time (median of --runs, interleaved) and the ratio. Both count leaves in
bulk at the last ply. Usage: tools/xiangqi_perft_vs_fairy.py --ply target/release/ply 5
"""
import argparse
import statistics
import subprocess
import time


def fairy(path, depth):
    proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write("setoption name UCI_Variant value xiangqi\nisready\n")
    proc.stdin.flush()
    while proc.stdout.readline().strip() != "readyok":
        pass
    start = time.perf_counter()
    proc.stdin.write(f"position startpos\ngo perft {depth}\n")
    proc.stdin.flush()
    while True:
        line = proc.stdout.readline()
        if line.startswith("Nodes searched"):
            took = time.perf_counter() - start
            leaves = int(line.split(":")[1])
            break
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    return leaves, took


def ply(path, depth):
    start = time.perf_counter()
    out = subprocess.run([path, "perft", "xiangqi", str(depth)], capture_output=True,
                         text=True, check=True).stdout
    took = time.perf_counter() - start
    leaves = int(out.strip().splitlines()[-1].split(":")[1])
    return leaves, took


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("depth", type=int, nargs="?", default=5)
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    ply_times, fairy_times = [], []
    for _ in range(args.runs):
        ply_leaves, took = ply(args.ply, args.depth)
        ply_times.append(took)
        fairy_leaves, took = fairy(args.fairy, args.depth)
        fairy_times.append(took)
        assert ply_leaves == fairy_leaves, (ply_leaves, fairy_leaves)
    p, f = statistics.median(ply_times), statistics.median(fairy_times)
    print(f"perft {args.depth}: {ply_leaves} leaves")
    print(f"ply             median {p:.2f} s ({ply_leaves / p / 1e6:.1f} M leaves/s) {ply_times}")
    print(f"fairy-stockfish median {f:.2f} s ({ply_leaves / f / 1e6:.1f} M leaves/s) {fairy_times}")
    print(f"ply is {f / p:.1f}x as fast")


if __name__ == "__main__":
    main()
