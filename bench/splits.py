#!/usr/bin/env python3
"""Time the winning moves of one large heap of a code that splits in three.

For hexadecimal codes whose values (and misère quotients) have a proven
period, runs

    echo 'N 1' | grundy solve CODE [--misere] --format json

for heaps N from 10^4 to 10^18, and prints each run's seconds and the
`winning_move_count` it printed (or that it was refused, or stopped at the
time limit). With --against BIN, the same runs of another build are taken
in turns with this one's (one interleaved run, --rounds times), and the
counts of the two compared where both answered.

    python3 bench/splits.py
    python3 bench/splits.py --against /tmp/old/grundy --rounds 2
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")

CODES = ["0.F", "0.F1", "0.A3", "4.C"]
HEAPS = [10**4, 10**5, 10**6, 10**12, 10**18]


def run(binary, code, heap, misere, limit, cache):
    args = [binary, "solve", f"octal:{code}", "--format", "json"]
    if misere:
        args.append("--misere")
    env = dict(os.environ, GRUNDY_CACHE_DIR=cache)
    start = time.monotonic()
    try:
        done = subprocess.run(args, input=f"{heap} 1\n", capture_output=True, text=True,
                              timeout=limit, env=env)
    except subprocess.TimeoutExpired:
        return limit, f"> {limit:g} s"
    seconds = time.monotonic() - start
    if done.returncode != 0:
        return seconds, "refused"
    answer = json.loads(done.stdout.splitlines()[0])
    return seconds, answer.get("winning_move_count")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="another build of grundy, timed in turns")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--limit", type=float, default=30.0, help="seconds a run may take")
    args = parser.parse_args()
    builds = [("this", GRUNDY)] + ([("other", args.against)] if args.against else [])
    with tempfile.TemporaryDirectory() as cache:
        print("| code | play | heap | " + " | ".join(f"{name} s, count" for name, _ in builds) + " |")
        print("|---|---|---|" + "---|" * len(builds))
        for misere in (False, True):
            for code in CODES:
                for heap in HEAPS:
                    cells = {name: [] for name, _ in builds}
                    for _ in range(args.rounds):
                        for name, binary in builds:
                            cells[name].append(run(binary, code, heap, misere, args.limit, cache))
                    answers = {name: {c for _, c in runs} for name, runs in cells.items()}
                    counted = [a for a in answers.values() if all(c and c[0].isdigit() for c in a)]
                    if len(counted) > 1 and len({frozenset(a) for a in counted}) > 1:
                        print(f"counts differ: {code} {heap}: {answers}", file=sys.stderr)
                        sys.exit(1)
                    row = [
                        ", ".join(f"{s:.3f}" for s, _ in runs) + f"; {runs[0][1]}"
                        for runs in cells.values()
                    ]
                    play = "misère" if misere else "normal"
                    print(f"| {code} | {play} | {heap:.0e} | " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
