"""Notes changed on disk by other processes (the CLI, another editor window, another agent)
are picked up without a restart (SPEC R6, R29).

A polling thread stats the watched scopes (global, and the project scope of each workspace
folder and chat session) every ``server.watchIntervalSeconds``: the section folders and each
note file's (inode, mtime, size). It costs one ``scandir`` per folder and one ``stat`` per
note, and works on every file system and with every client. When the client offers
``workspace/didChangeWatchedFiles`` with relative patterns, the server also registers a
watcher on the memory home and a notification triggers an immediate poll.

On a change: the scope's MEMORY.md is regenerated (under the scope lock), the client gets
``memory/notesChanged``, and ``server.hooks.notes_changed`` run (the citation checks
subscribe there). A memory home deleted under the server is reported once in the log; the
next write recreates it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import uuid
from pathlib import Path

from lsprotocol import types

from ...core.store import INDEX_NAME, SECTIONS, Scope

logger = logging.getLogger(__name__)


def scope_signature(scope: Scope) -> tuple:
    parts: list[tuple] = []
    for section in SECTIONS:
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


class HomeWatcher:
    def __init__(self, server) -> None:
        self._server = server
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
            interval = self._server.settings.server.watch_interval_seconds
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
        server = self._server
        store = server.store
        if not store.home.is_dir():
            # Only a home that existed and vanished is news (a fresh one is created lazily).
            if self._home_seen and not self._home_missing_reported:
                self._home_missing_reported = True
                server.log(
                    f"memlsp: the memory home {store.home} was deleted; notes are gone from "
                    "view, and the next write recreates the folder",
                    warning=True,
                )
        else:
            self._home_seen = True
            self._home_missing_reported = False
        changed: list[Scope] = []
        for scope in server.watched_scopes():
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
        loop = server.loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(_announce, server, rels)
        return rels


def _announce(server, rels: list[str]) -> None:
    server.notify_notes_changed(rels)
    for hook in list(server.hooks.notes_changed):
        try:
            hook(server, rels)
        except Exception:  # noqa: BLE001
            logger.exception("notes_changed hook %r failed", hook)


def _client_offers_relative_watchers(server) -> bool:
    caps = server.client_capabilities_or_none()
    watched = getattr(getattr(caps, "workspace", None), "did_change_watched_files", None)
    return bool(
        getattr(watched, "dynamic_registration", False)
        and getattr(watched, "relative_pattern_support", False)
    )


def register(server) -> None:
    server.watcher = HomeWatcher(server)

    async def on_initialized(ls) -> None:
        ls.watcher.start()
        if _client_offers_relative_watchers(ls):
            home = ls.store.home
            watcher = types.FileSystemWatcher(
                glob_pattern=types.RelativePattern(base_uri=Path(home).as_uri(), pattern="**/*.md")
            )
            params = types.RegistrationParams(
                registrations=[
                    types.Registration(
                        id=str(uuid.uuid4()),
                        method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                        register_options=types.DidChangeWatchedFilesRegistrationOptions(
                            watchers=[watcher]
                        ),
                    )
                ]
            )
            with contextlib.suppress(Exception):
                ls.client_register_capability(params)

    server.hooks.initialized.append(on_initialized)
    server.hooks.shutdown.append(lambda ls: ls.watcher.stop())
    # Recall rescans before its next search (in-place edits keep folder mtimes unchanged).
    server.hooks.notes_changed.append(lambda ls, rels: ls.invalidate_recall())

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def on_did_change_watched_files(ls, params: types.DidChangeWatchedFilesParams) -> None:
        home = ls.store.home.as_uri()
        if any(change.uri.startswith(home) for change in params.changes):
            ls.watcher.poke()
        for hook in list(ls.hooks.files_changed):
            try:
                hook(ls, params.changes)
            except Exception:  # noqa: BLE001
                logger.exception("files_changed hook %r failed", hook)
