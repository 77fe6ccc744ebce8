"""Forgetting with evidence (SPEC R23, R24): verified forget, tombstones, best-effort search.

Verified forget takes the exact home-relative path of one note and the SHA-256 of the bytes
the caller read. The protocol, in order (docs/explanation/forget.md):

1. validate the path lexically (no globs, folders, traversal in any spelling, protected
   files, unknown archives) and find its scope;
2. take the scope's flock, then walk the path from the memory home one component at a time
   with ``O_NOFOLLOW`` directory descriptors, so a symlink at *any* component is refused and
   a component swapped for a symlink after the check cannot redirect the walk;
3. hash the bytes read through that descriptor, refuse a hard link or a stale hash, check
   the dream lease;
4. append a content-free tombstone to ``.memlsp/tombstones.jsonl`` and an audit record to
   ``.memlsp/audit.jsonl`` (both fsynced) — *before* anything is deleted;
5. move the name aside inside the pinned folder, check that what moved is the very inode
   that was hashed (else put it back and refuse), unlink it, fsync the folder;
6. rebuild ``MEMORY.md`` and run the :data:`AFTER_FORGET` hooks (retrieval caches), so the
   note cannot be recalled again.

Every refusal is a :class:`ForgetRefused` whose ``reason`` is one of :data:`REFUSALS`.
Tombstones hold digests only (path digest, file hash, normalised-body hash), so extraction
can ask :func:`is_tombstoned` / :func:`tombstoned_text` without the memory keeping what it
forgot.

This module must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import fcntl
import hashlib
import json
import logging
import os
import re
import stat as stat_mod
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from . import telemetry
from .errors import MemlspError, NoteFormatError
from .fsutil import flock_wait
from .notes import iso, parse_note, parse_time, utcnow
from .store import INDEX_NAME, STATE_DIR, Entry, Scope, Store

log = logging.getLogger(__name__)

REFUSALS = (
    "broad",
    "stale-hash",
    "traversal",
    "symlink",
    "hard-link",
    "protected",
    "unknown-archive",
    "leased",
    "expired-lease",
    "not-found",
)
"""Stable refusal reasons (``ForgetRefused.reason``; JSON-RPC ``data.reason``)."""

FORGET_REASONS = ("user", "matching", "dream", "stale-citation", "retention")
"""Why a note was forgotten; recorded in tombstones and audit records (an enum, never text)."""

TOMBSTONES = "tombstones.jsonl"
AUDIT = "audit.jsonl"
LEASE = "lease.json"
STATE = "state.json"
JOURNAL = "journal"
PROTECTED_STATE = frozenset({STATE, AUDIT, TOMBSTONES, "lock", LEASE})

_GLOB_CHARS = frozenset("*?[]{}")
# Characters that are, or look like, a path separator or a dot but are not the ASCII ones.
# NFKC folds some of them (fullwidth solidus, one-dot leader); these it leaves alone.
_LOOKALIKES = frozenset(
    "\u2215\u2044\u29f8\u29f5\u29f9\u2216\u2571\u2572\u0337\u0338\u3002\uff61\u2cfa\u1735"
)
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_DRIVE = re.compile(r"^[A-Za-z]:")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class ForgetRefused(MemlspError):
    """Verified forget refused; ``reason`` is one of :data:`REFUSALS`."""

    reason = "refused"

    def __init__(self, reason: str, message: str, **details: object) -> None:
        assert reason in REFUSALS, reason
        super().__init__(message, reason=reason, **details)


@dataclass(frozen=True)
class ForgetEvent:
    """What the AFTER_FORGET hooks are told: enough to drop a note from a derived cache."""

    scope: Scope
    path: str  # home-relative
    rel_in_scope: str
    sha256: str


@dataclass(frozen=True)
class ForgetResult:
    path: str
    sha256: str
    status: str  # "forgotten" | "already-forgotten"
    tombstone: dict
    hook_failures: tuple[str, ...] = ()
    section: str = "topic"  # "topic", "inbox", "sessions" or "archive"


@dataclass(frozen=True)
class NoteLocation:
    """A lexically valid forget target: its scope and the components below the home."""

    scope: Scope
    path: str  # home-relative, '/'-separated, exactly as given
    parts: tuple[str, ...]  # components below the memory home
    rel_in_scope: str
    section: str  # "", "inbox", "sessions" or "archive"


AFTER_FORGET: list[Callable[[ForgetEvent], None]] = []
"""Called after each successful forget (outside the scope lock). The retrieval side
registers a hook here to drop the note from its derived cache."""

_step_hook: Callable[[str], None] | None = None  # crash-injection seam for tests


def register_after_forget(hook: Callable[[ForgetEvent], None]) -> Callable[[], None]:
    """Add a hook; returns a function that removes it again."""
    AFTER_FORGET.append(hook)

    def remove() -> None:
        if hook in AFTER_FORGET:
            AFTER_FORGET.remove(hook)

    return remove


def _step(name: str) -> None:
    if _step_hook is not None:
        _step_hook(name)


# ---- digests ------------------------------------------------------------------------------
def path_digest(rel_in_scope: str) -> str:
    """Content-free digest of a scope-relative note path (portable across homes and clones)."""
    return hashlib.sha256(b"memlsp/path/v1\0" + rel_in_scope.encode("utf-8")).hexdigest()


def normalise_text(text: str) -> str:
    """The form bodies are compared in: NFKC, case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def text_digest(text: str) -> str:
    return hashlib.sha256(b"memlsp/body/v1\0" + normalise_text(text).encode("utf-8")).hexdigest()


