"""The refusals of verified forget (SPEC R24): :data:`REFUSALS` and :class:`ForgetRefused`.

Must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

from ..errors import MemlspError

REFUSALS = (
    "broad",
    "stale-hash",
    "traversal",
    "symlink",
    "hard-link",
    "protected",
    "unknown-archive",
    "leased",
    "expired-lease",
    "not-found",
)
"""Stable refusal reasons (``ForgetRefused.reason``; JSON-RPC ``data.reason``)."""


class ForgetRefused(MemlspError):
    """Verified forget refused; ``reason`` is one of :data:`REFUSALS`."""

    reason = "refused"

    def __init__(self, reason: str, message: str, **details: object) -> None:
        assert reason in REFUSALS, reason
        super().__init__(message, reason=reason, **details)
