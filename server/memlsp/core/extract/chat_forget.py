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
import os
import re

from .. import heuristics as h
from ..forget import ForgetRefused, forget
from ..fsutil import atomic_append_line, atomic_write, file_lock
from ..notes import Note, cut, iso, utcnow
from ..policy.gate import derived_text, note_text
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
    for entry in live_entries(ctx):
        share = len(tokens & note_tokens(entry.note)) / len(tokens)
        if share >= FORGET_MATCH and ctx.dry_run:
            ctx.result.planned.append({"action": "delete", "path": entry.path})
            found = True
        elif share >= FORGET_MATCH:
            if remove_note(ctx.store, entry, by="extraction-forget", now=ctx.now):
                ctx.result.deleted.append(entry.path)
                found = True
    scrubbed = (
        False
        if ctx.dry_run
        else scrub_sessions(ctx, tokens, min_share=FORGET_MATCH, of_target=True)
    )
    ctx.result.forget_target_found = found or scrubbed
    if not ctx.result.forget_target_found:
        log.info("forget request matched no note")


def remove_note(store: Store, entry: Entry, *, by: str, now: dt.datetime | None = None) -> bool:
    """Delete one note if its bytes are still the ones that were read (best-effort forget,
    R23), regenerate the index, and append a content-free audit record. False when the
    note changed or vanished meanwhile."""
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
        os.unlink(entry.file)
        store.rebuild_index(scope, locked=True)
        record = {
            "at": iso(now or utcnow()),
            "action": "forget",
            "by": by,
            "path": entry.path,
            "sha256": entry.sha256,
        }
        atomic_append_line(scope.state_dir / "audit.jsonl", derived_text(json.dumps(record)))
    return True


_PROMPT_LINE = re.compile(r"^- (.*)$")


def scrub_sessions(
    ctx: Ctx, tokens: set[str], *, min_share: float, of_target: bool = False
) -> bool:
    """Drop prompt lines in session records that carry a forgotten or replaced fact."""
    if not tokens:
        return False
    changed_any = False
    for scope in ctx.scopes():
        if not (scope.root / "sessions").is_dir():
            continue
        for entry in ctx.store.scan(scope).entries:
            if entry.section != "sessions":
                continue
            lines = entry.note.body.splitlines()
            keep: list[str] = []
            dropped = 0
            for line in lines:
                m = _PROMPT_LINE.match(line)
                if m:
                    line_tokens = h.content_tokens(m.group(1))
                    if of_target:
                        share = len(tokens & line_tokens) / len(tokens)
                    else:
                        share = len(tokens & line_tokens) / max(1, len(line_tokens))
                    if share >= min_share:
                        dropped += 1
                        continue
                keep.append(line)
            if not dropped:
                continue
            changed_any = True
            if not any(_PROMPT_LINE.match(line) for line in keep):
                remove_note(ctx.store, entry, by="extraction-forget", now=ctx.now)
                ctx.result.deleted.append(entry.path)
                continue
            first = next(
                _PROMPT_LINE.match(line).group(1) for line in keep if _PROMPT_LINE.match(line)
            )  # type: ignore[union-attr]
            prefix = entry.note.description.split(": ", 1)[0]
            new = Note(
                name=entry.note.name,
                description=cut(f"{prefix}: {first}", 150),
                type=entry.note.type,
                body="\n".join(keep),
                meta={**entry.note.meta, "updated": iso(ctx.now)},
            )
            with file_lock(scope.lock_path):
                atomic_write(entry.file, note_text(new))
            ctx.result.updated.append(entry.path)
    return changed_any
