"""grundy.quotient: misère quotients as grundy quotient --format json
prints them, and their check as certificates."""

import json
import os
import subprocess

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


def test_the_document_equals_the_clis():
    cli = os.environ.get("GRUNDY_BIN")
    if not cli:
        pytest.skip("GRUNDY_BIN not set")
    out = subprocess.run([cli, "quotient", "0.75", "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
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
