"""Check-before-write for extraction (SPEC R10): a statement on the topic of an existing
note rewrites that note; a superseding statement replaces the old value everywhere recall
can see it (nothing is kept "for history"); otherwise a new note goes to ``inbox/``.

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

from .. import heuristics as h
from .. import matching, pending
from ..errors import RefusedError
from ..forget import tombstoned_text
from ..notes import Note
from ..store import Entry, Scope
from .chat_forget import remove_note, scrub_sessions
from .context import Ctx, Refusal, live_entries, note_tokens, strip_provenance

SAME_TOPIC_RATIO = 0.5  # shared content tokens / smaller set, to count as the same topic
SAME_TOPIC_MIN = 3
SUPERSEDE_RATIO = 0.15  # lower bar when the statement says it replaces something
SUPERSEDE_MIN = 2
# Notes a person wrote or imported are only ever matched on the strict same-topic test: a
# loose "this replaces that" match must never rewrite or drop them.
PROTECTED_SOURCES = ("manual", "import")


def _core(note: Note) -> str:
    """What a note states: its body's first paragraph without provenance."""
    first = strip_provenance(note.body).strip().split("\n\n", 1)[0].strip()
    return first or note.description


def same_topic(
    ctx: Ctx, tokens: set[str], supersede: bool, *, type_: str | None = None, statement: str = ""
) -> Entry | None:
    """The live note this statement restates or (``supersede``) replaces: one of the same
    type, on the same subject (:func:`memlsp.core.matching.conflict` vetoes different
    names, values or a swapped content word), never one that merely shares lead words."""
    best: tuple[float, int, Entry] | None = None
    for entry in live_entries(ctx):
        if type_ is not None and entry.note.type != type_:
            continue
        if statement and matching.conflict(_core(entry.note), statement, supersede=supersede):
            continue
        shared, ratio = h.overlap(tokens, note_tokens(entry.note))
        same = shared >= SAME_TOPIC_MIN and ratio >= SAME_TOPIC_RATIO
        replaced = (
            supersede
            and entry.note.source not in PROTECTED_SOURCES
            and shared >= SUPERSEDE_MIN
            and ratio >= SUPERSEDE_RATIO
        )
        if (same or replaced) and (best is None or (ratio, shared) > best[:2]):
            best = (ratio, shared, entry)
    return best[2] if best else None


def held(ctx: Ctx, scope: Scope, note: Note, existing: Entry | None) -> bool:
    """R37: under ``review: required`` the note (or the update of ``existing``) waits as a
    pending item instead of being written; True when it was held, or dropped because a
    person rejected the same proposal before."""
    if not ctx.review:
        return False
    item = pending.propose(ctx.store, scope, note, target=existing, now=ctx.now)
    if item is not None:
        ctx.result.held.append(item.path)
    return True


def write_checked(ctx: Ctx, scope: Scope, note: Note, statement: str, *, supersede: bool) -> None:
    """R10: rewrite the note on the same topic, else create one in the inbox. A note the
    disk gate refuses (a secret the statement checks missed) is dropped, not raised."""
    try:
        _write_checked(ctx, scope, note, statement, supersede=supersede)
    except RefusedError as exc:
        ctx.result.refused.append(Refusal(exc.reason, exc.category or "secret", "gate"))


def _write_checked(ctx: Ctx, scope: Scope, note: Note, statement: str, *, supersede: bool) -> None:
    # The statement alone: a description that leads with the situation around it (the
    # message before, the assistant's reply) must not make it match that situation's note.
    tokens = h.content_tokens(statement)
    existing = same_topic(ctx, tokens, supersede, type_=note.type, statement=statement)
    if ctx.dry_run:
        ctx.result.planned.append(
            {"action": "update", "path": existing.path, "type": note.type}
            if existing is not None
            else {"action": "create", "name": note.name, "scope": scope.rel, "type": note.type}
        )
        return
    if existing is not None:
        old_note = existing.note
        note.meta["created"] = old_note.meta.get("created") or note.meta["created"]
        if held(ctx, existing.scope, note, existing):
            return
        if note.name == old_note.name or existing.section not in ("", "inbox"):
            note.name = old_note.name
            res = ctx.store.write_note(
                existing.scope,
                note,
                section=existing.section,
                replaces=existing.path,
                now=ctx.now,
                step="supersede" if supersede else "extraction-update",
            )
            if res.action == "updated":
                ctx.result.updated.append(res.path)
        else:
            # The file name is part of what recall shows: a note whose topic now holds a
            # new value is renamed too (write the new file first, then drop the old one,
            # so a crash in between leaves a duplicate, never a loss).
            taken = {e.note.name for e in live_entries(ctx) if e.scope == existing.scope}
            taken.discard(old_note.name)
            base, i = note.name, 2
            while note.name in taken:
                note.name = f"{base}-{i}"
                i += 1
            res = ctx.store.write_note(
                existing.scope, note, section=existing.section, match_existing=False, now=ctx.now
            )
            remove_note(
                ctx.store,
                existing,
                by="extraction-update",
                now=ctx.now,
                replaced_by=res.entry.sha256,
                step="supersede" if supersede else "extraction-update",
            )
            ctx.result.updated.append(res.path)
        if supersede:
            # The replaced value must be gone everywhere recall can see it (R10).
            scrub_sessions(ctx, note_tokens(old_note) - tokens, min_share=0.5)
        return
    if tombstoned_text(scope, note.body):
        ctx.result.refused.append(Refusal("forgotten", "forgotten", "turn"))
        return
    taken = {e.note.name for e in live_entries(ctx) if e.scope == scope}
    base, i = note.name, 2
    while note.name in taken:
        note.name = f"{base}-{i}"
        i += 1
    if held(ctx, scope, note, None):
        return
    res = ctx.store.write_note(scope, note, section="inbox", now=ctx.now)
    if res.action != "unchanged":  # the same bytes again: not an update
        (ctx.result.written if res.action == "created" else ctx.result.updated).append(res.path)
