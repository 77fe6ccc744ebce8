/**
 * Read-only documents: `memlsp-note:/<home-relative path>` shows a note as `memory/read`
 * returns it (SPEC R31's preview), and `memlsp-text:/<name>` shows text the client made (a
 * review diff, a dream plan). Both refresh when notes change.
 */
import * as vscode from 'vscode';
import { describeError, type MemoryApi } from '../api';

export const NOTE_SCHEME = 'memlsp-note';
export const TEXT_SCHEME = 'memlsp-text';

export function previewUri(rel: string): vscode.Uri {
  return vscode.Uri.from({ scheme: NOTE_SCHEME, path: `/${rel}` });
}

export function notePathOf(uri: vscode.Uri): string {
  return uri.path.replace(/^\/+/, '');
}

export class NotePreviewProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly open = new Set<string>();

  constructor(private readonly api: MemoryApi) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    this.open.add(uri.toString());
    try {
      return (await this.api.request('memory/read', { path: notePathOf(uri) })).content;
    } catch (err) {
      return `<!-- memlsp could not read ${notePathOf(uri)}: ${describeError(err)} -->\n`;
    }
  }

  /** Notes changed on disk: every preview shown so far is read again. */
  refreshAll(): void {
    for (const uri of this.open) {
      this.changed.fire(vscode.Uri.parse(uri));
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Text documents the client composes (diffs, plans), addressed by name. */
export class TextDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  put(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: TEXT_SCHEME, path: `/${name}` });
    this.texts.set(uri.path, text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}
