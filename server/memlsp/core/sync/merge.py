"""Merging two histories of a synced scope, file by file (ADR 0005).

Every path of the branch is merged on its own, from its three versions (the merge base,
ours, theirs), never by git's whole-tree merge — so a note never holds conflict markers:

- one side changed it: that side wins; both made the same change: either.
- one side deleted a note the other edited: the edit is kept (a dream's merge or a
  rename must not lose a teammate's edit; a *forget* travels as a tombstone instead).
- both edited a note: the frontmatter is merged key by key (both changed one key: the
  side updated later wins; ``updated`` is the later of the two), the body by a three-way
  ``git merge-file``. When the bodies (or the descriptions) truly conflict, both versions
  stay, as two notes marked for review: ours keeps the path with ``conflictWith`` naming
  the copy, theirs becomes ``<name>-conflict-<id>.md`` with ``conflictOf`` naming ours.
- tombstones: the record with the later ``at`` wins (a revoked forget is a later record).

:func:`dead_notes` applies the tombstones afterwards: a tombstoned note is never
resurrected by a merge.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .. import git
from ..errors import NoteFormatError
from ..forget.tombstones import body_digest, path_digest
from ..notes import Note, parse_note, parse_time
from .repo import NOTES, TOMBSTONES, blob_id

CONFLICT_OF = "conflictOf"
CONFLICT_WITH = "conflictWith"
_NOT_MERGED = ("name", "description", "type", "updated")


@dataclass
class MergeResult:
    files: dict[str, bytes | None] = field(default_factory=dict)  # path -> bytes (None: gone)
    conflicts: list[str] = field(default_factory=list)  # note names left for review
    merged: int = 0  # notes both sides edited, merged cleanly


def merge_trees(
    base: dict[str, str],
    ours: dict[str, str],
    theirs: dict[str, str],
    read: Callable[[list[str]], dict[str, bytes]],
    workdir: Path | None = None,
) -> tuple[dict[str, str], dict[str, bytes], MergeResult]:
    """Merge three ``{path: blob oid}`` maps; returns the merged map, the new blobs it
    needs (keyed by oid) and what happened. ``read`` fetches blobs by oid; ``workdir``
    holds ``git merge-file``'s scratch files (inside the home: note text never goes to
    the system's temporary folder)."""
    out: dict[str, str] = {}
    both: list[str] = []
    for path in sorted(set(ours) | set(theirs)):
        b, o, t = base.get(path), ours.get(path), theirs.get(path)
        if o == t or t == b:
            chosen = o
        elif o == b:
            chosen = t
        elif o is None or t is None:  # deleted on one side, edited on the other
            chosen = o or t
        else:
            both.append(path)
            continue
        if chosen is not None:
            out[path] = chosen
    result = MergeResult()
    new_blobs: dict[str, bytes] = {}
    if not both:
        return out, new_blobs, result
    wanted = [x for p in both for x in (base.get(p), ours[p], theirs[p]) if x is not None]
    blobs = read(wanted)
    for path in both:
        b = blobs.get(base[path]) if base.get(path) else None
        o, t = blobs.get(ours[path], b""), blobs.get(theirs[path], b"")
        merged = _merge_path(path, b, o, t, workdir)
        for p, data in merged.files.items():
            if data is None:
                continue
            oid = blob_id(data)
            new_blobs[oid] = data
            out[p] = oid
        result.conflicts.extend(merged.conflicts)
        result.merged += merged.merged
    return out, new_blobs, result


def _merge_path(
    path: str, base: bytes | None, ours: bytes, theirs: bytes, workdir: Path | None
) -> MergeResult:
    if path.startswith(TOMBSTONES + "/"):
        return MergeResult({path: later_tombstone(ours, theirs)})
    return merge_note(path, base, ours, theirs, workdir)


def later_tombstone(a: bytes, b: bytes) -> bytes:
    def key(data: bytes) -> tuple[str, bytes]:
        try:
            rec = json.loads(data)
            at = str(rec.get("at", "")) if isinstance(rec, dict) else ""
        except ValueError:
            at = ""
        return at, data

    return max(a, b, key=key)


def _parse(data: bytes | None, stem: str) -> Note | None:
    if data is None:
        return None
    try:
        return parse_note(data, stem=stem)
    except NoteFormatError:
        return None


def merge_note(
    path: str, base: bytes | None, ours: bytes, theirs: bytes, workdir: Path | None = None
) -> MergeResult:
    """Both sides changed the note at ``path`` (see the module doc)."""
    stem = path.rsplit("/", 1)[-1].removesuffix(".md")
    b, o, t = _parse(base, stem), _parse(ours, stem), _parse(theirs, stem)
    if o is None or t is None:  # a side that is not a note: keep both, let review decide
        return _keep_both(path, stem, ours, theirs, o, t)
    later = t if _stamp(t) > _stamp(o) else o
    description = _three(b.description if b else None, o.description, t.description)
    body, clean = merge_text(b.body if b else "", o.body, t.body, workdir)
    if description is _CONFLICT or not clean:
        return _keep_both(path, stem, ours, theirs, o, t)
    meta: dict = {}
    for key in list(dict.fromkeys([*o.meta, *t.meta])):
        if key in _NOT_MERGED:
            continue
        value = _three(b.meta.get(key) if b else None, o.meta.get(key), t.meta.get(key))
        if value is _CONFLICT:
            value = later.meta.get(key)
        if value is not None:
            meta[key] = value
    stamps = [s for s in (o.meta.get("updated"), t.meta.get("updated")) if s]
    if stamps:
        meta["updated"] = max(stamps, key=lambda s: parse_time(s) or parse_time("1970-01-01"))
    kind = _three(b.type if b else None, o.type, t.type)
    note = Note(
        name=o.name,
        description=description,
        type=later.type if kind is _CONFLICT else kind,
        body=body,
        meta=meta,
    )
    return MergeResult({path: note.render().encode("utf-8")}, merged=1)


