"""Stale-citation checks over the memory home (SPEC R19, R29, R30, R36).

:func:`find_stale` is the one-shot check (CLI, recall); :class:`Checker` keeps the caches
(workspace file set, symbol index, extracted citations, git history) between calls so the
language server re-checks only what a file event or a note change can affect, and returns
the notes whose diagnostics changed.

Which notes: topic notes and ``inbox/`` of the workspace's project scope, and of the global
scope (:mod:`.registry`). Global notes get the index checks (:mod:`.index_problems`), but
their citations are not judged against this workspace by default
(``check_global_citations``): a global note is not about this repository, and every
workspace that lacks its file would flag it.

The parts: :mod:`.judge` judges one citation (codes in :mod:`.findings`), :mod:`.hover`
answers hovers, :mod:`.fixes` computes and writes quick fixes. The Checker owns their
state and the one lock that orders every call.

Pure core: never imports pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .. import git
from ..runtime import Cancelled, CancelToken, ProgressSink
from ..store import INDEX_NAME, Entry, Scope, Store
from . import hover
from .citation import Citation
from .findings import CitationStatus, CitingNote, Finding
from .fixes import apply_note_text, fixed_text
from .history import History
from .index_problems import IndexProblem, index_problems
from .judge import CitationJudge
from .registry import NoteRegistry, NoteState, checked_entries, entry_for
from .symbols import SymbolIndex
from .workspace import Workspace

# The symbol index build is the long part of a cold check: it gets this share of the
# progress bar, judging the notes the rest.
_SYMBOLS_SHARE = 90


@dataclass
class CheckReport:
    findings: list[Finding] = field(default_factory=list)
    index_problems: list[IndexProblem] = field(default_factory=list)
    notes_checked: int = 0

    def to_json(self) -> dict:
        return {
            "findings": [f.to_json() for f in self.findings],
            "index_problems": [p.to_json() for p in self.index_problems],
        }


class Checker:
    """Incremental stale-citation checker for one workspace and one memory home.

    Thread-safe: every public method holds one lock (the language server calls it from
    worker threads)."""

    def __init__(
        self,
        workspace_root: Path | str,
        store: Store,
        *,
        cache_file: Path | None | bool = True,
        check_global_citations: bool = False,
    ) -> None:
        self.started = time.perf_counter()  # timings count from here
        self.store = store
        self.workspace = Workspace(workspace_root)
        self.root = self.workspace.root
        self.project = store.project_scope(self.root)
        self.check_global_citations = check_global_citations
        only_in = None
        if cache_file is True:
            digest = hashlib.sha1(str(self.root).encode()).hexdigest()[:12]
            cache_file = self.project.state_dir / "citations" / f"symbols-{digest}.json"
            only_in = self.project.root  # a read creates no project scope
        self.symbols = SymbolIndex(self.workspace, cache_file or None, cache_only_in=only_in)
        in_git = self.workspace.is_git or git.toplevel(self.root) is not None
        self.history = History(self.root) if in_git else None
        self.renames: dict[str, str] = {}  # editor rename events not yet committed
        self._judge = CitationJudge(self.workspace, self.symbols, self.history, self.renames)
        self._registry = NoteRegistry()
        self._notes = self._registry.notes
        self._problems: dict[str, list[IndexProblem]] = {}
        self._lock = threading.RLock()
        #: fixes written while MEMORY.md could not be regenerated: what to tell the person
        self.fix_warnings: list[str] = []
        self._built = False
        self._files_checked = False
        self.timings: dict[str, float] = {}

    def scopes(self) -> list[Scope]:
        """The project scope, global, and other agents' memory folders mounted as scopes."""
        return [self.project, self.store.global_scope(), *self.store.mounted_scopes()]

    def _load(self, entry: Entry) -> NoteState:
        # a mounted folder (another agent's memory of a project) is judged like the project
        judged = entry.scope.kind in ("project", "folder") or self.check_global_citations
        return self._registry.load(entry, judged)

    # ---- full check ---------------------------------------------------------------------
    @property
    def built(self) -> bool:
        """Has a full check run (are the answers of this checker warm)?"""
        return self._built

    def check_all(
        self,
        *,
        refresh: bool = True,
        cancel: CancelToken | None = None,
        progress: ProgressSink | None = None,
        on_files_checked: Callable[[CheckReport], None] | None = None,
    ) -> CheckReport:
        """Check every note: refreshes the workspace file set, brings the symbol index up to
        date (re-parsing only changed files) and re-reads notes whose bytes changed.
        ``self.timings`` holds the seconds each phase took. ``progress`` hears about the
        symbol index build (the long part of a cold start); when ``cancel`` is set the
        check stops with :class:`Cancelled` and keeps its previous answers (a half-built
        index must not produce findings).

        With ``on_files_checked``, the notes are read first and judged for what needs no
        symbol index — cited files that do not exist, and the index problems — and the
        callback gets that report (on this thread, before the symbol index is loaded or
        built): an editor can show those at once. The full report follows as usual."""
        with self._lock:
            clock = time.perf_counter
            t0 = clock()
            timings: dict[str, float] = {}
            if not self._built:  # the first check pays for reading the workspace
                timings["setup"] = t0 - self.started
            self.timings = timings
            if refresh and self._built:
                self.workspace.refresh()
            if self.history is not None and (refresh or not self._built):
                self.history.refresh()
            timings["workspace"] = clock() - t0
            entries: list[Entry] | None = None
            if on_files_checked is not None:
                entries = self._read_notes(timings)
                t = clock()
                for state in self._notes.values():
                    state.findings = self._check_note(state, files_only=True)
                self._problems = self._all_index_problems(entries)
                timings["files"] = clock() - t
                self._files_checked = True
                on_files_checked(self.report())
                timings["first_report"] = clock() - t0
            if refresh or not self._built:
                t = clock()
                sink = None
                if progress is not None:

                    def sink(message: str | None = None, percentage: int | None = None) -> None:
                        share = None if percentage is None else percentage * _SYMBOLS_SHARE // 100
                        progress(message, share)

                self.symbols.build(cancel=cancel, progress=sink)
                if cancel is not None and cancel.cancelled:
                    raise Cancelled("the citation check was cancelled")
                timings["symbols"] = clock() - t
            if progress is not None:
                progress("checking notes", _SYMBOLS_SHARE)
            if entries is None:
                entries = self._read_notes(timings)
            t = clock()
            for state in self._notes.values():
                state.findings = self._check_note(state)
            timings["judge"] = clock() - t
            if on_files_checked is None:
                t = clock()
                self._problems = self._all_index_problems(entries)
                timings["index"] = clock() - t
            timings["total"] = clock() - t0
            self._built = self._files_checked = True
            return self.report()

    def _read_notes(self, timings: dict[str, float]) -> list[Entry]:
        """Scan the checked scopes, (re-)extract the notes whose bytes changed, forget the
        notes that are gone. Returns the entries scanned."""
        clock = time.perf_counter
        t = clock()
        entries = [e for scope in self.scopes() for e in checked_entries(self.store, scope)]
        timings["scan"] = clock() - t
        t = clock()
        seen: set[str] = set()
        for entry in entries:
            state = self._load(entry)
            self._registry.register(state)
            seen.add(state.rel)
        for rel in [r for r in self._notes if r not in seen]:
            self._registry.unregister(rel)
        timings["extract"] = clock() - t
        return entries

    def _all_index_problems(self, entries: list[Entry]) -> dict[str, list[IndexProblem]]:
        by_scope: dict[str, list[Entry]] = {}
        for e in entries:
            by_scope.setdefault(e.scope.rel, []).append(e)
        problems: dict[str, list[IndexProblem]] = {}
        for scope in self.scopes():
            if not scope.root.is_dir():
                continue
            for p in index_problems(scope, by_scope.get(scope.rel, [])):
                problems.setdefault(p.path, []).append(p)
        return problems

    @property
    def files_checked(self) -> bool:
        """Have the notes been judged at least for missing files (the first part of
        :meth:`check_all` with ``on_files_checked``)?"""
        return self._files_checked

    def report(self) -> CheckReport:
        with self._lock:
            findings = [f for rel in sorted(self._notes) for f in self._notes[rel].findings]
            problems = [p for path in sorted(self._problems) for p in self._problems[path]]
            return CheckReport(findings, problems, len(self._notes))

    def findings_for(self, note: str) -> list[Finding]:
        with self._lock:
            state = self._notes.get(note)
            return list(state.findings) if state is not None else []

    def index_problems_for(self, path: str) -> list[IndexProblem]:
        with self._lock:
            return list(self._problems.get(path, ()))

    def diagnostics_paths(self) -> set[str]:
        """Every home-relative file that currently has findings or index problems."""
        with self._lock:
            return {r for r, s in self._notes.items() if s.findings} | {
                p for p, lst in self._problems.items() if lst
            }

    def _check_note(self, state: NoteState, *, files_only: bool = False) -> list[Finding]:
        if not state.judged:
            return []
        out = []
        for c in state.citations:
            f = self._judge.judge(state.rel, c, files_only=files_only)
            if f is not None:
                out.append(f)
        return out

    def _index_problems(self, scope: Scope) -> list[IndexProblem]:
        if not scope.root.is_dir():
            return []
        return index_problems(scope, checked_entries(self.store, scope))

    # ---- incremental --------------------------------------------------------------------
    def _recheck(self, notes: Iterable[str]) -> set[str]:
        changed: set[str] = set()
        for rel in notes:
            state = self._notes.get(rel)
            if state is None:
                continue
            new = self._check_note(state)
            if new != state.findings:
                changed.add(rel)
            state.findings = new
        return changed

    def on_files_changed(
        self,
        created: Iterable[str] = (),
        deleted: Iterable[str] = (),
        renamed: Iterable[tuple[str, str]] = (),
        changed: Iterable[str] = (),
    ) -> set[str]:
        """Workspace file events (absolute or workspace-relative paths). Returns the
        home-relative notes whose findings changed: republish diagnostics for those."""
        with self._lock:
            if not self._built:
                self.check_all()
            renamed = list(renamed)
            for old, new in renamed:
                o, n = self.workspace.relative(old), self.workspace.relative(new)
                if o is not None and n is not None:
                    self.renames[o] = n
            added, removed = self.workspace.apply(created, deleted, renamed)
            edited = {r for r in (self.workspace.relative(p) for p in changed) if r}
            touched = added | removed | edited
            for old, new in renamed:
                for p in (old, new):
                    r = self.workspace.relative(p)
                    if r:
                        touched.add(r)
            names = self.symbols.update_files(added | removed | edited)
            affected: set[str] = set()
            for path in touched:
                affected |= self._registry.citing_path(path)
            for name in names:
                affected |= self._registry.citing_symbol(name)
            return self._recheck(affected)

    def on_notes_changed(self, paths: Iterable[str]) -> set[str]:
        """Notes (or MEMORY.md files) created, changed or deleted on disk (home-relative or
        absolute paths). Returns the home-relative files whose diagnostics changed."""
        with self._lock:
            if not self._built:
                self.check_all()
                return self.diagnostics_paths()
            changed: set[str] = set()
            scopes: dict[str, Scope] = {}
            for raw in paths:
                rel = self._home_rel(raw)
                if rel is None:
                    continue
                scope = next((s for s in self.scopes() if rel.startswith(s.rel + "/")), None)
                if scope is None:
                    continue
                scopes[scope.rel] = scope
                if rel.endswith("/" + INDEX_NAME):
                    continue
                before = self._notes.get(rel)
                before_findings = list(before.findings) if before else []
                entry = entry_for(self.store, scope, rel)
                if entry is None:
                    self._registry.unregister(rel)
                    if before_findings:
                        changed.add(rel)
                    continue
                state = self._load(entry)
                self._registry.register(state)
                state.findings = self._check_note(state)
                if (
                    state.findings != before_findings
                    or before is None
                    or before.sha256 != state.sha256
                ):
                    changed.add(rel)
            for scope in scopes.values():
                new_problems = self._index_problems(scope)
                prefix = scope.rel + "/"
                old_keys = {k for k in self._problems if k.startswith(prefix)}
                grouped: dict[str, list[IndexProblem]] = {}
                for p in new_problems:
                    grouped.setdefault(p.path, []).append(p)
                for key in old_keys | set(grouped):
                    if self._problems.get(key, []) != grouped.get(key, []):
                        changed.add(key)
                    if grouped.get(key):
                        self._problems[key] = grouped[key]
                    else:
                        self._problems.pop(key, None)
            return changed

    def on_scopes_changed(self, scope_rels: Iterable[str]) -> set[str]:
        """Something changed in these scopes (the server's watcher knows which scope, not
        which note): re-read only the notes whose bytes differ from what was checked, forget
        the deleted ones, recompute the scopes' index problems. Returns the changed files."""
        with self._lock:
            if not self._built:
                self.check_all()
                return self.diagnostics_paths()
            wanted = set(scope_rels)
            paths: set[str] = set()
            for scope in self.scopes():
                if scope.rel not in wanted:
                    continue
                current = {e.path: e.sha256 for e in checked_entries(self.store, scope)}
                for rel, digest in current.items():
                    state = self._notes.get(rel)
                    if state is None or state.sha256 != digest:
                        paths.add(rel)
                paths |= {
                    rel
                    for rel, state in self._notes.items()
                    if state.scope.rel == scope.rel and rel not in current
                }
                paths.add(f"{scope.rel}/{INDEX_NAME}")  # recomputes the scope's index problems
            return self.on_notes_changed(paths)

    def _home_rel(self, raw: str) -> str | None:
        p = Path(raw)
        if not p.is_absolute():
            return p.as_posix()
        try:
            return self.store.rel(p.absolute())
        except ValueError:
            return None

    # ---- hovers ---------------------------------------------------------------------------
    def notes_citing(self, path: str | None = None, symbol: str | None = None) -> list[CitingNote]:
        """Notes citing a workspace file (absolute or relative path) or a symbol (name or
        qualified name), each with its finding when the citation is stale (R30)."""
        with self._lock:
            return hover.notes_citing(self._registry, self.workspace, path, symbol)

    def notes_citing_code(self, path: str, symbol: str | None = None) -> list[CitingNote]:
        """R30 from inside a code file: with ``symbol`` (the identifier under the cursor),
        the notes citing that symbol *as defined in this file*; without it, the notes
        citing the file itself (see :func:`.hover.notes_citing_code`)."""
        with self._lock:
            return hover.notes_citing_code(
                self._registry, self.workspace, self.symbols, path, symbol
            )

    def finding_at(self, note: str, code: str, line: int, character: int) -> Finding | None:
        """The finding a diagnostic stands for (its code and start position)."""
        with self._lock:
            return hover.finding_at(self._notes.get(note), code, line, character)

    def judged(self, note: str) -> bool:
        """Are ``note``'s citations checked against this workspace (a project note, or a
        global one with ``check_global_citations``)?"""
        with self._lock:
            state = self._notes.get(note)
            return state is not None and state.judged

    def citation_at(self, note: str, line: int, character: int) -> Citation | None:
        """The citation under an LSP position (0-based line, UTF-16 column) in a note."""
        with self._lock:
            return hover.citation_at(self._notes.get(note), line, character)

    def status(self, note: str, citation: Citation) -> CitationStatus:
        """Everything a hover on ``citation`` says: exists or not, where it went, the last
        commit touching the cited file, the definitions found."""
        with self._lock:
            return hover.citation_status(
                self._notes.get(note), citation, self.symbols, self.history
            )

    def stale_count(self, note: str) -> int:
        with self._lock:
            state = self._notes.get(note)
            return len(state.findings) if state is not None else 0

    # ---- fixes ------------------------------------------------------------------------------
    def fix_rename(self, note: str, finding: Finding) -> str:
        """The note's text with the citation updated to ``finding.suggestion`` (the new path
        of a moved file, or the file a moved symbol now lives in)."""
        with self._lock:
            return fixed_text(self.store, note, finding, "rename")

    def fix_remove(self, note: str, finding: Finding) -> str:
        """The note's text without the citation (a ``refs`` item, a code span, a link)."""
        with self._lock:
            return fixed_text(self.store, note, finding, "remove")

    def apply_fix(self, note: str, finding: Finding, action: str) -> set[str]:
        """Compute a fix (``rename`` | ``remove``), write it atomically under the scope lock
        (refusing if the note changed meanwhile) and re-check; returns changed files. A
        MEMORY.md that could not be regenerated is kept in :attr:`fix_warnings`."""
        with self._lock:
            _, digest = self.store.read(note)
            text = fixed_text(self.store, note, finding, action)
            done = apply_note_text(self.store, note, text, expected_sha256=digest)
            if done.warning and done.warning not in self.fix_warnings:
                self.fix_warnings.append(done.warning)
            return self.on_notes_changed([note])


def find_stale(
    store: Store, workspace_root: Path | str, notes: Iterable[str] | None = None
) -> CheckReport:
    """One full check of the memory home's notes for ``workspace_root``; ``notes`` (home-
    relative paths) narrows the findings to those notes."""
    report = Checker(workspace_root, store).check_all()
    if notes is not None:
        wanted = set(notes)
        report.findings = [f for f in report.findings if f.note in wanted]
        report.index_problems = [p for p in report.index_problems if p.path in wanted]
    return report


__all__ = ["CheckReport", "Checker", "find_stale"]
