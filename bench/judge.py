#!/usr/bin/env python3
"""Time `grundy judge` against the seed C++ programs and `wc -l`.

Generates large judge inputs (reproducibly), compiles the seed solutions from
../shared/seeds/ with g++ -O2, checks that grundy and the seed print the same
answers, then times whole runs side by side: grundy, the seed, and `wc -l` on
the same file as the I/O floor. Each command runs --runs times; the best time
is reported, with the ratios seed/grundy and grundy/wc. The three commands
take turns, so a slow spell of the machine hits all of them alike.

    python3 bench/judge.py            # all three games
    python3 bench/judge.py --game cutting --runs 10
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = os.path.join(ROOT, "..", "shared", "seeds")
OUT = os.path.join(ROOT, "bench", "out")
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")

SEED_FILES = {
    "bomb": ("bomb-game.txt", []),
    "cutting": ("cutting-game.txt", []),
    "matrix": ("matrix-game.txt", ["-std=c++11"]),
}


def gen_bomb(path, rng):
    """About 20,000 random boards up to 50x50, ended by `0 0`."""
    with open(path, "w") as f:
        for _ in range(20_000):
            n, m = rng.randint(1, 50), rng.randint(1, 50)
            density = rng.random()
            f.write(f"{n} {m}\n")
            for _ in range(n):
                f.write("".join("#" if rng.random() < density else "." for _ in range(m)))
                f.write("\n")
        f.write("0 0\n")


def gen_cutting(path, rng):
    """10^6 queries W H with 2 <= W, H <= 200."""
    with open(path, "w") as f:
        lines = [f"{rng.randint(2, 200)} {rng.randint(2, 200)}\n" for _ in range(1_000_000)]
        f.write("".join(lines))


def gen_matrix(path, rng):
    """3,000 cases up to 50x50 of values up to 10^9."""
    with open(path, "w") as f:
        f.write("3000\n")
        for _ in range(3000):
            m, n = rng.randint(1, 50), rng.randint(1, 50)
            f.write(f"{m} {n}\n")
            for _ in range(m):
                f.write(" ".join(str(rng.randint(0, 10**9)) for _ in range(n)))
                f.write("\n")


GENERATORS = {"bomb": gen_bomb, "cutting": gen_cutting, "matrix": gen_matrix}


def seed_source(text):
    """The C++ program inside a seed statement: from the first #include to
    the last line holding a closing brace."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("#include"))
    end = max(i for i, line in enumerate(lines) if "}" in line)
    return "\n".join(lines[start : end + 1]) + "\n"


def compile_seed(game):
    name, flags = SEED_FILES[game]
    with open(os.path.join(SEEDS, name), encoding="utf-8") as f:
        source = seed_source(f.read())
    src = os.path.join(OUT, f"seed-{game}.cpp")
    exe = os.path.join(OUT, f"seed-{game}")
    with open(src, "w") as f:
        f.write(source)
    subprocess.run(["g++", "-O2", *flags, "-o", exe, src], check=True)
    return exe


def best_times(cmds, path, runs):
    """The best wall time of each command. The commands take turns, so a
    slow spell of the machine hits all of them alike."""
    best = [float("inf")] * len(cmds)
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            with open(path, "rb") as stdin:
                start = time.perf_counter()
                subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
                best[i] = min(best[i], time.perf_counter() - start)
    return best


def output_of(cmd, path):
    with open(path, "rb") as stdin:
        return subprocess.run(cmd, stdin=stdin, capture_output=True, check=True).stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GENERATORS), action="append")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2311)
    args = parser.parse_args()
    games = args.game or ["bomb", "cutting", "matrix"]

    if not os.path.isdir(SEEDS):
        sys.exit(f"bench: the seed programs are not at {SEEDS}")
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    wc = shutil.which("wc")

    print(f"{'game':8} {'input':>9} {'grundy':>9} {'seed':>9} {'wc -l':>9} {'seed/grundy':>12} {'grundy/wc':>10}")
    for game in games:
        path = os.path.join(OUT, f"{game}.txt")
        if not os.path.exists(path):
            GENERATORS[game](path, random.Random(args.seed))
        seed = compile_seed(game)
        ours = [GRUNDY, "judge", game]
        if output_of(ours, path) != output_of([seed], path):
            sys.exit(f"bench: grundy and the seed disagree on {path}")
        t_ours, t_seed, t_wc = best_times([ours, [seed], [wc, "-l"]], path, args.runs)
        size = os.path.getsize(path) / 2**20
        print(
            f"{game:8} {size:7.1f}MB {t_ours * 1000:7.1f}ms {t_seed * 1000:7.1f}ms {t_wc * 1000:7.1f}ms"
            f" {t_seed / t_ours:11.1f}x {t_ours / t_wc:9.1f}x"
        )


if __name__ == "__main__":
    main()
