"""The review inbox's wire types (``memory/review``, ``memory/reviewDecide``, issue 15),
registered in :data:`memlsp.lsp.messages.METHODS` like every other method.

Must not import pygls (only attrs/typing).
"""

from __future__ import annotations

from .codec import wire


@wire
class ReviewParams:
    scope: str | None = None  # all (default) | project | global | a scope folder


@wire
class ReviewItem:
    id: str
    path: str  # the pending file (memory/read reads it)
    kind: str  # new | update
    description: str
    source: str
    created: str
    diff: str | None = None  # unified diff, for an update
    agent: str | None = None
    type: str = "project"
    name: str = ""
    scope: str = ""  # the scope folder it belongs to
    target: str | None = None  # update: the note it rewrites


@wire
class ReviewResult:
    items: list[ReviewItem]


@wire
class ReviewDecideParams:
    id: str
    decision: str  # accept | reject | edit
    text: str | None = None  # edit: the text accepted instead


@wire
class ReviewDecideResult:
    path: str | None = None  # the accepted note; null on reject
    action: str | None = None  # created | updated | unchanged
    warning: str | None = None  # saved, but MEMORY.md could not be regenerated
