/**
 * The palette commands (category memlsp, ids `memlsp.camelCase`) and the Memory view's
 * context actions. Each asks the server and reports; none decides anything itself.
 *
 * Ids must differ from the server's `workspace/executeCommand` commands (`memlsp.forgetNote`,
 * `memlsp.fixCitation`, `memlsp.modelStatus`, `memlsp.recheckCitations`), which the language
 * client registers as VS Code commands of the same name.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeError, type MemoryApi } from './api';
import type { ServerManager } from './client';
import { formatAge, formatBytes, statusMarkdown } from './format';
import type { JobTracker } from './jobs';
import {
  SERVER_COMMANDS,
  type CitationCheck,
  type JobStatusParams,
  type ListEntry,
  type ReviewItem,
} from './protocol';
import type { Node, NotesTreeProvider } from './views/notesTree';
import { previewUri, type TextDocuments } from './views/preview';
import type { ReviewActions } from './views/review';
import { showResultWarning } from './warnings';

const DREAM_TIMEOUT_MS = 10 * 60_000;

export interface CommandDeps {
  server: ServerManager;
  api: MemoryApi;
  jobs: JobTracker;
  tree: NotesTreeProvider;
  treeView: vscode.TreeView<Node>;
  texts: TextDocuments;
  review: ReviewActions;
}

/** A note's home-relative path from whatever a command was given (a path, a tree node). */
export function notePathArg(arg: unknown): string | undefined {
  if (typeof arg === 'string') {
    return arg;
  }
  if (typeof arg === 'object' && arg !== null) {
    const node = arg as Partial<Node> & { path?: unknown };
    if (node.kind === 'note' && node.entry) {
      return node.entry.path;
    }
    if (node.kind === 'review' && node.item) {
      return node.item.path;
    }
    if (typeof node.path === 'string') {
      return node.path;
    }
  }
  return undefined;
}

export function reviewArg(arg: unknown): ReviewItem | undefined {
  if (typeof arg === 'object' && arg !== null) {
    const node = arg as { kind?: unknown; item?: ReviewItem; id?: unknown; path?: unknown };
    if (node.kind === 'review' && node.item) {
      return node.item;
    }
    if (typeof node.id === 'string' && typeof node.path === 'string') {
      return arg as ReviewItem;
    }
  }
  return undefined;
}

/** The sentence "Check citations" reports (memlsp.recheckCitations's counts). */
export function citationSummary(check: CitationCheck): string {
  const notes = check.notes === 1 ? '1 note' : `${check.notes} notes`;
  if (check.stale === 0) {
    return `memlsp checked the citations of ${notes}: none is stale.`;
  }
  const stale = check.stale === 1 ? '1 stale citation' : `${check.stale} stale citations`;
  const where = check.staleNotes === 1 ? '1 note' : `${check.staleNotes} notes`;
  return `memlsp checked the citations of ${notes}: ${stale} in ${where} (see the Problems panel).`;
}

/** The document "Dream dry run" opens: the plan as a diff when the server sent it. */
export function dryRunDocument(status: JobStatusParams): string {
  const summary = dreamSummary(status, true);
  if (status.state === 'done' && status.detail) {
    return `# ${summary}\n# Nothing was changed. The plan, as a diff:\n\n${status.detail}`;
  }
  return `# ${summary}\n# Nothing was changed.\n`;
}

/** What `@memory /dream` answers: the summary, and a dry run's plan as a diff block. */
export function dreamChatText(status: JobStatusParams, dryRun: boolean): string {
  const summary = dreamSummary(status, dryRun);
  return dryRun && status.state === 'done' && status.detail
    ? `${summary}\n\n\`\`\`diff\n${status.detail}\n\`\`\``
    : summary;
}

/** The sentence a finished dream job leaves in its notification. */
export function dreamSummary(status: JobStatusParams, dryRun: boolean): string {
  const what = dryRun ? 'Dream dry run' : 'Dream';
  switch (status.state) {
    case 'done':
      return `${what} finished: ${status.message ?? 'done'}`;
    case 'cancelled':
      return `${what} cancelled; nothing changed.`;
    default:
      return `${what} failed: ${status.message ?? 'see the memlsp server log'}`;
  }
}

export class Commands {
  constructor(private readonly deps: CommandDeps) {}

  notePath(rel: string): string {
    return path.join(this.deps.server.home, ...rel.split('/'));
  }

