"""`pipelint.lint(path=...)` and `pipelint.fix(path=...)` give what `pipelint check` gives for
the same file, on the project the command line and the language server are compared on
(crates/pipelint/tests/data/parity: pairing, [rules] levels, a per-pointer override, a
[kinds] glob, a byte-order mark, CRLF)."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

import pipelint

from conftest import REPO

PROJECT = REPO / "crates" / "pipelint" / "tests" / "data" / "parity"
FILES = sorted(p.relative_to(PROJECT).as_posix() for p in PROJECT.rglob("*.json"))


def check(*args: str, stdin: bytes | None = None) -> bytes:
    done = subprocess.run(
        [str(pathlib.Path(sys.executable).parent / "pipelint"), "check", *args],
        input=stdin,
        capture_output=True,
        cwd=PROJECT,
        timeout=60,
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


def test_the_project_has_every_scenario():
    assert FILES == [
        "bom.pipe.json",
        "crlf.pipe.json",
        "kinesis/orders.pipe.json",
        "kinesis/orders.scaling.json",
        "pipes/legacy.json",
    ]


@pytest.mark.parametrize("file", FILES)
def test_lint_with_a_path_finds_what_check_finds(file: str):
    body = (PROJECT / file).read_bytes()
    found = pipelint.lint(body, path=PROJECT / file)
    reported = json.loads(check("--output-format", "json", file))
    assert [(f.code, f.line, f.severity.value) for f in found] == [
        (r["code"], r["start"]["line"], r["severity"]) for r in reported
    ]


@pytest.mark.parametrize("file", FILES)
def test_fix_with_a_path_writes_what_check_fix_writes(file: str):
    body = (PROJECT / file).read_bytes()
    fixed = pipelint.fix(body, path=PROJECT / file)
    printed = check("--fix", "--stdin-filename", file, "-", stdin=body)
    assert fixed.text.encode("utf-8") == printed


def test_the_scenarios_are_what_the_project_is_for():
    def codes(file: str) -> list[str]:
        return [f.code for f in pipelint.lint((PROJECT / file).read_bytes(), path=PROJECT / file)]

    # Pairing: `concurrency` does not apply to the Kinesis pipe beside the patch; without the
    # path nothing is paired.
    assert "PL500" in codes("kinesis/orders.scaling.json")
    patch = (PROJECT / "kinesis/orders.scaling.json").read_bytes()
    assert "PL500" not in [f.code for f in pipelint.lint(patch, file_name="orders.scaling.json")]
    # The [kinds] glob, [rules] raising unknown-field, the override silencing one column.
    legacy_body = (PROJECT / "pipes/legacy.json").read_bytes()
    legacy = pipelint.lint(legacy_body, path=PROJECT / "pipes/legacy.json")
    assert [f.pointer for f in legacy if f.code == "PL105"] == ["/destination/columns/3/type"]
    assert any(f.code == "PL014" and f.severity == pipelint.Severity.ERROR for f in legacy)
    # config= lays levels over the project's [rules]; its override still applies.
    quiet = pipelint.lint(
        legacy_body,
        path=PROJECT / "pipes/legacy.json",
        config={"unknown-field": "off"},
    )
    assert "PL014" not in [f.code for f in quiet]
    assert [f.pointer for f in quiet if f.code == "PL105"] == ["/destination/columns/3/type"]


def test_a_relative_path_is_taken_from_the_working_directory(monkeypatch):
    monkeypatch.chdir(PROJECT / "kinesis")
    patch = (PROJECT / "kinesis/orders.scaling.json").read_bytes()
    assert "PL500" in [f.code for f in pipelint.lint(patch, path="orders.scaling.json")]


def test_path_and_file_name_are_not_both_given():
    with pytest.raises(ValueError, match="path or file_name"):
        pipelint.lint("{}", path="a.pipe.json", file_name="a.pipe.json")
    with pytest.raises(TypeError, match="path must be"):
        pipelint.lint("{}", path=b"a.pipe.json")  # type: ignore[arg-type]


def test_a_broken_config_on_the_path_is_an_error_naming_it(tmp_path):
    (tmp_path / "pipelint.toml").write_text("[rules]\nunknown-field = 'loud'\n", encoding="utf-8")
    with pytest.raises(ValueError, match="pipelint.toml"):
        pipelint.lint("{}", path=tmp_path / "a.pipe.json")


def test_a_file_two_kinds_globs_claim_is_refused_as_check_refuses_it(tmp_path):
    (tmp_path / "pipelint.toml").write_text(
        '[kinds]\ncreate-pipe = ["bodies/*.json"]\npipe-scaling = ["bodies/o*.json"]\n',
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="`create-pipe` and `pipe-scaling`"):
        pipelint.lint("{}", path=tmp_path / "bodies" / "orders.json")
    assert pipelint.lint('{"replicas": 2}', path=tmp_path / "bodies" / "items.json")
