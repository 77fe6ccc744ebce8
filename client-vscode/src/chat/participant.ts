/**
 * The `@memory` chat participant (SPEC R32): `/recall`, `/remember`, `/forget`, `/dream`,
 * `/status`, `/review`, and plain questions answered by the model the person picked
 * (`request.model`) with the relevant notes recalled first. Every turn is reported to the
 * server (`memory/sessionStarted`, `memory/turnCompleted`, `memory/compacted`, and
 * `memory/sessionEnded` when the session goes idle or the extension stops), so extraction
 * and session records work for this chat.
 *
 * Decisions stay in the server: this module routes, calls, and renders.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeError, isMethodNotFound, type MemoryApi } from '../api';
import { recallMarkdown, reviewLabel, statusMarkdown } from '../format';
import type { ModelChoice } from './bridge';
import type { ChatSessions, SessionState } from './sessions';

export const PARTICIPANT_ID = 'memlsp.memory';

export type ChatAction =
  | { kind: 'recall'; query: string }
  | { kind: 'remember'; text: string }
  | { kind: 'forget'; target: string }
  | { kind: 'dream'; dryRun: boolean }
  | { kind: 'status' }
  | { kind: 'review' }
  | { kind: 'ask'; prompt: string }
  | { kind: 'usage'; message: string };

/** What a request asks for, from its slash command and prompt. */
export function routeChat(command: string | undefined, prompt: string): ChatAction {
  const text = prompt.trim();
  switch (command) {
    case undefined:
    case '':
      return text ? { kind: 'ask', prompt: text } : { kind: 'usage', message: 'Ask a question, or use `/recall`, `/remember`, `/forget`, `/dream`, `/status` or `/review`.' };
    case 'recall':
      return text ? { kind: 'recall', query: text } : { kind: 'usage', message: 'Say what to look up: `/recall how do we deploy?`' };
    case 'remember':
      return text ? { kind: 'remember', text } : { kind: 'usage', message: 'Say what to remember: `/remember we use pnpm, never npm`' };
    case 'forget':
      return text ? { kind: 'forget', target: text } : { kind: 'usage', message: 'Name the note to forget (its name or path): `/forget use-pnpm`' };
    case 'dream':
      return { kind: 'dream', dryRun: /\b(dry[- ]?run|plan|preview)\b/i.test(text) };
    case 'status':
      return { kind: 'status' };
    case 'review':
      return { kind: 'review' };
    default:
      return { kind: 'usage', message: `Unknown command \`/${command}\`.` };
  }
}

export interface ParticipantDeps {
  api: MemoryApi;
  sessions: ChatSessions;
  models: ModelChoice;
  /** Absolute path of a note (home-relative path in). */
  notePath(rel: string): string;
  log(message: string): void;
  now(): number;
  /** Runs a dream (or a dry run) to its end; returns the summary to show. */
  dream(dryRun: boolean): Promise<string>;
}

function historyPrompts(context: vscode.ChatContext): string[] {
  return context.history
    .filter((t): t is vscode.ChatRequestTurn => t instanceof vscode.ChatRequestTurn)
    .map((t) => t.prompt);
}

function responseText(turn: vscode.ChatResponseTurn): string {
  return turn.response
    .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
    .join('');
}

function historyMessages(context: vscode.ChatContext): vscode.LanguageModelChatMessage[] {
  const out: vscode.LanguageModelChatMessage[] = [];
  for (const turn of context.history) {
    if (turn instanceof vscode.ChatRequestTurn) {
      out.push(vscode.LanguageModelChatMessage.User(turn.prompt));
    } else if (turn instanceof vscode.ChatResponseTurn) {
      const text = responseText(turn);
      if (text) {
        out.push(vscode.LanguageModelChatMessage.Assistant(text));
      }
    }
  }
  return out;
}

function openFiles(): string[] {
  return vscode.window.visibleTextEditors
    .map((e) => e.document.uri)
    .filter((u) => u.scheme === 'file')
    .map((u) => u.fsPath);
}

export class MemoryParticipant {
  constructor(private readonly deps: ParticipantDeps) {}

