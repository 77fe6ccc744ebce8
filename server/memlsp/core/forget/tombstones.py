"""Tombstones (SPEC R23, R24): the content-free evidence of what was forgotten.

A tombstone holds digests only — of the scope-relative path, of the file's bytes and of
the normalised body — so extraction can ask :func:`is_tombstoned` / :func:`tombstoned_text`
(and recall :func:`tombstoned_digests`) without the memory keeping what it forgot. The
records live in ``.memlsp/tombstones.jsonl``; audit records in ``.memlsp/audit.jsonl``.

Must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import unicodedata
from pathlib import Path

from ..errors import NoteFormatError
from ..fsutil import atomic_append_line
from ..notes import parse_note
from ..store import Scope

TOMBSTONES = "tombstones.jsonl"
AUDIT = "audit.jsonl"


# ---- digests ------------------------------------------------------------------------------
def path_digest(rel_in_scope: str) -> str:
    """Content-free digest of a scope-relative note path (portable across homes and clones)."""
    return hashlib.sha256(b"memlsp/path/v1\0" + rel_in_scope.encode("utf-8")).hexdigest()


def normalise_text(text: str) -> str:
    """The form bodies are compared in: NFKC, case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def text_digest(text: str) -> str:
    return hashlib.sha256(b"memlsp/body/v1\0" + normalise_text(text).encode("utf-8")).hexdigest()


def body_digest(data: bytes) -> str:
    try:
        body = parse_note(data).body
    except NoteFormatError:
        body = data.decode("utf-8", errors="replace")
    return text_digest(body)


# ---- tombstones ---------------------------------------------------------------------------
_tomb_cache: dict[Path, tuple[tuple[int, int], list[dict]]] = {}
_tomb_lock = threading.Lock()


def read_tombstones(scope: Scope) -> list[dict]:
    """Every well-formed tombstone record of the scope (bad lines are skipped)."""
    path = scope.state_dir / TOMBSTONES
    try:
        st = os.stat(path)
    except OSError:
        return []
    key = (st.st_mtime_ns, st.st_size)
    with _tomb_lock:
        hit = _tomb_cache.get(path)
    if hit is not None and hit[0] == key:
        return hit[1]
    records: list[dict] = []
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if isinstance(rec, dict):
                    records.append(rec)
    except OSError:
        return []
    records = _live(records)
    with _tomb_lock:
        _tomb_cache[path] = (key, records)
    return records


def _live(records: list[dict]) -> list[dict]:
    """The tombstones in force: a ``revokes`` record (a best-effort forget undone by
    ``memlsp restore --version``) cancels the earlier tombstones of those bytes; a later
    forget of the same bytes stands again."""
    live: list[dict] = []
    for rec in records:
        revoked = rec.get("revokes")
        if isinstance(revoked, str):
            live = [r for r in live if r.get("sha256") != revoked]
        else:
            live.append(rec)
    return live


def revoke(scope: Scope, sha256: str, *, at: str) -> bool:
    """Undo the tombstone of a best-effort forget whose note was restored (the caller holds
    the scope's flock); False when no tombstone names these bytes."""
    if not any(r.get("sha256") == sha256 for r in read_tombstones(scope)):
        return False
    record = {"v": 1, "at": at, "revokes": sha256, "reason": "restore"}
    atomic_append_line(scope.state_dir / TOMBSTONES, json.dumps(record, sort_keys=True))
    return True


def tombstoned_digests(scope: Scope) -> set[str]:
    """Every file-bytes and body digest recorded by a forget in this scope."""
    out: set[str] = set()
    for record in read_tombstones(scope):
        out.update(
            v for v in (record.get("sha256"), record.get("bodySha256")) if isinstance(v, str)
        )
    return out


def is_tombstoned(scope: Scope, content_sha256: str) -> bool:
    """True when a note with these exact bytes (or this normalised-body digest) was forgotten."""
    return any(
        content_sha256 in (r.get("sha256"), r.get("bodySha256")) for r in read_tombstones(scope)
    )


def tombstoned_text(scope: Scope, text: str) -> bool:
    """True when a forgotten note had this body (compared after :func:`normalise_text`).
    Extraction calls this before writing, so a forgotten note is never re-created."""
    digest = text_digest(text)
    return any(r.get("bodySha256") == digest for r in read_tombstones(scope))


def path_tombstone(scope: Scope, rel_in_scope: str, sha256: str) -> dict | None:
    digest = path_digest(rel_in_scope)
    for rec in read_tombstones(scope):
        if rec.get("pathDigest") == digest and rec.get("sha256") == sha256:
            return rec
    return None
