"""The memory language server: a factory that assembles it from feature modules (SPEC R28).

``create_server(features=...)`` builds a fresh :class:`MemoryLanguageServer` (no
module-global server) and calls ``register(server)`` of each feature module in order.
A feature module registers its pygls handlers and subscribes to the server's hooks;
several features may react to the same LSP event through the hooks, because pygls allows a
single handler per method (the lifecycle feature owns initialize/initialized/shutdown/
didChangeConfiguration and fans them out):

``hooks.initialized``        async fn(server) — after settings were pulled
``hooks.shutdown``           fn(server)
``hooks.notes_changed``      fn(server, scope_rels) — notes changed on disk (any process)
``hooks.files_changed``      fn(server, events) — workspace/didChangeWatchedFiles events
``settings_manager.subscribe(fn(old, new))``

Blocking core calls from request handlers go through :meth:`run_blocking`, which keeps them
off the event loop and bounds how many run at once (``server.maxInFlightRequests``; beyond
it a request is answered ``data.reason = "busy"``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..core import telemetry
from ..core.errors import MemlspError
from ..core.identity import ProjectId, resolve_project
from ..core.models import make_provider
from ..core.recall import (
    ModelSelector,
    Recaller,
    checker_stale_check,
    file_stale_check,
    settings_kwargs,
)
from ..core.settings import Settings
from ..core.store import Scope, Store
from . import core_bridge, errors, messages
from .bridge import LspEditorBridge
from .jobs import JobRunner
from .protocol import MemoryProtocol, make_converter
from .sessions import Sessions
from .settings import SettingsManager

logger = logging.getLogger(__name__)


@dataclass
class Hooks:
    initialized: list[Callable] = field(default_factory=list)
    shutdown: list[Callable] = field(default_factory=list)
    notes_changed: list[Callable] = field(default_factory=list)
    files_changed: list[Callable] = field(default_factory=list)


class MemoryLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "memlsp",
            __version__,
            protocol_cls=MemoryProtocol,
            converter_factory=make_converter,
            max_workers=4,
        )
        self.loop: asyncio.AbstractEventLoop | None = None
        self.hooks = Hooks()
        self.settings_manager = SettingsManager(self)
        self.jobs = JobRunner(self)
        self.sessions = Sessions()
        self.bridge = LspEditorBridge(self)
        self.feature_names: list[str] = []
        # Merged into capabilities.experimental at initialize (see MemoryProtocol).
        self.experimental_capabilities: dict[str, Any] = {}
        self._stores: dict[Path, Store] = {}
        self._projects: dict[Path, ProjectId] = {}
        self._projects_lock = threading.Lock()
        self._recallers: dict[tuple[str, str], Recaller] = {}
        self._in_flight = 0
        self.settings_manager.subscribe(self._on_settings)

    # ---- state -----------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.settings_manager.current

    @property
    def store(self) -> Store:
        home = self.settings.memory_home()
        store = self._stores.get(home)
        if store is None:
            store = self._stores[home] = Store(home)
        return store

    def configure_telemetry(self) -> None:
        """R27: the local sink when ``telemetry.enabled``; LSP ``telemetry/event`` as well
        only when the editor's own telemetry is on too."""
        settings = self.settings
        forward = settings.telemetry.enabled and settings.telemetry.editor_enabled
        telemetry.configure_from_settings(
            settings, self.store.home, forwarder=self._forward_event if forward else None
        )

    def _forward_event(self, event: dict) -> None:
        # emit() may run on a worker thread; notifications go out from the event loop.
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.protocol.notify, "telemetry/event", event)

    def _on_settings(self, old: Settings, new: Settings) -> None:
        self.jobs.max_queued = new.server.max_queued_jobs
        if old.telemetry != new.telemetry or old.home != new.home:
            self.configure_telemetry()
        if old.model != new.model or old.home != new.home or old.recall != new.recall:
            with self._projects_lock:
                # the next recall builds a new Recaller: a new selector, home or recall.*
                # settings (weights, gates, embedder, glossary) take effect at once
                self._recallers.clear()

    def client_capabilities_or_none(self) -> types.ClientCapabilities | None:
        return getattr(self.protocol, "client_capabilities", None)

    def client_supports_progress(self) -> bool:
        caps = self.client_capabilities_or_none()
        window = getattr(caps, "window", None)
        return bool(getattr(window, "work_done_progress", False))

    def model_bridge(self):
        """The EditorBridge when the ``editor`` provider is configured, else None."""
        return self.bridge if self.settings.model.provider == "editor" else None

    # ---- workspace -> scopes ------------------------------------------------------------------
    def workspace_folders(self) -> list[Path]:
        try:
            workspace = self.workspace
        except RuntimeError:
            return []
        folders = [Path(to_fs_path(f.uri)) for f in workspace.folders.values() if f.uri]
        if not folders and workspace.root_path:
            folders = [Path(workspace.root_path)]
        return folders

    def workspace_folder(self, workspace: str | None) -> Path:
        """A session's folder: its ``workspace`` (path or file:// URI), else the first
        workspace folder, else the server's working directory."""
        if workspace:
            path = to_fs_path(workspace) if workspace.startswith("file:") else workspace
            if path:
                return Path(path)
            raise MemlspError(f"cannot use workspace {workspace!r}", reason="invalid-workspace")
        folders = self.workspace_folders()
        return folders[0] if folders else Path.cwd()

    def project_scope(self, workspace: str | None = None) -> Scope:
        folder = self.workspace_folder(workspace).absolute()
        with self._projects_lock:
            project = self._projects.get(folder)
        if project is None:
            project = resolve_project(folder)  # runs git: cached per folder
            with self._projects_lock:
                self._projects[folder] = project
        return self.store.project_scope(project=project)

    def session_scopes(self, workspace: str | None = None) -> list[Scope]:
        return [self.project_scope(workspace), self.store.global_scope()]

    def scopes_named(self, scope: str | None, workspace: str | None = None) -> list[Scope]:
        """``None``/``all`` -> every scope; ``project``/``global``; or a home-relative folder."""
        store = self.store
        if scope in (None, "", "all"):
            return store.scopes()
        if scope == "global":
            return [store.global_scope()]
        if scope == "project":
            return [self.project_scope(workspace)]
        found = [s for s in store.scopes() if s.rel == scope.strip("/")]
        if not found:
            raise errors.invalid_params(
                f"unknown scope {scope!r}: use all, project, global or a scope folder "
                "such as projects/<host>/<owner>/<repo>",
                reason="unknown-scope",
            )
        return found

    def recaller(self, workspace: str | None = None) -> Recaller:
        """The long-lived Recaller of a workspace (project + global scopes), one per project
        scope and memory home; its retrieval index syncs incrementally from the files."""
        scope = self.project_scope(workspace)
        key = (str(self.store.home), scope.rel)
        with self._projects_lock:
            recaller = self._recallers.get(key)
        if recaller is None:
            root = self._projects.get(self.workspace_folder(workspace).absolute())
            folder = (
                root.root if root is not None and root.root else None
            ) or self.workspace_folder(workspace)
            recaller = Recaller(
                self.store,
                scope,  # not created here: recall only reads (writes create the folders)
                selector=self._selector(),
                stale_check=self._stale_check(folder),
                **settings_kwargs(self.settings.recall),
            )
            with self._projects_lock:
                recaller = self._recallers.setdefault(key, recaller)
        return recaller

    def _stale_check(self, folder: Path):
        """R19 at recall time: the warm citation checker of the folder when there is one
        (files, symbols, git renames), else a check of cited files alone. Decided per call:
        the Recaller outlives the start-up check."""
        fallback = file_stale_check(folder)

        def check(entry):
            service = getattr(self, "citations", None)
            checker = service.checker_for_folder(folder) if service is not None else None
            if checker is not None:
                return checker_stale_check(checker)(entry)
            return fallback(entry)

        return check

    def _selector(self):
        """R15's model selector when a model provider is configured, else None (hybrid)."""
        if self.settings.model.provider == "offline":
            return None
        provider = make_provider(self.settings, bridge=self.model_bridge(), purpose="select")
        return ModelSelector(provider, timeout=self.settings.model.timeout_seconds)

    def invalidate_recall(self) -> None:
        """Notes changed on disk: every Recaller rescans — now, on a worker thread, so the
        next ``memory/recall`` does not pay for the rescan on the chat's critical path (a
        recall arriving meanwhile searches the index as it was, see Recaller.refresh)."""
        with self._projects_lock:
            recallers = list(self._recallers.values())
        for recaller in recallers:
            recaller.invalidate()
            if self.loop is not None and self.loop.is_running():
                future = self.loop.run_in_executor(None, core_bridge.warm_recaller, recaller)
                future.add_done_callback(_log_refresh_failure)

    def watched_scopes(self) -> list[Scope]:
        scopes: dict[str, Scope] = {}
        store = self.store
        glob = store.global_scope()
        scopes[glob.rel] = glob
        workspaces: list[str | None] = [str(f) for f in self.workspace_folders()]
        workspaces += [s.workspace for s in list(self.sessions._items.values()) if s.workspace]
        for ws in workspaces:
            with contextlib.suppress(Exception):
                scope = self.project_scope(ws)
                scopes[scope.rel] = scope
        return list(scopes.values())

    # ---- running core code ---------------------------------------------------------------------
    async def run_blocking(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a blocking core call on a worker thread; map core errors to JSON-RPC errors."""
        limit = self.settings.server.max_in_flight_requests
        if self._in_flight >= limit:
            raise errors.busy(f"{self._in_flight} requests in flight")
        self._in_flight += 1
        try:
            return await asyncio.to_thread(fn, *args, **kwargs)
        except MemlspError as exc:
            raise errors.from_core(exc) from exc
        except JsonRpcException:
            raise
        except OSError as exc:
            # The memory home changed under us (deleted folder, a directory where a note
            # was...): a clear error for this request, the server keeps serving.
            logger.warning("file system error: %s", exc)
            raise errors.rpc_error(
                "io-error", f"file system error: {exc.strerror or exc}", path=str(exc.filename)
            ) from exc
        finally:
            self._in_flight -= 1

    # ---- talking to the client ----------------------------------------------------------------
    def notify_job(self, params: messages.JobStatusParams) -> None:
        self.protocol.notify("memory/jobStatus", params)

    def notify_notes_changed(self, scope_rels: Iterable[str]) -> None:
        self.protocol.notify(
            "memory/notesChanged", messages.NotesChangedParams(scopes=sorted(scope_rels))
        )

    def log(self, message: str, *, error: bool = False, warning: bool = False) -> None:
        kind = (
            types.MessageType.Error
            if error
            else types.MessageType.Warning
            if warning
            else types.MessageType.Info
        )
        with contextlib.suppress(Exception):
            self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def show(self, message: str, *, warning: bool = False) -> None:
        kind = types.MessageType.Warning if warning else types.MessageType.Info
        with contextlib.suppress(Exception):
            self.window_show_message(types.ShowMessageParams(type=kind, message=message))

    def report_server_error(self, error: Exception, source) -> None:
        """Out-of-band errors go to the log (stderr and window/logMessage), not to pop-ups: a
        misbehaving client must not be able to flood the person with messages."""
        import json

        if isinstance(error, json.JSONDecodeError | UnicodeDecodeError):
            # Unparsable message: JSON-RPC says answer ParseError with a null id.
            err = errors.rpc_error("parse-error", f"cannot parse message: {error}", code=-32700)
            with contextlib.suppress(Exception):
                self.protocol._send_response(None, error=err.to_response_error())
            return
        if getattr(source, "__name__", "") == "FeatureRequestError":
            return  # already answered to the requester as a JSON-RPC error
        logger.error("%s: %s", getattr(source, "__name__", source), error)
        self.log(f"memlsp: internal error: {error}", error=True)


def _log_refresh_failure(future) -> None:
    exc = None if future.cancelled() else future.exception()
    if exc is not None:
        logger.warning("background recall refresh failed: %s", exc)


class _QuietExpectedErrors(logging.Filter):
    """pygls logs a traceback for every error response, and for params it could not
    structure. Ours carry a reason and were answered: keep stderr for real failures."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == "Unable to deserialize message\n%s":
            return False
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, JsonRpcException):
            reason = exc.data.get("reason") if isinstance(exc.data, dict) else None
            return reason in (None, "internal")
        return True


def _install_log_filter() -> None:
    pygls_logger = logging.getLogger("pygls.protocol.json_rpc")
    if not any(isinstance(f, _QuietExpectedErrors) for f in pygls_logger.filters):
        pygls_logger.addFilter(_QuietExpectedErrors())


def default_features() -> list[ModuleType]:
    from .features import (
        code_actions,
        commands,
        diagnostics,
        dreaming,
        hover,
        lifecycle,
        requests,
        watching,
    )

    return [lifecycle, requests, commands, watching, dreaming, diagnostics, hover, code_actions]


def create_server(features: Iterable[ModuleType] | None = None) -> MemoryLanguageServer:
    """A new server with the given feature modules (default: all of them, lifecycle first)."""
    _install_log_filter()
    server = MemoryLanguageServer()
    for module in default_features() if features is None else features:
        module.register(server)
        server.feature_names.append(module.__name__.rsplit(".", 1)[-1])
    return server
