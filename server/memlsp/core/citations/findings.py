"""What a citation check says about a citation (SPEC R29, R30, R36).

Codes of a stale citation (Warning, source ``memlsp``):

- ``stale-file``: the cited file is not in the workspace (and git knows no new place);
- ``moved-file``: it is gone from the cited path but git (or the editor's rename event, or
  a unique file of the same name) says where it went — the suggestion is the new path;
- ``stale-symbol``: no definition of the cited symbol exists;
- ``moved-symbol``: the symbol is no longer defined in the file the note ties it to, but
  is defined elsewhere — the suggestion is that file.

:class:`CitingNote` and :class:`CitationStatus` are what hovers show (:mod:`.hover`).
Problems of ``MEMORY.md`` and of a note's shape are :mod:`.index_problems`.

Pure data: never imports pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .citation import Citation, SourceRange
from .history import CommitInfo, PathEvent
from .symbols import Definition

STALE_FILE = "stale-file"
STALE_SYMBOL = "stale-symbol"
MOVED_FILE = "moved-file"
MOVED_SYMBOL = "moved-symbol"
FINDING_CODES = (STALE_FILE, MOVED_FILE, STALE_SYMBOL, MOVED_SYMBOL)


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


__all__ = [
    "FINDING_CODES",
    "MOVED_FILE",
    "MOVED_SYMBOL",
    "STALE_FILE",
    "STALE_SYMBOL",
    "CitationStatus",
    "CitingNote",
    "Finding",
]
