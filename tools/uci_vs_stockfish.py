#!/usr/bin/env python3
"""Plays `ply uci` against Stockfish through python-chess's engine module.

This checks that ply works as a UCI engine under a standard client (python-chess parses
every `info` and `bestmove`, and refuses illegal moves) and measures its strength against
Stockfish limited with UCI_LimitStrength / UCI_Elo. Games are paired (each opening played
with both colours), one game at a time, with a real clock: a side whose clock runs out
loses on time.

    python3 tools/uci_vs_stockfish.py --ply target/release/ply --elo 2000 \
        --pairs 10 --base 10 --inc 0.1 --pgn games.pgn

It prints one line per game and a summary: W/D/L from ply's view, score, Elo difference
with a 95% interval, time losses and illegal moves.
"""

import argparse
import math
import random
import sys
import time

import chess
import chess.engine
import chess.pgn


def elo_interval(wins, draws, losses):
    games = wins + draws + losses
    if games == 0:
        return None
    score = (wins + 0.5 * draws) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
    margin = 1.96 * math.sqrt(variance / games)

    def to_elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)

    return to_elo(score), to_elo(score - margin), to_elo(score + margin), score


def random_opening(rng, plies):
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def play_game(ply, stockfish, opening, ply_white, base, inc):
    board = opening.copy()
    clocks = {chess.WHITE: base, chess.BLACK: base}
    engines = {chess.WHITE: ply if ply_white else stockfish,
               chess.BLACK: stockfish if ply_white else ply}
    termination = None
    while not board.is_game_over(claim_draw=True):
        side = board.turn
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        try:
            result = engines[side].play(board, limit)
        except chess.engine.EngineError as error:  # an illegal move or a protocol error
            termination = f"error from {'ply' if engines[side] is ply else 'stockfish'}: {error}"
            return (0 if engines[side] is ply else 1), termination, board, True
        spent = time.monotonic() - start
        clocks[side] -= spent
        if clocks[side] < 0:
            loser_is_ply = engines[side] is ply
            return (0 if loser_is_ply else 1), ("ply" if loser_is_ply else "stockfish") + " lost on time", board, False
        clocks[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            loser_is_ply = engines[side] is ply
            return (0 if loser_is_ply else 1), f"illegal move {result.move}", board, True
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome.winner is None:
        return 0.5, outcome.termination.name.lower(), board, False
    ply_won = (outcome.winner == chess.WHITE) == ply_white
    return (1 if ply_won else 0), outcome.termination.name.lower(), board, False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ply", default="target/release/ply")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--elo", type=int, default=2000)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--base", type=float, default=10.0)
    parser.add_argument("--inc", type=float, default=0.1)
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pgn", default=None)
    parser.add_argument("--sf-overhead", type=int, default=100, help="Stockfish's Move Overhead in ms")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    ply = chess.engine.SimpleEngine.popen_uci([args.ply, "uci"])
    ply.configure({"Hash": 16, "Threads": 1})
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    # Stockfish's default 10 ms overhead is too little on a loaded machine: it then loses on
    # time, which would flatter ply. Give it room.
    stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": 1, "Hash": 16,
                         "Move Overhead": args.sf_overhead})
    # A quick analysis checks info parsing: depth, score, pv.
    info = ply.analyse(chess.Board(), chess.engine.Limit(depth=8))
    assert info.get("depth") == 8 and "score" in info and info.get("pv"), info
    print(f"ply analysis of the start: depth {info['depth']} score {info['score'].white()} pv {board_line(info['pv'])}")

    wins = draws = losses = time_losses = illegal = 0
    pgn = open(args.pgn, "a") if args.pgn else None
    for pair in range(args.pairs):
        opening = random_opening(rng, args.opening_plies)
        for ply_white in (True, False):
            points, termination, board, was_illegal = play_game(ply, stockfish, opening, ply_white, args.base, args.inc)
            if points == 1:
                wins += 1
            elif points == 0:
                losses += 1
            else:
                draws += 1
            if "ply lost on time" in termination:
                time_losses += 1
            if was_illegal:
                illegal += 1
            game_number = 2 * pair + (1 if ply_white else 2)
            colour = "white" if ply_white else "black"
            print(f"game {game_number}: ply ({colour}) scores {points} ({termination}, {len(board.move_stack)} plies)"
                  f"  running W/D/L {wins}/{draws}/{losses}", flush=True)
            if pgn:
                game = chess.pgn.Game.from_board(board)
                game.headers["White"] = "ply" if ply_white else f"stockfish {args.elo}"
                game.headers["Black"] = f"stockfish {args.elo}" if ply_white else "ply"
                game.headers["Termination"] = termination
                game.headers["TimeControl"] = f"{args.base}+{args.inc}"
                print(game, file=pgn, end="\n\n", flush=True)
    ply.quit()
    stockfish.quit()
    estimate = elo_interval(wins, draws, losses)
    if estimate:
        elo, low, high, score = estimate
        print(f"ply vs stockfish UCI_Elo {args.elo}: W/D/L {wins}/{draws}/{losses}, score {score:.3f}, "
              f"Elo difference {elo:+.0f} (95% {low:+.0f} .. {high:+.0f}); ply time losses {time_losses}, "
              f"illegal moves {illegal}")
    return 0


def board_line(moves):
    return " ".join(move.uci() for move in moves)


if __name__ == "__main__":
    sys.exit(main())
