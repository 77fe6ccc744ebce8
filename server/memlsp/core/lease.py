"""The dream's fenced lease (SPEC R20), ``<scope>/.memlsp/lease.json``.

Format (read by the forget module too, so it is a contract)::

    {"holder": "host:pid", "token": 7, "run_id": "20261130T120000Z-1a2b3c",
     "acquired": "2026-11-30T12:00:00.000Z", "expires": "2026-11-30T12:05:00.000Z",
     "paths": ["inbox/a.md", "topic.md"]}

Tokens come from ``lease_token`` in ``.memlsp/state.json``, a counter that only grows and
is bumped under the scope's flock, so a later lease always has a larger token. A holder
calls :func:`check` under the same flock before every write: a lease that expired, or
that a newer token superseded, raises :class:`LeaseLost` and the holder writes nothing.
That is what makes a holder paused past its expiry (SIGSTOP, a laptop lid) harmless.

The lease clock is the wall clock (``time.time``), not the dream's logical ``now``:
expiry is about real processes. Imports only core file primitives and the state file.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from .errors import MemlspError
from .fsutil import atomic_write, file_lock, remove
from .notes import parse_time
from .state import update_state
from .store import Scope

LEASE_NAME = "lease.json"
DEFAULT_TTL_S = 300.0

Clock = Callable[[], float]


class LeaseHeldError(MemlspError):
    """Another live lease holds the scope."""

    reason = "lease-held"


class LeaseLost(MemlspError):
    """This holder's lease expired or was superseded: it must not write."""

    reason = "lease-lost"


def _stamp(t: float) -> str:
    return (
        dt.datetime.fromtimestamp(t, dt.UTC)
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z")
    )


def _seconds(text: str) -> float:
    ts = parse_time(text)
    return ts.timestamp() if ts else 0.0


@dataclass(frozen=True)
class Lease:
    holder: str
    token: int
    run_id: str
    acquired: str
    expires: str
    paths: list[str] = field(default_factory=list)

    def expired(self, now_s: float | None = None) -> bool:
        return (time.time() if now_s is None else now_s) >= _seconds(self.expires)

    def to_json(self) -> dict:
        return asdict(self)


def lease_path(scope: Scope) -> Path:
    return scope.state_dir / LEASE_NAME


def default_holder() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def read_lease(scope: Scope) -> Lease | None:
    """The recorded lease, live or expired; None when there is none (or it is unreadable,
    which only a hand edit can cause since every write is atomic)."""
    try:
        data = json.loads(lease_path(scope).read_text("utf-8"))
        return Lease(
            holder=str(data["holder"]),
            token=int(data["token"]),
            run_id=str(data["run_id"]),
            acquired=str(data["acquired"]),
            expires=str(data["expires"]),
            paths=[str(p) for p in data.get("paths") or []],
        )
    except (FileNotFoundError, NotADirectoryError, ValueError, KeyError, TypeError):
        return None


def holder_is_dead(lease: Lease) -> bool:
    """True when the holder ran on this host and its process is gone (killed, crashed):
    its lease cannot protect anything any more. Other hosts' holders count as alive."""
    host, _, pid = lease.holder.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def live_lease(scope: Scope, *, clock: Clock = time.time) -> Lease | None:
    lease = read_lease(scope)
    return lease if lease is not None and not lease.expired(clock()) else None


def _write(scope: Scope, lease: Lease) -> None:
    atomic_write(lease_path(scope), json.dumps(lease.to_json(), indent=2) + "\n")


def acquire(
    scope: Scope,
    *,
    run_id: str,
    holder: str | None = None,
    ttl_s: float = DEFAULT_TTL_S,
    paths: Iterable[str] = (),
    clock: Clock = time.time,
) -> Lease:
    """Take the scope's lease with a fresh, larger token; refuses while a live one exists."""
    scope.state_dir.mkdir(parents=True, exist_ok=True)
    with file_lock(scope.lock_path):
        now = clock()
        current = read_lease(scope)
        if current is not None and not current.expired(now) and not holder_is_dead(current):
            raise LeaseHeldError(
                f"a dream ({current.holder}, run {current.run_id}) holds this memory until "
                f"{current.expires}",
                holder=current.holder,
                run_id=current.run_id,
                expires=current.expires,
            )
        floor = current.token if current is not None else 0
        box: dict[str, int] = {}

        def bump(state: dict) -> None:
            token = max(int(state.get("lease_token") or 0), floor) + 1
            state["lease_token"] = token
            box["token"] = token

        # The counter is durable before the lease that uses it, so a token is never reused.
        update_state(scope, bump, locked=True)
        lease = Lease(
            holder=holder or default_holder(),
            token=box["token"],
            run_id=run_id,
            acquired=_stamp(now),
            expires=_stamp(now + ttl_s),
            paths=sorted(set(paths)),
        )
        _write(scope, lease)
        return lease


def check(scope: Scope, token: int, *, clock: Clock = time.time) -> Lease:
    """Raise LeaseLost unless ``token`` is the current, unexpired lease. Call it while
    holding the scope's flock, right before writing."""
    current = read_lease(scope)
    if current is None or current.token != token:
        raise LeaseLost(
            f"the dream's lease (token {token}) was superseded"
            + (f" by token {current.token}" if current else "")
            + "; it writes nothing",
            token=token,
        )
    if current.expired(clock()):
        raise LeaseLost(
            f"the dream's lease (token {token}) expired at {current.expires}; it writes nothing",
            token=token,
        )
    return current


def renew(
    scope: Scope,
    lease: Lease,
    *,
    ttl_s: float = DEFAULT_TTL_S,
    paths: Iterable[str] | None = None,
    clock: Clock = time.time,
) -> Lease:
    """Extend a still-valid lease (and optionally replace its claimed paths)."""
    with file_lock(scope.lock_path):
        current = check(scope, lease.token, clock=clock)
        new = replace(
            current,
            expires=_stamp(clock() + ttl_s),
            paths=sorted(set(paths)) if paths is not None else current.paths,
        )
        _write(scope, new)
        return new


def release(scope: Scope, lease: Lease, *, locked: bool = False) -> bool:
    """Drop the lease if it is still ours and live; an expired or superseded holder
    writes nothing, not even this (an expired lease left behind blocks nobody)."""
    if not locked:
        if not lease_path(scope).exists():
            return False
        with file_lock(scope.lock_path):
            return release(scope, lease, locked=True)
    current = read_lease(scope)
    if current is None or current.token != lease.token or current.expired():
        return False
    remove(lease_path(scope), missing_ok=True)
    return True


def break_lease(scope: Scope, run_id: str, *, locked: bool = False) -> bool:
    """Remove the lease of ``run_id`` (its holder is known dead: recovery found its
    unfinished journal while holding the flock the holder would have held)."""
    if not locked:
        with file_lock(scope.lock_path):
            return break_lease(scope, run_id, locked=True)
    current = read_lease(scope)
    if current is None or current.run_id != run_id:
        return False
    remove(lease_path(scope), missing_ok=True)
    return True


__all__ = [
    "DEFAULT_TTL_S",
    "Lease",
    "LeaseHeldError",
    "LeaseLost",
    "acquire",
    "break_lease",
    "check",
    "holder_is_dead",
    "lease_path",
    "live_lease",
    "read_lease",
    "release",
    "renew",
]
