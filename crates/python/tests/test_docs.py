"""The example of docs/python.md runs as written."""

import pathlib
import re
import subprocess
import sys

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def test_the_pylos_example_runs():
    text = DOC.read_text()
    section = text.split("### Example: OpenSpiel's MCTS against our perfect bot in Pylos", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[-1].startswith("returns (Light, Dark): ")
    assert "wins" in lines[-2] or "loses" in lines[-2] or "Draw" in lines[-2]
