#!/usr/bin/env python3
"""Time the misère search of sums with heaps past a partial quotient's reach.

Dawson's Kayles (0.07) has no proven misère quotient; its partial quotient
Q₃₃ (`grundy quotient 0.07 --upto 34`) is exact for sums of heaps below 34.
A sum with a larger heap is searched, and the search takes the partial
quotient's answers for the sums of smaller heaps its moves reach. This
script times `grundy solve GAME --misere [--quotient Q₃₃]` on each position
below, one run a position, the builds taking turns (--against OLD), and
prints the seconds and whether the position was answered or refused (the
search's budget of 2,000,000 positions).

    python3 bench/misere_search.py
    python3 bench/misere_search.py --against OLD/target/release/grundy --rounds 2

The quotient document is computed once by the build under test (some 8 s)
and kept in bench/out; both builds use one temporary cache folder, so the
document's certificate check is paid once per build, in its first run.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")

# (game, heaps, whether Q₃₃ is given)
CASES = [
    ("octal:0.07", "35 36", True),
    ("octal:0.07", "45 45", True),
    ("octal:0.07", "40 50", True),
    ("octal:0.07", "34 34 34 14", True),
    ("octal:0.07", "100", True),
    ("octal:0.07", "40 50 60", True),
    ("octal:0.07", "40 50", False),
    ("octal:0.07", "30 31", False),
    # A game with no quotient at all: the search alone.
    ("grundys-game", "40 30 20", False),
    ("subtraction:2,3,7", "60 50 40 30", False),
]


def run(binary, game, heaps, quotient, cache, limit):
    cmd = [binary, "solve", game, "--misere"]
    if quotient:
        cmd += ["--quotient", quotient]
    env = dict(os.environ, GRUNDY_CACHE_DIR=cache)
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, input=heaps + "\n", capture_output=True, text=True,
                              env=env, timeout=limit)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, "timeout"
    took = time.perf_counter() - start
    if done.returncode == 0:
        first = done.stdout.splitlines()[0]
        return took, "first wins" if "first player wins" in first else "second wins"
    return took, f"refused ({done.returncode})"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--grundy", default=GRUNDY, help="the build under test")
    parser.add_argument("--against", help="another build, timed in the same rounds")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--limit", type=float, default=300, help="seconds a run at most")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    doc = os.path.join(OUT, "dawson-q33.json")
    if not os.path.exists(doc):
        with open(doc, "w") as out:
            subprocess.run([args.grundy, "--no-cache", "quotient", "0.07", "--upto", "34",
                            "--max-trial", "8192", "--format", "json"], stdout=out, check=True)
    builds = [("new", args.grundy)] + ([("old", args.against)] if args.against else [])
    caches = {name: tempfile.mkdtemp(prefix=f"grundy-bench-{name}-") for name, _ in builds}
    print(f"{'game':<20} {'heaps':<14} {'Q33':<4} " +
          " ".join(f"{name + ' s':>9} {name + ' answer':<14}" for name, _ in builds))
    for rnd in range(args.rounds):
        for game, heaps, given in CASES:
            cells = []
            order = builds if rnd % 2 == 0 else list(reversed(builds))
            results = {}
            for name, binary in order:
                results[name] = run(binary, game, heaps, doc if given else None,
                                    caches[name], args.limit)
            for name, _ in builds:
                took, answer = results[name]
                cells.append(f"{took:9.2f} {answer:<14}")
            print(f"{game:<20} {heaps:<14} {'yes' if given else 'no':<4} " + " ".join(cells),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
