"""The history of automatic changes (issue 15, R37, R38): every version of a note that an
automatic step replaced or removed, restorable byte for byte within
``retention.historyDays`` (ADR 0003).

Layout, under a scope's ``.memlsp/history/``::

    objects/<aa>/<sha256>   the previous bytes, content-addressed (written once)
    log.jsonl               one line per change: id, when, path, step, why, hashes

A writer calls :func:`record` while it holds the scope's flock, *before* it replaces or
removes the note: the blob is written atomically and fsynced, then the log line is
appended and fsynced, so a crash leaves either no history entry (and the old note) or an
entry whose blob exists. The log is private to the machine (team sync never carries it).

:func:`purge` is what makes a verified forget final: every entry of the forgotten path, and
every entry whose blob holds the forgotten bytes, leaves the log, and blobs no longer
referenced are deleted. :func:`prune` drops what is older than the retention window; a
write triggers it when the oldest entry has expired (one line read per write).

Imports only the core's file primitives and note helpers; never an adapter.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import re
import secrets
import stat as stat_mod
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InvalidRequestError, NotFoundError, SymlinkRefusedError
from .fsutil import atomic_append_line, atomic_write, first_link, fsync_dir, remove
from .notes import MAX_NOTE_BYTES, iso, parse_time, utcnow

if TYPE_CHECKING:
    from .store import Scope

HISTORY_DIR = "history"
LOG_NAME = "log.jsonl"
OBJECTS = "objects"
DEFAULT_DAYS = 30

STEPS = (
    "extraction-update",  # extraction rewrote a note on the same topic (R10)
    "supersede",  # a newer statement replaced a value: the old file was rewritten or removed
    "remember-update",  # `remember` matched an existing note by name or description
    "dream-update",  # a dream rewrote a topic note
    "dream-merge",  # a dream merged notes into a topic note
    "dream-rename",  # a dream renamed a note (the old file was archived)
    "dream-delete",  # a dream soft-deleted a note
    "dream-archive",  # a dream consumed an inbox file
    "forget-best-effort",  # a forget by matching text (R23), not by exact path and hash
    "session-redact",  # prompt lines dropped from a session record by a forget or supersession
    "update",  # any other automatic read-modify-write of a note
    "restore",  # the version a restore replaced (so a restore is reversible too)
    "sync-update",  # a team sync wrote the branch's version of a note (ADR 0005)
    "sync-delete",  # a team sync removed a note deleted elsewhere (not a forget)
)

# the step of an update by check-before-write, by the writing note's ``source``
UPDATE_STEPS = {"extraction": "extraction-update", "remember": "remember-update"}

_ID = re.compile(r"^v[0-9a-f]{10}$")
_SHA = re.compile(r"^[0-9a-f]{64}$")
_SECTIONS = ("", "inbox", "sessions")


@dataclass(frozen=True)
class Version:
    """One change: ``sha256`` names the bytes it replaced (kept), ``after`` the bytes that
    replaced them (None: the file was removed), ``into`` the bytes of the note that absorbed
    them (a dream folding an inbox observation or a merged note into a topic note)."""

    id: str
    at: str
    path: str  # scope-relative, e.g. ``inbox/deploy-freeze.md``
    step: str
    why: str
    sha256: str
    bytes: int
    after: str | None = None
    run: str | None = None
    into: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def history_dir(scope: Scope) -> Path:
    return scope.state_dir / HISTORY_DIR


def log_path(scope: Scope) -> Path:
    return history_dir(scope) / LOG_NAME


def blob_path(scope: Scope, sha: str) -> Path:
    return history_dir(scope) / OBJECTS / sha[:2] / sha


def check_rel(rel: str) -> str:
    """A scope-relative note path a history entry may name: ``<name>.md`` at the top, in
    ``inbox/`` or ``sessions/``; nothing hidden, nothing that climbs out."""
    parts = rel.split("/") if isinstance(rel, str) else []
    ok = (
        1 <= len(parts) <= 2
        and all(p and not p.startswith(".") and "\\" not in p and "\x00" not in p for p in parts)
        and parts[-1].endswith(".md")
        and (len(parts) == 1 or parts[0] in _SECTIONS[1:])
        and rel != "MEMORY.md"
    )
    if not ok:
        raise InvalidRequestError(f"{rel!r} is not a note path", reason="invalid-path")
    return rel


def record(
    scope: Scope,
    rel: str,
    data: bytes,
    *,
    step: str,
    why: str = "",
    after: bytes | str | None = None,
    run: str | None = None,
    into: str | None = None,
    now: dt.datetime | None = None,
    days: int = DEFAULT_DAYS,
) -> Version | None:
    """Keep ``data`` (the bytes at ``rel`` about to be replaced by ``after``, or removed).
    ``after`` may also be the SHA-256 of the note that takes over (a rename), and ``into``
    that of the note a removed file was folded into (a dream's source), linking the two for
    :func:`purge`.

    The caller holds the scope's flock. Returns None when nothing changes (``after`` equals
    ``data``) or when the history is switched off (``days`` = 0)."""
    if step not in STEPS:
        raise ValueError(f"unknown history step {step!r}")
    if days <= 0 or (after is not None and after == data):
        return None
    now = now or utcnow()
    sha = hashlib.sha256(data).hexdigest()
    blob = blob_path(scope, sha)
    if not blob.exists():
        atomic_write(blob, data, mode=0o600)
    version = Version(
        id="v" + secrets.token_hex(5),
        at=iso(now),
        path=check_rel(rel),
        step=step,
        why=" ".join(why.split())[:300],
        sha256=sha,
        bytes=len(data),
        after=hashlib.sha256(after).hexdigest() if isinstance(after, bytes) else after,
        run=run,
        into=into if isinstance(into, str) and _SHA.match(into) else None,
    )
    line = {k: v for k, v in version.to_json().items() if v is not None}
    atomic_append_line(log_path(scope), json.dumps({"v": 1, **line}, ensure_ascii=False))
    if _oldest_expired(scope, now, days):
        prune(scope, now=now, days=days)
    return version


def record_file(scope: Scope, file: Path, **kwargs: Any) -> Version | None:
    """:func:`record` of the file at ``file`` (under ``scope.root``) as it is now; nothing
    when it does not exist, is a symlink or not a regular note-sized file (a note is never
    read through a link: a planted symlink must not copy what it points at)."""
    try:
        fd = os.open(file, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat_mod.S_ISREG(st.st_mode) or st.st_size > MAX_NOTE_BYTES:
            return None
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(MAX_NOTE_BYTES + 1)
    finally:
        os.close(fd)
    rel = file.relative_to(scope.root).as_posix()
    return record(scope, rel, data, **kwargs)


def versions(scope: Scope, path: str | None = None) -> list[Version]:
    """The scope's changes, oldest first (of one scope-relative ``path`` when given).
    Malformed lines are skipped: the log is bookkeeping, the blobs are checked on read."""
    out: list[Version] = []
    try:
        fh = open(log_path(scope), encoding="utf-8", errors="replace")  # noqa: SIM115
    except (FileNotFoundError, NotADirectoryError):
        return out
    with fh:
        for line in fh:
            version = _parse(line)
            if version is not None and (path is None or version.path == path):
                out.append(version)
    return out


def _parse(line: str) -> Version | None:
    try:
        rec = json.loads(line)
        version = Version(
            id=rec["id"],
            at=rec["at"],
            path=rec["path"],
            step=rec["step"],
            why=rec.get("why", ""),
            sha256=rec["sha256"],
            bytes=int(rec.get("bytes", 0)),
            after=rec.get("after"),
            run=rec.get("run"),
            into=rec.get("into"),
        )
    except (ValueError, KeyError, TypeError):
        return None
    if not (_ID.match(str(version.id)) and _SHA.match(str(version.sha256))):
        return None
    return version


def find(scope: Scope, version_id: str) -> Version | None:
    for version in versions(scope):
        if version.id == version_id:
            return version
    return None


def valid_id(version_id: str) -> bool:
    return bool(_ID.match(version_id or ""))


def read_blob(scope: Scope, version: Version) -> bytes:
    """The exact bytes of ``version``, verified against their hash."""
    try:
        data = blob_path(scope, version.sha256).read_bytes()
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise NotFoundError(
            f"the bytes of version {version.id} are gone (pruned or purged)",
            reason="version-missing",
        ) from exc
    if hashlib.sha256(data).hexdigest() != version.sha256:
        raise NotFoundError(
            f"the stored bytes of version {version.id} are damaged", reason="version-damaged"
        )
    return data


def within(version: Version, now: dt.datetime, days: int) -> bool:
    at = parse_time(version.at)
    return at is not None and now - at <= dt.timedelta(days=days)


def _oldest_expired(scope: Scope, now: dt.datetime, days: int) -> bool:
    try:
        with open(log_path(scope), encoding="utf-8", errors="replace") as fh:
            first = fh.readline()
    except OSError:
        return False
    version = _parse(first)
    return version is not None and not within(version, now, days)


def _rewrite(scope: Scope, keep: list[Version], dropped: list[Version]) -> int:
    """Rewrite the log with ``keep`` and delete the blobs only ``dropped`` referenced."""
    if not dropped:
        return 0
    text = "".join(
        json.dumps(
            {"v": 1, **{k: v for k, v in x.to_json().items() if v is not None}},
            ensure_ascii=False,
        )
        + "\n"
        for x in keep
    )
    atomic_write(log_path(scope), text, mode=0o600)
    kept = {x.sha256 for x in keep}
    for sha in {x.sha256 for x in dropped} - kept:
        _drop_blob(scope, sha)
    return len(dropped)


def _drop_blob(scope: Scope, sha: str) -> None:
    """Delete one blob — never through a link planted in the history folder."""
    blob = blob_path(scope, sha)
    with contextlib.suppress(FileNotFoundError, SymlinkRefusedError):
        remove(blob)
        fsync_dir(blob.parent)


def prune(scope: Scope, *, now: dt.datetime | None = None, days: int = DEFAULT_DAYS) -> int:
    """Drop the versions older than ``days`` (the caller holds the scope's flock)."""
    now = now or utcnow()
    every = versions(scope)
    keep = [x for x in every if within(x, now, days)]
    dropped = [x for x in every if not within(x, now, days)]
    removed = _rewrite(scope, keep, dropped)
    _sweep_orphans(scope, {x.sha256 for x in keep})
    return removed


def lineage(scope: Scope, rel: str, shas: set[str]) -> list[Version]:
    """Every version of ``rel``, every version whose bytes are one of ``shas`` and,
    following ``after`` and ``into`` links, every earlier version that became one of those
    (a note renamed by a supersession, an observation a dream folded into it)."""
    every = versions(scope)
    shas = set(shas)
    gone_ids: set[str] = set()
    changed = True
    while changed:
        changed = False
        for x in every:
            if x.id not in gone_ids and (
                x.path == rel or x.sha256 in shas or x.after in shas or x.into in shas
            ):
                gone_ids.add(x.id)
                shas.add(x.sha256)
                changed = True
    return [x for x in every if x.id in gone_ids]


def purge(scope: Scope, rel: str, shas: set[str]) -> list[Version]:
    """A verified forget (R24) is final: drop the :func:`lineage` of ``rel`` and ``shas``
    from the log, and the blobs no version names any more. Returns the versions dropped.
    The caller holds the flock."""
    gone = lineage(scope, rel, shas)
    gone_ids = {x.id for x in gone}
    keep = [x for x in versions(scope) if x.id not in gone_ids]
    _rewrite(scope, keep, gone)
    for sha in ({x.sha256 for x in gone} | set(shas)) - {x.sha256 for x in keep}:
        _drop_blob(scope, sha)  # a blob the log no longer names
    return gone


def _sweep_orphans(scope: Scope, referenced: set[str]) -> None:
    """Blobs no entry names (a crash between blob and log line) go with the prune."""
    root = history_dir(scope) / OBJECTS
    if first_link(root) is not None:  # never delete through a link planted in the home
        return
    try:
        folders = list(os.scandir(root))
    except FileNotFoundError:
        return
    for folder in folders:
        if not folder.is_dir(follow_symlinks=False):
            continue
        for blob in os.scandir(folder.path):
            if blob.name not in referenced and _SHA.match(blob.name):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(blob.path)


__all__ = [
    "HISTORY_DIR",
    "STEPS",
    "Version",
    "blob_path",
    "check_rel",
    "find",
    "history_dir",
    "lineage",
    "log_path",
    "prune",
    "purge",
    "read_blob",
    "record",
    "record_file",
    "valid_id",
    "versions",
    "within",
]
