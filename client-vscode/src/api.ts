/**
 * The typed way every part of the extension talks to the server: {@link MemoryApi} wraps
 * whatever RPC connection is current (the language client once it runs) and knows which
 * methods the server declared at initialize. Also the helpers that turn JSON-RPC errors into
 * sentences for a person.
 *
 * Must not import `vscode` or the language client: views, commands and chat get a
 * MemoryApi, and the unit tests give them one over a fake connection.
 */
import {
  ErrorCodes,
  type ClientNotifications,
  type RequestMethod,
  type Requests,
  type ServerMemoryCapabilities,
} from './protocol';

/** The part of a cancellation token the API passes on. */
export interface TokenLike {
  isCancellationRequested: boolean;
}

/** The part of a language client the API needs. */
export interface Rpc {
  sendRequest<R>(method: string, params: unknown, token?: TokenLike): Promise<R>;
  sendNotification(method: string, params: unknown): Promise<void>;
}

export class ServerNotRunningError extends Error {
  constructor() {
    super('The memlsp server is not running. Run "memlsp: Restart server" or see "memlsp: Show logs".');
    this.name = 'ServerNotRunningError';
  }
}

export class MemoryApi {
  constructor(
    private readonly rpc: () => Rpc | undefined,
    private readonly capabilities: () => ServerMemoryCapabilities | undefined = () => undefined,
  ) {}

  get running(): boolean {
    return this.rpc() !== undefined;
  }

  /** False only when the server declared its methods and this one is not among them. */
  serves(method: RequestMethod): boolean {
    const caps = this.capabilities();
    return caps === undefined || !Array.isArray(caps.methods) || caps.methods.includes(method);
  }

  /** Whether the server declared this `workspace/executeCommand` command. */
  hasCommand(command: string): boolean {
    return this.capabilities()?.commands?.includes(command) ?? false;
  }

  request<M extends RequestMethod>(
    method: M,
    params: Requests[M][0],
    token?: TokenLike,
  ): Promise<Requests[M][1]> {
    const rpc = this.rpc();
    if (rpc === undefined) {
      return Promise.reject(new ServerNotRunningError());
    }
    // vscode-jsonrpc spreads trailing arguments into params: pass the token only when there
    // is one, or `params` would go out as the array [params, undefined].
    return token === undefined
      ? rpc.sendRequest<Requests[M][1]>(method, params)
      : rpc.sendRequest<Requests[M][1]>(method, params, token);
  }

  notify<M extends keyof ClientNotifications>(method: M, params: ClientNotifications[M]): Promise<void> {
    const rpc = this.rpc();
    if (rpc === undefined) {
      return Promise.reject(new ServerNotRunningError());
    }
    return rpc.sendNotification(method, params);
  }

  executeCommand<R>(command: string, args: unknown[] = []): Promise<R> {
    const rpc = this.rpc();
    if (rpc === undefined) {
      return Promise.reject(new ServerNotRunningError());
    }
    return rpc.sendRequest<R>('workspace/executeCommand', { command, arguments: args });
  }
}

interface RpcErrorLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

function asRpcError(err: unknown): RpcErrorLike {
  return typeof err === 'object' && err !== null ? (err as RpcErrorLike) : {};
}

export function isMethodNotFound(err: unknown): boolean {
  return asRpcError(err).code === ErrorCodes.MethodNotFound;
}

/** The stable `data.reason` of a server error (protocol.md, "Errors"). */
export function errorReason(err: unknown): string | undefined {
  const data = asRpcError(err).data;
  if (typeof data === 'object' && data !== null && typeof (data as { reason?: unknown }).reason === 'string') {
    return (data as { reason: string }).reason;
  }
  return undefined;
}

/** A sentence for a notification: the server's message (written for people) and its reason. */
export function describeError(err: unknown): string {
  if (err instanceof ServerNotRunningError) {
    return err.message;
  }
  const { message } = asRpcError(err);
  const text = typeof message === 'string' && message ? message : String(err);
  const reason = errorReason(err);
  return reason && !text.includes(reason) ? `${text} (${reason})` : text;
}
