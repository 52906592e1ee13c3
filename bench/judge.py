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
    python3 bench/judge.py --shapes   # a table row per input shape
    python3 bench/judge.py --shapes --against OLD/target/release/grundy

With --shapes, each game is timed on inputs of several shapes (bomb
density and board sizes, pairs per line and number sizes, matrix values and
case sizes), since the seed programs' speed depends on the shape. The runs
are interleaved; the median and the best of --runs are printed, with the
ratios of the medians. The seed is left out ("-") where it cannot read the
shape (boards over 50x50, numbers past its int). With --against BIN, another
grundy binary (an older build, say) is timed in the same interleaved runs,
must print the same answers, and the ratio grundy/BIN of the medians is
printed: an A/B of two builds on one machine in one run.
"""

import argparse
import os
import random
import re
import shutil
import statistics
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


def bomb_boards(f, rng, boards, sides, density):
    """`boards` boards with sides drawn from `sides` (a pair of ranges) and
    each cell a bomb with probability `density`, then `0 0`."""
    for _ in range(boards):
        n, m = rng.randint(*sides[0]), rng.randint(*sides[1])
        f.write(f"{n} {m}\n")
        # Rows are drawn with getrandbits, a bit a cell, to keep 2000x2000
        # boards quick to make.
        for _ in range(n):
            row = bytearray(b"." * m)
            for j in range(m):
                if rng.random() < density:
                    row[j] = 35  # '#'
            f.write(row.decode())
            f.write("\n")
    f.write("0 0\n")


def cutting_pairs(f, rng, queries, top, per_line):
    """`queries` pairs W H in 2..top, `per_line` pairs a line."""
    pairs = [f"{rng.randint(2, top)} {rng.randint(2, top)}" for _ in range(queries)]
    f.write("".join(" ".join(pairs[i : i + per_line]) + "\n" for i in range(0, queries, per_line)))


def matrix_cases(f, rng, cases, sides, top):
    """`cases` cases with sides drawn from `sides`, values in 0..top."""
    f.write(f"{cases}\n")
    for _ in range(cases):
        m, n = rng.randint(*sides[0]), rng.randint(*sides[1])
        f.write(f"{m} {n}\n")
        for _ in range(m):
            f.write(" ".join(str(rng.randint(0, top)) for _ in range(n)))
            f.write("\n")


# (game, shape name, generator, whether the seed can read it)
SHAPES = [
    ("bomb", "20,000 boards 1..50, 5% bombs", lambda f, r: bomb_boards(f, r, 20_000, ((1, 50), (1, 50)), 0.05), True),
    ("bomb", "20,000 boards 1..50, 50% bombs", lambda f, r: bomb_boards(f, r, 20_000, ((1, 50), (1, 50)), 0.5), True),
    ("bomb", "20,000 boards 1..50, 95% bombs", lambda f, r: bomb_boards(f, r, 20_000, ((1, 50), (1, 50)), 0.95), True),
    ("bomb", "5,000 boards 50x50, 50% bombs", lambda f, r: bomb_boards(f, r, 5_000, ((50, 50), (50, 50)), 0.5), True),
    ("bomb", "4 boards 2000x2000, 50% bombs", lambda f, r: bomb_boards(f, r, 4, ((2000, 2000), (2000, 2000)), 0.5), False),
    ("cutting", "10^6 pairs <= 200, 1 a line", lambda f, r: cutting_pairs(f, r, 1_000_000, 200, 1), True),
    ("cutting", "10^6 pairs <= 200, 10 a line", lambda f, r: cutting_pairs(f, r, 1_000_000, 200, 10), True),
    ("cutting", "10^6 pairs <= 10^18, 1 a line", lambda f, r: cutting_pairs(f, r, 1_000_000, 10**18, 1), False),
    ("cutting", "10^6 pairs <= 10^18, 10 a line", lambda f, r: cutting_pairs(f, r, 1_000_000, 10**18, 10), False),
    ("matrix", "3,000 cases 1..50, values <= 9", lambda f, r: matrix_cases(f, r, 3000, ((1, 50), (1, 50)), 9), True),
    ("matrix", "3,000 cases 1..50, values <= 10^9", lambda f, r: matrix_cases(f, r, 3000, ((1, 50), (1, 50)), 10**9), True),
    ("matrix", "3,000 cases 1..50, values < 2^64", lambda f, r: matrix_cases(f, r, 3000, ((1, 50), (1, 50)), 2**64 - 1), False),
    ("matrix", "1 case 2000x2000, values <= 10^9", lambda f, r: matrix_cases(f, r, 1, ((2000, 2000), (2000, 2000)), 10**9), False),
]


def timed_runs(cmds, path, runs):
    """Every wall time of each command (None for a command left out), the
    commands taking turns run by run."""
    times = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            if cmd is None:
                continue
            with open(path, "rb") as stdin:
                start = time.perf_counter()
                subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
                times[i].append(time.perf_counter() - start)
    return times


def shapes(args):
    wc = shutil.which("wc")
    seeds = {}
    print(f"median (best) of {args.runs} interleaved runs; ratios of the medians")
    against = f" {'against ms':>15} {'grundy/against':>14}" if args.against else ""
    print(
        f"{'shape':40} {'input':>8} {'grundy ms':>15} {'seed ms':>15} {'wc -l ms':>13}"
        f" {'seed/grundy':>11} {'grundy/wc':>9}{against}"
    )
    for game, name, gen, seed_reads in SHAPES:
        if args.game and game not in args.game:
            continue
        slug = re.sub(r"[^a-z0-9]+", "-", f"{game} {name}".lower()).strip("-")
        path = os.path.join(OUT, f"shape-{slug}.txt")
        if not os.path.exists(path):
            with open(path + ".tmp", "w") as f:
                gen(f, random.Random(args.seed))
            os.replace(path + ".tmp", path)
        ours = [GRUNDY, "judge", game]
        seed = None
        if seed_reads:
            if game not in seeds:
                seeds[game] = compile_seed(game)
            seed = [seeds[game]]
            if output_of(ours, path) != output_of(seed, path):
                sys.exit(f"bench: grundy and the seed disagree on {path}")
        other = [args.against, "judge", game] if args.against else None
        if other and output_of(ours, path) != output_of(other, path):
            sys.exit(f"bench: grundy and {args.against} disagree on {path}")
        t_ours, t_seed, t_wc, t_other = timed_runs([ours, seed, [wc, "-l"], other], path, args.runs)
        med = [statistics.median(t) if t else None for t in (t_ours, t_seed, t_wc)]
        cell = lambda t: f"{statistics.median(t) * 1000:7.1f} ({min(t) * 1000:6.1f})" if t else f"{'-':>15}"
        ratio = f"{med[1] / med[0]:10.1f}x" if med[1] else f"{'-':>11}"
        print(
            f"{game + ': ' + name:40} {os.path.getsize(path) / 2**20:6.1f}MB {cell(t_ours):>15} {cell(t_seed):>15}"
            f" {statistics.median(t_wc) * 1000:6.1f} ({min(t_wc) * 1000:5.1f}) {ratio} {med[0] / med[2]:8.1f}x"
            + (f" {cell(t_other):>15} {med[0] / statistics.median(t_other):13.3f}x" if t_other else ""),
            flush=True,
        )


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
    parser.add_argument("--shapes", action="store_true", help="time every input shape (see above)")
    parser.add_argument("--against", metavar="BIN", help="with --shapes, another grundy binary to time alongside")
    args = parser.parse_args()
    if args.shapes:
        if not os.path.isdir(SEEDS):
            sys.exit(f"bench: the seed programs are not at {SEEDS}")
        os.makedirs(OUT, exist_ok=True)
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        shapes(args)
        return
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
