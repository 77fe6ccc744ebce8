"""Stale citations as diagnostics on every note of the memory home (SPEC R29, R36).

One :class:`memlsp.core.citations.Checker` per workspace folder (the folder's project scope
plus the global scope) lives in :class:`CitationService` (``server.citations``). At start-up
each folder gets a full check as a background job (``memory/jobStatus`` kind ``check``,
``$/progress`` when the client supports it); then diagnostics are published for every note
that has findings or index problems, open in the editor or not, by the file URI of the note
under the memory home.

Afterwards only what a change can affect is re-checked, and only the notes whose
diagnostics changed are republished (a note whose problems went away gets an empty list):

* workspace files created, changed or deleted — ``workspace/didChangeWatchedFiles``, for
  which the server registers a watcher on each workspace folder;
* ``textDocument/didSave`` of a workspace file, ``workspace/didRenameFiles``;
* notes changed on disk — the ``notes_changed`` hook of :mod:`.watching`.

All checker work goes through one asyncio lock, so a slow event cannot publish older
answers over newer ones. The checker itself runs on worker threads (it blocks).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from ...core.citations import Checker, CheckReport, Finding, IndexProblem, SourceRange
from ..command_results import CitationCheck

logger = logging.getLogger(__name__)

SOURCE = "memlsp"


@dataclass
class CheckDone:
    """The result of the start-up job (``memory/jobStatus`` says its summary)."""

    folder: str
    notes: int
    findings: int
    problems: int
    seconds: float
    stale_notes: int = 0
    timings: dict[str, float] = field(default_factory=dict)  # the checker's phases

    def summary(self) -> str:
        return (
            f"{self.notes} notes checked in {self.seconds:.2f} s: {self.findings} stale "
            f"citation(s), {self.problems} index problem(s)"
        )


def lsp_range(r: SourceRange) -> types.Range:
    return types.Range(
        start=types.Position(line=r.line, character=r.start),
        end=types.Position(line=r.line, character=r.end),
    )


def to_diagnostic(item: Finding | IndexProblem) -> types.Diagnostic:
    data: dict = {}
    if isinstance(item, Finding):
        data = {"note": item.note, "citation": item.citation.label}
        if item.suggestion is not None:
            data["suggestion"] = item.suggestion
    else:
        data = {"note": item.path}
    return types.Diagnostic(
        range=lsp_range(item.range),
        message=item.message,
        severity=types.DiagnosticSeverity.Warning,
        source=SOURCE,
        code=item.code,
        data=data,
    )


class CitationService:
    """The checkers of one server and what has been published from them."""

    def __init__(self, server) -> None:
        self.server = server
        self.checkers: dict[Path, Checker] = {}
        # home-relative file -> what was last published for it (non-empty lists only)
        self._published: dict[str, tuple] = {}
        self._lock: asyncio.Lock | None = None
        self.first_published: float | None = None  # monotonic time of the first publish
        self.ready = asyncio.Event()  # the start-up check finished (or failed)
        # the first diagnostics went out (the file-level ones), or the start-up check ended
        self.first_diagnostics = asyncio.Event()

    # ---- lookups ------------------------------------------------------------------------
    @property
    def lock(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    @property
    def store(self):
        return self.server.store

    def warm(self) -> list[Checker]:
        return [c for c in list(self.checkers.values()) if c.built]

    def checker_for_folder(self, folder: Path | str) -> Checker | None:
        """The warm checker of a workspace folder (or of the folder holding it)."""
        path = Path(folder).resolve()
        for checker in self.warm():
            if path == checker.root or path.is_relative_to(checker.root):
                return checker
        return None

    def checker_for_file(self, path: Path | str) -> Checker | None:
        return self.checker_for_folder(path)

    def checker_for_note(self, rel: str) -> Checker | None:
        """The warm checker whose project scope holds ``rel``; for a global note, any."""
        warm = self.warm()
        for checker in warm:
            if rel.startswith(checker.project.rel + "/"):
                return checker
        if rel.startswith("global/") and warm:
            return warm[0]
        return None

    def note_rel(self, path: Path | str) -> str | None:
        """A file under the memory home as a home-relative path, else None."""
        home = self.store.home
        p = Path(path)
        for base in (home, home.resolve()):
            with contextlib.suppress(ValueError):
                return p.absolute().relative_to(base).as_posix()
            with contextlib.suppress(ValueError, OSError):
                return p.resolve().relative_to(base).as_posix()
        return None

    def note_uri(self, rel: str) -> str:
        return from_fs_path(str(self.store.home / rel)) or (self.store.home / rel).as_uri()

    def stale_count(self, rel: str) -> int | None:
        """Stale citations of a note from a warm checker that judges it, else None."""
        checker = self.checker_for_note(rel)
        if checker is None or not checker.judged(rel):
            return None
        return checker.stale_count(rel)

    def diagnostics_for(self, rel: str) -> list[types.Diagnostic]:
        items: list[Finding | IndexProblem] = []
        for checker in self.warm():
            items += checker.findings_for(rel)
            items += checker.index_problems_for(rel)
        return _diagnostics(items)

    # ---- publishing -----------------------------------------------------------------------
    def publish(self, rels: Iterable[str], *, only_changed: bool = False) -> int:
        """Publish the diagnostics of ``rels`` (an empty list clears a note's old ones)."""
        by_rel = {rel: self.diagnostics_for(rel) for rel in set(rels)}
        return self._publish(by_rel, only_changed=only_changed)

    def _publish(self, by_rel: dict[str, list[types.Diagnostic]], *, only_changed: bool) -> int:
        """Send each file's diagnostics; a file that never had any and has none now is
        skipped, and with ``only_changed`` so is a file whose diagnostics are the ones
        already shown (the full check after the file-level first report)."""
        n = 0
        for rel in sorted(by_rel):
            diags = by_rel[rel]
            sig = tuple(_key(d) for d in diags)
            before = self._published.get(rel)
            if (before is None and not diags) or (only_changed and before == sig):
                continue
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=self.note_uri(rel), diagnostics=diags)
            )
            n += 1
            if diags:
                self._published[rel] = sig
            else:
                self._published.pop(rel, None)
        if self.first_published is None:
            self.first_published = time.monotonic()
        self.first_diagnostics.set()
        return n

    def publish_report(self, report: CheckReport) -> int:
        """Publish a checker's report as it stands (the file-level first report of the
        start-up check, before the checker is warm)."""
        items: dict[str, list[Finding | IndexProblem]] = {}
        for f in report.findings:
            items.setdefault(f.note, []).append(f)
        for p in report.index_problems:
            items.setdefault(p.path, []).append(p)
        by_rel = {rel: _diagnostics(found) for rel, found in items.items()}
        return self._publish(by_rel, only_changed=True)

    def publish_all(self) -> int:
        current: set[str] = set()
        for checker in self.warm():
            current |= checker.diagnostics_paths()
        return self.publish(current | set(self._published), only_changed=True)

    # ---- start-up -----------------------------------------------------------------------------
    async def start(self) -> None:
        """A full check per workspace folder, each as a background job, then publish."""
        folders = self.server.workspace_folders()
        async with self.lock:
            try:
                done = [await self._check_folder(folder) for folder in folders]
                self.publish_all()
                for d in done:  # after the publish: a client may wait for this line
                    if d is not None:
                        self.server.log(_phases("full check", d.timings))
            finally:
                self.first_diagnostics.set()
                self.ready.set()

    async def recheck(self) -> list[CheckDone]:
        """Run the full check of every workspace folder again (``memlsp.recheckCitations``):
        the workspace files, symbols and git history are re-read; then publish."""
        async with self.lock:
            done = [await self._check_folder(f) for f in self.server.workspace_folders()]
            self.publish_all()
        self.ready.set()
        return [d for d in done if d is not None]

    async def _check_folder(self, folder: Path) -> CheckDone | None:
        store = self.store
        existing = self.checkers.get(folder)

        loop = asyncio.get_running_loop()

        def job(cancel, progress):
            started = time.perf_counter()
            progress("reading the workspace", 0)
            checker = existing or self.server.service.checker(folder, on_purpose=False)

            def first_report(report: CheckReport) -> None:
                # the file-level findings, before the symbol index: shown at once (the
                # loop publishes them; the check goes on meanwhile)
                loop.call_soon_threadsafe(self.publish_report, report)
                phases = _phases("first report", checker.timings)
                loop.call_soon_threadsafe(self.server.log, phases)

            report = checker.check_all(
                cancel=cancel,
                progress=progress,
                # a re-check keeps showing the full answers until it has new ones
                on_files_checked=first_report if existing is None else None,
            )
            progress("done", 100)
            return checker, CheckDone(
                str(folder),
                report.notes_checked,
                len(report.findings),
                len(report.index_problems),
                time.perf_counter() - started,
                len({f.note for f in report.findings}),
                dict(checker.timings),
            )

        def run(cancel, progress):
            checker, done = job(cancel, progress)
            self.checkers[folder] = checker
            return done

        submitted = self.server.jobs.submit(
            "check",
            run,
            title="Checking note citations",
            home=str(store.home),
            writer=False,
        )
        finished = await self.server.jobs.wait(submitted.id)
        ok = finished is not None and finished.state == "done"
        return finished.result if ok else None

    # ---- incremental ------------------------------------------------------------------------
    async def files_changed(
        self,
        created: Iterable[str] = (),
        deleted: Iterable[str] = (),
        renamed: Iterable[tuple[str, str]] = (),
        changed: Iterable[str] = (),
    ) -> set[str]:
        """Workspace file events (absolute paths): re-check per folder, republish."""
        events = (list(created), list(deleted), list(renamed), list(changed))
        async with self.lock:
            touched: set[str] = set()
            for checker in self.warm():

                def mine(paths: list[str], checker=checker) -> list[str]:
                    return [p for p in paths if checker.workspace.relative(p) is not None]

                c, d, ch = mine(events[0]), mine(events[1]), mine(events[3])
                r = [
                    (o, n)
                    for o, n in events[2]
                    if checker.workspace.relative(o) is not None
                    and checker.workspace.relative(n) is not None
                ]
                if not (c or d or r or ch):
                    continue
                touched |= await asyncio.to_thread(checker.on_files_changed, c, d, r, ch)
            self.publish(touched)
            return touched

    async def notes_changed(self, scope_rels: Iterable[str]) -> set[str]:
        rels = list(scope_rels)
        return await self._on_each_checker(lambda checker: checker.on_scopes_changed(rels))

    async def note_paths_changed(self, notes: Iterable[str]) -> set[str]:
        """Specific notes (home-relative) changed: after a fix or a forget."""
        paths = list(notes)
        return await self._on_each_checker(
            lambda checker: checker.on_notes_changed(paths), also_publish=paths
        )

    async def _on_each_checker(self, call, also_publish: Iterable[str] = ()) -> set[str]:
        """Run ``call(checker)`` for every warm checker (on a worker thread, one at a time
        under the lock), publish the notes whose findings changed (and ``also_publish``)."""
        async with self.lock:
            touched: set[str] = set()
            for checker in self.warm():
                touched |= await asyncio.to_thread(call, checker)
            self.publish(touched | set(also_publish))
            return touched


