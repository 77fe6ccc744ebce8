/**
 * Language-model tools for agent mode (SPEC R32): `memlsp_recall` (read-only, no
 * confirmation) and `memlsp_remember` (writes a note, so the person confirms). Both are
 * contributed in package.json and registered here with `vscode.lm.registerTool`.
 *
 * Input comes from a model: it is validated here, and a bad input is an error whose message
 * tells the model what to send instead.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { describeError, type MemoryApi } from '../api';
import { recallMarkdown } from '../format';
import type { NoteType } from '../protocol';

export const RECALL_TOOL = 'memlsp_recall';
export const REMEMBER_TOOL = 'memlsp_remember';

export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

export interface RecallInput {
  query: string;
  openFiles: string[];
}

export interface RememberInput {
  text: string;
  type?: NoteType;
  scope?: 'project' | 'global';
}

const MAX_QUERY = 4000;
const MAX_TEXT = 4000;
const TYPES: NoteType[] = ['user', 'feedback', 'project', 'reference'];
const SCOPES = ['project', 'global'] as const;

function asObject(input: unknown, tool: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ToolInputError(`${tool} takes an object as input`);
  }
  return input as Record<string, unknown>;
}

export function validateRecallInput(input: unknown): RecallInput {
  const obj = asObject(input, RECALL_TOOL);
  const query = typeof obj.query === 'string' ? obj.query.trim() : '';
  if (!query) {
    throw new ToolInputError(`${RECALL_TOOL} needs "query": what to look up, in plain words`);
  }
  if (query.length > MAX_QUERY) {
    throw new ToolInputError(`"query" is too long (${query.length} characters, at most ${MAX_QUERY}): ask about one topic`);
  }
  const files = obj.openFiles;
  if (files !== undefined && (!Array.isArray(files) || files.some((f) => typeof f !== 'string'))) {
    throw new ToolInputError('"openFiles" must be an array of file paths');
  }
  return { query, openFiles: (files as string[] | undefined) ?? [] };
}

export function validateRememberInput(input: unknown): RememberInput {
  const obj = asObject(input, REMEMBER_TOOL);
  const text = typeof obj.text === 'string' ? obj.text.trim() : '';
  if (!text) {
    throw new ToolInputError(`${REMEMBER_TOOL} needs "text": the fact to remember, in one or two sentences`);
  }
  if (text.length > MAX_TEXT) {
    throw new ToolInputError(`"text" is too long (${text.length} characters, at most ${MAX_TEXT}): remember one fact at a time`);
  }
  const out: RememberInput = { text };
  if (obj.type !== undefined && obj.type !== null) {
    if (!TYPES.includes(obj.type as NoteType)) {
      throw new ToolInputError(`"type" must be one of ${TYPES.join(', ')}`);
    }
    out.type = obj.type as NoteType;
  }
  if (obj.scope !== undefined && obj.scope !== null) {
    if (!SCOPES.includes(obj.scope as (typeof SCOPES)[number])) {
      throw new ToolInputError(`"scope" must be "project" or "global"`);
    }
    out.scope = obj.scope as RememberInput['scope'];
  }
  return out;
}

function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

export class RecallTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly api: MemoryApi) {}

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken) {
    const input = validateRecallInput(options.input);
    try {
      const result = await this.api.request(
        'memory/recall',
        { sessionId: `lm-tool-${randomUUID()}`, message: input.query, openFiles: input.openFiles, firstTurn: false },
        token,
      );
      return textResult(result.reminder.trim() ? result.reminder : recallMarkdown(result));
    } catch (err) {
      throw new Error(`memlsp could not recall: ${describeError(err)}`);
    }
  }
}

export class RememberTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly api: MemoryApi) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>) {
    const input = validateRememberInput(options.input);
    return {
      invocationMessage: 'Remembering…',
      confirmationMessages: {
        title: 'Remember this?',
        message: new vscode.MarkdownString(
          `${input.text}\n\n*${input.type ?? 'type guessed'} · ${input.scope ?? 'project'} memory*`,
        ),
      },
    };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>) {
    const input = validateRememberInput(options.input);
    try {
      const result = await this.api.request('memory/remember', {
        text: input.text,
        type: input.type ?? null,
        scope: input.scope ?? null,
      });
      if (result.refused) {
        return textResult(`Not remembered: ${result.message ?? result.reason ?? 'the write policy declined it'}.`);
      }
      const warning = result.warning ? ` Warning: ${result.warning}.` : '';
      return textResult(`Remembered (${result.action}) as ${result.path}.${warning}`);
    } catch (err) {
      throw new Error(`memlsp could not remember: ${describeError(err)}`);
    }
  }
}

export function registerTools(api: MemoryApi): vscode.Disposable[] {
  return [vscode.lm.registerTool(RECALL_TOOL, new RecallTool(api)), vscode.lm.registerTool(REMEMBER_TOOL, new RememberTool(api))];
}
