"""README's Terraform plan recipes, for .ci/check-workflows.

`gitlab DIR`: writes each ```yaml block of README.md and docs/*.md that starts with
`# .gitlab-ci.yml` to DIR (for the vendor.gitlab-ci schema).

`run TREE PIPELINT BLOCK...`: for each workflow or GitLab job that runs `terraform show -json`,
lays out fixtures/terraform/plan/modules as that recipe's repository (the configuration in
`infra/`, the plan where the recipe writes it) and runs the recipe's `pipelint check` command
as written (for GitHub, the command the action runs with the step's `paths` and `args`). The
findings must land on the module's `.tf` file, not on the plan.
"""

import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from ruamel.yaml import YAML

FIXTURE = pathlib.Path("fixtures/terraform/plan/modules")
MODULE_FILE = "infra/modules/pipes/main.tf"


def gitlab(out: pathlib.Path) -> None:
    docs = [pathlib.Path("README.md"), *sorted(pathlib.Path("docs").glob("*.md"))]
    count = 0
    for doc in docs:
        text = doc.read_text(encoding="utf-8")
        for block in re.findall(r"^```yaml\n(.*?)^```$", text, re.S | re.M):
            if block.splitlines()[0] == "# .gitlab-ci.yml":
                count += 1
                (out / f"{doc.stem}-{count}.yml").write_text(block, encoding="utf-8")
    if not count:
        sys.exit("README and docs/ have no ```yaml block starting with # .gitlab-ci.yml")
    print("GitLab jobs:", count)


def lay_out(root: pathlib.Path, plan_at: str) -> None:
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(
        FIXTURE, root / "infra", ignore=shutil.ignore_patterns("plan.json", "findings.txt")
    )
    (root / plan_at).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURE / "plan.json", root / plan_at)


def check(root: pathlib.Path, pipelint: str, words: list[str], what: str) -> str:
    words = [pipelint if w.endswith("pipelint") else w for w in words]
    done = subprocess.run(words, cwd=root, capture_output=True, text=True, check=False)
    if done.returncode != 1:
        sys.exit(f"{what}: `{shlex.join(words)}` exited {done.returncode}, not 1:\n{done.stdout}{done.stderr}")
    return done.stdout


def github(document: dict, root: pathlib.Path, pipelint: str, what: str) -> int:
    ran = 0
    for job in (document.get("jobs") or {}).values():
        plan_at = None
        for step in job.get("steps", []):
            found = re.search(r"terraform show -json tfplan > (\S+)", step.get("run") or "")
            if found:
                plan_at = f"{step.get('working-directory', '.')}/{found.group(1)}"
            if step.get("uses", "").startswith("pipelint/pipelint@") and plan_at:
                lay_out(root, plan_at)
                given = step.get("with", {})
                # The action's annotate step: `pipelint check --output-format github $ARGS $PATHS`.
                words = [
                    "pipelint", "check", "--output-format", "github",
                    *shlex.split(given.get("args", "")), *shlex.split(given.get("paths", ".")),
                ]
                out = check(root, pipelint, words, what)
                if f"::error file={MODULE_FILE},line=" not in out:
                    sys.exit(f"{what}: no annotation on {MODULE_FILE}:\n{out}")
                ran += 1
    return ran


def gitlab_job(document: dict, root: pathlib.Path, pipelint: str, what: str) -> int:
    ran = 0
    for job in document.values():
        if not isinstance(job, dict):
            continue
        script = job.get("script", [])
        found = re.search(r"terraform -chdir=\S+ show -json tfplan > (\S+)", "\n".join(script))
        if not found:
            continue
        lay_out(root, found.group(1))
        for line in script:
            words = shlex.split(line)
            if len(words) > 1 and words[0].endswith("pipelint") and words[1] == "check":
                check(root, pipelint, words, what)
                report = (root / words[words.index("--output-file") + 1]).read_text()
                if f'"path": "{MODULE_FILE}"' not in report:
                    sys.exit(f"{what}: no finding on {MODULE_FILE}:\n{report}")
                ran += 1
    return ran


def run(root: pathlib.Path, pipelint: str, blocks: list[pathlib.Path]) -> None:
    ran = 0
    for block in sorted(blocks):
        text = block.read_text(encoding="utf-8")
        if "terraform show -json" not in text and "show -json tfplan" not in text:
            continue
        document = YAML(typ="safe").load(text)
        if "jobs" in document:
            ran += github(document, root, pipelint, block.name)
        else:
            ran += gitlab_job(document, root, pipelint, block.name)
    if ran < 2:
        sys.exit(f"{ran} Terraform plan recipes ran; README has one for GitHub and one for GitLab")
    print("Terraform plan recipes run:", ran)


if __name__ == "__main__":
    if sys.argv[1] == "gitlab":
        gitlab(pathlib.Path(sys.argv[2]))
    else:
        run(pathlib.Path(sys.argv[2]), sys.argv[3], [pathlib.Path(p) for p in sys.argv[4:]])
