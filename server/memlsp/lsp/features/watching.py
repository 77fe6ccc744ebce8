"""Notes changed on disk by other processes (the CLI, another editor window, another agent)
are picked up without a restart (SPEC R6, R29).

The core's :class:`memlsp.core.watch.ScopeWatcher` polls the watched scopes (global, and the
project scope of each workspace folder and chat session) every
``server.watchIntervalSeconds``; this module wires it to the client. When the client offers
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
import uuid
from pathlib import Path

from lsprotocol import types

from ...core.service import ScopeWatcher

logger = logging.getLogger(__name__)


def make_watcher(server) -> ScopeWatcher:
    """The core's watcher over the scopes this server serves; a change is announced from
    the event loop (the client, then the features' ``notes_changed`` hooks)."""

    def on_change(rels: list[str]) -> None:
        loop = server.loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(_announce, server, rels)

    return ScopeWatcher(
        lambda: server.store,
        server.watched_scopes,
        interval=lambda: server.settings.server.watch_interval_seconds,
        on_change=on_change,
        on_home_missing=lambda message: server.log(message, warning=True),
    )


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


REQUIRES = ("lifecycle",)


def register(server) -> None:
    server.watcher = make_watcher(server)

    async def on_initialized(ls) -> None:
        if ls.watcher is not None:
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
    server.hooks.shutdown.append(lambda ls: ls.watcher is not None and ls.watcher.stop())
    # Recall rescans before its next search (in-place edits keep folder mtimes unchanged).
    server.hooks.notes_changed.append(lambda ls, rels: ls.invalidate_recall())

    server.hooks.files_changed.append(_poke_on_note_events)


def _poke_on_note_events(ls, changes) -> None:
    """A file event under the memory home: poll now instead of at the next interval."""
    home = ls.store.home.as_uri()
    if ls.watcher is not None and any(change.uri.startswith(home) for change in changes):
        ls.watcher.poke()
