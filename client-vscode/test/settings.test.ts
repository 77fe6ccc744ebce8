import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_KEYS,
  SERVER_KEYS,
  USER_ONLY_KEYS,
  documentSelector,
  launchSettings,
  memoryHome,
  needsRestart,
  serverEnvironment,
  serverSection,
  type ConfigLike,
} from '../src/settings';

type Layers = { defaultValue?: unknown; globalValue?: unknown; workspaceValue?: unknown; workspaceFolderValue?: unknown };

function config(values: Record<string, Layers>): ConfigLike {
  return {
    get: <T>(key: string) => {
      const v = values[key];
      return (v?.workspaceFolderValue ?? v?.workspaceValue ?? v?.globalValue ?? v?.defaultValue) as T;
    },
    inspect: <T>(key: string) => values[key] as { globalValue?: T },
  };
}

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const props: Record<string, { scope?: string; default?: unknown }> = pkg.contributes.configuration.properties;

describe('settings mapping', () => {
  it('sends only what a person set, nested as in settings.md, plus the editor telemetry switch', () => {
    const section = serverSection(
      config({
        rollout: { defaultValue: 'off', globalValue: 'on' },
        'recall.minScore': { defaultValue: 0.3, workspaceValue: 0.25 },
        'model.extractModel': { defaultValue: 'claude-haiku-4-5' },
        'telemetry.path': { defaultValue: '', globalValue: '' },
        review: { globalValue: 'required' },
      }),
      true,
    );
    expect(section).toEqual({
      rollout: 'on',
      review: 'required',
      recall: { minScore: 0.25 },
      telemetry: { editorEnabled: true },
    });
  });

  it('ignores workspace values of the keys trusted from the user only', () => {
    const section = serverSection(
      config({
        home: { workspaceValue: '/tmp/evil', globalValue: '/home/me/memory' },
        'model.provider': { workspaceValue: 'anthropic' },
        'model.baseUrl': { workspaceFolderValue: 'http://attacker.invalid' },
      }),
      false,
    );
    expect(section).toEqual({ home: '/home/me/memory', telemetry: { editorEnabled: false } });
  });

  it('reads how to start the server from user settings, and passes the managed-settings path on', () => {
    const launch = launchSettings(
      config({
        'server.pythonCommand': { globalValue: ' /opt/py/bin/python ', workspaceValue: '/repo/evil-python' },
        'server.args': { globalValue: ['--log-level', 'debug', 3] },
        'server.env': { globalValue: { MEMLSP_HOME: '/m', BAD: 1 } },
        managedSettings: { globalValue: '/etc/team/memlsp.json' },
      }),
    );
    expect(launch).toEqual({
      pythonCommand: '/opt/py/bin/python',
      args: ['--log-level', 'debug'],
      env: { MEMLSP_HOME: '/m' },
      managedSettings: '/etc/team/memlsp.json',
    });
    const env = serverEnvironment({ PATH: '/bin', MEMLSP_HOME: '/old', UNSET: undefined }, launch);
    expect(env).toEqual({ PATH: '/bin', MEMLSP_HOME: '/m', MEMLSP_MANAGED_SETTINGS: '/etc/team/memlsp.json' });
  });

  it('restarts the server only for settings that change the process', () => {
    expect(needsRestart((s) => s === 'memlsp.server.pythonCommand')).toBe(true);
    expect(needsRestart((s) => s === 'memlsp.home')).toBe(true);
    expect(needsRestart((s) => s === 'memlsp.rollout')).toBe(false);
  });

  it('computes the memory home like the server', () => {
    const none = config({});
    expect(memoryHome(none, { MEMLSP_HOME: '~/m' }, '/home/me')).toBe('/home/me/m');
    expect(memoryHome(config({ home: { globalValue: '/data/mem' } }), {}, '/home/me')).toBe('/data/mem');
    expect(memoryHome(none, { XDG_DATA_HOME: '/xdg' }, '/home/me')).toBe('/xdg/memlsp');
    expect(memoryHome(none, {}, '/home/me')).toBe('/home/me/.local/share/memlsp');
  });

  it('selects the notes under the home and every file of the workspace folders', () => {
    expect(documentSelector('/home/me/mem[1]', ['/work/repo/'])).toEqual([
      { scheme: 'file', language: 'markdown', pattern: '/home/me/mem[[]1[]]/**/*.md' },
      { scheme: 'file', pattern: '/work/repo/**/*' },
    ]);
  });
});

describe('package.json', () => {
  it('contributes exactly the server keys and the client keys', () => {
    const keys = Object.keys(props).map((k) => k.replace(/^memlsp\./, ''));
    expect(new Set(keys)).toEqual(new Set([...SERVER_KEYS, ...CLIENT_KEYS]));
  });

  it('gives the user-only keys machine or application scope and says workspace values are ignored', () => {
    for (const key of USER_ONLY_KEYS) {
      const prop = props[`memlsp.${key}`] as { scope?: string; markdownDescription?: string };
      expect(['machine', 'application'], key).toContain(prop.scope);
      expect(prop.markdownDescription, key).toContain('workspace');
    }
  });

  it('names the chat participant, its commands and both tools', () => {
    const participant = pkg.contributes.chatParticipants[0];
    expect(participant.name).toBe('memory');
    expect(participant.commands.map((c: { name: string }) => c.name)).toEqual(['recall', 'remember', 'forget', 'dream', 'status', 'review']);
    expect(pkg.contributes.languageModelTools.map((t: { name: string }) => t.name)).toEqual(['memlsp_recall', 'memlsp_remember']);
    expect(pkg.engines.vscode).toBe('^1.95.0');
  });

  it('gives every command the memlsp category and a memlsp.camelCase id', () => {
    for (const c of pkg.contributes.commands) {
      expect(c.command).toMatch(/^memlsp\.[a-z][A-Za-z]+$/);
      expect(c.category).toBe('memlsp');
    }
  });
});
