"""What a sync may take from the remote: everything pulled is untrusted (ADR 0005).

Each entry of the merged branch passes, before any byte of it reaches the scope:

1. its shape (:func:`check_entry`): a path of exactly ``notes/<slug>.md`` or
   ``tombstones/<64 hex>.json`` — nothing hidden, nothing deeper, nothing that climbs
   out; a regular file (a symlink, a submodule or a tree is refused); a size within the
   note limit (256 KiB, read from git's object header before the bytes are read);
2. its content (:func:`check_note`, :func:`check_tombstone`): a parseable note whose name
   is its file name, and the same gate as a local write — no secret, no invisible
   characters, no poisoning (an instruction addressed to the agent, an exfiltration link,
   a dangerous step; a note marked ``trust: untrusted`` may quote instructions, as data).

A refused entry is quarantined (:func:`quarantine`): a folder under the scope's
``.memlsp/quarantine/`` with a ``reason.json`` (and the bytes, when they are a note-sized
text without a secret), reported by ``memlsp doctor`` and never loaded.
The same checks hold back an outgoing note that others would refuse.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import NoteFormatError
from ..fsutil import atomic_write
from ..notes import MAX_NOTE_BYTES, is_valid_slug, iso, parse_note, utcnow
from ..policy import poisoning
from ..policy.invisible import has_invisible
from ..policy.secrets import find_secrets
from ..store import Scope
from .repo import NOTES, TOMBSTONES, TreeEntry

QUARANTINE = "quarantine"
MAX_TOMBSTONE_BYTES = 4096
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
# quoted data under ``trust: untrusted`` may hold these: recall shows it as data
_DATA_CATEGORIES = ("untrusted-instruction", "dangerous-action", "injected-instruction")
# reasons whose bytes are not kept in the quarantine (a secret is never stored)
_NO_COPY = ("secret", "symlink", "not-a-file", "too-large")


@dataclass(frozen=True)
class Refusal:
    path: str  # as the branch names it (may be hostile: only ever printed, JSON-escaped)
    oid: str
    reason: str  # stable: bad-path, symlink, not-a-file, too-large, bad-note, secret, ...
    message: str


def check_entry(entry: TreeEntry, size: int | None) -> Refusal | None:
    """The shape of one entry of the branch (see the module doc)."""
    parts = entry.path.split("/")
    ok_path = (
        len(parts) == 2
        and parts[0] in (NOTES, TOMBSTONES)
        and not parts[1].startswith(".")
        and all(c not in parts[1] for c in ("\\", "\x00", ":"))
    )
    if ok_path and parts[0] == NOTES:
        ok_path = parts[1].endswith(".md") and is_valid_slug(parts[1][:-3])
    if ok_path and parts[0] == TOMBSTONES:
        ok_path = parts[1].endswith(".json") and bool(_HEX64.match(parts[1][:-5]))
    if not ok_path:
        return Refusal(entry.path, entry.oid, "bad-path", "not a path a synced scope may hold")
    if entry.mode == "120000":
        return Refusal(entry.path, entry.oid, "symlink", "a symbolic link, not a note")
    if entry.kind != "blob" or entry.mode not in ("100644", "100755"):
        return Refusal(entry.path, entry.oid, "not-a-file", "not a regular file")
    limit = MAX_TOMBSTONE_BYTES if parts[0] == TOMBSTONES else MAX_NOTE_BYTES
    if size is None or size > limit:
        return Refusal(
            entry.path, entry.oid, "too-large", f"{size} bytes (limit {limit}); not read"
        )
    return None


def check_notes(items: list[tuple[str, str, bytes]]) -> dict[str, Refusal | None]:
    """:func:`check_note` of many notes: the secret and invisible-character scans run
    over chunks of notes at once, and note by note only in a chunk where they find
    something (as :func:`memlsp.core.policy.gate.derived_lines` does) — a first sync of
    tens of thousands of notes pays one scan per chunk, not one per note."""
    out: dict[str, Refusal | None] = {}
    for start in range(0, len(items), _CHUNK):
        chunk = items[start : start + _CHUNK]
        texts = [d.decode("utf-8", "replace") for _p, _o, d in chunk]
        joined = "\n\n".join(texts)
        clean = not find_secrets(joined) and not has_invisible(joined)
        for path, oid, data in chunk:
            out[path] = check_note(path, oid, data, scanned=clean)
    return out


_CHUNK = 200


def check_note(path: str, oid: str, data: bytes, *, scanned: bool = False) -> Refusal | None:
    """The content of a note: the same gate as a local write. ``scanned``: the secret and
    invisible-character scans already passed (:func:`check_notes`)."""
    stem = path.rsplit("/", 1)[-1].removesuffix(".md")
    try:
        note = parse_note(data, stem=stem)
    except NoteFormatError as exc:
        return Refusal(path, oid, "bad-note", f"not a usable note ({exc.reason})")
    if note.name != stem:
        return Refusal(path, oid, "bad-note", "its name is not its file name")
    text = data.decode("utf-8")
    if not scanned and find_secrets(text):
        return Refusal(path, oid, "secret", "it contains a secret; secrets are never stored")
    if not scanned and has_invisible(text):
        return Refusal(path, oid, "hidden-characters", "it holds invisible characters")
    finding = poisoning.inspect(f"{note.description}\n{note.body}", source="user")
    if finding is not None:
        quoted = note.meta.get("trust") == "untrusted" and finding.category in _DATA_CATEGORIES
        if not quoted:
            return Refusal(path, oid, f"poisoning:{finding.category}", finding.detail)
    return None


def check_tombstone(path: str, oid: str, data: bytes) -> dict | Refusal:
    """A tombstone record: content-free digests and a time, its file named by its path
    digest. Returns the record, or the refusal."""
    digest = path.rsplit("/", 1)[-1].removesuffix(".json")
    try:
        rec = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        rec = None
    ok = (
        isinstance(rec, dict)
        and rec.get("pathDigest") == digest
        and all(
            rec.get(k) is None or (isinstance(rec.get(k), str) and _HEX64.match(rec[k]))
            for k in ("sha256", "bodySha256")
        )
        and isinstance(rec.get("at"), str)
        and len(rec["at"]) <= 40
    )
    if not ok:
        return Refusal(path, oid, "bad-tombstone", "not a tombstone record")
    assert isinstance(rec, dict)
    return rec


def quarantine(scope: Scope, refusal: Refusal, data: bytes | None) -> Path:
    """Keep a refused entry out of the scope, for a person to look at (``memlsp doctor``)."""
    folder = scope.state_dir / QUARANTINE / refusal.oid[:16]
    record = {
        "v": 1,
        "at": iso(utcnow()),
        "origin": "sync",
        "path": refusal.path,
        "blob": refusal.oid,
        "reason": refusal.reason,
        "message": refusal.message,
    }
    base = refusal.reason.split(":", 1)[0]
    if data is not None and base not in _NO_COPY and len(data) <= MAX_NOTE_BYTES:
        atomic_write(folder / "content.txt", data, mode=0o600)
    atomic_write(folder / "reason.json", json.dumps(record, indent=2) + "\n", mode=0o600)
    return folder


def quarantined(scope: Scope) -> list[dict]:
    """The reason records of the scope's quarantine (newest last)."""
    root = scope.state_dir / QUARANTINE
    found: list[dict] = []
    try:
        folders = sorted(root.iterdir())
    except OSError:
        return found
    for folder in folders:
        try:
            rec = json.loads((folder / "reason.json").read_text("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(rec, dict):
            rec["folder"] = folder.name
            found.append(rec)
    return sorted(found, key=lambda r: str(r.get("at", "")))


__all__ = [
    "QUARANTINE",
    "Refusal",
    "check_entry",
    "check_note",
    "check_notes",
    "check_tombstone",
    "quarantine",
    "quarantined",
]
