import { beforeEach, describe, expect, it } from 'vitest';
import { ModelChoice, answerComplete, BridgeError, toChatMessages } from '../src/chat/bridge';
import { MemoryParticipant, routeChat } from '../src/chat/participant';
import { ChatSessions } from '../src/chat/sessions';
import { RecallTool, RememberTool, ToolInputError, validateRecallInput, validateRememberInput } from '../src/chat/tools';
import { FakeModel, FakeServer, FakeStream, apiOver, entry, methodNotFound, token } from './fakes/helpers';
import {
  ChatRequestTurn,
  ChatResponseMarkdownPart,
  ChatResponseTurn,
  LanguageModelChatMessageRole,
  LanguageModelError,
  LanguageModelTextPart,
  lm,
  ui,
} from './fakes/vscode';

beforeEach(() => {
  ui.reset();
  lm.models = [];
});

describe('chat command routing', () => {
  it.each([
    [undefined, 'how do we deploy?', { kind: 'ask', prompt: 'how do we deploy?' }],
    ['recall', ' deploys ', { kind: 'recall', query: 'deploys' }],
    ['remember', 'we use pnpm', { kind: 'remember', text: 'we use pnpm' }],
    ['forget', 'use-pnpm', { kind: 'forget', target: 'use-pnpm' }],
    ['dream', '', { kind: 'dream', dryRun: false }],
    ['dream', 'dry run please', { kind: 'dream', dryRun: true }],
    ['status', '', { kind: 'status' }],
    ['review', '', { kind: 'review' }],
  ])('/%s %j', (command, prompt, expected) => {
    expect(routeChat(command, prompt)).toEqual(expected);
  });

  it('explains what is missing instead of calling the server', () => {
    expect(routeChat('remember', '  ').kind).toBe('usage');
    expect(routeChat('recall', '').kind).toBe('usage');
    expect(routeChat('forget', '').kind).toBe('usage');
    expect(routeChat('frobnicate', 'x')).toEqual({ kind: 'usage', message: 'Unknown command `/frobnicate`.' });
    expect(routeChat(undefined, '').kind).toBe('usage');
  });
});

function participant(server: FakeServer | undefined, sessions = new ChatSessions(() => 'sess-1')) {
  const logs: string[] = [];
  const p = new MemoryParticipant({
    api: apiOver(server),
    sessions,
    models: new ModelChoice(),
    notePath: (rel) => `/home/me/mem/${rel}`,
    log: (m) => logs.push(m),
    now: () => Date.parse('2026-05-04T09:00:00Z'),
    dream: async (dryRun) => (dryRun ? 'Dream dry run finished: 2 operation(s)' : 'Dream finished: applied'),
  });
  return { p, logs, sessions };
}

const recallResult = {
  memories: [{ path: 'projects/x/deploy.md', name: 'deploy', type: 'project', scope: 'project', ageDays: 3, score: 0.7, content: 'Blue-green', stale: [] }],
  reminder: '<memory-context source="memlsp">Blue-green</memory-context>',
  budgetLeft: 60000,
  skipped: null,
};

function chatServer() {
  return new FakeServer({
    'memory/sessionStarted': () => ({ index: '# Memory index', rollout: 'on', scopes: [] }),
    'memory/recall': () => recallResult,
    'memory/turnCompleted': () => ({ jobId: 'j1', skipped: null }),
    'memory/sessionEnded': () => ({ path: 'projects/x/sessions/s.md', skipped: null }),
  });
}

