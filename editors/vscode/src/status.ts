// The status bar item: the server's state, and for the active document what pipelint
// lints it as, or why it does not lint it (the server's `pipelint/documentStatus`).
import * as vscode from "vscode";
import { type LanguageClient, State } from "vscode-languageclient/node";

/** The server's answer to `pipelint/documentStatus`. */
interface DocumentStatus {
  linted: boolean;
  kind: string | null;
  reason: string;
}

type Server = "starting" | "running" | "stopped" | "failed" | "not found";

export class StatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private server: Server = "starting";
  /** Why the server is not running ("not found", "failed"). */
  private problem = "";
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts the queries, so that only the newest one's answer is shown. */
  private query = 0;

  constructor(
    private readonly selector: vscode.DocumentSelector,
    private readonly client: () => LanguageClient | undefined,
  ) {
    this.item = vscode.window.createStatusBarItem("pipelint.status", vscode.StatusBarAlignment.Right, 100);
    this.item.name = "pipelint";
    this.item.command = "pipelint.showOutput";
    const refreshSoon = () => this.refresh(150);
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh(0)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) refreshSoon();
      }),
      vscode.workspace.onDidSaveTextDocument(refreshSoon),
      vscode.languages.onDidChangeDiagnostics(refreshSoon),
    );
    this.refresh(0);
  }

  serverState(state: State): void {
    this.server = state === State.Running ? "running" : state === State.Starting ? "starting" : "stopped";
    this.refresh(0);
  }

  notFound(looked: string): void {
    this.server = "not found";
    this.problem = `No pipelint program found. Looked at: ${looked}.`;
    this.refresh(0);
  }

  failed(why: string): void {
    this.server = "failed";
    this.problem = why;
    this.refresh(0);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }

  private refresh(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), delay);
  }

  private async update(): Promise<void> {
    const query = ++this.query;
    const document = vscode.window.activeTextEditor?.document;
    const ours = document !== undefined && vscode.languages.match(this.selector, document) > 0;
    if (this.server !== "running") {
      const text = {
        starting: "$(sync~spin) pipelint",
        stopped: "$(circle-slash) pipelint: stopped",
        failed: "$(error) pipelint: failed",
        "not found": "$(error) pipelint: not found",
      }[this.server];
      const tooltip = this.problem && this.server !== "starting" && this.server !== "stopped"
        ? this.problem
        : `pipelint's language server is ${this.server}.`;
      this.show(text, `${tooltip}\n\nClick to show pipelint's output.`, this.server !== "starting" && this.server !== "stopped");
      // A problem starting the server is shown anywhere; a state only beside our documents.
      if (!ours && (this.server === "starting" || this.server === "stopped")) this.item.hide();
      return;
    }
    if (!ours || !document) {
      this.item.hide();
      return;
    }
    const client = this.client();
    if (!client) return;
    let answer: DocumentStatus;
    try {
      answer = await client.sendRequest<DocumentStatus>("pipelint/documentStatus", {
        textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
      });
    } catch {
      // Not open in the server yet (the request overtook didOpen): ask again shortly.
      if (query === this.query) this.refresh(500);
      return;
    }
    if (query !== this.query) return;
    if (answer.linted) {
      const kind = answer.kind ?? "pipelint document";
      this.show(
        `$(check) pipelint: ${kind}`,
        `pipelint lints this file as ${kind}${answer.reason ? `: ${answer.reason}` : ""}.\n\nClick to show pipelint's output.`,
        false,
      );
    } else {
      this.show(
        "$(circle-slash) pipelint: not linted",
        `${capitalise(answer.reason)}.\n\nClick to show pipelint's output.`,
        false,
      );
    }
  }

  private show(text: string, tooltip: string, error: boolean): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: `${text.replace(/\$\([^)]*\)\s*/, "")}. ${tooltip}` };
    this.item.backgroundColor = error ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
    this.item.show();
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
