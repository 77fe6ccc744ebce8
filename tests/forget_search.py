"""The byte search of the forget audit (SPEC R24, docs/explanation/forget.md: "a verified
forget is final: no copy of the forgotten bytes is left in the home"): every file under a
folder — notes, SQLite files with their write-ahead logs, JSON, logs, history blobs, file
names — searched for words as UTF-8, UTF-16 (both byte orders) and, for a zlib stream such
as a git loose object, decompressed; a git repository's objects (packed ones included) are
read back through ``git cat-file``."""

from __future__ import annotations

import subprocess
import zlib
from collections.abc import Iterable
from pathlib import Path

ENCODINGS = ("utf-8", "utf-16-le", "utf-16-be")


def _inflated(blob: bytes) -> bytes | None:
    if blob[:1] != b"x":  # a zlib stream's first byte (deflate, 32K window)
        return None
    try:
        return zlib.decompress(blob)
    except zlib.error:
        return None


def _skipped(rel: str, skip: Iterable[str]) -> bool:
    return any(f"/{s}" in f"/{rel}" for s in skip)


def copies(root: Path, *words: str, skip: Iterable[str] = ()) -> list[tuple[str, str, str]]:
    """``(path, word, how)`` for every file under ``root`` holding one of ``words``: ``how``
    is the encoding, ``zlib`` for a decompressed stream, ``name`` for a file or folder name.
    ``skip``: path fragments (``.memlsp/sessions/``) left out of the search."""
    skip = tuple(skip)
    found: list[tuple[str, str, str]] = []
    if not root.exists():
        return found
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if _skipped(rel + ("/" if path.is_dir() else ""), skip):
            continue
        found += [(rel, w, "name") for w in words if w.lower() in path.name.lower()]
        if path.is_symlink() or not path.is_file():
            continue
        blob = path.read_bytes()
        for word in words:
            for enc in ENCODINGS:
                if word.encode(enc) in blob:
                    found.append((rel, word, enc))
            inflated = _inflated(blob)
            if inflated is not None and word.encode() in inflated:
                found.append((rel, word, "zlib"))
    return found


def git_objects_holding(repo: Path, *words: str) -> list[tuple[str, str]]:
    """``(object id, word)`` for every object of the git repository ``repo`` (a bare one or
    a ``.git`` folder; loose and packed, reachable or not) whose content holds a word."""
    listing = subprocess.run(
        ["git", "--git-dir", str(repo), "cat-file", "--batch-all-objects", "--batch-check"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout.split("\n")
    ids = [line.split()[0] for line in listing if line.strip()]
    found = []
    for oid in ids:
        data = subprocess.run(
            ["git", "--git-dir", str(repo), "cat-file", "-p", oid], capture_output=True, check=True
        ).stdout
        found += [(oid, w) for w in words if any(w.encode(e) in data for e in ENCODINGS)]
    return found
