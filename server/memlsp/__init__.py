"""memlsp: a persistent, file-based memory for the AI chat inside code editors.

The package is layered: ``memlsp.core`` is a pure library (storage, policy, recall, dream,
forget, citations) with no LSP or CLI imports; ``memlsp.cli`` and ``memlsp.lsp`` are thin
layers over it.
"""

__version__ = "0.1.0"