def _body_digest(data: bytes) -> str:
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
    with _tomb_lock:
        _tomb_cache[path] = (key, records)
    return records


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


def _is_path_tombstoned(scope: Scope, rel_in_scope: str, sha256: str) -> dict | None:
    digest = path_digest(rel_in_scope)
    for rec in read_tombstones(scope):
        if rec.get("pathDigest") == digest and rec.get("sha256") == sha256:
            return rec
    return None


# ---- validation ---------------------------------------------------------------------------
def _lexical_check(rel_path: object) -> tuple[str, ...]:
    """Refuse what can be judged from the string alone; return the '/'-separated parts."""
    if not isinstance(rel_path, str) or not rel_path.strip():
        raise ForgetRefused("broad", "empty path: name exactly one note")
    for ch in rel_path:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise ForgetRefused(
                "traversal", "the path holds a control, format or unassigned character"
            )
        if ch == "\\" or ch in _LOOKALIKES:
            raise ForgetRefused("traversal", "the path holds a backslash or a look-alike slash")
        if ch not in "/." and any(c in "/\\." for c in unicodedata.normalize("NFKC", ch)):
            raise ForgetRefused("traversal", "the path holds a look-alike of '/', '\\' or '.'")
    if _PERCENT.search(rel_path):
        raise ForgetRefused("traversal", "percent-encoded paths are not accepted")
    if rel_path.startswith(("/", "~")) or _DRIVE.match(rel_path):
        raise ForgetRefused("traversal", "the path must be relative to the memory home")
    parts = tuple(rel_path.split("/"))
    if any(p in (".", "..") for p in parts):
        raise ForgetRefused("traversal", "'.' and '..' are not allowed in a note path")
    if any(c in _GLOB_CHARS for c in rel_path):
        raise ForgetRefused("broad", "glob characters: forget takes one exact note path")
    if parts[-1] == "":
        raise ForgetRefused("broad", "the path names a folder: forget takes one note")
    if "" in parts:
        raise ForgetRefused("traversal", "empty path component ('//')")
    if any(p.startswith(".") for p in parts):
        raise ForgetRefused("protected", "memlsp's own state and hidden files cannot be forgotten")
    return parts


def _scope_for(store: Store, parts: tuple[str, ...]) -> Scope:
    if parts[0] == "global":
        return store.global_scope()
    if parts[0] == "projects":
        for scope in store.scopes():
            n = len(scope.rel.split("/"))
            if scope.kind == "project" and "/".join(parts[:n]) == scope.rel and len(parts) > n:
                return scope
    raise ForgetRefused("not-found", "the path is not inside a scope of the memory home")


def known_runs(scope: Scope) -> set[str]:
    """Dream run ids the scope knows: ``state.json`` key ``runs`` (a list of ids, a list of
    objects with ``id``/``runId``, or an object keyed by id), plus every journal record named
    ``<run-id>`` or ``<run-id>`` followed by ``.``, ``-`` or ``_``."""
    runs: set[str] = set()
    try:
        state = json.loads((scope.state_dir / STATE).read_text("utf-8"))
    except (OSError, ValueError):
        state = None
    value = state.get("runs") if isinstance(state, dict) else None
    if isinstance(value, dict):
        runs.update(str(k) for k in value)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                runs.add(item)
            elif isinstance(item, dict):
                rid = item.get("id") or item.get("runId")
                if isinstance(rid, str):
                    runs.add(rid)
    try:
        names = os.listdir(scope.state_dir / JOURNAL)
    except OSError:
        names = []
    runs.update(names)
    return runs


