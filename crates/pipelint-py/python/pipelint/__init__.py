"""pipelint: lint pipe definitions and other management API bodies before they are sent.

The same checks as the ``pipelint`` command, in-process::

    import pipelint

    for finding in pipelint.lint(body, kind=pipelint.Kind.CREATE_PIPE):
        print(finding)

    fixed = pipelint.fix(body, kind=pipelint.Kind.CREATE_PIPE)
    print(fixed.applied, fixed.text)

``body`` is the JSON text (``str`` or UTF-8 ``bytes``) or a ``dict``. Secret values
(passwords, keys, connection strings) are masked in every finding, as in the command's
output.
"""

# The helpers are imported under private names: `__all__` and `dir(pipelint)` name the
# public API only. (No `from __future__ import annotations`: it would bind `annotations`.)
import enum as _enum
import json as _json
import os as _os
from collections.abc import Mapping as _Mapping
from dataclasses import dataclass as _dataclass
from typing import Any as _Any

from . import _pipelint

__version__: str = _pipelint.__version__

__all__ = [
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


class _StrEnum(str, _enum.Enum):
    """An enum of strings that prints as its value (``enum.StrEnum`` needs Python 3.11)."""

    def __str__(self) -> str:
        return str(self.value)


class Kind(_StrEnum):
    """The kinds of document pipelint knows; the values are the names ``kind=`` takes (and the
    command's ``--kind``)."""

    CREATE_PIPE = "create-pipe"
    PIPE_SCALING = "pipe-scaling"
    CDC_SCALING = "cdc-scaling"
    PIPE = "pipe"
    PIPE_RESPONSE = "pipe-response"
    SERVICE = "service"
    SERVICE_LIST = "service-list"
    ERROR = "error"
    STACK_ALERT = "stack-alert"
    MANAGED_STACK_ALERT = "managed-stack-alert"
    CHART_SERIES = "chart-series"
    DASHBOARD = "dashboard"
    DASHBOARD_UPDATE = "dashboard-update"
    #: A Terraform file: each ``clickhouse_clickpipe`` resource is checked as a create-pipe body.
    TERRAFORM = "terraform"
    #: A Terraform plan (``terraform show -json``): each ``clickhouse_clickpipe`` it creates or
    #: updates is checked from its planned values (also told by its content).
    TERRAFORM_PLAN = "terraform-plan"


class Severity(_StrEnum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


class Applicability(_StrEnum):
    """Whether ``pipelint check --fix`` applies a fix (``SAFE``) or only
    ``--fix --unsafe-fixes`` does (``UNSAFE``)."""

    SAFE = "safe"
    UNSAFE = "unsafe"


@_dataclass(frozen=True)
class Fix:
    """A replacement of the text between (line, column) and (end_line, end_column)."""

    title: str
    replacement: str
    applicability: Applicability
    line: int
    column: int
    end_line: int
    end_column: int


@_dataclass(frozen=True)
class Finding:
    """One finding. Lines and columns are 1-based; columns count characters (code points),
    and the end is exclusive. ``pointer`` is the RFC 6901 JSON pointer of the member the
    finding is about (``""`` is the whole document); in a Terraform file, the attribute's
    address (``clickhouse_clickpipe.NAME.source.kafka``).

    For a ``dict`` given to :func:`lint` or :func:`fix`, lines and columns are positions in
    the text ``json.dumps(body, indent=2, ensure_ascii=False)`` writes, not in the file the
    dict was loaded from: pass the file's text (``path.read_text()``) to get its positions,
    or use ``pointer``, which is the same either way."""

    code: str
    name: str
    severity: Severity
    message: str
    help: str | None
    label: str | None
    pointer: str
    line: int
    column: int
    end_line: int
    end_column: int
    url: str
    fix: Fix | None

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.code}({self.name}) {self.message}"


@_dataclass(frozen=True)
class Rule:
    """One rule of the catalog (``pipelint rules``). ``kinds`` is empty when the rule
    applies to every kind; ``syntaxes`` names the files it checks, ``"json"`` and or
    ``"terraform"`` (``.tf``, ``.tf.json``); ``fix`` is ``"none"``, ``"safe"``, ``"safe-or-unsafe"`` or
    ``"unsafe"``."""

    code: str
    name: str
    severity: Severity
    kinds: tuple[Kind, ...]
    syntaxes: tuple[str, ...]
    summary: str
    fix: str
    url: str


@_dataclass(frozen=True)
class Fixed:
    """What :func:`fix` made of a body: ``text``, the fixed JSON text (the body's own text
    when nothing applied); ``applied``, how many fixes it took; ``findings``, those left in
    ``text`` (their lines and columns refer to it), as :func:`lint` of ``text`` gives them."""

    text: str
    applied: int
    findings: list[Finding]


def lint(
    body: str | bytes | dict[str, _Any],
    *,
    kind: Kind | str | None = None,
    file_name: str | _os.PathLike[str] | None = None,
    config: _Mapping[str, str] | None = None,
    api_version: str | None = None,
    stack_version: str | None = None,
    provider_version: str | None = None,
    path: str | _os.PathLike[str] | None = None,
) -> list[Finding]:
    """Lints one document and returns its findings, sorted by position.

    ``body``: the JSON text as ``str`` or UTF-8 ``bytes``, or a ``dict``, which is first
    serialized with ``json.dumps(body, indent=2, ensure_ascii=False, allow_nan=False)``;
    the positions of the findings then refer to that text.

    ``kind``: a :class:`Kind` or its name. Without it the kind is told from ``file_name``
    (``orders.pipe.json`` is a create-pipe body), then from the content; a document whose
    kind cannot be told gets one ``unknown-kind`` finding. ``file_name`` is only used for
    that and is never opened.

    ``config``: levels by rule, as in ``pipelint.toml``'s ``[rules]``: a rule code
    (``"PL014"``), name (``"unknown-field"``), code prefix (``"PL1"``) or ``"ALL"`` mapped
    to ``"off"``, ``"info"``, ``"warning"`` or ``"error"`` (or a :class:`Severity`). Later
    entries win over earlier ones. A prefix or ``ALL`` never turns off the findings that
    say the body could not be checked (not JSON, not UTF-8, empty, kind unknown, ...).

    ``api_version`` and ``stack_version``: the profile, as ``pipelint.toml``'s keys of those
    names set it. ``api_version`` (``"2025-11"``, the default, ``"2026-04"``, ``"2026-05"``,
    ``"2026-07"`` or ``"latest"``) is the cloud API version for pipes, scaling patches,
    records and managed alerts; ``stack_version`` (``"2.22"``, the default, ``"2.24"``,
    ``"2.27"``, ``"2.30"``, ``"2.36"`` or ``"latest"``) the analytics-stack server release for
    alerts, chart series and dashboards. Choose ``"latest"`` for bodies sent to today's cloud
    API; ``pipelint profiles`` lists what each version adds.

    ``provider_version``: the Terraform provider release a ``.tf`` file is checked against
    (``"3.25.3"``, ``"latest"``, …; ``docs/terraform.md`` lists the bundled ones), as the
    ``provider-version`` key sets it. Without it (and without the key), the module's
    ``required_providers`` pin beside ``path`` selects one, else the newest.

    ``path``: the file's place in its project, for a body that is (or will be) that file.
    The body is linted as ``pipelint check --stdin-filename PATH -`` lints it, through the
    same per-file steps as the command line and the language server: the closest
    ``pipelint.toml`` from the file's directory (its ``[kinds]`` globs, rule levels,
    overrides and versions; its ``include``/``exclude`` do not skip a body given here),
    and a scaling patch ``NAME.scaling.json`` is checked against the ``NAME.pipe.json``
    beside it. ``path`` itself is never read. ``kind``, ``config`` and the versions still
    apply over the config (``config``'s levels over its ``[rules]``; its overrides still
    set the level at their places). Give ``path`` or ``file_name``, not both. Without
    ``path`` no file is read and no config applies. As in the command, a body over 16 MiB
    is not checked (it gets one ``file-too-large`` finding), and a file two ``[kinds]``
    globs claim is a ``ValueError``.

    A body that is not valid JSON is not an error: it gets the parse findings the command
    reports. Raises ``TypeError`` for a body, kind, file name, config or version of the wrong
    type, ``ValueError`` for an unknown kind, rule or version (naming the known ones), a level
    other than those three, a ``str`` that cannot be encoded as UTF-8 (a lone surrogate: the
    message gives its position, never the text), and a ``dict`` that ``json.dumps`` refuses
    (``NaN`` included) or that is nested too deeply to write; ``json.dumps``'s ``TypeError``
    for values it cannot serialize passes through.
    """
    arguments = _arguments(
        body, kind, file_name, config, api_version, stack_version, provider_version, path
    )
    raw = _pipelint.lint(*arguments)
    return [_finding(f) for f in raw]


def fix(
    body: str | bytes | dict[str, _Any],
    *,
    kind: Kind | str | None = None,
    file_name: str | _os.PathLike[str] | None = None,
    config: _Mapping[str, str] | None = None,
    unsafe: bool = False,
    api_version: str | None = None,
    stack_version: str | None = None,
    provider_version: str | None = None,
    path: str | _os.PathLike[str] | None = None,
) -> Fixed:
    """Applies the fixes of the findings to one document, as ``pipelint check --fix`` does,
    and returns the fixed text, the number of fixes applied and the findings left.

    The arguments are those of :func:`lint`, with the same errors; a ``dict`` body is first
    written as :func:`lint` writes it, and that text is what is fixed. ``unsafe=True`` applies
    the unsafe fixes too (``--unsafe-fixes``). Fixes are applied pass after pass until none
    is left to apply; a rule that ``config`` turns off fixes nothing. The fixes never touch a
    secret, a byte-order mark stays, and the rest of the text (line endings, indentation, the
    final newline) is kept byte for byte.

    A ``bytes`` body that is not UTF-8 is not fixed: ``applied`` is 0, the findings say why,
    and ``text`` is the body decoded with ``errors="surrogateescape"``, so that
    ``text.encode("utf-8", "surrogateescape")`` gives the body back (and writing ``text``
    out as UTF-8 fails rather than change its bytes).
    """
    if not isinstance(unsafe, bool):
        raise TypeError(f"unsafe must be a bool, not {_type(unsafe)}")
    arguments = _arguments(
        body, kind, file_name, config, api_version, stack_version, provider_version, path
    )
    raw = _pipelint.fix(*arguments, unsafe)
    return Fixed(
        text=raw["text"].decode("utf-8", "surrogateescape"),
        applied=raw["applied"],
        findings=[_finding(f) for f in raw["findings"]],
    )


def rules() -> list[Rule]:
    """Every rule pipelint has, in the order of ``pipelint rules``."""
    return [
        Rule(
            code=r["code"],
            name=r["name"],
            severity=Severity(r["severity"]),
            kinds=tuple(Kind(k) for k in r["kinds"]),
            syntaxes=tuple(r["syntaxes"]),
            summary=r["summary"],
            fix=r["fix"],
            url=r["url"],
        )
        for r in _pipelint.rules()
    ]


# The native module's lint() and fix() take these, in this order.
_Arguments = tuple[
    bytes,
    str | None,
    str | None,
    list[tuple[str, str]],
    str | None,
    str | None,
    str | None,
    str | None,
]


def _arguments(
    body: object,
    kind: object,
    file_name: str | _os.PathLike[str] | None,
    config: object,
    api_version: str | None,
    stack_version: str | None,
    provider_version: str | None,
    path: str | _os.PathLike[str] | None,
) -> _Arguments:
    """The native module's arguments for :func:`lint` and :func:`fix`: the body as bytes,
    the kind's and the file's names, the config as pairs, the versions, the path; checked
    here."""
    text = _body_bytes(body)
    kind_name = _kind_name(kind)
    name = None if file_name is None else _os.fspath(file_name)
    if name is not None and not isinstance(name, str):
        raise TypeError(f"file_name must be a str or os.PathLike[str], not {_type(name)}")
    for setting, version in (
        ("api_version", api_version),
        ("stack_version", stack_version),
        ("provider_version", provider_version),
    ):
        if version is not None and not isinstance(version, str):
            raise TypeError(f"{setting} must be a str, not {_type(version)}")
    place = None if path is None else _os.fspath(path)
    if place is not None and not isinstance(place, str):
        raise TypeError(f"path must be a str or os.PathLike[str], not {_type(place)}")
    if place is not None and name is not None:
        raise ValueError("give path or file_name, not both (path names the file too)")
    items = _config_items(config)
    return text, kind_name, name, items, api_version, stack_version, provider_version, place


def _body_bytes(body: object) -> bytes:
    if isinstance(body, bytes):
        return body
    if isinstance(body, str):
        return _utf8(body, "body")
    if isinstance(body, dict):
        return _utf8(_dumps(body), "the JSON text of the dict")
    raise TypeError(f"body must be str, bytes or dict, not {_type(body)}")


# The errors below are raised outside the `except` block: an exception raised inside it keeps
# the caught one as `__context__` (even with `from None`), and a `UnicodeEncodeError` holds
# the whole text it was encoding, secrets included.


def _utf8(text: str, what: str) -> bytes:
    """`text` as UTF-8; a lone surrogate is a `ValueError` naming its position only."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        position = error.start
    raise ValueError(
        f"{what} is not valid Unicode: a lone surrogate at character {position} "
        "cannot be encoded as UTF-8"
    )


def _dumps(body: dict[str, _Any]) -> str:
    """`body` as JSON text; too deep a dict is a `ValueError` like the others json refuses."""
    try:
        return _json.dumps(body, indent=2, ensure_ascii=False, allow_nan=False)
    except RecursionError:
        pass
    raise ValueError(
        "body: the dict is nested too deeply to be written as JSON "
        "(pipelint reports nesting deeper than 128 levels as PL006 nesting-too-deep)"
    )


def _kind_name(kind: object) -> str | None:
    if kind is None:
        return None
    if isinstance(kind, Kind):
        return kind.value
    if isinstance(kind, str):
        return kind  # the native module says which names exist when it is unknown
    raise TypeError(f"kind must be a pipelint.Kind or str, not {_type(kind)}")


def _config_items(config: object) -> list[tuple[str, str]]:
    if config is None:
        return []
    if not isinstance(config, _Mapping):
        raise TypeError(f"config must be a mapping of rule to level, not {_type(config)}")
    items = []
    for selector, level in config.items():
        if not isinstance(selector, str) or not isinstance(level, str):
            raise TypeError(
                f"config maps str to str (a rule to 'off', 'warning' or 'error'), "
                f"got {selector!r}: {level!r}"
            )
        items.append((selector, level.value if isinstance(level, _enum.Enum) else level))
    return items


def _finding(raw: "_pipelint._FindingDict") -> Finding:
    fix = raw["fix"]
    return Finding(
        code=raw["code"],
        name=raw["name"],
        severity=Severity(raw["severity"]),
        message=raw["message"],
        help=raw["help"],
        label=raw["label"],
        pointer=raw["pointer"],
        line=raw["line"],
        column=raw["column"],
        end_line=raw["end_line"],
        end_column=raw["end_column"],
        url=raw["url"],
        fix=None
        if fix is None
        else Fix(
            title=fix["title"],
            replacement=fix["replacement"],
            applicability=Applicability(fix["applicability"]),
            line=fix["line"],
            column=fix["column"],
            end_line=fix["end_line"],
            end_column=fix["end_column"],
        ),
    )


def _type(value: object) -> str:
    return type(value).__name__
