"""The `pipelint` command the wheel installs (a console script running the Rust command
line in-process): arguments, output and exit codes as the native binary has them."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import pipelint

from conftest import FIXTURES, edit

BIN = pathlib.Path(sys.executable).parent


def run(*args: str, stdin: str | None = None, cwd: pathlib.Path | None = None):
    return subprocess.run(
        [str(BIN / "pipelint"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


def test_the_command_is_on_the_virtualenv_s_path_with_the_package_s_version():
    done = run("--version")
    assert done.returncode == 0, done.stderr
    # Built in a git checkout, the version names the commit: `pipelint 0.1.0 (a1b2c3d 2026-12-05)`.
    assert re.fullmatch(
        rf"pipelint {re.escape(pipelint.__version__)}( \([0-9a-f]{{7,}} \d{{4}}-\d\d-\d\d\))?\n",
        done.stdout,
    ), done.stdout


def test_check_refuses_a_bad_spec_with_exit_1(tmp_path, fixture_text):
    text = edit(
        fixture_text("create-pipe/valid/kinesis-iam-role.json"), '"TRIM_HORIZON"', '"trim_horizon"'
    )
    (tmp_path / "orders.pipe.json").write_text(text, encoding="utf-8")
    (tmp_path / "good.pipe.json").write_text(
        fixture_text("create-pipe/valid/postgres-cdc.json"), encoding="utf-8"
    )
    done = run("check", "--output-format", "concise", ".", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "orders.pipe.json:8:23: PL011 " in done.stdout, done.stdout
    assert "good.pipe.json" not in done.stdout


def test_check_passes_the_valid_fixtures():
    done = run("check", *[str(p) for p in sorted(FIXTURES.glob("*/valid"))])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no problems in " in done.stderr


def test_stdin_and_the_whole_json_report_reach_the_caller():
    done = run(
        "check", "--kind", "pipe-scaling", "--output-format", "json", "-", stdin='{"replicas": 50}'
    )
    assert done.returncode == 1, done.stderr
    (finding,) = json.loads(done.stdout)
    assert (finding["code"], finding["pointer"]) == ("PL012", "/replicas")


def test_a_usage_error_exits_2_and_names_the_program_pipelint():
    done = run("chekc")
    assert done.returncode == 2
    assert "Usage: pipelint " in done.stderr


def test_python_dash_m_runs_the_same_command():
    done = subprocess.run(
        [sys.executable, "-m", "pipelint", "rule", "PL012"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "out-of-range" in done.stdout
