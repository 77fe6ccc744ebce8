/**
 * The memory protocol's wire types (docs/reference/protocol.md), mirrored from the server's
 * `server/memlsp/lsp/messages.py`: one interface per params/result class, with the Python
 * class's name and its fields in camelCase, and {@link METHODS}, the registry of every custom
 * method. `tests/contract/test_protocol_doc.py` fails when this file, the Python registry and
 * the documentation disagree.
 *
 * Types only (and the method table): must not import `vscode` or the language client.
 */

export const PROTOCOL_VERSION = 1;

// ---- shared pieces ------------------------------------------------------------------------
export interface ChatMessage {
  role: string;
  content: string;
  at?: string | null;
}

export interface JobStarted {
  jobId: string;
}

// ---- client -> server ---------------------------------------------------------------------
export interface SessionStartedParams {
  sessionId: string;
  workspace?: string | null;
}

export interface SessionStartedResult {
  index: string;
  rollout: string;
  scopes: string[];
}

export interface RecallParams {
  sessionId: string;
  message: string;
  openFiles?: string[];
  alreadyRead?: string[];
  firstTurn?: boolean | null;
}

export interface StaleCitation {
  ref: string;
  reason: string;
  message: string;
}

export interface RecalledMemory {
  path: string;
  name: string;
  type: string;
  scope: string;
  ageDays: number;
  score: number;
  content: string;
  stale: StaleCitation[];
}

export interface RecallResult {
  memories: RecalledMemory[];
  reminder: string;
  budgetLeft: number;
  skipped: string | null;
  /** Why nothing was injected (null when something was). */
  silence: RecallSilence | null;
}

export type RecallSilence =
  | 'below-threshold'
  | 'already-injected'
  | 'budget'
  | 'no-notes'
  | 'empty-message'
  | 'rollout-off'
  | 'rollout-shadow'
  | 'rollout-dry-run';

export interface TurnCompletedParams {
  sessionId: string;
  turn: number;
  messages: ChatMessage[];
  memoryWritten?: boolean;
}

export interface TurnCompletedResult {
  jobId: string | null;
  skipped: string | null;
}

export interface CompactedParams {
  sessionId: string;
}

export interface SessionEndedParams {
  sessionId: string;
  messages: ChatMessage[];
}

export interface SessionEndedResult {
  path: string | null;
  skipped: string | null;
}

export type NoteType = 'user' | 'feedback' | 'project' | 'reference';

export interface RememberParams {
  text: string;
  type?: NoteType | null;
  scope?: 'project' | 'global' | null;
  workspace?: string | null;
}

export interface RememberResult {
  path: string | null;
  action: 'created' | 'updated' | 'unchanged' | null;
  refused: boolean;
  reason: string | null;
  message: string | null;
  /** Saved, but MEMORY.md could not be regenerated (what and why); absent otherwise. */
  warning?: string | null;
}

export interface ListParams {
  scope?: string | null;
  workspace?: string | null;
}

export interface ListEntry {
  path: string;
  scope: 'global' | 'project' | 'session';
  type: string;
  name: string;
  description: string;
  bytes: number;
  modified: string;
  ageDays: number;
  /** Number of stale citations; null until citations were checked. */
  stale: number | null;
  /** How the note was written (extraction, remember, dream, manual, import); null if unknown. */
  source?: string | null;
  /** Which agent or surface wrote it (vscode, claude-code, cli, an MCP client); null if unknown. */
  agent?: string | null;
}

export interface Problem {
  path: string;
  reason: string;
  message: string;
  severity: string;
}

export interface ListResult {
  entries: ListEntry[];
  problems: Problem[];
}

export interface ReadParams {
  path: string;
}

export interface ReadResult {
  content: string;
  sha256: string;
}

export interface ForgetParams {
  path: string;
  sha256: string;
}

