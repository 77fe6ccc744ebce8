"""Replaying a whole chat through what the server does after each turn (R11, R12): each
turn's extraction sees the two messages before it plus the turn, then the session-end
autosave. One home for it: ``memlsp extract --transcript`` (through the memory service) and
the scenario harness (``evaluate/scenarios.py``) both replay this way, so a scenario scores
the very path a transcript import takes.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .autosave import AutosaveResult, autosave_session
from .extract import ExtractResult, Message, extract_turn
from .models import Provider
from .store import Scope, Store

CONTEXT_MESSAGES = 2  # what each turn's extraction sees of the messages before it


def turns_of(messages: Sequence[Message]) -> list[list[Message]]:
    """Each user message with the messages that follow it, up to the next user message."""
    turns: list[list[Message]] = []
    for m in messages:
        if m.role == "user" or not turns:
            turns.append([m])
        else:
            turns[-1].append(m)
    return turns


def replay_session(
    store: Store,
    scope: Scope,
    turns: Iterable[list[Message]],
    *,
    session_id: str,
    provider: Provider | None = None,
    autosave: bool = True,
    review: bool = False,
    repo_root=None,
    agent: str | None = None,
) -> tuple[list[ExtractResult], AutosaveResult | None]:
    """Extract after each turn (its clock: the turn's own time), then autosave. ``review``:
    what extraction writes waits as pending items (R37, setting ``review: required``).
    ``repo_root``: the repository whose instruction files are not stored again (R8).
    ``agent``: who the conversation was with, recorded on what is written (R4)."""
    results: list[ExtractResult] = []
    history: list[Message] = []
    for number, turn in enumerate(turns, start=1):
        results.append(
            extract_turn(
                store,
                scope,
                session_id=session_id,
                turn=number,
                messages=history[-CONTEXT_MESSAGES:] + turn,
                provider=provider,
                review=review,
                repo_root=repo_root,
                agent=agent,
            )
        )
        history.extend(turn)
    saved = (
        autosave_session(store, scope, session_id=session_id, messages=history, agent=agent)
        if autosave
        else None
    )
    return results, saved