def _phases(what: str, timings: dict[str, float]) -> str:
    """A log line of a check's phases (``bench/citations_lsp.py`` reads it)."""
    return f"memlsp citations {what}: " + ", ".join(f"{k} {v:.3f} s" for k, v in timings.items())


def _key(d: types.Diagnostic) -> tuple:
    return (d.code, d.range.start.line, d.range.start.character, d.range.end.character, d.message)


def _diagnostics(items: Iterable[Finding | IndexProblem]) -> list[types.Diagnostic]:
    """One diagnostic per distinct finding or problem (two checkers may both see one)."""
    seen: set[tuple] = set()
    out: list[types.Diagnostic] = []
    for item in items:
        key = (item.code, item.range.line, item.range.start, item.range.end, item.message)
        if key not in seen:
            seen.add(key)
            out.append(to_diagnostic(item))
    return out


def _fs(uri: str) -> str | None:
    return to_fs_path(uri) if uri.startswith("file:") else None


def _spawn(server, coro) -> None:
    task = asyncio.ensure_future(coro)
    tasks = server.__dict__.setdefault("_citation_tasks", set())
    tasks.add(task)

    def done(t: asyncio.Task) -> None:
        tasks.discard(t)
        if not t.cancelled() and t.exception() is not None:
            logger.error("citation check failed: %s", t.exception(), exc_info=t.exception())

    task.add_done_callback(done)


