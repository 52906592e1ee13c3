#!/usr/bin/env python3
"""Time `grundy quotient` against A. N. Siegel's MisereSolver in one run.

MisereSolver lives in aaron-siegel/cgsuite (lib/core/src/main/scala/org/
cgsuite/core/misere/solver/). Its Java files build on CGSuite's Scala
classes only for reading a game's rules and its command line, so this
bench builds the solver's own files with javac from a checkout you give it,
after one edit made here at build time (not kept in this repository):
`MisereSolver.heapOptions` asks `bench/misere/OctalRules.java` (written for
this bench) for a heap's moves, and the constructor that loads its saved
files is left out. `bench/misere/Bench.java` (also ours) drives it as its
command line does: heap by heap until the pretending function is periodic
by the bound `grundy quotient` uses (Φ(h+p) = Φ(h) for n0 ≤ h, h+p ≤ N,
N+1 ≥ 2(n0+p)+t, n0 ≥ 1), the largest heap or the time limit (polled
between its steps, as its own command line does; a run that overshoots by
more than a minute is killed and marked so).

Each code is run once by each program, one after the other, alternating
which goes first. For each: proven or how far it got (largest heap, |Q|),
and the wall time.

    python3 bench/misere.py --cgsuite ~/src/cgsuite                  # every 0.d and 0.dd code, 10 s each
    python3 bench/misere.py --cgsuite DIR --codes 0.77 0.15 --time-limit 30
    python3 bench/misere.py --cgsuite DIR --long       # 0.56 to heap 45,417, Dawson's Kayles for 120 s

Needs javac and java (17 or later) and a release build of grundy.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.path.join(ROOT, "target", "release", "grundy")
SHIM = os.path.join(ROOT, "bench", "misere")
BUILD = os.path.join(ROOT, "target", "bench", "misere-solver")
SOLVER_DIR = os.path.join("lib", "core", "src", "main", "scala", "org", "cgsuite", "core", "misere", "solver")
SOLVER_FILES = ["MisereSolver", "Pretension", "BipartiteMonoid", "CommutativeMonoid", "DirectSumMonoid",
                "ExplicitFiniteMonoid", "Relation", "Word"]
CODES = ["0." + a + b for a in "01234567" for b in ["", *"1234567"] if a + b != "0"]
LONG = [("0.56", 45418, 600), ("0.07", 100, 120)]


def build(cgsuite):
    """Compiles MisereSolver's files with the shim; returns the classpath."""
    src = os.path.join(BUILD, "src")
    classes = os.path.join(BUILD, "classes")
    shutil.rmtree(BUILD, ignore_errors=True)
    os.makedirs(src)
    for name in SOLVER_FILES:
        shutil.copy(os.path.join(cgsuite, SOLVER_DIR, name + ".java"), src)
    for name in os.listdir(SHIM):
        shutil.copy(os.path.join(SHIM, name), src)
    path = os.path.join(src, "MisereSolver.java")
    text = open(path, encoding="utf-8").read()
    # Its imports of CGSuite's Scala classes go, its rules type is ours.
    text = re.sub(r"^import (org\.cgsuite\.core\.impartial|scala)\..*\n", "", text, flags=re.M)
    text = text.replace("HeapRuleset", "OctalRules")
    # The constructor that loads a saved file (CGSuite's parser) goes.
    start = text.index("    public MisereSolver(InputStream")
    text = text[:start] + text[text.index("    public OctalRules getRules()"):]
    # A heap's moves come from OctalRules.
    start = text.index("    public List<int[]> heapOptions(int heapSize)")
    end = text.index("    public void next()")
    text = text[:start] + "    public List<int[]> heapOptions(int heapSize) { return rules.options(heapSize); }\n\n" \
        + text[end:]
    open(path, "w", encoding="utf-8").write(text)
    subprocess.run(["javac", "-nowarn", "-d", classes, *[os.path.join(src, f) for f in os.listdir(src)]],
                   check=True)
    return classes


def misere_solver(classes, code, upto, limit):
    start = time.perf_counter()
    try:
        run = subprocess.run(["java", "-Xmx16g", "-cp", classes, "org.cgsuite.core.misere.solver.Bench",
                              code, str(upto - 1), str(limit)],
                             capture_output=True, text=True, timeout=limit + 60)
    except subprocess.TimeoutExpired:
        return {"status": "killed", "heap": "?", "order": "?", "wall": time.perf_counter() - start}
    wall = time.perf_counter() - start
    lines = run.stdout.strip().splitlines()
    if run.returncode != 0 or not lines or not lines[-1].startswith("code "):
        # An OutOfMemoryError or another crash: the row says so, the bench goes on.
        return {"status": f"failed (exit {run.returncode})", "heap": "?", "order": "?", "wall": wall}
    line = lines[-1].split()
    fields = dict(zip(line[0::2], line[1::2]))
    return {"status": line[12], "heap": int(fields["heap"]), "order": int(fields["order"]), "wall": wall,
            "period": int(fields["period"]), "preperiod": int(fields["preperiod"])}


def grundy(code, upto, limit):
    start = time.perf_counter()
    # --no-cache: from heap 0, as MisereSolver runs (a quotient kept in the
    # cache would be read, or gone on from, instead of computed).
    out = subprocess.run([GRUNDY, "--no-cache", "quotient", code, "--upto", str(upto),
                          "--time-limit", str(limit), "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    doc = json.loads(out)
    status = "proven" if doc["proven"] else ("timeout" if doc["unproven"].startswith("stopped") else "partial")
    return {"status": status, "heap": doc["heaps"] - 1, "order": doc["order"], "wall": wall,
            "period": doc["period"], "preperiod": doc["preperiod"]}


def cell(run):
    if run["status"] == "proven":
        what = f"proven, \\|Q\\| {run['order']}, period {run['period']}"
    else:
        what = f"{run['status']} at heap {run['heap']}, \\|Q\\| {run['order']}"
    return f"{what} | {run['wall']:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cgsuite", required=True, help="a checkout of aaron-siegel/cgsuite")
    parser.add_argument("--codes", nargs="+", default=CODES)
    parser.add_argument("--time-limit", type=int, default=10, help="seconds a code, each program")
    parser.add_argument("--upto", type=int, default=5000, help="heaps 0 … N − 1 at most")
    parser.add_argument("--long", action="store_true", help="the long runs instead: " +
                        ", ".join(f"{c} to heap {u - 1} ({t} s)" for c, u, t in LONG))
    args = parser.parse_args()
    classes = build(args.cgsuite)
    cases = LONG if args.long else [(code, args.upto, args.time_limit) for code in args.codes]
    print("| code | MisereSolver | s | grundy | s |")
    print("|---|---|---|---|---|")
    proven = {"ms": 0, "grundy": 0}
    for i, (code, upto, limit) in enumerate(cases):
        if i % 2 == 0:
            ms, ours = misere_solver(classes, code, upto, limit), grundy(code, upto, limit)
        else:
            ours, ms = grundy(code, upto, limit), misere_solver(classes, code, upto, limit)
        proven["ms"] += ms["status"] == "proven"
        proven["grundy"] += ours["status"] == "proven"
        print(f"| {code} | {cell(ms)} | {cell(ours)} |", flush=True)
    print(f"\nproven: MisereSolver {proven['ms']}, grundy {proven['grundy']} of {len(cases)}")


if __name__ == "__main__":
    main()
