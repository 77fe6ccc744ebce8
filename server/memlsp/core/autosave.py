"""Session-end autosave (SPEC R12): a short record of a session, without a model call.

The record is a note (type ``project``) in the project scope's ``sessions/`` folder, named
``<UTC start as YYYYMMDDTHHMMSSZ>-<session id>`` (lower-cased, as note names are slugs):
the message count, the session's UTC time span, and up to 5 of the most valuable user
prompts, in the order they were typed.

Trivial sessions leave nothing. The exact rule:

- a user prompt is *substantive* when it is not filler — every fragment of it (split at
  punctuation) a greeting, thanks, an acknowledgement or a sign-off ("hi", "thanks",
  "ok nvm", "good enough for now", "好的谢谢", "今天先到这儿") — and what remains once filler
  fragments are removed has at least 3 content units (a Latin word counts 1, a CJK
  character 0.5): see :func:`memlsp.core.heuristics.is_substantive`;
- a session is *trivial* when it has fewer than 3 substantive user prompts, or fewer than
  50 bytes (UTF-8) of user text in total.

Each kept prompt passes the write policy first: prompts carrying a secret, an excluded
item (file path, commit, bug-fix recipe, task state…), a poisoning shape or a forget
request are left out; relative dates are made absolute from the prompt's own time.
"Most valuable" = a score that favours prompts carrying a memory signal (a rule, a
decision, a date, a reference, a role), then longer prompts with more distinct content
words; questions and task requests still count, chatter does not.

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import datetime as dt
import logging
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from . import heuristics as h
from .errors import RefusedError
from .extract import Message
from .notes import Note, cut, iso, slugify, utcnow
from .policy import check_candidate
from .store import Scope, Store

log = logging.getLogger("memlsp.autosave")

MAX_PROMPTS = 5
MIN_SUBSTANTIVE = 3
MIN_USER_BYTES = 50
MAX_PROMPT_CHARS = 300


@dataclass
class AutosaveResult:
    path: str | None = None
    skipped: str | None = None  # "trivial-session" | "no-messages" | "nothing-safe-to-save"
    messages: int = 0
    substantive: int = 0
    user_bytes: int = 0
    prompts_saved: int = 0
    prompts_withheld: dict[str, int] = field(default_factory=dict)  # reason → count

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _value(prompt: str) -> float:
    sig = h.signals(prompt)
    score = 0.0
    if sig.any:
        score += 3.0
    if sig.dated:
        score += 1.0
    if h.is_question(prompt):
        score -= 0.5
    score += math.log1p(len(h.content_tokens(prompt)))
    return score


def is_trivial(prompts: list[str]) -> tuple[bool, int, int]:
    """(trivial?, substantive prompt count, user bytes) — the rule in the module doc."""
    substantive = sum(1 for p in prompts if h.is_substantive(p))
    user_bytes = sum(len(p.encode("utf-8")) for p in prompts)
    return substantive < MIN_SUBSTANTIVE or user_bytes < MIN_USER_BYTES, substantive, user_bytes


def autosave_session(
    store: Store,
    scope: Scope,
    *,
    session_id: str,
    messages: Iterable[Message | dict[str, Any]],
    now: dt.datetime | None = None,
    agent: str | None = None,
) -> AutosaveResult:
    msgs = [m if isinstance(m, Message) else Message.from_dict(m) for m in messages]
    result = AutosaveResult(messages=len(msgs))
    users = [m for m in msgs if m.role == "user" and m.content.strip()]
    if not users:
        result.skipped = "no-messages"
        return result
    trivial, result.substantive, result.user_bytes = is_trivial([m.content for m in users])
    if trivial:
        result.skipped = "trivial-session"
        return result
    times = [m.at for m in msgs if m.at is not None]
    start = min(times) if times else (now or utcnow())
    end = max(times) if times else (now or utcnow())
    now = now or end

    candidates: list[tuple[float, int, str]] = []
    for index, m in enumerate(users):
        text = m.content.strip()
        if not h.is_substantive(text):
            continue
        if h.forget_target(text):
            # Saving "forget X" would keep X; the forget itself is handled by extraction.
            result.prompts_withheld["forget-request"] = (
                result.prompts_withheld.get("forget-request", 0) + 1
            )
            continue
        verdict = check_candidate(text, source="user", now=m.at or now)
        if not verdict.ok:
            result.prompts_withheld[verdict.reason] = (
                result.prompts_withheld.get(verdict.reason, 0) + 1
            )
            continue
        candidates.append((_value(text), index, cut(verdict.cleaned_text, MAX_PROMPT_CHARS)))
    chosen = sorted(candidates, key=lambda c: (-c[0], c[1]))[:MAX_PROMPTS]
    chosen.sort(key=lambda c: c[1])
    if not chosen:
        result.skipped = "nothing-safe-to-save"
        return result

    stamp = start.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    name = slugify(f"{stamp}-{session_id}", max_len=100) or slugify(stamp)
    span = f"{start.astimezone(dt.UTC):%Y-%m-%d %H:%M}–{end.astimezone(dt.UTC):%H:%M} UTC"
    topic = cut(chosen[0][2], 90)
    description = cut(f"Session {span}, {len(msgs)} messages: {topic}", 150)
    lines = [
        f"Session {session_id}: {len(msgs)} messages ({len(users)} from the user), {span}.",
        "",
        "Most valuable prompts:",
        *[f"- {' '.join(p.split())}" for _, _, p in chosen],
    ]
    note = Note(
        name=name,
        description=description,
        type="project",
        body="\n".join(lines),
        meta={
            "created": iso(end),
            "source": "extraction",
            "session": session_id,
            "messages": len(msgs),
            "started": iso(start),
            "ended": iso(end),
            **({"agent": agent} if agent else {}),
        },
    )
    try:
        res = store.write_note(scope, note, section="sessions", match_existing=False, now=now)
    except RefusedError as exc:  # the disk gate saw what the per-prompt policy missed
        result.skipped = "nothing-safe-to-save"
        result.prompts_withheld[exc.reason] = result.prompts_withheld.get(exc.reason, 0) + 1
        return result
    result.path = res.path
    result.prompts_saved = len(chosen)
    log.info("session autosaved: %d messages, %d prompts", len(msgs), len(chosen))
    return result
