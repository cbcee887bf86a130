"""Secret values never appear in what `pipelint.lint` and `pipelint.fix` return."""

from __future__ import annotations

import dataclasses

import pipelint

from conftest import edit

PASSWORD = '"password": "${WARPSTREAM_SASL_PASSWORD}"'


def everything_said(findings) -> str:
    return repr([dataclasses.asdict(f) for f in findings])


def test_secrets_are_masked_in_every_field(fixture_text):
    text = fixture_text("create-pipe/valid/kafka-warpstream-plain.json")
    # A literal password that is also pasted into the topics, a number as a password (its
    # wrong-type finding quotes values), and a misspelled secret member (a did-you-mean fix).
    text = edit(text, PASSWORD, '"password": 73519246, "passwrd": "Sweep-Passwrd-15"')
    text = edit(text, '"topics": "app-logs"', '"topics": "Sweep-Passwrd-15"')
    findings = pipelint.lint(text, kind=pipelint.Kind.CREATE_PIPE)

    codes = {f.code for f in findings}
    assert {"PL010", "PL014"} <= codes, findings
    said = everything_said(findings)
    for secret in ("73519246", "Sweep-Passwrd-15"):
        assert secret not in said


def test_a_literal_secret_in_a_dict_is_reported_and_masked(fixture_text):
    import json

    body = json.loads(fixture_text("create-pipe/valid/kafka-warpstream-plain.json"))
    body["source"]["kafka"]["credentials"]["password"] = "hunter2-Sweep-Dict-77"
    findings = pipelint.lint(body, kind="create-pipe")
    assert [(f.code, f.pointer) for f in findings] == [
        ("PL800", "/source/kafka/credentials/password")
    ]
    assert "hunter2-Sweep-Dict-77" not in everything_said(findings)


def everything_raised(error: BaseException) -> str:
    """What an exception can show: its message, arguments, notes and the printed traceback
    with every chained exception."""
    import traceback

    notes = getattr(error, "__notes__", [])
    return "\n".join(
        [str(error), repr(error), repr(error.args), repr(notes)]
        + traceback.format_exception(type(error), error, error.__traceback__)
    )


def test_an_exception_never_carries_a_secret_of_the_body(fixture_text):
    import json

    import pytest

    text = fixture_text("create-pipe/valid/kafka-warpstream-plain.json")
    text = edit(text, PASSWORD, '"password": "Sweep-Raised-Pa55word-\udc80"')
    body = json.loads(text.replace("\udc80", ""))
    body["source"]["kafka"]["credentials"]["password"] = "Sweep-Raised-Pa55word-\udc80"
    for given in (text, body):
        with pytest.raises(ValueError) as raised:
            pipelint.lint(given, kind="create-pipe")
        said = everything_raised(raised.value)
        assert "Sweep-Raised-Pa55word" not in said, said


def test_fix_masks_secrets_in_the_findings_left_and_leaves_them_in_the_text(fixture_text):
    text = fixture_text("create-pipe/valid/kafka-warpstream-plain.json")
    text = edit(text, PASSWORD, '"password": 73519246, "passwrd": "Sweep-Passwrd-15"')
    text = edit(text, '"topics": "app-logs"', '"topics": "Sweep-Passwrd-15"')
    text = edit(text, '"authentication": "PLAIN"', '"authentication": "plain"')  # a fix
    fixed = pipelint.fix(text, kind=pipelint.Kind.CREATE_PIPE, unsafe=True)

    assert fixed.applied >= 1 and '"authentication": "PLAIN"' in fixed.text
    assert {"PL010", "PL014"} <= {f.code for f in fixed.findings}, fixed.findings
    said = everything_said(fixed.findings)
    for secret in ("73519246", "Sweep-Passwrd-15"):
        assert secret not in said
        # The text is the caller's own body: no fix writes, moves or rewrites a secret.
        assert fixed.text.count(secret) == text.count(secret)
