#!/usr/bin/env python3
"""Time `grundy octal` against ogsolve (crates.io, by P. Beling) in one run.

ogsolve is installed on first use with `cargo install ogsolve --root
bench/tools` (an ignored folder; built with -C target-cpu=native, as its
README suggests). Both programs compute the same code to the same number of
positions; grundy stops early when it proves a period (0.07, 0.77). Each
pair is timed once, side by side, and the ratio ogsolve / grundy printed.

    python3 bench/octal.py                       # the README's table
    python3 bench/octal.py --cases 0.161:1000000:rc2
"""

import argparse
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")
TOOLS = os.path.join(ROOT, "bench", "tools")
OGSOLVE = os.path.join(TOOLS, "bin", "ogsolve")

# CODE:POSITIONS:METHOD — ogsolve's rare/common method where the code has a
# sparse space, its naive one for Dawson's Kayles and Kayles (its rc method
# ran for more than ten minutes on 0.07 at 10^6 without finishing).
CASES = [
    "0.161:1000000:rc", "0.36:1000000:rc", "0.6:1000000:rc",
    "0.161:10000000:rc", "0.36:10000000:rc", "0.6:10000000:rc",
    "0.07:1000000:naive", "0.77:1000000:naive",
]


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", nargs="+", default=CASES, help="CODE:POSITIONS:METHOD (ogsolve's -m)")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    if not os.path.exists(OGSOLVE):
        env = dict(os.environ, RUSTFLAGS="-C target-cpu=native")
        subprocess.run(["cargo", "install", "ogsolve", "--root", TOOLS, "--quiet"], check=True, env=env)
    print(f"{'code':>6} {'positions':>10} {'method':>6} {'grundy':>9} {'ogsolve':>9} {'ogsolve/grundy':>15}")
    for case in args.cases:
        code, positions, method = case.split(":")
        ours = timed([GRUNDY, "octal", code, "--upto", positions, "--no-values", "--format", "json"])
        theirs = timed([OGSOLVE, "-m", method, "-n", positions, code])
        print(f"{code:>6} {int(positions):>10} {method:>6} {ours:>8.3f}s {theirs:>8.2f}s {theirs / ours:>14.1f}x", flush=True)


if __name__ == "__main__":
    main()
