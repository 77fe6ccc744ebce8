/**
 * The Memory view (SPEC R31, R37): notes grouped by scope (global, project, pending review,
 * sessions), each with its type icon, size, "N days ago" and a stale-citation badge, from
 * `memory/list` (and `memory/review` when the server serves it). Refreshed on
 * `memory/notesChanged`. A click opens the read-only preview (preview.ts).
 *
 * The "Pending review" group only shows when the server serves `memory/review`: an answer of
 * MethodNotFound hides it for the rest of the server's life.
 */
import * as vscode from 'vscode';
import { describeError, isMethodNotFound, type MemoryApi } from '../api';
import { formatAge, formatBytes, plural, reviewLabel } from '../format';
import type { ListEntry, ReviewItem } from '../protocol';
import { previewUri } from './preview';

export type GroupId = 'global' | 'project' | 'review' | 'session';

const GROUPS: { id: GroupId; label: string; icon: string }[] = [
  { id: 'global', label: 'Global', icon: 'globe' },
  { id: 'project', label: 'Project', icon: 'repo' },
  { id: 'review', label: 'Pending review', icon: 'inbox' },
  { id: 'session', label: 'Sessions', icon: 'history' },
];

const TYPE_ICONS: Record<string, string> = {
  user: 'account',
  feedback: 'feedback',
  project: 'project',
  reference: 'link',
  session: 'history',
};

export type Node =
  | { kind: 'group'; id: GroupId; count: number }
  | { kind: 'note'; entry: ListEntry }
  | { kind: 'review'; item: ReviewItem }
  | { kind: 'message'; text: string };

export function noteDescription(entry: ListEntry): string {
  const parts = [formatBytes(entry.bytes), formatAge(entry.ageDays)];
  if (entry.stale) {
    parts.push(`⚠ ${plural(entry.stale, 'stale citation')}`);
  }
  return parts.join(' · ');
}

export function noteItem(entry: ListEntry): vscode.TreeItem {
  const item = new vscode.TreeItem(entry.name || entry.path, vscode.TreeItemCollapsibleState.None);
  item.id = `note:${entry.path}`;
  item.description = noteDescription(entry);
  item.iconPath = entry.stale
    ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
    : new vscode.ThemeIcon(TYPE_ICONS[entry.type] ?? 'note');
  const tooltip = new vscode.MarkdownString(
    `**${entry.name}** (${entry.type})\n\n${entry.description}\n\n\`${entry.path}\` · ${formatBytes(entry.bytes)} · modified ${formatAge(entry.ageDays)}`,
  );
  if (entry.stale) {
    tooltip.appendMarkdown(`\n\n⚠ ${plural(entry.stale, 'stale citation')}: see the Problems panel`);
  }
  item.tooltip = tooltip;
  item.contextValue = entry.stale ? 'memlsp.note.stale' : 'memlsp.note';
  item.command = { command: 'memlsp.previewNote', title: 'Preview', arguments: [entry.path] };
  item.resourceUri = previewUri(entry.path);
  return item;
}

export function reviewItem(review: ReviewItem): vscode.TreeItem {
  const item = new vscode.TreeItem(reviewLabel(review), vscode.TreeItemCollapsibleState.None);
  item.id = `review:${review.id}`;
  item.description = `${review.kind === 'update' ? 'update' : 'new'} · from ${review.agent ?? review.source}`;
  item.iconPath = new vscode.ThemeIcon(review.kind === 'update' ? 'diff' : 'new-file');
  item.tooltip = new vscode.MarkdownString(`**${reviewLabel(review)}**\n\n\`${review.path}\` · ${review.created}`);
  item.contextValue = review.kind === 'update' ? 'memlsp.review.update' : 'memlsp.review.new';
  item.command =
    review.kind === 'update' && review.diff
      ? { command: 'memlsp.reviewShowDiff', title: 'Show change', arguments: [review] }
      : { command: 'memlsp.previewNote', title: 'Preview', arguments: [review.path] };
  return item;
}

