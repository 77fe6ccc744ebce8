import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandDeps } from '../src/commands';
import { FakeServer, apiOver } from './fakes/helpers';
import { ui, window } from './fakes/vscode';

// The language client is never started here; only the restart queue and crash policy are.
vi.mock('vscode-languageclient/node', () => ({
  CloseAction: { DoNotRestart: 1, Restart: 2 },
  ErrorAction: { Continue: 1, Shutdown: 2 },
  LanguageClient: class {},
  ResponseError: class {},
  RevealOutputChannelOn: { Never: 4 },
  State: { Stopped: 1, Running: 2, Starting: 3 },
}));

const { CrashCounter, SerialRunner } = await import('../src/client');
const { JobTracker } = await import('../src/jobs');
const { statusBarText } = await import('../src/status');
const { Commands, citationSummary, dreamChatText, dreamSummary, dryRunDocument, notePathArg, reviewArg } = await import('../src/commands');
const { showResultWarning } = await import('../src/warnings');
const { describeError, errorReason, MemoryApi } = await import('../src/api');

describe('queued restarts', () => {
  it('runs one restart at a time and folds the ones asked for meanwhile into one more', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const runner = new SerialRunner(
      () =>
        new Promise<void>((resolve) => {
          runs += 1;
          release = resolve;
        }),
    );
    const first = runner.run();
    const second = runner.run();
    const third = runner.run();
    expect(second).toBe(third);
    expect(runs).toBe(1);
    release();
    await first;
    await vi.waitFor(() => expect(runs).toBe(2));
    release();
    await second;
    expect(runs).toBe(2);
    const fourth = runner.run();
    expect(runs).toBe(3);
    release();
    await fourth;
  });

  it('keeps going after a failed restart', async () => {
    let runs = 0;
    const runner = new SerialRunner(async () => {
      runs += 1;
      if (runs === 1) {
        throw new Error('boom');
      }
    });
    const first = runner.run();
    const second = runner.run();
    await expect(first).rejects.toThrow('boom');
    await second;
    expect(runs).toBe(2);
  });

  it('stops restarting after more than three crashes in three minutes', () => {
    const crashes = new CrashCounter();
    expect([0, 1000, 2000].map((t) => crashes.tooMany(crashes.record(t)))).toEqual([false, false, false]);
    expect(crashes.tooMany(crashes.record(3000))).toBe(true);
    expect(crashes.tooMany(new CrashCounter().record(0))).toBe(false);
    const spaced = new CrashCounter();
    expect([0, 200_000, 400_000, 600_000].map((t) => spaced.record(t))).toEqual([1, 1, 1, 1]);
  });
});

describe('jobs', () => {
  it('resolves a wait with the final status, also when it came first', async () => {
    const jobs = new JobTracker();
    const waiting = jobs.wait('j1', 1000);
    jobs.update({ jobId: 'j1', kind: 'dream', state: 'running', message: null });
    expect(jobs.running()).toHaveLength(1);
    jobs.update({ jobId: 'j1', kind: 'dream', state: 'done', message: 'applied' });
    expect((await waiting).message).toBe('applied');
    jobs.update({ jobId: 'j2', kind: 'dream', state: 'failed', message: 'x' });
    expect((await jobs.wait('j2', 10)).state).toBe('failed');
    await expect(jobs.wait('j3', 10)).rejects.toThrow('did not finish');
  });

  it('summarises a dream for the notification', () => {
    expect(dreamSummary({ jobId: 'j', kind: 'dream', state: 'done', message: 'applied (run r): 2 operation(s)' }, false)).toBe(
      'Dream finished: applied (run r): 2 operation(s)',
    );
    expect(dreamSummary({ jobId: 'j', kind: 'dream', state: 'cancelled', message: null }, true)).toBe('Dream dry run cancelled; nothing changed.');
    expect(dreamSummary({ jobId: 'j', kind: 'dream', state: 'failed', message: 'busy' }, false)).toBe('Dream failed: busy');
  });

  it("shows a dry run's plan as the diff the server sent in detail", () => {
    const plan = '# create a.md: new topic\n--- /dev/null\n+++ b/a.md\n@@ -0,0 +1 @@\n+x\n';
    const done = { jobId: 'j', kind: 'dream', state: 'done' as const, message: 'dry-run (run r): 1 operation(s)', detail: plan };
    const doc = dryRunDocument(done);
    expect(doc.startsWith('# Dream dry run finished: dry-run (run r): 1 operation(s)\n')).toBe(true);
    expect(doc.endsWith(plan)).toBe(true);
    expect(dreamChatText(done, true)).toBe(`Dream dry run finished: dry-run (run r): 1 operation(s)\n\n\`\`\`diff\n${plan}\n\`\`\``);
    expect(dreamChatText({ ...done, detail: null }, true)).toBe('Dream dry run finished: dry-run (run r): 1 operation(s)');
    const failed = { jobId: 'j', kind: 'dream', state: 'failed' as const, message: 'busy', detail: null };
    expect(dryRunDocument(failed)).toBe('# Dream dry run failed: busy\n# Nothing was changed.\n');
  });

  it('reports the counts of memlsp.recheckCitations', () => {
    const check = { notes: 12, stale: 0, staleNotes: 0, indexProblems: 0, folders: 1 };
    expect(citationSummary(check)).toBe('memlsp checked the citations of 12 notes: none is stale.');
    expect(citationSummary({ ...check, stale: 3, staleNotes: 2 })).toBe(
      'memlsp checked the citations of 12 notes: 3 stale citations in 2 notes (see the Problems panel).',
    );
    expect(citationSummary({ ...check, notes: 1, stale: 1, staleNotes: 1 })).toBe(
      'memlsp checked the citations of 1 note: 1 stale citation in 1 note (see the Problems panel).',
    );
  });
});

