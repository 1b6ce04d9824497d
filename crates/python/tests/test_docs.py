"""Every Python block of docs/python.md runs as written, and prints what the text block
after it says."""

import pathlib
import re
import subprocess
import sys

import pytest

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
BLOCK = re.compile(r"```python\n(.*?)```(?:\n\n[^`]*?\n\n```text\n(.*?)```)?", re.S)
BLOCKS = BLOCK.findall(DOC.read_text())


def test_the_page_has_its_examples():
    assert len(BLOCKS) >= 2 and all(printed for _, printed in BLOCKS)


@pytest.mark.parametrize("code, printed", BLOCKS, ids=[f"block{n}" for n in range(len(BLOCKS))])
def test_a_block_runs_as_written(code, printed):
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout == printed
