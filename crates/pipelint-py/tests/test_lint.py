"""`pipelint.lint` on bodies of every kind: findings, positions, input types and errors."""

from __future__ import annotations

import json
import pathlib

import pytest

import pipelint
from pipelint import Applicability, Finding, Kind, Severity

from conftest import FIXTURES, edit, fixture_versions, position_of

# Terraform plans have their fixtures under terraform/plan/, each with its configuration.
VALID_PLAN = FIXTURES / "terraform" / "plan" / "valid" / "plan.json"
VALID = sorted([*FIXTURES.glob("*/valid/*.json"), *FIXTURES.glob("*/valid/*.tf"), VALID_PLAN])


def kind_of(path: pathlib.Path) -> Kind:
    return Kind.TERRAFORM_PLAN if path == VALID_PLAN else Kind(path.parts[-3])


def test_there_are_valid_fixtures_of_every_kind():
    assert {kind_of(path).value for path in VALID} == {kind.value for kind in Kind}


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_a_valid_body_has_no_finding(path: pathlib.Path):
    kind = kind_of(path)
    versions = fixture_versions(path)
    assert pipelint.lint(path.read_bytes(), kind=kind, **versions) == []
    assert pipelint.lint(path.read_text(encoding="utf-8"), kind=kind.value, **versions) == []


# The typical mistake of each source kind: the body, the code, and the text the finding
# starts at.
SOURCE_MISTAKES = [
    pytest.param(
        "kafka-warpstream-plain.json",
        ('"authentication": "PLAIN"', '"authentication": "SCRAM-SHA-512"'),
        "PL200",
        '"SCRAM-SHA-512"',
        id="kafka-auth-the-broker-does-not-support",
    ),
    pytest.param(
        "kinesis-iam-role.json",
        ('"iteratorType": "TRIM_HORIZON"', '"iteratorType": "AT_TIMESTAMP"'),
        "PL251",
        '"kinesis"',
        id="kinesis-at-timestamp-without-timestamp",
    ),
    pytest.param(
        "objectstorage-azureblobstorage-connection-string.json",
        ('"azureContainerName": "meter-readings",', ""),
        "PL302",
        '"objectStorage"',
        id="azure-blob-storage-without-container",
    ),
    pytest.param(
        "postgres-cdc.json",
        (None, None),
        "PL400",
        "[]",
        id="postgres-without-table-mappings",
    ),
]


@pytest.mark.parametrize("fixture, change, code, at", SOURCE_MISTAKES)
def test_each_source_kind_s_typical_mistake_is_found_where_it_is(
    fixture_text, fixture, change, code, at
):
    text = fixture_text(f"create-pipe/valid/{fixture}")
    old, new = change
    if old is None:  # postgres: empty the table mappings, whatever they hold
        body = json.loads(text)
        body["source"]["postgres"]["tableMappings"] = []
        text = json.dumps(body, indent=2)
    else:
        text = edit(text, old, new)

    findings = pipelint.lint(text, file_name=f"pipes/{fixture[:-5]}.pipe.json")

    assert [f.code for f in findings] == [code], findings
    (finding,) = findings
    assert (finding.line, finding.column) == position_of(text, at)
    assert finding.severity is Severity.ERROR
    assert finding.url.endswith(f"/{finding.name}.md")


def test_a_dict_is_linted_as_json_dumps_with_indent_2_writes_it():
    body = {"replicas": 45, "replicaCpuMillicores": 500}
    (finding,) = pipelint.lint(body, kind=Kind.PIPE_SCALING)
    assert (finding.code, finding.name, finding.pointer) == ("PL012", "out-of-range", "/replicas")
    text = json.dumps(body, indent=2, ensure_ascii=False)
    assert (finding.line, finding.column) == position_of(text, "45")
    assert (finding.end_line, finding.end_column) == (finding.line, finding.column + 2)


def test_a_dict_keeps_non_ascii_text_as_it_is():
    body = {"replicas": 2, "replicaCpuMilicores": 500, "é": 1}
    findings = pipelint.lint(body, kind="pipe-scaling")
    assert [(f.code, f.pointer) for f in findings] == [
        ("PL014", "/replicaCpuMilicores"),
        ("PL014", "/é"),
    ]
    text = json.dumps(body, indent=2, ensure_ascii=False)
    assert (findings[1].line, findings[1].column) == position_of(text, '"é"')