describe('@memory participant', () => {
  it('answers with the picked model, memory first, and reports the turn', async () => {
    const server = chatServer();
    const { p } = participant(server);
    const model = new FakeModel(['Use the ', 'blue-green script.']);
    const stream = new FakeStream();
    const result = await p.handle({ prompt: 'how do we deploy?', command: undefined, model } as never, { history: [] } as never, stream as never, token().token as never);
    expect(stream.text).toBe('Use the blue-green script.');
    expect(stream.references).toHaveLength(1);
    expect(result.metadata).toMatchObject({ action: 'ask', sessionId: 'sess-1', recalled: 1 });
    const sent = model.requests[0].messages;
    expect(sent[0].content).toContain('# Memory index');
    expect(sent[0].content).toContain('<memory-context');
    expect(sent.at(-1)?.content).toBe('how do we deploy?');
    expect(server.called('memory/recall')[0]).toMatchObject({ sessionId: 'sess-1', message: 'how do we deploy?', firstTurn: true });
    await Promise.resolve();
    expect(server.called('memory/turnCompleted')[0]).toMatchObject({
      sessionId: 'sess-1',
      turn: 1,
      messages: [
        { role: 'user', content: 'how do we deploy?' },
        { role: 'assistant', content: 'Use the blue-green script.' },
      ],
    });
  });

  it('continues the session on the next turn and tells the server after a compaction', async () => {
    const server = chatServer();
    const { p, sessions } = participant(server);
    const model = new FakeModel(['ok']);
    const ask = (prompt: string, history: unknown[]) =>
      p.handle({ prompt, model } as never, { history } as never, new FakeStream() as never, token().token as never);
    await ask('first', []);
    const turn1 = [new ChatRequestTurn('first'), new ChatResponseTurn([new ChatResponseMarkdownPart('ok')])];
    await ask('second', turn1);
    await ask('third', [...turn1, new ChatRequestTurn('second'), new ChatResponseTurn([])]);
    expect(server.called('memory/sessionStarted')).toHaveLength(1);
    expect(server.notifications).toEqual([]);
    await ask('fourth', [new ChatRequestTurn('first')]);
    expect(server.notifications).toEqual([{ method: 'memory/compacted', params: { sessionId: 'sess-1' } }]);
    expect(model.requests[1].messages.map((m) => m.role)).toEqual([
      LanguageModelChatMessageRole.User,
      LanguageModelChatMessageRole.User,
      LanguageModelChatMessageRole.Assistant,
      LanguageModelChatMessageRole.User,
    ]);
    await p.endSessions(sessions.takeAll());
    expect(server.called('memory/sessionEnded')[0].messages).toHaveLength(8);
  });

  it('answers politely when the model refuses', async () => {
    const { p } = participant(chatServer());
    const stream = new FakeStream();
    const model = new FakeModel([], LanguageModelError.Blocked('the request was blocked'));
    const result = await p.handle({ prompt: 'hi there', model } as never, { history: [] } as never, stream as never, token().token as never);
    expect(stream.text).toContain('The language model declined: the request was blocked');
    expect(result.metadata).toMatchObject({ refused: 'Blocked' });
  });

  it('answers without memory when the server is down', async () => {
    const { p } = participant(undefined);
    const stream = new FakeStream();
    await p.handle({ prompt: 'hi', model: new FakeModel(['hello']) } as never, { history: [] } as never, stream as never, token().token as never);
    expect(stream.text).toContain('memlsp is not running');
    expect(stream.text).toContain('hello');
  });

  it('routes /remember, /recall, /forget, /dream, /status and /review to the server', async () => {
    const server = new FakeServer({
      'memory/remember': () => ({ path: 'projects/x/inbox/use-pnpm.md', action: 'created', refused: false, reason: null, message: null }),
      'memory/recall': () => recallResult,
      'memory/list': () => ({ entries: [entry({ path: 'projects/x/inbox/use-pnpm.md', name: 'use-pnpm' })], problems: [] }),
      'memory/status': () => ({ rollout: 'on', counts: [], lastDream: null, sessionsSinceDream: 2, jobs: [], home: '/h', homeExists: true, provider: 'offline', protocolVersion: 1 }),
      'memory/review': () => Promise.reject(methodNotFound()),
    });
    const { p } = participant(server);
    const run = async (command: string, prompt: string) => {
      const stream = new FakeStream();
      await p.handle({ command, prompt, model: new FakeModel() } as never, { history: [] } as never, stream as never, token().token as never);
      return stream;
    };
    expect((await run('remember', 'we use pnpm')).text).toBe('Remembered (created) as `projects/x/inbox/use-pnpm.md`.');
    expect((await run('recall', 'deploy')).text).toContain('### deploy');
    const forget = await run('forget', 'use-pnpm');
    expect(forget.buttons).toEqual([{ command: 'memlsp.forget', arguments: ['projects/x/inbox/use-pnpm.md'], title: 'Forget projects/x/inbox/use-pnpm.md' }]);
    expect((await run('dream', 'dry run')).text).toBe('Dream dry run finished: 2 operation(s)');
    expect((await run('status', '')).text).toContain('**Rollout** `on`');
    expect((await run('review', '')).text).toBe('This memlsp server has no review mode yet.');
  });
});

