#!/usr/bin/env bash
# Runs the tests that coordinate threads, processes and time limits (the
# web API and job runner, the shared tables, the long octal runs) many
# times in a row, to show that they pass at any machine speed.
#
#   scripts/stress.sh [RUNS] [--busy]
#
# RUNS defaults to 20. With --busy, every core is kept busy by another
# process the whole time (stress-ng --cpu N when it is installed, else one
# shell busy loop per core). Prints one line per run and a closing
# "N passed, N failed" line; exits 1 if any run failed. The output of a
# failed run is kept in target/stress/.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20
busy=false
for arg in "$@"; do
  case "$arg" in
    --busy) busy=true ;;
    ''|*[!0-9]*) echo "usage: scripts/stress.sh [RUNS] [--busy]" >&2; exit 2 ;;
    *) runs=$arg ;;
  esac
done

# Build once; the runs start the test binaries themselves. Of the one test
# binary of grundy (tests/main.rs) only the module `shared` is run, and of
# grundy-cli's only `octal_long`.
binaries=()
filters=()
while read -r path filter; do
  binaries+=("$path")
  filters+=("$filter")
done < <(
  { cargo test -p grundy-web --test api --test jobs --no-run --message-format=json
    cargo test -p grundy --test suite --no-run --message-format=json
    cargo test -p grundy-cli --test suite --no-run --message-format=json
  } 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["kind"] == ["test"]:
        suite = m["target"]["name"] == "suite"
        cli = m["package_id"].rsplit("/", 1)[-1].startswith("grundy-cli#")
        print(m["executable"], ("octal_long::" if cli else "shared::") if suite else "")
'
)
[ "${#binaries[@]}" -eq 4 ] || { echo "stress: expected 4 test binaries, found ${#binaries[@]}" >&2; exit 1; }

loaders=()
stop_loaders() {
  [ "${#loaders[@]}" -eq 0 ] || kill "${loaders[@]}" 2>/dev/null || true
}
trap stop_loaders EXIT
if $busy; then
  cores=$(nproc)
  if command -v stress-ng >/dev/null; then
    stress-ng --cpu "$cores" --quiet &
    loaders+=($!)
  else
    for _ in $(seq "$cores"); do
      bash -c 'while :; do :; done' &
      loaders+=($!)
    done
  fi
  echo "== $runs runs with $cores cores kept busy"
else
  echo "== $runs runs"
fi

mkdir -p target/stress
passed=0
failed=0
for run in $(seq "$runs"); do
  log="target/stress/run-$run.log"
  start=$(date +%s.%N)
  ok=true
  for i in "${!binaries[@]}"; do
    # The octal tests find the grundy binary next to their own directory.
    filter=()
    [ -z "${filters[$i]}" ] || filter=("${filters[$i]}")
    if ! "${binaries[$i]}" "${filter[@]}" >>"$log" 2>&1; then
      ok=false
    fi
  done
  took=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$start" "$(date +%s.%N)")
  if $ok; then
    passed=$((passed + 1))
    rm -f "$log"
    echo "run $run: passed (${took} s)"
  else
    failed=$((failed + 1))
    echo "run $run: FAILED (${took} s), see $log"
  fi
done
echo "stress: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
