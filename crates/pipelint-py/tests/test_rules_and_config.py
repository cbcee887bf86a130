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
    assert by_code["PL011"].fix == "safe-or-unsafe"
    assert by_code["PL012"].url.endswith("/out-of-range.md")
