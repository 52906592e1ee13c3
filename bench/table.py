#!/usr/bin/env python3
"""Time the Bomb Game table: `grundy --no-cache table bomb --size N`.

The table is the cost of large boards in judge, solve and play. Each size is
computed from scratch (--no-cache) and written to /dev/null as CSV; the best
wall time of --runs is reported, with the CPU time of that run.

    python3 bench/table.py                 # N = 250, 500, 1000
    python3 bench/table.py --sizes 1000 2000 --runs 1
"""

import argparse
import os
import resource
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[250, 500, 1000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    print(f"{'N':>6} {'wall':>9} {'cpu':>9}")
    for n in args.sizes:
        best = None
        for _ in range(args.runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(
                [GRUNDY, "--no-cache", "table", "bomb", "--size", str(n), "--format", "csv", "--output", os.devnull],
                check=True,
            )
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            if best is None or wall < best[0]:
                best = (wall, cpu)
        print(f"{n:>6} {best[0]:>8.2f}s {best[1]:>8.2f}s")


if __name__ == "__main__":
    main()
