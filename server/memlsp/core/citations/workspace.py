"""The workspace file set a note's file citations are checked against (SPEC R29).

In a git work tree: tracked and untracked files, minus what ``.gitignore`` ignores
(``git ls-files -co --exclude-standard -z``), so a citation of a build artefact is stale
just as the developer sees it. Outside git: a walk that skips the usual generated folders
(:data:`IGNORED_DIRS`). The set is kept in memory and updated incrementally from file
events (created, deleted, renamed); a created file is only added when git would not ignore
it. Paths are POSIX, relative to the workspace root.

Pure: standard library, and git through :mod:`memlsp.core.git` only.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from .. import git

IGNORED_DIRS = frozenset(
    """.git .hg .svn node_modules __pycache__ .venv venv .tox .nox .mypy_cache .pytest_cache
    .ruff_cache target dist build out .next .cache .idea .vscode .gradle .memlsp""".split()
)


class Workspace:
    """The set of workspace files, relative to ``root``."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root).resolve()
        top = git.toplevel(self.root)
        self.is_git = top is not None and top.resolve() == self.root
        # A sub-folder of a repository: still git-aware, with paths relative to root.
        self._git_sub = top is not None and not self.is_git
        self.files: set[str] = set()
        self._dirs: Counter[str] = Counter()
        self._by_name: dict[str, set[str]] = {}
        self.refresh()

    # ---- building ---------------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild the whole set (start-up, or after a branch switch)."""
        files = self._git_files() if (self.is_git or self._git_sub) else None
        if files is None:
            files = self._walk_files()
        self.files = set()
        self._dirs = Counter()
        self._by_name = {}
        for path in files:
            self._add(path)

    def _git_files(self) -> list[str] | None:
        out = git.output(self.root, "ls-files", "-co", "--exclude-standard", "-z")
        if out is None:
            return None
        names = git.decode(out).split("\0")
        # ls-files lists deleted-but-tracked files until the deletion is staged.
        root = str(self.root)
        return [n for n in names if n and os.path.lexists(os.path.join(root, n))]

    def _walk_files(self) -> list[str]:
        found: list[str] = []
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in IGNORED_DIRS]
            rel = Path(dirpath).relative_to(self.root).as_posix()
            prefix = "" if rel == "." else rel + "/"
            found.extend(prefix + f for f in filenames)
        return found

    def _add(self, path: str) -> bool:
        if path in self.files:
            return False
        self.files.add(path)
        parts = path.split("/")
        for i in range(1, len(parts)):
            self._dirs["/".join(parts[:i])] += 1
        self._by_name.setdefault(parts[-1], set()).add(path)
        return True

    def _remove(self, path: str) -> bool:
        if path not in self.files:
            return False
        self.files.discard(path)
        parts = path.split("/")
        for i in range(1, len(parts)):
            key = "/".join(parts[:i])
            self._dirs[key] -= 1
            if self._dirs[key] <= 0:
                del self._dirs[key]
        names = self._by_name.get(parts[-1])
        if names is not None:
            names.discard(path)
            if not names:
                del self._by_name[parts[-1]]
        return True

    # ---- incremental updates ------------------------------------------------------------
    def relative(self, path: str | Path) -> str | None:
        """A workspace-relative POSIX path, or None when ``path`` is outside the root."""
        p = Path(path)
        if not p.is_absolute():
            return p.as_posix()
        try:
            return p.resolve().relative_to(self.root).as_posix()
        except ValueError:
            try:
                return p.relative_to(self.root).as_posix()
            except ValueError:
                return None

    def _ignored(self, paths: list[str]) -> set[str]:
        """Which of ``paths`` would not be listed (gitignored, or in an ignored folder)."""
        if not paths:
            return set()
        if self.is_git or self._git_sub:
            out = git.output(
                self.root,
                "check-ignore",
                "--stdin",
                "-z",
                input="\0".join(paths).encode("utf-8", "surrogateescape") + b"\0",
                timeout=10,
                ok_codes=(0, 1),  # 1: none of them is ignored
            )
            if out is not None:
                return {n for n in git.decode(out).split("\0") if n}
        return {p for p in paths if any(part in IGNORED_DIRS for part in p.split("/")[:-1])}

    def apply(
        self,
        created: Iterable[str] = (),
        deleted: Iterable[str] = (),
        renamed: Iterable[tuple[str, str]] = (),
    ) -> tuple[set[str], set[str]]:
        """Apply file events (workspace-relative or absolute paths); returns the paths
        (added, removed) that actually changed the set. A created or renamed-to folder is
        expanded to its files; a deleted folder removes everything under it."""
        added: set[str] = set()
        removed: set[str] = set()
        candidates: list[str] = []
        gone: list[str] = []
        for old, new in renamed:
            gone.append(old)
            candidates.append(new)
        gone.extend(deleted)
        candidates.extend(created)
        for raw in gone:
            rel = self.relative(raw)
            if rel is None:
                continue
            if rel in self.files:
                if self._remove(rel):
                    removed.add(rel)
            elif rel in self._dirs:
                for path in [f for f in self.files if f.startswith(rel + "/")]:
                    self._remove(path)
                    removed.add(path)
        new_files: list[str] = []
        for raw in candidates:
            rel = self.relative(raw)
            if rel is None:
                continue
            full = self.root / rel
            if full.is_dir():
                for dirpath, dirnames, filenames in os.walk(full):
                    dirnames[:] = [d for d in dirnames if d not in IGNORED_DIRS]
                    sub = Path(dirpath).relative_to(self.root).as_posix()
                    new_files.extend(f"{sub}/{f}" for f in filenames)
            elif full.exists():
                new_files.append(rel)
        ignored = self._ignored(new_files)
        for rel in new_files:
            if rel not in ignored and self._add(rel):
                added.add(rel)
        return added, removed

    # ---- queries ----------------------------------------------------------------------------
    def exists(self, path: str) -> bool:
        """A file, or a folder holding at least one workspace file (``src/`` or ``src``)."""
        path = path.rstrip("/") if path.endswith("/") else path
        return path in self.files or path in self._dirs

    def is_dir(self, path: str) -> bool:
        return path.rstrip("/") in self._dirs

    def by_name(self, name: str) -> list[str]:
        """Workspace files whose base name is ``name``, sorted."""
        return sorted(self._by_name.get(name, ()))

    def __len__(self) -> int:
        return len(self.files)

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and path in self.files


__all__ = ["IGNORED_DIRS", "Workspace"]
