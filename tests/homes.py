"""Helpers for tests that compare a memory home before and after: a snapshot of every
entry (folders, files with their bytes, symlinks with their target) and a managed file
that says ``off``, trusted the way an administrator's file is."""

from __future__ import annotations

import json
import os
from pathlib import Path


def snapshot(root: Path) -> dict[str, object]:
    """Every entry under ``root`` (not following symlinks): path -> bytes, 'dir' or link."""
    found: dict[str, object] = {}
    if not os.path.lexists(root):
        return found
    for folder, dirs, files in os.walk(root, followlinks=False):
        for name in dirs + files:
            path = Path(folder) / name
            rel = str(path.relative_to(root))
            try:
                if path.is_symlink():
                    found[rel] = ("link", os.readlink(path))
                elif path.is_dir():
                    found[rel] = "dir"
                else:
                    found[rel] = path.read_bytes()
            except FileNotFoundError:
                continue  # gone while walking (SQLite's -shm/-wal come and go)
    return found


def changes(before: dict, after: dict) -> list[str]:
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def managed_off(tmp_path: Path) -> Path:
    """A managed file saying rollout off, in a folder only its owner may write."""
    folder = tmp_path / "etc-memlsp"
    folder.mkdir(mode=0o755, exist_ok=True)
    os.chmod(folder, 0o755)
    path = folder / "managed.json"
    path.write_text(json.dumps({"rollout": "off"}))
    os.chmod(path, 0o644)
    return path
