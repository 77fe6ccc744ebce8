/**
 * For the end-to-end test and the activation benchmark only: when the environment variable
 * `MEMLSP_VSCODE_TEST_REPORT` names a file, the extension writes a JSON report there
 * whenever something the tests look at changes (timings from activation to server ready,
 * the interpreter's source, the server state, note counts, whether review is served, and the
 * language-model tools VS Code lists in `vscode.lm.tools`). Without the variable nothing
 * happens.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ServerManager } from './client';
import type { NotesTreeProvider } from './views/notesTree';

export const REPORT_ENV = 'MEMLSP_VSCODE_TEST_REPORT';

export interface TestReport {
  timings: ServerManager['timings'];
  state: string;
  home: string;
  notes: number;
  stale: number;
  reviewSupported: boolean;
  pendingReviews: number | null;
  tools: string[];
  written: number;
}

export function registerTestReport(
  context: vscode.ExtensionContext,
  parts: { server: ServerManager; tree: NotesTreeProvider },
): void {
  const file = process.env[REPORT_ENV];
  if (!file) {
    return;
  }
  const { server, tree } = parts;
  const write = (): void => {
    const report: TestReport = {
      timings: server.timings,
      state: server.state,
      home: server.home,
      notes: tree.noteCount,
      stale: tree.staleCount,
      reviewSupported: tree.reviewSupported,
      pendingReviews: tree.pendingReviews ?? null,
      tools: vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('memlsp_')).sort(),
      written: Date.now(),
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report, null, 2));
    fs.renameSync(`${file}.tmp`, file);
  };
  // vscode.lm.tools fills asynchronously: keep writing for a while, and on every change.
  const timer = setInterval(write, 1000);
  context.subscriptions.push(
    { dispose: () => clearInterval(timer) },
    server.onDidChangeState(() => write()),
    tree.onDidChangeTreeData(() => setTimeout(write, 100)),
  );
  write();
}