describe('status bar', () => {
  it('shows rollout, running jobs, pending reviews and stale citations', () => {
    expect(statusBarText('running', { rollout: 'on', runningJobs: 1, pendingReviews: 2, stale: 3, notes: 9 })).toEqual({
      text: '$(database) memlsp: on $(sync~spin) 1 $(inbox) 2 $(warning) 3',
      tooltip: 'Rollout: on · 9 notes · 1 job running · 2 waiting for review · 3 stale citations\nClick to open the Memory view',
      warning: true,
    });
    expect(statusBarText('running', { rollout: 'shadow', runningJobs: 0, stale: 0, notes: 1 }).text).toBe('$(database) memlsp: shadow');
    expect(statusBarText('failed', undefined).text).toBe('$(error) memlsp');
    expect(statusBarText('starting', undefined).text).toBe('$(loading~spin) memlsp');
  });
});

describe('command arguments and errors', () => {
  it('accepts a path, a tree node or a review item', () => {
    expect(notePathArg('global/a.md')).toBe('global/a.md');
    expect(notePathArg({ kind: 'note', entry: { path: 'global/b.md' } })).toBe('global/b.md');
    expect(notePathArg(undefined)).toBeUndefined();
    const item = { id: 'r', path: 'p.md' };
    expect(reviewArg({ kind: 'review', item })).toBe(item);
    expect(reviewArg(item)).toBe(item);
    expect(reviewArg('x')).toBeUndefined();
  });

  it("reads the server's reason and writes a sentence", async () => {
    const err = { code: -32803, message: 'the note changed since it was read: read it again first', data: { reason: 'stale-hash' } };
    expect(errorReason(err)).toBe('stale-hash');
    expect(describeError(err)).toBe('the note changed since it was read: read it again first (stale-hash)');
    const api = new MemoryApi(() => undefined);
    await expect(api.request('memory/status', {})).rejects.toThrow('not running');
  });
});

describe("a server result's warning (the change stands, MEMORY.md was not regenerated)", () => {
  const warning = 'the note is forgotten, but MEMORY.md was not regenerated (it is a folder)';
  const commands = (handlers: Record<string, (p: any) => unknown>) =>
    new Commands({ api: apiOver(new FakeServer(handlers)), tree: { refresh: () => undefined } } as unknown as CommandDeps);

  beforeEach(() => ui.reset());

  it('is shown as a warning, and nothing when there is none', () => {
    showResultWarning(undefined);
    showResultWarning({ warning: null });
    showResultWarning({ warning: '' });
    expect(ui.shown).toEqual([]);
    showResultWarning({ warning });
    expect(ui.shown).toEqual([{ level: 'warning', message: `memlsp: ${warning}`, items: [] }]);
  });

  it('follows what forget did', async () => {
    ui.answers.push('Forget');
    await commands({
      'memory/read': () => ({ sha256: 'a'.repeat(64) }),
      'memory/forget': () => ({ path: 'global/x.md', status: 'forgotten', tombstone: 't', warning }),
    }).forget('global/x.md');
    expect(ui.shown.slice(1)).toEqual([
      { level: 'info', message: 'memlsp: forgot global/x.md.', items: [] },
      { level: 'warning', message: `memlsp: ${warning}`, items: [] },
    ]);
  });

  it('comes before what remember did', async () => {
    const saved = 'the note is saved, but MEMORY.md was not regenerated (it is a folder)';
    window.activeTextEditor = { selections: [{}], document: { getText: () => 'Use pnpm, never npm' } };
    try {
      await commands({
        'memory/remember': () => ({ path: 'global/inbox/x.md', action: 'created', refused: false, reason: null, message: null, warning: saved }),
      }).rememberSelection();
    } finally {
      window.activeTextEditor = undefined;
    }
    expect(ui.shown).toEqual([
      { level: 'warning', message: `memlsp: ${saved}`, items: [] },
      { level: 'info', message: 'memlsp: remembered (created) as global/inbox/x.md', items: ['Open'] },
    ]);
  });
});
