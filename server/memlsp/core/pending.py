"""Pending items (SPEC R37): what automatic extraction proposes under ``review: required``.

Layout: ``<scope>/pending/<id>.md``, one file per proposal. The file is the proposed note
itself (a valid note, R4) whose frontmatter also holds a ``review`` mapping::

    review:
      kind: update                                   # new | update
      target: projects/h/o/r/use-pnpm.md             # update: the note it would rewrite
      section: inbox                                 # new: where an accepted note lands
      proposed: 2026-11-30T09:12:00Z

``pending/`` is not one of the store's sections (:data:`memlsp.core.store.SECTIONS`), so
scans, recall, the dream, ``MEMORY.md`` and the citation checks never see a pending item;
the watcher polls the folder (:mod:`memlsp.core.watch`), so views hear of changes.

Ids are 12 lower-case hex digits (the file stem); any other id is refused before a path is
built from it. Proposals are written atomically under the scope's lock; a decided item is
unlinked (a rejected one leaves no trace of its text: no archive copy, no audit line).
A rejected proposal is not proposed again: its digest (SHA-256 of kind, target, description
and body, whitespace and case folded; never the text) joins ``.memlsp/rejected``, the last
:data:`REJECTED_KEEP` of them, and the same proposal made again is dropped.

Must not import pygls, lsprotocol, argparse or an adapter package.
"""

from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from .errors import NoteFormatError, NotFoundError
from .fsutil import atomic_write, file_lock, fsync_dir, is_temp_name
from .notes import Note, iso, parse_note, parse_time
from .store import Entry, Scope, Store, normalise_description

PENDING_DIR = "pending"
KINDS = ("new", "update")
REJECTED_NAME = "rejected"
REJECTED_KEEP = 1000
_ID = re.compile(r"[0-9a-f]{12}")


@dataclass
class PendingItem:
    """One proposal: ``note`` is the note an acceptance writes (``review`` key removed)."""

    id: str
    scope: Scope
    file: Path
    path: str  # home-relative path of the pending file (readable with memory/read)
    kind: str  # new | update
    target: str | None  # update: home-relative path of the note it rewrites
    section: str  # new: the section an accepted note lands in
    note: Note
    proposed: dt.datetime
    order: int = 0  # the file's mtime in ns: proposals within one second keep their order


def folder(scope: Scope) -> Path:
    return scope.root / PENDING_DIR


def valid_id(item_id: object) -> bool:
    return isinstance(item_id, str) and _ID.fullmatch(item_id) is not None


def _digest(kind: str, target: str | None, note: Note) -> str:
    fold = " ".join(f"{note.description}\n{note.body}".split()).casefold()
    return hashlib.sha256(f"{kind}\0{target or ''}\0{fold}".encode()).hexdigest()


def _rejected(scope: Scope) -> list[str]:
    try:
        text = (scope.state_dir / REJECTED_NAME).read_text(encoding="ascii", errors="replace")
    except OSError:
        return []
    return [line for line in text.split() if re.fullmatch(r"[0-9a-f]{64}", line)]


def reject(item: PendingItem) -> None:
    """Remove a rejected item and remember its digest, so extraction does not propose the
    same thing again (the text itself is gone with the file)."""
    with file_lock(item.scope.lock_path):
        kept = _rejected(item.scope)
        digest = _digest(item.kind, item.target, item.note)
        if digest not in kept:
            kept = (kept + [digest])[-REJECTED_KEEP:]
            item.scope.state_dir.mkdir(parents=True, exist_ok=True)
            atomic_write(item.scope.state_dir / REJECTED_NAME, "\n".join(kept) + "\n")
    discard(item)


def propose(
    store: Store, scope: Scope, note: Note, *, target: Entry | None, now: dt.datetime
) -> PendingItem | None:
    """Hold ``note`` for review: a new note for ``scope``, or an update of ``target``. The
    same proposal made again (same kind, target and description) replaces the earlier one
    instead of queueing a twin; one a person rejected before is dropped (``None``)."""
    note.validate()
    kind = "update" if target is not None else "new"
    if _digest(kind, target.path if target else None, note) in _rejected(scope):
        return None
    review: dict[str, str] = {"kind": kind}
    if target is not None:
        review["target"] = target.path
    else:
        review["section"] = "inbox"
    review["proposed"] = iso(now)
    meta = {k: v for k, v in note.meta.items() if k != "review"}
    meta["review"] = review
    held = Note(note.name, note.description, note.type, note.body, meta)
    store.ensure_scope(scope)
    where = folder(scope)
    where.mkdir(exist_ok=True)
    with file_lock(scope.lock_path):
        twin = next(
            (
                i
                for i in _load_all(store, scope)
                if i.kind == kind
                and i.target == review.get("target")
                and normalise_description(i.note.description)
                == normalise_description(note.description)
            ),
            None,
        )
        item_id = twin.id if twin is not None else _new_id(where)
        file = where / f"{item_id}.md"
        atomic_write(file, held.render())
    item = load(store, scope, file)
    assert item is not None
    return item


