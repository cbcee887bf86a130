# Stubs of the native module (crates/pipelint-py/src/lib.rs). The typed API users import
# is pipelint/__init__.py; these dicts are what it is built from.
from typing import TypedDict

__all__ = ["__version__", "fix", "kinds", "lint", "main", "rules"]
__version__: str

class _FixDict(TypedDict):
    title: str
    replacement: str
    applicability: str
    line: int
    column: int
    end_line: int
    end_column: int

class _FindingDict(TypedDict):
    code: str
    name: str
    severity: str
    message: str
    help: str | None
    label: str | None
    pointer: str
    line: int
    column: int
    end_line: int
    end_column: int
    url: str
    fix: _FixDict | None

class _RuleDict(TypedDict):
    code: str
    name: str
    severity: str
    kinds: list[str]
    syntaxes: list[str]
    summary: str
    fix: str
    url: str

class _FixedDict(TypedDict):
    text: bytes
    applied: int
    findings: list[_FindingDict]

def lint(
    body: bytes,
    kind: str | None = None,
    file_name: str | None = None,
    config: list[tuple[str, str]] = ...,
    api_version: str | None = None,
    stack_version: str | None = None,
    provider_version: str | None = None,
    path: str | None = None,
) -> list[_FindingDict]: ...
def fix(
    body: bytes,
    kind: str | None = None,
    file_name: str | None = None,
    config: list[tuple[str, str]] = ...,
    api_version: str | None = None,
    stack_version: str | None = None,
    provider_version: str | None = None,
    path: str | None = None,
    unsafe_fixes: bool = False,
) -> _FixedDict: ...
def kinds() -> list[str]: ...
def rules() -> list[_RuleDict]: ...
def main(argv: list[str]) -> int: ...
