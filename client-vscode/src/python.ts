/**
 * Which Python runs the server, and the private environment (SPEC R32).
 *
 * Candidates, in order: the Python extension's active environment (when that extension is
 * installed), `memlsp.server.pythonCommand`, `python3`. The first that can import memlsp
 * wins. When none can, an existing private environment in the extension's global storage
 * (holding the wheel bundled in the .vsix) is used; otherwise the caller offers to create
 * one. {@link createPrivateEnv} does that: `python -m venv`, then `pip install <wheel>`.
 *
 * Decisions are pure functions over a {@link PythonHost}, the seam the unit tests fake. Must
 * not import `vscode`.
 */
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Probe {
  /** [major, minor] of the interpreter, or undefined when it did not run. */
  python?: [number, number];
  /** memlsp's version when it imports there. */
  memlsp?: string;
  error?: string;
}

export interface PythonHost {
  /** The Python extension's active interpreter, or undefined (not installed, none chosen). */
  pythonExtensionInterpreter(): Promise<string | undefined>;
  probe(python: string): Promise<Probe>;
  exists(file: string): boolean;
  readText(file: string): string | undefined;
  writeText(file: string, text: string): void;
  removeDir(dir: string): void;
  /** Runs a program to completion; rejects with its stderr when it fails. */
  run(command: string, args: string[], onLine: (line: string) => void): Promise<void>;
  platform: NodeJS.Platform;
}

export type Source = 'python-extension' | 'setting' | 'python3' | 'private-env';

export interface Candidate {
  python: string;
  source: Source;
}

export type Choice =
  | { kind: 'ready'; python: string; source: Source; version: string }
  | { kind: 'update-env'; basePython: string; reason: string }
  | { kind: 'create-env'; basePython: string; reason: string }
  | { kind: 'no-python'; reason: string };

export const MIN_PYTHON: [number, number] = [3, 11];
const PROBE_SCRIPT = [
  'import json, sys',
  'out = {"python": list(sys.version_info[:2])}',
  'try:',
  '    import memlsp',
  '    out["memlsp"] = memlsp.__version__',
  'except Exception as exc:',
  '    out["error"] = f"{type(exc).__name__}: {exc}"',
  'print(json.dumps(out))',
].join('\n');

export function probeArgs(): string[] {
  return ['-c', PROBE_SCRIPT];
}

/** Reads the probe script's output (one JSON line). */
export function parseProbe(stdout: string): Probe {
  const line = stdout.trim().split(/\r?\n/).pop() ?? '';
  try {
    const data = JSON.parse(line) as { python?: unknown; memlsp?: unknown; error?: unknown };
    const probe: Probe = {};
    if (Array.isArray(data.python) && data.python.length === 2) {
      probe.python = [Number(data.python[0]), Number(data.python[1])];
    }
    if (typeof data.memlsp === 'string') {
      probe.memlsp = data.memlsp;
    }
    if (typeof data.error === 'string') {
      probe.error = data.error;
    }
    return probe;
  } catch {
    return { error: `unexpected output: ${line.slice(0, 200)}` };
  }
}

function recentEnough(version: [number, number] | undefined): boolean {
  return version !== undefined && (version[0] > MIN_PYTHON[0] || (version[0] === MIN_PYTHON[0] && version[1] >= MIN_PYTHON[1]));
}

export function candidates(extensionPython: string | undefined, settingCommand: string | undefined): Candidate[] {
  const list: Candidate[] = [];
  if (extensionPython) {
    list.push({ python: extensionPython, source: 'python-extension' });
  }
  if (settingCommand) {
    list.push({ python: settingCommand, source: 'setting' });
  }
  list.push({ python: 'python3', source: 'python3' });
  return list.filter((c, i) => list.findIndex((o) => o.python === c.python) === i);
}

export interface PrivateEnv {
  /** Folder of the environment (under the extension's global storage). */
  dir: string;
  /** The wheel shipped in the .vsix. */
  wheel: string | undefined;
}

export function envPython(dir: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? path.join(dir, 'Scripts', 'python.exe') : path.join(dir, 'bin', 'python');
}

const STAMP = '.memlsp-wheel';

/** `current` when the environment holds the bundled wheel, `outdated` when another one. */
export function privateEnvState(host: PythonHost, env: PrivateEnv): 'missing' | 'current' | 'outdated' {
  if (!host.exists(envPython(env.dir, host.platform))) {
    return 'missing';
  }
  const installed = host.readText(path.join(env.dir, STAMP))?.trim();
  if (!installed) {
    return 'outdated';
  }
  return env.wheel === undefined || installed === path.basename(env.wheel) ? 'current' : 'outdated';
}

