"""Facts the repository already states (SPEC R8 ``in-repo-docs``; issue 15).

A rule written in the repository's own instruction files — ``CLAUDE.md``, ``AGENTS.md``,
``.github/copilot-instructions.md``, ``.cursorrules``, ``CONTRIBUTING.md``, ``README.md`` —
reaches every agent already; storing it again as memory only makes two copies that drift.

:func:`stated_in_repo` is true when one line (or sentence) of those files states the
candidate: it carries most of the candidate's content words and does not differ from it in
a name or value (:func:`memlsp.core.matching.conflict`). Files are read at most 256 KiB
each and cached by (path, mtime, size).

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

from .. import matching
from ..text import content_tokens

INSTRUCTION_FILES = (
    "CLAUDE.md",
    "AGENTS.md",
    ".github/copilot-instructions.md",
    ".cursorrules",
    "CONTRIBUTING.md",
    "README.md",
)
MAX_BYTES = 256 * 1024
COVERED = 0.75  # share of the candidate's content words one line must carry
MIN_SHARED = 2  # with fewer than 3 content words, a line must carry all of them

_SPLIT = re.compile(r"\n+|(?<=[.!?。！？；])\s*")
_cache: dict[str, tuple[tuple[int, int], list[tuple[str, frozenset[str]]]]] = {}
_lock = threading.Lock()


def _statements(path: Path) -> list[tuple[str, frozenset[str]]]:
    try:
        st = os.stat(path)
    except OSError:
        return []
    key = (st.st_mtime_ns, st.st_size)
    with _lock:
        hit = _cache.get(str(path))
    if hit is not None and hit[0] == key:
        return hit[1]
    try:
        with open(path, "rb") as fh:
            text = fh.read(MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    out = []
    for piece in _SPLIT.split(text):
        piece = piece.strip(" \t-*#>`|")
        if piece:
            tokens = frozenset(content_tokens(piece))
            if len(tokens) >= MIN_SHARED:
                out.append((piece, tokens))
    with _lock:
        _cache[str(path)] = (key, out)
    return out


def stated_in_repo(text: str, root: Path | str | None) -> str | None:
    """The instruction file (repository-relative) that already states ``text``, or None."""
    if root is None:
        return None
    root = Path(root)
    wanted = content_tokens(text)
    if len(wanted) < MIN_SHARED:
        return None
    for rel in INSTRUCTION_FILES:
        for line, tokens in _statements(root / rel):
            shared = len(wanted & tokens)
            need = COVERED if len(wanted) >= 3 else 1.0
            if shared < MIN_SHARED or shared / len(wanted) < need:
                continue
            if matching.conflict(line, text) is None:
                return rel
    return None


__all__ = ["INSTRUCTION_FILES", "stated_in_repo"]
