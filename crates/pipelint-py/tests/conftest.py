"""Shared by the pytest suite of the installed `pipelint` package (run by .ci/run)."""

from __future__ import annotations

import pathlib
import re

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = REPO / "fixtures"


@pytest.fixture
def fixture_text():
    """The text of a file under fixtures/, e.g. `create-pipe/valid/postgres-cdc.json`."""

    def read(relative: str) -> str:
        return (FIXTURES / relative).read_text(encoding="utf-8")

    return read


def position_of(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column (in characters) of the only occurrence of `needle`."""
    assert text.count(needle) == 1, f"{needle!r} occurs {text.count(needle)} times"
    before = text[: text.index(needle)]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return line, column


def edit(text: str, old: str, new: str) -> str:
    """`text` with the only occurrence of `old` replaced by `new`."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


def fixture_versions(path: pathlib.Path) -> dict[str, str]:
    """The `api_version` / `stack_version` arguments a fixture's name markers choose
    (`mysql-cdc@api-latest.json`, `between@stack-2.24.alert.json`); none for the defaults."""
    versions = {}
    api = re.search(r"@api-(latest|\d{4}-\d{2})", path.name)
    if api:
        versions["api_version"] = api.group(1)
    stack = re.search(r"@stack-(latest|\d+\.\d+)", path.name)
    if stack:
        versions["stack_version"] = stack.group(1)
    return versions
