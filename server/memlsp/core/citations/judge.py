"""Judging one citation against the workspace (SPEC R29, R36): is the cited file there,
and is the cited symbol defined where the note says?

A missing file is followed through the editor's renames not yet committed, then git
history (deletions and rename chains), then — as a heuristic — a unique file of the same
name. A symbol tied to a file is looked up there first, then anywhere (found elsewhere:
``moved-symbol``). The answer is a :class:`~.findings.Finding`, or None when the citation
holds (or cannot be checked).

Pure core: never imports pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

from .citation import KIND_FILE, KIND_FILE_SYMBOL, Citation
from .findings import MOVED_FILE, MOVED_SYMBOL, STALE_FILE, STALE_SYMBOL, Finding
from .history import History, PathEvent
from .languages import PARSER_REGEX, language_of
from .symbols import SymbolIndex
from .workspace import Workspace


class CitationJudge:
    """Judges citations against a workspace file set, its symbol index, its git history
    (None outside git) and ``renames``, the editor's rename events (old → new path) that
    the owner keeps up to date."""

    def __init__(
        self,
        workspace: Workspace,
        symbols: SymbolIndex,
        history: History | None,
        renames: dict[str, str],
    ) -> None:
        self.workspace = workspace
        self.symbols = symbols
        self.history = history
        self.renames = renames

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

    def judge(self, note: str, c: Citation, *, files_only: bool = False) -> Finding | None:
        """The finding for citation ``c`` of ``note`` (home-relative), or None. With
        ``files_only`` the symbol index is not consulted: only a missing (or moved) cited
        file is reported."""
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
        if c.symbol is None or files_only:
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


__all__ = ["CitationJudge"]
