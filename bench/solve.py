#!/usr/bin/env python3
"""Time `grundy solve --all` against `grundy judge` on the same positions.

For every game of the registry (a heap game by one code each), writes a file
of typical positions in the game's judge format, reproducibly, then times
whole runs of

    grundy judge GAME FILE
    grundy solve GAME --all --format json FILE
    grundy solve GAME --all --format json --engine-move FILE

taking turns, --runs times each, and prints cases per second (the median
run) and the ratio judge/solve. `solve` does more than `judge` (every
winning move, the best try from a lost position, the words, JSON); the
ratio says what that costs. With --engine-move, the engine's own move is
searched for every case (up to 100,000 moves of remoteness search each).

    python3 bench/solve.py                 # every game, 5 runs
    python3 bench/solve.py --game cutting --runs 9
    python3 bench/solve.py --against OLD/target/release/grundy
    python3 bench/solve.py --no-engine-move   # without the slow third run

With --against BIN, the same `solve --all` runs of another build (without
--engine-move, which an older build may not know) are timed in the same
interleaved runs.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")


def heaps(count, largest):
    def make(rng):
        return " ".join(str(rng.randint(1, largest)) for _ in range(rng.randint(1, count)))
    return make


def board(rng):
    rows, cols = rng.randint(1, 30), rng.randint(1, 30)
    grid = ["".join("#" if rng.random() < 0.1 else "." for _ in range(cols)) for _ in range(rows)]
    return f"{rows} {cols}\n" + "\n".join(grid)


def paper(rng):
    return f"{rng.randint(2, 200)} {rng.randint(2, 200)}"


def matrix(rng):
    rows, cols = rng.randint(1, 10), rng.randint(1, 10)
    cells = "\n".join(" ".join(str(rng.randint(0, 9)) for _ in range(cols)) for _ in range(rows))
    return f"{rows} {cols}\n{cells}"


def pair(rng):
    return f"{rng.randint(0, 12)} {rng.randint(0, 12)}"


def graph(rng):
    # A few stalks on the ground (vertex 0), some closed into cycles.
    edges, top = [], 0
    for _ in range(rng.randint(1, 4)):
        below = 0
        for _ in range(rng.randint(1, 5)):
            top += 1
            edges.append(f"{below}-{top}")
            below = top
        if rng.random() < 0.3 and below != 1:
            edges.append(f"{below}-0")
    return " ".join(edges)


# Each game with a typical case, how many cases, and the input's last line.
GAMES = {
    "bomb": (board, 300, "0 0"),
    "cutting": (paper, 500, None),
    "matrix": (matrix, 1000, None),
    "nim": (heaps(5, 1000), 5000, None),
    "octal:0.07": (heaps(4, 200), 5000, None),
    "subtraction:1,3,4": (heaps(5, 1000), 5000, None),
    "grundys-game": (heaps(3, 200), 2000, None),
    "wythoff": (pair, 2000, None),
    "green-hackenbush": (graph, 2000, None),
}


def write_cases(game, make, count, last):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "solve-" + game.replace(":", "_").replace(",", "_") + ".txt")
    rng = random.Random(game)
    with open(path, "w") as f:
        for _ in range(count):
            f.write(make(rng) + "\n")
        if last:
            f.write(last + "\n")
    return path


def timed(command):
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode()[:500]}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", help="another grundy binary, timed alongside")
    parser.add_argument("--no-engine-move", action="store_true",
                        help="leave out the --engine-move runs (minutes for the heap games)")
    args = parser.parse_args()
    if not os.path.exists(GRUNDY):
        sys.exit("build first: cargo build --release")
    games = args.game or list(GAMES)
    print(f"{'game':20} {'cases':>6} {'judge/s':>10} {'solve/s':>10} "
          f"{'+engine/s':>10} {'judge÷solve':>12}" + (f" {'old solve/s':>12}" if args.against else ""))
    for game in games:
        make, count, last = GAMES[game]
        path = write_cases(game, make, count, last)
        commands = {
            "judge": [GRUNDY, "judge", game, path],
            "solve": [GRUNDY, "solve", game, "--all", "--format", "json", path],
        }
        if not args.no_engine_move:
            commands["engine"] = [GRUNDY, "solve", game, "--all", "--format", "json",
                                  "--engine-move", path]
        if args.against:
            commands["old"] = [args.against, "solve", game, "--all", "--format", "json", path]
        times = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(timed(command))
        rate = {name: count / statistics.median(t) for name, t in times.items()}
        engine = f"{rate['engine']:>10,.0f}" if "engine" in rate else f"{'–':>10}"
        line = (f"{game:20} {count:>6} {rate['judge']:>10,.0f} {rate['solve']:>10,.0f} "
                f"{engine} {rate['judge'] / rate['solve']:>11.1f}×")
        if args.against:
            line += f" {rate['old']:>12,.0f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
