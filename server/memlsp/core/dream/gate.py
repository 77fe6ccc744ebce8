"""The dream gate (SPEC R13): at least ``dream.minHours`` (24) since the last dream and at
least ``dream.minSessions`` (5) sessions ended since.

Sessions are counted two ways and the larger wins: the ``sessions_since_dream`` counter in
``.memlsp/state.json`` that the autosave side bumps through :func:`note_session_ended`
(it also counts sessions too trivial to leave a record, R12), and the session records in
``sessions/`` stamped after the last dream (so a home written by another tool counts too).
The language server checks the gate hourly and on start-up.

Imports core modules only.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass

from ..notes import iso, parse_time, utcnow
from ..settings import Settings
from ..state import read_state, update_state
from ..store import Scope
from .gather import session_time


@dataclass(frozen=True)
class GateDecision:
    due: bool
    reason: str  # "due" | "too-soon" | "too-few-sessions"
    hours_since: float | None  # None: never dreamed
    sessions_since: int
    last_dream: str | None

    def to_json(self) -> dict:
        return {
            "due": self.due,
            "reason": self.reason,
            "hoursSince": None if self.hours_since is None else round(self.hours_since, 2),
            "sessionsSince": self.sessions_since,
            "lastDream": self.last_dream,
        }


def sessions_since(scope: Scope, since: dt.datetime | None) -> int:
    """Session records in ``sessions/`` stamped at or after ``since`` (all when None)."""
    folder = scope.root / "sessions"
    try:
        names = [n for n in os.listdir(folder) if n.endswith(".md") and not n.startswith(".")]
    except (FileNotFoundError, NotADirectoryError):
        return 0
    count = 0
    for name in names:
        when = session_time(folder / name)
        if when is not None and (since is None or when > since):
            count += 1
    return count


def should_dream(
    scope: Scope, now: dt.datetime | None = None, *, settings: Settings | None = None
) -> GateDecision:
    settings = settings or Settings()
    now = now or utcnow()
    state = read_state(scope)
    last = parse_time(state.get("last_dream"))
    counted = max(int(state.get("sessions_since_dream") or 0), sessions_since(scope, last))
    hours = None if last is None else (now - last).total_seconds() / 3600.0
    if hours is not None and hours < settings.dream.min_hours:
        return GateDecision(False, "too-soon", hours, counted, state.get("last_dream"))
    if counted < settings.dream.min_sessions:
        return GateDecision(False, "too-few-sessions", hours, counted, state.get("last_dream"))
    return GateDecision(True, "due", hours, counted, state.get("last_dream"))


def note_session_ended(scope: Scope, now: dt.datetime | None = None) -> int:
    """Count one ended session towards the gate; returns the new count."""
    box = {}

    def bump(state: dict) -> None:
        state["sessions_since_dream"] = int(state.get("sessions_since_dream") or 0) + 1
        state["last_session_ended"] = iso(now or utcnow())
        box["n"] = state["sessions_since_dream"]

    update_state(scope, bump)
    return box["n"]


__all__ = ["GateDecision", "note_session_ended", "sessions_since", "should_dream"]
