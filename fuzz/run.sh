#!/usr/bin/env bash
# Runs every fuzz target for a fixed time (default 300 s each) with
# cargo-fuzz, installing it when missing. Uses the nightly toolchain when
# rustup has one, else the stable compiler with RUSTC_BOOTSTRAP=1 (cargo-fuzz
# needs nightly-only flags such as -Zsanitizer).
#
#     fuzz/run.sh                        # 5 minutes per target
#     fuzz/run.sh 30                     # 30 seconds per target
#     fuzz/run.sh 300 judge_bomb         # only the targets named
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-300}
shift || true
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --quiet
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  fuzz=(cargo +nightly fuzz)
else
  export RUSTC_BOOTSTRAP=1
  fuzz=(cargo fuzz)
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <("${fuzz[@]}" list)
for target in "${targets[@]}"; do
  echo "== $target ($seconds s)"
  "${fuzz[@]}" run "$target" -- -max_total_time="$seconds" -print_final_stats=1 2>&1 \
    | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)|SUMMARY|panicked' || true
  echo "corpus: $(ls corpus/"$target" 2>/dev/null | wc -l) inputs"
done
