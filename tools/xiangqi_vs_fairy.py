#!/usr/bin/env python3
"""Paired xiangqi games between `ply ucci` and Fairy-Stockfish (UCI) at equal time, with
pyffish as referee (legality, mate, stalemate, perpetual check/chase, 60-move rule).

ply speaks UCCI with ranks 0-9; Fairy-Stockfish and pyffish use ranks 1-10: moves are
converted at the boundary. Usage:
  tools/xiangqi_vs_fairy.py --ply target/release/ply --pairs 10 --base 10 --inc 0.1
"""
import argparse
import re
import subprocess
import time

import pyffish as sf

VARIANT = "xiangqi"
# Two-ply openings: common first moves with common replies (ICCS, ranks 0-9).
OPENINGS = [
    "h2e2 h9g7", "h2e2 b7e7", "b0c2 h9g7", "c3c4 h9g7", "g0e2 h9g7",
    "h0g2 b9c7", "h2f2 h9g7", "c3c4 c6c5", "b2d2 b9c7", "h2e2 c6c5",
    "g3g4 h9g7", "b2e2 b9c7", "h0g2 g6g5", "c0e2 c6c5", "b0a2 h9g7",
]


def to_fsf(move):
    return move[0] + str(int(move[1:-2]) + 1) + move[-2] + str(int(move[-1]) + 1)


def to_iccs(move):
    match = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    return f"{match[1]}{int(match[2]) - 1}{match[3]}{int(match[4]) - 1}"


class Engine:
    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine died")
            if line.startswith(prefix):
                return line.strip()

    def wait_for_any(self, prefixes):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine died")
            if line.startswith(prefixes):
                return line.strip()

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


class Ply(Engine):
    def __init__(self, path, hash_mib):
        super().__init__([path, "ucci"])
        self.send("ucci")
        self.wait_for("ucciok")
        self.send("setoption usemillisec true")
        self.send(f"setoption hashsize {hash_mib}")

    def new_game(self):
        self.send("setoption newgame")

    def best(self, start_fen, moves, my_ms, opp_ms, inc_ms):
        line = f"position fen {start_fen}"
        if moves:
            line += " moves " + " ".join(moves)
        self.send(line)
        self.send(f"go time {my_ms} increment {inc_ms} opptime {opp_ms}")
        reply = self.wait_for_any(("bestmove", "nobestmove"))
        return reply.split()[1] if reply.startswith("bestmove") else "(none)"


class Fairy(Engine):
    def __init__(self, path, hash_mib):
        super().__init__([path])
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {VARIANT}")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mib}")
        self.send("isready")
        self.wait_for("readyok")

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def best(self, start_fen, moves, my_ms, opp_ms, inc_ms, red_to_move):
        line = f"position fen {start_fen}"
        if moves:
            line += " moves " + " ".join(to_fsf(m) for m in moves)
        self.send(line)
        wtime, btime = (my_ms, opp_ms) if red_to_move else (opp_ms, my_ms)
        self.send(f"go wtime {wtime} btime {btime} winc {inc_ms} binc {inc_ms}")
        return to_iccs(self.wait_for("bestmove").split()[1])


def play(ply, fairy, opening, ply_is_red, base_ms, inc_ms, max_plies, grace_ms):
    start = sf.start_fen(VARIANT)
    moves = opening.split()
    clocks = {True: base_ms, False: base_ms}  # keyed by "is ply"
    ply.new_game()
    fairy.new_game()
    while True:
        fsf_moves = [to_fsf(m) for m in moves]
        legal = sf.legal_moves(VARIANT, start, fsf_moves)
        red_to_move = len(moves) % 2 == 0
        if not legal:
            result = sf.game_result(VARIANT, start, fsf_moves)  # for the side to move
            return side_result(result, red_to_move, ply_is_red), "no legal move", moves
        ended, result = sf.is_optional_game_end(VARIANT, start, fsf_moves)
        if ended:
            return side_result(result, red_to_move, ply_is_red), "rule (repetition or 60 moves)", moves
        if len(moves) >= max_plies:
            return 0.5, "adjudicated draw at the ply limit", moves
        ply_turn = red_to_move == ply_is_red
        t0 = time.time()
        if ply_turn:
            move = ply.best(start, moves, clocks[True], clocks[False], inc_ms)
        else:
            move = fairy.best(start, moves, clocks[False], clocks[True], inc_ms, red_to_move)
        spent = int((time.time() - t0) * 1000)
        clocks[ply_turn] += inc_ms - spent
        if clocks[ply_turn] < -grace_ms:
            return (0.0 if ply_turn else 1.0), "time forfeit", moves
        if move == "(none)" or to_fsf(move) not in legal:
            return (0.0 if ply_turn else 1.0), f"illegal move {move}", moves
        moves.append(move)


def side_result(result, red_to_move, ply_is_red):
    # pyffish: positive = win for the side to move.
    mover_is_ply = red_to_move == ply_is_red
    if result == 0:
        return 0.5
    mover_wins = result > 0
    return 1.0 if mover_wins == mover_is_ply else 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--base", type=float, default=10.0, help="seconds per game")
    parser.add_argument("--inc", type=float, default=0.1, help="seconds per move")
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--moves", action="store_true", help="print each game's moves")
    parser.add_argument("--grace-ms", type=int, default=1000,
                        help="lag allowed past zero before a time forfeit (busy machines)")
    parser.add_argument("--first-pair", type=int, default=0, help="opening index to start at")
    args = parser.parse_args()
    ply, fairy = Ply(args.ply, args.hash), Fairy(args.fairy, args.hash)
    score, wins, draws, losses = 0.0, 0, 0, 0
    for pair in range(args.pairs):
        opening = OPENINGS[(pair + args.first_pair) % len(OPENINGS)]
        for ply_is_red in (True, False):
            points, reason, moves = play(ply, fairy, opening, ply_is_red,
                                         int(args.base * 1000), int(args.inc * 1000),
                                         args.max_plies, args.grace_ms)
            score += points
            wins += points == 1.0
            draws += points == 0.5
            losses += points == 0.0
            colour = "red" if ply_is_red else "black"
            print(f"game {2 * pair + (0 if ply_is_red else 1) + 1}: ply {colour}, opening "
                  f"'{opening}': {points} ({reason}, {len(moves)} plies)", flush=True)
            if args.moves:
                print("  moves: " + " ".join(moves), flush=True)
    games = wins + draws + losses
    print(f"ply vs fairy-stockfish: +{wins} ={draws} -{losses}, score {score}/{games} "
          f"({100 * score / games:.1f}%)")
    ply.quit()
    fairy.quit()


if __name__ == "__main__":
    main()
