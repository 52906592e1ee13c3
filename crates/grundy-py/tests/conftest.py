"""Shared helpers: the `grundy` command line the package is checked against."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """The user's cache is never touched, and no test sees what another
    kept: the package and the CLI run by a test keep what they keep in a
    folder of that test (GRUNDY_CACHE_DIR)."""
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="session")
def cli():
    """The path of the `grundy` binary (GRUNDY_BIN, else built here)."""
    path = os.environ.get("GRUNDY_BIN")
    if not path:
        subprocess.run(["cargo", "build", "--quiet", "-p", "grundy-cli"], cwd=ROOT, check=True)
        path = str(ROOT / "target" / "debug" / "grundy")
    return path


def run(cli, *args, input=""):
    """Runs the CLI; (status, stdout, stderr)."""
    done = subprocess.run([cli, *args], input=input, capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def analyses(cli, game, positions):
    """The CLI's JSON analysis of every position, with every winning move
    and the engine's own move (which `analyse` always gives)."""
    lines = "".join(json.dumps(p) + "\n" for p in positions)
    status, out, err = run(
        cli, "solve", game, "--input", "json", "--format", "json", "--all", "--engine-move", input=lines
    )
    assert status == 0, err
    return [json.loads(line) for line in out.splitlines()]
