"""Problems of the memory index and of notes' shapes (SPEC R5, R36), on ``MEMORY.md`` or
on the note (Warning, source ``memlsp``):

- ``index-missing-note``: a ``MEMORY.md`` line points to a note that does not exist;
- ``note-too-large``: a note is over 4 KB (one memory per note);
- ``index-over-budget``: ``MEMORY.md`` is over the lines / bytes a model sees (200 lines /
  25,000 bytes): the rest is cut;
- ``duplicate-name``: two notes of one scope share a ``name``.

Pure core: never imports pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .. import memory_md
from ..notes import NOTE_SIZE_LIMIT
from ..store import INDEX_NAME, Entry, Scope
from .citation import SourceRange
from .refs import split_frontmatter

INDEX_MISSING_NOTE = "index-missing-note"
NOTE_TOO_LARGE = "note-too-large"
INDEX_OVER_BUDGET = "index-over-budget"
DUPLICATE_NAME = "duplicate-name"
INDEX_CODES = (INDEX_MISSING_NOTE, NOTE_TOO_LARGE, INDEX_OVER_BUDGET, DUPLICATE_NAME)

_RE_INDEX_LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)\)")


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


def _whole_line(lines: list[str], line_no: int) -> SourceRange:
    text = lines[line_no] if 0 <= line_no < len(lines) else ""
    return SourceRange.on(max(0, line_no), text, 0, len(text))


def index_problems(scope: Scope, entries: list[Entry]) -> list[IndexProblem]:
    """The problems of ``scope``'s MEMORY.md and of its checked notes' shapes
    (``entries``)."""
    out: list[IndexProblem] = []
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
        if n_lines > memory_md.MAX_LINES or n_bytes > memory_md.MAX_BYTES:
            out.append(
                IndexProblem(
                    index_rel,
                    INDEX_OVER_BUDGET,
                    f"MEMORY.md is {n_lines} lines / {n_bytes} bytes; a model sees at most "
                    f"{memory_md.MAX_LINES} lines / {memory_md.MAX_BYTES} bytes, the rest "
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


__all__ = [
    "DUPLICATE_NAME",
    "INDEX_CODES",
    "INDEX_MISSING_NOTE",
    "INDEX_OVER_BUDGET",
    "NOTE_SIZE_LIMIT",
    "NOTE_TOO_LARGE",
    "IndexProblem",
    "index_problems",
]