  readonly handler: vscode.ChatRequestHandler = (request, context, stream, token) =>
    this.handle(request, context, stream, token);

  async handle(
    request: vscode.ChatRequest,
    context: vscode.ChatContext,
    stream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
  ): Promise<vscode.ChatResult> {
    this.deps.models.remember(request.model);
    const action = routeChat(request.command, request.prompt);
    try {
      switch (action.kind) {
        case 'usage':
          stream.markdown(action.message);
          return { metadata: { action: 'usage' } };
        case 'recall':
          return await this.recall(action.query, stream, token);
        case 'remember':
          return await this.remember(action.text, stream);
        case 'forget':
          return await this.forget(action.target, stream);
        case 'dream': {
          stream.progress(action.dryRun ? 'Planning a dream (dry run)…' : 'Dreaming…');
          stream.markdown(await this.deps.dream(action.dryRun));
          return { metadata: { action: 'dream', dryRun: action.dryRun } };
        }
        case 'status':
          return await this.status(stream);
        case 'review':
          return await this.review(stream);
        case 'ask':
          return await this.ask(request, context, stream, token);
      }
    } catch (err) {
      stream.markdown(`memlsp could not do that: ${describeError(err)}`);
      return { errorDetails: { message: describeError(err) }, metadata: { action: action.kind } };
    }
  }

  private async recall(query: string, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    stream.progress('Recalling…');
    const result = await this.deps.api.request(
      'memory/recall',
      { sessionId: `vscode-recall-${this.deps.now()}`, message: query, openFiles: openFiles(), firstTurn: false },
      token,
    );
    stream.markdown(recallMarkdown(result));
    for (const m of result.memories) {
      stream.reference(vscode.Uri.file(this.deps.notePath(m.path)));
    }
    return { metadata: { action: 'recall', count: result.memories.length } };
  }

  private async remember(text: string, stream: vscode.ChatResponseStream): Promise<vscode.ChatResult> {
    const result = await this.deps.api.request('memory/remember', { text });
    if (result.refused) {
      stream.markdown(`Not remembered: ${result.message ?? result.reason ?? 'the write policy declined it'}.`);
      return { metadata: { action: 'remember', refused: true } };
    }
    stream.markdown(`Remembered (${result.action}) as \`${result.path}\`.`);
    if (result.warning) {
      stream.markdown(`\n\nWarning: ${result.warning}.`);
    }
    if (result.path) {
      stream.reference(vscode.Uri.file(this.deps.notePath(result.path)));
    }
    return { metadata: { action: 'remember', path: result.path } };
  }

  private async forget(target: string, stream: vscode.ChatResponseStream): Promise<vscode.ChatResult> {
    const { entries } = await this.deps.api.request('memory/list', {});
    const wanted = target.replace(/^`|`$/g, '');
    const matches = entries.filter(
      (e) => e.path === wanted || e.name === wanted || path.basename(e.path, '.md') === wanted,
    );
    if (!matches.length) {
      stream.markdown(`No note is named \`${wanted}\`. The Memory view lists them all.`);
      return { metadata: { action: 'forget', matches: 0 } };
    }
    stream.markdown(
      matches.length === 1
        ? `Forgetting deletes \`${matches[0].path}\` for good (a content-free tombstone stays). Confirm with the button:`
        : `${matches.length} notes match; pick the one to forget:`,
    );
    for (const m of matches) {
      stream.button({ command: 'memlsp.forget', arguments: [m.path], title: `Forget ${m.path}` });
    }
    return { metadata: { action: 'forget', matches: matches.length } };
  }

  private async status(stream: vscode.ChatResponseStream): Promise<vscode.ChatResult> {
    const status = await this.deps.api.request('memory/status', {});
    let pending: number | undefined;
    if (this.deps.api.serves('memory/review')) {
      pending = await this.deps.api
        .request('memory/review', {})
        .then((r) => r.items.length)
        .catch(() => undefined);
    }
    stream.markdown(statusMarkdown(status, pending));
    return { metadata: { action: 'status' } };
  }