def test_the_kind_is_told_from_the_file_name_then_the_content():
    body = {"replicas": 50}
    by_name = pipelint.lint(body, file_name="orders.scaling.json")
    by_content = pipelint.lint(body)
    assert [f.code for f in by_name] == [f.code for f in by_content] == ["PL012"]
    (unknown,) = pipelint.lint({"hello": "world"})
    assert (unknown.code, unknown.name) == ("PL008", "unknown-kind")
    assert unknown.severity is Severity.ERROR


def test_a_file_name_may_be_a_path():
    findings = pipelint.lint({"replicas": 50}, file_name=pathlib.Path("p/orders.scaling.json"))
    assert [f.code for f in findings] == ["PL012"]


def test_fixes_come_with_their_applicability_and_place(fixture_text):
    text = fixture_text("create-pipe/valid/kinesis-iam-role.json")
    text = edit(text, '"TRIM_HORIZON"', '"trim_horizon"')
    (finding,) = pipelint.lint(text, kind="create-pipe")
    assert finding.code == "PL011"
    fix = finding.fix
    assert fix is not None
    assert fix.replacement == '"TRIM_HORIZON"'
    assert fix.applicability is Applicability.SAFE
    line, column = position_of(text, '"trim_horizon"')
    assert (fix.line, fix.column, fix.end_line, fix.end_column) == (line, column, line, column + 14)


def test_an_unsafe_fix_says_so():
    # A guessed member name is an unsafe fix (`--unsafe-fixes`).
    (finding,) = pipelint.lint({"replicas": 2, "replicaCpuMilicores": 500}, kind="pipe-scaling")
    assert finding.fix is not None
    assert finding.fix.replacement == '"replicaCpuMillicores"'
    assert finding.fix.applicability is Applicability.UNSAFE


def test_findings_are_frozen_and_comparable():
    (finding,) = pipelint.lint({"replicas": 50}, kind=Kind.PIPE_SCALING)
    with pytest.raises(AttributeError):
        finding.code = "PL000"  # type: ignore[misc]
    assert finding == pipelint.lint({"replicas": 50}, kind=Kind.PIPE_SCALING)[0]
    assert isinstance(finding, Finding)
    assert str(finding).startswith("2:15: PL012(out-of-range) ")


# Bad input that is a finding, as the command reports it.
@pytest.mark.parametrize(
    "body, code",
    [
        pytest.param('{"replicas": 2,}', "PL001", id="trailing-comma"),
        pytest.param("", "PL004", id="empty"),
        pytest.param(b'{"name": "caf\xe9"}', "PL002", id="latin-1-byte"),
        pytest.param('{"replicas": 2, "replicas": 3}', "PL005", id="duplicate-key"),
    ],
)
def test_a_body_that_is_not_json_is_a_finding_not_an_exception(body, code):
    findings = pipelint.lint(body, kind="pipe-scaling")
    assert code in [f.code for f in findings], findings


@pytest.mark.parametrize(
    "body",
    [42, None, ["replicas"], bytearray(b"{}"), 1.5],
    ids=["int", "None", "list", "bytearray", "float"],
)
def test_a_body_of_another_type_is_a_type_error(body):
    with pytest.raises(TypeError, match=r"body must be str, bytes or dict, not "):
        pipelint.lint(body)


def test_an_unknown_kind_is_a_value_error_naming_the_kinds():
    with pytest.raises(ValueError, match=r'unknown kind "create_pipe"; expected one of: create-pipe, '):
        pipelint.lint("{}", kind="create_pipe")


def test_a_kind_of_another_type_is_a_type_error():
    with pytest.raises(TypeError, match="kind must be a pipelint.Kind or str"):
        pipelint.lint("{}", kind=3)  # type: ignore[arg-type]


def test_a_dict_json_cannot_write_is_an_error():
    with pytest.raises(ValueError):
        pipelint.lint({"replicas": float("nan")}, kind="pipe-scaling")
    with pytest.raises(TypeError):
        pipelint.lint({"replicas": object()}, kind="pipe-scaling")


