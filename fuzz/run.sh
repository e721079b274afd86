#!/usr/bin/env bash
# Runs every fuzz target for a bounded time (seconds, default 20) from the committed seed
# corpus. A crash fails the run and leaves its input under fuzz/artifacts/<target>/: turn it
# into a regression test beside the parser it broke.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-20}
export RUSTC_BOOTSTRAP=1   # cargo-fuzz's sanitizer flags on the stable toolchain
targets=$(cargo fuzz list)
cargo fuzz build --release
for target in $targets; do
  work=$(mktemp -d)
  if [ -d "corpus/$target" ]; then cp -r "corpus/$target/." "$work/"; fi
  echo "== fuzz $target for ${seconds}s"
  cargo fuzz run --release "$target" "$work" -- -max_total_time="$seconds" -rss_limit_mb=2048 2>&1 | grep -E "^(Done|==|SUMMARY|thread)|panicked|ERROR" || true
  rm -rf "$work"
  if ls "artifacts/$target"/crash-* >/dev/null 2>&1; then
    echo "fuzz target $target crashed; inputs in fuzz/artifacts/$target" >&2
    exit 1
  fi
done
