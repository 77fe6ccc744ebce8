"""The Recaller: the per-turn recall pipeline of the package docstring, for one workspace.
Must not import pygls, lsprotocol or an adapter."""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from pathlib import Path

from .. import memory_md, sessions
from ..forget import tombstoned_digests
from ..identity import resolve_project
from ..notes import utcnow
from ..retrieval.cache_file import INDEX_FILE
from ..retrieval.embedders import Embedder, load_embedder
from ..retrieval.general import general_matrix
from ..retrieval.glossary import Glossary
from ..retrieval.index import RetrievalIndex
from ..retrieval.params import RecallParams
from ..store import Entry, Problem, Scope, Store
from ..text import encodable
from ..watch import folder_stamp
from .citing import cited_paths, cites_open_file, file_stale_check, normalise_open_file
from .embedding import resolve_models
from .known import KnownNotes, Row, row_of
from .render import (
    MAX_INJECTED_NOTE_BYTES,
    REMINDER_HEAD,
    REMINDER_TAIL,
    RecalledMemory,
    RecallResult,
    age_line,
    cut_utf8,
    is_untrusted,
    label_untrusted,
    neutralise,
)
from .selector import Selector
from .silence import Silence, why_silent
from .states import SessionStates, state_scope

log = logging.getLogger(__name__)

MAX_CANDIDATES = 200  # fixed by R15
MANIFEST_LINES = 30  # frontmatter and description come from a note's first 30 lines
MAX_SELECTED = 5
SESSION_BUDGET_BYTES = sessions.SESSION_BUDGET_BYTES
FILE_TRIGGER_SLOTS = 2  # of the 5, at most this many come from open files alone


