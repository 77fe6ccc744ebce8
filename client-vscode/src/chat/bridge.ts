/**
 * The model bridge (SPEC R34, provider `editor`): the server's `memory/complete` request
 * ({system, messages, maxTokens} -> {text}) answered with the language model the person
 * picked in VS Code's chat, so memlsp needs no API key here.
 *
 * Answers only when `memlsp.model.provider` is `editor` (the person's permission); refusals
 * (`LanguageModelError`), a missing model and cancellation (`$/cancelRequest` from the server
 * when its timeout passes) become {@link BridgeError}s with a stable reason; the server then
 * falls back to its offline behaviour for that call.
 */
import * as vscode from 'vscode';
import { ErrorCodes, type CompleteParams, type CompleteResult } from '../protocol';

export class BridgeError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/** Remembers the model the person last picked in chat; the bridge uses it first. */
export class ModelChoice {
  private last: vscode.LanguageModelChat | undefined;

  remember(model: vscode.LanguageModelChat | undefined): void {
    if (model) {
      this.last = model;
    }
  }

  async pick(): Promise<vscode.LanguageModelChat | undefined> {
    if (this.last) {
      return this.last;
    }
    const models = await vscode.lm.selectChatModels();
    return models[0];
  }
}

export interface BridgeDeps {
  /** True when `memlsp.model.provider` is `editor`. */
  allowed(): boolean;
  pickModel(): Promise<vscode.LanguageModelChat | undefined>;
  log(message: string): void;
}

const JUSTIFICATION =
  'memlsp uses the chat model you picked to extract, select and consolidate memories (memlsp.model.provider is "editor").';

/** The chat messages for the LM API, which has no system role: the system prompt goes
 * first, as a user message, marked as instructions. */
export function toChatMessages(params: CompleteParams): vscode.LanguageModelChatMessage[] {
  const messages: vscode.LanguageModelChatMessage[] = [];
  if (params.system.trim()) {
    messages.push(vscode.LanguageModelChatMessage.User(`Instructions:\n${params.system}`));
  }
  for (const m of params.messages) {
    messages.push(
      m.role === 'assistant'
        ? vscode.LanguageModelChatMessage.Assistant(m.content)
        : vscode.LanguageModelChatMessage.User(m.content),
    );
  }
  return messages;
}

function refusalReason(code: string): string {
  switch (code) {
    case 'NoPermissions':
      return 'model-no-permission';
    case 'Blocked':
      return 'model-blocked';
    case 'NotFound':
      return 'model-not-found';
    default:
      return 'model-error';
  }
}

function cancelled(): BridgeError {
  return new BridgeError(ErrorCodes.RequestCancelled, 'the request was cancelled', 'cancelled');
}

export async function answerComplete(
  params: CompleteParams,
  token: vscode.CancellationToken,
  deps: BridgeDeps,
): Promise<CompleteResult> {
  if (!deps.allowed()) {
    throw new BridgeError(
      ErrorCodes.RequestFailed,
      'the editor model bridge is off: set "memlsp.model.provider" to "editor" to let memlsp use your chat model',
      'bridge-off',
    );
  }
  if (!params || typeof params.system !== 'string' || !Array.isArray(params.messages)) {
    throw new BridgeError(ErrorCodes.InvalidParams, 'memory/complete needs system and messages', 'invalid-params');
  }
  const model = await deps.pickModel();
  if (!model) {
    throw new BridgeError(
      ErrorCodes.RequestFailed,
      'no language model is available in this editor (install and sign in to a chat extension)',
      'no-model',
    );
  }
  if (token.isCancellationRequested) {
    throw cancelled();
  }
  let text = '';
  try {
    const response = await model.sendRequest(toChatMessages(params), { justification: JUSTIFICATION }, token);
    for await (const chunk of response.text) {
      if (token.isCancellationRequested) {
        throw cancelled();
      }
      text += chunk;
    }
  } catch (err) {
    if (err instanceof BridgeError) {
      throw err;
    }
    if (token.isCancellationRequested) {
      throw cancelled();
    }
    if (err instanceof vscode.LanguageModelError) {
      deps.log(`memory/complete: the model refused (${err.code}): ${err.message}`);
      throw new BridgeError(
        ErrorCodes.RequestFailed,
        `the editor's model refused: ${err.message}`,
        refusalReason(err.code),
      );
    }
    deps.log(`memory/complete failed: ${String(err)}`);
    throw new BridgeError(ErrorCodes.RequestFailed, `the editor's model failed: ${String(err)}`, 'model-error');
  }
  if (token.isCancellationRequested) {
    throw cancelled();
  }
  return { text };
}
