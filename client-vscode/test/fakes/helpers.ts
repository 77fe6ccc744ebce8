/** Fakes for the server connection, chat streams and language models. */
import { MemoryApi, type Rpc } from '../../src/api';
import type { ServerMemoryCapabilities } from '../../src/protocol';
import { CancellationTokenSource, LanguageModelChatMessage } from './vscode';

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const methodNotFound = (): RpcError => new RpcError(-32601, 'Unhandled method');

type Handler = (params: any) => unknown;

/** A server answering from a table of handlers; records every call. */
export class FakeServer implements Rpc {
  calls: { method: string; params: any }[] = [];
  notifications: { method: string; params: any }[] = [];

  constructor(public handlers: Record<string, Handler> = {}) {}

  async sendRequest<R>(method: string, params: unknown): Promise<R> {
    this.calls.push({ method, params });
    const handler = this.handlers[method];
    if (!handler) {
      throw methodNotFound();
    }
    return (await handler(params)) as R;
  }

  async sendNotification(method: string, params: unknown): Promise<void> {
    this.notifications.push({ method, params });
  }

  called(method: string): any[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params);
  }
}

export function apiOver(server: FakeServer | undefined, caps?: Partial<ServerMemoryCapabilities>): MemoryApi {
  return new MemoryApi(
    () => server,
    () => (caps ? ({ protocolVersion: 1, methods: [], notifications: [], commands: [], ...caps } as ServerMemoryCapabilities) : undefined),
  );
}

export function token(): CancellationTokenSource {
  return new CancellationTokenSource();
}

/** A language model that streams the given chunks, or throws `error`. */
export class FakeModel {
  requests: { messages: LanguageModelChatMessage[]; options: unknown }[] = [];
  constructor(
    private readonly chunks: string[] = [],
    private readonly error?: Error,
    private readonly onChunk?: (i: number) => void,
  ) {}

  async sendRequest(messages: LanguageModelChatMessage[], options: unknown) {
    this.requests.push({ messages, options });
    if (this.error) {
      throw this.error;
    }
    const chunks = this.chunks;
    const onChunk = this.onChunk;
    return {
      text: (async function* () {
        for (let i = 0; i < chunks.length; i++) {
          onChunk?.(i);
          yield chunks[i];
        }
      })(),
    };
  }
}

/** A chat response stream that records what it was given. */
export class FakeStream {
  markdownParts: string[] = [];
  progressParts: string[] = [];
  references: unknown[] = [];
  buttons: { command: string; arguments?: unknown[]; title: string }[] = [];
  markdown(text: string): void {
    this.markdownParts.push(text);
  }
  progress(text: string): void {
    this.progressParts.push(text);
  }
  reference(uri: unknown): void {
    this.references.push(uri);
  }
  button(b: { command: string; arguments?: unknown[]; title: string }): void {
    this.buttons.push(b);
  }
  get text(): string {
    return this.markdownParts.join('');
  }
}

export const entry = (over: Record<string, unknown> = {}) => ({
  path: 'global/inbox/i-am-a-data-engineer.md',
  scope: 'global',
  type: 'user',
  name: 'i-am-a-data-engineer',
  description: 'I am a data engineer',
  bytes: 171,
  modified: '2026-05-04T09:12:44Z',
  ageDays: 0,
  stale: null,
  ...over,
});
