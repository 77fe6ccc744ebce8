"""Results of the server's ``workspace/executeCommand`` commands (docs/reference/protocol.md,
"Commands"): wire types like those of :mod:`memlsp.lsp.messages`, camelCase on the wire;
``client-vscode/src/protocol.ts`` mirrors them. Must not import pygls.
"""

from __future__ import annotations

import attrs

from .codec import is_wire, wire


@wire
class ModelStatus:
    """Result of the ``memlsp.modelStatus`` command: is the configured model reachable?"""

    provider: str
    reachable: bool | None
    message: str
    reason: str | None = None
    reply: str | None = None
    latency_ms: int | None = None


@wire
class CitationCheck:
    """Result of ``memlsp.recheckCitations``: the citation check run again, in counts."""

    notes: int  # notes checked
    stale: int  # stale citations found
    stale_notes: int  # notes with at least one stale citation
    index_problems: int  # problems of MEMORY.md (missing notes, over budget, ...)
    folders: int  # workspace folders checked


for _cls in list(globals().values()):
    if is_wire(_cls):
        attrs.resolve_types(_cls, globals())
