"""Quick fixes for stale citations (SPEC R29, R36): update a moved citation to its new
place, or remove it; and the one way a fix reaches the disk.

``fix_rename_text`` replaces the cited path with the finding's suggestion;
``fix_remove_text`` drops a ``refs`` item (block-style lists only), a code span, or turns
a link into its text. :func:`fixed_text` computes either from the note as it is on disk
and refuses (``stale-finding``) when the note changed since the check.
:func:`apply_note_text` writes a note's new text atomically under its scope's lock,
refusing (``note-changed``) when the bytes on disk no longer match the hash the fix was
computed from, and refusing text that would not parse as a note; MEMORY.md is
regenerated.

Pure core: never imports pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import NamedTuple

from ..errors import MemlspError, NoteFormatError, NotFoundError
from ..fsutil import atomic_write, file_lock
from ..lazyre import lazy_compile
from ..notes import parse_note
from ..records import index_warning
from ..store import Store
from .findings import Finding

FIX_ACTIONS = ("rename", "remove")


class NoteFix(NamedTuple):
    """A fix on disk: the note's new SHA-256, and why MEMORY.md could not be regenerated
    (None when it was; the note is written either way, MEMORY.md is derived from it)."""

    sha256: str
    index_problem: str | None = None

    @property
    def warning(self) -> str | None:
        return index_warning(self.index_problem, "the note is fixed")


def fixed_text(store: Store, note: str, finding: Finding, action: str) -> str:
    """The note's text with ``action`` (``rename`` | ``remove``) applied to the finding's
    citation, computed from the note's current bytes."""
    if action not in FIX_ACTIONS:
        raise MemlspError(f"unknown fix {action!r}", reason="invalid-fix")
    data, _ = store.read(note)
    text = data.decode("utf-8")
    lines = text.split("\n")
    c = finding.citation
    r = c.range
    if r.line >= len(lines) or lines[r.line][r.start_cp : r.end_cp] != c.text:
        raise MemlspError(
            f"{note} changed since it was checked; check again before fixing",
            reason="stale-finding",
        )
    return fix_rename_text(text, finding) if action == "rename" else fix_remove_text(text, finding)


_PLAIN_SAFE = lazy_compile(r"^[A-Za-z0-9_./@+\-\u00a0-\U0010ffff][^:#\n]*$")


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
) -> NoteFix:
    """Replace a note's text atomically under its scope's lock; refuses (``note-changed``)
    when the bytes on disk no longer hash to ``expected_sha256``, and refuses to write text
    that is not a valid note. Regenerates MEMORY.md (a failure there is the result's
    ``index_problem``, not an error: the note is written)."""
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
        problem = store.regenerate_index(scope, locked=True)
    return NoteFix(hashlib.sha256(data).hexdigest(), problem)


__all__ = [
    "FIX_ACTIONS",
    "NoteFix",
    "apply_note_text",
    "fix_remove_text",
    "fix_rename_text",
    "fixed_text",
]