def _client_watches_files(server) -> bool:
    caps = server.client_capabilities_or_none()
    watched = getattr(getattr(caps, "workspace", None), "did_change_watched_files", None)
    return bool(getattr(watched, "dynamic_registration", False))


def _register_workspace_watcher(server) -> None:
    folders = server.workspace_folders()
    if not folders:
        return
    caps = server.client_capabilities_or_none()
    watched = caps.workspace.did_change_watched_files
    if getattr(watched, "relative_pattern_support", False):
        watchers = [
            types.FileSystemWatcher(
                glob_pattern=types.RelativePattern(base_uri=f.as_uri(), pattern="**/*")
            )
            for f in folders
        ]
    else:
        watchers = [types.FileSystemWatcher(glob_pattern="**/*")]
    params = types.RegistrationParams(
        registrations=[
            types.Registration(
                id=str(uuid.uuid4()),
                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
            )
        ]
    )
    with contextlib.suppress(Exception):
        server.client_register_capability(params)


async def recheck_citations(ls, *args) -> CitationCheck:
    """``memlsp.recheckCitations``: the full citation check again, in counts (the client's
    "Check citations"); the diagnostics are republished as it goes."""
    done = await ls.citations.recheck()
    return CitationCheck(
        notes=sum(d.notes for d in done),
        stale=sum(d.findings for d in done),
        stale_notes=sum(d.stale_notes for d in done),
        index_problems=sum(d.problems for d in done),
        folders=len(done),
    )


