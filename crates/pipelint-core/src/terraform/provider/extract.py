#!/usr/bin/env python3
"""Reads the `clickhouse_clickpipe` resource schema out of a checkout of
ClickHouse/terraform-provider-clickhouse and prints it as the data pipelint checks
`.tf` files against (one JSON file per provider release, `schema-<version>.json`).

    git -C PROVIDER show v3.25.3:internal/service/clickhouse/resource/clickpipe.go > /tmp/r.go
    git -C PROVIDER show v3.25.3:internal/api/clickpipe.go > /tmp/a.go
    python3 extract.py /tmp/r.go /tmp/a.go > schema-3.25.3.json

A release whose schema equals the one before it needs no file of its own.

Only facts are kept: attribute names, types, Required/Optional/Computed/WriteOnly, and the
validators' arguments (value lists, bounds, patterns, the attributes
a conflict or requirement names).
"""
import json
import re
import sys

resource_go, api_go = (open(p, encoding="utf-8").read() for p in sys.argv[1:3])

def tokens(text):
    """Go tokens: strings (kept), identifiers, punctuation; comments dropped."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|`[^`]*`|[A-Za-z_][A-Za-z0-9_.]*|-?\d+(?:\.\d+)?|\S', re.S)
    for m in pattern.finditer(text):
        t = m.group(0)
        if t.startswith("//") or t.startswith("/*"):
            continue
        yield t

def unquote(t):
    if t.startswith('"'):
        return json.loads(t)
    if t.startswith("`"):
        return t[1:-1]
    return None

# Constants and string lists of both files.
consts = {}
for m in re.finditer(r'^\s*(\w+)\s*(?:string\s*)?=\s*("(?:\\.|[^"\\])*")', api_go + resource_go, re.M):
    consts[m.group(1)] = json.loads(m.group(2))
lists = {}
for m in re.finditer(r'var (\w+) = \[\]string\{(.*?)\}', api_go, re.S):
    items = []
    for t in tokens(m.group(2)):
        if t == ",":
            continue
        items.append(unquote(t) if unquote(t) is not None else consts[t])
    lists[m.group(1)] = items
for m in re.finditer(r'var (\w+) = (\w+)\s*$', api_go, re.M):
    if m.group(2) in lists:
        lists[m.group(1)] = lists[m.group(2)]

def value_of(t):
    u = unquote(t)
    if u is not None:
        return u
    name = t.split(".")[-1]
    return consts.get(name, t)

start = resource_go.index("func (c *ClickPipeResource) Schema(")
body = resource_go[start:]
toks = list(tokens(body))

def match_close(i):
    """Index of the `}`/`)` closing the bracket at i."""
    depth = 0
    for j in range(i, len(toks)):
        if toks[j] in "{(":
            depth += 1
        elif toks[j] in "})":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError("unbalanced")

KINDS = {
    "schema.StringAttribute": "string", "schema.Int64Attribute": "int", "schema.Float64Attribute": "float",
    "schema.BoolAttribute": "bool", "schema.SingleNestedAttribute": "object",
    "schema.ListNestedAttribute": "list_object", "schema.SetNestedAttribute": "set_object",
    "schema.ListAttribute": "list_string", "schema.SetAttribute": "set_string",
    "schema.DynamicAttribute": "dynamic",
}

def path_arg(i, end):
    """`path.MatchRelative().AtParent().AtName("x")` -> "x" (a sibling's name)."""
    names = [unquote(toks[k + 2]) for k in range(i, end) if toks[k] == "AtName"]
    return names[-1] if names else None

def validators(i, end, node):
    k = i
    while k < end:
        t = toks[k]
        if t.endswith(".OneOf") and toks[k + 1] == "(":
            close = match_close(k + 1)
            args = [a for a in toks[k + 2:close] if a not in (",", "...")]
            values = []
            for a in args:
                name = a.rstrip(".")
                if name.startswith("api.") and name[4:] in lists:
                    values.extend(lists[name[4:]])
                else:
                    values.append(value_of(a))
            node["one_of"] = values
            k = close
        elif t.endswith(".Between") and toks[k + 1] == "(":
            node["between"] = [float(toks[k + 2]) if "." in toks[k + 2] else int(toks[k + 2]),
                               float(toks[k + 4]) if "." in toks[k + 4] else int(toks[k + 4])]
            k += 5
        elif t.endswith(".AtLeast") and toks[k + 1] == "(":
            node["at_least"] = int(toks[k + 2])
            k += 3
        elif t.endswith(".LengthAtMost") and toks[k + 1] == "(":
            node["length_at_most"] = int(toks[k + 2])
            k += 3
        elif t == "regexp.MustCompile":
            pattern = unquote(toks[k + 2])
            # The provider's own wording is not kept: each pattern's message (left empty here)
            # is written by hand, in pipelint's words, after extraction.
            node.setdefault("patterns", []).append({"regex": pattern, "message": ""})
            k += 6
        elif t.endswith(".ConflictsWith") or t.endswith(".AlsoRequires") or t.endswith(".AtLeastOneOf"):
            close = match_close(k + 1)
            key = {"ConflictsWith": "conflicts_with", "AlsoRequires": "also_requires", "AtLeastOneOf": "at_least_one_of"}[t.split(".")[-1]]
            # Each argument is one path expression, separated by commas at depth 1.
            depth, startarg, names = 0, k + 2, []
            for j in range(k + 1, close + 1):
                if toks[j] in "({":
                    depth += 1
                elif toks[j] in ")}":
                    depth -= 1
                if (toks[j] == "," and depth == 1) or j == close:
                    n = path_arg(startarg, j)
                    if n:
                        names.append(n)
                    startarg = j + 1
            node.setdefault(key, []).extend(names)
            k = close
        elif t.endswith(".Any"):
            node["any_pattern"] = True
        k += 1

def attribute(i):
    """The attribute whose `schema.X{` starts at i; returns (node, end)."""
    kind = KINDS[toks[i]]
    open_ = i + 1
    close = match_close(open_)
    node = {"type": kind}
    k = open_ + 1
    while k < close:
        t = toks[k]
        if t in ("Required", "Optional", "Computed", "Sensitive", "WriteOnly") and toks[k + 1] == ":" and toks[k + 2] == "true":
            node[t.lower()] = True
            k += 3
            continue
        if t == "Default" and toks[k + 1] == ":":
            d = toks[k + 2]
            if d.endswith(".StaticString") or d.endswith(".StaticInt64") or d.endswith(".StaticBool") or d.endswith(".StaticFloat64"):
                v = value_of(toks[k + 4])
                node["default"] = {"true": True, "false": False}.get(v, v)
                if isinstance(node["default"], str) and re.fullmatch(r"-?\d+", node["default"]):
                    node["default"] = int(node["default"])
            k += 3
            continue
        if t == "Attributes" and toks[k + 1] == ":":
            brace = k + 2
            while toks[brace] != "{":
                brace += 1
            node["attributes"], k = attributes(brace)
            continue
        if t == "NestedObject" and toks[k + 1] == ":":
            k += 2
            continue
        if t == "Validators" and toks[k + 1] == ":":
            brace = k + 2
            while toks[brace] != "{":
                brace += 1
            end = match_close(brace)
            validators(brace, end, node)
            k = end + 1
            continue
        if t in ("PlanModifiers", "Description", "MarkdownDescription", "DeprecationMessage") and toks[k + 1] == ":":
            # Skip the value: up to the next comma at this depth.
            j, depth = k + 2, 0
            while j < close:
                if toks[j] in "({[":
                    depth += 1
                elif toks[j] in ")}]":
                    depth -= 1
                elif toks[j] == "," and depth == 0:
                    break
                j += 1
            k = j + 1
            continue
        k += 1
    return node, close + 1

def attributes(brace):
    close = match_close(brace)
    out = {}
    k = brace + 1
    while k < close:
        name = unquote(toks[k])
        if name is not None and toks[k + 1] == ":" and toks[k + 2] in KINDS:
            out[name], k = attribute(k + 2)
            continue
        k += 1
    return out, close + 1

first = toks.index("Attributes")
brace = first + 2
while toks[brace] != "{":
    brace += 1
schema, _ = attributes(brace)
print(json.dumps(schema, indent=1, sort_keys=True, ensure_ascii=False))
