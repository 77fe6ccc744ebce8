"""Verified forget of one note (SPEC R24): :func:`forget`.

The protocol, in order (docs/explanation/forget.md): validate the path (:mod:`.paths`);
take the scope's flock and walk to the note without following symlinks (:mod:`.walk`);
hash the bytes read, refuse a hard link or a stale hash, check the dream lease; append the
tombstone and the audit record (:mod:`.tombstones`) *before* anything is deleted; unlink
the very inode that was hashed; rebuild ``MEMORY.md`` and run the :data:`AFTER_FORGET`
hooks, so the note cannot be recalled again; scrub it from every retrieval index in the home
(:mod:`.derived`), so no copy of it is left there either, and drop the pending updates of it
(:func:`memlsp.core.pending.drop_updates_of`).

Must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import errno
import hashlib
import logging
import os
import re
import stat as stat_mod
import time
from collections.abc import Callable
from dataclasses import dataclass

from .. import telemetry
from ..notes import iso, utcnow
from ..records import index_warning
from ..store import Scope, Store
from .derived import rewrite_recall_state, scrub_indexes
from .errors import ForgetRefused
from .paths import NoteLocation, validate_path
from .tombstones import AUDIT, TOMBSTONES, body_digest, path_digest, path_tombstone
from .walk import (
    FILE_FLAGS,
    append_record,
    check_lease,
    is_link,
    locked_scope,
    open_parent,
    read_all,
    same_folder,
    sweep_leftovers,
    unlink_verified,
)

log = logging.getLogger("memlsp.core.forget")

_HEX64 = re.compile(r"^[0-9a-f]{64}$")

FORGET_REASONS = ("user", "matching", "dream", "stale-citation", "retention")
"""Why a note was forgotten; recorded in tombstones and audit records (an enum, never text)."""


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
    redacted: tuple[str, ...] = ()  # session records the fact was also removed from
    #: forgotten, but MEMORY.md could not be regenerated (why): it is derived (R5), so the
    #: forget stands and this is a warning (:attr:`warning`)
    index_problem: str | None = None

    @property
    def warning(self) -> str | None:
        return index_warning(self.index_problem, "the note is forgotten")


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
    # no copy in the derived indexes either (a retry of a forget that crashed before this
    # point scrubs too); outside the scope's lock: the indexes have their own
    scrubbed = scrub_indexes(store, result.path)
    rewrite_recall_state(store)
    from ..pending import drop_updates_of  # nor an update of it waiting for review (R37)

    drop_updates_of(store, result.path)
    if scrubbed:
        result = dataclasses.replace(result, hook_failures=result.hook_failures + scrubbed)
    telemetry.emit(
        "forget.completed",
        outcome=result.status,
        reason=reason,
        section=result.section,
        duration_ms=(time.perf_counter() - started) * 1000,
        hook_failures=len(result.hook_failures),
    )
    return result


def is_sha256(text: object) -> bool:
    """Whether ``text`` reads as the evidence of a verified forget: 64 hex digits (either
    case, surrounding blanks ignored), as ``memlsp show --hash`` and ``memory/read`` give."""
    return isinstance(text, str) and _HEX64.match(text.strip().lower()) is not None


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
    if not is_sha256(sha256):
        raise ForgetRefused("stale-hash", "the evidence must be a SHA-256 (64 hex digits)")
    scope = loc.scope
    if not scope.root.is_dir():
        raise ForgetRefused("not-found", "no note at that path")
    _step("validated")
    base, scope_parts = store.anchor(scope)  # a mounted folder is walked from its parent
    below = loc.parts[len(scope.rel.split("/")) :]
    with locked_scope(base, scope_parts) as (scope_fd, state_fd):
        try:
            parent = open_parent(base, (*scope_parts, *below[:-1]))
        except ForgetRefused as exc:
            if exc.reason == "not-found":
                done = path_tombstone(scope, loc.rel_in_scope, sha256)
                if done is not None:
                    _settle_history(store, scope, loc, sha256, b"", reason, after_unlink=True)
                    return ForgetResult(
                        rel_path, sha256, "already-forgotten", done, (), loc.section or "topic"
                    )
            raise
        try:
            sweep_leftovers(parent)
            name = loc.parts[-1]
            try:
                fd = os.open(name, FILE_FLAGS, dir_fd=parent)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and is_link(name, parent):
                    raise ForgetRefused("symlink", "the note is a symlink") from exc
                done = path_tombstone(scope, loc.rel_in_scope, sha256)
                if done is not None:
                    _settle_history(store, scope, loc, sha256, b"", reason, after_unlink=True)
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
                data = read_all(fd)
                if hashlib.sha256(data).hexdigest() != sha256:
                    raise ForgetRefused(
                        "stale-hash", "the note changed since it was read: read it again first"
                    )
                check_lease(state_fd, loc.rel_in_scope, lease_token, now)
                record = _write_evidence(scope, state_fd, loc, sha256, data, reason, now)
                _settle_history(store, scope, loc, sha256, data, reason)
                try:
                    unlink_verified(parent, name, fd, st, data, _step)
                except ForgetRefused as exc:
                    # The audit said "forget"; say just as durably that nothing was deleted.
                    append_record(
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
                _settle_history(store, scope, loc, sha256, data, reason, after_unlink=True)
            finally:
                os.close(fd)
        finally:
            os.close(parent)
        index_problem = None
        if same_folder(scope.root, scope_fd):  # never write the index through a swapped path
            index_problem = store.regenerate_index(scope, locked=True)
        _step("index-rebuilt")
    failures = _run_hooks(ForgetEvent(scope, rel_path, loc.rel_in_scope, sha256))
    return ForgetResult(
        rel_path,
        sha256,
        "forgotten",
        record,
        failures,
        loc.section or "topic",
        index_problem=index_problem,
    )


def _settle_history(
    store: Store,
    scope: Scope,
    loc: NoteLocation,
    sha256: str,
    data: bytes,
    reason: str,
    *,
    after_unlink: bool = False,
) -> None:
    """A best-effort forget (found by matching) keeps the version, so it can be undone;
    any other forget is final: once the note is unlinked, every version of its path and
    every copy of its bytes leave the history (issue 15), and what a dream kept of it — the
    archived files it was made of, their paths in the run records — goes too
    (:mod:`memlsp.core.dream.forgotten`). Under the scope's flock."""
    if reason == "matching":
        if not after_unlink and loc.section in ("", "inbox", "sessions"):
            store.keep_version(
                scope, scope.root / loc.rel_in_scope, step="forget-best-effort",
                why="forgotten by a matching search (memlsp forget --matching, or in chat)",
            )  # fmt: skip
        return
    if after_unlink:
        from ..dream import purge_forgotten  # the dream imports this package

        purge_forgotten(scope, loc.rel_in_scope, {sha256})
        _step("history-purged")


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
        "bodySha256": body_digest(data),
        "reason": reason,
    }
    if path_tombstone(scope, loc.rel_in_scope, sha256) is None:
        append_record(state_fd, TOMBSTONES, tomb)
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
    append_record(state_fd, AUDIT, audit)
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
