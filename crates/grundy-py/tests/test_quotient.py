"""grundy.quotient: misère quotients as grundy quotient --format json
prints them, and their check as certificates."""

import json
import os
import signal
import subprocess
import threading
import time

import pytest

import grundy


def test_kayles_quotient_has_the_published_orders():
    q = grundy.quotient("0.77")
    assert q["proven"] is True
    assert (q["order"], q["p_size"]) == (40, 9)
    assert (q["period"], q["preperiod"]) == (12, 71)
    assert [(c["heap"], c["order"]) for c in q["changes"]] == [
        (1, 2), (2, 6), (5, 12), (9, 18), (12, 24), (25, 32), (27, 40)
    ]
    assert q["elements"][0] == [0] * len(q["generators"])
    assert grundy.check_quotient(q) > 71


def test_the_document_equals_the_clis(tmp_path):
    cli = os.environ.get("GRUNDY_BIN")
    if not cli:
        pytest.skip("GRUNDY_BIN not set")
    # The CLI keeps a proven quotient in its cache: the test's own, not the user's.
    env = dict(os.environ, GRUNDY_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run([cli, "quotient", "0.75", "--format", "json"],
                         capture_output=True, text=True, check=True, env=env).stdout
    assert json.loads(out) == grundy.quotient("octal:0.75")


def test_a_changed_document_is_refused_and_bad_codes_raise():
    q = grundy.quotient("0.75")
    q["pretending"][-1] = (q["pretending"][-1] + 1) % q["order"]
    with pytest.raises(ValueError):
        grundy.check_quotient(q)
    with pytest.raises(ValueError):
        grundy.quotient("0.9x")
    partial = grundy.quotient("0.07", time_limit=0.2)
    assert partial["proven"] is False
    assert "stopped" in partial["unproven"]


def test_ctrl_c_stops_a_long_check_at_once():
    # A cycle of 10,000 elements, the most the check holds: its products
    # take about a second, and Ctrl-C stops them (the GIL released).
    m = 10_000
    doc = grundy.quotient("0.75")
    doc.update(order=m, proven=False, relations=[], p_portion=[1], p_size=1,
               generators=[{"name": "a", "heap": 1}], pretending=[0, 1],
               elements=[[i] for i in range(m)],
               actions=[[(i + 1) % m for i in range(m)]])
    with pytest.raises(ValueError, match="has moves but none to a P-position"):
        grundy.check_quotient(doc)
    sent = {}

    def interrupt():
        time.sleep(0.1)
        sent["at"] = time.perf_counter()
        signal.raise_signal(signal.SIGINT)

    thread = threading.Thread(target=interrupt)
    thread.start()
    with pytest.raises(KeyboardInterrupt):
        grundy.check_quotient(doc)
    waited = time.perf_counter() - sent["at"]
    thread.join()
    # Within about 100 ms; a margin for a loaded machine.
    assert waited < 0.5, waited


def test_a_quotient_given_decides_the_sums_of_the_heaps_it_reached():
    # 0.07's Q27 decides a sum with heaps of 26 and 27, which the search
    # alone refuses within 1,000 positions.
    q = grundy.quotient("0.07", upto=28)
    assert (q["heaps"], q["order"], q["proven"]) == (28, 176, False)
    heaps = {"kind": "heaps", "heaps": [27, 27, 27, 26, 26]}
    small = grundy.game("octal:0.07", misere=True, misere_budget=1000)
    with pytest.raises(ValueError, match="more than 1,000 positions"):
        small.outcome(heaps)
    given = grundy.game("octal:0.07", misere=True, misere_budget=1000, quotient=q)
    assert given.outcome(heaps) == "first"
    assert given.analyse(heaps)["misere_basis"] == (
        "the partial misère quotient of octal:0.07 given, exact for sums of heaps "
        "below 28 (176 elements, 28 in P)"
    )
    # Every winning move leaves a sum the quotient puts in P, which its
    # own outcome says too.
    moves = given.winning_moves(heaps)
    assert moves
    for move in moves:
        after = given.play(heaps, move)
        assert given.outcome(after) == "second"
    with pytest.raises(ValueError, match="a quotient of octal:0.77, not of octal:0.07"):
        grundy.game("octal:0.07", misere=True, quotient=grundy.quotient("0.77"))
    with pytest.raises(ValueError, match="needs misere=True"):
        grundy.game("octal:0.07", quotient=q)
    q["pretending"][27] = q["pretending"][26]
    with pytest.raises(ValueError, match="quotient="):
        grundy.game("octal:0.07", misere=True, quotient=q)
