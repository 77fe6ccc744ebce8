"""A project memory for recall tests: a scope under the home holding the notes a test wrote
for itself."""

from __future__ import annotations

import datetime as dt

from memlsp.core.notes import Note
from memlsp.core.store import Scope, Store

#: (name, type, description, body) of one note
NoteSpec = tuple[str, str, str, str]


def project_memory(
    store: Store, name: str, notes: list[NoteSpec], *, now: dt.datetime, meta: dict | None = None
) -> Scope:
    """The project scope ``projects/example.com/acme/<name>`` holding ``notes``, each
    written at ``now`` (with ``meta`` in its frontmatter when given)."""
    rel = f"projects/example.com/acme/{name}"
    scope = store.ensure_scope(Scope("project", rel, store.home / rel))
    for note_name, type_, desc, body in notes:
        note = Note(name=note_name, description=desc, type=type_, body=body, meta=dict(meta or {}))
        store.write_note(scope, note, now=now)
    return scope
