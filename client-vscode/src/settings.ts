/**
 * The `memlsp.*` settings as the server sees them (docs/reference/settings.md): which keys go
 * to the server, which only this client reads, and which are trusted only from the user's own
 * settings. {@link serverSection} builds the nested `memlsp` section sent as
 * initializationOptions and as the answer to `workspace/configuration`.
 *
 * Only values a person actually set are sent, so the server's own defaults stay the single
 * source of defaults. Must not import `vscode`: it reads a {@link ConfigLike}.
 */

/** Keys the server reads (memlsp.core.settings.KEYS, plus `review`, SPEC §11). */
export const SERVER_KEYS = [
  'rollout',
  'review',
  'home',
  'model.provider',
  'model.extractModel',
  'model.selectModel',
  'model.baseUrl',
  'model.timeoutSeconds',
  'model.maxRetries',
  'telemetry.enabled',
  'telemetry.path',
  'retention.sessionDays',
  'retention.softDeleteDays',
  'retention.historyDays',
  'dream.minHours',
  'dream.minSessions',
  'dream.maxDeletes',
  'dream.leaseSeconds',
  'hover.inCode',
  'sync.afterDream',
  'sync.intervalMinutes',
  'recall.vectorWeight',
  'recall.keywordWeight',
  'recall.keywordCoverage',
  'recall.minScore',
  'recall.firstTurnMinScore',
  'recall.followMargin',
  'recall.generalMargin',
  'recall.generalMarginCjk',
  'recall.duplicateCosine',
  'recall.halfLifeDays',
  'recall.gateReferenceNotes',
  'recall.gateSizeSlope',
  'recall.gateFloor',
  'recall.glossary',
  'recall.embedder',
  'server.watchIntervalSeconds',
  'server.maxQueuedJobs',
  'server.maxInFlightRequests',
  'server.maxMessageBytes',
  'extraScopes',
] as const;

/** Keys only this client reads (how to start the server, tracing). */
export const CLIENT_KEYS = [
  'server.pythonCommand',
  'server.args',
  'server.env',
  'managedSettings',
  'trace.server',
] as const;

/**
 * Keys that move data or credentials, or pick the program that runs (SPEC §11 "Trust"):
 * taken from the user's settings only. package.json gives them `machine` or `application`
 * scope, so VS Code already ignores workspace values; reading `globalValue` here keeps it so
 * whatever the scope says.
 */
export const USER_ONLY_KEYS = new Set<string>([
  'home',
  'model.provider',
  'model.baseUrl',
  'telemetry.path',
  'extraScopes',
  'managedSettings',
  'server.pythonCommand',
  'server.args',
  'server.env',
]);

/** The part of `vscode.WorkspaceConfiguration` (section `memlsp`) this module reads. */
export interface ConfigLike {
  get<T>(key: string): T | undefined;
  inspect<T>(key: string):
    | {
        defaultValue?: T;
        globalValue?: T;
        workspaceValue?: T;
        workspaceFolderValue?: T;
      }
    | undefined;
}

/** The value a person set for `key`, or undefined when only the default applies. */
export function explicitValue<T>(config: ConfigLike, key: string): T | undefined {
  const info = config.inspect<T>(key);
  if (info === undefined) {
    return undefined;
  }
  if (USER_ONLY_KEYS.has(key)) {
    return info.globalValue;
  }
  return info.workspaceFolderValue ?? info.workspaceValue ?? info.globalValue;
}

function setNested(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null) {
      node[part] = {};
    }
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/**
 * The nested `memlsp` section for the server: every server key a person set (empty strings
 * mean "unset" for the optional text keys), and `telemetry.editorEnabled` from VS Code's own
 * telemetry switch (`env.isTelemetryEnabled`).
 */
export function serverSection(config: ConfigLike, editorTelemetryEnabled: boolean): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    const value = explicitValue<unknown>(config, key);
    if (value === undefined || value === null || value === '') {
      continue;
    }
    setNested(section, key, value);
  }
  setNested(section, 'telemetry.editorEnabled', editorTelemetryEnabled);
  return section;
}

export interface LaunchSettings {
  pythonCommand: string | undefined;
  args: string[];
  env: Record<string, string>;
  managedSettings: string | undefined;
}

/** How to start the server, from the user's settings only. */
export function launchSettings(config: ConfigLike): LaunchSettings {
  const text = (key: string): string | undefined => {
    const value = explicitValue<unknown>(config, key);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const args = explicitValue<unknown>(config, 'server.args');
  const env = explicitValue<unknown>(config, 'server.env');
  return {
    pythonCommand: text('server.pythonCommand'),
    args: Array.isArray(args) ? args.filter((a): a is string => typeof a === 'string') : [],
    env:
      typeof env === 'object' && env !== null && !Array.isArray(env)
        ? Object.fromEntries(
            Object.entries(env as Record<string, unknown>).filter(
              (kv): kv is [string, string] => typeof kv[1] === 'string',
            ),
          )
        : {},
    managedSettings: text('managedSettings'),
  };
}

/** The environment of the server process: the editor's, then `server.env`, then the
 * managed-settings path (which can only tighten, docs/reference/settings.md). */
export function serverEnvironment(
  base: Record<string, string | undefined>,
  launch: LaunchSettings,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) {
    if (v !== undefined) {
      env[k] = v;
    }
  }
  Object.assign(env, launch.env);
  if (launch.managedSettings) {
    env.MEMLSP_MANAGED_SETTINGS = launch.managedSettings;
  }
  return env;
}

/** Settings whose change needs a new server process (not just a settings push). */
export const RESTART_KEYS = ['server.pythonCommand', 'server.args', 'server.env', 'managedSettings', 'home'];

export function needsRestart(affects: (section: string) => boolean): boolean {
  return RESTART_KEYS.some((key) => affects(`memlsp.${key}`));
}

/**
 * The memory home as the server will compute it (settings.md: `$MEMLSP_HOME`, else `home`,
 * else `$XDG_DATA_HOME/memlsp`, else `~/.local/share/memlsp`), for the document selector and
 * "Open memory folder" before the server answers `memory/status`.
 */
export function memoryHome(config: ConfigLike, env: Record<string, string | undefined>, homeDir: string): string {
  const expand = (p: string): string => (p === '~' || p.startsWith('~/') ? homeDir + p.slice(1) : p);
  if (env.MEMLSP_HOME) {
    return expand(env.MEMLSP_HOME);
  }
  const home = explicitValue<unknown>(config, 'home');
  if (typeof home === 'string' && home.trim()) {
    return expand(home.trim());
  }
  const xdg = env.XDG_DATA_HOME;
  return `${xdg ? expand(xdg) : `${homeDir}/.local/share`}/memlsp`;
}

/** A glob that matches `dir` literally (glob metacharacters in folder names escaped). */
function literalGlob(dir: string): string {
  return dir.replace(/\\/g, '/').replace(/[[\]{}*?]/g, (c) => `[${c}]`).replace(/\/$/, '');
}

export interface FileFilter {
  scheme: 'file';
  language?: string;
  pattern: string;
}

/**
 * Documents the server sees: notes (Markdown under the memory home), for diagnostics, hovers
 * and quick fixes on citations; and every file of the workspace folders, for hovers in code
 * (`hover.inCode`, R30).
 */
export function documentSelector(home: string, workspaceFolders: string[]): FileFilter[] {
  return [
    { scheme: 'file', language: 'markdown', pattern: `${literalGlob(home)}/**/*.md` },
    ...workspaceFolders.map((folder): FileFilter => ({ scheme: 'file', pattern: `${literalGlob(folder)}/**/*` })),
  ];
}
