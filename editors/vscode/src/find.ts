// Where the extension finds the `pipelint` program, in the order users of ruff's and Biome's
// extensions expect: the setting, the binary shipped inside a platform-specific extension,
// PATH, then the workspace's Python environment (pipelint is also a wheel).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export interface Found {
  /** The program to run. */
  program: string;
  /** Where it was found, for the output. */
  from: string;
}

export interface Lookup {
  /** The `pipelint.path` setting ("" when unset). */
  setting: string;
  /** The extension's own folder (a platform-specific package has `bin/pipelint` there). */
  extensionPath: string;
  /** The workspace folders' paths. */
  folders: readonly string[];
  /** The Python extension's `python.defaultInterpreterPath`, if any. */
  pythonInterpreter?: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

/** The program, or the places looked at (for the message that says none was found). */
export type Result = { found: Found } | { missing: string[] };

export function findPipelint(lookup: Lookup): Result {
  const windows = lookup.platform === "win32";
  const exe = windows ? "pipelint.exe" : "pipelint";
  const pathApi = windows ? path.win32 : path.posix;
  const expand = (p: string) => expandPath(p, lookup, pathApi);
  if (lookup.setting.trim() !== "") {
    const setting = expand(lookup.setting.trim());
    // A bare name is looked up on PATH, as a shell would.
    if (!setting.includes("/") && !setting.includes("\\")) {
      const onPath = searchPath(setting, lookup, pathApi);
      if (onPath) return { found: { program: onPath, from: "the pipelint.path setting, on PATH" } };
    } else if (isExecutable(setting, windows)) {
      return { found: { program: setting, from: "the pipelint.path setting" } };
    }
    // A setting that names nothing is a mistake to report, not a reason to run another one.
    return { missing: [`the pipelint.path setting (${setting}: no such program)`] };
  }
  const bundled = pathApi.join(lookup.extensionPath, "bin", exe);
  if (isExecutable(bundled, windows)) {
    return { found: { program: bundled, from: "the binary bundled with the extension" } };
  }
  const onPath = searchPath(exe, lookup, pathApi);
  if (onPath) return { found: { program: onPath, from: "PATH" } };
  for (const dir of pythonBinDirs(lookup, pathApi, expand)) {
    const candidate = pathApi.join(dir, exe);
    if (isExecutable(candidate, windows)) {
      return { found: { program: candidate, from: "the workspace's Python environment" } };
    }
  }
  return {
    missing: [
      "the pipelint.path setting (unset)",
      `the extension's bin/${exe} (not bundled in this package)`,
      "PATH",
      "the workspace's Python environment ($VIRTUAL_ENV, .venv, venv, python.defaultInterpreterPath)",
    ],
  };
}

/** `~` and `${workspaceFolder}` at the start, `${env:NAME}` anywhere. */
function expandPath(p: string, lookup: Lookup, pathApi: path.PlatformPath): string {
  let out = p.replace(/\$\{env:([^}]+)\}/g, (_, name: string) => lookup.env[name] ?? "");
  if (out === "~" || out.startsWith("~/")) out = pathApi.join(os.homedir(), out.slice(1));
  const folder = lookup.folders[0];
  if (folder) out = out.replace(/^\$\{workspaceFolder\}/, folder);
  // A relative path with a folder part is relative to the (first) workspace folder.
  if (folder && (out.includes("/") || out.includes("\\")) && !pathApi.isAbsolute(out)) {
    out = pathApi.join(folder, out);
  }
  return out;
}

function searchPath(name: string, lookup: Lookup, pathApi: path.PlatformPath): string | undefined {
  const windows = lookup.platform === "win32";
  const dirs = (lookup.env.PATH ?? lookup.env.Path ?? "").split(pathApi.delimiter).filter(Boolean);
  const names = windows && !name.toLowerCase().endsWith(".exe") ? [name, `${name}.exe`] : [name];
  for (const dir of dirs) {
    for (const n of names) {
      const candidate = pathApi.join(dir, n);
      if (isExecutable(candidate, windows)) return candidate;
    }
  }
  return undefined;
}

/** Where a Python environment of the workspace keeps its console scripts. */
function pythonBinDirs(
  lookup: Lookup,
  pathApi: path.PlatformPath,
  expand: (p: string) => string,
): string[] {
  const scripts = lookup.platform === "win32" ? "Scripts" : "bin";
  const envs: string[] = [];
  if (lookup.env.VIRTUAL_ENV) envs.push(lookup.env.VIRTUAL_ENV);
  for (const folder of lookup.folders) {
    envs.push(pathApi.join(folder, ".venv"), pathApi.join(folder, "venv"));
  }
  const dirs = envs.map((env) => pathApi.join(env, scripts));
  // The interpreter the Python extension uses: its console scripts sit beside it.
  const interpreter = lookup.pythonInterpreter?.trim();
  if (interpreter && interpreter !== "python") dirs.push(pathApi.dirname(expand(interpreter)));
  return dirs;
}

function isExecutable(file: string, windows: boolean): boolean {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() && (windows || (stat.mode & 0o111) !== 0);
  } catch {
    return false;
  }
}
