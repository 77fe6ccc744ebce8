"""Why a recall injected nothing: one typed reason, decided where the recaller decides.

A person running ``memlsp recall`` (or reading telemetry) needs to tell "nothing in memory
is about this" from "it was already shown in this session" or "the budget is spent". The
Recaller asks :func:`why_silent` after it has chosen; the memory service adds the rollout
reasons (it alone knows the level). Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .recaller import Recaller


class Silence(enum.StrEnum):
    """Why nothing was injected (None when something was)."""

    BELOW_THRESHOLD = "below-threshold"  # no note scored high enough (or the model chose none)
    ALREADY_INJECTED = "already-injected"  # what would be chosen was shown in this session
    BUDGET = "budget"  # the session's 60 KB is spent, or the next note would not fit
    NO_NOTES = "no-notes"  # the project and global scopes hold no note at all
    EMPTY_MESSAGE = "empty-message"  # nothing to recall for
    ROLLOUT_OFF = "rollout-off"  # a chat turn at rollout off: recall did not run
    ROLLOUT_SHADOW = "rollout-shadow"  # computed for measurement, never injected
    ROLLOUT_DRY_RUN = "rollout-dry-run"  # computed, nothing injected or recorded


def rollout_silence(level: str) -> Silence:
    """The reason for a chat turn whose rollout level injects nothing."""
    return Silence(f"rollout-{level}")


def why_silent(
    recaller: Recaller,
    message: str,
    picked: int,
    injected: int,
    seen: Collection[str],
    exclude: Collection[str],
    first_turn: bool,
    now: dt.datetime,
) -> Silence | None:
    """The reason an already-decided recall injected nothing, or None when it injected.

    ``seen`` holds the notes skipped as already injected or read in this session. Only when
    nothing was chosen and something was skipped is the search run once more without them
    (off the common path: a silent turn in a session that already injected), to tell
    "already injected" from "below the threshold"."""
    if injected:
        return None
    if picked:
        return Silence.BUDGET  # chosen, but the reminder had no room for the first one
    if not message.strip():
        return Silence.EMPTY_MESSAGE
    known = recaller._known.rows
    if not known:
        return Silence.NO_NOTES
    skipped = set(seen) - set(exclude)
    if skipped & known.keys():
        hits = recaller.index.search(
            message,
            len(skipped) + 5,
            now=now,
            first_turn=first_turn,
            exclude=exclude,
            params=recaller.params,
        )
        if any(h.key in skipped for h in hits):
            return Silence.ALREADY_INJECTED
    return Silence.BELOW_THRESHOLD


def score_bucket(scores: Sequence[float], injected: int = 0) -> str:
    """A telemetry-safe coarse bucket of the highest hybrid score among the injected notes:
    ``none`` when nothing was injected, ``unscored`` when only the model or an open file
    chose them."""
    if not scores:
        return "unscored" if injected else "none"
    top = max(scores)
    for edge, label in ((0.2, "0.0-0.2"), (0.4, "0.2-0.4"), (0.6, "0.4-0.6"), (0.8, "0.6-0.8")):
        if top < edge:
            return label
    return "0.8-1.0"


SCORE_BUCKETS = ("none", "unscored", "0.0-0.2", "0.2-0.4", "0.4-0.6", "0.6-0.8", "0.8-1.0")