REQUIRES = ("lifecycle",)


def register(server) -> None:
    server.citations = CitationService(server)
    server.command("memlsp.recheckCitations")(recheck_citations)
    # recall flags stale symbols too, not only missing files, once a checker is warm (R19)
    server.service.checker_lookup = server.citations.checker_for_folder

    async def on_initialized(ls) -> None:
        if _client_watches_files(ls):
            _register_workspace_watcher(ls)
        _spawn(ls, ls.citations.start())

    # First: the start-up check only spawns a task, and first diagnostics are on the clock
    # (SPEC §13: ≤ 1.5 s from server start); other hooks (dream recovery) may take longer.
    server.hooks.initialized.insert(0, on_initialized)

    def on_files(ls, changes: list[types.FileEvent]) -> None:
        created, deleted, changed = [], [], []
        home = ls.citations.store.home
        for change in changes:
            path = _fs(change.uri)
            if path is None or ls.citations.note_rel(path) is not None or Path(path) == home:
                continue  # notes are the watcher's business (notes_changed)
            if "/.git/" in path.replace("\\", "/") + "/":
                continue
            if change.type == types.FileChangeType.Created:
                created.append(path)
            elif change.type == types.FileChangeType.Deleted:
                deleted.append(path)
            else:
                changed.append(path)
        if created or deleted or changed:
            _spawn(ls, ls.citations.files_changed(created, deleted, (), changed))

    server.hooks.files_changed.append(on_files)
    server.hooks.notes_changed.append(lambda ls, rels: _spawn(ls, ls.citations.notes_changed(rels)))

    @server.feature(
        types.TEXT_DOCUMENT_DID_SAVE, types.TextDocumentSaveRegistrationOptions(include_text=False)
    )
    def on_did_save(ls, params: types.DidSaveTextDocumentParams) -> None:
        path = _fs(params.text_document.uri)
        if path is None:
            return
        if ls.citations.note_rel(path) is not None:
            if ls.watcher is not None:
                ls.watcher.poke()  # a note saved in the editor: re-check it now
            return
        _spawn(ls, ls.citations.files_changed(changed=[path]))

    @server.feature(
        types.WORKSPACE_DID_RENAME_FILES,
        types.FileOperationRegistrationOptions(
            filters=[types.FileOperationFilter(pattern=types.FileOperationPattern(glob="**/*"))]
        ),
    )
    def on_did_rename(ls, params: types.RenameFilesParams) -> None:
        pairs = []
        for f in params.files:
            old, new = _fs(f.old_uri), _fs(f.new_uri)
            if old is None or new is None:
                continue
            if ls.citations.note_rel(old) is not None or ls.citations.note_rel(new) is not None:
                if ls.watcher is not None:
                    ls.watcher.poke()
                continue
            pairs.append((old, new))
        if pairs:
            _spawn(ls, ls.citations.files_changed(renamed=pairs))
