"""The memory language server: a factory that assembles it from feature modules (SPEC R28).

``create_server(features=...)`` builds a fresh :class:`MemoryLanguageServer` (no
module-global server) and calls ``register(server)`` of each feature module in order. A
feature module names the features it needs in ``REQUIRES``; a list that lacks one is
refused here, at construction, with :class:`FeatureError` — never by an internal error at
the first request. Several features may react to one LSP event through the server's hooks,
because pygls allows a single handler per method (the lifecycle feature owns initialize,
initialized, didChangeConfiguration, didChangeWatchedFiles and shutdown and fans them out):

``hooks.initialized``        async fn(server) — after settings were pulled
``hooks.shutdown``           fn(server)
``hooks.notes_changed``      fn(server, scope_rels) — notes changed on disk (any process)
``hooks.files_changed``      fn(server, events) — workspace/didChangeWatchedFiles events
``configuration.subscribe(fn(old, new))``

The server is the typed context every handler receives: the memory service (all use
cases), the settings, the job runner, the model bridge, and one slot per optional feature
(``watcher``, ``citations``) that is None when that feature is not assembled. Blocking
service calls from handlers go through :meth:`run_blocking`, which keeps them off the
event loop and bounds how many run at once (``server.maxInFlightRequests``; beyond it a
request is answered ``data.reason = "busy"``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..core.errors import MemlspError
from ..core.service import MemoryService, warm_recaller
from ..core.settings import Settings
from . import errors, messages
from .configuration import Configuration
from .jobs import JobRunner
from .model_bridge import LspEditorBridge
from .protocol import MemoryProtocol, make_converter

if TYPE_CHECKING:
    from ..core.service import ScopeWatcher
    from .features.diagnostics import CitationService

logger = logging.getLogger(__name__)


@dataclass
class Hooks:
    initialized: list[Callable] = field(default_factory=list)
    shutdown: list[Callable] = field(default_factory=list)
    notes_changed: list[Callable] = field(default_factory=list)
    files_changed: list[Callable] = field(default_factory=list)


# How long deferred start-up work waits for the first diagnostics at most.
FIRST_DIAGNOSTICS_WAIT_S = 10.0


class FeatureError(ValueError):
    """A feature list that cannot work: a feature it names needs another that is missing."""


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
        self.configuration = Configuration(self)
        self.jobs = JobRunner(self)
        self.bridge = LspEditorBridge(self)
        self.service = MemoryService(
            self.configuration.current, editor=self.bridge, default_folder=self.default_folder
        )
        self.service.defer_state_writes = True  # no file I/O on a chat turn's recall
        self.service.use_worker_process = True  # jobs' CPU work off the GIL (ADR 0006)
        self.feature_names: list[str] = []
        # R4 provenance of the notes this server writes: "vscode", or the client's own name
        # (initialize clientInfo) for other editors.
        self.agent = "vscode"
        # Optional features fill their slot when assembled; None means "not in this server".
        self.watcher: ScopeWatcher | None = None
        self.citations: CitationService | None = None
        self.tasks: dict[str, asyncio.Task] = {}  # named background tasks (warm-up, gate)
        # Merged into capabilities.experimental at initialize (see MemoryProtocol).
        self.experimental_capabilities: dict[str, Any] = {}
        self._in_flight = 0
        self.transport_closed = False  # set once sending to the client has failed for good
        self.configuration.subscribe(self._on_settings)

    # ---- state -----------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.configuration.current

    @property
    def store(self):
        return self.service.store

    def configure_telemetry(self) -> None:
        """R27: the local sink; LSP ``telemetry/event`` too when the editor's is on."""
        self.service.configure_telemetry(forwarder=self._forward_event)

    def _forward_event(self, event: dict) -> None:
        # emit() may run on a worker thread; notifications go out from the event loop.
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.protocol.notify, "telemetry/event", event)

    def _on_settings(self, old: Settings, new: Settings) -> None:
        self.jobs.max_queued = new.server.max_queued_jobs
        self.service.update_settings(new)
        if old.telemetry != new.telemetry or old.home != new.home:
            self.configure_telemetry()

    def client_capabilities_or_none(self) -> types.ClientCapabilities | None:
        return getattr(self.protocol, "client_capabilities", None)

    def client_supports_progress(self) -> bool:
        caps = self.client_capabilities_or_none()
        window = getattr(caps, "window", None)
        return bool(getattr(window, "work_done_progress", False))

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

    def default_folder(self) -> Path:
        """A session without a workspace of its own: the first workspace folder, else the
        server's working directory."""
        folders = self.workspace_folders()
        return folders[0] if folders else Path.cwd()

    @staticmethod
    def workspace_path(workspace: str | None) -> str | None:
        """A session's ``workspace`` (a path or a file:// URI) as a path."""
        if not workspace:
            return None
        path = to_fs_path(workspace) if workspace.startswith("file:") else workspace
        if not path:
            raise MemlspError(f"cannot use workspace {workspace!r}", reason="invalid-workspace")
        return path

    def watched_scopes(self) -> list:
        """The scopes this server serves: global, each workspace folder's project, and the
        project of each chat session's workspace."""
        service = self.service
        scopes = {service.store.global_scope().rel: service.store.global_scope()}
        folders = [str(f) for f in self.workspace_folders()] + service.session_workspaces()
        for folder in folders:
            with contextlib.suppress(Exception):
                scope = service.project_scope(folder)
                scopes[scope.rel] = scope
        return list(scopes.values())

    def invalidate_recall(self) -> None:
        """Notes changed on disk: every Recaller rescans — now, on a worker thread, so the
        next ``memory/recall`` does not pay for the rescan on the chat's critical path."""
        for recaller in self.service.notes_changed_elsewhere():
            if self.loop is not None and self.loop.is_running():
                self.warm_soon(recaller)

    def warm_soon(self, recaller) -> asyncio.Future:
        """Sync ``recaller`` and load its index on a worker thread (call on the event loop)."""
        loop = asyncio.get_running_loop() if self.loop is None else self.loop
        future = loop.run_in_executor(None, warm_recaller, recaller)
        future.add_done_callback(_log_refresh_failure)
        return future

    async def after_first_diagnostics(self, timeout: float = FIRST_DIAGNOSTICS_WAIT_S) -> None:
        """Wait until the first citation diagnostics are out (or the start-up check ended),
        at most ``timeout`` seconds: start-up work the editor does not show at once (model
        loading, sweeping, the dream gate) must not compete with them for the CPU and the
        GIL (SPEC §13: first diagnostics ≤ 1.5 s). Without the diagnostics feature, no wait."""
        citations = self.citations
        if citations is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(citations.first_diagnostics.wait(), timeout)

    # ---- running core code ---------------------------------------------------------------------
    async def run_blocking(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a blocking core call on a worker thread; map core errors to JSON-RPC errors."""
        limit = self.settings.server.max_in_flight_requests
        if self._in_flight >= limit:
            raise errors.busy(f"{self._in_flight} requests in flight")
        self._in_flight += 1
        try:
            if not logger.isEnabledFor(logging.DEBUG):
                return await asyncio.to_thread(fn, *args, **kwargs)
            return await _timed(fn, *args, **kwargs)
        except MemlspError as exc:
            raise errors.from_core(exc) from exc
        except JsonRpcException:
            raise
        except OSError as exc:
            # The memory home changed under us (deleted folder, a directory where a note
            # was...): a clear error for this request, the server keeps serving.
            logger.warning("file system error: %s", exc)
            raise errors.rpc_error(
                "io-error",
                f"file system error: {exc.strerror or exc}",
                path=errors.clip(str(exc.filename)),
            ) from exc
        finally:
            self._in_flight -= 1

    # ---- talking to the client ----------------------------------------------------------------
    def notify_job(self, params: messages.JobStatusParams) -> None:
        if not self.transport_closed:
            self.protocol.notify("memory/jobStatus", params)

    def notify_notes_changed(self, scope_rels: Iterable[str]) -> None:
        self.protocol.notify(
            "memory/notesChanged", messages.NotesChangedParams(scopes=sorted(scope_rels))
        )

    def log(self, message: str, *, error: bool = False, warning: bool = False) -> None:
        if self.transport_closed:
            logger.info("%s", message)
            return
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

    def start_io(self, stdin=None, stdout=None) -> int:  # type: ignore[override]
        """Serve over stdio through the hardened framing (:mod:`.framing`); the process's exit
        code: 0 after ``shutdown`` then ``exit``, 1 for ``exit`` alone."""
        import sys
        import threading

        from pygls.io_ import StdoutWriter

        from .framing import Framing

        self._stop_event = threading.Event()
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        framing = Framing(self.protocol, max_bytes=lambda: self.settings.server.max_message_bytes)
        try:
            asyncio.run(framing.run(self._stop_event, stdin or sys.stdin.buffer))
        except BrokenPipeError:
            logger.info("the client's stream is closed: shutting down")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()
        return framing.exit_code

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
        if _transport_gone(error):
            # The client went away (exit, a closed pipe): reporting it through the same
            # closed stream would fail and be reported again, forever. Say it once.
            if not self.transport_closed:
                self.transport_closed = True
                logger.info("the client's stream is closed: %s", error)
            return
        logger.error("%s: %s", getattr(source, "__name__", source), error)
        self.log(f"memlsp: internal error: {error}", error=True)


async def _timed(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``asyncio.to_thread(fn, ...)`` with one debug line: wall time, the wait for a worker
    thread, and the CPU time of the call itself (a slow request with little CPU waited for the
    GIL or a core; one with much CPU did the work)."""
    asked = time.perf_counter()
    spent: list[float] = []

    def call() -> Any:
        spent.append(time.perf_counter())
        cpu = time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent.append(time.thread_time() - cpu)

    try:
        return await asyncio.to_thread(call)
    finally:
        if len(spent) == 2:
            logger.debug(
                "%s: %.1f ms (%.1f ms waiting for a thread, %.1f ms CPU)",
                getattr(fn, "__name__", fn),
                (time.perf_counter() - asked) * 1000,
                (spent[0] - asked) * 1000,
                spent[1] * 1000,
            )


def _transport_gone(error: Exception) -> bool:
    if isinstance(error, BrokenPipeError | ConnectionError):
        return True
    return isinstance(error, ValueError) and "closed file" in str(error)


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


def features_named(names: Iterable[str]) -> list[ModuleType]:
    """Feature modules by name (``lifecycle``, ``requests``…), for a server with fewer."""
    by_name = {m.__name__.rsplit(".", 1)[-1]: m for m in default_features()}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise FeatureError(f"unknown feature(s) {unknown}: choose from {sorted(by_name)}")
    return [by_name[n] for n in names]


def create_server(features: Iterable[ModuleType] | None = None) -> MemoryLanguageServer:
    """A new server with the given feature modules (default: all of them, lifecycle first).
    Refuses, with :class:`FeatureError`, a list in which a feature lacks one it requires."""
    modules = list(default_features() if features is None else features)
    names = [m.__name__.rsplit(".", 1)[-1] for m in modules]
    for module, name in zip(modules, names, strict=True):
        missing = [r for r in getattr(module, "REQUIRES", ()) if r not in names]
        if missing:
            raise FeatureError(
                f"feature {name!r} needs {', '.join(repr(m) for m in missing)}: "
                f"add {'it' if len(missing) == 1 else 'them'} to the feature list"
            )
    _install_log_filter()
    server = MemoryLanguageServer()
    for module, name in zip(modules, names, strict=True):
        module.register(server)
        server.feature_names.append(name)
    return server
