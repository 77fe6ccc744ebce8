/**
 * Starting, stopping and restarting the memlsp server (`<python> -m memlsp serve --stdio`).
 *
 * {@link ServerManager} picks the interpreter (python.ts), offers and runs the private
 * environment's bootstrap, builds the language client (document selector, settings as
 * initializationOptions and `workspace/configuration`, the `experimental.memlsp.complete`
 * capability, the `memory/complete` handler), and turns crashes into a notification with
 * "Show logs". Restarts are queued: any number asked for while one runs collapse into one.
 *
 * The only module that imports vscode-languageclient.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  ResponseError,
  RevealOutputChannelOn,
  State,
  type LanguageClientOptions,
  type ServerOptions,
  type StaticFeature,
} from 'vscode-languageclient/node';
import { MemoryApi } from './api';
import { BridgeError } from './chat/bridge';
import type {
  CompleteParams,
  CompleteResult,
  JobStatusParams,
  NotesChangedParams,
  ServerMemoryCapabilities,
} from './protocol';
import {
  chooseInterpreter,
  createPrivateEnv,
  nodePythonHost,
  serverCommand,
  BootstrapError,
  type Choice,
  type PrivateEnv,
} from './python';
import {
  documentSelector,
  launchSettings,
  memoryHome,
  serverEnvironment,
  serverSection,
  type ConfigLike,
} from './settings';

export type ServerState = 'stopped' | 'starting' | 'running' | 'failed';

/** Runs an operation at most once at a time; calls made meanwhile share one more run. */
export class SerialRunner {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly op: () => Promise<void>) {}

  run(): Promise<void> {
    if (this.queued) {
      return this.queued;
    }
    if (this.running) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.start();
        });
      return this.queued;
    }
    return this.start();
  }

  private start(): Promise<void> {
    const current = this.op().finally(() => {
      if (this.running === current) {
        this.running = undefined;
      }
    });
    this.running = current;
    return current;
  }
}

/** Keeps crash times; more than `limit` within `windowMs` means "stop restarting". */
export class CrashCounter {
  private times: number[] = [];

  constructor(
    readonly limit = 3,
    private readonly windowMs = 180_000,
  ) {}

  record(now: number): number {
    this.times = [...this.times.filter((t) => now - t < this.windowMs), now];
    return this.times.length;
  }

  tooMany(count: number): boolean {
    return count > this.limit;
  }
}

export type CompleteHandler = (params: CompleteParams, token: vscode.CancellationToken) => Promise<CompleteResult>;

export interface Timings {
  activated: number;
  interpreterChosen?: number;
  bootstrapped?: number;
  ready?: number;
  source?: string;
}

const AUTO_BOOTSTRAP_ENV = 'MEMLSP_VSCODE_AUTO_BOOTSTRAP';

