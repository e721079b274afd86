#!/usr/bin/env bash
# Runs every fuzz target (or those named after the seconds) for a bounded time each
# (seconds, default 20) from the committed seed corpus, with fuzz/dict/<target>.dict when
# there is one. One build serves every target: release code with debug assertions and
# overflow checks on, and no sanitizer (the code under test is safe Rust: a panic is the
# bug we look for, and an uninstrumented build runs several times faster). A crash fails
# the run and leaves its input under fuzz/artifacts/<target>/: turn it into a regression
# test beside the parser it broke. Prints libFuzzer's "Done N runs in S second(s)" per target.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-20}
shift || true
export RUSTC_BOOTSTRAP=1   # cargo-fuzz's instrumentation flags on the stable toolchain
flags=(--release --debug-assertions --sanitizer none)
targets=${*:-$(cargo fuzz list)}
cargo fuzz build "${flags[@]}"
for target in $targets; do
  work=$(mktemp -d)
  touch "$work/started"
  mkdir -p "$work/corpus" "$work/tmp"
  if [ -d "corpus/$target" ]; then cp -r "corpus/$target/." "$work/corpus/"; fi
  dict=()
  if [ -f "dict/$target.dict" ]; then dict=("-dict=dict/$target.dict"); fi
  echo "== fuzz $target for ${seconds}s"
  TMPDIR="$work/tmp" cargo fuzz run "${flags[@]}" "$target" "$work/corpus" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 "${dict[@]}" 2>&1 \
    | grep -E "^(Done|==|SUMMARY|thread)|panicked|ERROR|Test unit written" || true
  found=$(find "artifacts/$target" -type f -newer "$work/started" 2>/dev/null | head -5)
  rm -rf "$work"
  if [ -n "$found" ]; then
    echo "fuzz target $target failed (crash, hang or out of memory); inputs:" >&2
    echo "$found" >&2
    exit 1
  fi
done
