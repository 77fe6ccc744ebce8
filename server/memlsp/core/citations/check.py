"""Stale-citation checks over the memory home (SPEC R19, R29, R30, R36).

:func:`find_stale` is the one-shot check (CLI, recall); :class:`Checker` keeps the caches
(workspace file set, symbol index, extracted citations, git history) between calls so the
language server re-checks only what a file event or a note change can affect, and returns
the notes whose diagnostics changed.

Which notes: topic notes and ``inbox/`` of the workspace's project scope, and of the global
scope. Session records (``sessions/``) are not checked: they are dated transcripts of what
was true then, and flagging them would be noise; archives are not live notes at all.
Global notes get the index checks, but their citations are not judged against this
workspace by default (``check_global_citations``): a global note is not about this
repository, and every workspace that lacks its file would flag it.

Codes (Warning, source ``memlsp``):

- ``stale-file``: the cited file is not in the workspace (and git knows no new place);
- ``moved-file``: it is gone from the cited path but git (or the editor's rename event, or
  a unique file of the same name) says where it went — the suggestion is the new path;
- ``stale-symbol``: no definition of the cited symbol exists;
- ``moved-symbol``: the symbol is no longer defined in the file the note ties it to, but
  is defined elsewhere — the suggestion is that file.

Index problems (on ``MEMORY.md`` or the note): ``index-missing-note``, ``note-too-large``
(over 4 KB), ``index-over-budget`` (200 lines / 25,000 bytes), ``duplicate-name``.

Pure core: never imports pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .. import git
from .. import index as index_mod
from ..errors import MemlspError, NoteFormatError, NotFoundError
from ..fsutil import atomic_write, file_lock
from ..notes import parse_note
from ..runtime import Cancelled
from ..store import INDEX_NAME, Entry, Scope, Store
from .extract import (
    KIND_FILE,
    KIND_FILE_SYMBOL,
    KIND_SYMBOL,
    Citation,
    SourceRange,
    extract_citations,
    split_frontmatter,
    symbol_segments,
)
from .history import CommitInfo, History, PathEvent
from .symbols import PARSER_REGEX, Definition, SymbolIndex, language_of
from .workspace import Workspace

STALE_FILE = "stale-file"
STALE_SYMBOL = "stale-symbol"
MOVED_FILE = "moved-file"
MOVED_SYMBOL = "moved-symbol"
FINDING_CODES = (STALE_FILE, MOVED_FILE, STALE_SYMBOL, MOVED_SYMBOL)

INDEX_MISSING_NOTE = "index-missing-note"
NOTE_TOO_LARGE = "note-too-large"
INDEX_OVER_BUDGET = "index-over-budget"
DUPLICATE_NAME = "duplicate-name"
INDEX_CODES = (INDEX_MISSING_NOTE, NOTE_TOO_LARGE, INDEX_OVER_BUDGET, DUPLICATE_NAME)

NOTE_SIZE_LIMIT = 4096
CHECKED_SECTIONS = ("", "inbox")
_RE_INDEX_LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)\)")


@dataclass(frozen=True)
class Finding:
    """A stale citation in a note. ``note`` is relative to the memory home; ``range`` is
    where the diagnostic goes (0-based line, UTF-16 columns, code points kept too)."""

    note: str
    citation: Citation
    code: str
    range: SourceRange
    message: str
    suggestion: str | None = None
    severity: str = "warning"
    event: PathEvent | None = field(default=None, compare=False)
    heuristic: bool = False  # the answer rests on the regex fallback or a name match

    def to_json(self) -> dict:
        """The ``memlsp check --json`` shape (``line`` is 1-based, for people and CI)."""
        data = {
            "note": self.note,
            "citation": self.citation.label,
            "code": self.code,
            "line": self.range.line + 1,
            "message": self.message,
        }
        if self.suggestion is not None:
            data["suggestion"] = self.suggestion
        return data


@dataclass(frozen=True)
class IndexProblem:
    """A problem with the index or a note's shape; ``path`` is the home-relative file the
    diagnostic belongs on (``MEMORY.md`` or the note)."""

    path: str
    code: str
    message: str
    range: SourceRange
    severity: str = "warning"

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "code": self.code,
            "line": self.range.line + 1,
            "message": self.message,
        }


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


@dataclass(frozen=True)
class CitingNote:
    """A note citing a file or symbol (hover in code, R30); ``finding`` is its staleness."""

    note: str
    citation: Citation
    finding: Finding | None


@dataclass(frozen=True)
class CitationStatus:
    """Everything a hover on a citation shows."""

    citation: Citation
    finding: Finding | None
    exists: bool
    definitions: list[Definition]
    last_commit: CommitInfo | None
    event: PathEvent | None
    heuristic: bool


@dataclass
class _NoteState:
    rel: str
    scope: Scope
    section: str
    file: Path
    sha256: str
    text: str
    citations: list[Citation]
    judged: bool  # are citations checked against this workspace?
    findings: list[Finding] = field(default_factory=list)


def _whole_line(lines: list[str], line_no: int) -> SourceRange:
    text = lines[line_no] if 0 <= line_no < len(lines) else ""
    return SourceRange.on(max(0, line_no), text, 0, len(text))


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
        self.store = store
        self.workspace = Workspace(workspace_root)
        self.root = self.workspace.root
        self.project = store.project_scope(self.root)
        self.check_global_citations = check_global_citations
        if cache_file is True:
            digest = hashlib.sha1(str(self.root).encode()).hexdigest()[:12]
            cache_file = self.project.state_dir / "citations" / f"symbols-{digest}.json"
        self.symbols = SymbolIndex(self.workspace, cache_file or None)
        self.history = History(self.root) if self.workspace.is_git or self._in_git() else None
        self.renames: dict[str, str] = {}  # editor rename events not yet committed
        self._notes: dict[str, _NoteState] = {}
        self._by_path: dict[str, set[str]] = {}
        self._by_symbol: dict[str, set[str]] = {}
        self._problems: dict[str, list[IndexProblem]] = {}
        self._lock = threading.RLock()
        self._built = False
        self.timings: dict[str, float] = {}

    def _in_git(self) -> bool:
        return git.toplevel(self.root) is not None

    # ---- scopes and notes ---------------------------------------------------------------
    def scopes(self) -> list[Scope]:
        return [self.project, self.store.global_scope()]

    def _entries(self, scope: Scope) -> list[Entry]:
        return [e for e in self.store.scan(scope).entries if e.section in CHECKED_SECTIONS]

    def _load_note(self, entry: Entry) -> _NoteState:
        old = self._notes.get(entry.path)
        if old is not None and old.sha256 == entry.sha256:
            return old
        try:
            text = entry.file.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        note_dir = entry.file.parent
        cites = [
            c
            for c in extract_citations(text)
            # A link to a sibling note is about the memory, not the workspace.
            if not (c.origin == "link" and c.path and (note_dir / c.path).exists())
        ]
        judged = entry.scope.kind == "project" or self.check_global_citations
        return _NoteState(
            entry.path, entry.scope, entry.section, entry.file, entry.sha256, text, cites, judged
        )

    def _register(self, state: _NoteState) -> None:
        self._unregister(state.rel)
        self._notes[state.rel] = state
        for c in state.citations:
            if c.path:
                self._by_path.setdefault(c.path.rstrip("/"), set()).add(state.rel)
            if c.symbol:
                for seg in symbol_segments(c.symbol):
                    self._by_symbol.setdefault(seg, set()).add(state.rel)

    def _unregister(self, rel: str) -> None:
        old = self._notes.pop(rel, None)
        if old is None:
            return
        for c in old.citations:
            if c.path:
                s = self._by_path.get(c.path.rstrip("/"))
                if s is not None:
                    s.discard(rel)
            if c.symbol:
                for seg in symbol_segments(c.symbol):
                    s = self._by_symbol.get(seg)
                    if s is not None:
                        s.discard(rel)

    # ---- full check ---------------------------------------------------------------------
    @property
    def built(self) -> bool:
        """Has a full check run (are the answers of this checker warm)?"""
        return self._built

    def check_all(
        self,
        *,
        refresh: bool = True,
        progress: Callable[[str | None, int | None], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> CheckReport:
        """Check every note: refreshes the workspace file set, brings the symbol index up to
        date (re-parsing only changed files) and re-reads notes whose bytes changed.
        ``self.timings`` holds the seconds each phase took. ``progress(message, percent)``
        hears about the symbol index build (the long part of a cold start); when
        ``cancelled()`` turns true the check stops with :class:`Cancelled` and keeps its
        previous answers (a half-built index must not produce findings)."""
        with self._lock:
            clock = time.perf_counter
            t0 = clock()
            timings: dict[str, float] = {}
            if refresh or not self._built:
                if self._built:
                    self.workspace.refresh()
                timings["workspace"] = clock() - t0
                sink = None
                if progress is not None:

                    def sink(done: int, total: int) -> None:
                        pct = int(90 * done / total) if total else 0
                        progress(f"indexing symbols: {done}/{total} files", pct)

                self.symbols.build(progress=sink, cancelled=cancelled)
                if cancelled is not None and cancelled():
                    raise Cancelled("the citation check was cancelled")
                timings["symbols"] = clock() - t0 - timings["workspace"]
                if self.history is not None:
                    self.history.refresh()
            if progress is not None:
                progress("checking notes", 90)
            t = clock()
            seen: set[str] = set()
            entries = [e for scope in self.scopes() for e in self._entries(scope)]
            timings["scan"] = clock() - t
            t = clock()
            for entry in entries:
                state = self._load_note(entry)
                self._register(state)
                seen.add(state.rel)
            for rel in [r for r in self._notes if r not in seen]:
                self._unregister(rel)
            timings["extract"] = clock() - t
            t = clock()
            for state in self._notes.values():
                state.findings = self._check_note(state)
            timings["judge"] = clock() - t
            t = clock()
            self._problems = {}
            for scope in self.scopes():
                for p in self._index_problems(scope):
                    self._problems.setdefault(p.path, []).append(p)
            timings["index"] = clock() - t
            timings["total"] = clock() - t0
            self.timings = timings
            self._built = True
            return self.report()

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

    # ---- judging one citation -----------------------------------------------------------
    def _check_note(self, state: _NoteState) -> list[Finding]:
        if not state.judged:
            return []
        out = []
        for c in state.citations:
            f = self._check_citation(state.rel, c)
            if f is not None:
                out.append(f)
        return out

    def _resolve_file(self, path: str) -> tuple[str, str | None, PathEvent | None, bool]:
        """``(status, new_path, event, heuristic)``; status ``ok`` | ``moved`` | ``stale``."""
        ws = self.workspace
        bare = "/" not in path.rstrip("/")
        if ws.exists(path) or (bare and ws.by_name(path)):
            return "ok", None, None, False
        # An editor rename the checker saw (possibly not committed yet).
        new = self._follow_renames(path)
        if new is not None and ws.exists(new):
            return "moved", new, None, False
        if self.history is not None:
            events = [self.history.event(path)]
            if bare:
                events += self.history.events_named(path)
            for event in events:
                if event is None:
                    continue
                if event.kind == "renamed" and event.new_path and ws.exists(event.new_path):
                    return "moved", event.new_path, event, False
            event = next((e for e in events if e is not None), None)
            if event is not None:
                return "stale", None, event, False
        if not bare and not path.endswith("/"):
            same = ws.by_name(path.rsplit("/", 1)[-1])
            if len(same) == 1:
                return "moved", same[0], None, True
        return "stale", None, None, False

    def _follow_renames(self, path: str) -> str | None:
        seen = set()
        cur = path
        while cur not in seen:
            seen.add(cur)
            nxt = self.renames.get(cur)
            if nxt is None:
                # A renamed folder moves everything under it.
                for old, new in self.renames.items():
                    if cur.startswith(old.rstrip("/") + "/"):
                        nxt = new.rstrip("/") + cur[len(old.rstrip("/")) :]
                        break
            if nxt is None:
                break
            cur = nxt
        return cur if cur != path else None

    def _tied_files(self, path: str) -> list[str]:
        if self.workspace.exists(path) and not self.workspace.is_dir(path):
            return [path]
        if "/" not in path:
            return self.workspace.by_name(path)
        return []

    def _check_citation(self, note: str, c: Citation) -> Finding | None:
        body_tied = c.kind == KIND_FILE_SYMBOL and c.origin == "code" and c.path_range is not None
        body_tied = body_tied and not (
            c.path_range.line == c.range.line
            and c.range.start_cp <= c.path_range.start_cp < c.range.end_cp
        )
        if c.path is not None and (c.kind == KIND_FILE or not body_tied):
            status, new, event, heuristic = self._resolve_file(c.path)
            if status != "ok":
                rng = c.path_range or c.range
                when = f" in {event.commit.describe()}" if event is not None else ""
                if status == "moved":
                    how = "renamed" if event is not None else "moved"
                    guess = " (a file with the same name; probably)" if heuristic else ""
                    msg = f"`{c.path}` no longer exists: {how} to `{new}`{when}{guess}"
                    return Finding(
                        note, c, MOVED_FILE, rng, msg, new, event=event, heuristic=heuristic
                    )
                if event is not None:
                    msg = f"`{c.path}` no longer exists: deleted{when}"
                else:
                    msg = f"`{c.path}` does not exist in the workspace"
                return Finding(note, c, STALE_FILE, rng, msg, event=event)
        if c.symbol is None:
            return None
        tied: list[str] = []
        if c.path is not None:
            tied = self._tied_files(c.path)
            if tied and all(language_of(p) is None for p in tied):
                return None  # a symbol "in README.md": nothing can be checked
        look = None
        for path in tied:
            look = self.symbols.lookup(c.symbol, path)
            if look.status == "found":
                return None
        if look is None or not tied:
            look = self.symbols.lookup(c.symbol, None)
            if look.status == "found" and tied:
                look.status = "moved"
        sym_rng = c.symbol_range or c.range
        if look.status == "moved":
            where = sorted({d.path for d in look.definitions})
            first = next(d for d in look.definitions if d.path == where[0])
            more = f" (and {len(where) - 1} other files)" if len(where) > 1 else ""
            msg = (
                f"`{c.symbol}` is no longer defined in `{c.path}`; it is defined in "
                f"`{first.path}:{first.line}`{more}"
            )
            return Finding(note, c, MOVED_SYMBOL, sym_rng, msg, where[0], heuristic=look.heuristic)
        if look.status == "missing":
            regex_only = bool(tied) and all(self.symbols.parser_of(p) == PARSER_REGEX for p in tied)
            scope = (
                f" in `{c.path}` or anywhere in the workspace" if c.path else " in the workspace"
            )
            label = " (regex fallback: heuristic)" if regex_only else ""
            msg = f"no definition of `{c.symbol}` found{scope}{label}"
            return Finding(note, c, STALE_SYMBOL, sym_rng, msg, heuristic=regex_only)
        return None

    # ---- index problems -----------------------------------------------------------------
    def _index_problems(self, scope: Scope) -> list[IndexProblem]:
        out: list[IndexProblem] = []
        if not scope.root.is_dir():
            return out
        entries = self._entries(scope)
        index_rel = f"{scope.rel}/{INDEX_NAME}"
        try:
            index_text = scope.index_path.read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            index_text = None
        if index_text is not None:
            lines = index_text.split("\n")
            for i, line in enumerate(lines):
                for m in _RE_INDEX_LINK.finditer(line):
                    target = m.group("target")
                    if "://" in target:
                        continue
                    if not (scope.root / target).is_file():
                        out.append(
                            IndexProblem(
                                index_rel,
                                INDEX_MISSING_NOTE,
                                f"MEMORY.md points to `{target}`, which does not exist; "
                                "run `memlsp index` to regenerate it",
                                SourceRange.on(i, line, m.start("target"), m.end("target")),
                            )
                        )
            n_lines = len(index_text.rstrip("\n").split("\n"))
            n_bytes = len(index_text.encode("utf-8"))
            if n_lines > index_mod.MAX_LINES or n_bytes > index_mod.MAX_BYTES:
                out.append(
                    IndexProblem(
                        index_rel,
                        INDEX_OVER_BUDGET,
                        f"MEMORY.md is {n_lines} lines / {n_bytes} bytes; a model sees at most "
                        f"{index_mod.MAX_LINES} lines / {index_mod.MAX_BYTES} bytes, the rest "
                        "is cut: consolidate notes (dream) or shorten descriptions",
                        _whole_line(lines, 0),
                    )
                )
        by_name: dict[str, list[Entry]] = {}
        for e in entries:
            by_name.setdefault(e.note.name, []).append(e)
            if e.bytes > NOTE_SIZE_LIMIT:
                out.append(
                    IndexProblem(
                        e.path,
                        NOTE_TOO_LARGE,
                        f"note is {e.bytes} bytes (limit {NOTE_SIZE_LIMIT}): one memory per "
                        "note; split it or move details into the code's own docs",
                        SourceRange(0, 0, 3, 0, 3),
                    )
                )
        for name, group in by_name.items():
            if len(group) < 2:
                continue
            for e in group:
                others = ", ".join(o.path for o in group if o is not e)
                out.append(
                    IndexProblem(
                        e.path,
                        DUPLICATE_NAME,
                        f"another note is also named `{name}`: {others}",
                        _name_range(e.file),
                    )
                )
        return out

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
                parts = path.split("/")
                for i in range(1, len(parts) + 1):
                    affected |= self._by_path.get("/".join(parts[:i]), set())
                affected |= self._by_path.get(parts[-1], set())
            for name in names:
                affected |= self._by_symbol.get(name, set())
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
                entry = self._entry_for(scope, rel)
                if entry is None:
                    self._unregister(rel)
                    if before_findings:
                        changed.add(rel)
                    continue
                state = self._load_note(entry)
                self._register(state)
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
                current = {e.path: e.sha256 for e in self._entries(scope)}
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
            return p.absolute().relative_to(self.store.home).as_posix()
        except ValueError:
            return None

    def _entry_for(self, scope: Scope, rel: str) -> Entry | None:
        file = self.store.home / rel
        section = file.parent.name if file.parent != scope.root else ""
        if section not in CHECKED_SECTIONS or file.parent not in (scope.root, scope.root / section):
            return None
        if not file.exists():
            return None
        item = self.store.load(scope, section, file)
        return item if isinstance(item, Entry) else None

    # ---- hovers ---------------------------------------------------------------------------
    def notes_citing(self, path: str | None = None, symbol: str | None = None) -> list[CitingNote]:
        """Notes citing a workspace file (absolute or relative path) or a symbol (name or
        qualified name), each with its finding when the citation is stale (R30)."""
        with self._lock:
            out: list[CitingNote] = []
            rel = self.workspace.relative(path) if path is not None else None
            candidates: set[str] = set()
            if rel is not None:
                parts = rel.split("/")
                for i in range(1, len(parts) + 1):
                    candidates |= self._by_path.get("/".join(parts[:i]), set())
                candidates |= self._by_path.get(parts[-1], set())
            segs = symbol_segments(symbol) if symbol else []
            if segs:
                candidates |= self._by_symbol.get(segs[-1], set())
            for note in sorted(candidates):
                state = self._notes[note]
                by_cit = {f.citation: f for f in state.findings}
                for c in state.citations:
                    hit = False
                    if rel is not None and c.path and c.symbol is None:
                        cp = c.path.rstrip("/")
                        hit = (
                            cp == rel
                            or rel.startswith(cp + "/")
                            or ("/" not in cp and rel.rsplit("/", 1)[-1] == cp)
                        )
                    if segs and c.symbol:
                        cs = symbol_segments(c.symbol)
                        n = min(len(cs), len(segs))
                        hit = hit or (cs[-n:] == segs[-n:])
                    if hit:
                        out.append(CitingNote(note, c, by_cit.get(c)))
            return out

    def notes_citing_code(self, path: str, symbol: str | None = None) -> list[CitingNote]:
        """R30 from inside a code file: with ``symbol`` (the identifier under the cursor),
        the notes citing that symbol *as defined in this file* — a citation tied to this
        file, one whose symbol moved here, or an untied one this file defines; without it,
        the notes citing the file itself (or a folder holding it)."""
        with self._lock:
            rel = self.workspace.relative(path)
            if rel is None:
                return []
            if symbol is None:
                # Every citation naming the file counts, "`charge` in `x.py`" included.
                out = []
                parts = rel.split("/")
                keys = {"/".join(parts[:i]) for i in range(1, len(parts) + 1)} | {parts[-1]}
                notes = set().union(*(self._by_path.get(k, set()) for k in keys))
                for note in sorted(notes):
                    state = self._notes[note]
                    by_cit = {f.citation: f for f in state.findings}
                    for c in state.citations:
                        cp = (c.path or "").rstrip("/")
                        if cp and (
                            cp == rel
                            or rel.startswith(cp + "/")
                            or ("/" not in cp and parts[-1] == cp)
                        ):
                            out.append(CitingNote(note, c, by_cit.get(c)))
                return out
            out = []
            for hit in self.notes_citing(symbol=symbol):
                c = hit.citation
                if c.path is not None:
                    here = c.path == rel or ("/" not in c.path and rel.rsplit("/", 1)[-1] == c.path)
                    moved_here = hit.finding is not None and hit.finding.suggestion == rel
                    if not (here or moved_here):
                        continue
                elif self.symbols.lookup(c.symbol or symbol, rel).status != "found":
                    continue
                out.append(hit)
            return out

    def finding_at(self, note: str, code: str, line: int, character: int) -> Finding | None:
        """The finding a diagnostic stands for (its code and start position)."""
        with self._lock:
            state = self._notes.get(note)
            for f in state.findings if state is not None else ():
                if f.code == code and f.range.line == line and f.range.start == character:
                    return f
            return None

    def judged(self, note: str) -> bool:
        """Are ``note``'s citations checked against this workspace (a project note, or a
        global one with ``check_global_citations``)?"""
        with self._lock:
            state = self._notes.get(note)
            return state is not None and state.judged

    def citation_at(self, note: str, line: int, character: int) -> Citation | None:
        """The citation under an LSP position (0-based line, UTF-16 column) in a note."""
        with self._lock:
            state = self._notes.get(note)
            if state is None:
                return None
            for c in state.citations:
                for r in (c.range, c.path_range, c.symbol_range):
                    if r is not None and r.line == line and r.start <= character <= r.end:
                        return c
            return None

    def status(self, note: str, citation: Citation) -> CitationStatus:
        """Everything a hover on ``citation`` says: exists or not, where it went, the last
        commit touching the cited file, the definitions found."""
        with self._lock:
            state = self._notes.get(note)
            finding = None
            if state is not None:
                finding = next((f for f in state.findings if f.citation == citation), None)
            defs: list[Definition] = []
            if citation.symbol:
                defs = self.symbols.lookup(citation.symbol, None).definitions
            path = (
                finding.suggestion if finding is not None and finding.suggestion else citation.path
            )
            last = None
            if self.history is not None and path:
                last = self.history.last_commit(path) or self.history.last_commit(
                    citation.path or path
                )
            return CitationStatus(
                citation,
                finding,
                finding is None,
                defs,
                last,
                finding.event if finding is not None else None,
                any(d.parser == PARSER_REGEX for d in defs) or bool(finding and finding.heuristic),
            )

    def stale_count(self, note: str) -> int:
        with self._lock:
            state = self._notes.get(note)
            return len(state.findings) if state is not None else 0

    # ---- fixes ------------------------------------------------------------------------------
    def _current_text(self, note: str, finding: Finding) -> tuple[str, list[str]]:
        data, _ = self.store.read(note)
        text = data.decode("utf-8")
        lines = text.split("\n")
        c = finding.citation
        r = c.range
        if r.line >= len(lines) or lines[r.line][r.start_cp : r.end_cp] != c.text:
            raise MemlspError(
                f"{note} changed since it was checked; check again before fixing",
                reason="stale-finding",
            )
        return text, lines

    def fix_rename(self, note: str, finding: Finding) -> str:
        """The note's text with the citation updated to ``finding.suggestion`` (the new path
        of a moved file, or the file a moved symbol now lives in)."""
        with self._lock:
            return fix_rename_text(self._current_text(note, finding)[0], finding)

    def fix_remove(self, note: str, finding: Finding) -> str:
        """The note's text without the citation (a ``refs`` item, a code span, a link)."""
        with self._lock:
            return fix_remove_text(self._current_text(note, finding)[0], finding)

    def apply_fix(self, note: str, finding: Finding, action: str) -> set[str]:
        """Compute a fix (``rename`` | ``remove``), write it atomically under the scope lock
        (refusing if the note changed meanwhile) and re-check; returns changed files."""
        with self._lock:
            data, digest = self.store.read(note)
            if action == "rename":
                text = self.fix_rename(note, finding)
            elif action == "remove":
                text = self.fix_remove(note, finding)
            else:
                raise MemlspError(f"unknown fix {action!r}", reason="invalid-fix")
            apply_note_text(self.store, note, text, expected_sha256=digest)
            return self.on_notes_changed([note])


