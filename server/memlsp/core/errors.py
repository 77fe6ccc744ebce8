"""Typed errors of the core.

Each error carries a stable, kebab-case ``reason`` (adapters map it to JSON-RPC
``data.reason`` or a CLI exit code) and a message written for a person.
"""

from __future__ import annotations


class MemlspError(Exception):
    """Base class: ``reason`` is stable and machine-readable; ``str(err)`` is for people."""

    reason: str = "error"

    def __init__(self, message: str, *, reason: str | None = None, **details: object) -> None:
        super().__init__(message)
        if reason is not None:
            self.reason = reason
        self.details = details


class NoteFormatError(MemlspError):
    """A note file could not be parsed or failed validation."""

    reason = "malformed-note"


class InvalidNoteError(MemlspError):
    """A note a caller asked to write is not valid (bad type, description too long...)."""

    reason = "invalid-note"


class NotFoundError(MemlspError):
    reason = "not-found"


class InvalidPathError(MemlspError):
    reason = "invalid-path"


class InvalidRequestError(MemlspError):
    """The request names something that does not exist or cannot be used (a scope, a
    workspace): bad input, as opposed to a failure while doing what was asked."""

    reason = "invalid-params"


class DurabilityError(MemlspError):
    """An atomic write could not be completed; the previous file is untouched."""

    reason = "write-failed"


class SymlinkRefusedError(MemlspError):
    """A write, move or delete would go through a symbolic link inside the memory home:
    refused, because the link could lead anywhere (issue 14)."""

    reason = "symlink"


class LockTimeoutError(MemlspError):
    reason = "lock-timeout"


class RefusedError(MemlspError):
    """The request was understood and declined on purpose (policy: a secret, an excluded
    kind of content, poisoning; rollout off...). Adapters report it as a refusal with its
    reason, not as a failure. For the write policy (SPEC R8), ``reason`` is
    ``refused-secret``, ``refused-excluded:<category>`` or ``refused-poisoning:<category>``
    and ``category`` the bare category. The message never repeats the refused text."""

    reason = "refused"

    def __init__(self, message: str, *, reason: str | None = None, category: str = "") -> None:
        super().__init__(message, reason=reason)
        self.category = category