def _new_id(where: Path) -> str:
    while True:
        item_id = secrets.token_hex(6)
        if not (where / f"{item_id}.md").exists():
            return item_id


def load(store: Store, scope: Scope, file: Path) -> PendingItem | None:
    """One pending file, or None when it is not a usable proposal (skipped, never raised)."""
    if not valid_id(file.stem) or file.is_symlink():
        return None
    try:
        note = parse_note(file.read_bytes(), stem=None)
    except (OSError, NoteFormatError):
        return None
    review = note.meta.get("review")
    if not isinstance(review, dict) or review.get("kind") not in KINDS:
        return None
    target = review.get("target") if review.get("kind") == "update" else None
    if review.get("kind") == "update" and not isinstance(target, str):
        return None
    note.meta = {k: v for k, v in note.meta.items() if k != "review"}
    note.problems = []
    section = review.get("section") if review.get("section") in ("", "inbox") else "inbox"
    try:
        order = file.stat().st_mtime_ns
    except OSError:
        return None
    proposed = parse_time(review.get("proposed"))
    if proposed is None:
        proposed = dt.datetime.fromtimestamp(order / 1e9, dt.UTC).replace(microsecond=0)
    return PendingItem(
        id=file.stem,
        scope=scope,
        file=file,
        path=store.rel(file),
        kind=str(review["kind"]),
        target=target,
        section=section,
        note=note,
        proposed=proposed,
        order=order,
    )


def _load_all(store: Store, scope: Scope) -> list[PendingItem]:
    try:
        names = sorted(os.listdir(folder(scope)))
    except (FileNotFoundError, NotADirectoryError):
        return []
    out = []
    for name in names:
        if name.endswith(".md") and not is_temp_name(name):
            item = load(store, scope, folder(scope) / name)
            if item is not None:
                out.append(item)
    return out


def items(store: Store, scopes: list[Scope]) -> list[PendingItem]:
    """Every pending item of ``scopes``, oldest proposal first."""
    found = [i for s in scopes for i in _load_all(store, s)]
    return sorted(found, key=lambda i: (i.proposed, i.order, i.id))


def count(scope: Scope) -> int:
    try:
        return sum(1 for n in os.listdir(folder(scope)) if n.endswith(".md") and valid_id(n[:-3]))
    except (FileNotFoundError, NotADirectoryError):
        return 0


def find(store: Store, item_id: object) -> PendingItem:
    """The pending item ``item_id`` in any scope of the home."""
    if valid_id(item_id):
        for scope in store.scopes():
            file = folder(scope) / f"{item_id}.md"
            if file.is_file():
                item = load(store, scope, file)
                if item is not None:
                    return item
    raise NotFoundError(f"no pending item {item_id!r} (see `memlsp review`)", reason="unknown-item")


def discard(item: PendingItem) -> None:
    """Remove a decided item; its text is gone with the file."""
    with file_lock(item.scope.lock_path):
        try:
            item.file.unlink()
        except FileNotFoundError:
            return
        fsync_dir(item.file.parent)


def drop_updates_of(store: Store, target: str) -> list[str]:
    """The note at home-relative ``target`` was forgotten (R24): its pending updates go too,
    as a rejection's would (nothing of their text kept) — each quotes the note and names it,
    and accepting one would write the fact again. The home-relative paths of those removed."""
    dropped = []
    for item in items(store, store.scopes()):
        if item.kind == "update" and item.target == target:
            discard(item)
            dropped.append(item.path)
    return dropped


def diff(store: Store, item: PendingItem, merged: Note | None) -> str | None:
    """A unified diff from the target note's current bytes to ``merged`` (what accepting
    would write), for an update; None for a new note."""
    if item.kind != "update" or merged is None:
        return None
    try:
        data, _ = store.read(item.target or "")
        before = data.decode("utf-8", "replace")
    except Exception:  # noqa: BLE001 - a target gone since the proposal: all lines added
        before = ""
    after = merged.render()
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"a/{item.target}",
        tofile=f"b/{item.target}",
    )
    return "".join(lines)
