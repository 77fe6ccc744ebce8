import { beforeEach, describe, expect, it } from 'vitest';
import { NotesTreeProvider, noteDescription, noteItem, reviewItem, type Node } from '../src/views/notesTree';
import { TextDocuments } from '../src/views/preview';
import { ReviewActions } from '../src/views/review';
import { FakeServer, apiOver, entry, methodNotFound } from './fakes/helpers';
import { ThemeIcon, ui } from './fakes/vscode';

const ITEM = {
  id: 'r1',
  path: 'projects/github.com/acme/shop/inbox/use-pnpm.md',
  kind: 'update' as const,
  description: 'Use pnpm, never npm',
  diff: '--- a\n+++ b\n-npm\n+pnpm\n',
  source: 'extract',
  agent: 'vscode-chat',
  created: '2026-05-04T09:12:44Z',
};

const listing = {
  entries: [
    entry(),
    entry({ path: 'projects/x/deploy.md', scope: 'project', type: 'project', name: 'deploy', bytes: 2048, ageDays: 3, stale: 2 }),
    entry({ path: 'projects/x/sessions/s1.md', scope: 'session', type: 'session', name: 's1', ageDays: 1 }),
  ],
  problems: [],
};

beforeEach(() => ui.reset());

describe('Memory view', () => {
  it('groups notes by scope and hides pending review when the server answers MethodNotFound', async () => {
    const server = new FakeServer({ 'memory/list': () => listing, 'memory/review': () => Promise.reject(methodNotFound()) });
    const tree = new NotesTreeProvider(apiOver(server));
    const roots = await tree.getChildren();
    expect(roots.map((r) => r.kind === 'group' && [r.id, r.count])).toEqual([
      ['global', 1],
      ['project', 1],
      ['session', 1],
    ]);
    expect(tree.reviewSupported).toBe(false);
    expect(tree.pendingReviews).toBeUndefined();
    expect(tree.staleCount).toBe(2);
  });

  it('shows pending review when the server serves it, and skips asking when it declared it does not', async () => {
    const server = new FakeServer({ 'memory/list': () => listing, 'memory/review': () => ({ items: [ITEM] }) });
    const tree = new NotesTreeProvider(apiOver(server));
    const roots = await tree.getChildren();
    const review = roots.find((r) => r.kind === 'group' && r.id === 'review') as Node;
    expect(await tree.getChildren(review)).toEqual([{ kind: 'review', item: ITEM }]);
    expect(tree.pendingReviews).toBe(1);

    const quiet = new FakeServer({ 'memory/list': () => listing, 'memory/review': () => ({ items: [ITEM] }) });
    const declared = new NotesTreeProvider(apiOver(quiet, { methods: ['memory/list'] }));
    await declared.getChildren();
    expect(quiet.called('memory/review')).toEqual([]);
    expect(declared.reviewSupported).toBe(false);
  });

  it('shows each note with type icon, size, age and a stale badge', () => {
    const fresh = noteItem(entry() as never);
    expect(fresh.description).toBe('171 B · today');
    expect((fresh.iconPath as ThemeIcon).id).toBe('account');
    expect(fresh.command).toMatchObject({ command: 'memlsp.previewNote', arguments: ['global/inbox/i-am-a-data-engineer.md'] });
    const stale = noteItem(listing.entries[1] as never);
    expect(stale.description).toBe('2.0 KB · 3 days ago · ⚠ 2 stale citations');
    expect((stale.iconPath as ThemeIcon).id).toBe('warning');
    expect(stale.contextValue).toBe('memlsp.note.stale');
    expect(noteDescription(entry({ ageDays: 1, bytes: 5 }) as never)).toBe('5 B · yesterday');
  });

  it('shows a review item with its kind and origin, opening the change on click', () => {
    const item = reviewItem(ITEM);
    expect(item.description).toBe('update · from vscode-chat');
    expect(item.contextValue).toBe('memlsp.review.update');
    expect(item.command).toMatchObject({ command: 'memlsp.reviewShowDiff' });
  });

  it('says why the list is empty when the server is down', async () => {
    const tree = new NotesTreeProvider(apiOver(undefined));
    expect(await tree.getChildren()).toEqual([{ kind: 'message', text: 'The memlsp server is not running.' }]);
  });
});

describe('review actions', () => {
  const setup = (handlers: Record<string, (p: any) => unknown>) => {
    const server = new FakeServer(handlers);
    let refreshed = 0;
    const actions = new ReviewActions(apiOver(server), new TextDocuments(), { refresh: () => refreshed++ });
    return { server, actions, refreshed: () => refreshed };
  };

  it('accepts and reports where the note went', async () => {
    const { server, actions, refreshed } = setup({ 'memory/reviewDecide': () => ({ path: 'projects/x/use-pnpm.md' }) });
    expect(await actions.accept(ITEM)).toBe(true);
    expect(server.called('memory/reviewDecide')).toEqual([{ id: 'r1', decision: 'accept' }]);
    expect(ui.shown.at(-1)?.message).toBe('Accepted "Use pnpm, never npm" as projects/x/use-pnpm.md.');
    expect(refreshed()).toBe(1);
  });

  it('passes on a warning that the note was saved but MEMORY.md was not', async () => {
    const warning = 'the note is saved, but MEMORY.md was not regenerated (it is a folder)';
    const { actions } = setup({ 'memory/reviewDecide': () => ({ path: 'projects/x/use-pnpm.md', warning }) });
    expect(await actions.accept(ITEM)).toBe(true);
    expect(ui.shown.at(-1)).toMatchObject({ level: 'warning', message: `memlsp: ${warning}` });
  });

  it('rejects only after the person confirms', async () => {
    const { server, actions } = setup({ 'memory/reviewDecide': () => null });
    ui.answers.push(undefined);
    expect(await actions.reject(ITEM)).toBe(false);
    expect(server.called('memory/reviewDecide')).toEqual([]);
    ui.answers.push('Reject');
    expect(await actions.reject(ITEM)).toBe(true);
    expect(server.called('memory/reviewDecide')).toEqual([{ id: 'r1', decision: 'reject' }]);
  });

  it('sends the edited text with decision edit', async () => {
    const { server, actions } = setup({
      'memory/read': () => ({ content: '---\nname: use-pnpm\n---\nUse pnpm\n', sha256: 'ab' }),
      'memory/reviewDecide': () => ({ path: ITEM.path }),
    });
    ui.answers.push('Accept edited');
    expect(await actions.edit(ITEM)).toBe(true);
    expect(ui.documents[0]).toMatchObject({ language: 'markdown' });
    expect(server.called('memory/reviewDecide')).toEqual([
      { id: 'r1', decision: 'edit', text: '---\nname: use-pnpm\n---\nUse pnpm\n' },
    ]);
  });

  it('shows the change an update makes as a diff document', async () => {
    const texts = new TextDocuments();
    const actions = new ReviewActions(apiOver(new FakeServer()), texts, { refresh: () => undefined });
    await actions.showDiff(ITEM);
    expect(ui.documents[0].uri?.toString()).toBe('memlsp-text:/review/r1.diff');
    expect(texts.provideTextDocumentContent(ui.documents[0].uri as never)).toBe(ITEM.diff);
  });

  it('explains a server without review mode', async () => {
    const { actions } = setup({});
    expect(await actions.accept(ITEM)).toBe(false);
    expect(ui.shown.at(-1)).toMatchObject({ level: 'error', message: 'This memlsp server has no review mode (memory/reviewDecide).' });
  });
});