  /** Starts a dream and follows it to its end under a progress notification. */
  async dream(dryRun: boolean): Promise<JobStatusParams> {
    const { api, jobs } = this.deps;
    return vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: dryRun ? 'memlsp: planning a dream (dry run)' : 'memlsp: dreaming',
        cancellable: true,
      },
      async (progress, token) => {
        const { jobId } = await api.request('memory/dream', { force: true, dryRun });
        token.onCancellationRequested(() => {
          void api.request('memory/cancelJob', { jobId }).catch(() => undefined);
        });
        progress.report({ message: 'consolidating the inbox…' });
        return jobs.wait(jobId, DREAM_TIMEOUT_MS);
      },
    );
  }

  async dreamNow(): Promise<void> {
    try {
      const summary = dreamSummary(await this.dream(false), false);
      void vscode.window.showInformationMessage(`memlsp: ${summary}`);
    } catch (err) {
      void vscode.window.showErrorMessage(`memlsp: the dream did not run: ${describeError(err)}`);
    }
  }

  async dreamDryRun(): Promise<void> {
    try {
      const status = await this.dream(true);
      const uri = this.deps.texts.put('dream-plan.diff', dryRunDocument(status));
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.languages.setTextDocumentLanguage(doc, 'diff');
      await vscode.window.showTextDocument(doc, { preview: true });
    } catch (err) {
      void vscode.window.showErrorMessage(`memlsp: the dry run did not run: ${describeError(err)}`);
    }
  }

  async rememberSelection(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const text = editor?.selections.map((s) => editor.document.getText(s)).join('\n').trim();
    if (!editor || !text) {
      void vscode.window.showInformationMessage('memlsp: select the text to remember first.');
      return;
    }
    try {
      const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri);
      const result = await this.deps.api.request('memory/remember', {
        text,
        workspace: folder?.uri.fsPath ?? null,
      });
      if (result.refused || !result.path) {
        void vscode.window.showWarningMessage(`memlsp did not remember it: ${result.message ?? result.reason ?? 'refused'}`);
        return;
      }
      showResultWarning(result);
      const open = 'Open';
      const answer = await vscode.window.showInformationMessage(`memlsp: remembered (${result.action}) as ${result.path}`, open);
      if (answer === open) {
        await this.previewNote(result.path);
      }
    } catch (err) {
      void vscode.window.showErrorMessage(`memlsp could not remember the selection: ${describeError(err)}`);
    } finally {
      this.deps.tree.refresh();
    }
  }

  private async pickNote(placeHolder: string): Promise<ListEntry | undefined> {
    const { entries } = await this.deps.api.request('memory/list', {});
    const picked = await vscode.window.showQuickPick(
      entries.map((e) => ({
        label: e.name,
        description: `${e.scope} · ${formatBytes(e.bytes)} · ${formatAge(e.ageDays)}`,
        detail: e.path,
        entry: e,
      })),
      { placeHolder, matchOnDetail: true },
    );
    return picked?.entry;
  }

  /** Verified forget (R24): read the note, confirm, forget with the hash of what was read. */
  async forget(arg?: unknown): Promise<void> {
    try {
      const rel = notePathArg(arg) ?? (await this.pickNote('The note to forget'))?.path;
      if (!rel) {
        return;
      }
      const { sha256 } = await this.deps.api.request('memory/read', { path: rel });
      const forget = 'Forget';
      const answer = await vscode.window.showWarningMessage(
        `Forget ${rel}? The note is deleted for good; only a content-free tombstone is kept.`,
        { modal: true },
        forget,
      );
      if (answer !== forget) {
        return;
      }
      const result = await this.deps.api.request('memory/forget', { path: rel, sha256 });
      void vscode.window.showInformationMessage(
        result.status === 'already-forgotten' ? `memlsp: ${rel} was already forgotten.` : `memlsp: forgot ${rel}.`,
      );
      showResultWarning(result);
    } catch (err) {
      void vscode.window.showErrorMessage(`memlsp could not forget the note: ${describeError(err)}`);
    } finally {
      this.deps.tree.refresh();
    }
  }

  async reviewPending(): Promise<void> {
    await this.deps.tree.reload();
    if (!this.deps.tree.reviewSupported) {
      void vscode.window.showInformationMessage('memlsp: this server has no review mode (memory/review).');
      return;
    }
    await vscode.commands.executeCommand('memlsp.notes.focus');
    const count = this.deps.tree.pendingReviews ?? 0;
    if (count === 0) {
      void vscode.window.showInformationMessage('memlsp: nothing is waiting for review.');
      return;
    }
    await this.deps.treeView.reveal({ kind: 'group', id: 'review', count }, { expand: true, focus: true });
  }

  async checkCitations(): Promise<void> {
    const { api } = this.deps;
    if (api.hasCommand(SERVER_COMMANDS.recheckCitations)) {
      try {
        const check = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: 'memlsp: checking citations' },
          () => api.executeCommand<CitationCheck>(SERVER_COMMANDS.recheckCitations),
        );
        void vscode.window.showInformationMessage(citationSummary(check));
      } catch (err) {
        void vscode.window.showErrorMessage(`memlsp could not check citations: ${describeError(err)}`);
        return;
      }
    } else {
      void vscode.window.showInformationMessage(
        'memlsp checks citations by itself: at start-up and whenever files or notes change. The Problems panel shows what it found.',
      );
    }
    await vscode.commands.executeCommand('workbench.actions.view.problems');
  }

  async showStatus(): Promise<void> {
    try {
      const status = await this.deps.api.request('memory/status', {});
      await this.deps.tree.reload();
      const uri = this.deps.texts.put('status.md', `# memlsp status\n\n${statusMarkdown(status, this.deps.tree.pendingReviews)}\n`);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
      await vscode.window.showTextDocument(doc, { preview: true });
    } catch (err) {
      void vscode.window.showErrorMessage(`memlsp: no status: ${describeError(err)}`);
    }
  }

  async openMemoryFolder(): Promise<void> {
    const uri = vscode.Uri.file(this.deps.server.home);
    const newWindow = 'Open in new window';
    const add = 'Add to workspace';
    const answer = await vscode.window.showInformationMessage(`The memory home is ${uri.fsPath}.`, newWindow, add);
    if (answer === newWindow) {
      await vscode.commands.executeCommand('vscode.openFolder', uri, { forceNewWindow: true });
    } else if (answer === add) {
      vscode.workspace.updateWorkspaceFolders(vscode.workspace.workspaceFolders?.length ?? 0, 0, { uri, name: 'memory' });
    }
  }

  async previewNote(arg: unknown): Promise<void> {
    const rel = notePathArg(arg);
    if (rel) {
      const doc = await vscode.workspace.openTextDocument(previewUri(rel));
      await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
      await vscode.window.showTextDocument(doc, { preview: true });
    }
  }

  async openNote(arg: unknown): Promise<void> {
    const rel = notePathArg(arg);
    if (rel) {
      await vscode.window.showTextDocument(vscode.Uri.file(this.notePath(rel)));
    }
  }

  async revealNote(arg: unknown): Promise<void> {
    const rel = notePathArg(arg);
    if (rel) {
      await vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(this.notePath(rel)));
    }
  }

  register(): vscode.Disposable[] {
    const { server, tree, review } = this.deps;
    const withReview =
      (fn: (item: ReviewItem) => Promise<unknown>) =>
      async (arg: unknown): Promise<void> => {
        const item = reviewArg(arg);
        if (item) {
          await fn(item);
        }
      };
    const table: Record<string, (...args: unknown[]) => unknown> = {
      'memlsp.dreamNow': () => this.dreamNow(),
      'memlsp.dreamDryRun': () => this.dreamDryRun(),
      'memlsp.rememberSelection': () => this.rememberSelection(),
      'memlsp.forget': (arg) => this.forget(arg),
      'memlsp.reviewPending': () => this.reviewPending(),
      'memlsp.checkCitations': () => this.checkCitations(),
      'memlsp.showStatus': () => this.showStatus(),
      'memlsp.openMemoryFolder': () => this.openMemoryFolder(),
      'memlsp.restartServer': () => server.restart(),
      'memlsp.showLogs': () => server.showLogs(),
      'memlsp.refreshNotes': () => tree.refresh(),
      'memlsp.previewNote': (arg) => this.previewNote(arg),
      'memlsp.openNote': (arg) => this.openNote(arg),
      'memlsp.revealNote': (arg) => this.revealNote(arg),
      'memlsp.reviewAccept': withReview((item) => review.accept(item)),
      'memlsp.reviewEdit': withReview((item) => review.edit(item)),
      'memlsp.reviewReject': withReview((item) => review.reject(item)),
      'memlsp.reviewShowDiff': withReview((item) => review.showDiff(item)),
    };
    return Object.entries(table).map(([id, fn]) => vscode.commands.registerCommand(id, fn));
  }
}
