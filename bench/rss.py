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


def big_bomb_block(rng):
    n = 2000
    rows = ["".join("#" if rng.random() < 0.001 else "." for _ in range(n)) for _ in range(n)]
    return (f"{n} {n}\n" + "\n".join(rows) + "\n").encode()


def run(game, block, total, head=b"", tail=b""):
    command = ["/usr/bin/time", "-v", GRUNDY, "--no-cache", "judge", game]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    answers = [0]

    def count():
        for chunk in iter(lambda: process.stdout.read(1 << 16), b""):
            answers[0] += chunk.count(b"\n")

    reader = threading.Thread(target=count)
    reader.start()
    process.stdin.write(head)
    fed = len(head)
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
    print(f"{'input':>9} {'size':>10} {'answers':>11} {'wall':>9} {'peak RSS':>10} {'status':>6}")
    # One Matrix case of as many rows as the input holds: 1 2 3 on each.
    row = b"1 2 3\n"
    rows = total // len(row)
    one_case = (b"1\n" + f"{rows} 3\n".encode(), row * (1 << 16))
    for name, game, block, head, tail in [
        ("cutting", "cutting", cutting_block(rng), b"", b""),
        ("bomb", "bomb", bomb_block(rng), b"", b"0 0\n"),
        ("bomb-2000", "bomb", big_bomb_block(rng), b"", b"0 0\n"),
        ("matrix", "matrix", matrix_block(rng), b"", b""),
        ("matrix-1", "matrix", one_case[1], one_case[0], b""),
    ]:
        if name == "matrix-1":
            # Exactly `rows` rows: whole blocks, then the rest one by one.
            block_rows = len(block) // len(row)
            fed, answers, wall, rss, status = run(game, block, (rows // block_rows) * len(block) + len(head), head, row * (rows % block_rows))
        else:
            fed, answers, wall, rss, status = run(game, block, total, head, tail)
        print(f"{name:>9} {fed / (1 << 20):>7.0f} MiB {answers:>11,} {wall:>9} {rss / 1024:>6.1f} MiB {status:>6}", flush=True)


if __name__ == "__main__":
    main()