def _run_is_known(scope: Scope, run_id: str) -> bool:
    for known in known_runs(scope):
        if known == run_id or (
            known.startswith(run_id) and known[len(run_id) : len(run_id) + 1] in (".", "-", "_")
        ):
            return True
    return False


def validate_path(store: Store, rel_path: str) -> NoteLocation:
    """The lexical and layout checks of verified forget; raises :class:`ForgetRefused`.

    Accepted: ``<scope>/<name>.md``, ``<scope>/inbox/<name>.md``,
    ``<scope>/sessions/<name>.md`` and ``<scope>/archive/<known-run-id>/…/<name>.md``.
    """
    parts = _lexical_check(rel_path)
    if parts[0] in ("global", "projects") and len(parts) == 1:
        raise ForgetRefused("broad", "the path names a folder: forget takes one note")
    scope = _scope_for(store, parts)
    inner = parts[len(scope.rel.split("/")) :]
    if inner[0] == INDEX_NAME and len(inner) == 1:
        raise ForgetRefused("protected", "MEMORY.md is generated; it cannot be forgotten")
    if inner[0] == STATE_DIR:  # unreachable after the dot rule, kept as a second guard
        raise ForgetRefused("protected", "memlsp's own state cannot be forgotten")
    if not inner[-1].endswith(".md") or inner[-1] == ".md":
        raise ForgetRefused("broad", "forget takes one note file (<name>.md), not a folder")
    section = ""
    if len(inner) == 1:
        pass
    elif inner[0] in ("inbox", "sessions") and len(inner) == 2:
        section = inner[0]
    elif inner[0] == "archive" and len(inner) >= 3:
        section = "archive"
        if not _run_is_known(scope, inner[1]):
            raise ForgetRefused(
                "unknown-archive",
                "the archive folder is not a known dream run (state.json 'runs' or journal/)",
            )
    elif inner[0] == "archive":
        raise ForgetRefused("unknown-archive", "archive files live under archive/<run-id>/")
    else:
        raise ForgetRefused("not-found", "no note lives at that place in a scope")
    return NoteLocation(scope, rel_path, parts, "/".join(inner), section)


# ---- the dream lease (format owned by the dream; read directly here) ----------------------
def _lease_check(state_fd: int, rel_in_scope: str, lease_token: int | None, now: dt.datetime):
    try:
        fd = os.open(LEASE, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=state_fd)
        try:
            raw: str | None = _read_all(fd).decode("utf-8")
        finally:
            os.close(fd)
    except FileNotFoundError:
        raw = None
    except (OSError, UnicodeDecodeError) as exc:
        raise ForgetRefused("leased", "the dream lease cannot be read") from exc
    lease = None
    if raw is not None:
        try:
            lease = json.loads(raw)
            expires = parse_time(lease["expires"])
            token = lease["token"]
            paths = lease.get("paths") or []
            if expires is None or not isinstance(token, int) or not isinstance(paths, list):
                raise ValueError("bad field")
        except (ValueError, KeyError, TypeError) as exc:
            # Unreadable lease: a dream may be running; refuse rather than guess (fail closed).
            raise ForgetRefused("leased", "the dream lease file is malformed") from exc
    live = lease is not None and expires > now
    if lease_token is not None:
        if not live or token != lease_token:
            raise ForgetRefused(
                "expired-lease", "the lease token is expired or superseded by a newer dream"
            )
        return
    if live and rel_in_scope in paths:
        raise ForgetRefused("leased", "a running dream holds this note; try after it finishes")


# ---- the race-free walk -------------------------------------------------------------------
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def _is_link(name: str, dir_fd: int) -> bool:
    try:
        return stat_mod.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
    except OSError:
        return False


