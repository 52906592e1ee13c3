"""`grundy.octal` and `grundy.proven_period` against `grundy octal`."""

import json
import signal
import threading
import time

import numpy as np
import pytest

import grundy
from conftest import run

CODES = ["0.07", "0.77", "0.137", "0.156", "0.51", "4.07", "0.6"]


@pytest.mark.parametrize("code", CODES)
def test_values_and_periods_equal_the_clis(cli, code):
    status, out, err = run(cli, "octal", code, "--upto", "20000", "--format", "json")
    assert status == 0, err
    expected = json.loads(out)
    result = grundy.octal(code, upto=20000)
    assert isinstance(result.values, np.ndarray) and result.values.dtype == np.uint32
    assert result.values.tolist() == expected["values"]
    assert result.computed == expected["computed"] == len(expected["values"])
    assert result.period == expected["period"]
    assert result.preperiod == expected["preperiod"]
    assert result.largest == max(expected["values"])
    assert result.code == code


def test_published_periods():
    # Dawson's Kayles: period 34 from n = 53; Kayles: period 12 from n = 71
    # (Berlekamp, Conway and Guy, Winning Ways, 2nd ed., vol. 1, ch. 4).
    dawson = grundy.octal("0.07")
    assert (dawson.period, dawson.preperiod) == (34, 53)
    kayles = grundy.octal("0.77")
    assert (kayles.period, kayles.preperiod) == (12, 71)
    # The check on values given from elsewhere.
    assert grundy.proven_period(kayles.values, 2) == (12, 71)
    assert grundy.proven_period(list(kayles.values[:100]), 2) is None


def test_three_parts_need_more_values():
    # 5, then 0 1 repeated: period 2 from heap 1. With t = 1, two parts
    # prove it from 2 + 4 + 1 = 7 values, three parts from 3 + 6 + 1 = 10.
    values = [5] + [i % 2 for i in range(20)]
    assert grundy.proven_period(values[:7], 1) == (2, 1)
    assert grundy.proven_period(values[:9], 1, parts=3) is None
    assert grundy.proven_period(values[:10], 1, parts=3) == (2, 1)


def test_a_run_without_values_keeps_the_digest_of_the_cli(cli):
    status, out, err = run(cli, "octal", "0.161", "--upto", "300000", "--no-values")
    assert status == 0, err
    result = grundy.octal("0.161", upto=300_000, values=False)
    assert result.values is None
    assert f"{result.digest:016x}" in out
    assert f"largest value {result.largest}" in out
    full = grundy.octal("0.161", upto=300_000, threads=1)
    assert full.digest == result.digest


def test_limits_are_refused_with_the_reason():
    with pytest.raises(ValueError, match="more than 33554432 values are not kept: pass values=False"):
        grundy.octal("0.6", upto=2**26)
    with pytest.raises(ValueError, match="not in 1..=2\\^40"):
        grundy.octal("0.6", upto=0)
    with pytest.raises(ValueError, match="not a digit"):
        grundy.octal("0.x7")


def test_a_long_run_lets_other_threads_run():
    done = {}

    def compute():
        done["start"] = time.perf_counter()
        done["result"] = grundy.octal("0.161", upto=3_000_000)
        done["end"] = time.perf_counter()

    worker = threading.Thread(target=compute)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    worker.join()
    during = [t for t in ticks if done["start"] < t < done["end"]]
    # Holding the GIL for the whole computation would leave no tick inside it.
    assert done["end"] - done["start"] > 0.05
    assert len(during) > 20, (len(during), done["end"] - done["start"])
    assert done["result"].computed == 3_000_000


def test_ctrl_c_stops_a_run_of_costly_values_at_once():
    # 0.106's values cost more and more (its rare heaps are too many for a
    # sparse space to pay): Ctrl-C is looked for between batches sized by
    # the clock, about 20 ms each, not between batches of a fixed count.
    sent = {}

    def interrupt():
        time.sleep(2)
        sent["at"] = time.perf_counter()
        signal.raise_signal(signal.SIGINT)

    threading.Thread(target=interrupt).start()
    with pytest.raises(KeyboardInterrupt):
        grundy.octal("0.106", upto=100_000_000, values=False)
    waited = time.perf_counter() - sent["at"]
    # Within about 100 ms; a margin for a loaded machine.
    assert waited < 0.5, waited


def literal_0_8(n):
    """G(0) … G(n − 1) of 0.8 by its rule, written here: a move takes one
    token from a heap and leaves exactly three heaps."""
    g = []
    for heap in range(n):
        rest = max(heap - 1, 0)
        seen = {g[a] ^ g[b] ^ g[rest - a - b] for a in range(1, rest) for b in range(1, rest - a)}
        g.append(next(v for v in range(heap + 2) if v not in seen))
    return g


def test_a_time_limit_ends_a_run_with_what_it_computed():
    # 0.8 splits in three and has no period: the default upto would take
    # years. (The limit is checked between batches; the assertion on time
    # only keeps a broken limit from passing.)
    start = time.perf_counter()
    result = grundy.octal("0.8", time_limit=0.3)
    assert time.perf_counter() - start < 60
    assert result.complete is False
    assert result.period is None
    assert 0 < result.computed == len(result.values) < 1_000_000
    n = min(result.computed, 300)
    assert list(result.values[:n]) == literal_0_8(n)
    assert "complete=False" in repr(result)
    assert grundy.octal("0.07", time_limit=60).complete is True
    with pytest.raises(ValueError, match="time_limit: expected a number of seconds above 0 and at most 1,000,000,000, got 0"):
        grundy.octal("0.8", time_limit=0)
