"""Runs the steps of the composite action (action.yml) here, as a runner would, with the
pipelint wheel of the folder given as the only argument, and checks what they do.

Only the runner's part that the steps use is played: inputs and step outputs in `${{ }}`,
`if:` conditions, `env:`, GITHUB_OUTPUT, GITHUB_PATH and RUNNER_TEMP. A step that `uses:` another
action (the SARIF upload) is recorded and skipped: it needs GitHub. Called by
.ci/check-workflows with its virtualenv's Python (ruamel.yaml comes with check-jsonschema).
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

from ruamel.yaml import YAML

ROOT = pathlib.Path(__file__).resolve().parent.parent
ACTION = YAML(typ="safe").load((ROOT / "action.yml").read_text(encoding="utf-8"))


def expand(text: str, inputs: dict[str, str], outputs: dict[str, dict[str, str]]) -> str:
    """Replaces `${{ inputs.x }}` and `${{ steps.id.outputs.y }}`; anything else is refused."""

    def one(match: re.Match[str]) -> str:
        expr = match.group(1).strip()
        if expr.startswith("inputs."):
            return inputs[expr.removeprefix("inputs.")]
        step = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
        if step:
            return outputs.get(step.group(1), {}).get(step.group(2), "")
        raise SystemExit(f"run-action: no rule for the expression {expr!r}")

    return re.sub(r"\$\{\{(.*?)\}\}", one, text)


def condition(text: str, inputs: dict[str, str], failed: bool, outcomes: dict[str, str]) -> bool:
    """The `if:` forms the action uses: always(), success() (the default), inputs and earlier
    steps' outcomes compared with string literals, joined by &&."""
    if text is None:
        return not failed
    text = text.strip()
    if text.startswith("${{") and text.endswith("}}"):
        text = text[3:-2]
    result = True
    saw_status = False
    for part in (p.strip() for p in text.split("&&")):
        if part == "always()":
            saw_status = True
            continue
        outcome = re.fullmatch(r"steps\.([\w-]+)\.outcome\s*(==|!=)\s*'([^']*)'", part)
        compared = outcome or re.fullmatch(r"inputs\.([\w-]+)\s*(==|!=)\s*'([^']*)'", part)
        if not compared:
            raise SystemExit(f"run-action: no rule for the condition {part!r}")
        name, op, literal = compared.groups()
        # A step that did not run has the outcome `skipped`.
        value = outcomes.get(name, "skipped") if outcome else inputs[name]
        equal = value == literal
        result = result and (equal if op == "==" else not equal)
    return result and (saw_status or not failed)


def run(inputs_given: dict[str, str], workdir: pathlib.Path) -> tuple[int, str, list[str]]:
    """Runs the action's steps; returns the exit code of its last failed step (0 if none),
    what the steps printed, and the `uses:` steps skipped."""
    inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
    unknown = set(inputs_given) - set(inputs)
    assert not unknown, unknown
    inputs.update(inputs_given)
    temp = pathlib.Path(tempfile.mkdtemp(dir=workdir))
    path_file = temp / "github_path"
    path_file.touch()
    outputs: dict[str, dict[str, str]] = {}
    printed, skipped, failed_code = "", [], 0
    outcomes: dict[str, str] = {}
    for step in ACTION["runs"]["steps"]:
        if not condition(step.get("if"), inputs, failed_code != 0, outcomes):
            continue
        if "uses" in step:
            skipped.append(step["uses"])
            continue
        assert step["shell"] == "bash", step
        output_file = temp / f"output-{len(outputs)}"
        output_file.touch()
        env = dict(os.environ)
        added = [line for line in path_file.read_text().splitlines() if line]
        env["PATH"] = os.pathsep.join([*reversed(added), env["PATH"]])
        env.update(RUNNER_TEMP=str(temp), GITHUB_OUTPUT=str(output_file), GITHUB_PATH=str(path_file))
        for key, value in step.get("env", {}).items():
            env[key] = expand(str(value), inputs, outputs)
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", expand(step["run"], inputs, outputs)],
            cwd=workdir, env=env, capture_output=True, text=True,
        )
        printed += done.stdout + done.stderr
        if "id" in step:
            pairs = (line.split("=", 1) for line in output_file.read_text().splitlines() if "=" in line)
            outputs[step["id"]] = dict(pairs)
        if "id" in step:
            outcomes[step["id"]] = "success" if done.returncode == 0 else "failure"
        if done.returncode != 0 and not step.get("continue-on-error", False):
            failed_code = done.returncode
    return failed_code, printed, skipped


def main() -> None:
    wheels = sorted(pathlib.Path(sys.argv[1]).resolve().glob("pipelint-*.whl"))
    assert wheels, f"no pipelint wheel in {sys.argv[1]}"
    with tempfile.TemporaryDirectory() as name:
        work = pathlib.Path(name)
        fixtures = ROOT / "fixtures" / "create-pipe"
        (work / "good").mkdir()
        (work / "bad").mkdir()
        good = sorted((fixtures / "valid").glob("*.json"))[0]
        bad = fixtures / "invalid" / "invalid-enum-value--kafka-auth-lowercase.json"
        (work / "good" / "orders.pipe.json").write_bytes(good.read_bytes())
        (work / "bad" / "orders.pipe.json").write_bytes(bad.read_bytes())

        # `--show-secrets` is refused before anything runs: no check, no SARIF, exit 2.
        for args in ["--show-secrets", "--select PL8 --show-secrets=true"]:
            code, printed, skipped = run(
                {"wheel": str(wheels[0]), "paths": "bad", "args": args, "sarif-file": "secrets.sarif",
                 "upload-sarif": "true"},
                work,
            )
            assert code == 2, (code, printed)
            assert "::error title=pipelint::--show-secrets is refused" in printed, printed
            assert not (work / "secrets.sarif").exists() and not skipped, (printed, skipped)
        print("--show-secrets: refused, nothing checked, exit 2")

        # Findings: annotations first, then the SARIF report, the upload step reached (and
        # skipped here), and the job fails with pipelint's exit code.
        code, printed, skipped = run(
            {"wheel": str(wheels[0]), "paths": "bad", "sarif-file": "pipelint.sarif", "upload-sarif": "true"},
            work,
        )
        assert code == 1, (code, printed)
        assert re.search(r"^::error file=bad/orders\.pipe\.json,line=\d+", printed, re.M), printed
        sarif = json.loads((work / "pipelint.sarif").read_text(encoding="utf-8"))
        assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"], sarif
        assert skipped == ["github/codeql-action/upload-sarif@v4"], skipped
        print("findings: ::error annotations, SARIF with results, upload step reached, exit 1")

        # No findings: exit 0, and no SARIF step or upload without sarif-file.
        code, printed, skipped = run({"wheel": str(wheels[0]), "paths": "good"}, work)
        assert code == 0, (code, printed)
        assert "::error" not in printed and not skipped, (printed, skipped)
        print("no findings: exit 0, no annotation, no upload")


if __name__ == "__main__":
    main()