export interface ForgetResult {
  tombstone: string;
  status: 'forgotten' | 'already-forgotten';
  redacted?: string[];
  /** Forgotten, but MEMORY.md could not be regenerated; absent otherwise. */
  warning?: string | null;
}

export interface DreamParams {
  force?: boolean;
  dryRun?: boolean;
}

// memory/status takes no params; the empty interface keeps the one-class-per-params rule.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StatusParams {}

export interface ScopeCounts {
  scope: string;
  notes: number;
  inbox: number;
  sessions: number;
  problems: number;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobInfo {
  jobId: string;
  kind: string;
  state: JobState;
  message: string | null;
  created: string | null;
  finished: string | null;
}

export interface StatusResult {
  rollout: string;
  counts: ScopeCounts[];
  lastDream: string | null;
  sessionsSinceDream: number | null;
  jobs: JobInfo[];
  home: string;
  homeExists: boolean;
  provider: string;
  protocolVersion: number;
  /** The project's team sync (R40), as of its last fetch; null when unknown. */
  sync?: SyncInfo | null;
}

export interface SyncInfo {
  state: 'off' | 'in-sync' | 'pending' | 'conflict';
  remote: string;
  branch: string;
  lastSync: string | null;
  localChanges: number;
  ahead: number;
  behind: number;
  conflicts: string[];
  quarantined: number;
}

export interface ReindexParams {
  scope?: string | null;
}

export interface CancelJobParams {
  jobId: string;
}

export interface CancelJobResult {
  state: JobState;
}

/** SPEC §10 / R37: pending items under `review: required`. */
export interface ReviewParams {
  scope?: string | null;
}

export interface ReviewItem {
  id: string;
  /** The pending file (`memory/read` reads the proposed note). */
  path: string;
  kind: 'new' | 'update';
  description: string;
  source: string;
  created: string;
  /** Unified diff from the target note to what accepting writes (updates only). */
  diff?: string | null;
  agent?: string | null;
  type?: string;
  name?: string;
  /** The scope folder the item belongs to. */
  scope?: string;
  /** The note an update rewrites. */
  target?: string | null;
}

export interface ReviewResult {
  items: ReviewItem[];
}

export type ReviewDecision = 'accept' | 'reject' | 'edit';

export interface ReviewDecideParams {
  id: string;
  decision: ReviewDecision;
  /** The edited note, with `decision: "edit"`. */
  text?: string | null;
}

export interface ReviewDecideResult {
  /** The accepted note; null on reject. */
  path: string | null;
  action: 'created' | 'updated' | 'unchanged' | null;
  /** Saved, but MEMORY.md could not be regenerated; absent otherwise. */
  warning?: string | null;
}

/** Result of the server's `memlsp.recheckCitations` command. */
export interface CitationCheck {
  notes: number;
  stale: number;
  staleNotes: number;
  indexProblems: number;
  folders: number;
}

/** Result of the server's `memlsp.modelStatus` command. */
export interface ModelStatus {
  provider: string;
  reachable: boolean | null;
  message: string;
  reason: string | null;
  reply: string | null;
  latencyMs: number | null;
}

// ---- server -> client ---------------------------------------------------------------------
export interface JobStatusParams {
  jobId: string;
  kind: string;
  state: JobState;
  message: string | null;
  /** On `done`: more than a line — a dry-run dream's plan as a unified diff. */
  detail?: string | null;
}

export interface CompleteMessage {
  role: string;
  content: string;
}

export interface CompleteParams {
  system: string;
  messages: CompleteMessage[];
  maxTokens: number;
}

export interface CompleteResult {
  text: string;
}

export interface NotesChangedParams {
  scopes: string[];
}

// ---- the registry -------------------------------------------------------------------------
/** Requests the client sends: method -> [params, result]. */
export interface Requests {
  'memory/sessionStarted': [SessionStartedParams, SessionStartedResult];
  'memory/recall': [RecallParams, RecallResult];
  'memory/turnCompleted': [TurnCompletedParams, TurnCompletedResult];
  'memory/sessionEnded': [SessionEndedParams, SessionEndedResult];
  'memory/remember': [RememberParams, RememberResult];
  'memory/list': [ListParams, ListResult];
  'memory/read': [ReadParams, ReadResult];
  'memory/forget': [ForgetParams, ForgetResult];
  'memory/dream': [DreamParams, JobStarted];
  'memory/status': [StatusParams, StatusResult];
  'memory/reindex': [ReindexParams, JobStarted];
  'memory/cancelJob': [CancelJobParams, CancelJobResult];
  'memory/review': [ReviewParams, ReviewResult];
  'memory/reviewDecide': [ReviewDecideParams, ReviewDecideResult | null];
}

/** Notifications the client sends: method -> params. */
export interface ClientNotifications {
  'memory/compacted': CompactedParams;
}

/** Notifications the server sends: method -> params. */
export interface ServerNotifications {
  'memory/jobStatus': JobStatusParams;
  'memory/notesChanged': NotesChangedParams;
}

export type RequestMethod = keyof Requests;

export interface MethodInfo {
  kind: 'request' | 'notification';
  direction: 'client->server' | 'server->client';
  /** Name of the params interface above (the Python class of the same name). */
  params: string;
}

/** Every custom method, as in `memlsp.lsp.messages.METHODS`. */
export const METHODS: Record<string, MethodInfo> = {
  'memory/sessionStarted': { kind: 'request', direction: 'client->server', params: 'SessionStartedParams' },
  'memory/recall': { kind: 'request', direction: 'client->server', params: 'RecallParams' },
  'memory/turnCompleted': { kind: 'request', direction: 'client->server', params: 'TurnCompletedParams' },
  'memory/compacted': { kind: 'notification', direction: 'client->server', params: 'CompactedParams' },
  'memory/sessionEnded': { kind: 'request', direction: 'client->server', params: 'SessionEndedParams' },
  'memory/remember': { kind: 'request', direction: 'client->server', params: 'RememberParams' },
  'memory/list': { kind: 'request', direction: 'client->server', params: 'ListParams' },
  'memory/read': { kind: 'request', direction: 'client->server', params: 'ReadParams' },
  'memory/forget': { kind: 'request', direction: 'client->server', params: 'ForgetParams' },
  'memory/dream': { kind: 'request', direction: 'client->server', params: 'DreamParams' },
  'memory/status': { kind: 'request', direction: 'client->server', params: 'StatusParams' },
  'memory/reindex': { kind: 'request', direction: 'client->server', params: 'ReindexParams' },
  'memory/cancelJob': { kind: 'request', direction: 'client->server', params: 'CancelJobParams' },
  'memory/review': { kind: 'request', direction: 'client->server', params: 'ReviewParams' },
  'memory/reviewDecide': { kind: 'request', direction: 'client->server', params: 'ReviewDecideParams' },
  'memory/jobStatus': { kind: 'notification', direction: 'server->client', params: 'JobStatusParams' },
  'memory/complete': { kind: 'request', direction: 'server->client', params: 'CompleteParams' },
  'memory/notesChanged': { kind: 'notification', direction: 'server->client', params: 'NotesChangedParams' },
};

/** The server's `workspace/executeCommand` commands this client uses. */
export const SERVER_COMMANDS = {
  modelStatus: 'memlsp.modelStatus',
  forgetNote: 'memlsp.forgetNote',
  fixCitation: 'memlsp.fixCitation',
  recheckCitations: 'memlsp.recheckCitations',
} as const;

/** JSON-RPC error codes the client reacts to. */
export const ErrorCodes = {
  MethodNotFound: -32601,
  InvalidParams: -32602,
  RequestFailed: -32803,
  RequestCancelled: -32800,
} as const;

/** What the server declares under `capabilities.experimental.memlsp` at initialize. */
export interface ServerMemoryCapabilities {
  protocolVersion: number;
  methods: string[];
  notifications: string[];
  commands: string[];
}
