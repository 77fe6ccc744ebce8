"""What a Recaller keeps of each note between turns: its content hash, its date, its scope
and section — not the parsed note.

A long-lived Recaller of 100,000 notes held every note's ``Entry`` (path, file, parsed note)
and the index held a ``Doc`` of each (82 + 57 MB, issue 19); the few notes a turn actually
uses are loaded again from the store (its cache of parsed notes, else the file) by their
path. A note whose file no longer has the bytes the index was synced with is not handed out
(the next rescan syncs it): what a turn injects is always what the scan vetted (a forgotten
note's leftover file, a session record of the global scope are never let in this way).

A session's state names the notes it injected by the digest of their path (R24); which
known notes those are is looked up in a map of digests built on first use and carried to the
next scan's ``KnownNotes``, so a turn digests no path, and a rescan only the new ones.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from pathlib import Path

from ..fsutil import first_link
from ..notes import iso
from ..retrieval.index import Doc
from ..sessions import home_path_digest
from ..store import Entry, Scope, Store

__all__ = ["KnownNotes", "Row", "note_doc", "row_of"]

Row = tuple[str, float, Scope, str]  # sha256, timestamp (epoch seconds), scope, section


def note_doc(e: Entry) -> Doc:
    """``e`` as the retrieval index sees it."""
    return Doc(
        key=e.path,
        fingerprint=e.sha256,
        text=e.note.body,
        meta={
            "name": e.note.name,
            "description": e.note.description,
            "scope": e.scope_label,
            "type": e.note.type,
            "created": iso(e.timestamp),
        },
    )


def row_of(e: Entry) -> Row:
    """What is kept of ``e``."""
    return (e.sha256, e.timestamp.timestamp(), e.scope, e.section)


class KnownNotes:
    """The notes of a Recaller's last scan, by home-relative path."""

    __slots__ = ("_by_digest", "rows", "store")

    def __init__(
        self,
        store: Store,
        rows: dict[str, Row] | None = None,
        by_digest: dict[str, str] | None = None,
    ) -> None:
        self.store = store
        self.rows: dict[str, Row] = rows if rows is not None else {}
        # home_path_digest -> path of every row, or None until asked; never changed once set
        self._by_digest = by_digest

    def following(self, rows: dict[str, Row]) -> KnownNotes:
        """The notes of a newer scan, ``rows``; the digests of the paths both scans know
        carry over (only a path added since is digested, and only once digests were used)."""
        by = self._by_digest
        if by is not None and rows.keys() != self.rows.keys():
            kept = {d: p for d, p in by.items() if p in rows}
            kept.update((home_path_digest(p), p) for p in rows.keys() - self.rows.keys())
            by = kept
        return KnownNotes(self.store, rows, by)

    def paths_of(self, digests: Collection[str]) -> set[str]:
        """The paths of the known notes whose :func:`home_path_digest` is in ``digests`` (a
        session's injected notes; a note not known any more is left out)."""
        if not digests:
            return set()
        by = self._by_digest
        if by is None:
            by = self._by_digest = {home_path_digest(p): p for p in self.rows}
        return {p for d in digests if (p := by.get(d)) is not None}

    def __len__(self) -> int:
        return len(self.rows)

    def __contains__(self, path: object) -> bool:
        return path in self.rows

    def sha256(self, path: str) -> str | None:
        row = self.rows.get(path)
        return row[0] if row is not None else None

    def entry(self, path: str, linked: dict[Path, bool] | None = None) -> Entry | None:
        """The note at ``path`` as the last scan saw it (same bytes), else None.
        ``linked``: folders already checked for links (by a caller loading many notes)."""
        row = self.rows.get(path)
        if row is None:
            return None
        digest, _, scope, section = row
        folder = scope.root / section if section else scope.root
        seen = linked if linked is not None else {}
        if folder not in seen:
            seen[folder] = first_link(folder) is not None
        if seen[folder]:
            return None  # never read notes through a link (the scan skips them too)
        found = self.store.load(scope, section, folder / path.rsplit("/", 1)[-1])
        if not isinstance(found, Entry) or found.sha256 != digest or found.path != path:
            return None
        return found

    def entries(self, paths: Collection[str]) -> Iterator[Entry]:
        """The notes at ``paths`` that are still as scanned, in that order."""
        linked: dict[Path, bool] = {}
        for path in paths:
            entry = self.entry(path, linked)
            if entry is not None:
                yield entry

    def docs(self, paths: Collection[str]) -> list[Doc]:
        """The docs of ``paths`` (the index's source: new or changed notes, a rebuild)."""
        return [note_doc(e) for e in self.entries(paths)]

    def newest_first(self) -> list[str]:
        """Every path, the newest note first."""
        return sorted(self.rows, key=lambda p: self.rows[p][1], reverse=True)
