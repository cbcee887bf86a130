"""`api_version` and `stack_version`: the profile `pipelint.lint` checks a body against."""

from __future__ import annotations

import pytest

import pipelint
from pipelint import Kind, Severity

from conftest import fixture_versions

GCMK = "rules/needs-newer-api/invalid/api-kafka-gcmk.json"
BAR_TILE = "rules/needs-newer-api/invalid/bar-tile.json"


def names(findings: list[pipelint.Finding]) -> list[str]:
    return [f.name for f in findings]


def test_a_newer_api_version_accepts_what_the_contract_warns_about(fixture_text):
    body = fixture_text(GCMK)
    contract = pipelint.lint(body, kind=Kind.CREATE_PIPE)
    assert names(contract) == ["needs-newer-api"]
    assert contract[0].severity == Severity.WARNING
    assert "needs-newer-api" not in names(
        pipelint.lint(body, kind=Kind.CREATE_PIPE, api_version="latest")
    )
    # gcmk came in 2026-04, but with SCRAM only: PLAIN on it needs 2026-05.
    april = pipelint.lint(body, kind=Kind.CREATE_PIPE, api_version="2026-04")
    assert [(f.name, f.pointer) for f in april] == [
        ("needs-newer-api", "/source/kafka/authentication")
    ]
    assert "needs-newer-api" not in names(
        pipelint.lint(body, kind=Kind.CREATE_PIPE, api_version="2026-05")
    )


def test_a_chosen_stack_version_makes_the_finding_an_error(fixture_text):
    body = fixture_text(BAR_TILE)
    assert pipelint.lint(body, kind=Kind.DASHBOARD)[0].severity == Severity.WARNING
    chosen = pipelint.lint(body, kind=Kind.DASHBOARD, stack_version="2.22")
    assert [(f.name, f.severity) for f in chosen] == [("needs-newer-api", Severity.ERROR)]
    assert pipelint.lint(body, kind=Kind.DASHBOARD, stack_version="2.30") == []


@pytest.mark.parametrize(
    ("argument", "value", "known"),
    [
        ("api_version", "2026-06", "2026-04"),
        ("stack_version", "2.23", "2.36"),
        ("provider_version", "3.15.0", "3.14.0"),
    ],
)
def test_an_unknown_version_is_a_value_error_naming_the_known_ones(argument, value, known):
    with pytest.raises(ValueError, match=known) as raised:
        pipelint.lint("{}", kind=Kind.CREATE_PIPE, **{argument: value})
    assert "latest" in str(raised.value)


def test_a_version_that_is_not_a_string_is_a_type_error():
    with pytest.raises(TypeError, match="stack_version"):
        pipelint.lint("{}", kind=Kind.DASHBOARD, stack_version=2.3)  # type: ignore[arg-type]


def test_fixture_markers_choose_the_versions(tmp_path):
    assert fixture_versions(tmp_path / "mysql@api-latest.json") == {"api_version": "latest"}
    assert fixture_versions(tmp_path / "between@stack-2.24.alert.json") == {
        "stack_version": "2.24"
    }
    assert fixture_versions(tmp_path / "plain.json") == {}


PUBSUB_TF = """resource "clickhouse_clickpipe" "events" {
  name       = "events"
  service_id = "e9b3a9c2-4f0e-4a55-9d1c-7a1f2b3c4d5e"
  source = {
    pubsub = {
      format         = "JSONEachRow"
      project_id     = "analytics-prod-1"
      topic          = "events"
      authentication = "SERVICE_ACCOUNT"
      seek_type      = "latest"
      service_account_key = { service_account_file = var.key }
    }
  }
  destination = {
    table            = "events"
    table_definition = { engine = { type = "MergeTree" } }
    columns          = [{ name = "id", type = "String" }]
  }
  field_mappings = [{ source_field = "id", destination_field = "id" }]
}
"""


def test_the_provider_version_chooses_the_checks_of_a_tf_file():
    # Provider 3.14.0 has no Pub/Sub source: Terraform stops on an unsupported argument.
    old = pipelint.lint(PUBSUB_TF, file_name="main.tf", provider_version="3.14.0")
    assert "terraform-unsupported-argument" in [f.name for f in old]
    new = pipelint.lint(PUBSUB_TF, file_name="main.tf", provider_version="latest")
    assert "terraform-unsupported-argument" not in [f.name for f in new]
