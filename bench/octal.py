#!/usr/bin/env python3
"""Time `grundy octal` against ogsolve (crates.io, by P. Beling) in one run.

ogsolve is installed on first use with `cargo install ogsolve --root
bench/tools` (an ignored folder; built with -C target-cpu=native, as its
README suggests). Both programs compute the same code to the same number of
positions; grundy stops early when it proves a period (0.07, 0.77). Each
case is timed once, side by side: grundy on one thread, grundy on two, then
ogsolve with each method given (its rare/common methods `rc` and `rc2` for
codes with a sparse space), with wall time and peak RSS (from wait4) of
each run, grundy's time on two threads as a fraction of ogsolve's best, and
grundy's values per second.

    python3 bench/octal.py                       # the table in docs/benchmarks.md
    python3 bench/octal.py --cases 0.161:1000000:rc,rc2
    python3 bench/octal.py --long                # grundy alone on 0.161 and 0.6: 10^8 values
    python3 bench/octal.py --long 1073741824     # … or 2^30 (about an hour each here)
"""

import argparse
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")
TOOLS = os.path.join(ROOT, "bench", "tools")
OGSOLVE = os.path.join(TOOLS, "bin", "ogsolve")

# CODE:POSITIONS:METHODS — ogsolve's rare/common methods where the code has
# a sparse space (the best of the two counts), its naive one for Dawson's
# Kayles and Kayles (its rc method ran for more than ten minutes on 0.07 at
# 10^6 without finishing).
CASES = [
    "0.161:10000000:rc,rc2", "0.36:10000000:rc,rc2", "0.6:10000000:rc,rc2",
    "0.07:1000000:naive", "0.77:1000000:naive",
]
LONG_CODES = ["0.161", "0.6"]


def timed(command):
    """Wall seconds and peak RSS (MiB) of one run."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{command} failed with status {status}")
    return wall, usage.ru_maxrss / 1024


def grundy(code, positions, threads):
    return timed([GRUNDY, "octal", code, "--upto", positions, "--no-values", "--threads", str(threads)])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", nargs="+", default=CASES,
                        help="CODE:POSITIONS:METHODS (ogsolve's -m, comma-separated)")
    parser.add_argument("--long", nargs="*", type=int, metavar="N",
                        help="grundy alone on two threads, 0.161 and 0.6 to N values (default 10^8)")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    if args.long is not None:
        print("| code | values | wall | values/s | peak RSS |")
        print("| --- | --- | --- | --- | --- |")
        for positions in args.long or [10**8]:
            for code in LONG_CODES:
                wall, rss = grundy(code, str(positions), 2)
                print(f"| {code} | {positions:,} | {wall:.1f} s | {positions / wall:,.0f} | {rss:.0f} MiB |", flush=True)
        return
    if not os.path.exists(OGSOLVE):
        env = dict(os.environ, RUSTFLAGS="-C target-cpu=native")
        subprocess.run(["cargo", "install", "ogsolve", "--root", TOOLS, "--quiet"], check=True, env=env)
    print("| code | positions | grundy, 1 thread | grundy, 2 threads | ogsolve | grundy (2) / ogsolve's best "
          "| grundy values/s (2) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for case in args.cases:
        code, positions, methods = case.split(":")
        one, one_rss = grundy(code, positions, 1)
        two, two_rss = grundy(code, positions, 2)
        theirs = [(method, *timed([OGSOLVE, "-m", method, "-n", positions, code])) for method in methods.split(",")]
        best = min(wall for _, wall, _ in theirs)
        shown = "; ".join(f"{wall:.2f} s ({method}), {rss:.0f} MiB" for method, wall, rss in theirs)
        print(
            f"| {code} | {int(positions):,} | {one:.2f} s, {one_rss:.0f} MiB | {two:.2f} s, {two_rss:.0f} MiB "
            f"| {shown} | {two / best:.2f}× | {int(positions) / two:,.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
