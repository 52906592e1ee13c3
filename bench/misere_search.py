#!/usr/bin/env python3
"""Time the misère search of sums with heaps past a partial quotient's reach.

Dawson's Kayles (0.07) has no proven misère quotient; its partial quotient
Q₃₃ (`grundy quotient 0.07 --upto 34`) is exact for sums of heaps below 34.
A sum with a larger heap is searched, and the search takes the partial
quotient's answers for the sums of smaller heaps its moves reach. This
script times `grundy solve GAME --misere` on each position below, with Q₃₃
given (`--quotient FILE`), kept in the cache (checked there once by
`grundy quotient --check`; a build that keeps no partial quotient has none
there to use) or neither (`--no-cache`), one run a position, the builds
taking turns (--against OLD), and prints the seconds and whether the
position was answered or refused (the search's budget of 2,000,000
positions).

    python3 bench/misere_search.py
    python3 bench/misere_search.py --against OLD/target/release/grundy --rounds 2

The quotient document is computed once by the build under test (some 8 s)
and kept in bench/out; each build has a temporary cache folder of its own,
where the document is checked once before the runs.
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

# (game, heaps, Q₃₃: "given", "kept" or "none")
CASES = [
    ("octal:0.07", "35 36", "given"),
    ("octal:0.07", "45 45", "given"),
    ("octal:0.07", "40 50", "given"),
    ("octal:0.07", "34 34 34 14", "given"),
    ("octal:0.07", "100", "given"),
    ("octal:0.07", "40 50 60", "given"),
    ("octal:0.07", "40 50", "kept"),
    ("octal:0.07", "34 34 34 14", "kept"),
    ("octal:0.07", "40 50", "none"),
    ("octal:0.07", "30 31", "none"),
    # A game with no quotient at all: the search alone.
    ("grundys-game", "40 30 20", "none"),
    ("subtraction:2,3,7", "60 50 40 30", "none"),
]


def run(binary, game, heaps, quotient, cache, limit):
    cmd = [binary, "solve", game, "--misere"]
    if quotient == "none":
        cmd.insert(1, "--no-cache")
    elif quotient:
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
    for name, binary in builds:
        subprocess.run([binary, "quotient", "--check", doc], capture_output=True, check=True,
                       env=dict(os.environ, GRUNDY_CACHE_DIR=caches[name]))
    print(f"{'game':<20} {'heaps':<14} {'Q33':<6} " +
          " ".join(f"{name + ' s':>9} {name + ' answer':<14}" for name, _ in builds))
    for rnd in range(args.rounds):
        for game, heaps, q33 in CASES:
            cells = []
            order = builds if rnd % 2 == 0 else list(reversed(builds))
            results = {}
            for name, binary in order:
                quotient = {"given": doc, "kept": None, "none": "none"}[q33]
                results[name] = run(binary, game, heaps, quotient, caches[name], args.limit)
            for name, _ in builds:
                took, answer = results[name]
                cells.append(f"{took:9.2f} {answer:<14}")
            print(f"{game:<20} {heaps:<14} {q33:<6} " + " ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
