/**
 * Wiring only: builds the server manager, the Memory view, the commands, the status bar,
 * the chat participant, the language-model tools and the model bridge, and connects them to
 * the server's notifications and to settings changes. Behaviour lives in the modules named.
 */
import * as vscode from 'vscode';
import { answerComplete, ModelChoice } from './chat/bridge';
import { MemoryParticipant, PARTICIPANT_ID } from './chat/participant';
import { ChatSessions } from './chat/sessions';
import { registerTools } from './chat/tools';
import { ServerManager } from './client';
import { Commands, dreamChatText } from './commands';
import { runningJobs } from './format';
import { JobTracker } from './jobs';
import { needsRestart } from './settings';
import { StatusBar } from './status';
import { registerTestReport } from './testHooks';
import { NotesTreeProvider } from './views/notesTree';
import { NOTE_SCHEME, NotePreviewProvider, TEXT_SCHEME, TextDocuments } from './views/preview';
import { ReviewActions } from './views/review';

const IDLE_SESSION_MS = 30 * 60_000;
const STATUS_DEBOUNCE_MS = 300;

let shutdown: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const models = new ModelChoice();
  const provider = (): string => vscode.workspace.getConfiguration('memlsp').get<string>('model.provider', 'offline');
  const server = new ServerManager(context, (params, token) =>
    answerComplete(params, token, {
      allowed: () => provider() === 'editor',
      pickModel: () => models.pick(),
      log: (m) => server.clientLog.warn(m),
    }),
  );
  const api = server.api;
  const log = (m: string): void => server.clientLog.info(m);
  const jobs = new JobTracker();
  const tree = new NotesTreeProvider(api);
  const treeView = vscode.window.createTreeView('memlsp.notes', { treeDataProvider: tree, showCollapseAll: true });
  const preview = new NotePreviewProvider(api);
  const texts = new TextDocuments();
  const review = new ReviewActions(api, texts, tree);
  const commands = new Commands({ server, api, jobs, tree, treeView, texts, review });
  const status = new StatusBar();
  const sessions = new ChatSessions();
  const participant = new MemoryParticipant({
    api,
    sessions,
    models,
    notePath: (rel) => commands.notePath(rel),
    log,
    now: Date.now,
    dream: async (dryRun) => dreamChatText(await commands.dream(dryRun), dryRun),
  });
  const chat = vscode.chat.createChatParticipant(PARTICIPANT_ID, participant.handler);
  chat.iconPath = new vscode.ThemeIcon('database');

  let statusTimer: NodeJS.Timeout | undefined;
  const updateStatus = (): void => {
    clearTimeout(statusTimer);
    statusTimer = setTimeout(async () => {
      if (server.state !== 'running') {
        status.update(server.state, undefined);
        return;
      }
      const current = await api.request('memory/status', {}).catch(() => undefined);
      await tree.reload();
      const pending = tree.pendingReviews;
      treeView.badge = pending ? { value: pending, tooltip: `${pending} waiting for review` } : undefined;
      status.update(server.state, {
        rollout: current?.rollout,
        runningJobs: current ? runningJobs(current) : jobs.running().length,
        pendingReviews: pending,
        stale: tree.staleCount,
        notes: tree.noteCount,
      });
    }, STATUS_DEBOUNCE_MS);
  };

  const idleTimer = setInterval(() => {
    void participant.endSessions(sessions.takeIdle(Date.now(), IDLE_SESSION_MS));
  }, 5 * 60_000);

  context.subscriptions.push(
    server,
    treeView,
    tree,
    preview,
    texts,
    status,
    chat,
    ...registerTools(api),
    ...commands.register(),
    vscode.workspace.registerTextDocumentContentProvider(NOTE_SCHEME, preview),
    vscode.workspace.registerTextDocumentContentProvider(TEXT_SCHEME, texts),
    server.onNotesChanged(() => {
      preview.refreshAll();
      updateStatus();
    }),
    server.onJobStatus((s) => {
      jobs.update(s);
      updateStatus();
    }),
    server.onDidChangeState((state) => {
      if (state === 'running') {
        tree.serverRestarted();
      }
      status.update(state, undefined);
      updateStatus();
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('memlsp')) {
        return;
      }
      if (needsRestart((section) => event.affectsConfiguration(section))) {
        void server.restart();
      } else {
        void server.pushSettings();
        updateStatus();
      }
    }),
    vscode.env.onDidChangeTelemetryEnabled(() => void server.pushSettings()),
    { dispose: () => clearInterval(idleTimer) },
    { dispose: () => clearTimeout(statusTimer) },
  );
  registerTestReport(context, { server, tree });

  shutdown = async () => {
    await participant.endSessions(sessions.takeAll());
    await server.stop();
  };
  status.update('starting', undefined);
  void server.start();
}

export async function deactivate(): Promise<void> {
  await shutdown?.();
}
