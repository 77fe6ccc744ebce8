"""Lifecycle: initialize (capabilities under ``experimental.memlsp``), initialized (pull
settings, then the ``initialized`` hooks), didChangeConfiguration (pull again), shutdown
(cancel jobs, then the ``shutdown`` hooks).

This module owns those LSP methods; other features subscribe to ``server.hooks``.
"""

from __future__ import annotations

import asyncio
import logging

from lsprotocol import types

from .. import messages

logger = logging.getLogger(__name__)


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


def register(server) -> None:
    @server.feature(types.INITIALIZE)
    def on_initialize(ls, params: types.InitializeParams) -> None:
        ls.loop = asyncio.get_running_loop()
        ls.settings_manager.from_initialize(params.initialization_options)
        ls.jobs.max_queued = ls.settings.server.max_queued_jobs
        ls.configure_telemetry()
        ls.experimental_capabilities.update(capabilities(ls))

    @server.feature(types.INITIALIZED)
    async def on_initialized(ls, params: types.InitializedParams) -> None:
        await ls.settings_manager.pull()
        if ls.settings_manager.error:
            ls.show(ls.settings_manager.error, warning=True)
        for hook in list(ls.hooks.initialized):
            try:
                await hook(ls)
            except Exception:  # noqa: BLE001 - one feature failing must not stop the others
                logger.exception("initialized hook %r failed", hook)
        ls.log(f"memlsp {ls.version}: memory home {ls.store.home}, rollout {ls.settings.rollout}")

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def on_did_change_configuration(ls, params: types.DidChangeConfigurationParams):
        if ls.settings_manager.client_can_pull():
            await ls.settings_manager.pull()
        else:
            ls.settings_manager.from_push(params.settings)

    @server.feature(types.SHUTDOWN)
    def on_shutdown(ls, params: None) -> None:
        ls.jobs.cancel_all()
        for hook in list(ls.hooks.shutdown):
            try:
                hook(ls)
            except Exception:  # noqa: BLE001
                logger.exception("shutdown hook %r failed", hook)

    @server.feature(types.EXIT)
    def on_exit(ls, params: None) -> None:
        ls.jobs.shutdown()