export class ServerManager implements vscode.Disposable {
  readonly clientLog: vscode.LogOutputChannel;
  readonly serverOutput: vscode.LogOutputChannel;
  readonly api: MemoryApi;
  readonly timings: Timings;
  private client: LanguageClient | undefined;
  private memoryCaps: ServerMemoryCapabilities | undefined;
  private stateValue: ServerState = 'stopped';
  private stopping = false;
  private readonly crashes = new CrashCounter();
  private readonly restarter = new SerialRunner(() => this.doRestart());
  private readonly stateEmitter = new vscode.EventEmitter<ServerState>();
  private readonly jobEmitter = new vscode.EventEmitter<JobStatusParams>();
  private readonly notesEmitter = new vscode.EventEmitter<NotesChangedParams>();
  readonly onDidChangeState = this.stateEmitter.event;
  readonly onJobStatus = this.jobEmitter.event;
  readonly onNotesChanged = this.notesEmitter.event;
  /** The memory home: computed from the settings, then as the server reports it. */
  home: string;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly complete: CompleteHandler,
  ) {
    this.timings = { activated: Date.now() };
    this.clientLog = vscode.window.createOutputChannel('memlsp', { log: true });
    this.serverOutput = vscode.window.createOutputChannel('memlsp server', { log: true });
    this.api = new MemoryApi(
      () => (this.client?.state === State.Running ? this.client : undefined),
      () => this.memoryCaps,
    );
    this.home = this.computeHome();
  }

  get state(): ServerState {
    return this.stateValue;
  }

  private setState(state: ServerState): void {
    this.stateValue = state;
    this.stateEmitter.fire(state);
  }

  private config(): vscode.WorkspaceConfiguration & ConfigLike {
    return vscode.workspace.getConfiguration('memlsp');
  }

  private serverEnv(): Record<string, string> {
    return serverEnvironment(process.env, launchSettings(this.config()));
  }

  private computeHome(): string {
    return memoryHome(this.config(), this.serverEnv(), os.homedir());
  }

  /** The section sent as initializationOptions and for `workspace/configuration`. */
  settingsSection(): Record<string, unknown> {
    return serverSection(this.config(), vscode.env.isTelemetryEnabled);
  }

  start(): Promise<void> {
    return this.restarter.run();
  }

  restart(): Promise<void> {
    return this.restarter.run();
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.memoryCaps = undefined;
    if (client) {
      this.stopping = true;
      try {
        await client.stop(5000);
      } catch (err) {
        this.clientLog.warn(`stopping the server: ${String(err)}`);
      } finally {
        this.stopping = false;
        await client.dispose().catch(() => undefined);
      }
    }
    this.setState('stopped');
  }

  /** Sends the current settings (after `memlsp.*` or VS Code's telemetry switch changed). */
  async pushSettings(): Promise<void> {
    if (this.client?.state === State.Running) {
      await this.client.sendNotification('workspace/didChangeConfiguration', {
        settings: { memlsp: this.settingsSection() },
      });
    }
  }

  showLogs(): void {
    this.serverOutput.show(true);
  }

  private async doRestart(): Promise<void> {
    await this.stop();
    this.setState('starting');
    this.home = this.computeHome();
    try {
      const python = await this.resolvePython();
      if (python === undefined) {
        this.setState('failed');
        return;
      }
      await this.startClient(python);
      this.timings.ready = Date.now();
      this.setState('running');
      this.clientLog.info(`server ready (${this.timings.ready - this.timings.activated} ms after activation)`);
    } catch (err) {
      this.setState('failed');
      const message = err instanceof Error ? err.message : String(err);
      this.clientLog.error(`the server did not start: ${message}`);
      void this.offerLogs(`memlsp: the server did not start: ${message}`);
    }
  }

  private privateEnv(): PrivateEnv {
    const dir = path.join(this.context.globalStorageUri.fsPath, 'venv');
    const wheelDir = path.join(this.context.extensionPath, 'wheel');
    let wheel: string | undefined;
    try {
      const found = fs.readdirSync(wheelDir).filter((f) => f.endsWith('.whl'));
      wheel = found.length ? path.join(wheelDir, found.sort().pop() as string) : undefined;
    } catch {
      wheel = undefined;
    }
    return { dir, wheel };
  }

  private async resolvePython(): Promise<string | undefined> {
    const env = this.serverEnv();
    const host = nodePythonHost(() => pythonExtensionInterpreter(this.clientLog), env);
    const privateEnv = this.privateEnv();
    const choice: Choice = await chooseInterpreter(host, launchSettings(this.config()).pythonCommand, privateEnv);
    this.timings.interpreterChosen = Date.now();
    if (choice.kind === 'ready') {
      this.timings.source = choice.source;
      this.clientLog.info(`python: ${choice.python} (${choice.source}), memlsp ${choice.version}`);
      return choice.python;
    }
    this.clientLog.warn(`no interpreter with memlsp: ${choice.reason}`);
    if (choice.kind === 'no-python') {
      void this.offerLogs(
        `memlsp needs Python 3.11 or newer with memlsp installed: ${choice.reason}. Set "memlsp.server.pythonCommand" or install Python.`,
      );
      return undefined;
    }
    const auto = process.env[AUTO_BOOTSTRAP_ENV] === '1' || choice.kind === 'update-env';
    if (!auto) {
      const create = 'Create environment';
      const answer = await vscode.window.showInformationMessage(
        `memlsp is not installed for ${choice.basePython}. Create a private environment for it (in VS Code's storage for this extension) and install the bundled memlsp there?`,
        create,
        'Show logs',
      );
      if (answer === 'Show logs') {
        this.clientLog.show(true);
      }
      if (answer !== create) {
        return undefined;
      }
    }
    try {
      const python = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: choice.kind === 'update-env' ? 'memlsp: updating the private environment' : 'memlsp: setting up',
        },
        (progress) =>
          createPrivateEnv(
            host,
            choice.basePython,
            privateEnv,
            (message) => {
              progress.report({ message });
              this.clientLog.info(message);
            },
            (line) => this.clientLog.trace(line),
          ),
      );
      this.timings.bootstrapped = Date.now();
      this.timings.source = 'private-env';
      this.clientLog.info(`private environment ready: ${python}`);
      return python;
    } catch (err) {
      const detail = err instanceof BootstrapError ? err.message : String(err);
      this.clientLog.error(`bootstrap failed: ${detail}`);
      void this.offerLogs(`memlsp could not set up its environment: ${detail}`);
      return undefined;
    }
  }

  private async startClient(python: string): Promise<void> {
    const launch = launchSettings(this.config());
    const { command, args } = serverCommand(python, launch.args);
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
    const serverOptions: ServerOptions = {
      command,
      args,
      options: { env: this.serverEnv(), cwd: folders[0] },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(this.home, folders),
      initializationOptions: this.settingsSection(),
      outputChannel: this.serverOutput,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      errorHandler: {
        error: (_error, _message, count) => ({
          action: (count ?? 0) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown,
          handled: true,
        }),
        closed: () => this.onClosed(),
      },
      middleware: {
        workspace: {
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            if (answers instanceof ResponseError || !Array.isArray(answers)) {
              return answers;
            }
            return params.items.map((item, i) =>
              item.section === 'memlsp' ? this.settingsSection() : answers[i],
            );
          },
        },
      },
    };
    const client = new LanguageClient('memlsp', 'memlsp server', serverOptions, clientOptions);
    client.registerFeature(memoryCapabilityFeature());
    client.onNotification('memory/jobStatus', (p: JobStatusParams) => this.jobEmitter.fire(p));
    client.onNotification('memory/notesChanged', (p: NotesChangedParams) => this.notesEmitter.fire(p));
    client.onRequest('memory/complete', async (params: CompleteParams, token: vscode.CancellationToken) => {
      try {
        return await this.complete(params, token);
      } catch (err) {
        if (err instanceof BridgeError) {
          return new ResponseError(err.code, err.message, { reason: err.reason });
        }
        return new ResponseError(-32603, String(err), { reason: 'internal' });
      }
    });
    this.client = client;
    this.clientLog.info(`starting: ${command} ${args.join(' ')}`);
    await client.start();
    const experimental = client.initializeResult?.capabilities.experimental as
      | { memlsp?: ServerMemoryCapabilities }
      | undefined;
    this.memoryCaps = experimental?.memlsp;
    const status = await this.api.request('memory/status', {}).catch(() => undefined);
    if (status?.home) {
      this.home = status.home;
    }
  }

  private onClosed(): { action: CloseAction; handled: boolean } {
    if (this.stopping) {
      return { action: CloseAction.DoNotRestart, handled: true };
    }
    const count = this.crashes.record(Date.now());
    if (this.crashes.tooMany(count)) {
      this.setState('failed');
      void this.offerLogs(
        `memlsp: the server stopped ${count} times in 3 minutes and will not be restarted automatically.`,
        true,
      );
      return { action: CloseAction.DoNotRestart, handled: true };
    }
    void this.offerLogs(`memlsp: the server stopped unexpectedly; restarting it (${count} of ${this.crashes.limit}).`);
    return { action: CloseAction.Restart, handled: true };
  }

  private async offerLogs(message: string, offerRestart = false): Promise<void> {
    const actions = offerRestart ? ['Show logs', 'Restart'] : ['Show logs'];
    const answer = await vscode.window.showErrorMessage(message, ...actions);
    if (answer === 'Show logs') {
      this.showLogs();
    } else if (answer === 'Restart') {
      void this.restart();
    }
  }

  dispose(): void {
    void this.stop();
    this.stateEmitter.dispose();
    this.jobEmitter.dispose();
    this.notesEmitter.dispose();
    this.clientLog.dispose();
    this.serverOutput.dispose();
  }
}

