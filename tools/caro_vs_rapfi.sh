#!/bin/bash
# caro_vs_rapfi.sh PLY RAPFI SEED [RULE...]: issue 16's measurement, ply against Rapfi's Gomocup
# brain (pbrain-rapfi built from dhbloo/rapfi's Rapfi/ with cmake in Release mode, no config file
# beside it: its classical evaluation, one thread), 1 s a turn, 40 games in colour-swapped pairs
# from the balanced openings (dealt in an order the seed picks), 15×15, one match per rule
# (default freestyle). Environment: GAMES
# (40), MOVETIME (1000 ms), CONCURRENCY (2), OUT (a path prefix: each rule's games are written
# to PREFIX-RULE.games, for tools/caro_label.py or a study of the losses). The summary gives
# W/D/L, Elo with its interval, the pairs by points and each brain's time per move.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 PLY PBRAIN_RAPFI SEED [RULE...]" >&2
  exit 2
fi
ply=$(realpath "$1"); rapfi=$(realpath "$2"); seed=$3; shift 3
[ $# -eq 0 ] && set -- freestyle
cd "$(dirname "$0")/.."
for rule in "$@"; do
  echo "== $rule"
  out=()
  [ -n "${OUT:-}" ] && out=(--out "$OUT-$rule.games")
  "$ply" match caro --size 15 --rule "$rule" \
    --a "gomocup:cmd=$ply gomocup,name=ply" \
    --b "gomocup:cmd=$rapfi,name=rapfi" \
    --movetime "${MOVETIME:-1000}" --games "${GAMES:-40}" --concurrency "${CONCURRENCY:-2}" \
    --openings "openings/caro-$rule-15.txt" --seed "$seed" "${out[@]}"
done