def test_a_str_that_is_not_unicode_text_is_a_value_error_with_the_position_only():
    body = '{"name": "orders-\ud800"}'
    with pytest.raises(ValueError) as raised:
        pipelint.lint(body, kind="create-pipe")
    error = raised.value
    # A plain ValueError: a UnicodeEncodeError would hold the whole text in `object`.
    assert type(error) is ValueError
    assert str(error) == (
        "body is not valid Unicode: a lone surrogate at character 17 cannot be encoded as UTF-8"
    )
    # Nothing chained either: the caught UnicodeEncodeError would carry the text along.
    assert error.__cause__ is None and error.__context__ is None


def test_a_dict_holding_a_lone_surrogate_is_a_value_error_with_the_position_only():
    with pytest.raises(ValueError) as raised:
        pipelint.lint({"name": "orders-\udfff"}, kind="create-pipe")
    error = raised.value
    assert type(error) is ValueError
    assert "a lone surrogate at character 20" in str(error), error
    assert "orders-" not in repr(error.args)
    assert error.__cause__ is None and error.__context__ is None


def test_a_dict_nested_too_deeply_to_write_is_the_documented_value_error():
    body: dict[str, object] = {}
    inner = body
    for _ in range(100_000):
        inner["a"] = {}
        inner = inner["a"]  # type: ignore[assignment]
    with pytest.raises(ValueError, match="nested too deeply") as raised:
        pipelint.lint(body, kind="pipe-scaling")
    assert raised.value.__context__ is None
    # Deep, but within what json writes: the finding the command gives for such a text.
    shallow: dict[str, object] = {}
    inner = shallow
    for _ in range(300):
        inner["a"] = {}
        inner = inner["a"]  # type: ignore[assignment]
    assert "PL006" in [f.code for f in pipelint.lint(shallow, kind="pipe-scaling")]


def test_the_kinds_are_the_core_s_kinds():
    from pipelint import _pipelint

    assert [kind.value for kind in Kind] == _pipelint.kinds()


def test_terraform_text_is_checked_with_kind_terraform():
    path = FIXTURES / "terraform" / "invalid" / "kafka-auth-for-broker--warpstream-scram.tf"
    text = path.read_text(encoding="utf-8")
    findings = pipelint.lint(text, kind="terraform")
    codes = [finding.code for finding in findings]
    assert "PL200" in codes
    scram = next(finding for finding in findings if finding.code == "PL200")
    assert scram.pointer == "clickhouse_clickpipe.logs.source.kafka.authentication"
    # The name tells the kind too.
    assert [f.code for f in pipelint.lint(text, file_name="main.tf")] == codes


def test_a_terraform_plan_is_told_by_content_and_masks_its_sensitive_values():
    path = FIXTURES / "terraform" / "plan" / "sensitive" / "plan.json"
    text = path.read_text(encoding="utf-8")
    findings = pipelint.lint(text)
    assert sorted(f.code for f in findings) == ["PL027", "PL029"]
    assert all(f.pointer.startswith("clickhouse_clickpipe.payments.") for f in findings)
    assert pipelint.lint(text, kind=Kind.TERRAFORM_PLAN) == findings
    # The broker address has no secret's name: only the plan marks it sensitive.
    shown = repr(findings)
    for secret in ["S3cret-Payments-Pw", "payments-internal"]:
        assert secret not in shown
    assert secret in text


def test_a_dict_s_positions_are_those_of_the_text_json_dumps_writes():
    """As `Finding` says: a dict is linted as the text `json.dumps(indent=2)` writes, so its
    positions are there (the file it came from may be laid out otherwise); the pointer is
    the same either way."""
    assert "json.dumps(body, indent=2, ensure_ascii=False)" in (pipelint.Finding.__doc__ or "")
    file_text = '{"replicas": 2, "replicaCpuMilicores": 500}'  # one line, as in a file
    body = json.loads(file_text)
    from_dict = pipelint.lint(body, kind="pipe-scaling")
    from_text = pipelint.lint(file_text, kind="pipe-scaling")
    assert [f.pointer for f in from_dict] == [f.pointer for f in from_text] != []
    dumped = json.dumps(body, indent=2, ensure_ascii=False).splitlines()
    for finding in from_dict:
        assert dumped[finding.line - 1][finding.column - 1 :].startswith('"replicaCpuMilicores"')
    assert [f.line for f in from_text] == [1] and [f.line for f in from_dict] == [3]
