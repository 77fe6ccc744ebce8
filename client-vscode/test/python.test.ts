import { describe, expect, it } from 'vitest';
import {
  BootstrapError,
  candidates,
  chooseInterpreter,
  createPrivateEnv,
  envPython,
  parseProbe,
  privateEnvState,
  serverCommand,
  type Probe,
  type PythonHost,
} from '../src/python';

class FakeHost implements PythonHost {
  files = new Map<string, string>();
  runs: { command: string; args: string[] }[] = [];
  removed: string[] = [];
  failRun: ((command: string, args: string[]) => string | undefined) | undefined;
  platform: NodeJS.Platform = 'linux';
  constructor(
    public probes: Record<string, Probe>,
    public extensionPython?: string,
  ) {}
  async pythonExtensionInterpreter() {
    return this.extensionPython;
  }
  async probe(python: string) {
    return this.probes[python] ?? { error: `${python}: not found` };
  }
  exists(file: string) {
    return this.files.has(file);
  }
  readText(file: string) {
    return this.files.get(file);
  }
  writeText(file: string, text: string) {
    this.files.set(file, text);
  }
  removeDir(dir: string) {
    this.removed.push(dir);
  }
  async run(command: string, args: string[]) {
    this.runs.push({ command, args });
    const failure = this.failRun?.(command, args);
    if (failure) {
      throw new Error(failure);
    }
    if (args[1] === 'venv') {
      this.files.set(envPython(args[2], 'linux'), '');
    }
    if (args.includes('pip')) {
      this.probes[command] = { python: [3, 11], memlsp: '0.1.0' };
    }
  }
}

const ENV = { dir: '/storage/venv', wheel: '/ext/wheel/memlsp-0.1.0-py3-none-any.whl' };
const withMemlsp: Probe = { python: [3, 12], memlsp: '0.1.0' };
const without: Probe = { python: [3, 11], error: "ModuleNotFoundError: No module named 'memlsp'" };

describe('interpreter choice', () => {
  it('lists the Python extension, then the setting, then python3, without duplicates', () => {
    expect(candidates('/venv/bin/python', '/usr/bin/python3.12').map((c) => c.source)).toEqual([
      'python-extension',
      'setting',
      'python3',
    ]);
    expect(candidates(undefined, 'python3').map((c) => c.python)).toEqual(['python3']);
  });

  it("takes the Python extension's environment when memlsp imports there", async () => {
    const host = new FakeHost({ '/venv/bin/python': withMemlsp, python3: withMemlsp }, '/venv/bin/python');
    expect(await chooseInterpreter(host, '/opt/py', ENV)).toEqual({
      kind: 'ready',
      python: '/venv/bin/python',
      source: 'python-extension',
      version: '0.1.0',
    });
  });

  it('falls back to memlsp.server.pythonCommand, then python3', async () => {
    const host = new FakeHost({ '/venv/bin/python': without, '/opt/py': withMemlsp }, '/venv/bin/python');
    expect(await chooseInterpreter(host, '/opt/py', ENV)).toMatchObject({ kind: 'ready', source: 'setting' });
    const plain = new FakeHost({ python3: withMemlsp });
    expect(await chooseInterpreter(plain, undefined, ENV)).toMatchObject({ kind: 'ready', python: 'python3', source: 'python3' });
  });

  it('uses a private environment that holds the bundled wheel', async () => {
    const host = new FakeHost({ python3: without, '/storage/venv/bin/python': withMemlsp });
    host.files.set('/storage/venv/bin/python', '');
    host.files.set('/storage/venv/.memlsp-wheel', 'memlsp-0.1.0-py3-none-any.whl\n');
    expect(privateEnvState(host, ENV)).toBe('current');
    expect(await chooseInterpreter(host, undefined, ENV)).toMatchObject({ kind: 'ready', source: 'private-env' });
  });

  it('offers to create the environment, with the first recent-enough Python as its base', async () => {
    const host = new FakeHost({ '/old/python': { python: [3, 9] }, python3: without });
    const choice = await chooseInterpreter(host, '/old/python', ENV);
    expect(choice).toMatchObject({ kind: 'create-env', basePython: 'python3' });
    expect(choice.kind === 'create-env' && choice.reason).toContain('Python 3.9 is older than 3.11');
  });

  it('updates an environment that holds another wheel', async () => {
    const host = new FakeHost({ python3: without });
    host.files.set('/storage/venv/bin/python', '');
    host.files.set('/storage/venv/.memlsp-wheel', 'memlsp-0.0.9-py3-none-any.whl');
    expect(await chooseInterpreter(host, undefined, ENV)).toMatchObject({ kind: 'update-env', basePython: 'python3' });
  });

  it('says so when there is no usable Python at all', async () => {
    const host = new FakeHost({});
    const choice = await chooseInterpreter(host, undefined, ENV);
    expect(choice.kind).toBe('no-python');
    expect(choice.kind === 'no-python' && choice.reason).toContain('python3: python3: not found');
  });

  it('does not offer an environment when the build carries no wheel', async () => {
    const host = new FakeHost({ python3: without });
    const choice = await chooseInterpreter(host, undefined, { dir: '/storage/venv', wheel: undefined });
    expect(choice.kind).toBe('no-python');
  });

  it('reads the probe output', () => {
    expect(parseProbe('{"python": [3, 11], "memlsp": "0.1.0"}\n')).toEqual({ python: [3, 11], memlsp: '0.1.0' });
    expect(parseProbe('noise\n{"python": [3, 11], "error": "ImportError: x"}')).toEqual({ python: [3, 11], error: 'ImportError: x' });
    expect(parseProbe('garbage').error).toContain('unexpected output');
  });

  it('starts `<python> -m memlsp serve --stdio` with the extra arguments', () => {
    expect(serverCommand('/p', ['--log-level', 'debug'])).toEqual({
      command: '/p',
      args: ['-m', 'memlsp', 'serve', '--stdio', '--log-level', 'debug'],
    });
  });
});

