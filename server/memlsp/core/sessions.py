"""Per-session recall state (SPEC R15 step 7, R17): what was injected, how much, compactions;
and a per-scope count of how many times each note was injected (hovers).

A chat session's state lives in ``<scope>/.memlsp/sessions/<session>.json`` so that every
process serving the session (the language server, a CLI call, a hook) sees the same
"already injected" set and the same 60 KB budget. Written atomically under a lock of its
own (``sessions/.lock``, not the scope lock that note writes hold); a missing or corrupt
file is an empty state (it is bookkeeping, not memory).

A long-lived surface (the language server) hands the write of a recall's state to
:func:`write_later`: one writer thread merges it into the file (:func:`merge`: never forgets
an injection, never gives budget back), so a chat turn's recall does no file I/O — a lock,
a temp file and a rename that a busy disk can hold for hundreds of milliseconds
(``bench/lsp_responsiveness.py``). The process's own copy of the state is the recaller's
mirror; other processes see the file a few milliseconds later. :func:`flush` waits for the
writes handed over so far.

Neither file nor mirror names a note: a note's file name is a slug of its description, and
a verified forget leaves no copy of it in the home (R24). They hold :func:`home_path_digest`
of its home-relative path; a path found in a file an older memlsp wrote is read as its
digest.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import datetime as dt
import functools
import hashlib
import json
import logging
import queue
import re
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .errors import MemlspError
from .fsutil import atomic_write, file_lock, remove
from .notes import iso, utcnow
from .policy.gate import derived_text, safe_key
from .store import Scope, Store

log = logging.getLogger(__name__)

SESSION_BUDGET_BYTES = 60 * 1024
_SAFE_ID = re.compile(r"[^A-Za-z0-9._-]")
_EXPIRE_S = 14 * 86400
_DIGEST = re.compile(r"[0-9a-f]{64}")


def home_path_digest(path: str) -> str:
    """Content-free digest of a home-relative note path: what the session states and the
    recall counter keep of a note. Home-relative (unlike a tombstone's scope-relative
    :func:`memlsp.core.forget.path_digest`): one session's state lists notes of several
    scopes, and ``inbox/a.md`` of the global and of a project scope are two notes."""
    return hashlib.sha256(
        b"memlsp/home-path/v1\0" + path.encode("utf-8", "surrogatepass")
    ).hexdigest()


def _digest(item: str) -> str:
    """``item`` as kept: a digest stays, a path (an older memlsp's entry) becomes one."""
    return item if _DIGEST.fullmatch(item) else home_path_digest(item)


def _digests(items: object) -> list[str]:
    """The digests of ``items`` in order, each once; what is not a string is dropped (a
    cache: a hand-edited or corrupt entry only costs a note injected again)."""
    if not isinstance(items, list):
        return []
    return list(dict.fromkeys(_digest(i) for i in items if isinstance(i, str)))


@dataclass
class SessionState:
    session_id: str
    started: str = ""
    turns: int = 0
    bytes_injected: int = 0
    injected: list[str] = field(default_factory=list)  # home_path_digest of each, in order
    compactions: int = 0
    exhausted: bool = False

    def budget_left(self, budget: int = SESSION_BUDGET_BYTES) -> int:
        return max(0, budget - self.bytes_injected)


def home_state(store: Store) -> Scope:
    """The memory home's own ``.memlsp/``, shaped as a scope: where a recaller with no
    memory folder to use (only mounted folders, or no memory yet) keeps its session states
    and index (ADR 0009). Not a scope of notes: nothing lists, scans, syncs or dreams it."""
    return Scope("home", "", store.home)


def _file(scope: Scope, session_id: str) -> Path:
    # the id is the caller's: one holding a secret must not name a file, nor may one like
    # "../x" name a hidden one
    readable = _SAFE_ID.sub("_", safe_key(session_id))[:64].lstrip(".") or "session"
    digest = hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return scope.state_dir / "sessions" / f"{readable}-{digest}.json"


def load(scope: Scope, session_id: str) -> SessionState:
    path = _file(scope, session_id)
    try:
        data = json.loads(path.read_text("utf-8"))
        state = SessionState(
            **{k: v for k, v in data.items() if k in SessionState.__dataclass_fields__}
        )
        state.session_id = session_id
        state.injected = _digests(state.injected)
        return state
    except (OSError, ValueError, TypeError):
        return SessionState(session_id=session_id)


def save(scope: Scope, state: SessionState) -> None:
    path = _file(scope, state.session_id)
    if not state.started:
        state.started = iso(utcnow())
    state.injected = _digests(state.injected)  # a caller may have added a path
    # Bookkeeping in a cache folder: atomic, but not worth two fsyncs on every chat turn.
    atomic_write(path, derived_text(json.dumps(asdict(state), ensure_ascii=False)), durable=False)


def _lock_path(scope: Scope) -> Path:
    # Its own lock, not the scope's: recall on a chat turn must not queue behind a note
    # write or an index rebuild holding the scope lock (the state touches no note).
    return scope.state_dir / "sessions" / ".lock"


def update(scope: Scope, session_id: str, change) -> SessionState:
    """Read-modify-write one session's state under the sessions lock of the scope; notes
    that ``change`` added to ``injected`` (by digest, or by path) are counted in the scope's
    recall counter."""
    scope.state_dir.mkdir(parents=True, exist_ok=True)
    with file_lock(_lock_path(scope)):
        state = load(scope, session_id)
        before = set(state.injected)
        change(state)
        save(scope, state)  # which turns any path into its digest
        added = [p for p in state.injected if p not in before]
        if added:
            _count(scope, added)
        return state


# How many times each note was injected into a chat (hover on a note's frontmatter shows
# it), by the digest of its path. A cache like the session files: one small JSON per scope
# that recalls, written only on turns that inject something; lost or corrupt, it starts
# again from zero.
COUNTS_FILE = "recall-counts.json"


def _counts_path(scope: Scope) -> Path:
    return scope.state_dir / COUNTS_FILE


def _read_counts(scope: Scope) -> dict[str, int]:
    try:
        data = json.loads(_counts_path(scope).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    counts: dict[str, int] = {}
    for k, v in data.items():
        if isinstance(v, int) and not isinstance(v, bool):
            key = _digest(k)  # an older memlsp counted by path
            counts[key] = counts.get(key, 0) + v
    return counts


def _count(scope: Scope, digests: list[str]) -> None:
    counts = _read_counts(scope)
    for d in digests:
        counts[d] = counts.get(d, 0) + 1
    with contextlib.suppress(OSError):
        atomic_write(_counts_path(scope), json.dumps(counts, ensure_ascii=False), durable=False)


def rewrite_paths(scope: Scope) -> int:
    """Rewrite the session states and the recall counter of ``scope`` that an older memlsp
    wrote with note paths (slugs of their descriptions) so they hold digests only; a file
    is otherwise rewritten only on its session's next turn, or the counter on the scope's
    next injection — a forget must not wait for that (R24). Returns the files rewritten."""
    folder = scope.state_dir / "sessions"
    counts = _counts_path(scope)
    if not folder.is_dir() and not counts.exists():
        return 0
    rewritten = 0
    lock = file_lock(_lock_path(scope)) if folder.is_dir() else contextlib.nullcontext()
    with lock:
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            try:
                data = json.loads(path.read_text("utf-8"))
                injected = data.get("injected") if isinstance(data, dict) else None
            except (OSError, ValueError):
                continue
            if isinstance(injected, list) and injected != _digests(injected):
                data["injected"] = _digests(injected)
                with contextlib.suppress(OSError):
                    atomic_write(path, json.dumps(data, ensure_ascii=False), durable=False)
                    rewritten += 1
        try:
            raw = json.loads(counts.read_text("utf-8"))
        except (OSError, ValueError):
            raw = None
        if isinstance(raw, dict) and any(not _DIGEST.fullmatch(str(k)) for k in raw):
            with contextlib.suppress(OSError):
                atomic_write(counts, json.dumps(_read_counts(scope)), durable=False)
                rewritten += 1
    return rewritten


def times_recalled(scopes: list[Scope], path: str) -> int:
    """How many times the note at home-relative ``path`` was injected, summed over the
    counters of ``scopes`` (recall state lives in the project scope of the workspace, and a
    global note may be recalled from several). Counts the writes handed to
    :func:`write_later` so far."""
    flush(timeout=1.0)
    key = home_path_digest(path)
    return sum(_read_counts(scope).get(key, 0) for scope in scopes)


def merge(disk: SessionState, mirror: SessionState | None) -> SessionState:
    """Combine the file's state with a process's own copy (the file may have been deleted:
    it lives in a cache folder). Never forgets an injection or gives budget back."""
    if mirror is None:
        return disk
    if mirror.compactions > disk.compactions:
        disk.injected = _digests(mirror.injected)
        disk.compactions = mirror.compactions
    elif mirror.compactions == disk.compactions:
        disk.injected = _digests(disk.injected + mirror.injected)
    disk.turns = max(disk.turns, mirror.turns)
    disk.bytes_injected = max(disk.bytes_injected, mirror.bytes_injected)
    disk.exhausted = disk.exhausted or mirror.exhausted
    disk.started = disk.started or mirror.started
    return disk


def start(scope: Scope, session_id: str) -> SessionState:
    """R14: a (re)started session hands the model a fresh context: nothing injected yet, a
    full budget, the next turn is a first turn (R18)."""
    flush()  # a recall's state still on its way to the file must not land on the fresh one

    def reset(state: SessionState) -> None:
        fresh = SessionState(session_id=session_id, started=iso(utcnow()))
        state.__dict__.update(fresh.__dict__)

    return update(scope, session_id, reset)


def discard(scope: Scope, session_id: str) -> None:
    """Remove the session's state file in ``scope`` (a session restarted elsewhere)."""
    flush()
    path = _file(scope, session_id)
    if path.exists():  # else no lock either: nothing is created to remove nothing
        with file_lock(_lock_path(scope)):
            remove(path, missing_ok=True)


def compacted(scope: Scope, session_id: str) -> SessionState:
    """R17: after a compaction, injected notes may be injected again (the budget stays)."""

    def reset(state: SessionState) -> None:
        state.injected = []
        state.compactions += 1

    return update(scope, session_id, reset)


def expire_old(scope: Scope, *, now: dt.datetime | None = None) -> int:
    """Remove state files of sessions idle for two weeks; returns how many."""
    folder = scope.state_dir / "sessions"
    cutoff = (now.timestamp() if now else time.time()) - _EXPIRE_S
    removed = 0
    if folder.is_dir():
        for path in folder.glob("*.json"):
            with contextlib.suppress(OSError):
                if path.stat().st_mtime < cutoff:
                    remove(path)
                    removed += 1
    return removed


class _Writer:
    """One daemon thread that merges session states into their files, in the order they
    were handed over; started on first use."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[Scope, SessionState]] = queue.SimpleQueue()
        self._pending = 0
        self._idle = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, scope: Scope, state: SessionState) -> None:
        with self._idle:
            self._pending += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="memlsp-session-writer", daemon=True
                )
                self._thread.start()
        self._queue.put((scope, copy.deepcopy(state)))

    def _run(self) -> None:
        while True:
            scope, state = self._queue.get()
            try:
                update(scope, state.session_id, functools.partial(_merge_into, mine=state))
            except (OSError, MemlspError) as exc:
                log.warning("session state not saved (%s); kept in memory", exc)
            except Exception:  # noqa: BLE001 - the writer must outlive one bad write
                log.exception("session state not saved")
            finally:
                with self._idle:
                    self._pending -= 1
                    if self._pending == 0:
                        self._idle.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)


def _merge_into(disk: SessionState, mine: SessionState) -> None:
    merge(disk, mine)


_WRITER = _Writer()


def write_later(scope: Scope, state: SessionState) -> None:
    """Merge ``state`` (a copy of it, taken now) into its file on the writer thread."""
    _WRITER.submit(scope, state)


def flush(timeout: float | None = None) -> bool:
    """Wait until every state handed to :func:`write_later` is in its file (False when
    ``timeout`` seconds passed first)."""
    return _WRITER.flush(timeout)


atexit.register(flush, 5.0)
