"""Forgetting reaches every copy (SPEC R23, R24; issue 15).

A fact lives on in more places than its note: a session record quotes the prompt that said
it ("- no, use pnpm not npm"), and recall injects session records too. After a forget —
verified, best-effort or asked for in chat — :func:`redact_copies` drops, from every
session record of the given scopes, the prompt lines that carry the forgotten fact, and
reports each file it changed.

Changes go through the verified path: a record is rewritten only if its bytes are still
the ones that were read (under the scope's lock), and a record left with no prompt is
itself forgotten with :func:`memlsp.core.forget.forget` (tombstone, audit).

Must not import the models or any adapter.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable, Iterable

from ..fsutil import atomic_write, file_lock
from ..notes import Note, cut, iso, utcnow
from ..policy.gate import note_text
from ..store import Entry, Scope, Store
from ..text import content_tokens
from .derived import scrub_indexes
from .verified import ForgetRefused, forget

PROMPT_LINE = re.compile(r"^- (.*)$")
LINE_SHARE = 0.5  # share of a prompt line's content words that belong to the fact
FACT_SHARE = 0.6  # or: share of the fact's content words that the line carries

Matcher = Callable[[set[str]], bool]


def fact_matcher(facts: Iterable[str]) -> Matcher:
    """A prompt line carries a fact when most of its content words are the fact's, or it
    holds most of the fact's content words (at least two shared either way)."""
    token_sets = [t for t in (content_tokens(f) for f in facts) if t]

    def matches(line: set[str]) -> bool:
        for fact in token_sets:
            shared = len(fact & line)
            if shared >= min(2, len(fact)) and (
                shared / max(1, len(line)) >= LINE_SHARE or shared / len(fact) >= FACT_SHARE
            ):
                return True
        return False

    return matches


def redact_copies(
    store: Store,
    scopes: Iterable[Scope],
    matches: Matcher,
    *,
    now: dt.datetime | None = None,
    keep_history: bool = False,
) -> list[str]:
    """Drop matching prompt lines from the session records of ``scopes``; the home-relative
    paths of the records changed (rewritten or forgotten). ``keep_history``: keep each
    record's previous version (a best-effort forget, which can be undone); never for a
    verified forget, which must leave no copy."""
    now = now or utcnow()
    changed: list[str] = []
    for scope in scopes:
        if not (scope.root / "sessions").is_dir():
            continue
        before = len(changed)
        for entry in store.scan(scope, fresh=True).entries:
            if entry.section == "sessions" and _redact_one(
                store, entry, matches, now, keep_history
            ):
                changed.append(entry.path)
        if len(changed) > before:
            # the parse cache and the retrieval indexes still hold what the records said:
            # the cache keeps an edited note's earlier parse until a larger change
            with file_lock(scope.lock_path):
                store.scan(scope, fresh=True, purge=True)
    if changed:
        scrub_indexes(store, None, changed)
    return changed


def _redact_one(
    store: Store, entry: Entry, matches: Matcher, now: dt.datetime, keep_history: bool
) -> bool:
    keep: list[str] = []
    dropped = 0
    for line in entry.note.body.splitlines():
        m = PROMPT_LINE.match(line)
        if m and matches(content_tokens(m.group(1))):
            dropped += 1
            continue
        keep.append(line)
    if not dropped:
        return False
    prompts = [PROMPT_LINE.match(line) for line in keep]
    first = next((m.group(1) for m in prompts if m), None)
    if first is None:
        try:
            return forget(store, entry.path, entry.sha256, reason="matching", now=now).status in (
                "forgotten",
                "already-forgotten",
            )
        except ForgetRefused:
            return False
    prefix = entry.note.description.split(": ", 1)[0]
    new = Note(
        name=entry.note.name,
        description=cut(f"{prefix}: {first}", 150),
        type=entry.note.type,
        body="\n".join(keep),
        meta={**entry.note.meta, "updated": iso(now)},
    )
    with file_lock(entry.scope.lock_path):
        try:
            data = entry.file.read_bytes()
        except FileNotFoundError:
            return False
        if hashlib.sha256(data).hexdigest() != entry.sha256:
            return False  # changed since it was read: leave it to the next forget
        text = note_text(new)  # through the disk gate (secrets, invisible characters)
        if keep_history:
            store.keep_version(
                entry.scope,
                entry.file,
                step="session-redact",
                why="prompt lines quoting a forgotten or replaced fact dropped",
                after=text.encode("utf-8"),
            )
        atomic_write(entry.file, text)
    return True


__all__ = ["PROMPT_LINE", "fact_matcher", "redact_copies"]
