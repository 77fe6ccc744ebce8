"""Settings glue (SPEC §11): one typed :class:`memlsp.core.settings.Settings` for the server.

Layers, lowest first: initializationOptions (either the ``memlsp`` section itself or an
object holding it under ``memlsp``), then ``workspace/configuration`` section ``memlsp``
(pulled after ``initialized`` when the client supports it, and pulled again on every
``workspace/didChangeConfiguration``; a client without pull support may push the section in
the notification's ``settings``), then the environment (``MEMLSP_*``). Invalid values are
reported to the person (window/showMessage) and the previous settings stay in force.
Listeners get ``(old, new)`` when the merged result changes.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Mapping
from typing import Any

from lsprotocol import types

from ..core.settings import Settings, load_settings

logger = logging.getLogger(__name__)

SECTION = "memlsp"
PULL_TIMEOUT_S = 5.0

Listener = Callable[[Settings, Settings], None]


def _section(value: Any) -> dict:
    """The memlsp section of a settings object that may or may not be wrapped in it."""
    if not isinstance(value, Mapping):
        return {}
    inner = value.get(SECTION)
    if isinstance(inner, Mapping):
        return dict(inner)
    return dict(value)


class Configuration:
    def __init__(self, server, env: Mapping[str, str] | None = None) -> None:
        self._server = server
        self._env = os.environ if env is None else env
        self.init_options: dict = {}
        self.workspace_config: dict = {}
        self.error: str | None = None
        try:
            self.current = load_settings(env=self._env)
        except ValueError as exc:
            self.error = f"invalid memlsp environment settings: {exc}"
            logger.error("%s", self.error)
            self.current = Settings()
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def client_can_pull(self) -> bool:
        caps = self._server.client_capabilities_or_none()
        workspace = getattr(caps, "workspace", None)
        return bool(getattr(workspace, "configuration", False))

    def from_initialize(self, options: Any) -> None:
        self.init_options = _section(options)
        self._apply("initializationOptions")

    def from_push(self, settings: Any) -> None:
        if isinstance(settings, Mapping) and isinstance(settings.get(SECTION), Mapping):
            self.workspace_config = dict(settings[SECTION])
            self._apply("didChangeConfiguration")

    async def pull(self) -> None:
        if not self.client_can_pull():
            return
        params = types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
        try:
            result = await asyncio.wait_for(
                self._server.workspace_configuration_async(params), PULL_TIMEOUT_S
            )
        except Exception as exc:  # noqa: BLE001 - keep the settings we have
            logger.warning("workspace/configuration failed: %s", exc)
            return
        value = result[0] if isinstance(result, list | tuple) and result else None
        self.workspace_config = _section(value) if isinstance(value, Mapping) else {}
        self._apply("workspace/configuration")

    def _apply(self, source: str) -> None:
        try:
            new = load_settings(self.init_options, self.workspace_config, self._env)
        except ValueError as exc:
            self.error = f"invalid memlsp settings from {source}: {exc}"
            logger.warning("%s", self.error)
            self._server.show(self.error + " (keeping the previous settings)", warning=True)
            return
        self.error = None
        old, self.current = self.current, new
        if new != old:
            logger.info("settings changed: %s", new)
            for listener in list(self._listeners):
                try:
                    listener(old, new)
                except Exception:  # noqa: BLE001
                    logger.exception("settings listener failed")