describe('language-model tools', () => {
  it('validates recall input', () => {
    expect(validateRecallInput({ query: ' deploys ' })).toEqual({ query: 'deploys', openFiles: [] });
    expect(() => validateRecallInput({})).toThrow(ToolInputError);
    expect(() => validateRecallInput('deploys')).toThrow('takes an object');
    expect(() => validateRecallInput({ query: 'x', openFiles: 'a.py' })).toThrow('"openFiles" must be an array');
    expect(() => validateRecallInput({ query: 'x'.repeat(5000) })).toThrow('too long');
  });

  it('validates remember input', () => {
    expect(validateRememberInput({ text: 'use pnpm', type: 'feedback', scope: 'global' })).toEqual({ text: 'use pnpm', type: 'feedback', scope: 'global' });
    expect(() => validateRememberInput({ text: '' })).toThrow('needs "text"');
    expect(() => validateRememberInput({ text: 'x', type: 'secret' })).toThrow('"type" must be one of');
    expect(() => validateRememberInput({ text: 'x', scope: 'team' })).toThrow('"scope" must be');
  });

  it('recall returns the ready-to-inject reminder', async () => {
    const server = new FakeServer({ 'memory/recall': () => recallResult });
    const result = await new RecallTool(apiOver(server)).invoke({ input: { query: 'deploy' } } as never, token().token as never);
    expect((result.content[0] as LanguageModelTextPart).value).toBe(recallResult.reminder);
    expect(server.called('memory/recall')[0]).toMatchObject({ message: 'deploy', firstTurn: false });
  });

  it('remember asks for confirmation and reports refusals', async () => {
    const server = new FakeServer({
      'memory/remember': () => ({ path: null, action: null, refused: true, reason: 'secret', message: 'it looks like a credential' }),
    });
    const tool = new RememberTool(apiOver(server));
    const prepared = tool.prepareInvocation({ input: { text: 'the token is x' } } as never);
    expect(prepared.confirmationMessages.title).toBe('Remember this?');
    const result = await tool.invoke({ input: { text: 'the token is x' } } as never);
    expect((result.content[0] as LanguageModelTextPart).value).toBe('Not remembered: it looks like a credential.');
  });
});

describe('warnings from remember', () => {
  it('the tool tells the model the note is saved but MEMORY.md is not', async () => {
    const warning = 'the note is saved, but MEMORY.md was not regenerated (it is a folder)';
    const server = new FakeServer({
      'memory/remember': () => ({ path: 'global/inbox/x.md', action: 'created', refused: false, reason: null, message: null, warning }),
    });
    const result = await new RememberTool(apiOver(server)).invoke({ input: { text: 'use pnpm' } } as never);
    expect((result.content[0] as LanguageModelTextPart).value).toBe(`Remembered (created) as global/inbox/x.md. Warning: ${warning}.`);
  });
});

describe('model bridge (memory/complete)', () => {
  const params = { system: 'Extract facts.', messages: [{ role: 'user', content: 'We use pnpm' }, { role: 'assistant', content: 'Noted' }], maxTokens: 200 };
  const deps = (model: FakeModel | undefined, allowed = true) => ({ allowed: () => allowed, pickModel: async () => model as never, log: () => undefined });

  it('answers with the picked model, the system prompt first', async () => {
    const model = new FakeModel(['{"facts":', ' []}']);
    expect(await answerComplete(params, token().token as never, deps(model))).toEqual({ text: '{"facts": []}' });
    expect(model.requests[0].messages.map((m) => [m.role, m.content])).toEqual([
      [LanguageModelChatMessageRole.User, 'Instructions:\nExtract facts.'],
      [LanguageModelChatMessageRole.User, 'We use pnpm'],
      [LanguageModelChatMessageRole.Assistant, 'Noted'],
    ]);
    expect(toChatMessages({ ...params, system: ' ' })).toHaveLength(2);
  });

  it('refuses unless the person chose the editor provider', async () => {
    const err = await answerComplete(params, token().token as never, deps(new FakeModel(['x']), false)).catch((e) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect([err.code, err.reason]).toEqual([-32803, 'bridge-off']);
  });

  it('says when no model exists', async () => {
    const err = await answerComplete(params, token().token as never, deps(undefined)).catch((e) => e);
    expect([err.code, err.reason]).toEqual([-32803, 'no-model']);
  });

  it.each([
    [LanguageModelError.NoPermissions(), 'model-no-permission'],
    [LanguageModelError.Blocked(), 'model-blocked'],
    [LanguageModelError.NotFound(), 'model-not-found'],
  ])('turns a refusal into a stable reason (%s)', async (error, reason) => {
    const err = await answerComplete(params, token().token as never, deps(new FakeModel([], error))).catch((e) => e);
    expect([err.code, err.reason]).toEqual([-32803, reason]);
  });

  it('stops when the server cancels, before or while the model streams', async () => {
    const before = token();
    before.cancel();
    const err1 = await answerComplete(params, before.token as never, deps(new FakeModel(['x']))).catch((e) => e);
    expect([err1.code, err1.reason]).toEqual([-32800, 'cancelled']);
    const during = token();
    const model = new FakeModel(['a', 'b', 'c'], undefined, (i) => i === 1 && during.cancel());
    const err2 = await answerComplete(params, during.token as never, deps(model)).catch((e) => e);
    expect([err2.code, err2.reason]).toEqual([-32800, 'cancelled']);
  });

  it('prefers the model last picked in chat', async () => {
    const choice = new ModelChoice();
    lm.models = [{ id: 'first' }];
    expect(await choice.pick()).toEqual({ id: 'first' });
    choice.remember({ id: 'picked' } as never);
    expect(await choice.pick()).toEqual({ id: 'picked' });
  });
});