/** `capabilities.experimental.memlsp.complete = true`: this client answers memory/complete
 * (it refuses unless `memlsp.model.provider` is `editor`). */
function memoryCapabilityFeature(): StaticFeature {
  return {
    fillClientCapabilities(capabilities) {
      const experimental = (capabilities.experimental ?? {}) as Record<string, unknown>;
      experimental.memlsp = { complete: true };
      capabilities.experimental = experimental;
    },
    initialize() {
      return undefined;
    },
    getState() {
      return { kind: 'static' };
    },
    clear() {
      return undefined;
    },
  };
}

interface PythonExtensionApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string } | undefined;
    resolveEnvironment(env: { path: string }): Promise<{ executable?: { uri?: vscode.Uri } } | undefined>;
  };
}

/** The Python extension's active interpreter, when that extension is installed. */
async function pythonExtensionInterpreter(log: vscode.LogOutputChannel): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension<PythonExtensionApi>('ms-python.python');
  if (!extension) {
    return undefined;
  }
  try {
    const api = extension.isActive ? extension.exports : await extension.activate();
    const environments = api?.environments;
    const active = environments?.getActiveEnvironmentPath(vscode.workspace.workspaceFolders?.[0]?.uri);
    if (!environments || !active) {
      return undefined;
    }
    const resolved = await environments.resolveEnvironment(active);
    return resolved?.executable?.uri?.fsPath ?? active.path;
  } catch (err) {
    log.warn(`the Python extension did not tell its interpreter: ${String(err)}`);
    return undefined;
  }
}
