"""Check before write (SPEC R10): which stored note a new one updates, the note that update
writes, and the file name a new note gets. :meth:`memlsp.core.store.Store.write_note` asks
these under the scope's lock; nothing here writes or holds state.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from . import matching
from .notes import Note, iso
from .records import Entry, normalise_description


def matching_entry(entries: list[Entry], note: Note, *, by_name: bool = True) -> Entry | None:
    """R10: an existing topic/inbox note with the same description, or one with the
    same name or the same wording that states the same fact (:mod:`.matching`: a
    shared file name or shared lead words alone never merge two facts)."""
    wanted = normalise_description(note.description)
    live = [e for e in entries if e.section in ("", "inbox")]
    for entry in live:
        if normalise_description(entry.note.description) == wanted:
            return entry
    text = f"{note.description}\n{note.body}"
    best: tuple[float, Entry] | None = None
    for entry in live:
        if entry.note.type != note.type and not (by_name and entry.note.name == note.name):
            continue
        old = f"{entry.note.description}\n{entry.note.body}"
        same_name = by_name and entry.note.name == note.name
        if matching.conflict(old, text) is not None:
            continue
        shared, share = matching.overlap_of(old, text)
        if same_name or (shared >= 3 and share >= matching.SAME_FACT):
            if best is None or share > best[0]:
                best = (share, entry)
    return best[1] if best else None


def updated_note(existing: Note, note: Note, now: dt.datetime) -> Note:
    """``existing`` updated by ``note``: its name kept, the new text and type, the metadata
    merged (the new note's non-empty values win; ``created`` kept, ``updated`` now)."""
    merged = dict(existing.meta)
    merged.update({k: v for k, v in note.meta.items() if v not in (None, "", [])})
    merged["created"] = existing.meta.get("created") or note.meta.get("created") or iso(now)
    merged["updated"] = iso(now)
    return Note(
        name=existing.name,
        description=note.description,
        type=note.type,
        body=note.body,
        meta=merged,
    )


def same_content(a: Note, b: Note) -> bool:
    """Equal but for the ``updated`` stamp: rewriting would change nothing a reader sees."""
    strip = lambda n: {k: v for k, v in n.meta.items() if k != "updated"}  # noqa: E731
    return (a.description, a.type, a.body.strip(), strip(a)) == (
        b.description,
        b.type,
        b.body.strip(),
        strip(b),
    )


def free_name(folder: Path, name: str) -> str:
    """``name``, or when a different note already uses that file name, the first free
    ``name-2``, ``name-3``, …"""
    if not (folder / f"{name}.md").exists():
        return name
    i = 2
    while (folder / f"{name}-{i}.md").exists():
        i += 1
    return f"{name}-{i}"


__all__ = ["free_name", "matching_entry", "same_content", "updated_note"]
