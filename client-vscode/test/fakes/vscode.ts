/**
 * A hand-written stand-in for the `vscode` module (vitest aliases `vscode` to this file): just
 * the classes and functions the extension uses, recording what the code under test shows
 * and answering prompts from a queue the test fills. No VS Code is downloaded or started.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

export class Disposable {
  constructor(private readonly fn: () => void = () => undefined) {}
  dispose(): void {
    this.fn();
  }
}

export class EventEmitter<T> {
  private listeners: ((e: T) => void)[] = [];
  event = (listener: (e: T) => void): Disposable => {
    this.listeners.push(listener);
    return new Disposable(() => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    });
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly path: string,
  ) {}
  static file(p: string): Uri {
    return new Uri('file', p);
  }
  static from(parts: { scheme: string; path: string }): Uri {
    return new Uri(parts.scheme, parts.path);
  }
  static parse(text: string): Uri {
    const i = text.indexOf(':');
    return new Uri(text.slice(0, i), text.slice(i + 1));
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return `${this.scheme}:${this.path}`;
  }
}

export enum TreeItemCollapsibleState {
  None = 0,
  Collapsed = 1,
  Expanded = 2,
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}

export class MarkdownString {
  constructor(public value = '') {}
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
}

export class TreeItem {
  id?: string;
  description?: string;
  tooltip?: unknown;
  iconPath?: unknown;
  contextValue?: string;
  command?: { command: string; title: string; arguments?: unknown[] };
  resourceUri?: Uri;
  constructor(
    public label: string,
    public collapsibleState: TreeItemCollapsibleState = TreeItemCollapsibleState.None,
  ) {}
}

export class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  token = {
    isCancellationRequested: false,
    onCancellationRequested: this.emitter.event,
  };
  cancel(): void {
    this.token.isCancellationRequested = true;
    this.emitter.fire();
  }
  dispose(): void {
    this.emitter.dispose();
  }
}

export enum ProgressLocation {
  SourceControl = 1,
  Window = 10,
  Notification = 15,
}

export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}

export enum LanguageModelChatMessageRole {
  User = 1,
  Assistant = 2,
}

export class LanguageModelTextPart {
  constructor(public value: string) {}
}

export class LanguageModelChatMessage {
  constructor(
    public role: LanguageModelChatMessageRole,
    public content: string,
  ) {}
  static User(content: string): LanguageModelChatMessage {
    return new LanguageModelChatMessage(LanguageModelChatMessageRole.User, content);
  }
  static Assistant(content: string): LanguageModelChatMessage {
    return new LanguageModelChatMessage(LanguageModelChatMessageRole.Assistant, content);
  }
}

export class LanguageModelError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
  static NoPermissions(message = 'no permission'): LanguageModelError {
    return new LanguageModelError(message, 'NoPermissions');
  }
  static Blocked(message = 'blocked'): LanguageModelError {
    return new LanguageModelError(message, 'Blocked');
  }
  static NotFound(message = 'not found'): LanguageModelError {
    return new LanguageModelError(message, 'NotFound');
  }
}

export class LanguageModelToolResult {
  constructor(public content: unknown[]) {}
}

export class ChatRequestTurn {
  constructor(
    readonly prompt: string,
    readonly command?: string,
  ) {}
}

export class ChatResponseMarkdownPart {
  value: MarkdownString;
  constructor(value: string) {
    this.value = new MarkdownString(value);
  }
}

export class ChatResponseTurn {
  constructor(readonly response: ChatResponseMarkdownPart[]) {}
}

// ---- recorded UI ----------------------------------------------------------------------------
export interface Shown {
  level: 'info' | 'warning' | 'error';
  message: string;
  items: unknown[];
}

export const ui = {
  shown: [] as Shown[],
  /** Answers for the next prompts, in order (undefined = dismissed). */
  answers: [] as (string | undefined)[],
  documents: [] as { content?: string; uri?: Uri; language?: string }[],
  executed: [] as { command: string; args: unknown[] }[],
  config: {} as Record<string, unknown>,
  reset(): void {
    this.shown = [];
    this.answers = [];
    this.documents = [];
    this.executed = [];
    this.config = {};
  },
};

function show(level: Shown['level']) {
  return async (message: string, ...items: unknown[]): Promise<string | undefined> => {
    const visible = items.filter((i) => typeof i === 'string');
    ui.shown.push({ level, message, items: visible });
    return ui.answers.shift();
  };
}

export const window = {
  showInformationMessage: show('info'),
  showWarningMessage: show('warning'),
  showErrorMessage: show('error'),
  visibleTextEditors: [] as any[],
  activeTextEditor: undefined as any,
  async withProgress<R>(_options: unknown, task: (progress: { report(v: unknown): void }, token: any) => Promise<R>) {
    return task({ report: () => undefined }, new CancellationTokenSource().token);
  },
  async showTextDocument(doc: unknown) {
    return doc;
  },
  async showQuickPick(items: any[]) {
    return items[0];
  },
  createOutputChannel(name: string) {
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    return { name, lines, info: log, warn: log, error: log, trace: log, appendLine: log, show: () => undefined, dispose: () => undefined };
  },
  createStatusBarItem() {
    return { text: '', tooltip: '', show: () => undefined, dispose: () => undefined };
  },
};

export const workspace = {
  workspaceFolders: undefined as any,
  getConfiguration() {
    return {
      get: (key: string, fallback?: unknown) => (key in ui.config ? ui.config[key] : fallback),
      inspect: (key: string) => ({ globalValue: ui.config[key] }),
    };
  },
  async openTextDocument(arg: any) {
    const doc = arg instanceof Uri ? { uri: arg } : { content: arg?.content, language: arg?.language };
    ui.documents.push(doc);
    return { ...doc, getText: () => (doc as any).content ?? '' };
  },
  getWorkspaceFolder() {
    return undefined;
  },
};

export const languages = {
  async setTextDocumentLanguage(doc: any, language: string) {
    doc.language = language;
    return doc;
  },
};

export const commands = {
  async executeCommand(command: string, ...args: unknown[]) {
    ui.executed.push({ command, args });
    return undefined;
  },
  registerCommand() {
    return new Disposable();
  },
};

export const env = { isTelemetryEnabled: false, sessionId: 'test-session' };

export const lm = {
  models: [] as any[],
  tools: [] as { name: string }[],
  async selectChatModels() {
    return lm.models;
  },
  registerTool(name: string) {
    lm.tools.push({ name });
    return new Disposable();
  },
};
