#!/usr/bin/env python3
"""A short load test of `grundy serve`, on loopback only.

Starts `target/release/grundy serve --port 0`, then sends a bounded number of
requests (a mix of every endpoint) from many concurrent clients, each on its
own connection, and checks every answer. Prints throughput, latency
percentiles and the count of failures, and stops at --seconds whatever
happens.

    python3 bench/load.py                          # 300 clients, 6,000 requests
    python3 bench/load.py --clients 500 --requests 20000
"""

import argparse
import http.client
import json
import os
import random
import re
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")


def requests_mix(rng):
    """(method, path, body, check) for one request."""
    kind = rng.randrange(5)
    if kind == 0:
        w, h = rng.randrange(2, 200), rng.randrange(2, 200)
        body = {"game": "cutting", "position": {"pieces": [[w, h]]}}
        return "POST", "/api/solve", body, lambda a: isinstance(a.get("first_player_wins"), bool)
    if kind == 1:
        bombs = [[rng.randrange(1, 21), rng.randrange(1, 21)] for _ in range(6)]
        body = {"game": "bomb", "position": {"rows": 20, "cols": 20, "bombs": bombs}}
        return "POST", "/api/solve", body, lambda a: "nim_sum" in a
    if kind == 2:
        body = {"game": "matrix", "position": {"rows": [[1, 2], [3, 4]]}, "move": {"row": 1, "take": [1, 0]}}
        return "POST", "/api/move", body, lambda a: a["position"]["rows"] == [[0, 2], [3, 4]]
    if kind == 3:
        return "GET", "/api/octal?code=0.07&upto=1000", None, lambda a: a.get("period") == 34
    return "GET", "/api/table?game=bomb&rows=32&cols=32", None, lambda a: a["values"][0][5] == 5


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=300)
    parser.add_argument("--requests", type=int, default=6000)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    server = subprocess.Popen([GRUNDY, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
        latencies, failures = [], []
        lock = threading.Lock()
        deadline = time.monotonic() + args.seconds
        per_client = [args.requests // args.clients + (k < args.requests % args.clients) for k in range(args.clients)]
        start = threading.Barrier(args.clients + 1)

        def client(k):
            rng = random.Random(k)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=args.seconds)
            start.wait()
            for _ in range(per_client[k]):
                if time.monotonic() > deadline:
                    with lock:
                        failures.append("out of time")
                    continue
                method, path, body, check = requests_mix(rng)
                began = time.monotonic()
                try:
                    headers = {"content-type": "application/json"} if body is not None else {}
                    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
                    response = connection.getresponse()
                    answer = json.loads(response.read())
                    ok = response.status == 200 and check(answer)
                    problem = None if ok else f"{path}: {response.status} {str(answer)[:100]}"
                except Exception as error:  # a refused or dropped connection counts
                    problem = f"{path}: {error!r}"
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=args.seconds)
                with lock:
                    latencies.append(time.monotonic() - began)
                    if problem:
                        failures.append(problem)

        threads = [threading.Thread(target=client, args=(k,)) for k in range(args.clients)]
        for t in threads:
            t.start()
        start.wait()
        began = time.monotonic()
        for t in threads:
            t.join()
        wall = time.monotonic() - began
        latencies.sort()
        pct = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
        print(f"{args.clients} concurrent clients, {len(latencies):,} requests in {wall:.2f} s "
              f"({len(latencies) / wall:,.0f} requests/s); latency p50 {pct(0.5):.1f} ms, "
              f"p99 {pct(0.99):.1f} ms, max {latencies[-1] * 1000:.1f} ms; failures: {len(failures)}")
        for problem in failures[:5]:
            print("  ", problem)
        alive = server.poll() is None
        print(f"server still running afterwards: {alive}")
        return 0 if not failures and alive else 1
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    raise SystemExit(main())
