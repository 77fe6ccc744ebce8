"""Lifecycle: initialize (capabilities under ``experimental.memlsp``), initialized (pull
settings, then the ``initialized`` hooks), didChangeConfiguration (pull again),
didChangeWatchedFiles (the ``files_changed`` hooks), shutdown (cancel jobs, then the
``shutdown`` hooks) and exit. This module owns those LSP methods; other features subscribe
to ``server.hooks``, which is why every other feature requires this one.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading

from lsprotocol import types

from .. import messages

logger = logging.getLogger(__name__)

REQUIRES: tuple[str, ...] = ()


def capabilities(server) -> dict:
    """What the client learns about the memory protocol at initialize."""
    registered = set(server.protocol.fm.features)
    methods = sorted(
        name
        for name, m in messages.METHODS.items()
        if m.direction == "client->server" and name in registered
    )
    return {
        "memlsp": {
            "protocolVersion": messages.PROTOCOL_VERSION,
            "methods": methods,
            "notifications": sorted(
                n for n, m in messages.METHODS.items() if m.direction == "server->client"
            ),
            "commands": sorted(server.protocol.fm.commands),
        }
    }


def client_agent(name: str | None) -> str:
    """The ``agent`` recorded on notes this client's chat writes (R4): ``vscode`` for VS Code
    and its forks (and a client that does not say), else the client's own name, lower-case."""
    if not name or any(word in name.lower() for word in ("code", "codium")):
        return "vscode"
    return "-".join(name.lower().split())[:64]


def on_initialize(ls, params: types.InitializeParams) -> None:
    ls.loop = asyncio.get_running_loop()
    ls.configuration.from_initialize(params.initialization_options)
    ls.agent = client_agent(params.client_info.name if params.client_info else None)
    ls.jobs.max_queued = ls.settings.server.max_queued_jobs
    ls.configure_telemetry()
    ls.experimental_capabilities.update(capabilities(ls))


async def on_initialized(ls, params: types.InitializedParams) -> None:
    await ls.configuration.pull()
    if ls.configuration.error:
        ls.show(ls.configuration.error, warning=True)
    for hook in list(ls.hooks.initialized):
        try:
            await hook(ls)
        except Exception:  # noqa: BLE001 - one feature failing must not stop the others
            logger.exception("initialized hook %r failed", hook)
    ls.log(f"memlsp {ls.version}: memory home {ls.store.home}, rollout {ls.settings.rollout}")


async def on_did_change_configuration(ls, params: types.DidChangeConfigurationParams):
    if ls.configuration.client_can_pull():
        await ls.configuration.pull()
    else:
        ls.configuration.from_push(params.settings)


def on_did_change_watched_files(ls, params: types.DidChangeWatchedFilesParams) -> None:
    for hook in list(ls.hooks.files_changed):
        try:
            hook(ls, params.changes)
        except Exception:  # noqa: BLE001
            logger.exception("files_changed hook %r failed", hook)


def on_shutdown(ls, params: None) -> None:
    ls.jobs.cancel_all()
    ls.service.flush_writes(timeout=2.0)  # recall's session states still on their way
    ls.service.close()
    for task in ls.tasks.values():
        task.cancel()
    for hook in list(ls.hooks.shutdown):
        try:
            hook(ls)
        except Exception:  # noqa: BLE001
            logger.exception("shutdown hook %r failed", hook)


EXIT_GRACE_S = 3.0


def on_exit(ls, params: None) -> None:
    """Stop the jobs and leave. A job in the middle of CPU-bound work (a citation check, an
    index build) is asked to stop but cannot be interrupted; the interpreter would wait for
    its thread, so a watchdog ends the process after a grace period. That is safe: every
    write is atomic and a SIGKILL at any instant loses nothing (R6)."""
    ls.jobs.shutdown()
    ls.service.close()
    code = 0 if getattr(ls.protocol, "_shutdown", False) else 1
    watchdog = threading.Timer(EXIT_GRACE_S, os._exit, args=(code,))
    watchdog.daemon = True
    watchdog.start()


def register(server) -> None:
    server.feature(types.INITIALIZE)(on_initialize)
    server.feature(types.INITIALIZED)(on_initialized)
    server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(on_did_change_configuration)
    server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(on_did_change_watched_files)
    server.feature(types.SHUTDOWN)(on_shutdown)
    server.feature(types.EXIT)(on_exit)
