"""grundy.cache_contents and grundy.clear_cache: the user's cache as
``grundy cache --format json`` lists it and ``grundy cache --clear``
clears it (the same folder, the same dict)."""

import json
import os
import pathlib

import grundy
from conftest import run


def test_an_empty_cache_lists_nothing_and_clears_nothing(cli):
    contents = grundy.cache_contents()
    assert contents["dir"] == os.environ["GRUNDY_CACHE_DIR"]
    assert contents["bomb_table"] is None
    assert contents["quotients"] == []
    assert contents["stopped_checks"] == []
    assert contents["total_bytes"] == 0
    assert grundy.clear_cache() == {"files": 0, "bytes": 0}


def test_what_the_package_keeps_is_listed_as_the_cli_lists_it_and_cleared(cli):
    grundy.quotient("0.75")
    grundy.quotient("0.07", upto=12)
    # Something else in the folder is neither listed nor removed.
    other = pathlib.Path(os.environ["GRUNDY_CACHE_DIR"]) / "notes.txt"
    other.write_text("mine")
    contents = grundy.cache_contents()
    status, out, _ = run(cli, "cache", "--format", "json")
    assert status == 0
    assert json.loads(out) == contents
    summaries = sorted(
        (q["summary"]["game"], q["summary"]["proven"], q["summary"]["heaps"], q["decides"])
        for q in contents["quotients"]
    )
    assert [s[:2] for s in summaries] == [("octal:0.07", False), ("octal:0.75", True)]
    assert summaries[0][2] == 12 and all(s[3] for s in summaries)
    files = {q["file"] for q in contents["quotients"]}
    assert all(q["bytes"] > 0 for q in contents["quotients"]) and len(files) == 2
    # The total counts the two documents and the two notes naming them.
    assert contents["total_bytes"] > sum(q["bytes"] for q in contents["quotients"])
    cleared = grundy.clear_cache()
    assert cleared == {"files": 4, "bytes": contents["total_bytes"]}
    assert grundy.cache_contents()["quotients"] == []
    assert other.read_text() == "mine"

