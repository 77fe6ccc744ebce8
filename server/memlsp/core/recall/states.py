"""The per-session recall state of one Recaller (SPEC R15 step 7, R17): the file of
:mod:`memlsp.core.sessions` under the home scope's ``.memlsp/`` (:func:`state_scope`),
mirrored in this process (the mirror also covers a state file that could not be written, or
was deleted).

With ``defer_writes`` (a long-lived surface: the language server) a recall's new state is
computed from the file as read now and the mirror, kept in the mirror, and handed to the
sessions writer thread, which merges it into the file: no lock, temp file or rename on the
chat's critical path. Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from .. import sessions
from ..errors import MemlspError
from ..notes import iso, utcnow
from ..store import Scope, Store

log = logging.getLogger(__name__)

MAX_MIRRORED = 1000  # sessions kept in memory; older ones live in their files only

Change = Callable[[sessions.SessionState], None]


def state_scope(store: Store, project: Scope | None) -> Scope:
    """Where a recaller keeps its index and session states: the project scope once its
    folder exists, else the global scope once its folder exists, else the home's own
    ``.memlsp/``. A read never creates a memory folder (R1, R3; ADR 0009)."""
    for scope in (project, store.global_scope()):
        if scope is not None and scope.root.is_dir():
            return scope
    return sessions.home_state(store)


class SessionStates:
    """``home`` gives the scope whose ``.memlsp/sessions/`` holds the states (it may change:
    see :func:`state_scope`); a state found in one of ``earlier`` (where the session began,
    before the home moved) is merged into it, so no note is injected twice."""

    def __init__(self, home: Scope | Callable[[], Scope], *, earlier: Sequence[Scope] = ()) -> None:
        self._home = home if callable(home) else (lambda: home)
        self.earlier = tuple(earlier)
        self.defer_writes = False
        self._mirror: dict[str, sessions.SessionState] = {}
        self._lock = threading.Lock()

    @property
    def scope(self) -> Scope:
        return self._home()

    def _moved_from(self, scope: Scope) -> list[Scope]:
        return [earlier for earlier in self.earlier if earlier.rel != scope.rel]

    def _with_earlier(self, scope: Scope, state: sessions.SessionState) -> sessions.SessionState:
        for moved_from in self._moved_from(scope):
            state = sessions.merge(state, sessions.load(moved_from, state.session_id))
        return state

    def get(self, session_id: str) -> sessions.SessionState:
        scope = self.scope
        disk = self._with_earlier(scope, sessions.load(scope, session_id))
        return sessions.merge(disk, self._mirror.get(session_id))

    def update(self, session_id: str, change: Change, *, later: bool = False):
        """Apply ``change`` to the session's state: in its file under the sessions lock, or
        (``later`` and ``defer_writes``) in memory now and in the file on the writer thread."""
        if later and self.defer_writes:
            with self._lock:
                state = self.get(session_id)
                change(state)
                self._remember(session_id, state)
            sessions.write_later(self.scope, state)
            return state

        scope = self.scope

        def apply(state: sessions.SessionState) -> None:
            self._with_earlier(scope, state)
            sessions.merge(state, self._mirror.get(session_id))
            change(state)

        try:
            state = sessions.update(scope, session_id, apply)
        except (OSError, MemlspError) as exc:
            log.warning("session state not saved (%s); kept in memory", exc)
            state = self.get(session_id)
            change(state)
        self._remember(session_id, state)
        return state

    def start(self, session_id: str) -> None:
        """R14/R17: a (re)started session id begins with nothing injected and a full budget
        (in the file and in this process's mirror, which would otherwise merge the old
        injections back)."""
        with self._lock:
            self._mirror.pop(session_id, None)
        scope = self.scope
        try:
            for moved_from in self._moved_from(scope):  # old injections must not come back
                sessions.discard(moved_from, session_id)
            state = sessions.start(scope, session_id)
        except (OSError, MemlspError) as exc:
            log.warning("session state not reset on disk (%s); kept in memory", exc)
            # Above the old file's compaction count, so merging never brings its
            # injections back.
            old = self._with_earlier(scope, sessions.load(scope, session_id))
            state = sessions.SessionState(
                session_id=session_id, started=iso(utcnow()), compactions=old.compactions + 1
            )
        self._remember(session_id, state)

    def _remember(self, session_id: str, state: sessions.SessionState) -> None:
        self._mirror[session_id] = state
        if len(self._mirror) > MAX_MIRRORED:
            self._mirror.pop(next(iter(self._mirror)))
