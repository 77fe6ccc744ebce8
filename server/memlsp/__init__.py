"""memlsp: a persistent, file-based memory for the AI chat inside code editors.

The package is layered: ``memlsp.core`` is a pure library (storage, policy, recall, dream,
forget, citations) with no LSP or CLI imports; ``memlsp.cli`` and ``memlsp.lsp`` are thin
layers over it.
"""

import os

__version__ = "0.1.0"

# onnxruntime (the MiniLM recall model) writes a device id for Microsoft's telemetry into
# ~/.cache/Microsoft/DeveloperTools/ when imported, unless this is set. memlsp records
# nothing it was not asked to (a person may still set it to 0).
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