_CONFLICT = object()


def _three(base, ours, theirs):
    if ours == theirs or theirs == base:
        return ours
    if ours == base:
        return theirs
    return _CONFLICT


def _stamp(note: Note):
    return note.updated or note.created or parse_time("1970-01-01")


def _keep_both(
    path: str, stem: str, ours: bytes, theirs: bytes, o: Note | None, t: Note | None
) -> MergeResult:
    copy_name = f"{stem[:100]}-conflict-{blob_id(theirs)[:8]}"
    copy_path = f"{NOTES}/{copy_name}.md"
    files: dict[str, bytes | None] = {path: ours, copy_path: theirs}
    if o is not None:
        o.meta[CONFLICT_WITH] = copy_name
        files[path] = o.render().encode("utf-8")
    if t is not None:
        t.name = copy_name
        t.meta["name"] = copy_name
        t.meta[CONFLICT_OF] = stem
        t.meta.pop(CONFLICT_WITH, None)
        files[copy_path] = t.render().encode("utf-8")
    return MergeResult(files, conflicts=[stem, copy_name])


def merge_text(base: str, ours: str, theirs: str, workdir: Path | None = None) -> tuple[str, bool]:
    """``git merge-file`` of three texts: (merged text, True) or (ours, False) on a
    conflict — the markers never leave this function."""
    if ours == theirs or theirs == base:
        return ours, True
    if ours == base:
        return theirs, True
    with tempfile.TemporaryDirectory(prefix="memlsp-merge-", dir=workdir) as tmp:
        folder = Path(tmp)
        for name, text in (("ours", ours), ("base", base), ("theirs", theirs)):
            (folder / name).write_text(_ends(text), encoding="utf-8")
        # exit status = the number of conflicts: anything but 0 keeps ours, unmerged
        out = git.output(folder, "merge-file", "-p", "ours", "base", "theirs")
    if out is None:
        return ours, False
    return git.decode(out), True


def _ends(text: str) -> str:
    return text if text.endswith("\n") or not text else text + "\n"


# ---- tombstones ------------------------------------------------------------------------------
def tombstone_path(digest: str) -> str:
    return f"{TOMBSTONES}/{digest}.json"


def live_tombstones(records: dict[str, bytes]) -> dict[str, dict]:
    """``{path digest: record}`` of the tombstone files in force (a revoked one is not)."""
    live: dict[str, dict] = {}
    for data in records.values():
        try:
            rec = json.loads(data)
        except ValueError:
            continue
        if isinstance(rec, dict) and isinstance(rec.get("pathDigest"), str):
            if not rec.get("revoked"):
                live[rec["pathDigest"]] = rec
    return live


def dead_notes(
    notes: dict[str, str],
    tombstones: dict[str, dict],
    read: Callable[[list[str]], dict[str, bytes]],
    *,
    changed: set[str],
) -> set[str]:
    """The note paths the tombstones kill (a tombstoned note is never resurrected):

    - a note at a tombstoned path created no later than the forget (an edit keeps its
      ``created``, so a concurrent edit of a forgotten note dies with it; a new note
      that reuses the name afterwards lives);
    - a conflict copy of such a note (``conflictOf``);
    - among ``changed`` paths (what entered in this sync), a note whose bytes or body
      are those a tombstone recorded.
    """
    if not tombstones:
        return set()
    by_sha = {r.get("sha256") for r in tombstones.values()} | {
        r.get("bodySha256") for r in tombstones.values()
    }
    by_sha.discard(None)
    suspects = [
        p
        for p in notes
        if p in changed
        or path_digest(p.split("/", 1)[1]) in tombstones
        or "-conflict-" in p.rsplit("/", 1)[-1]
    ]
    blobs = read([notes[p] for p in suspects])
    dead: set[str] = set()
    for path in suspects:
        data = blobs.get(notes[path])
        if data is None:
            continue
        name = path.rsplit("/", 1)[-1]
        if covered(name, data, tombstones):
            dead.add(path)
        elif path in changed and by_sha:
            if hashlib.sha256(data).hexdigest() in by_sha or body_digest(data) in by_sha:
                dead.add(path)
    return dead


def covered(name: str, data: bytes, tombstones: dict[str, dict]) -> bool:
    """Whether a tombstone forgets the note ``name`` (``<stem>.md``) with these bytes: one
    at its path (or at the path of the note it is a conflict copy of) recorded after the
    note was created."""
    if not tombstones:
        return False
    if path_digest(name) not in tombstones and CONFLICT_OF.encode() not in data:
        return False  # the common case, decided without parsing the note
    stem = name.removesuffix(".md")
    note = _parse(data, stem)
    names = [name]
    if note is not None and isinstance(note.meta.get(CONFLICT_OF), str):
        names.append(f"{note.meta[CONFLICT_OF]}.md")
    for candidate in names:
        rec = tombstones.get(path_digest(candidate))
        if rec is not None and _born_before(note, rec):
            return True
    return False


def _born_before(note: Note | None, rec: dict) -> bool:
    forgot = parse_time(rec.get("at"))
    created = note.created if note is not None else None
    return forgot is None or created is None or created <= forgot


__all__ = [
    "CONFLICT_OF",
    "CONFLICT_WITH",
    "MergeResult",
    "covered",
    "dead_notes",
    "later_tombstone",
    "live_tombstones",
    "merge_note",
    "merge_text",
    "merge_trees",
    "tombstone_path",
]