def _name_range(file: Path) -> SourceRange:
    try:
        lines = file.read_text("utf-8").split("\n")
    except (OSError, UnicodeDecodeError):
        return SourceRange(0, 0, 0, 0, 0)
    _, start, end = split_frontmatter("\n".join(lines))
    for i in range(max(start, 0) + 1, end if end > 0 else len(lines)):
        m = re.match(r"^name:\s*(.*?)\s*$", lines[i])
        if m:
            return SourceRange.on(i, lines[i], m.start(1), m.end(1))
    return _whole_line(lines, 0)


_PLAIN_SAFE = re.compile(r"^[A-Za-z0-9_./@+\-\u00a0-\U0010ffff][^:#\n]*$")


def fix_rename_text(text: str, finding: Finding) -> str:
    if not finding.suggestion:
        raise MemlspError("this finding has no suggested new path", reason="no-suggestion")
    c = finding.citation
    r = c.path_range
    if r is None:
        raise MemlspError("this citation names no path to update", reason="no-suggestion")
    lines = text.split("\n")
    line = lines[r.line]
    new = finding.suggestion
    if c.origin == "refs" and not _PLAIN_SAFE.match(new):
        quoted = line[r.start_cp - 1 : r.start_cp] in ("'", '"')
        if not quoted:
            new = json.dumps(new, ensure_ascii=False)
    lines[r.line] = line[: r.start_cp] + new + line[r.end_cp :]
    return "\n".join(lines)


