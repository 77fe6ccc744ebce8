"""The records of the memory home (SPEC R1, R3): a scope, an entry (one parsed note file),
a problem (a file that is not a usable note), what a scan and a write return, and the
layout's fixed names. :mod:`.store` reads and writes them.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from .notes import Note, one_line, utcnow

SECTIONS = ("", "inbox", "sessions")  # "" = topic notes at the scope's top level
INDEX_NAME = "MEMORY.md"
STATE_DIR = ".memlsp"
LOCK_NAME = "lock"


@dataclass(frozen=True)
class Scope:
    """A scope folder: ``kind`` is ``global``, ``project`` or ``folder`` (another agent's
    memory folder mounted from outside the home, :mod:`.mounts`); ``rel`` is relative to
    the home (virtual, ``folders/…``, for a mounted folder)."""

    kind: str
    rel: str
    root: Path

    @property
    def state_dir(self) -> Path:
        return self.root / STATE_DIR

    @property
    def lock_path(self) -> Path:
        return self.state_dir / LOCK_NAME

    @property
    def index_path(self) -> Path:
        return self.root / INDEX_NAME


@dataclass
class Entry:
    """A parsed note on disk."""

    path: str  # relative to the memory home, with '/' separators
    scope: Scope
    section: str
    file: Path
    note: Note
    bytes: int
    mtime: float
    sha256: str

    @property
    def scope_label(self) -> str:
        return "session" if self.section == "sessions" else self.scope.kind

    @property
    def rel_in_scope(self) -> str:
        return f"{self.section}/{self.file.name}" if self.section else self.file.name

    @property
    def timestamp(self) -> dt.datetime:
        """When the note's content dates from: updated, else created, else the file time."""
        return (
            self.note.updated or self.note.created or dt.datetime.fromtimestamp(self.mtime, dt.UTC)
        )

    def age_days(self, now: dt.datetime | None = None) -> int:
        now = now or utcnow()
        return max(0, int((now - self.timestamp).total_seconds() // 86400))


@dataclass
class Problem:
    path: str
    reason: str
    message: str
    severity: str = "error"  # "error" = skipped; "warning" = used, but worth fixing


@dataclass
class ScanResult:
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


@dataclass
class WriteResult:
    path: str
    action: str  # "created" | "updated" | "unchanged"
    entry: Entry
    #: the note is written but MEMORY.md could not be regenerated (why); it is derived
    #: from the notes (R5), so the next write or ``memlsp index`` brings it back
    index_problem: str | None = None

    @property
    def warning(self) -> str | None:
        return index_warning(self.index_problem)


def index_warning(problem: str | None, done: str = "the note is saved") -> str | None:
    """What a surface tells a person whose change (``done``) was made while MEMORY.md could
    not be regenerated (``problem``: why): a warning, not a failure; None when there is
    none. The notes are the source of truth and MEMORY.md is derived from them (R5)."""
    if not problem:
        return None
    return (
        f"{done}, but MEMORY.md was not regenerated ({problem});"
        " `memlsp doctor` says what is wrong, `memlsp index` writes it again"
    )


def normalise_description(text: str) -> str:
    return one_line(text).casefold().rstrip(".!。 ")
