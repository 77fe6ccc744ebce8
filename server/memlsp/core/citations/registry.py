"""The notes a citation check looks at, what each cites, and who cites what (SPEC R29, R30).

Which notes: topic notes and ``inbox/`` of a scope (:data:`CHECKED_SECTIONS`). Session
records (``sessions/``) are not checked: they are dated transcripts of what was true then,
and flagging them would be noise; archives are not live notes at all.

:class:`NoteRegistry` keeps each note's extracted citations (re-extracted only when its
bytes change) and two reverse maps — cited path → notes, cited symbol segment → notes — so
that a file event or a hover finds the notes concerned without reading every note.

Pure core: never imports pygls, lsprotocol or the CLI. Not thread-safe on its own: the
:class:`~.check.Checker` holding it serialises every call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..store import Entry, Scope, Store
from .citation import Citation, symbol_segments
from .extract import extract_citations
from .findings import Finding

CHECKED_SECTIONS = ("", "inbox")


@dataclass
class NoteState:
    """One checked note: its bytes' hash and text, its citations and current findings."""

    rel: str
    scope: Scope
    section: str
    file: Path
    sha256: str
    text: str
    citations: list[Citation]
    judged: bool  # are citations checked against this workspace?
    findings: list[Finding] = field(default_factory=list)


def checked_entries(store: Store, scope: Scope) -> list[Entry]:
    """The scope's notes a check looks at."""
    return [e for e in store.scan(scope).entries if e.section in CHECKED_SECTIONS]


def entry_for(store: Store, scope: Scope, rel: str) -> Entry | None:
    """The checked note at home-relative ``rel`` in ``scope``, or None (gone, unusable, or
    in a section that is not checked)."""
    file = store.path_of(rel)
    section = file.parent.name if file.parent != scope.root else ""
    if section not in CHECKED_SECTIONS or file.parent not in (scope.root, scope.root / section):
        return None
    if not file.exists():
        return None
    item = store.load(scope, section, file)
    return item if isinstance(item, Entry) else None


def _path_keys(rel: str) -> set[str]:
    """How a citation can name the workspace file ``rel``: the file, any folder holding
    it, or its bare base name."""
    parts = rel.split("/")
    return {"/".join(parts[:i]) for i in range(1, len(parts) + 1)} | {parts[-1]}


class NoteRegistry:
    """The checked notes by home-relative path, with reverse maps of what they cite."""

    def __init__(self) -> None:
        self.notes: dict[str, NoteState] = {}
        self._by_path: dict[str, set[str]] = {}
        self._by_symbol: dict[str, set[str]] = {}

    def load(self, entry: Entry, judged: bool) -> NoteState:
        """The note's state: the registered one when its bytes did not change, else
        freshly read and extracted (not registered yet)."""
        old = self.notes.get(entry.path)
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
        return NoteState(
            entry.path, entry.scope, entry.section, entry.file, entry.sha256, text, cites, judged
        )

    def register(self, state: NoteState) -> None:
        self.unregister(state.rel)
        self.notes[state.rel] = state
        for c in state.citations:
            if c.path:
                self._by_path.setdefault(c.path.rstrip("/"), set()).add(state.rel)
            if c.symbol:
                for seg in symbol_segments(c.symbol):
                    self._by_symbol.setdefault(seg, set()).add(state.rel)

    def unregister(self, rel: str) -> None:
        old = self.notes.pop(rel, None)
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

    def citing_path(self, rel: str) -> set[str]:
        """Notes citing the workspace file ``rel``, a folder holding it, or its base name."""
        return set().union(*(self._by_path.get(k, set()) for k in _path_keys(rel)))

    def citing_symbol(self, segment: str) -> set[str]:
        """Notes citing a symbol with the segment (name or qualifier) ``segment``."""
        return set(self._by_symbol.get(segment, set()))


__all__ = [
    "CHECKED_SECTIONS",
    "NoteRegistry",
    "NoteState",
    "checked_entries",
    "entry_for",
]