/** The interpreter decision (see the module docstring). */
export async function chooseInterpreter(
  host: PythonHost,
  settingCommand: string | undefined,
  env: PrivateEnv,
): Promise<Choice> {
  const tried: string[] = [];
  let base: string | undefined;
  for (const candidate of candidates(await host.pythonExtensionInterpreter(), settingCommand)) {
    const probe = await host.probe(candidate.python);
    if (probe.memlsp !== undefined) {
      return { kind: 'ready', python: candidate.python, source: candidate.source, version: probe.memlsp };
    }
    if (probe.python === undefined) {
      tried.push(`${candidate.python}: ${probe.error ?? 'did not run'}`);
    } else if (!recentEnough(probe.python)) {
      tried.push(`${candidate.python}: Python ${probe.python.join('.')} is older than ${MIN_PYTHON.join('.')}`);
    } else {
      tried.push(`${candidate.python}: memlsp is not installed there`);
      base ??= candidate.python;
    }
  }
  const state = privateEnvState(host, env);
  if (state === 'current') {
    const python = envPython(env.dir, host.platform);
    const probe = await host.probe(python);
    if (probe.memlsp !== undefined) {
      return { kind: 'ready', python, source: 'private-env', version: probe.memlsp };
    }
    tried.push(`${python}: ${probe.error ?? 'memlsp does not import'}`);
  }
  const reason = tried.join('; ');
  if (base === undefined) {
    return { kind: 'no-python', reason: `no Python ${MIN_PYTHON.join('.')}+ found (${reason})` };
  }
  if (env.wheel === undefined) {
    return { kind: 'no-python', reason: `memlsp is not installed (${reason}) and this build of the extension carries no wheel` };
  }
  return state === 'missing' ? { kind: 'create-env', basePython: base, reason } : { kind: 'update-env', basePython: base, reason };
}

export class BootstrapError extends Error {
  constructor(
    message: string,
    readonly step: 'venv' | 'install' | 'check',
  ) {
    super(message);
    this.name = 'BootstrapError';
  }
}

/**
 * Creates (or refreshes) the private environment and installs the bundled wheel into it;
 * returns its interpreter. pip fetches memlsp's dependencies from the package index.
 */
export async function createPrivateEnv(
  host: PythonHost,
  basePython: string,
  env: PrivateEnv,
  report: (message: string) => void,
  log: (line: string) => void = () => undefined,
): Promise<string> {
  if (env.wheel === undefined) {
    throw new BootstrapError('this build of the extension carries no memlsp wheel', 'install');
  }
  const python = envPython(env.dir, host.platform);
  if (!host.exists(python)) {
    report('Creating the environment…');
    host.removeDir(env.dir);
    try {
      await host.run(basePython, ['-m', 'venv', env.dir], log);
    } catch (err) {
      host.removeDir(env.dir);
      throw new BootstrapError(
        `could not create a virtual environment with ${basePython} (on Debian/Ubuntu install python3-venv): ${String(err instanceof Error ? err.message : err)}`,
        'venv',
      );
    }
  }
  report('Installing memlsp and its dependencies (this can take a few minutes)…');
  try {
    await host.run(python, ['-m', 'pip', 'install', '--disable-pip-version-check', '--upgrade', env.wheel], log);
  } catch (err) {
    throw new BootstrapError(
      `pip could not install ${path.basename(env.wheel)}: ${String(err instanceof Error ? err.message : err)}`,
      'install',
    );
  }
  const probe = await host.probe(python);
  if (probe.memlsp === undefined) {
    throw new BootstrapError(`memlsp does not import in the new environment: ${probe.error ?? 'unknown error'}`, 'check');
  }
  host.writeText(path.join(env.dir, STAMP), path.basename(env.wheel));
  return python;
}

/** The server command line. No transport is named in the server options, so the language
 * client adds no `--stdio` of its own. */
export function serverCommand(python: string, extraArgs: string[]): { command: string; args: string[] } {
  return { command: python, args: ['-m', 'memlsp', 'serve', '--stdio', ...extraArgs] };
}

const PROBE_TIMEOUT_MS = 20_000;

/** The real host: child processes and the file system. */
export function nodePythonHost(
  pythonExtensionInterpreter: () => Promise<string | undefined>,
  env: Record<string, string>,
): PythonHost {
  return {
    pythonExtensionInterpreter,
    probe: (python) =>
      new Promise((resolve) => {
        execFile(python, probeArgs(), { timeout: PROBE_TIMEOUT_MS, env }, (err, stdout, stderr) => {
          if (err && !stdout) {
            resolve({ error: (stderr || err.message).trim().split(/\r?\n/).pop() });
            return;
          }
          resolve(parseProbe(stdout));
        });
      }),
    exists: (file) => fs.existsSync(file),
    readText: (file) => {
      try {
        return fs.readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    },
    writeText: (file, text) => fs.writeFileSync(file, text, 'utf8'),
    removeDir: (dir) => fs.rmSync(dir, { recursive: true, force: true }),
    run: (command, args, onLine) =>
      new Promise((resolve, reject) => {
        const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
        const tail: string[] = [];
        const take = (chunk: Buffer): void => {
          for (const line of chunk.toString('utf8').split(/\r?\n/)) {
            if (line.trim()) {
              tail.push(line);
              tail.splice(0, Math.max(0, tail.length - 20));
              onLine(line);
            }
          }
        };
        child.stdout.on('data', take);
        child.stderr.on('data', take);
        child.on('error', (err) => reject(err));
        child.on('close', (code) =>
          code === 0 ? resolve() : reject(new Error(`exit code ${code}: ${tail.slice(-5).join(' / ')}`)),
        );
      }),
    platform: process.platform,
  };
}
