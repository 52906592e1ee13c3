"""grundy.quotient: misère quotients as grundy quotient --format json
prints them, and their check as certificates."""

import json
import os
import pathlib
import signal
import subprocess
import threading
import time
import zlib

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


def test_the_document_equals_the_clis(cli):
    # The CLI keeps a proven quotient in the test's cache (conftest), as the
    # package does: one copy, as both write it byte for byte.
    out = subprocess.run([cli, "quotient", "0.75", "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == grundy.quotient("octal:0.75")
    kept = pathlib.Path(os.environ["GRUNDY_CACHE_DIR"]) / "checked-quotients-v1"
    copies = sorted(p.name for p in kept.glob("*.json"))
    assert copies == [f"{len(out.encode())}-{zlib.crc32(out.encode()):08x}.json"]
    assert (kept / "proven-octal_3a0.75").read_text() == copies[0]


def test_a_runs_proof_is_checked_through_the_cache(cli):
    # The check a proof waits on goes on from what a stopped check of the
    # same document kept, and lets it go once it ends: a damaged one planted
    # under the proven document's name is gone after the run, and left
    # without the cache.
    out = subprocess.run([cli, "--no-cache", "quotient", "0.75", "--format", "json"],
                         capture_output=True, check=True).stdout
    kept = pathlib.Path(os.environ["GRUNDY_CACHE_DIR"]) / "checked-quotients-v1"
    kept.mkdir(parents=True)
    planted = kept / f"{len(out)}-{zlib.crc32(out):08x}.checking"
    planted.write_bytes(b"damaged")
    assert grundy.quotient("0.75", cache=False) == json.loads(out)
    assert planted.exists()
    assert grundy.quotient("0.75") == json.loads(out)
    assert not planted.exists()


KAYLES = {"kind": "heaps", "heaps": [60, 61, 62]}


def test_a_proven_quotient_kept_decides_misere_play_in_every_front_end(cli):
    # Within 10 positions Kayles' own look finds no quotient, and the
    # search cannot decide three heaps of 60.
    def small(**options):
        return grundy.game("octal:0.77", misere=True, misere_budget=10, **options)

    with pytest.raises(ValueError, match="more than 10 positions"):
        small().outcome(KAYLES)
    solve = [cli, "solve", "octal:0.77", "--misere", "--misere-budget", "10"]
    refused = subprocess.run(solve, input="60 61 62\n", capture_output=True, text=True)
    assert refused.returncode == 2, refused.stderr
    doc = grundy.quotient("0.77")
    assert doc["proven"]
    # Kept by the package: it decides the package's misère play, and the
    # CLI's, as the look at the default budget does.
    full = grundy.game("octal:0.77", misere=True, cache=False)
    assert small().analyse(KAYLES) == full.analyse(KAYLES)
    assert small().winning_moves(KAYLES) == full.winning_moves(KAYLES)
    assert small().analyse(KAYLES)["misere_basis"] == (
        "the misère quotient of octal:0.77 (40 elements, 9 in P), proven for every heap size"
    )
    decided = subprocess.run(solve, input="60 61 62\n", capture_output=True, text=True)
    assert decided.returncode == 0, decided.stderr
    assert "proven for every heap size" in decided.stdout
    assert grundy.judge("octal:0.77", "60 61 62\n1\n", misere=True, misere_budget=10) == (
        "WIN\nLOSE\n"
    )
    # cache=False goes without.
    with pytest.raises(ValueError, match="more than 10 positions"):
        small(cache=False).outcome(KAYLES)
    with pytest.raises(ValueError, match="more than 10 positions"):
        grundy.judge("octal:0.77", "60 61 62\n", misere=True, misere_budget=10, cache=False)


def test_a_quotient_the_cli_proved_decides_the_packages_misere_play(cli):
    subprocess.run([cli, "quotient", "0.77"], capture_output=True, check=True)
    game = grundy.game("octal:0.77", misere=True, misere_budget=10)
    assert game.outcome(KAYLES) == "first"
    assert grundy.game("octal:0.77", misere=True, cache=False).outcome(KAYLES) == "first"


def test_nothing_is_kept_without_the_cache_and_a_partial_run_only_if_further():
    kept = pathlib.Path(os.environ["GRUNDY_CACHE_DIR"]) / "checked-quotients-v1"
    doc = grundy.quotient("0.77", cache=False)
    assert grundy.check_quotient(doc, cache=False) > 71
    grundy.game("octal:0.77", misere=True, quotient=doc, cache=False)
    assert grundy.quotient("0.07", upto=20, cache=False)["heaps"] == 20
    assert not kept.exists()
    # A partial run is kept when it reaches further than the one kept for
    # its code, and noted: it decides the sums of the heaps it reached.
    partial = grundy.quotient("0.07", upto=20)
    assert not partial["proven"]
    copies = sorted(p.name for p in kept.iterdir())
    assert len(copies) == 2 and copies[1] == "partial-octal_3a0.07", copies
    assert (kept / "partial-octal_3a0.07").read_text() == copies[0]
    grundy.quotient("0.07", upto=10)
    grundy.check_quotient(partial)
    assert sorted(p.name for p in kept.iterdir()) == copies
    sum_ = {"kind": "heaps", "heaps": [19, 18, 17, 3]}
    game = grundy.game("octal:0.07", misere=True, misere_budget=10)
    assert game.analyse(sum_)["misere_basis"].startswith(
        "the partial misère quotient of octal:0.07 kept in the cache, exact for sums of "
        "heaps below 20 ("
    )
    full = grundy.game("octal:0.07", misere=True, cache=False)
    assert game.winning_moves(sum_) == full.winning_moves(sum_)
    with pytest.raises(ValueError, match="more than 10 positions"):
        grundy.game("octal:0.07", misere=True, misere_budget=10, cache=False).outcome(sum_)


def test_a_run_goes_on_from_the_quotient_kept_to_the_same_quotient():
    # Kept at heap 20, then on to 30: the quotient of a run from heap 0.
    grundy.quotient("0.77", upto=20)
    assert grundy.quotient("0.77", upto=30) == grundy.quotient("0.77", upto=30, cache=False)
    proven = grundy.quotient("0.75")
    assert grundy.quotient("0.75") == proven == grundy.quotient("0.75", cache=False)
    # The run did go on from the copy kept: one planted under the name of
    # its bytes (so trusted as checked before), its first change moved to
    # another heap, carries that change into what the run returns; a run
    # to fewer heaps than it reached, or without the cache, does not.
    kept = pathlib.Path(os.environ["GRUNDY_CACHE_DIR"]) / "checked-quotients-v1"
    doc = grundy.quotient("0.07", upto=12, cache=False)
    doc["changes"][0]["heap"] += 100
    text = (json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
    name = f"{len(text)}-{zlib.crc32(text):08x}.json"
    (kept / name).write_bytes(text)
    (kept / "partial-octal_3a0.07").write_text(name)
    moved = grundy.quotient("0.07", upto=16)
    assert moved["changes"][0] == doc["changes"][0]
    assert moved["heaps"] == 16
    fresh = grundy.quotient("0.07", upto=16, cache=False)
    assert fresh["changes"][0]["heap"] == doc["changes"][0]["heap"] - 100
    assert moved["pretending"] == fresh["pretending"]
    assert grundy.quotient("0.07", upto=11)["changes"] == grundy.quotient(
        "0.07", upto=11, cache=False)["changes"]


def test_a_document_kept_is_not_checked_again(cli):
    # A copy planted under the name of its bytes as the CLI writes them,
    # though its P-portion is wrong, passes as one checked before; without
    # the cache it is checked and refused. So the package names a document
    # it is given by the same bytes as the CLI.
    out = subprocess.run([cli, "--no-cache", "quotient", "0.75", "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
    doc = json.loads(out)
    assert (json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n") == out
    doc["p_portion"] = doc["p_portion"][1:]
    doc["p_size"] -= 1
    with pytest.raises(ValueError, match="quotient="):
        grundy.game("octal:0.75", misere=True, quotient=doc, cache=False)
    text = (json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
    kept = pathlib.Path(os.environ["GRUNDY_CACHE_DIR"]) / "checked-quotients-v1"
    kept.mkdir(parents=True)
    (kept / f"{len(text)}-{zlib.crc32(text):08x}.json").write_bytes(text)
    game = grundy.game("octal:0.75", misere=True, quotient=doc)
    assert "1 in P" in game.analyse({"kind": "heaps", "heaps": [5]})["misere_basis"]
    # check_quotient always checks.
    with pytest.raises(ValueError):
        grundy.check_quotient(doc)


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


@pytest.mark.parametrize("limit", [0, -1.0, 1e9 + 1, 1e300, float("inf"), float("nan")])
def test_a_time_limit_out_of_bounds_is_a_value_error_not_a_panic(limit):
    # 1e300 seconds once reached Duration's conversion and panicked in
    # grundy.quotient (grundy.octal refused it, with a message that said
    # "above 0"); both now take what `--time-limit` takes.
    expected = "time_limit: expected a number of seconds above 0 and at most 1,000,000,000, got "
    with pytest.raises(ValueError, match=expected):
        grundy.quotient("0.75", time_limit=limit, cache=False)
    with pytest.raises(ValueError, match=expected):
        grundy.octal("0.75", time_limit=limit)
    assert grundy.quotient("0.75", time_limit=1e9, cache=False)["order"] == 8
    assert grundy.octal("0.75", time_limit=1e9).complete is True


def test_ctrl_c_stops_a_long_check_at_once():
    # A cycle of 10,000 elements, the most the check holds: its products
    # take about a second, and Ctrl-C stops them (the GIL released).
    m = 10_000
    doc = grundy.quotient("0.75")
    doc.update(order=m, proven=False, heaps=2, relations=[], p_portion=[1], p_size=1,
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


def test_a_check_stopped_by_ctrl_c_is_gone_on_from_the_next_time():
    # 0.56 to 30,000 heaps: its check reads them for about a second. Ctrl-C
    # while it reads them keeps how far it got in the cache; the next check
    # of the same document goes on from there and lets it go.
    doc = grundy.quotient("0.56", upto=30_000, cache=False)

    def interrupt():
        time.sleep(0.4)
        signal.raise_signal(signal.SIGINT)

    thread = threading.Thread(target=interrupt)
    thread.start()
    with pytest.raises(KeyboardInterrupt):
        grundy.check_quotient(doc)
    thread.join()
    contents = grundy.cache_contents()
    assert contents["quotients"] == []
    [stopped] = contents["stopped_checks"]
    assert 1 < stopped["heap"] < 30_000, stopped
    assert grundy.check_quotient(doc) == 30_000
    contents = grundy.cache_contents()
    assert contents["stopped_checks"] == []
    [kept] = contents["quotients"]
    assert stopped["file"] == kept["file"].replace(".json", ".checking")


def test_a_quotient_given_decides_the_sums_of_the_heaps_it_reached():
    # 0.07's Q27 decides a sum with heaps of 26 and 27, which the search
    # alone refuses within 1,000 positions (without the cache, which keeps
    # Q27 too).
    q = grundy.quotient("0.07", upto=28)
    assert (q["heaps"], q["order"], q["proven"]) == (28, 176, False)
    heaps = {"kind": "heaps", "heaps": [27, 27, 27, 26, 26]}
    small = grundy.game("octal:0.07", misere=True, misere_budget=1000, cache=False)
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
    # A sum with a larger heap goes to the search, which takes the
    # quotient's answers for the sums of heaps below 28 its moves reach:
    # answered within the same 1,000 positions, refused without them.
    past = {"kind": "heaps", "heaps": [31, 29, 3]}
    with pytest.raises(ValueError, match="more than 1,000 positions"):
        small.outcome(past)
    assert given.outcome(past) == "first"
    assert given.analyse(past)["misere_basis"].startswith(
        "genus theory where every heap is tame, else a search of the sum (its sums of "
        "heaps below 28 decided by the partial misère quotient given; no misère quotient"
    )
    # Kept in the cache, it decides both without being given.
    kept = grundy.game("octal:0.07", misere=True, misere_budget=1000)
    assert kept.analyse(heaps)["misere_basis"] == (
        "the partial misère quotient of octal:0.07 kept in the cache, exact for sums of "
        "heaps below 28 (176 elements, 28 in P)"
    )
    assert kept.winning_moves(heaps) == moves
    assert kept.outcome(past) == "first"
    assert "decided by the partial misère quotient kept in the cache;" in (
        kept.analyse(past)["misere_basis"]
    )
    with pytest.raises(ValueError, match="a quotient of octal:0.77, not of octal:0.07"):
        grundy.game("octal:0.07", misere=True, quotient=grundy.quotient("0.77"))
    with pytest.raises(ValueError, match="needs misere=True"):
        grundy.game("octal:0.07", quotient=q)
    q["pretending"][27] = q["pretending"][26]
    with pytest.raises(ValueError, match="quotient="):
        grundy.game("octal:0.07", misere=True, quotient=q)
