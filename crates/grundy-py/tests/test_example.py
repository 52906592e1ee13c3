"""The example script runs and draws its heatmap."""

import pathlib
import subprocess
import sys

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python" / "explore.py"


def test_the_example_prints_the_period_and_writes_the_heatmap(tmp_path):
    out = tmp_path / "bomb.png"
    done = subprocess.run([sys.executable, str(EXAMPLE), str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "period, preperiod: (34, 53)" in done.stdout
    assert "G(0..40) of Dawson's Kayles: 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0" in done.stdout
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