describe('private environment bootstrap', () => {
  it('creates the venv, installs the bundled wheel and stamps it', async () => {
    const host = new FakeHost({});
    const steps: string[] = [];
    const python = await createPrivateEnv(host, 'python3', ENV, (m) => steps.push(m));
    expect(python).toBe('/storage/venv/bin/python');
    expect(host.runs).toEqual([
      { command: 'python3', args: ['-m', 'venv', '/storage/venv'] },
      {
        command: '/storage/venv/bin/python',
        args: ['-m', 'pip', 'install', '--disable-pip-version-check', '--upgrade', ENV.wheel],
      },
    ]);
    expect(host.files.get('/storage/venv/.memlsp-wheel')).toBe('memlsp-0.1.0-py3-none-any.whl');
    expect(steps).toHaveLength(2);
  });

  it('reuses an existing venv and only reinstalls', async () => {
    const host = new FakeHost({});
    host.files.set('/storage/venv/bin/python', '');
    await createPrivateEnv(host, 'python3', ENV, () => undefined);
    expect(host.runs.map((r) => r.args[1])).toEqual(['pip']);
  });

  it('explains a venv failure and removes the half-made folder', async () => {
    const host = new FakeHost({});
    host.failRun = (_c, args) => (args[1] === 'venv' ? 'ensurepip is not available' : undefined);
    const err = await createPrivateEnv(host, 'python3', ENV, () => undefined).catch((e) => e);
    expect(err).toBeInstanceOf(BootstrapError);
    expect(err.step).toBe('venv');
    expect(err.message).toContain('python3-venv');
    expect(host.removed).toContain('/storage/venv');
  });

  it('explains a pip failure', async () => {
    const host = new FakeHost({});
    host.failRun = (_c, args) => (args.includes('pip') ? 'exit code 1: No matching distribution found for pygls' : undefined);
    const err = await createPrivateEnv(host, 'python3', ENV, () => undefined).catch((e) => e);
    expect(err.step).toBe('install');
    expect(err.message).toContain('pip could not install memlsp-0.1.0-py3-none-any.whl');
    expect(host.files.has('/storage/venv/.memlsp-wheel')).toBe(false);
  });
});
