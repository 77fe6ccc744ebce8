"""The state every use case of the memory service shares: settings, the memory home's
store, project scopes per folder, one long-lived Recaller per project scope, which folder
each chat session belongs to, and what must happen after the service writes.

Index freshness has two drivers and no others: the service's own writes (``_written``:
the Recallers covering the scope sync on the writer's thread, so the next recall finds the
note) and notes changed by other processes (``notes_changed_elsewhere``, called by a
surface that watches the home). Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from .. import telemetry
from ..errors import InvalidRequestError
from ..identity import ProjectId, resolve_project
from ..notes import AGENT_NAME
from ..rollout import Decision, EntryPoint, decide, require
from ..runtime import EditorBridge
from ..settings import Settings, load_settings
from ..store import Entry, Scope, Store

if TYPE_CHECKING:  # imported where used: recall loads numpy and the embedders (start-up)
    from ..recall import ModelSelector, Recaller
    from ..worker import WorkerProcess

log = logging.getLogger(__name__)

MAX_SESSIONS = 4096

CheckerLookup = Callable[[Path], object | None]


class ServiceBase:
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        editor: EditorBridge | None = None,
        default_folder: Callable[[], Path] = Path.cwd,
    ) -> None:
        self._settings = settings if settings is not None else load_settings()
        self._editor = editor
        self.default_folder = default_folder
        # The warm citation checker of a folder, when a surface keeps one (the language
        # server's diagnostics); recall then flags stale symbols too, not only files (R19).
        self.checker_lookup: CheckerLookup | None = None
        self._stores: dict[tuple[Path, tuple[str, ...]], Store] = {}
        self._projects: dict[Path, ProjectId] = {}
        self._recallers: dict[tuple[str, str], Recaller] = {}
        self._sessions: collections.OrderedDict[str, str | None] = collections.OrderedDict()
        self.max_sessions = MAX_SESSIONS
        # A long-lived surface (the language server) sets this: recall's session state is
        # written on a writer thread, off the chat's critical path (see core.sessions).
        self.defer_state_writes = False
        # ...and runs the CPU-heavy part of jobs (offline extraction, reindexing) in a worker
        # process, not on its own threads, which share the GIL with its requests (ADR 0006).
        self.use_worker_process = False
        self._worker: WorkerProcess | None = None
        self._lock = threading.Lock()

    # ---- settings ---------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self._settings

    def update_settings(self, new: Settings) -> None:
        """New effective settings: a new selector, home or ``recall.*`` values take effect at
        the next recall (its Recaller is rebuilt)."""
        old, self._settings = self._settings, new
        if (old.model, old.home, old.recall, old.extra_scopes) != (
            new.model,
            new.home,
            new.recall,
            new.extra_scopes,
        ):
            with self._lock:
                self._recallers.clear()

    def configure_telemetry(self, forwarder: Callable[[dict], None] | None = None) -> None:
        """R27: the local sink when ``telemetry.enabled``; ``forwarder`` (the editor's own
        channel) only when the editor's telemetry is on too."""
        settings = self._settings
        forward = settings.telemetry.enabled and settings.telemetry.editor_enabled
        telemetry.configure_from_settings(
            settings, self.store.home, forwarder=forwarder if forward else None
        )

    def decide(self, entry_point: EntryPoint, *, record: bool = True) -> Decision:
        """The rollout decision of one entry point (R25): one telemetry event per call."""
        return decide(entry_point, self._settings, record=record)

    def require(self, entry_point: EntryPoint) -> Decision:
        """For what a person asks for on purpose: refused only under managed ``off``."""
        return require(entry_point, self._settings)

    def require_writes(self) -> None:
        """For an adapter about to write on a person's behalf (an import, say): refused,
        before anything is touched, when managed settings say off."""
        self.require(EntryPoint.REMEMBER)

    def automatic_recall_runs(self) -> bool:
        """Whether per-turn recall runs at all at this rollout level (a surface asks before
        warming recall up: at ``off`` nothing in the memory home is touched)."""
        return self.decide(EntryPoint.INJECTION).run

    def model_bridge(self) -> EditorBridge | None:
        return self._editor if self._settings.model.provider == "editor" else None

    def provider(self, purpose: str | None = None):
        kwargs = {"purpose": purpose} if purpose else {}
        from ..models import make_provider

        return make_provider(self._settings, bridge=self.model_bridge(), **kwargs)

    # ---- the home and its scopes ---------------------------------------------------------------
    @property
    def store(self) -> Store:
        home = self._settings.memory_home()
        mounts = self._settings.extra_scopes
        with self._lock:
            store = self._stores.get((home, mounts))
            if store is None:
                store = self._stores[(home, mounts)] = Store(home, mounts)
            store.history_days = self._settings.retention.history_days
            # managed off: nothing in the home is written, not even a cache (ADR 0004)
            store.write_parse_cache = not self._settings.managed.off
        return store

    def folder(self, workspace: str | Path | None = None) -> Path:
        return Path(workspace) if workspace else self.default_folder()

    def project(self, workspace: str | Path | None = None) -> ProjectId:
        folder = self.folder(workspace).absolute()
        with self._lock:
            project = self._projects.get(folder)
        if project is None:
            project = resolve_project(folder)  # runs git: cached per folder
            with self._lock:
                self._projects[folder] = project
        return project

    def project_scope(self, workspace: str | Path | None = None) -> Scope:
        return self.store.project_scope(project=self.project(workspace))

    def session_scopes(self, workspace: str | Path | None = None) -> list[Scope]:
        """What a chat session reads: its project, global, and the mounted memory folders."""
        store = self.store
        return [self.project_scope(workspace), store.global_scope(), *store.mounted_scopes()]

    def scopes_named(self, name: str | None, workspace: str | Path | None = None) -> list[Scope]:
        """``None``/``all`` → every scope; ``project``; ``global``; or a home-relative folder."""
        store = self.store
        if name in (None, "", "all"):
            return store.scopes()
        if name == "global":
            return [store.global_scope()]
        if name == "project":
            return [self.project_scope(workspace)]
        found = [s for s in store.scopes() if s.rel == name.strip("/")]
        if not found:
            raise InvalidRequestError(
                f"unknown scope {name!r}: use all, project, global or a scope folder "
                "such as projects/<host>/<owner>/<repo>",
                reason="unknown-scope",
            )
        return found

    # ---- chat sessions: which folder each belongs to (a bounded LRU) ----------------------------
    def _bind_session(self, session_id: str, workspace: str | None, *, restart: bool) -> None:
        with self._lock:
            if restart:
                self._sessions.pop(session_id, None)
            if session_id in self._sessions:
                self._sessions.move_to_end(session_id)
                if workspace and not self._sessions[session_id]:
                    self._sessions[session_id] = workspace
                return
            self._sessions[session_id] = workspace
            while len(self._sessions) > self.max_sessions:
                self._sessions.popitem(last=False)

    def session_workspace(self, session_id: str, workspace: str | None = None) -> str | None:
        """The folder a session belongs to (a session never seen to start: the default)."""
        self._bind_session(session_id, workspace, restart=False)
        with self._lock:
            return self._sessions.get(session_id)

    def _end_session(self, session_id: str) -> str | None:
        with self._lock:
            return self._sessions.pop(session_id, None)

    def session_workspaces(self) -> list[str]:
        with self._lock:
            return [w for w in self._sessions.values() if w]

    # ---- recall ---------------------------------------------------------------------------------
    def recaller(self, workspace: str | Path | None = None) -> Recaller:
        """The long-lived Recaller of a folder (project + global scopes), one per project
        scope and memory home; its retrieval index syncs incrementally from the files."""
        scope = self.project_scope(workspace)
        key = (str(self.store.home), scope.rel)
        with self._lock:
            recaller = self._recallers.get(key)
        if recaller is not None:
            return recaller
        project = self.project(workspace)
        folder = project.root or self.folder(workspace)
        from ..recall import Recaller

        recaller = Recaller(
            self.store,
            scope,  # not created here: recall only reads (writes create the folders)
            selector=self._selector(),
            stale_check=self._stale_check(Path(folder)),
            params=self._settings.recall,
        )
        recaller.defer_state_writes = self.defer_state_writes
        with self._lock:
            return self._recallers.setdefault(key, recaller)

    def existing_recaller(self, workspace: str | Path | None = None) -> Recaller | None:
        """The folder's Recaller if one was made (a started session at a rollout level
        where recall runs has one); never makes one."""
        key = (str(self.store.home), self.project_scope(workspace).rel)
        with self._lock:
            return self._recallers.get(key)

    def _stale_check(self, folder: Path) -> Callable[[Entry], list[dict]]:
        """R19 at recall time: the warm citation checker of the folder when a surface keeps
        one (files, symbols, git renames), else a check of cited files alone; decided per
        call, since the Recaller outlives the start-up check."""
        from ..recall import checker_stale_check, file_stale_check

        fallback = file_stale_check(folder)

        def check(entry: Entry) -> list[dict]:
            checker = self.checker_lookup(folder) if self.checker_lookup else None
            if checker is not None:
                return checker_stale_check(checker)(entry)
            return fallback(entry)

        return check

    def _selector(self) -> ModelSelector | None:
        """R15's model selector when a model provider is configured, else None (hybrid)."""
        if self._settings.model.provider == "offline":
            return None
        from ..recall import ModelSelector

        return ModelSelector(self.provider("select"), timeout=self._settings.model.timeout_seconds)

    def recallers(self) -> list[Recaller]:
        with self._lock:
            return list(self._recallers.values())

    # ---- freshness after writes ---------------------------------------------------------------
    def _written(self, scopes: Iterable[Scope | str], *, warm: bool = True) -> None:
        """The service changed notes in ``scopes``: the Recallers reading them sync now, on
        the writer's thread, so the next recall on the chat's critical path finds them."""
        rels = {s.rel if isinstance(s, Scope) else s for s in scopes}
        for recaller in self.recallers():
            if rels & {s.rel for s in recaller.scopes}:
                recaller.invalidate()
                if warm:
                    warm_recaller(recaller)

    @contextlib.contextmanager
    def _writing(self, scopes: Iterable[Scope | str]) -> Iterator[None]:
        """A job is about to write notes in ``scopes`` and will call :meth:`_written` when
        done: meanwhile the Recallers reading them leave the syncing to it (a chat turn's
        recall searches the index as it is rather than embed the job's notes itself)."""
        rels = {s.rel if isinstance(s, Scope) else s for s in scopes}
        with contextlib.ExitStack() as stack:
            for recaller in self.recallers():
                if rels & {s.rel for s in recaller.scopes}:
                    stack.enter_context(recaller.writing())
            yield

    # ---- the worker process (ADR 0006) -------------------------------------------------------
    def worker(self) -> WorkerProcess | None:
        """The worker process when the surface asked for one, else None (work runs here)."""
        if not self.use_worker_process:
            return None
        from ..worker import WorkerProcess

        with self._lock:
            if self._worker is None:
                self._worker = WorkerProcess()
            return self._worker

    def _extract_turn(self, store: Store, scope: Scope, *, provider, **kwargs):
        """One turn's extraction: in the worker process when there is one and no model is
        called, else on this thread."""
        worker = None if getattr(provider, "uses_model", False) else self.worker()
        if worker is not None:
            return worker.extract(store, scope, mounts=self._settings.extra_scopes, **kwargs)
        from ..extract import extract_turn

        return extract_turn(store, scope, provider=provider, **kwargs)

    def close(self) -> None:
        """Stop what the service started (the worker process)."""
        with self._lock:
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.close()

    def flush_writes(self, timeout: float | None = None) -> bool:
        """Wait for the session states handed to the writer thread to reach their files
        (a surface calls this before it exits)."""
        from .. import sessions

        return sessions.flush(timeout)

    def _after_dream(self, scope: Scope, cancel, progress) -> None:
        """Called by a dream job after it applied a plan (the team sync overrides it:
        ``sync.afterDream``)."""

    def notes_changed_elsewhere(self) -> list[Recaller]:
        """Another process changed notes: every Recaller rescans at its next use. Returns
        them, so a surface can warm them off its request path (:func:`warm_recaller`)."""
        recallers = self.recallers()
        for recaller in recallers:
            recaller.invalidate()
        return recallers


def agent_name(value: object) -> str | None:
    """An agent or surface name fit to record (R4 ``agent``), or None: it comes from the
    outside (an MCP client's or an editor's self-description), so anything that is not a
    short printable name is dropped rather than written into a note."""
    if not isinstance(value, str):
        return None
    value = " ".join(value.split())[:64]
    return value if value and AGENT_NAME.match(value) else None


def warm_recaller(recaller: Recaller) -> None:
    """Sync ``recaller`` with the files and load its search matrix (``len`` loads it), off
    the chat's critical path: the next recall then only embeds the message."""
    recaller.refresh()
    if not recaller.no_memory():  # opening the index would create the memory home
        len(recaller.index)
