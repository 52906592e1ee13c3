#!/usr/bin/env python3
"""Time grundy from Python against the CLI and against plain Python.

Run with the Python of the test environment (scripts/test.sh makes it):

    target/py/bin/python bench/python.py            # the figures in docs/benchmarks.md
    target/py/bin/python bench/python.py --runs 5 --upto 10000000 --pins 1500

1. `grundy.octal("0.161", upto=N)` (values kept, as a NumPy array) against
   `grundy octal 0.161 --upto N --no-values` (the same computation, which
   also keeps every value up to 2^25, without printing them), both on two
   threads, interleaved, median of the runs.
2. A game defined in Python (Kayles: knock down one pin or two adjacent
   pins of a row) solved by `grundy.Solver`, against the same `options`
   function under the usual plain-Python memoised recursion
   (`functools.cache` and a Python mex), for rows of 0 … PINS − 1 pins:
   values per second of each and the ratio, interleaved, median.
"""

import argparse
import functools
import os
import statistics
import subprocess
import sys
import time

import grundy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(ROOT, "target", "release", "grundy")


def kayles(n):
    moves = []
    for take in (1, 2):
        for left in range(n - take + 1):
            right = n - take - left
            moves.append(((take, left), [h for h in (left, right) if h > 0]))
    return moves


def plain_python(options, pins):
    """What people write today: memoised recursion over the same rules."""

    @functools.cache
    def g(position):
        seen = set()
        for _, components in options(position):
            value = 0
            for c in components:
                value ^= g(c)
            seen.add(value)
        mex = 0
        while mex in seen:
            mex += 1
        return mex

    # Bottom up, as one would to stay within Python's recursion limit.
    return [g(n) for n in range(pins)]


def with_solver(options, pins):
    solver = grundy.Solver(options)
    return [int(solver.grundy(n)) for n in range(pins)]


def timed(work):
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--upto", type=int, default=10**7)
    parser.add_argument("--pins", type=int, default=1200)
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "grundy-cli"], cwd=ROOT, check=True)

    python_times, cli_times = [], []
    for _ in range(args.runs):
        t, result = timed(lambda: grundy.octal("0.161", upto=args.upto))
        assert result.computed == args.upto
        python_times.append(t)
        command = [CLI, "octal", "0.161", "--upto", str(args.upto), "--no-values", "--threads", "2"]
        t, _ = timed(lambda: subprocess.run(command, check=True, stdout=subprocess.DEVNULL))
        cli_times.append(t)
    py, cli = statistics.median(python_times), statistics.median(cli_times)
    print(f"| `grundy.octal(\"0.161\", upto={args.upto:,})` | {py:.2f} s | `grundy octal` {cli:.2f} s "
          f"| Python / CLI {py / cli:.3f} |", flush=True)

    ours, theirs = [], []
    for _ in range(args.runs):
        t, a = timed(lambda: with_solver(kayles, args.pins))
        ours.append(t)
        t, b = timed(lambda: plain_python(kayles, args.pins))
        theirs.append(t)
        assert a == b
    mine, plain = statistics.median(ours), statistics.median(theirs)
    print(f"| Kayles defined in Python, rows 0…{args.pins - 1} | `grundy.Solver` {mine:.2f} s "
          f"({args.pins / mine:,.0f} values/s) | plain memoised Python {plain:.2f} s "
          f"({args.pins / plain:,.0f} values/s) | {plain / mine:.2f}× faster |", flush=True)
    print(f"(Python {sys.version.split()[0]}, {args.runs} interleaved runs, medians)")


if __name__ == "__main__":
    main()
