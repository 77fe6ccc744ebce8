/**
 * The status bar item: rollout level, running jobs, pending reviews and stale citations at a
 * glance; a click opens the Memory view. {@link statusBarText} is the pure part.
 */
import * as vscode from 'vscode';
import type { ServerState } from './client';
import { plural } from './format';

export interface StatusSummary {
  rollout?: string;
  runningJobs: number;
  pendingReviews?: number;
  stale: number;
  notes: number;
}

export function statusBarText(state: ServerState, summary: StatusSummary | undefined): { text: string; tooltip: string; warning: boolean } {
  if (state === 'starting') {
    return { text: '$(loading~spin) memlsp', tooltip: 'memlsp: starting the server…', warning: false };
  }
  if (state !== 'running' || summary === undefined) {
    return {
      text: '$(error) memlsp',
      tooltip: state === 'failed' ? 'memlsp: the server is not running (see "memlsp: Show logs")' : 'memlsp: stopped',
      warning: true,
    };
  }
  const parts = [`$(database) memlsp: ${summary.rollout ?? '?'}`];
  const tips = [`Rollout: ${summary.rollout ?? 'unknown'}`, plural(summary.notes, 'note')];
  if (summary.runningJobs) {
    parts.push(`$(sync~spin) ${summary.runningJobs}`);
    tips.push(`${plural(summary.runningJobs, 'job')} running`);
  }
  if (summary.pendingReviews) {
    parts.push(`$(inbox) ${summary.pendingReviews}`);
    tips.push(`${summary.pendingReviews} waiting for review`);
  }
  if (summary.stale) {
    parts.push(`$(warning) ${summary.stale}`);
    tips.push(plural(summary.stale, 'stale citation'));
  }
  return { text: parts.join(' '), tooltip: `${tips.join(' · ')}\nClick to open the Memory view`, warning: summary.stale > 0 };
}

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('memlsp.status', vscode.StatusBarAlignment.Right, 100);

  constructor() {
    this.item.name = 'memlsp';
    this.item.command = 'workbench.view.extension.memlsp';
    this.item.show();
  }

  update(state: ServerState, summary: StatusSummary | undefined): void {
    const { text, tooltip, warning } = statusBarText(state, summary);
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.color = warning && state === 'running' ? new vscode.ThemeColor('statusBarItem.warningForeground') : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}
