/**
 * Review before trust (SPEC R37): accept, edit-then-accept or reject a pending item
 * (`memory/reviewDecide`), and show the change an update would make. The server decides
 * what an acceptance does; this module asks and reports.
 */
import * as vscode from 'vscode';
import { describeError, isMethodNotFound, type MemoryApi } from '../api';
import { reviewLabel } from '../format';
import type { ReviewDecision, ReviewItem } from '../protocol';
import { showResultWarning } from '../warnings';
import type { TextDocuments } from './preview';

export interface ReviewUi {
  refresh(): void;
}

export class ReviewActions {
  constructor(
    private readonly api: MemoryApi,
    private readonly texts: TextDocuments,
    private readonly ui: ReviewUi,
  ) {}

  async decide(item: ReviewItem, decision: ReviewDecision, text?: string): Promise<boolean> {
    try {
      const result = await this.api.request('memory/reviewDecide', {
        id: item.id,
        decision,
        ...(text === undefined ? {} : { text }),
      });
      const where = result?.path ? ` as ${result.path}` : '';
      void vscode.window.showInformationMessage(
        decision === 'reject' ? `Rejected "${reviewLabel(item)}".` : `Accepted "${reviewLabel(item)}"${where}.`,
      );
      showResultWarning(result);
      return true;
    } catch (err) {
      void vscode.window.showErrorMessage(
        isMethodNotFound(err)
          ? 'This memlsp server has no review mode (memory/reviewDecide).'
          : `memlsp could not ${decision} "${reviewLabel(item)}": ${describeError(err)}`,
      );
      return false;
    } finally {
      this.ui.refresh();
    }
  }

  accept(item: ReviewItem): Promise<boolean> {
    return this.decide(item, 'accept');
  }

  async reject(item: ReviewItem): Promise<boolean> {
    const reject = 'Reject';
    const answer = await vscode.window.showWarningMessage(
      `Reject "${reviewLabel(item)}"? It will not become a note.`,
      { modal: true },
      reject,
    );
    return answer === reject ? this.decide(item, 'reject') : false;
  }

  /** Opens the proposed note for editing; "Accept edited" sends the edited text. */
  async edit(item: ReviewItem): Promise<boolean> {
    let content: string;
    try {
      content = (await this.api.request('memory/read', { path: item.path })).content;
    } catch (err) {
      void vscode.window.showErrorMessage(`memlsp could not read ${item.path}: ${describeError(err)}`);
      return false;
    }
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
    await vscode.window.showTextDocument(doc);
    const done = 'Accept edited';
    const answer = await vscode.window.showInformationMessage(
      `Edit "${reviewLabel(item)}", then choose "${done}".`,
      done,
      'Cancel',
    );
    return answer === done ? this.decide(item, 'edit', doc.getText()) : false;
  }

  async showDiff(item: ReviewItem): Promise<void> {
    if (!item.diff) {
      await vscode.commands.executeCommand('memlsp.previewNote', item.path);
      return;
    }
    const uri = this.texts.put(`review/${item.id}.diff`, item.diff);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(doc, 'diff');
    await vscode.window.showTextDocument(doc, { preview: true });
  }
}
