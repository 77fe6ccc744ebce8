"""Per-chat-session state kept by the server (SPEC R14, R17).

The server remembers only which workspace each chat session belongs to (so its recall,
extraction and session record go to that project's scope). Everything else about a
session — what recall injected, how many bytes, compactions, turns (R15, R17) — is the
core's :mod:`memlsp.core.sessions` state, shared with every other process serving the
session; this module keeps no copy of it, so the two cannot disagree.

Sessions are kept in a bounded LRU so a client that never ends its sessions cannot grow the
server's memory without bound. An entry is tiny; a session evicted from it (thousands of
newer sessions later) falls back to the first workspace folder, as a session the server
never saw start does.
"""

from __future__ import annotations

import collections
import datetime as dt
import threading
from dataclasses import dataclass, field

MAX_SESSIONS = 4096


@dataclass
class SessionState:
    session_id: str
    workspace: str | None = None
    started: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))


class Sessions:
    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self._items: collections.OrderedDict[str, SessionState] = collections.OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()

    def get(self, session_id: str, workspace: str | None = None) -> SessionState:
        """The session's state, created when unknown (a client may skip sessionStarted)."""
        with self._lock:
            state = self._items.get(session_id)
            if state is None:
                state = self._items[session_id] = SessionState(session_id, workspace)
                while len(self._items) > self._limit:
                    self._items.popitem(last=False)
            else:
                self._items.move_to_end(session_id)
                if workspace and not state.workspace:
                    state.workspace = workspace
            return state

    def start(self, session_id: str, workspace: str | None) -> SessionState:
        """A (re)started session: its workspace is the one given now (the core's recall
        state is reset by :meth:`memlsp.core.recall.Recaller.start_session`)."""
        with self._lock:
            self._items.pop(session_id, None)
        return self.get(session_id, workspace)

    def end(self, session_id: str) -> SessionState | None:
        with self._lock:
            return self._items.pop(session_id, None)

    def __len__(self) -> int:
        return len(self._items)
