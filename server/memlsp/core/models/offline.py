"""The ``offline`` provider (SPEC R34, the default): deterministic, no network, no model.

It answers nothing: ``uses_model`` is False, so callers run their offline heuristics
(the rule-based extractor, the hybrid retriever, the rule-based dream planner). Calling
:meth:`complete` anyway raises ModelError(reason="offline"), which every caller already
treats as "degrade to offline".

Must not import the store, pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

from .base import ModelError, ModelReply, ModelRequest


class OfflineProvider:
    name = "offline"
    uses_model = False

    def complete(self, request: ModelRequest) -> ModelReply:
        raise ModelError("the offline provider runs no model", reason="offline")
