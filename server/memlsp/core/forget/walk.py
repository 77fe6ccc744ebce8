"""The race-free file-system side of verified forget (SPEC R24).

Everything here works on directory descriptors opened with ``O_NOFOLLOW`` from the memory
home down, so a symlink at any component is refused and a component swapped for a symlink
after a check cannot redirect the walk: the scope lock, the dream-lease check, durable
appends to state files, and the verified unlink (move aside, check the inode, unlink,
fsync the folder).

Must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import fcntl
import json
import os
import re
import stat as stat_mod
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ..fsutil import flock_wait
from ..notes import parse_time
from ..store import STATE_DIR
from .errors import ForgetRefused

LEASE = "lease.json"


# ---- the dream lease (format owned by the dream; read directly here) ----------------------
def check_lease(state_fd: int, rel_in_scope: str, lease_token: int | None, now: dt.datetime):
    try:
        fd = os.open(LEASE, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=state_fd)
        try:
            raw: str | None = read_all(fd).decode("utf-8")
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
DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def is_link(name: str, dir_fd: int) -> bool:
    try:
        return stat_mod.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
    except OSError:
        return False


def open_parent(home: Path, dirs: Iterable[str]) -> int:
    """An fd of the note's folder, reached without following any symlink below the home."""
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for comp in dirs:
            try:
                nfd = os.open(comp, DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and is_link(comp, fd):
                    raise ForgetRefused("symlink", "a folder on the path is a symlink") from exc
                raise ForgetRefused("not-found", "no note at that path") from exc
            os.close(fd)
            fd = nfd
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_all(fd: int) -> bytes:
    chunks = []
    offset = 0
    while True:
        chunk = os.pread(fd, 1 << 16, offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


_LEFTOVER = re.compile(r"^\..+\.forget\.\d+\.\d+\.tmp$")


def sweep_leftovers(parent: int) -> None:
    """Remove names a forget killed between its rename and its unlink left behind. Under the
    scope lock no other forget is between those steps, so every such name is a leftover;
    unlink never follows a symlink, so this touches nothing outside the folder."""
    for entry in os.listdir(parent):
        if _LEFTOVER.match(entry):
            with contextlib.suppress(OSError):
                os.unlink(entry, dir_fd=parent)


def unlink_verified(
    parent: int,
    name: str,
    fd: int,
    st: os.stat_result,
    data: bytes,
    step: Callable[[str], None],
) -> None:
    """Delete ``name`` only if it is still the inode that was hashed, with the same bytes.
    ``step`` is told "renamed" and "unlinked" (the crash-injection seam of the tests)."""
    tmp = f".{name}.forget.{os.getpid()}.{time.monotonic_ns()}.tmp"
    try:
        os.rename(name, tmp, src_dir_fd=parent, dst_dir_fd=parent)
    except FileNotFoundError as exc:
        raise ForgetRefused("not-found", "the note vanished while it was being forgotten") from exc
    step("renamed")
    moved = os.stat(tmp, dir_fd=parent, follow_symlinks=False)
    same = (moved.st_ino, moved.st_dev) == (st.st_ino, st.st_dev) and read_all(fd) == data
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
    step("unlinked")
    os.fsync(parent)


_LOCK_TIMEOUT_S = 30.0


@contextlib.contextmanager
def locked_scope(home: Path, scope_parts: tuple[str, ...]) -> Iterator[tuple[int, int]]:
    """Hold the scope's flock (the same lock file Store writers use), reached through
    ``O_NOFOLLOW`` descriptors: a symlinked scope or state folder is refused before anything
    is created in it. Yields (scope folder fd, state folder fd)."""
    scope_fd = open_parent(home, scope_parts)
    try:
        try:
            os.mkdir(STATE_DIR, 0o755, dir_fd=scope_fd)
        except FileExistsError:
            pass
        try:
            state_fd = os.open(STATE_DIR, DIR_FLAGS, dir_fd=scope_fd)
        except OSError as exc:
            if is_link(STATE_DIR, scope_fd):
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


def append_record(state_fd: int, name: str, record: dict) -> None:
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


def same_folder(path: Path, fd: int) -> bool:
    try:
        a = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    b = os.fstat(fd)
    return stat_mod.S_ISDIR(a.st_mode) and (a.st_ino, a.st_dev) == (b.st_ino, b.st_dev)
