"""Forget in chat (best-effort forget, SPEC R23): "forget what I said about X", "忘掉…".

The notes whose content tokens cover the target are forgotten through the verified path
(:func:`memlsp.core.forget.forget`, so a tombstone keeps extraction from writing them
again), and the matching prompts are dropped from session records. Also the removal
extraction itself uses when a note is rewritten under a new name.

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging

from .. import heuristics as h
from ..forget import ForgetRefused, fact_matcher, forget, path_digest, redact_copies
from ..fsutil import atomic_append_line, file_lock, remove
from ..notes import iso, utcnow
from ..policy.gate import derived_text
from ..store import Entry, Store
from .context import Ctx, live_entries, note_tokens

log = logging.getLogger("memlsp.extract")

FORGET_MATCH = 0.6  # share of the forget target's tokens a note must contain


def forget_in_chat(ctx: Ctx, target: str) -> None:
    tokens = h.content_tokens(target)
    if not tokens:
        ctx.result.skipped = "forget-target-unclear"
        ctx.result.forget_target_found = False
        return
    found = False
    facts: list[str] = []
    for entry in live_entries(ctx):
        share = len(tokens & note_tokens(entry.note)) / len(tokens)
        if share >= FORGET_MATCH and ctx.dry_run:
            ctx.result.planned.append({"action": "delete", "path": entry.path})
            found = True
        elif share >= FORGET_MATCH:
            if remove_note(ctx.store, entry, by="extraction-forget", now=ctx.now):
                ctx.result.deleted.append(entry.path)
                facts.append(entry.note.description)
                found = True
    # every copy: the session records quoting the subject or a forgotten note's fact
    scrubbed = scrub_sessions(ctx, tokens, min_share=FORGET_MATCH, of_target=True, facts=facts)
    ctx.result.forget_target_found = found or scrubbed
    if not ctx.result.forget_target_found:
        log.info("forget request matched no note")


def remove_note(
    store: Store,
    entry: Entry,
    *,
    by: str,
    now: dt.datetime | None = None,
    replaced_by: str | None = None,
    step: str = "supersede",
) -> bool:
    """Delete one note if its bytes are still the ones that were read (best-effort forget,
    R23), regenerate the index, and append a content-free audit record. False when the
    note changed or vanished meanwhile. A note replaced by a renamed one (``replaced_by``:
    the new note's SHA-256; ``step``: why) keeps its version in the history."""
    if by != "extraction-update":
        # The user asked to forget it: the verified path leaves a tombstone, so extraction
        # never writes the same note again (R23, R24).
        try:
            return forget(store, entry.path, entry.sha256, reason="matching", now=now).status == (
                "forgotten"
            )
        except ForgetRefused as exc:
            log.info("forget of an extracted note refused: %s", exc.reason)
            return False
    scope = entry.scope
    with file_lock(scope.lock_path):
        try:
            data = entry.file.read_bytes()
        except FileNotFoundError:
            return False
        if hashlib.sha256(data).hexdigest() != entry.sha256:
            return False
        store.keep_version(
            scope,
            entry.file,
            step=step,
            why=f"{entry.note.description} (replaced by a note under a new name)",
            after=replaced_by,
        )
        remove(entry.file)
        store.regenerate_index(scope, locked=True)  # derived: a failure is logged, not raised
        record = {
            "at": iso(now or utcnow()),
            "action": "forget",
            "by": by,
            # content-free, like a forget's audit: the name is in the history, which a
            # verified forget purges (no copy of a forgotten note's words is left)
            "pathDigest": path_digest(entry.rel_in_scope),
            "sha256": entry.sha256,
        }
        atomic_append_line(scope.state_dir / "audit.jsonl", derived_text(json.dumps(record)))
    return True


def scrub_sessions(
    ctx: Ctx,
    tokens: set[str],
    *,
    min_share: float,
    of_target: bool = False,
    facts: list[str] | None = None,
) -> bool:
    """Drop prompt lines in session records that carry a forgotten or replaced fact
    (through :func:`memlsp.core.forget.redact_copies`: verified rewrites, and a record left
    with no prompt is forgotten). ``of_target``: ``tokens`` is a forget request's subject
    and a line must hold ``min_share`` of it; else ``min_share`` of the line's words must be
    ``tokens``. ``facts``: the texts of forgotten notes, whose quotes go too."""
    if (not tokens and not facts) or ctx.dry_run:
        return False
    quoted = fact_matcher(facts or [])

    def matches(line: set[str]) -> bool:
        if tokens and line:
            base = len(tokens) if of_target else len(line)
            if len(tokens & line) / base >= min_share:
                return True
        return bool(facts) and quoted(line)

    changed = redact_copies(ctx.store, ctx.scopes(), matches, now=ctx.now, keep_history=True)
    for path in changed:
        gone = not (ctx.store.home / path).exists()
        (ctx.result.deleted if gone else ctx.result.updated).append(path)
    return bool(changed)