class Recaller:
    """Recall for one workspace (its project scope plus the global scope). Thread-safe;
    long-lived in the language server, one per call in the CLI."""

    def __init__(
        self,
        store: Store,
        project: Scope | None,
        *,
        params: RecallParams | None = None,
        embedder: Embedder | None = None,
        glossary: Glossary | None = None,
        selector: Selector | None = None,
        stale_check: Callable[[Entry], list[dict]] | None = None,
        rescan_s: float = 2.0,
        budget_bytes: int = SESSION_BUDGET_BYTES,
    ) -> None:
        self.store = store
        self.project = project
        # other agents' memory folders mounted as scopes are recalled from too (R39)
        self.scopes = [
            s for s in (project, store.global_scope(), *store.mounted_scopes()) if s is not None
        ]
        self.params = params or RecallParams()
        wanted_embedder, wanted_glossary = resolve_models(self.params)
        self._embedder = embedder or wanted_embedder
        self._glossary = glossary if glossary is not None else wanted_glossary
        self.selector = selector
        self.stale_check = stale_check
        self.rescan_s = rescan_s
        self.budget_bytes = budget_bytes
        self._index: RetrievalIndex | None = None
        self._known = KnownNotes(store)  # of the last scan: hashes and dates, not notes
        self._signature: tuple | None = None
        self._synced_at = 0.0
        self._rescan_every = rescan_s
        self._index_synced = False
        self._problems_logged: frozenset = frozenset()
        self._lock = threading.RLock()
        earlier = (sessions.home_state(store), store.global_scope())  # where it may have begun
        self.states = SessionStates(lambda: self.home_scope, earlier=earlier)
        self._writers_lock = threading.Lock()
        # Writes of notes in these scopes are under way (:meth:`writing`): a recall searches
        # the index as it is instead of syncing it itself; the writer syncs after writing.
        self._writers = 0

    @property
    def home_scope(self) -> Scope:
        """Where the index and session states live (:func:`.states.state_scope`)."""
        return state_scope(self.store, self.project)

    # ---- session state (a file under .memlsp/, mirrored in memory: .states) -----------
    @property
    def defer_state_writes(self) -> bool:
        """A long-lived surface sets this: a recall's session state goes to its file on the
        writer thread of :mod:`..sessions`, not on the chat's critical path."""
        return self.states.defer_writes

    @defer_state_writes.setter
    def defer_state_writes(self, value: bool) -> None:
        self.states.defer_writes = value

    def _state(self, session_id: str) -> sessions.SessionState:
        return self.states.get(session_id)

    # ---- the derived index ----------------------------------------------------------------
    @property
    def index(self) -> RetrievalIndex:
        if self._index is None:
            embedder = self._embedder or load_embedder()
            self._index = RetrievalIndex(
                self.home_scope.state_dir / INDEX_FILE,
                embedder,
                glossary=self._glossary,
                source=lambda keys: self._known.docs(keys),
            )
        return self._index

    def _follow_home(self) -> None:
        """The project's (or global's) first note made it the home scope: the index is built
        again there (the caller holds ``self._lock``). A home deleted under us moves nothing."""
        home = self.home_scope
        moved = self._index is not None and self._index.path.parent != home.state_dir
        if not moved or not home.root.is_dir():
            return
        self._embedder = self._embedder or self._index.embedder  # loaded once per process
        self._index.close()
        self._index, self._index_synced = None, False

    def no_memory(self) -> bool:
        """No note and no scope folder (never written, or the home was deleted): a read must
        not recreate the memory home with caches and session state (call after a refresh)."""
        return not self._known and not any(scope.root.is_dir() for scope in self.scopes)

    @property
    def synced(self) -> bool:
        """Whether the index was synced with the files at least once (by a recall or a
        warm-up)."""
        return self._synced_at > 0

    def warm_models(self) -> None:
        """Load the embedding model(s) and embed the general-request prototypes now, so the
        first recall only embeds its message (a server calls this at start-up, off the chat's
        path). Touches nothing in the memory home; the model caches under
        ``~/.cache/memlsp/models`` are written the first time (see the retrieval modules)."""
        embedder = self.index.embedder
        warm = getattr(embedder, "warm", None)
        if warm is not None:
            warm()
        else:
            embedder.embed(["."])
        general_matrix(embedder)

    def refresh(self, *, force: bool = False, wait: bool = True) -> None:
        """Sync the retrieval index with the files. Cheap when nothing changed: folder
        mtimes catch created/deleted/renamed notes at once; in-place edits by hand are
        caught by a full stat pass at most every ``rescan_s`` seconds (less often when one
        pass is slow, see :meth:`_pace`); the index is handed only what changed.

        ``wait=False`` (the per-turn recall): when another thread is syncing an index that
        already exists (a background refresh after a write), return at once and search the
        index as it is, rather than wait on the chat's critical path for a change that is
        younger than the sync itself — or while notes of these scopes are being written
        (:meth:`writing`): the writer syncs right after."""
        built = self._index is not None and self._synced_at > 0
        if not wait and built and self._writers:
            return  # a writer of this process syncs once its notes are written
        if not self._lock.acquire(blocking=wait or not built):
            return
        try:
            self._refresh(force)
        finally:
            self._lock.release()

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """Mark notes of this Recaller's scopes as being written by this process (a job
        that will sync the index when it is done): until then a per-turn recall does not
        sync on the chat's critical path — it would embed the writer's half-written change
        itself — and searches the index as it is."""
        with self._writers_lock:
            self._writers += 1
        try:
            yield
        finally:
            with self._writers_lock:
                self._writers -= 1

    def _refresh(self, force: bool) -> None:
        """The body of :meth:`refresh`; the caller holds ``self._lock``."""
        sig = folder_stamp(self.scopes)
        now = time.monotonic()
        if (
            not force
            and sig == self._signature
            and now - self._synced_at < self._rescan_every
            and self._index is not None
        ):
            return
        self._follow_home()
        started = time.perf_counter()
        rows: dict[str, Row] = {}
        problems = []
        kept = self._known.rows
        for scope in self.scopes:
            forgotten = tombstoned_digests(scope)
            # one entry at a time: a huge memory's entries are never all held at once
            for entry in self.store.each(scope):
                if isinstance(entry, Problem):
                    if entry.reason != "missing":
                        problems.append(entry)
                elif scope.kind == "global" and entry.section == "sessions":
                    continue
                elif entry.sha256 not in forgotten:  # an interrupted forget left the file
                    # the same bytes: the same row (no date parsed again on every rescan)
                    row = kept.get(entry.path)
                    rows[entry.path] = row if row and row[0] == entry.sha256 else row_of(entry)
        self._log_problems(problems)
        if not rows and not any(scope.root.is_dir() for scope in self.scopes):
            # Nothing to index and no scope folder: syncing would create the memory home.
            self._known, self._index_synced = KnownNotes(self.store), False
            self._signature, self._synced_at = sig, now
            return
        previous, self._known = self._known, self._known.following(rows)  # the index's source
        try:
            if not self._index_synced:
                self.index.sync_fingerprints({k: r[0] for k, r in rows.items()})
                self._index_synced = True
            else:
                upserts = [k for k, r in rows.items() if previous.sha256(k) != r[0]]
                deletes = [k for k in previous.rows if k not in rows]
                if upserts or deletes:  # else the periodic stat pass found no edit
                    self.index.update(self._known.docs(upserts), deletes)
        except BaseException:
            self._known = previous  # the next refresh tries the same change again
            raise
        self._signature = sig
        self._synced_at = now
        self._pace(time.perf_counter() - started)

    def _log_problems(self, problems: list) -> None:
        """One log line per change in the set of unreadable notes (not one per turn)."""
        key = frozenset((p.path, p.reason) for p in problems)
        if key == self._problems_logged:
            return
        self._problems_logged = key
        if problems:
            first = problems[0]
            log.warning(
                "recall skips %d unreadable note(s), e.g. %s (%s: %s); `memlsp doctor` lists them",
                len(problems),
                first.path,
                first.reason,
                first.message,
            )

    def _pace(self, took_s: float) -> None:
        """The stat pass that catches in-place hand edits runs every ``rescan_s`` seconds, or
        less often when one pass is slow (a huge memory): at most ~5% of the time."""
        self._rescan_every = max(self.rescan_s, 20 * took_s)

    def invalidate(self) -> None:
        """Force a full rescan on the next call (file watchers call this). Never waits for
        a sync in progress: it may be called from an event loop; the assignment is atomic
        and a sync finishing meanwhile only makes the next rescan redundant."""
        self._signature = None

    # ---- session hooks ----------------------------------------------------------------------
    def session_started(self, session_id: str | None = None) -> str:
        """R14: the budgeted index of the project and global scopes."""
        parts = []
        for scope in self.scopes:
            if scope.root.is_dir():
                text = self.store.index_text(scope)
                label = "Project memory" if scope.kind == "project" else "Global memory"
                parts.append(f"<!-- {label}: {scope.rel} -->\n{text}")
        return memory_md.budgeted("\n".join(parts)) if parts else ""

    def start_session(self, session_id: str) -> None:
        """R14/R17: a (re)started session id begins with nothing injected and a full budget."""
        self.states.start(session_id)

    def compacted(self, session_id: str) -> None:
        """R17: notes injected before a compaction may be injected again."""

        def reset(state: sessions.SessionState) -> None:
            state.injected = []
            state.compactions += 1

        self.states.update(session_id, reset)

    # ---- recall -----------------------------------------------------------------------------
    def manifest_line(self, entry: Entry) -> str:
        date = entry.timestamp.date().isoformat()
        return f"- {self.display_name(entry)} [{entry.note.type}, {date}] {entry.note.description}"

    def display_name(self, entry: Entry) -> str:
        """The file name the manifest shows (project notes relative to the project scope)."""
        if self.project is not None and entry.scope.rel == self.project.rel:
            return entry.rel_in_scope
        return entry.path

    def _normalise_seen(self, paths: Collection[str]) -> set[str]:
        out = set()
        home = str(self.store.home)
        for p in paths:
            p = normalise_open_file(str(p))
            if p.startswith(home + "/"):
                p = p[len(home) + 1 :]
            out.add(p)
            if self.project is not None and not p.startswith(("projects/", "global/", "folders/")):
                out.add(f"{self.project.rel}/{p}")
        return out

    def recall(
        self,
        session_id: str,
        message: str,
        *,
        open_files: Sequence[str] = (),
        already_read: Collection[str] = (),
        first_turn: bool | None = None,
        now: dt.datetime | None = None,
        exclude: Collection[str] = (),
        record: bool = True,
    ) -> RecallResult:
        now = now or utcnow()
        message = encodable(message)  # the model selector's prompt too
        state = self._state(session_id)
        first = state.turns == 0 if first_turn is None else bool(first_turn)
        if state.exhausted or state.budget_left(self.budget_bytes) <= 0:
            return RecallResult(
                [], "", 0, skipped="budget-exhausted", first_turn=first, silence=Silence.BUDGET
            )
        self.refresh(wait=False)
        if self.no_memory():
            left = state.budget_left(self.budget_bytes)
            return RecallResult([], "", left, first_turn=first, silence=Silence.NO_NOTES)
        injected = self._known.paths_of(state.injected)  # the state holds digests (R24)
        seen = injected | self._normalise_seen(already_read) | set(exclude)
        opened = [normalise_open_file(f) for f in open_files]
        picks, selector_used, candidates = self._select(message, first, now, seen, set(exclude))
        if opened:
            picks = self._add_open_file_notes(picks, opened, seen)
        memories, reminder = self._render(picks, now, state.budget_left(self.budget_bytes))
        silence = why_silent(self, message, len(picks), len(memories), seen, exclude, first, now)
        used = len(reminder.encode("utf-8"))
        if record:

            def change(s: sessions.SessionState) -> None:
                s.turns += 1
                s.bytes_injected += used
                digests = (sessions.home_path_digest(m.path) for m in memories)
                s.injected.extend(d for d in digests if d not in s.injected)
                if len(memories) < len(picks) or s.bytes_injected >= self.budget_bytes:
                    s.exhausted = True  # R15 step 7: the next note would not fit

            state = self.states.update(session_id, change, later=True)
            left = state.budget_left(self.budget_bytes)
        else:
            left = max(0, state.budget_left(self.budget_bytes) - used)
        return RecallResult(
            memories,
            reminder,
            left,
            selector=selector_used,
            candidates=candidates,
            first_turn=first,
            silence=silence,
        )

    def _select(
        self, message: str, first: bool, now: dt.datetime, seen: set[str], exclude: set[str]
    ) -> tuple[list[tuple[Entry, float, str]], str, int]:
        if not message.strip():
            return [], "hybrid", 0
        known = self._known
        hybrid_hits = self.index.search(
            message, MAX_SELECTED, now=now, first_turn=first, exclude=seen, params=self.params
        )
        hybrid = [
            (e, h.score, "hybrid")
            for h in hybrid_hits
            if h.key not in exclude and (e := known.entry(h.key)) is not None
        ]
        if self.selector is None:
            # no O(n) pass over all notes per turn: the count is only informational
            return hybrid, "hybrid", len(known) - len(exclude & known.rows.keys())
        live = [k for k in known.rows if k not in exclude]
        if len(live) <= MAX_CANDIDATES:
            candidates = list(known.entries(live))
        else:
            top = self.index.search(
                message, MAX_CANDIDATES, now=now, exclude=exclude, params=self.params, select=False
            )
            candidates = list(known.entries([h.key for h in top if h.key not in exclude]))
        by_name = {self.display_name(e): e for e in candidates}
        manifest = "\n".join(self.manifest_line(e) for e in candidates)
        try:
            names = self.selector.select(manifest, message, MAX_SELECTED)
        except Exception as exc:  # noqa: BLE001 - any failure means "no model selection"
            log.warning("model selector failed (%s); using the hybrid result", type(exc).__name__)
            return hybrid, "model-failed", len(candidates)
        picks: list[tuple[Entry, float, str]] = []
        for name in names:
            entry = by_name.get(str(name).strip().strip("`"))
            if entry is None:
                log.info("model selector returned a name not in the manifest; dropped")
                continue
            if entry.path not in seen and all(entry.path != p[0].path for p in picks):
                picks.append((entry, 1.0, "model"))
        return picks[:MAX_SELECTED], "model", len(candidates)

    def _add_open_file_notes(
        self, picks: list[tuple[Entry, float, str]], opened: list[str], seen: set[str]
    ) -> list[tuple[Entry, float, str]]:
        chosen = {p[0].path for p in picks}
        extra, linked = [], {}
        for k in self._known.newest_first():
            if len(extra) == FILE_TRIGGER_SLOTS:
                break
            if k in chosen or k in seen or (e := self._known.entry(k, linked)) is None:
                continue
            if cites_open_file(cited_paths(e), opened):
                extra.append((e, 0.0, "open-file"))
        keep = max(0, MAX_SELECTED - len(extra))
        return picks[:keep] + extra

    def _render(
        self, picks: list[tuple[Entry, float, str]], now: dt.datetime, budget_left: int
    ) -> tuple[list[RecalledMemory], str]:
        if not picks:
            return [], ""
        memories: list[RecalledMemory] = []
        blocks: list[str] = []
        size = len(REMINDER_HEAD.encode()) + len(REMINDER_TAIL.encode())
        for entry, score, why in picks:
            content, truncated = cut_utf8(entry.note.body.strip(), MAX_INJECTED_NOTE_BYTES)
            content = neutralise(content)
            if truncated:
                content += "\n[… cut at 4 KB; read the note for the rest]"
            if is_untrusted(entry.note.meta):
                content = label_untrusted(content)
            stale = self.stale_check(entry) if self.stale_check else []
            days = entry.age_days(now)
            head = f"{entry.note.name} ({entry.note.type}, {entry.scope_label}: {entry.path})"
            lines = [f"\n## {neutralise(head)}"]
            if age_line(days):
                lines.append(age_line(days))
            for s in stale:
                lines.append(neutralise(f"Stale citation: {s.get('message', s)}"))
            lines.append(content)
            block = "\n".join(lines) + "\n"
            cost = len(block.encode("utf-8"))
            if size + cost > budget_left:
                break
            size += cost
            blocks.append(block)
            memories.append(
                RecalledMemory(
                    path=entry.path,
                    name=entry.note.name,
                    type=entry.note.type,
                    scope=entry.scope_label,
                    age_days=days,
                    score=round(float(score), 4),
                    content=content,
                    stale=stale,
                    truncated=truncated,
                    why=why,
                )
            )
        if not memories:
            return [], ""
        return memories, REMINDER_HEAD + "".join(blocks) + REMINDER_TAIL


def recaller_for(store: Store, workspace: Path | str | None, **kwargs) -> Recaller:
    """A Recaller for a folder: its project scope and global; stale files flagged (R19)."""
    project = None
    if workspace is not None:
        pid = resolve_project(workspace)
        project = store.project_scope(project=pid)  # a read creates no folders
        kwargs.setdefault("stale_check", file_stale_check(pid.root or Path(workspace)))
    return Recaller(store, project, **kwargs)
