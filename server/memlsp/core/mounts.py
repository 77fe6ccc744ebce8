"""Other agents' memory folders mounted as extra scopes (SPEC R4 "readable as is", R39).

A folder listed in the ``extraScopes`` setting — a Claude Code auto-memory folder
(``MEMORY.md`` plus notes with ``name``, ``description`` and ``type`` or ``metadata.type``)
or any folder in that shape — becomes a scope of kind ``folder`` with the home-relative
name ``folders/<slug>-<hash>``: notes in it are listed, recalled, checked for stale
citations and consolidated by dreams like any other scope's, and the files stay where
that agent reads them. Paths under ``folders/`` are virtual: :class:`Mounts` maps them to
the folder on disk and back, refusing anything that leaves the folder.

Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Iterable
from pathlib import Path

from .errors import InvalidPathError
from .notes import slugify

PREFIX = "folders"

log = logging.getLogger(__name__)


def mount_rel(root: Path) -> str:
    """The home-relative name of a mounted folder: readable (its last two path components)
    and unique (a hash of the whole path). Claude Code's folders all end in ``memory``, so
    the component above (the project) is what tells them apart."""
    root = Path(root)
    words = "-".join(p for p in (root.parent.name, root.name) if p)
    slug = slugify(words, max_len=40) or "folder"
    digest = hashlib.sha256(str(root).encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{PREFIX}/{slug}-{digest}"


class Mounts:
    """The mounted folders of one memory home: home-relative name ↔ absolute folder."""

    def __init__(self, folders: Iterable[Path | str] = (), *, home: Path | None = None) -> None:
        self.roots: dict[str, Path] = {}
        for folder in folders:
            root = Path(os.path.expanduser(str(folder))).absolute()
            if home is not None and (root.is_relative_to(home) or home.is_relative_to(root)):
                # the home's own scopes, or a folder holding them: mounting it would show
                # (and dream) the same notes twice under two names
                log.warning("extraScopes: %s overlaps the memory home; ignored", root)
                continue
            self.roots.setdefault(mount_rel(root), root)

    def __bool__(self) -> bool:
        return bool(self.roots)

    def rel_of(self, file: Path) -> str | None:
        """A file inside a mounted folder as a home-relative path, or None."""
        text = str(file)
        for rel, root in self.roots.items():
            prefix = str(root) + os.sep
            if text.startswith(prefix) and "/../" not in text:
                return f"{rel}/{text[len(prefix) :].replace(os.sep, '/')}"
        return None

    def split(self, rel_path: str) -> tuple[str, Path, str] | None:
        """``folders/<name>/rest`` → (scope rel, folder, rest); None for other paths."""
        if not rel_path.startswith(PREFIX + "/"):
            return None
        for rel, root in self.roots.items():
            if rel_path == rel or rel_path.startswith(rel + "/"):
                return rel, root, rel_path[len(rel) + 1 :]
        raise InvalidPathError(f"{rel_path!r} is not inside a mounted memory folder")

    def resolve(self, rel_path: str) -> Path | None:
        """The absolute file of a ``folders/…`` path (None for other paths); refuses paths
        that escape the mounted folder."""
        found = self.split(rel_path)
        if found is None:
            return None
        _, root, rest = found
        candidate = (root / rest).resolve()
        if not candidate.is_relative_to(root.resolve()):
            raise InvalidPathError(f"{rel_path!r} points outside its mounted folder")
        return candidate


__all__ = ["PREFIX", "Mounts", "mount_rel"]
