"""``memlsp import memory-folder``: copy another agent's memory folder into a scope (R39).

The folder is read as a mounted scope would be (:mod:`.mounts`: ``MEMORY.md`` plus notes
with ``name``, ``description`` and ``type`` or ``metadata.type``), never written. Each
note passes the write policy as untrusted file content — secrets, excluded categories
(code paths, git history…) and instructions aimed at the model are refused with their
reason, relative dates become absolute — and lands in the target scope's ``inbox/`` with
``source: import``, through check-before-write: importing the same folder again adds
nothing. Unknown frontmatter keys travel with the note.

Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InvalidPathError, RefusedError
from .mounts import Mounts
from .notes import MAX_DESCRIPTION, Note, cut, iso, slugify, utcnow
from .policy import check_candidate
from .store import Scope, Store

# Keys the importer sets itself; every other key of the source note is kept.
_OWN_KEYS = ("name", "description", "type", "source", "created", "updated")


@dataclass
class FolderImport:
    """What an import did, file by file (file names are relative to the folder)."""

    folder: str
    written: list[str] = field(default_factory=list)  # home-relative paths of new notes
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    refused: list[dict] = field(default_factory=list)  # {file, reason, message}
    # unusable files and the subfolders not read: {file, reason, message}
    skipped: list[dict] = field(default_factory=list)


def import_folder(
    store: Store, target: Scope, folder: Path | str, *, now: dt.datetime | None = None
) -> FolderImport:
    root = Path(folder).expanduser().absolute()
    if root.is_symlink() or not root.is_dir():
        raise InvalidPathError(f"{folder} is not a folder", reason="not-a-folder")
    now = now or utcnow()
    # the folder read as a mounted scope, by a store of its own that only scans (writes
    # nothing); mounted directly, since the overlap guard is for a real memory home
    source = Store(root.parent)
    source.mounts = Mounts([root])
    (scope,) = source.mounted_scopes()
    scan = source.scan(scope)
    report = FolderImport(str(root))
    for problem in scan.problems:
        if problem.severity == "error":
            file = problem.path.removeprefix(scope.rel + "/")
            report.skipped.append(
                {"file": file, "reason": problem.reason, "message": problem.message}
            )
    report.skipped.extend(_subfolders(root))
    for entry in scan.entries:
        if entry.section == "sessions":
            continue  # another agent's session logs are not notes
        file = entry.rel_in_scope
        note = entry.note
        verdicts = [check_candidate(note.description, source="file", now=now)]
        if note.body.strip():
            verdicts.append(check_candidate(note.body, source="file", now=now))
        refused = next((v for v in verdicts if not v.ok), None)
        if refused is not None:
            report.refused.append(
                {"file": file, "reason": refused.reason, "message": refused.message}
            )
            continue
        meta = {k: v for k, v in note.meta.items() if k not in _OWN_KEYS}
        meta["source"] = "import"
        meta["created"] = iso(note.created or entry.timestamp)
        name = slugify(note.name) or slugify(entry.file.stem) or "note"
        copy = Note(
            name=name,
            description=cut(verdicts[0].cleaned_text, MAX_DESCRIPTION),
            type=note.type,
            body=verdicts[1].cleaned_text if len(verdicts) > 1 else "",
            meta=meta,
        )
        try:
            result = store.write_note(target, copy, section="inbox", now=now)
        except RefusedError as exc:  # the disk gate: a secret in a title, a tag, a ref…
            report.refused.append({"file": file, "reason": exc.reason, "message": str(exc)})
            continue
        {"created": report.written, "updated": report.updated}.get(
            result.action, report.unchanged
        ).append(result.path)
    return report


def _subfolders(root: Path) -> list[dict]:
    """The folders an import does not read: every subfolder but ``inbox/`` and
    ``sessions/``, and any folder inside those two (hidden ones, such as ``.git``, aside)."""
    found = []
    for parent in (root, root / "inbox", root / "sessions"):
        if parent.is_symlink() or not parent.is_dir():
            continue
        for child in sorted(parent.iterdir()):
            if child.name.startswith(".") or not child.is_dir():
                continue
            if parent == root and child.name in ("inbox", "sessions"):
                continue
            found.append(
                {
                    "file": child.relative_to(root).as_posix() + "/",
                    "reason": "subfolder",
                    "message": "a subfolder: only the notes at the top level and in inbox/ "
                    "are imported",
                }
            )
    return found


__all__ = ["FolderImport", "import_folder"]
