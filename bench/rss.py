#!/usr/bin/env python3
"""Peak memory of `grundy judge` on 1 GiB inputs made on the fly.

Each game's input is generated in memory (one ~1 MiB block of cases,
repeated) and piped into `grundy judge GAME` under `/usr/bin/time -v`, so
nothing large is written to disk. Prints the bytes fed, the answers written,
the wall time and the peak resident set size.

    python3 bench/rss.py                 # 1 GiB for each game
    python3 bench/rss.py --mib 64        # a quicker check
"""

import argparse
import os
import random
import re
import subprocess
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")


def cutting_block(rng):
    return "".join(f"{rng.randrange(1, 10**6)} {rng.randrange(1, 10**6)}\n" for _ in range(80_000)).encode()


def bomb_block(rng):
    boards = []
    size = 0
    while size < 1 << 20:
        n, m = rng.randrange(40, 71), rng.randrange(40, 71)
        rows = ["".join("#" if rng.random() < 0.05 else "." for _ in range(m)) for _ in range(n)]
        board = f"{n} {m}\n" + "\n".join(rows) + "\n"
        boards.append(board)
        size += len(board)
    return "".join(boards).encode()


def matrix_block(rng):
    cases = []
    size = 0
    while size < 1 << 20:
        m, n = rng.randrange(1, 20), rng.randrange(1, 20)
        cells = "\n".join(" ".join(str(rng.randrange(0, 10**12)) for _ in range(n)) for _ in range(m))
        case = f"{m} {n}\n{cells}\n"
        cases.append(case)
        size += len(case)
    return "".join(cases).encode()


def run(game, block, total, tail=b""):
    command = ["/usr/bin/time", "-v", GRUNDY, "judge", game]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    answers = [0]

    def count():
        for chunk in iter(lambda: process.stdout.read(1 << 16), b""):
            answers[0] += chunk.count(b"\n")

    reader = threading.Thread(target=count)
    reader.start()
    fed = 0
    while fed < total:
        process.stdin.write(block)
        fed += len(block)
    process.stdin.write(tail)
    process.stdin.close()
    reader.join()
    stderr = process.stderr.read().decode()
    process.wait()
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", stderr).group(1)
    return fed, answers[0], wall, rss, process.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mib", type=int, default=1024, help="input size per game, in MiB")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    rng = random.Random(7)
    total = args.mib << 20
    print(f"{'game':>8} {'input':>10} {'answers':>11} {'wall':>9} {'peak RSS':>10} {'status':>6}")
    for game, block, tail in [
        ("cutting", cutting_block(rng), b""),
        ("bomb", bomb_block(rng), b"0 0\n"),
        ("matrix", matrix_block(rng), b""),
    ]:
        fed, answers, wall, rss, status = run(game, block, total, tail)
        print(f"{game:>8} {fed / (1 << 20):>7.0f} MiB {answers:>11,} {wall:>9} {rss / 1024:>6.1f} MiB {status:>6}", flush=True)


if __name__ == "__main__":
    main()
