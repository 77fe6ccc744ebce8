/**
 * Chat sessions as the server counts them (`memory/sessionStarted` … `memory/sessionEnded`).
 *
 * VS Code's chat API has no session id or end event: a request whose history is empty starts
 * a session; later requests find it by the first prompt of their history. A history shorter
 * than the last one seen means the chat was compacted (`memory/compacted`). Sessions idle for
 * a while, and all of them when the extension stops, are ended. Must not import `vscode`.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '../protocol';

export interface SessionState {
  id: string;
  key: string;
  turns: number;
  messages: ChatMessage[];
  historyLength: number;
  lastActive: number;
}

export interface Turn {
  session: SessionState;
  turn: number;
  isNew: boolean;
  compacted: boolean;
}

/** Messages kept per session for the record `memory/sessionEnded` saves. */
const MAX_MESSAGES = 200;

export class ChatSessions {
  private readonly byKey = new Map<string, SessionState>();

  constructor(private readonly newId: () => string = () => `vscode-${randomUUID()}`) {}

  /** Called at the start of each chat request with the prompts already in its history. */
  begin(historyPrompts: string[], prompt: string, now: number): Turn {
    const key = historyPrompts.length ? historyPrompts[0] : prompt;
    let session = historyPrompts.length ? this.byKey.get(key) : undefined;
    const isNew = session === undefined;
    if (session === undefined) {
      session = { id: this.newId(), key, turns: 0, messages: [], historyLength: 0, lastActive: now };
      this.byKey.set(key, session);
    }
    const compacted = !isNew && historyPrompts.length < session.historyLength;
    session.turns += 1;
    session.historyLength = historyPrompts.length + 1;
    session.lastActive = now;
    return { session, turn: session.turns, isNew, compacted };
  }

  record(session: SessionState, message: ChatMessage): void {
    session.messages.push(message);
    if (session.messages.length > MAX_MESSAGES) {
      session.messages.splice(0, session.messages.length - MAX_MESSAGES);
    }
  }

  /** Removes and returns the sessions idle for longer than `maxIdleMs`. */
  takeIdle(now: number, maxIdleMs: number): SessionState[] {
    return this.take((s) => now - s.lastActive > maxIdleMs);
  }

  takeAll(): SessionState[] {
    return this.take(() => true);
  }

  private take(pred: (s: SessionState) => boolean): SessionState[] {
    const taken: SessionState[] = [];
    for (const [key, session] of this.byKey) {
      if (pred(session)) {
        this.byKey.delete(key);
        taken.push(session);
      }
    }
    return taken;
  }
}