def fix_remove_text(text: str, finding: Finding) -> str:
    c = finding.citation
    lines = text.split("\n")
    if c.origin == "refs" and c.ref is not None:
        if c.ref.flow:
            raise MemlspError(
                "refs written as a flow list ([...]) cannot be edited in place; "
                "rewrite them as a block list",
                reason="unsupported-refs-style",
            )
        del lines[c.ref.first_line : c.ref.end_line]
        return "\n".join(lines)
    r = c.range
    line = lines[r.line]
    if c.origin == "link":
        for m in re.finditer(r"!?\[(?P<text>[^\]\n]*)\]\([^)\n]*\)", line):
            if m.start() <= r.start_cp < m.end():
                lines[r.line] = line[: m.start()] + m.group("text") + line[m.end() :]
                return "\n".join(lines)
        return text
    start, end = r.start_cp, r.end_cp
    while start > 0 and line[start - 1] in "` ":
        start -= 1
        if line[start] == " " and (start == 0 or line[start - 1] != "`"):
            start += 1
            break
    while end < len(line) and line[end] in "` ":
        if line[end] == " " and (end + 1 >= len(line) or line[end + 1] != "`"):
            break
        end += 1
    before, after = line[:start], line[end:]
    if before.endswith(" ") and (
        after.startswith(" ") or after[:1] in (".", ",", ";", ":", ")", "")
    ):
        before = before[:-1]
    lines[r.line] = before + after
    return "\n".join(lines)


