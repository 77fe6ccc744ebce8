"""The extraction entry point (SPEC R11): :func:`extract_turn`.

It picks the path — nothing when the main model already wrote memory, the model tool loop
(:mod:`.model`) when a model provider is configured, else (or when the model fails) the
offline rules (:mod:`.rules`) — and returns an :class:`~.context.ExtractResult`.

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import MemlspError
from ..models import ModelError, Provider
from ..notes import utcnow
from ..store import Scope, Store
from .context import Ctx, ExtractResult, Message
from .model import extract_with_model
from .rules import extract_offline

log = logging.getLogger("memlsp.extract")

MAX_ROUNDS = 5  # R11 (fixed)
RECENT_MESSAGES = 4  # the current exchange and the one before it
MODEL_TIMEOUT_S = 30.0
# A chat message's share given to extraction: a rule fits in a few sentences, and a long
# paste is data, not a rule. Beyond it the message is cut (at a space) before any check
# runs, so a 1 MB message costs what 4,000 characters cost and no note outgrows the limit.
MESSAGE_SHARE_CHARS = 4000


def share(message: Message) -> Message:
    """``message`` with its content cut to :data:`MESSAGE_SHARE_CHARS`."""
    text = message.content
    if len(text) <= MESSAGE_SHARE_CHARS:
        return message
    head = text[:MESSAGE_SHARE_CHARS]
    cut_at = head.rfind(" ", MESSAGE_SHARE_CHARS // 2)
    return dataclasses.replace(message, content=head[:cut_at] if cut_at > 0 else head)


def extract_turn(
    store: Store,
    scope: Scope,
    *,
    session_id: str,
    turn: int,
    messages: Iterable[Message | dict[str, Any]],
    memory_written: bool = False,
    provider: Provider | None = None,
    now: dt.datetime | None = None,
    global_scope: Scope | None = None,
    recent: int = RECENT_MESSAGES,
    max_rounds: int = MAX_ROUNDS,
    timeout: float = MODEL_TIMEOUT_S,
    dry_run: bool = False,
    review: bool = False,
    repo_root: Path | str | None = None,
    agent: str | None = None,
) -> ExtractResult:
    """Extract what is worth remembering from one completed turn (R11).

    ``messages`` are the turn's messages (role, content, at), oldest first; only the last
    ``recent`` are looked at. ``now`` defaults to the last user message's ``at``.
    ``dry_run`` (rollout ``dry-run``, R25) computes everything and writes nothing: the
    changes it would make are listed in ``result.planned``. A model is not called in a
    dry run (its tools would write). ``review`` (setting ``review: required``, R37): new
    notes and updates wait as pending items (``result.held``) instead of being written. ``agent`` is
    recorded on the notes written (R4).
    """
    msgs = [m if isinstance(m, Message) else Message.from_dict(m) for m in messages]
    msgs = [share(m) for m in msgs if m.content.strip()][-max(1, recent) :]
    name = getattr(provider, "name", "offline")
    result = ExtractResult(session_id=session_id, turn=turn, provider=name, dry_run=dry_run)
    if memory_written:
        result.skipped = "main-model-wrote-memory"
        return result
    users = [i for i, m in enumerate(msgs) if m.role == "user"]
    if not users:
        result.skipped = "no-user-message"
        return result
    at = msgs[users[-1]].at
    now = now or at or utcnow()
    ctx = Ctx(
        store,
        scope,
        global_scope or store.global_scope(),
        now,
        session_id,
        turn,
        result,
        dry_run,
        review,
        Path(repo_root) if repo_root else None,
        agent,
    )
    if dry_run:
        result.provider = "offline"
    elif provider is not None and getattr(provider, "uses_model", False):
        try:
            extract_with_model(ctx, provider, msgs, max_rounds=max_rounds, timeout=timeout)
            return result
        except ModelError as exc:
            result.degraded = True
            result.degraded_reason = exc.reason
            result.provider = "offline"
            log.warning("extraction model call failed (%s); using offline extraction", exc.reason)
        except MemlspError as exc:  # a store error inside a tool: still never lose the turn
            result.degraded = True
            result.degraded_reason = exc.reason
            result.provider = "offline"
            log.warning("extraction with a model failed (%s); using offline extraction", exc.reason)
    extract_offline(ctx, msgs)
    return result