export function groupItem(id: GroupId, count: number): vscode.TreeItem {
  const group = GROUPS.find((g) => g.id === id) ?? GROUPS[0];
  const item = new vscode.TreeItem(
    group.label,
    count ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
  );
  item.id = `group:${id}`;
  item.description = String(count);
  item.iconPath = new vscode.ThemeIcon(group.icon);
  item.contextValue = `memlsp.group.${id}`;
  return item;
}

export class NotesTreeProvider implements vscode.TreeDataProvider<Node> {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private entries: ListEntry[] = [];
  private reviews: ReviewItem[] = [];
  /** False once the server answered MethodNotFound for memory/review. */
  reviewSupported = true;
  private loaded: Promise<void> | undefined;
  private error: string | undefined;

  constructor(private readonly api: MemoryApi) {}

  get pendingReviews(): number | undefined {
    return this.reviewSupported ? this.reviews.length : undefined;
  }

  get staleCount(): number {
    return this.entries.reduce((n, e) => n + (e.stale ?? 0), 0);
  }

  get noteCount(): number {
    return this.entries.length;
  }

  /** Drops what is cached; the view asks again. */
  refresh(): void {
    this.loaded = undefined;
    this.changed.fire(undefined);
  }

  /** Reloads now (for callers that need the new counts, such as the status bar). */
  async reload(): Promise<void> {
    this.loaded = this.load();
    await this.loaded;
    this.changed.fire(undefined);
  }

  serverRestarted(): void {
    this.reviewSupported = true;
    this.refresh();
  }

  private async load(): Promise<void> {
    this.error = undefined;
    if (!this.api.running) {
      this.entries = [];
      this.reviews = [];
      this.error = 'The memlsp server is not running.';
      return;
    }
    try {
      this.entries = (await this.api.request('memory/list', {})).entries;
    } catch (err) {
      this.entries = [];
      this.error = `Could not list notes: ${describeError(err)}`;
    }
    this.reviews = [];
    if (this.reviewSupported && this.api.serves('memory/review')) {
      try {
        this.reviews = (await this.api.request('memory/review', {})).items;
      } catch (err) {
        if (isMethodNotFound(err)) {
          this.reviewSupported = false;
        }
      }
    } else {
      this.reviewSupported = false;
    }
  }

  private ensureLoaded(): Promise<void> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  /** The groups shown: the review group only when the server serves it. */
  groups(): { id: GroupId; count: number }[] {
    const count = (scope: string): number => this.entries.filter((e) => e.scope === scope).length;
    const out: { id: GroupId; count: number }[] = [
      { id: 'global', count: count('global') },
      { id: 'project', count: count('project') },
    ];
    if (this.reviewSupported) {
      out.push({ id: 'review', count: this.reviews.length });
    }
    out.push({ id: 'session', count: count('session') });
    return out;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    await this.ensureLoaded();
    if (node === undefined) {
      if (this.error) {
        return [{ kind: 'message', text: this.error }];
      }
      return this.groups().map((g) => ({ kind: 'group', id: g.id, count: g.count }));
    }
    if (node.kind !== 'group') {
      return [];
    }
    if (node.id === 'review') {
      return this.reviews.map((item) => ({ kind: 'review', item }));
    }
    return this.entries
      .filter((e) => e.scope === node.id)
      .sort((a, b) => a.ageDays - b.ageDays || a.name.localeCompare(b.name))
      .map((entry) => ({ kind: 'note', entry }));
  }

  getParent(node: Node): Node | undefined {
    if (node.kind === 'note') {
      const id = node.entry.scope as GroupId;
      return { kind: 'group', id, count: this.entries.filter((e) => e.scope === id).length };
    }
    if (node.kind === 'review') {
      return { kind: 'group', id: 'review', count: this.reviews.length };
    }
    return undefined;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.kind) {
      case 'group':
        return groupItem(node.id, node.count);
      case 'note':
        return noteItem(node.entry);
      case 'review':
        return reviewItem(node.item);
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}