  private async review(stream: vscode.ChatResponseStream): Promise<vscode.ChatResult> {
    if (!this.deps.api.serves('memory/review')) {
      stream.markdown('This memlsp server has no review mode yet.');
      return { metadata: { action: 'review', supported: false } };
    }
    try {
      const { items } = await this.deps.api.request('memory/review', {});
      if (!items.length) {
        stream.markdown('Nothing is waiting for review.');
      } else {
        stream.markdown(
          items.map((i) => `- **${reviewLabel(i)}** (${i.kind}, from ${i.agent ?? i.source}) — \`${i.path}\``).join('\n'),
        );
        stream.button({ command: 'memlsp.reviewPending', title: 'Review in the Memory view' });
      }
      return { metadata: { action: 'review', count: items.length } };
    } catch (err) {
      if (isMethodNotFound(err)) {
        stream.markdown('This memlsp server has no review mode yet.');
        return { metadata: { action: 'review', supported: false } };
      }
      throw err;
    }
  }

  private async ask(
    request: vscode.ChatRequest,
    context: vscode.ChatContext,
    stream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
  ): Promise<vscode.ChatResult> {
    const turn = this.deps.sessions.begin(historyPrompts(context), request.prompt, this.deps.now());
    const sessionId = turn.session.id;
    const memory: string[] = [];
    const api = this.deps.api;
    let recalled = 0;
    if (api.running) {
      try {
        if (turn.isNew) {
          const started = await api.request('memory/sessionStarted', { sessionId });
          if (started.index.trim()) {
            memory.push(started.index);
          }
        } else if (turn.compacted) {
          await api.notify('memory/compacted', { sessionId });
        }
        stream.progress('Recalling…');
        const recall = await api.request(
          'memory/recall',
          { sessionId, message: request.prompt, openFiles: openFiles(), firstTurn: turn.isNew },
          token,
        );
        if (recall.reminder.trim()) {
          memory.push(recall.reminder);
        }
        recalled = recall.memories.length;
        for (const m of recall.memories) {
          stream.reference(vscode.Uri.file(this.deps.notePath(m.path)));
        }
      } catch (err) {
        this.deps.log(`chat: memory unavailable for this turn: ${describeError(err)}`);
      }
    } else {
      stream.markdown('*(memlsp is not running: answering without memory.)*\n\n');
    }
    const messages = [
      ...(memory.length ? [vscode.LanguageModelChatMessage.User(memory.join('\n\n'))] : []),
      ...historyMessages(context),
      vscode.LanguageModelChatMessage.User(request.prompt),
    ];
    let answer = '';
    try {
      const response = await request.model.sendRequest(messages, {}, token);
      for await (const chunk of response.text) {
        answer += chunk;
        stream.markdown(chunk);
      }
    } catch (err) {
      if (err instanceof vscode.LanguageModelError) {
        stream.markdown(`The language model declined: ${err.message}`);
        return { errorDetails: { message: err.message }, metadata: { action: 'ask', refused: err.code } };
      }
      throw err;
    }
    this.finishTurn(turn.session, turn.turn, request.prompt, answer);
    return { metadata: { action: 'ask', sessionId, recalled } };
  }

  private finishTurn(session: SessionState, turn: number, prompt: string, answer: string): void {
    const at = new Date(this.deps.now()).toISOString();
    const messages = [
      { role: 'user', content: prompt, at },
      { role: 'assistant', content: answer, at },
    ];
    for (const m of messages) {
      this.deps.sessions.record(session, m);
    }
    if (this.deps.api.running) {
      this.deps.api
        .request('memory/turnCompleted', { sessionId: session.id, turn, messages })
        .catch((err) => this.deps.log(`memory/turnCompleted: ${describeError(err)}`));
    }
  }

  /** `memory/sessionEnded` for the given sessions (idle ones, or all at shutdown). */
  async endSessions(sessions: SessionState[]): Promise<void> {
    await Promise.all(
      sessions
        .filter((s) => s.messages.length)
        .map((s) =>
          this.deps.api
            .request('memory/sessionEnded', { sessionId: s.id, messages: s.messages })
            .catch((err) => this.deps.log(`memory/sessionEnded: ${describeError(err)}`)),
        ),
    );
  }
}
