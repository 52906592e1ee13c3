#!/usr/bin/env python3
"""A load test of `grundy serve`, on loopback only.

Starts `target/release/grundy serve --port 0 --time-limit T`, then runs many
concurrent clients for a fixed time, each on its own keep-alive connection,
each sending a request, reading the answer, then pausing a random time
(exponential, mean --think ms) like a person at the page. Every request is
one of:

- fast: every endpoint with a small request (the game list, the schema,
  solve, play, parse and new for every registered game, a small table, a
  short octal sequence); each answer is checked;
- slow (a --slow share): a 1000x1000 Bomb table or a 200,000-value sequence
  of a 16-digit octal code, which cannot finish within the time limit: the
  server must refuse them (429), stop them at the limit (503), or answer
  the sequence cut short (200, complete false) -- and keep answering the
  fast ones.

Prints, for fast and slow requests apart: the count, p50, p99 and max
latency, and the answers by status; failures are fast requests not answered
200 with the right body, and slow ones answered anything else than above.

    python3 bench/load.py                      # 300 clients for 20 s
    python3 bench/load.py --clients 100 --seconds 10 --slow 0.2
"""

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")

GAMES = ["bomb", "cutting", "matrix", "octal:0.137", "subtraction:1,3,4", "grundys-game", "wythoff"]
TEXTS = {
    "bomb": "3 4\n..#.\n....\n.#.#\n",
    "cutting": "4 2\n",
    "matrix": "1\n2 2\n1 2\n3 4\n",
    "octal:0.137": "10 7 3\n",
    "subtraction:1,3,4": "20 9\n",
    "grundys-game": "9 7\n",
    "wythoff": "4 6\n",
}
# A position of every game, for solve and play (filled from /api/new).
POSITIONS = {}


def fast_request(rng):
    """(method, path, body, check) for one small request."""
    kind = rng.randrange(9)
    game = rng.choice(GAMES)
    position = POSITIONS[game]
    if kind == 0:
        return "GET", "/api/games", None, lambda s, a: s == 200 and len(a["games"]) == 7
    if kind == 1:
        return "GET", "/api/schema", None, lambda s, a: s == 200 and "$defs" in a
    if kind in (2, 3):
        body = {"game": game, "position": position}
        return "POST", "/api/solve", body, lambda s, a: s == 200 and a["winner"] in ("first", "second")
    if kind == 4:
        body = {"game": game, "position": position, "move": None}
        return "POST", "/api/play", body, lambda s, a: s == 200 and a["format"] == 2
    if kind == 5:
        body = {"game": game, "text": TEXTS[game]}
        return "POST", "/api/parse", body, lambda s, a: s == 200 and "position" in a
    if kind == 6:
        body = {"game": game, "seed": rng.randrange(1, 1 << 30)}
        return "POST", "/api/new", body, lambda s, a: s == 200 and "position" in a
    if kind == 7:
        return "GET", "/api/table?game=bomb&rows=32&cols=32", None, lambda s, a: s == 200 and a["values"][0][5] == 5
    return "GET", "/api/octal?code=0.07&upto=1000", None, lambda s, a: s == 200 and a["period"] == 34


def slow_request(rng):
    if rng.randrange(2) == 0:
        path = "/api/table?game=bomb&rows=1000&cols=1000"
        return "GET", path, None, lambda s, a: s in (429, 503) or (s == 200 and a["rows"] == 1000)
    path = "/api/octal?code=0.7777777777777777&upto=200000"
    return "GET", path, None, lambda s, a: s in (429, 503) or (s == 200 and "values" in a)


async def exchange(reader, writer, method, path, body):
    """One request on a keep-alive connection: (status, decoded body)."""
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: load\r\nContent-Length: {len(data)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    await writer.drain()
    status_line = await reader.readline()
    status = int(status_line.split()[1])
    length = 0
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    payload = await reader.readexactly(length)
    return status, json.loads(payload)


async def client(k, port, args, stats, until):
    rng = random.Random(k)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    while time.monotonic() < until:
        await asyncio.sleep(rng.expovariate(1000.0 / args.think))
        if time.monotonic() >= until:
            break
        slow = rng.random() < args.slow
        method, path, body, check = (slow_request if slow else fast_request)(rng)
        began = time.monotonic()
        try:
            status, answer = await exchange(reader, writer, method, path, body)
            ok = check(status, answer)
        except Exception as error:  # a dropped connection counts, and is reopened
            status, ok = repr(error)[:60], False
            writer.close()
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        kind = "slow" if slow else "fast"
        stats[kind]["latency"].append(time.monotonic() - began)
        stats[kind]["status"][status] = stats[kind]["status"].get(status, 0) + 1
        if not ok:
            stats[kind]["failures"].append(f"{path}: {status}")
    writer.close()


async def run(port, args):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for game in GAMES:
        _, answer = await exchange(reader, writer, "POST", "/api/new", {"game": game, "seed": 7})
        POSITIONS[game] = answer["position"]
    writer.close()
    stats = {kind: {"latency": [], "status": {}, "failures": []} for kind in ("fast", "slow")}
    began = time.monotonic()
    until = began + args.seconds
    await asyncio.gather(*(client(k, port, args, stats, until) for k in range(args.clients)))
    return stats, time.monotonic() - began


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--think", type=float, default=250, help="mean pause between a client's requests, ms")
    parser.add_argument("--slow", type=float, default=0.05, help="share of slow requests")
    parser.add_argument("--time-limit", type=float, default=2, help="the server's --time-limit, s")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    server = subprocess.Popen([GRUNDY, "serve", "--port", "0", "--time-limit", str(args.time_limit)],
                              stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
        stats, wall = asyncio.run(run(port, args))
        failed = 0
        print(f"{args.clients} clients for {wall:.1f} s (pause {args.think:.0f} ms on average, "
              f"{args.slow:.0%} slow, server time limit {args.time_limit} s):")
        for kind in ("fast", "slow"):
            latency = sorted(stats[kind]["latency"])
            if not latency:
                continue
            pct = lambda p: latency[min(len(latency) - 1, int(p * len(latency)))] * 1000
            statuses = ", ".join(f"{s}: {n:,}" for s, n in sorted(stats[kind]["status"].items(), key=str))
            failures = stats[kind]["failures"]
            failed += len(failures)
            print(f"  {kind}: {len(latency):,} requests ({len(latency) / wall:,.0f}/s); p50 {pct(0.5):.1f} ms, "
                  f"p99 {pct(0.99):.1f} ms, max {latency[-1] * 1000:.1f} ms; {statuses}; failures: {len(failures)}")
            for problem in failures[:5]:
                print("     ", problem)
        alive = server.poll() is None
        print(f"server still running afterwards: {alive}")
        return 0 if not failed and alive else 1
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    raise SystemExit(main())
