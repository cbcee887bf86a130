"""What the package shows a Python caller: its public names, and messages that speak of the
`kind=` argument where the command's speak of `--kind`."""

from __future__ import annotations

import pytest

import pipelint

from conftest import FIXTURES, fixture_versions

PUBLIC_API = [
    "Applicability",
    "Finding",
    "Fix",
    "Fixed",
    "Kind",
    "Rule",
    "Severity",
    "fix",
    "lint",
    "rules",
]


def test_all_lists_the_public_api():
    assert pipelint.__all__ == PUBLIC_API


def test_no_other_name_of_the_package_is_public():
    public = [name for name in dir(pipelint) if not name.startswith("_")]
    assert sorted(public) == sorted(PUBLIC_API)


def texts(finding: pipelint.Finding) -> list[str]:
    """Every text of a finding a caller may show."""
    shown = [finding.message, finding.help or "", finding.label or ""]
    return shown + ([finding.fix.title] if finding.fix else [])


@pytest.mark.parametrize("call", [pipelint.lint, lambda body: pipelint.fix(body).findings])
def test_an_unknown_kind_asks_for_kind_not_for_the_flag(call):
    (finding,) = call("{}")
    assert finding.name == "unknown-kind"
    assert finding.help is not None
    assert finding.help.startswith('pass `kind="<KIND>"` (one of `create-pipe`, '), finding.help
    # Longer flags are other words: the command that explains kinds keeps its name.
    assert "`pipelint check --explain-kind`" in finding.help


def test_a_response_checked_as_a_body_names_the_kind_to_pass():
    body = (FIXTURES / "pipe-response/valid/create-kafka-pipe.json").read_text(encoding="utf-8")
    helps = [f.help or "" for f in pipelint.lint(body, file_name="orders.pipe.json")]
    assert helps and all('or pass `kind="pipe-response"`' in help for help in helps), helps


def test_a_user_s_value_that_looks_like_the_flag_is_quoted_as_it_is():
    findings = pipelint.lint('{"--kind pipe": 1, "replicas": 2}', kind="pipe-scaling")
    messages = [f.message for f in findings if f.pointer == "/--kind pipe"]
    assert messages and all("`--kind pipe`" in m for m in messages), findings


def test_no_finding_of_any_fixture_speaks_of_the_flag():
    rewritten = set()
    for path in sorted(FIXTURES.rglob("*.json")):
        versions = fixture_versions(path)
        for finding in pipelint.lint(path.read_bytes(), file_name=path.name, **versions):
            for text in texts(finding):
                assert "--kind" not in text.replace("--explain-kind", ""), (path, text)
                if "kind=" in text:
                    rewritten.add(finding.code)
    # The sweep meets the texts that name the flag in the command's output.
    assert {"PL008", "PL012"} <= rewritten, rewritten


def test_the_rule_catalog_speaks_of_kind_too():
    summaries = {rule.name: rule.summary for rule in pipelint.rules()}
    assert summaries["unknown-kind"].endswith("use kind="), summaries["unknown-kind"]
    assert not [s for s in summaries.values() if "--kind" in s]
