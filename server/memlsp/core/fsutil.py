"""Durable file primitives: atomic writes and the cross-process lock (SPEC R6).

An atomic write goes to a temporary file in the same folder, is fsynced, renamed over the
target, and the folder is fsynced. A crash at any instant leaves the old file or the new
one, never a torn one. Temporary files start with ``.`` and end with ``.tmp`` so that
scanners skip them; :func:`sweep_temp_files` removes the leftovers of a crashed writer.

The lock is ``flock`` on a dedicated lock file: it is released by the kernel when the
holder dies, so a SIGKILLed writer never wedges the others.

No symlinks inside the home (issue 14): every write, move and delete here — and those of
the dream, sessions, leases and caches, through :func:`move` and :func:`remove` — first
checks with ``lstat`` that no component below a memory home (:func:`register_home`; a
:class:`~memlsp.core.store.Store` registers its own) is a symbolic link, and refuses with
:class:`SymlinkRefusedError` otherwise; files are opened with ``O_NOFOLLOW``. Forget goes
further (directory descriptors, :mod:`memlsp.core.forget.walk`). The home itself may be
reached through a link (a person's choice); what is inside it may not.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from .errors import DurabilityError, LockTimeoutError, SymlinkRefusedError

TEMP_SUFFIX = ".tmp"
_HOMES: set[str] = set()


def register_home(home: Path | str) -> None:
    """Writes below ``home`` are checked for symlinks from here on (see the module doc)."""
    _HOMES.add(os.path.abspath(home))


def first_link(path: Path | str) -> str | None:
    """The first component of ``path`` below a registered home (``path`` included) that is
    a symbolic link, or None. Components that do not exist yet end the check: whatever
    creates them creates real folders and files."""
    text = os.path.abspath(path)
    for home in _HOMES:
        if not text.startswith(home + os.sep):
            continue
        current = home
        for part in text[len(home) + 1 :].split(os.sep):
            current = os.path.join(current, part)
            try:
                st = os.lstat(current)
            except (FileNotFoundError, NotADirectoryError):
                break
            if stat.S_ISLNK(st.st_mode):
                return current
    return None


def guard(*paths: Path | str) -> None:
    """Refuse (:class:`SymlinkRefusedError`) when a component of a path below a registered
    home is a symbolic link (:func:`first_link`)."""
    for path in paths:
        link = first_link(path)
        if link is not None:
            raise SymlinkRefusedError(
                f"{link} is a symbolic link inside the memory home: memlsp does not write,"
                " move or delete through links (run `memlsp doctor`)"
            )


def move(src: Path | str, dst: Path | str) -> None:
    """``os.replace`` after :func:`guard` of both ends."""
    guard(src, dst)
    os.replace(src, dst)


def remove(path: Path | str, *, missing_ok: bool = False) -> None:
    """``os.unlink`` after :func:`guard` (the link itself is never a way out: refused too)."""
    guard(path)
    try:
        os.unlink(path)
    except FileNotFoundError:
        if not missing_ok:
            raise


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes | str, *, mode: int = 0o644, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically; on any failure the old file stays.

    ``durable=False`` skips both fsyncs: still all-or-nothing for readers and for a crashed
    process, but not across a power cut. Only for bookkeeping that may be lost (caches,
    per-session recall state), never for notes."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    path = Path(path)
    folder = path.parent
    guard(path)
    folder.mkdir(parents=True, exist_ok=True)
    guard(path)  # under mkdir's feet a folder may have been swapped for a link
    tmp = folder / f".{path.name}.{os.getpid()}.{time.monotonic_ns()}{TEMP_SUFFIX}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise DurabilityError(
            f"could not write {path}: {exc.strerror or exc}; the previous version is kept"
        ) from exc
    if not durable:
        return
    try:
        fsync_dir(folder)
    except OSError as exc:  # the rename happened; report that durability is not certain
        raise DurabilityError(f"wrote {path} but could not fsync its folder: {exc}") from exc


def atomic_append_line(path: Path, line: str) -> None:
    """Append one line durably (O_APPEND + fsync); used for journals and audit logs."""
    guard(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o644)
    try:
        os.write(fd, (line.rstrip("\n") + "\n").encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)


def is_temp_name(name: str) -> bool:
    return name.startswith(".") and name.endswith(TEMP_SUFFIX)


def leftovers(folder: Path, *, older_than_s: float = 60.0) -> list[Path]:
    """The temp files of crashed writers in ``folder`` (older than a minute: a live writer's
    file is younger), without following a linked folder."""
    if not folder.is_dir() or first_link(folder) is not None:
        return []
    now = time.time()
    found = []
    for entry in folder.iterdir():
        with contextlib.suppress(OSError):
            st = entry.lstat()
            if is_temp_name(entry.name) and stat.S_ISREG(st.st_mode):
                if now - st.st_mtime >= older_than_s:
                    found.append(entry)
    return found


def sweep_temp_files(folder: Path, *, older_than_s: float = 60.0) -> list[Path]:
    """Remove temp files a crashed writer left behind (only ones older than a minute; the
    caller holds the scope's lock)."""
    removed: list[Path] = []
    for entry in leftovers(folder, older_than_s=older_than_s):
        with contextlib.suppress(OSError):
            entry.unlink()
            removed.append(entry)
    return removed


def flock_wait(
    fd: int,
    op: int,
    *,
    timeout_s: float,
    message: str,
    delay: float = 0.001,
    max_delay: float = 0.01,
) -> None:
    """Take flock ``op`` on ``fd``, retrying (sleeps from ``delay``, doubling up to
    ``max_delay``) until ``timeout_s``; then :class:`LockTimeoutError` with ``message``.

    A poller is not queued: while others keep taking the lock, it gets it only if it asks in
    a gap, so it asks at least every 10 ms (~100 cheap system calls a second while it waits).
    Four busy writers beside four CPU burners (2 cores): worst single wait 0.9–14.5 s with
    50 ms between asks, 2.1–6.4 s with 10 ms — noisy, but the tail is shorter."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            fcntl.flock(fd, op | fcntl.LOCK_NB)
            return
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES):
                raise
            if time.monotonic() >= deadline:
                raise LockTimeoutError(message) from exc
            time.sleep(delay)
            delay = min(delay * 2, max_delay)


@contextlib.contextmanager
def file_lock(lock_path: Path, *, timeout_s: float = 30.0, shared: bool = False) -> Iterator[None]:
    """Hold an exclusive (or shared) flock on ``lock_path`` for the block."""
    guard(lock_path)
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    guard(lock_path)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    try:
        flock_wait(
            fd,
            fcntl.LOCK_SH if shared else fcntl.LOCK_EX,
            timeout_s=timeout_s,
            message=f"another memlsp process holds {lock_path} (waited {timeout_s:.0f} s)",
        )
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
