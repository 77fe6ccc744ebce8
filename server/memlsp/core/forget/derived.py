"""Derived copies of a forgotten note (SPEC R24, docs/explanation/forget.md step 9).

The retrieval index (``.memlsp/retrieval.sqlite`` of every recall home: a project scope, the
global scope, the home's own ``.memlsp/``) holds each note's description, body and glosses. It
is synced from the files before a search, but a deleted row leaves its text in free pages
and in the full-text index's older segments, and an index nobody searches again is never
synced at all. So a forget scrubs every index in the home that holds the note
(:func:`memlsp.core.retrieval.cache_file.scrub`), and with it every row of a note no longer
on disk: the forgotten note's earlier paths (a supersession renamed it, a dream folded an
inbox observation into it), whose rows stay until a search syncs that index. A global or
mounted-folder note is held by every project's index; a project note by its project's (and
by the one it used before the project had a folder of its own).

Must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Collection
from pathlib import Path

from ..errors import MemlspError
from ..store import Scope, Store

log = logging.getLogger("memlsp.core.forget")

__all__ = ["index_files", "rewrite_recall_state", "scrub_indexes"]


def _recall_homes(store: Store) -> list[Scope]:
    """Every scope a recaller may keep its index and session state in (ADR 0009)."""
    from ..sessions import home_state

    return [*store.scopes(), home_state(store)]


def index_files(store: Store) -> list[Path]:
    """Every retrieval index file a recall home of ``store`` may hold (existing or not)."""
    from ..retrieval.cache_file import INDEX_FILE

    return [scope.state_dir / INDEX_FILE for scope in _recall_homes(store)]


def rewrite_recall_state(store: Store) -> None:
    """Recall's session states and counters hold digests of note paths; files an older
    memlsp wrote with paths are rewritten now (:func:`memlsp.core.sessions.rewrite_paths`)
    rather than on their next use, so a forgotten note's path does not stay in them."""
    from ..sessions import rewrite_paths

    for scope in _recall_homes(store):
        try:
            rewrite_paths(scope)
        except (OSError, MemlspError) as exc:  # a cache: the next turn rewrites it anyway
            log.warning("recall state in %s not rewritten: %s", scope.state_dir, exc)


def scrub_indexes(
    store: Store, rel_path: str | None = None, rewritten: Collection[str] = ()
) -> tuple[str, ...]:
    """Scrub the note at home-relative ``rel_path`` from every index in the home, and every
    row of a note no longer on disk (an earlier path of the forgotten note: renamed by a
    supersession, folded into it by a dream; or a note a sync's tombstone removed), and the
    rows of the notes ``rewritten`` in place by the forget (session records that quoted it:
    the next recall indexes them again from their new bytes); returns the failures (type
    names of the errors) for :attr:`.verified.ForgetResult.hook_failures` — a failure
    means an index file could neither be scrubbed nor deleted."""
    from ..retrieval.cache_file import scrub  # numpy and sqlite: only when forgetting

    def gone(key: str) -> bool:
        try:
            return not os.path.lexists(store.resolve_rel(key))
        except (MemlspError, OSError, ValueError):
            # not a path this home can name — such as a folder another process mounts and
            # this one does not: leave the row to the index
            return False

    failures: list[str] = []
    for path in index_files(store):
        try:
            outcome = scrub(path, [*([rel_path] if rel_path else []), *rewritten], gone)
        except OSError as exc:
            log.warning("retrieval index %s still holds a forgotten note: %s", path, exc)
            failures.append(f"index-scrub:{type(exc).__name__}")
            continue
        if outcome in ("scrubbed", "removed"):
            log.info("forgotten note scrubbed from %s (%s)", path, outcome)
    return tuple(failures)
