"""Turning a person's "remember this" into a note in the inbox (SPEC R3, R4, R8–R10).

The text first passes the write policy (:func:`memlsp.core.policy.check_candidate`):
secrets, excluded categories and poisoning shapes raise :class:`RefusedError` with a
stable reason — an explicit request does not override R8 — and relative dates are made
absolute. The note lands in ``inbox/`` with ``source: remember`` and is recallable at once;
a note with the same name or description is updated instead of duplicated.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from pathlib import Path
from typing import Any

from . import telemetry
from .errors import InvalidNoteError, MemlspError, RefusedError
from .extract import untrusted_note
from .notes import NOTE_SIZE_LIMIT, NOTE_TYPES, Note, cut, iso, slugify, utcnow
from .policy import check_candidate
from .policy.poisoning import quote_untrusted
from .policy.untrusted import split_pasted
from .store import Scope, Store, WriteResult

# What one "remember" may hold, checked before anything else (the policy checks included):
# the note it makes stays under the size a note should have (frontmatter takes the rest).
MAX_REMEMBER_BYTES = NOTE_SIZE_LIMIT - 512

_USER = re.compile(r"^\s*(i am|i'm|i work|my role|my background|我是|我负责|我在)", re.I)
_FEEDBACK = re.compile(
    r"\b(don't|do not|never|always|prefer|instead of|rather than|stop|please use)\b|别|不要|总是|请用",
    re.I,
)
_REFERENCE = re.compile(
    r"https?://|\b(dashboard|runbook|tracker|board|channel|wiki|lives in|is tracked in)\b|看板|文档在",
    re.I,
)


def guess_type(text: str) -> str:
    """A transparent default when the caller gives no type (user > feedback > reference)."""
    if _USER.search(text):
        return "user"
    if _FEEDBACK.search(text):
        return "feedback"
    if _REFERENCE.search(text):
        return "reference"
    return "project"


def note_from_text(
    text: str, *, type_: str | None, source: str, now: dt.datetime, agent: str | None = None
) -> Note:
    text = text.strip()
    if not text:
        raise InvalidNoteError("nothing to remember: the text is empty", reason="empty")
    type_ = type_ or guess_type(text)
    if type_ not in NOTE_TYPES:
        raise InvalidNoteError(
            f"type {type_!r} is not one of {', '.join(NOTE_TYPES)}", reason="bad-type"
        )
    first = text.splitlines()[0]
    name = slugify(" ".join(first.split()[:8]) if " " in first else first[:24]) or "note"
    return Note(
        name=name,
        description=cut(first, 150),
        type=type_,
        body=text,
        meta={"created": iso(now), "source": source, **({"agent": agent} if agent else {})},
    )


def remember(
    store: Store,
    scope: Scope,
    text: str,
    *,
    type_: str | None = None,
    now: dt.datetime | None = None,
    repo_root: Path | str | None = None,
    refs: list[dict[str, Any]] | None = None,
    agent: str | None = None,
) -> WriteResult:
    """Remember ``text`` in ``scope`` (R3, R8–R10). ``repo_root``: the repository it was
    said in (a fact its instruction files state is refused); ``refs``: citations
    ``{path, symbol?}`` the note rests on (R4, R29)."""
    started = time.perf_counter()
    now = now or utcnow()
    try:
        size = len(text) if len(text) > MAX_REMEMBER_BYTES else len(text.encode("utf-8", "replace"))
        if size > MAX_REMEMBER_BYTES:
            raise RefusedError(
                f"not remembered: the text is {size} bytes, over the {MAX_REMEMBER_BYTES} a note"
                " may hold (one memory per note: remember the rule, not the whole document)",
                reason="too-large",
                category="size",
            )
        if not text.strip():
            raise InvalidNoteError("nothing to remember: the text is empty", reason="empty")
        # R8: the write policy applies even to an explicit request (secrets, exclusions,
        # poisoning), and R9 makes its dates absolute.
        verdict = check_candidate(
            text, source="user", now=now, repo_root=repo_root, allow_quarantine=True
        )
        if verdict.status == "refused":
            raise RefusedError(
                f"not remembered: {verdict.message}",
                reason=verdict.reason,
                category=verdict.category,
            )
        if verdict.status == "quarantined" or split_pasted(text)[1]:
            # Pasted content, role markers or instructions to an AI: kept as quoted data
            # marked untrusted, never as a rule (issue 14).
            body = (
                verdict.cleaned_text
                if verdict.status == "quarantined"
                else quote_untrusted(text, source="pasted")
            )
            extra = {"source": "remember", **({"agent": agent} if agent else {})}
            note = untrusted_note(body, source="pasted", created=iso(now), extra=extra)
        else:
            note = note_from_text(
                verdict.cleaned_text, type_=type_, source="remember", now=now, agent=agent
            )
            if refs:
                note.meta["refs"] = [dict(r) for r in refs]
        # The name is derived from the text's first words: sharing it says nothing.
        result = store.write_note(scope, note, section="inbox", by_name=False, now=now)
    except MemlspError as exc:
        telemetry.emit(
            "remember.refused",
            refusal=_refusal_enum(exc),
            duration_ms=(time.perf_counter() - started) * 1000,
        )
        raise
    telemetry.emit(
        "remember.completed",
        action=result.action,
        type=result.entry.note.type,
        scope="global" if scope.kind == "global" else "project",
        duration_ms=(time.perf_counter() - started) * 1000,
    )
    return result


# the telemetry enum's own values (memlsp.core.telemetry, event remember.refused)
_REFUSALS = frozenset(
    "empty bad-type bad-name missing-description description-too-long too-large".split()
)


def _refusal_enum(exc: MemlspError) -> str:
    if exc.reason in _REFUSALS:
        return exc.reason
    for prefix in ("secret", "excluded", "poisoning"):
        if exc.reason.startswith(f"refused-{prefix}"):
            return f"policy-{prefix}"  # a fixed enum: never the category's content
    return "other"
