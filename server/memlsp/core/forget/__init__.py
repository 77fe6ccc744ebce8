"""Forgetting with evidence (SPEC R23, R24): verified forget, tombstones, best-effort search.

Verified forget takes the exact home-relative path of one note and the SHA-256 of the bytes
the caller read. The protocol, in order (docs/explanation/forget.md):

1. validate the path lexically (no globs, folders, traversal in any spelling, protected
   files, unknown archives) and find its scope;
2. take the scope's flock, then walk the path from the memory home one component at a time
   with ``O_NOFOLLOW`` directory descriptors, so a symlink at *any* component is refused and
   a component swapped for a symlink after the check cannot redirect the walk;
3. hash the bytes read through that descriptor, refuse a hard link or a stale hash, check
   the dream lease;
4. append a content-free tombstone to ``.memlsp/tombstones.jsonl`` and an audit record to
   ``.memlsp/audit.jsonl`` (both fsynced) — *before* anything is deleted;
5. move the name aside inside the pinned folder, check that what moved is the very inode
   that was hashed (else put it back and refuse), unlink it, fsync the folder;
6. rebuild ``MEMORY.md`` and run the :data:`AFTER_FORGET` hooks (retrieval caches), so the
   note cannot be recalled again.

Every refusal is a :class:`ForgetRefused` whose ``reason`` is one of :data:`REFUSALS`.
Tombstones hold digests only (path digest, file hash, normalised-body hash), so extraction
can ask :func:`is_tombstoned` / :func:`tombstoned_text` without the memory keeping what it
forgot.


The modules: :mod:`.errors` (refusals), :mod:`.paths` (lexical and layout checks),
:mod:`.walk` (descriptor walk, scope lock, lease check, verified unlink), :mod:`.tombstones`
(digests and evidence records), :mod:`.verified` (:func:`forget`, the protocol above) and
:mod:`.matching` (best-effort forget, R23). The names below are re-exported here.

This package must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from .copies import fact_matcher, redact_copies
from .derived import index_files, scrub_indexes
from .errors import REFUSALS, ForgetRefused
from .matching import MatchReport, find_matching, forget_matching
from .paths import NoteLocation, known_runs, validate_path
from .tombstones import (
    is_tombstoned,
    normalise_text,
    path_digest,
    path_tombstone,
    read_tombstones,
    text_digest,
    tombstoned_digests,
    tombstoned_text,
)
from .verified import (
    AFTER_FORGET,
    FORGET_REASONS,
    ForgetEvent,
    ForgetResult,
    forget,
    is_sha256,
    register_after_forget,
)

__all__ = [
    "fact_matcher",
    "redact_copies",
    "AFTER_FORGET",
    "FORGET_REASONS",
    "REFUSALS",
    "ForgetEvent",
    "ForgetRefused",
    "ForgetResult",
    "MatchReport",
    "NoteLocation",
    "find_matching",
    "index_files",
    "forget",
    "forget_matching",
    "is_sha256",
    "is_tombstoned",
    "known_runs",
    "normalise_text",
    "path_digest",
    "path_tombstone",
    "read_tombstones",
    "register_after_forget",
    "scrub_indexes",
    "text_digest",
    "tombstoned_digests",
    "tombstoned_text",
    "validate_path",
]
