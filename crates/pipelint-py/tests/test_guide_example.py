"""The user guide's Python example (docs/python.md) runs as shown, and prints what its
comments say."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from conftest import REPO


def python_example() -> str:
    page = (REPO / "docs" / "python.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```\n", page, re.S)
    assert match, "no Python example in docs/python.md"
    return match.group(1)


def test_the_guide_example_prints_what_its_comments_say():
    code = python_example()
    # Each `print(...)  # text` line promises output that starts with `text` (`...` ends it).
    promised = [
        comment.split("...")[0].strip()
        for comment in re.findall(r"^\s*print\(.*?\)\s*#\s*(.*)$", code, re.M)
    ]
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exited:
        exec(compile(code, "docs/python.md", "exec"), {})
    assert str(exited.value) == "not sending a body pipelint refuses"
    printed = out.getvalue().splitlines()
    assert len(printed) >= len(promised) == 2
    for line, start in zip(printed, promised):
        assert line.startswith(start), (line, start)
