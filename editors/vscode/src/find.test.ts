// The binary lookup, on real files in a temporary folder (run with `npm test`).
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, test } from "node:test";

import { findPipelint, type Lookup } from "./find";

const roots: string[] = [];
after(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function tree(): { root: string; program: (rel: string) => string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pipelint-find-"));
  roots.push(root);
  const program = (rel: string) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "#!/bin/sh\n", { mode: 0o755 });
    return file;
  };
  return { root, program };
}

function lookup(root: string, over: Partial<Lookup> = {}): Lookup {
  return {
    setting: "",
    extensionPath: path.join(root, "extension"),
    folders: [path.join(root, "project")],
    env: { PATH: path.join(root, "path-bin") },
    platform: "linux",
    ...over,
  };
}

function found(result: ReturnType<typeof findPipelint>): string | undefined {
  return "found" in result ? result.found.program : undefined;
}

test("the setting wins over everything, and a setting that names nothing is not replaced", () => {
  const { root, program } = tree();
  const chosen = program("tools/pipelint");
  program("extension/bin/pipelint");
  program("path-bin/pipelint");
  assert.equal(found(findPipelint(lookup(root, { setting: chosen }))), chosen);
  // Relative to the workspace folder.
  const local = program("project/bin/pipelint");
  assert.equal(found(findPipelint(lookup(root, { setting: "bin/pipelint" }))), local);
  const wrong = findPipelint(lookup(root, { setting: path.join(root, "nowhere/pipelint") }));
  assert.ok("missing" in wrong && wrong.missing[0].includes("no such program"), JSON.stringify(wrong));
});

test("a bare name in the setting is looked up on PATH", () => {
  const { root, program } = tree();
  const onPath = program("path-bin/pipelint-dev");
  assert.equal(found(findPipelint(lookup(root, { setting: "pipelint-dev" }))), onPath);
});

test("then the bundled binary, then PATH, then the workspace's Python environment", () => {
  const { root, program } = tree();
  const venv = program("project/.venv/bin/pipelint");
  assert.equal(found(findPipelint(lookup(root))), venv);
  const onPath = program("path-bin/pipelint");
  assert.equal(found(findPipelint(lookup(root))), onPath);
  const bundled = program("extension/bin/pipelint");
  assert.equal(found(findPipelint(lookup(root))), bundled);
});

test("an active virtualenv and the Python extension's interpreter count too", () => {
  const { root, program } = tree();
  const interpreterDir = program("py/bin/pipelint");
  const byInterpreter = findPipelint(lookup(root, { pythonInterpreter: path.join(root, "py/bin/python3") }));
  assert.equal(found(byInterpreter), interpreterDir);
  const active = program("active-env/bin/pipelint");
  const env = { PATH: "", VIRTUAL_ENV: path.join(root, "active-env") };
  assert.equal(found(findPipelint(lookup(root, { env }))), active);
});

test("a file that is not executable is not a program", () => {
  const { root } = tree();
  const file = path.join(root, "path-bin/pipelint");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "not a program", { mode: 0o644 });
  const result = findPipelint(lookup(root));
  assert.ok("missing" in result, JSON.stringify(result));
  assert.equal(result.missing.length, 4);
});
