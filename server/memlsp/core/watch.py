"""One home for noticing that notes changed on disk, by this or another process (SPEC R6,
R29): the signatures of a scope's folders, and :class:`ScopeWatcher`, the one polling
thread a long-lived surface (the language server) runs over the scopes it serves.

:func:`folder_stamp` is the cheap check (each section folder's inode and mtime: creates,
deletes and renames of notes) that recall makes before each search; :func:`scope_signature`
adds each note file's (inode, mtime, size), which also catches edits in place. A poll costs
one ``scandir`` per folder and one ``stat`` per note and works on every file system.

Must not import pygls, lsprotocol or anything from an adapter package.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable

from .pending import PENDING_DIR
from .store import INDEX_NAME, SECTIONS, Scope, Store

# What the watcher polls: the note sections and the pending items of review mode (R37), so
# views refresh when an item is proposed, accepted or rejected. Recall's cheap
# folder_stamp looks at SECTIONS only: a pending item is never recalled.
WATCHED = (*SECTIONS, PENDING_DIR)

logger = logging.getLogger(__name__)


def folder_stamp(scopes: list[Scope]) -> tuple:
    """Each section folder's (inode, mtime) of ``scopes``: changes when a note is created,
    deleted or renamed (not when one is edited in place)."""
    sig = []
    for scope in scopes:
        for section in SECTIONS:
            try:
                st = os.stat(scope.root / section if section else scope.root)
                sig.append((st.st_ino, st.st_mtime_ns))
            except OSError:
                sig.append(None)
    return tuple(sig)


def scope_signature(scope: Scope) -> tuple:
    parts: list[tuple] = []
    for section in WATCHED:
        folder = scope.root / section if section else scope.root
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    if not entry.name.endswith(".md") or (not section and entry.name == INDEX_NAME):
                        continue
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    parts.append(
                        (section, entry.name, st.st_ino, st.st_mtime_ns, st.st_size, st.st_mode)
                    )
        except (FileNotFoundError, NotADirectoryError):
            parts.append((section, None))
        except OSError as exc:
            parts.append((section, f"error {exc.errno}"))
    parts.sort(key=repr)
    return tuple(parts)


class ScopeWatcher:
    """Polls the scopes ``scopes()`` names every ``interval()`` seconds (0 = only when
    poked); on a change regenerates each changed scope's MEMORY.md and calls
    ``on_change(rels)`` from the polling thread. ``on_home_missing(message)`` is called once
    when a memory home that existed is deleted."""

    def __init__(
        self,
        store: Callable[[], Store],
        scopes: Callable[[], list[Scope]],
        *,
        interval: Callable[[], float],
        on_change: Callable[[list[str]], None],
        on_home_missing: Callable[[str], None] = lambda message: None,
    ) -> None:
        self._store = store
        self._scopes = scopes
        self._interval = interval
        self._on_change = on_change
        self._on_home_missing = on_home_missing
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._signatures: dict[str, tuple] = {}
        self._sig_lock = threading.Lock()
        self._home_missing_reported = False
        self._home_seen = False
        self.polls = 0

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="memlsp-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()

    def poke(self) -> None:
        """Poll now (a file event arrived) instead of at the next interval."""
        self._wake.set()

    def observe(self, scopes: list[Scope]) -> None:
        """Make sure ``scopes`` have a baseline, so that a change made after this returns is
        announced (``memory/sessionStarted`` calls it): records any scope the watcher has not
        seen yet; the next poll compares against it. Without it, a note another process
        writes just after start-up (or in a session's new workspace) before the watcher's
        first look would become part of the baseline and never be announced."""
        for scope in scopes:
            with self._sig_lock:
                if scope.rel not in self._signatures:
                    self._signatures[scope.rel] = scope_signature(scope)

    def _run(self) -> None:
        try:
            self.poll()  # the baseline (resolving projects runs git: not on the loop)
        except Exception:  # noqa: BLE001
            logger.exception("watching the memory home failed")
        while not self._stop.is_set():
            interval = self._interval()
            self._wake.wait(interval if interval > 0 else None)
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                self.poll()
            except Exception:  # noqa: BLE001 - the watcher must outlive any one bad poll
                logger.exception("watching the memory home failed")

    def poll(self) -> list[str]:
        """Compare signatures; regenerate and announce the scopes that changed."""
        self.polls += 1
        store = self._store()
        if not store.home.is_dir():
            # Only a home that existed and vanished is news (a fresh one is created lazily).
            if self._home_seen and not self._home_missing_reported:
                self._home_missing_reported = True
                self._on_home_missing(
                    f"memlsp: the memory home {store.home} was deleted; notes are gone from "
                    "view, and the next write recreates the folder"
                )
        else:
            self._home_seen = True
            self._home_missing_reported = False
        changed: list[Scope] = []
        for scope in self._scopes():
            with self._sig_lock:
                sig = scope_signature(scope)
                old = self._signatures.get(scope.rel)
                self._signatures[scope.rel] = sig
            if old is not None and old != sig:
                changed.append(scope)
        if not changed:  # (scopes seen for the first time only get their baseline)
            return []
        for scope in changed:
            if scope.root.is_dir():
                try:
                    store.rebuild_index(scope)
                except Exception as exc:  # noqa: BLE001 - e.g. lock timeout: retry next change
                    logger.warning("could not regenerate %s/MEMORY.md: %s", scope.rel, exc)
        rels = [s.rel for s in changed]
        self._on_change(rels)
        return rels