def apply_note_text(
    store: Store, note: str, text: str, *, expected_sha256: str | None = None
) -> str:
    """Replace a note's text atomically under its scope's lock; refuses (``note-changed``)
    when the bytes on disk no longer hash to ``expected_sha256``, and refuses to write text
    that is not a valid note. Regenerates MEMORY.md. Returns the new SHA-256."""
    scope = store.scope_of(note)
    path = store.resolve_rel(note)
    data = text.encode("utf-8")
    try:
        parse_note(data, stem=path.stem)
    except NoteFormatError as exc:
        raise MemlspError(f"the fixed note would not parse: {exc}", reason=exc.reason) from exc
    with file_lock(scope.lock_path):
        try:
            current = path.read_bytes()
        except FileNotFoundError as exc:
            raise NotFoundError(f"no note at {note}") from exc
        if expected_sha256 is not None and hashlib.sha256(current).hexdigest() != expected_sha256:
            raise MemlspError(
                f"{note} changed on disk since it was read; nothing was written",
                reason="note-changed",
            )
        atomic_write(path, data)
        store.rebuild_index(scope, locked=True)
    return hashlib.sha256(data).hexdigest()


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


__all__ = [
    "DUPLICATE_NAME",
    "FINDING_CODES",
    "INDEX_CODES",
    "INDEX_MISSING_NOTE",
    "INDEX_OVER_BUDGET",
    "KIND_FILE",
    "KIND_FILE_SYMBOL",
    "KIND_SYMBOL",
    "MOVED_FILE",
    "MOVED_SYMBOL",
    "NOTE_TOO_LARGE",
    "STALE_FILE",
    "STALE_SYMBOL",
    "CheckReport",
    "Checker",
    "CitationStatus",
    "CitingNote",
    "Finding",
    "IndexProblem",
    "apply_note_text",
    "find_stale",
    "fix_remove_text",
    "fix_rename_text",
]