def _open_parent(home: Path, dirs: Iterable[str]) -> int:
    """An fd of the note's folder, reached without following any symlink below the home."""
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for comp in dirs:
            try:
                nfd = os.open(comp, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and _is_link(comp, fd):
                    raise ForgetRefused("symlink", "a folder on the path is a symlink") from exc
                raise ForgetRefused("not-found", "no note at that path") from exc
            os.close(fd)
            fd = nfd
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_all(fd: int) -> bytes:
    chunks = []
    offset = 0
    while True:
        chunk = os.pread(fd, 1 << 16, offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


_LEFTOVER = re.compile(r"^\..+\.forget\.\d+\.\d+\.tmp$")


def _sweep_leftovers(parent: int) -> None:
    """Remove names a forget killed between its rename and its unlink left behind. Under the
    scope lock no other forget is between those steps, so every such name is a leftover;
    unlink never follows a symlink, so this touches nothing outside the folder."""
    for entry in os.listdir(parent):
        if _LEFTOVER.match(entry):
            with contextlib.suppress(OSError):
                os.unlink(entry, dir_fd=parent)


def _unlink_verified(parent: int, name: str, fd: int, st: os.stat_result, data: bytes) -> None:
    """Delete ``name`` only if it is still the inode that was hashed, with the same bytes."""
    tmp = f".{name}.forget.{os.getpid()}.{time.monotonic_ns()}.tmp"
    try:
        os.rename(name, tmp, src_dir_fd=parent, dst_dir_fd=parent)
    except FileNotFoundError as exc:
        raise ForgetRefused("not-found", "the note vanished while it was being forgotten") from exc
    _step("renamed")
    moved = os.stat(tmp, dir_fd=parent, follow_symlinks=False)
    same = (moved.st_ino, moved.st_dev) == (st.st_ino, st.st_dev) and _read_all(fd) == data
    if not same:
        # Something else was swapped in: put it back without clobbering, then refuse.
        try:
            os.link(tmp, name, src_dir_fd=parent, dst_dir_fd=parent, follow_symlinks=False)
            os.unlink(tmp, dir_fd=parent)
        except FileExistsError:
            os.rename(tmp, f"{name}.forget-conflict-{time.monotonic_ns()}", src_dir_fd=parent,
                      dst_dir_fd=parent)  # fmt: skip
        if stat_mod.S_ISLNK(moved.st_mode):
            raise ForgetRefused("symlink", "the note was replaced by a symlink; nothing deleted")
        raise ForgetRefused("stale-hash", "the note changed while it was being forgotten")
    os.unlink(tmp, dir_fd=parent)
    _step("unlinked")
    os.fsync(parent)


_LOCK_TIMEOUT_S = 30.0


@contextlib.contextmanager
def _locked_scope(home: Path, scope_parts: tuple[str, ...]) -> Iterator[tuple[int, int]]:
    """Hold the scope's flock (the same lock file Store writers use), reached through
    ``O_NOFOLLOW`` descriptors: a symlinked scope or state folder is refused before anything
    is created in it. Yields (scope folder fd, state folder fd)."""
    scope_fd = _open_parent(home, scope_parts)
    try:
        try:
            os.mkdir(STATE_DIR, 0o755, dir_fd=scope_fd)
        except FileExistsError:
            pass
        try:
            state_fd = os.open(STATE_DIR, _DIR_FLAGS, dir_fd=scope_fd)
        except OSError as exc:
            if _is_link(STATE_DIR, scope_fd):
                raise ForgetRefused("symlink", "the scope's .memlsp folder is a symlink") from exc
            raise
        try:
            try:
                lock_fd = os.open(
                    "lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644,
                    dir_fd=state_fd,
                )  # fmt: skip
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    raise ForgetRefused("symlink", "the scope's lock file is a symlink") from exc
                raise
            try:
                flock_wait(
                    lock_fd,
                    fcntl.LOCK_EX,
                    timeout_s=_LOCK_TIMEOUT_S,
                    message=f"another memlsp process holds the lock of {'/'.join(scope_parts)}",
                    delay=0.005,
                    max_delay=0.005,
                )
                yield scope_fd, state_fd
            finally:
                os.close(lock_fd)  # closing releases the flock
        finally:
            os.close(state_fd)
    finally:
        os.close(scope_fd)


def _append(state_fd: int, name: str, record: dict) -> None:
    """Append one JSON line durably to a state file, never through a symlink."""
    line = (json.dumps(record, sort_keys=True) + "\n").encode("utf-8")
    try:
        fd = os.open(
            name, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644,
            dir_fd=state_fd,
        )  # fmt: skip
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ForgetRefused("symlink", f"the scope's {name} is a symlink") from exc
        raise
    try:
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.fsync(state_fd)


def _same_folder(path: Path, fd: int) -> bool:
    try:
        a = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    b = os.fstat(fd)
    return stat_mod.S_ISDIR(a.st_mode) and (a.st_ino, a.st_dev) == (b.st_ino, b.st_dev)


# ---- forget -------------------------------------------------------------------------------
def forget(
    store: Store,
    rel_path: str,
    sha256: str,
    *,
    reason: str = "user",
    lease_token: int | None = None,
    now: dt.datetime | None = None,
) -> ForgetResult:
    """Verified forget of one note (R24); raises :class:`ForgetRefused`."""
    started = time.perf_counter()
    try:
        result = _forget(store, rel_path, sha256, reason, lease_token, now or utcnow())
    except ForgetRefused as exc:
        telemetry.emit(
            "forget.refused",
            refusal=exc.reason,
            reason=reason if reason in FORGET_REASONS else "user",
            duration_ms=(time.perf_counter() - started) * 1000,
        )
        raise
    telemetry.emit(
        "forget.completed",
        outcome=result.status,
        reason=reason,
        section=result.section,
        duration_ms=(time.perf_counter() - started) * 1000,
        hook_failures=len(result.hook_failures),
    )
    return result


def _forget(
    store: Store,
    rel_path: str,
    sha256: str,
    reason: str,
    lease_token: int | None,
    now: dt.datetime,
) -> ForgetResult:
    if reason not in FORGET_REASONS:
        raise ValueError(f"forget reason must be one of {FORGET_REASONS}")
    loc = validate_path(store, rel_path)
    sha256 = sha256.strip().lower() if isinstance(sha256, str) else ""
    if not _HEX64.match(sha256):
        raise ForgetRefused("stale-hash", "the evidence must be a SHA-256 (64 hex digits)")
    scope = loc.scope
    if not scope.root.is_dir():
        raise ForgetRefused("not-found", "no note at that path")
    _step("validated")
    with _locked_scope(store.home, tuple(scope.rel.split("/"))) as (scope_fd, state_fd):
        try:
            parent = _open_parent(store.home, loc.parts[:-1])
        except ForgetRefused as exc:
            if exc.reason == "not-found":
                done = _is_path_tombstoned(scope, loc.rel_in_scope, sha256)
                if done is not None:
                    return ForgetResult(
                        rel_path, sha256, "already-forgotten", done, (), loc.section or "topic"
                    )
            raise
        try:
            _sweep_leftovers(parent)
            name = loc.parts[-1]
            try:
                fd = os.open(name, _FILE_FLAGS, dir_fd=parent)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and _is_link(name, parent):
                    raise ForgetRefused("symlink", "the note is a symlink") from exc
                done = _is_path_tombstoned(scope, loc.rel_in_scope, sha256)
                if done is not None:
                    return ForgetResult(
                        rel_path, sha256, "already-forgotten", done, (), loc.section or "topic"
                    )
                raise ForgetRefused("not-found", "no note at that path") from exc
            try:
                st = os.fstat(fd)
                if stat_mod.S_ISDIR(st.st_mode):
                    raise ForgetRefused("broad", "the path names a folder: forget takes one note")
                if not stat_mod.S_ISREG(st.st_mode):
                    raise ForgetRefused("not-found", "not a regular file")
                if st.st_nlink > 1:
                    raise ForgetRefused(
                        "hard-link", "the note has other hard links; deleting one name would not forget it"
                    )  # fmt: skip
                data = _read_all(fd)
                if hashlib.sha256(data).hexdigest() != sha256:
                    raise ForgetRefused(
                        "stale-hash", "the note changed since it was read: read it again first"
                    )
                _lease_check(state_fd, loc.rel_in_scope, lease_token, now)
                record = _write_evidence(scope, state_fd, loc, sha256, data, reason, now)
                try:
                    _unlink_verified(parent, name, fd, st, data)
                except ForgetRefused as exc:
                    # The audit said "forget"; say just as durably that nothing was deleted.
                    _append(
                        state_fd,
                        AUDIT,
                        {
                            "v": 1,
                            "at": iso(now),
                            "op": "forget-aborted",
                            "pathDigest": record["pathDigest"],
                            "sha256": sha256,
                            "refusal": exc.reason,
                        },
                    )
                    raise
            finally:
                os.close(fd)
        finally:
            os.close(parent)
        if _same_folder(scope.root, scope_fd):  # never write the index through a swapped path
            store.rebuild_index(scope, locked=True)
        _step("index-rebuilt")
    failures = _run_hooks(ForgetEvent(scope, rel_path, loc.rel_in_scope, sha256))
    return ForgetResult(rel_path, sha256, "forgotten", record, failures, loc.section or "topic")


def _write_evidence(
    scope: Scope,
    state_fd: int,
    loc: NoteLocation,
    sha256: str,
    data: bytes,
    reason: str,
    now: dt.datetime,
) -> dict:
    pdig = path_digest(loc.rel_in_scope)
    tomb = {
        "v": 1,
        "at": iso(now),
        "pathDigest": pdig,
        "sha256": sha256,
        "bodySha256": _body_digest(data),
        "reason": reason,
    }
    if _is_path_tombstoned(scope, loc.rel_in_scope, sha256) is None:
        _append(state_fd, TOMBSTONES, tomb)
    _step("tombstone-written")
    audit = {
        "v": 1,
        "at": iso(now),
        "op": "forget",
        "pathDigest": pdig,
        "sha256": sha256,
        "reason": reason,
        "section": loc.section or "topic",
    }
    _append(state_fd, AUDIT, audit)
    _step("audit-written")
    return tomb


def _run_hooks(event: ForgetEvent) -> tuple[str, ...]:
    failures: list[str] = []
    for hook in list(AFTER_FORGET):
        try:
            hook(event)
        except Exception as exc:  # the note is gone; report, and let recall's tombstone check cover
            log.warning("after-forget hook %r failed: %s", hook, exc)
            failures.append(type(exc).__name__)
    return tuple(failures)


# ---- best-effort forget (R23) ---------------------------------------------------------------
@dataclass
class MatchReport:
    """What ``forget --matching`` did: every match and its outcome, nothing hidden."""

    query: str
    searched: list[str] = field(default_factory=list)  # scope rels searched
    matches: list[Entry] = field(default_factory=list)
    forgotten: list[ForgetResult] = field(default_factory=list)
    refused: list[tuple[str, str, str]] = field(default_factory=list)  # path, reason, message


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", normalise_text(text))


def find_matching(store: Store, text: str, scopes: list[Scope] | None = None) -> list[Entry]:
    """Live notes (topic, inbox, sessions) whose name, description or body contains ``text``
    (case- and width-insensitive), or contains every word of it. Archived inbox files are
    not searched: they are not recallable and only a dream run's audit trail."""
    query = normalise_text(text)
    if not query:
        return []
    words = _words(text)
    hits: list[Entry] = []
    for scope in scopes if scopes is not None else store.scopes():
        for entry in store.scan(scope).entries:
            hay = normalise_text(
                " ".join((entry.note.name, entry.note.description, entry.note.body))
            )
            if query in hay or (words and all(w in _words(hay) for w in words)):
                hits.append(entry)
    return hits


def forget_matching(
    store: Store,
    text: str,
    scopes: list[Scope] | None = None,
    *,
    confirm: bool = False,
    now: dt.datetime | None = None,
) -> MatchReport:
    """Best-effort forget: find the matches and, when ``confirm``, forget each one through
    the verified path with the hash of the bytes just scanned."""
    scopes = scopes if scopes is not None else store.scopes()
    report = MatchReport(text, [s.rel for s in scopes], find_matching(store, text, scopes))
    if confirm:
        for entry in report.matches:
            try:
                report.forgotten.append(
                    forget(store, entry.path, entry.sha256, reason="matching", now=now)
                )
            except ForgetRefused as exc:
                report.refused.append((entry.path, exc.reason, str(exc)))
    telemetry.emit(
        "forget.matching",
        confirmed=confirm,
        matched=len(report.matches),
        forgotten=len(report.forgotten),
        refused=len(report.refused),
    )
    return report


__all__ = [
    "AFTER_FORGET",
    "FORGET_REASONS",
    "REFUSALS",
    "ForgetEvent",
    "ForgetRefused",
    "ForgetResult",
    "MatchReport",
    "NoteLocation",
    "find_matching",
    "forget",
    "forget_matching",
    "is_tombstoned",
    "known_runs",
    "normalise_text",
    "path_digest",
    "read_tombstones",
    "register_after_forget",
    "text_digest",
    "tombstoned_text",
    "validate_path",
]
