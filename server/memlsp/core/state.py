"""The scope's small state file, ``.memlsp/state.json`` (SPEC R3, R13, R20, R22).

Several modules keep keys here (dream: ``last_dream``, ``sessions_since_dream``, ``runs``;
the lease: ``lease_token``; others may add theirs). Every change is a read-merge-write
under the scope's flock, written atomically, so no module clobbers another's keys.

Imports only the core's file primitives; never the language server or the CLI.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .fsutil import atomic_write, file_lock
from .store import Scope

STATE_NAME = "state.json"


def state_path(scope: Scope):
    return scope.state_dir / STATE_NAME


def read_state(scope: Scope) -> dict[str, Any]:
    """The state as a dict; an unreadable or missing file reads as empty (it is derived
    bookkeeping, and the dream re-derives what it needs from the files)."""
    try:
        data = json.loads(state_path(scope).read_text("utf-8"))
    except (FileNotFoundError, NotADirectoryError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def render_state(state: dict[str, Any]) -> bytes:
    return (json.dumps(state, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()


def update_state(
    scope: Scope,
    change: Callable[[dict[str, Any]], dict[str, Any] | None],
    *,
    locked: bool = False,
) -> dict[str, Any]:
    """Apply ``change`` to a copy of the state (it may mutate it in place or return a new
    dict) and write the result; returns the new state. Holds the scope flock unless the
    caller already does (``locked=True``)."""
    if not locked:
        scope.state_dir.mkdir(parents=True, exist_ok=True)
        with file_lock(scope.lock_path):
            return update_state(scope, change, locked=True)
    state = read_state(scope)
    result = change(state)
    new = state if result is None else result
    atomic_write(state_path(scope), render_state(new))
    return new
