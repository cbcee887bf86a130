"""Secret values never appear in what `pipelint.lint` returns."""

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
