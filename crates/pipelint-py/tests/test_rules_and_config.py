"""`pipelint.rules()` and the `config` argument of `pipelint.lint`."""

from __future__ import annotations

import pytest

import pipelint
from pipelint import Kind, Severity


def test_rules_list_the_catalog():
    rules = pipelint.rules()
    codes = [r.code for r in rules]
    assert len(codes) == len(set(codes)) > 50
    by_code = {r.code: r for r in rules}
    scaling = by_code["PL507"]
    assert (scaling.name, scaling.severity, scaling.kinds) == (
        "empty-scaling-patch",
        Severity.WARNING,
        (Kind.PIPE_SCALING,),
    )
    assert by_code["PL001"].kinds == ()
    assert scaling.syntaxes == ("json",)
    assert by_code["PL206"].syntaxes == ("json", "terraform")
    assert by_code["PL020"].syntaxes == ("terraform",)
    assert by_code["PL011"].fix == "safe-or-unsafe"
    assert by_code["PL012"].url.endswith("/out-of-range.md")


# A scaling patch with a misspelled member: one `unknown-field` (PL014) warning.
MISSPELLED = {"replicas": 2, "replicaCpuMilicores": 500}


def codes(findings):
    return [(f.code, f.severity) for f in findings]


def test_without_config_every_rule_reports_at_its_own_level():
    assert codes(pipelint.lint(MISSPELLED, kind="pipe-scaling")) == [("PL014", Severity.WARNING)]


@pytest.mark.parametrize("selector", ["PL014", "unknown-field", "PL01", "pl014", "ALL"])
def test_config_turns_a_rule_off_by_code_name_or_prefix(selector):
    assert pipelint.lint(MISSPELLED, kind="pipe-scaling", config={selector: "off"}) == []


def test_config_raises_and_lowers_a_rule():
    raised = pipelint.lint(MISSPELLED, kind="pipe-scaling", config={"unknown-field": "error"})
    assert codes(raised) == [("PL014", Severity.ERROR)]
    lowered = pipelint.lint(MISSPELLED, kind="pipe-scaling", config={"PL014": "info"})
    assert codes(lowered) == [("PL014", Severity.INFO)]


def test_a_later_entry_wins_over_an_earlier_one():
    config = {"PL0": "off", "unknown-field": "error"}
    assert codes(pipelint.lint(MISSPELLED, kind="pipe-scaling", config=config)) == [
        ("PL014", Severity.ERROR)
    ]


def test_turning_a_rule_off_leaves_the_other_rules():
    body = {"replicas": 50, "replicaCpuMilicores": 500}
    findings = pipelint.lint(body, kind="pipe-scaling", config={"PL014": "off"})
    assert [f.code for f in findings] == ["PL012"]


def test_turning_every_rule_off_still_says_a_broken_body_was_not_checked():
    findings = pipelint.lint('{"replicas": 2,}', kind="pipe-scaling", config={"ALL": "off"})
    assert [f.code for f in findings] == ["PL001"]


def test_an_unknown_rule_in_config_is_a_value_error_with_a_guess():
    with pytest.raises(ValueError, match=r"config: unknown rule `unknown-feild`; did you mean `unknown-field`\?"):
        pipelint.lint(MISSPELLED, kind="pipe-scaling", config={"unknown-feild": "off"})


def test_an_unknown_level_in_config_is_a_value_error():
    with pytest.raises(ValueError, match=r'config\["PL014"\]: unknown level `of`; did you mean `off`\?'):
        pipelint.lint(MISSPELLED, kind="pipe-scaling", config={"PL014": "of"})


@pytest.mark.parametrize(
    "config",
    [["PL014", "off"], {"PL014": False}, {14: "off"}, "PL014=off"],
    ids=["list", "bool-level", "int-rule", "str"],
)
def test_a_config_of_another_shape_is_a_type_error(config):
    with pytest.raises(TypeError, match="config"):
        pipelint.lint(MISSPELLED, kind="pipe-scaling", config=config)


def test_a_severity_may_be_given_as_the_enum():
    findings = pipelint.lint(MISSPELLED, kind="pipe-scaling", config={"PL014": Severity.ERROR})
    assert codes(findings) == [("PL014", Severity.ERROR)]
