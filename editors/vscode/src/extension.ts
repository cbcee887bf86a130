// pipelint for VS Code: starts `pipelint lsp` for JSON, JSONC and Terraform documents and
// shows its diagnostics, hover, quick fixes and "fix all". The rules come from the project's
// pipelint.toml, read by the server as `pipelint check` reads it: the extension has no rule
// settings of its own.
import * as vscode from "vscode";
import {
  CodeActionRequest,
  LanguageClient,
  type LanguageClientOptions,
  type Middleware,
  State,
} from "vscode-languageclient/node";

import { findPipelint } from "./find";
import { StatusItem } from "./status";

/** The documents the server is started for; it tells pipelint's documents apart itself. */
export const SELECTOR: ({ scheme: string; language: string } | { scheme: string; pattern: string })[] = [
  { scheme: "file", language: "json" },
  { scheme: "file", language: "jsonc" },
  { scheme: "file", language: "terraform" },
  // Whatever language another extension gives these.
  { scheme: "file", pattern: "**/*.tf" },
  { scheme: "file", pattern: "**/*.tf.json" },
  { scheme: "untitled", language: "json" },
];

/** The kind `editor.codeActionsOnSave` names pipelint's "fix all" by. */
const FIX_ALL = vscode.CodeActionKind.SourceFixAll.append("pipelint");

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let status: StatusItem;
/** The "no pipelint found" message is shown once a session; the output has it each time. */
let toldMissing = false;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  // vscode-languageclient 11 writes to a log channel (`error`, `info`, ...).
  output = vscode.window.createOutputChannel("pipelint", { log: true });
  status = new StatusItem(SELECTOR, () => client);
  context.subscriptions.push(
    output,
    status,
    vscode.commands.registerCommand("pipelint.restart", () => restart(context)),
    vscode.commands.registerCommand("pipelint.showOutput", () => output.show()),
    vscode.commands.registerCommand("pipelint.fixAll", fixAll),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("pipelint.path")) void restart(context);
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restart(context)),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const folders = (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === "file")
    .map((f) => f.uri.fsPath);
  const setting = vscode.workspace.getConfiguration("pipelint").get<string>("path", "").trim();
  const result = findPipelint({
    setting,
    extensionPath: context.extensionPath,
    folders,
    pythonInterpreter: vscode.workspace
      .getConfiguration("python")
      .get<string>("defaultInterpreterPath"),
    env: process.env,
    platform: process.platform,
  });
  if ("missing" in result) {
    const looked = result.missing.join("; ");
    output.error(`no pipelint program found. Looked at: ${looked}`);
    status.notFound(looked);
    if (!toldMissing) {
      toldMissing = true;
      const message = setting
        ? `pipelint: pipelint.path is “${setting}”, which is not a program (no such file, or ` +
          "not executable). Correct it, or clear it to use the pipelint on PATH."
        : "pipelint: no `pipelint` program found (looked at the pipelint.path setting, the " +
          "extension, PATH and the workspace's Python environment). Install pipelint or set " +
          "pipelint.path, then run “pipelint: Restart Server”.";
      // Not awaited: activation (and so every command) would wait until it is dismissed.
      void vscode.window.showErrorMessage(message, "Open Settings", "Show Output").then((choice) => {
        if (choice === "Open Settings") {
          void vscode.commands.executeCommand("workbench.action.openSettings", "pipelint.path");
        } else if (choice === "Show Output") {
          output.show();
        }
      });
    }
    return;
  }
  const { program, from } = result.found;
  output.info(`starting ${program} lsp (found in ${from})`);
  const clientOptions: LanguageClientOptions = {
    documentSelector: SELECTOR,
    outputChannel: output,
    // The server reads the config again for each lint; the watcher makes it lint the open
    // documents again when a config changes on disk.
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher("**/{pipelint.toml,.pipelint.toml}"),
    },
    middleware: fixAllKind,
  };
  client = new LanguageClient(
    "pipelint",
    "pipelint",
    { command: program, args: ["lsp"], options: { cwd: folders[0] } },
    clientOptions,
  );
  context.subscriptions.push(
    client.onDidChangeState((event) => status.serverState(event.newState)),
  );
  status.serverState(State.Starting);
  try {
    await client.start();
  } catch (error) {
    // The extension stays alive: the command can restart it once the program is fixed.
    output.error(`${program} lsp did not start: ${String(error)}`);
    status.failed(`${program} lsp did not start: ${String(error)}`);
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    try {
      await running.dispose(2000);
    } catch (error) {
      output.warn(`stopping the server: ${String(error)}`);
    }
  }
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  await stop();
  await start(context);
}

/**
 * `editor.codeActionsOnSave: { "source.fixAll.pipelint": "explicit" }` asks for that kind;
 * the server answers `source.fixAll`. The request is widened to `source.fixAll`, and the
 * answer narrowed back to pipelint's own kind, which every wider filter also admits.
 */
const fixAllKind: Middleware = {
  async provideCodeActions(document, range, context, token, next) {
    const only = context.only && FIX_ALL.contains(context.only)
      ? vscode.CodeActionKind.SourceFixAll
      : context.only;
    const actions = await next(document, range, { ...context, only }, token);
    for (const action of actions ?? []) {
      if (action instanceof vscode.CodeAction && action.kind?.value === "source.fixAll") {
        action.kind = FIX_ALL;
      }
    }
    return actions;
  },
};

/** "pipelint: Fix All Safe Problems": the server's "fix all" for the active document. */
async function fixAll(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client || !client.isRunning()) {
    void vscode.window.showWarningMessage("pipelint: no document for the server to fix");
    return;
  }
  const document = editor.document;
  const zero = { line: 0, character: 0 };
  const version = document.version;
  const actions = await client.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
    range: { start: zero, end: zero },
    context: { diagnostics: [], only: ["source.fixAll"] },
  });
  const action = (actions ?? []).find((a) => "edit" in a && a.edit !== undefined);
  if (!action || !("edit" in action) || !action.edit) {
    void vscode.window.showInformationMessage("pipelint: nothing to fix");
    return;
  }
  if (document.version !== version) return; // typed meanwhile: the edits are stale
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(action.edit);
  await vscode.workspace.applyEdit(edit);
}
