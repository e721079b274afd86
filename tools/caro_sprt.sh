#!/bin/bash
# caro_sprt.sh CAND BASE SEED [RULE]: an SPRT of two ply builds at caro, as every caro search or
# evaluation change is measured: 15×15, balanced openings (openings/caro-RULE-15.txt) in
# colour-swapped pairs (the seed picks the order the file's openings are dealt in: two runs
# with different seeds play different games), both over the Gomocup protocol at a fixed node
# count. CAND and BASE are paths to `ply` binaries. Environment: NODES (200000), BOUNDS
# (elo0=0,elo1=25), GAMES (2000), CONCURRENCY (2). Prints the running score per game and the
# verdict at the end.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 CAND_PLY BASE_PLY SEED [RULE]" >&2
  exit 2
fi
cand=$(realpath "$1"); base=$(realpath "$2"); seed=$3; rule=${4:-freestyle}
cd "$(dirname "$0")/.."
exec "$cand" match caro --size 15 --rule "$rule" \
  --a "gomocup:cmd=$cand gomocup,name=cand" \
  --b "gomocup:cmd=$base gomocup,name=base" \
  --nodes "${NODES:-200000}" --games "${GAMES:-2000}" --concurrency "${CONCURRENCY:-2}" \
  --openings "openings/caro-$rule-15.txt" --seed "$seed" --sprt "${BOUNDS:-elo0=0,elo1=25}"
