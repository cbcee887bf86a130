"""`pipelint.fix`: the fixed text, the fixes applied, the findings left, and the same text as
`pipelint check --fix -` gives."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

import pipelint
from pipelint import Applicability, Fixed, Kind

from conftest import FIXTURES, edit, fixture_versions, position_of

EMPTY_SETTINGS = FIXTURES / "rules/empty-settings/invalid/settings-empty.json"
KAFKA_AUTH_LOWERCASE = FIXTURES / (
    "create-pipe/invalid/invalid-enum-value--kafka-auth-lowercase.json"
)
SCALING_AND_SETTING = FIXTURES / "rules/deprecated-concurrency/invalid/s3-scaling-and-setting.json"
BOM = "\ufeff"


def read(path: pathlib.Path) -> str:
    return path.read_text(encoding="utf-8")


def names(findings: list[pipelint.Finding]) -> set[str]:
    return {f.name for f in findings}


def test_a_safe_fix_is_applied_and_the_findings_are_those_of_the_fixed_text():
    body = read(EMPTY_SETTINGS)
    assert "empty-settings" in names(pipelint.lint(body, file_name="orders.pipe.json"))
    fixed = pipelint.fix(body, file_name="orders.pipe.json")
    assert isinstance(fixed, Fixed)
    assert fixed.applied == 1
    assert fixed.text == edit(body, ',\n  "settings": {}', "")
    assert fixed.findings == pipelint.lint(fixed.text, file_name="orders.pipe.json")
    assert "empty-settings" not in names(fixed.findings)


def test_nothing_to_fix_gives_the_body_back():
    body = read(FIXTURES / "create-pipe/valid/postgres-cdc.json")
    assert pipelint.fix(body, kind=Kind.CREATE_PIPE) == Fixed(text=body, applied=0, findings=[])


def test_the_findings_left_have_their_places_in_the_fixed_text():
    # The fix removes a line above the member that stays wrong: its line moves up.
    body = edit(read(EMPTY_SETTINGS), '"settings": {}', '"settings": {},\n  "zzzbogus": 1')
    (before,) = [f for f in pipelint.lint(body, file_name="orders.pipe.json") if f.code == "PL014"]
    fixed = pipelint.fix(body, file_name="orders.pipe.json")
    (after,) = fixed.findings
    assert (fixed.applied, after.code) == (1, "PL014")
    assert (before.line, before.column) == position_of(body, '"zzzbogus"')
    assert (after.line, after.column) == position_of(fixed.text, '"zzzbogus"')
    assert after.line == before.line - 1


def test_unsafe_fixes_wait_for_unsafe_true():
    body = read(SCALING_AND_SETTING)
    safe = pipelint.fix(body, file_name="noaa.pipe.json")
    assert (safe.applied, safe.text) == (0, body)
    (left,) = safe.findings
    assert left.fix is not None and left.fix.applicability == Applicability.UNSAFE
    applied = pipelint.fix(body, file_name="noaa.pipe.json", unsafe=True)
    assert (applied.applied, applied.findings) == (1, [])
    assert applied.text != body


def test_a_rule_the_config_turns_off_fixes_nothing():
    body = read(EMPTY_SETTINGS)
    fixed = pipelint.fix(body, file_name="orders.pipe.json", config={"empty-settings": "off"})
    assert (fixed.applied, fixed.text) == (0, body)


def test_a_dict_is_fixed_as_the_text_lint_would_check():
    body = json.loads(read(EMPTY_SETTINGS))
    written = json.dumps(body, indent=2, ensure_ascii=False, allow_nan=False)
    fixed = pipelint.fix(body, kind="create-pipe")
    assert fixed.applied == 1
    assert fixed == pipelint.fix(written, kind="create-pipe")
    assert fixed.text != written and "settings" not in json.loads(fixed.text)


def test_bytes_in_text_out_and_a_byte_order_mark_stays():
    body = BOM + read(KAFKA_AUTH_LOWERCASE)
    fixed = pipelint.fix(body.encode("utf-8"), file_name="orders.pipe.json")
    assert fixed.applied == 1
    assert fixed.text.startswith(BOM)
    assert fixed.text == BOM + pipelint.fix(body[1:], file_name="orders.pipe.json").text


def test_bytes_that_are_not_utf8_come_back_unchanged_with_their_finding():
    body = b'{"replicas": \xff}'
    fixed = pipelint.fix(body, kind="pipe-scaling", unsafe=True)
    assert fixed.applied == 0
    assert fixed.text.encode("utf-8", "surrogateescape") == body
    assert [f.code for f in fixed.findings] == ["PL002"]


# Each wrong call raises what lint() raises for it, with the same message.
WRONG_CALLS = [
    pytest.param({"body": 3}, id="body-type"),
    pytest.param({"kind": "create_pipe"}, id="unknown-kind"),
    pytest.param({"kind": 3}, id="kind-type"),
    pytest.param({"file_name": b"orders.pipe.json"}, id="file-name-type"),
    pytest.param({"config": {"PL999": "off"}}, id="unknown-rule"),
    pytest.param({"config": {"PL014": "loud"}}, id="unknown-level"),
    pytest.param({"config": ["PL014"]}, id="config-type"),
    pytest.param({"api_version": "1999-01"}, id="unknown-api-version"),
    pytest.param({"stack_version": 2.22}, id="stack-version-type"),
    pytest.param({"body": {"x": float("nan")}}, id="dict-with-nan"),
    pytest.param({"body": "{\"name\": \"\udc80\"}"}, id="lone-surrogate"),
]


@pytest.mark.parametrize("arguments", WRONG_CALLS)
def test_a_wrong_call_is_the_error_lint_raises(arguments):
    arguments = {"body": "{}", **arguments}
    with pytest.raises((TypeError, ValueError)) as by_lint:
        pipelint.lint(**arguments)
    with pytest.raises(type(by_lint.value)) as by_fix:
        pipelint.fix(**arguments)
    assert str(by_fix.value) == str(by_lint.value)


def test_unsafe_must_be_a_bool():
    with pytest.raises(TypeError, match="unsafe must be a bool, not str"):
        pipelint.fix("{}", unsafe="yes")


# The same text as the command: the body on stdin, `--fix` prints the fixed text.
SAME_AS_THE_COMMAND = [
    pytest.param(read(EMPTY_SETTINGS), False, id="plain"),
    pytest.param(BOM + read(KAFKA_AUTH_LOWERCASE), False, id="byte-order-mark"),
    pytest.param(read(KAFKA_AUTH_LOWERCASE).replace("\n", "\r\n"), False, id="crlf"),
    pytest.param(read(EMPTY_SETTINGS).rstrip("\n"), False, id="no-final-newline"),
    pytest.param(BOM + read(SCALING_AND_SETTING).replace("\n", "\r\n"), True, id="unsafe"),
]


@pytest.mark.parametrize(("body", "unsafe"), SAME_AS_THE_COMMAND)
def test_the_text_is_what_check_fix_prints(tmp_path, body: str, unsafe: bool):
    fixed = pipelint.fix(body, file_name="orders.pipe.json", unsafe=unsafe)
    assert fixed.applied >= 1
    flags = ["--unsafe-fixes"] if unsafe else []
    done = subprocess.run(
        [
            str(pathlib.Path(sys.executable).parent / "pipelint"),
            "check",
            "--isolated",
            "--fix",
            *flags,
            "--stdin-filename",
            "orders.pipe.json",
            "-",
        ],
        input=body.encode("utf-8"),
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout == fixed.text.encode("utf-8")


# The kind and the versions (as keyword, value) a fixture is checked with.
Call = tuple[str | None, tuple[tuple[str, str], ...]]


def invalid_fixtures_by_call() -> dict[Call, list[pathlib.Path]]:
    """Every invalid fixture, grouped by the kind (its folder's, if that is a kind) and the
    versions (its name's markers) the command is given for it."""
    kinds = {kind.value for kind in Kind}
    groups: dict[Call, list[pathlib.Path]] = {}
    paths = sorted(FIXTURES.glob("*/invalid/*.json"))
    paths += sorted(FIXTURES.glob("rules/*/invalid/*.json"))
    for path in paths:
        folder = path.relative_to(FIXTURES).parts[0]
        kind = folder if folder in kinds else None
        versions = tuple(sorted(fixture_versions(path).items()))
        groups.setdefault((kind, versions), []).append(path)
    return groups


def crlf_and_bom(body: bytes) -> bytes:
    marked = body if body.startswith(BOM.encode("utf-8")) else BOM.encode("utf-8") + body
    return marked.replace(b"\n", b"\r\n")


@pytest.mark.parametrize(
    ("change", "unsafe"),
    [
        pytest.param(lambda body: body, False, id="as-is"),
        pytest.param(lambda body: body, True, id="as-is-unsafe"),
        pytest.param(crlf_and_bom, True, id="crlf-and-bom-unsafe"),
    ],
)
def test_every_invalid_fixture_is_fixed_as_check_fix_fixes_it(tmp_path, change, unsafe: bool):
    fixed_files = 0
    for group, ((kind, versions), paths) in enumerate(invalid_fixtures_by_call().items()):
        copies = []
        for number, path in enumerate(paths):
            # One folder per file: fixtures of different rules may share a name.
            copy = tmp_path / f"{group}-{number}" / path.name
            copy.parent.mkdir()
            copy.write_bytes(change(path.read_bytes()))
            copies.append(copy)
        flags = ["--kind", kind] if kind else []
        flags += [f"--{key.replace('_', '-')}={value}" for key, value in versions]
        flags += ["--unsafe-fixes"] if unsafe else []
        done = subprocess.run(
            [str(pathlib.Path(sys.executable).parent / "pipelint"), "check", "--isolated"]
            + ["--no-pair", "--fix", *flags, *map(str, copies)],
            capture_output=True,
            timeout=120,
        )
        # Exit 2 is a body whose kind is unknown; a usage error would print no summary.
        assert done.returncode in (0, 1, 2) and b"Applied " in done.stderr, done.stderr
        for path, copy in zip(paths, copies):
            fixed = pipelint.fix(
                change(path.read_bytes()),
                kind=kind,
                file_name=path.name,
                unsafe=unsafe,
                **dict(versions),
            )
            assert fixed.text.encode("utf-8", "surrogateescape") == copy.read_bytes(), path
            fixed_files += fixed.applied > 0
    # The fixtures exercise the fixes: most rules with a fix have an invalid fixture here.
    assert fixed_files >= 50
