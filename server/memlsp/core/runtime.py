"""What a long-running core function receives from whoever hosts it (server, CLI, tests).

A background job in memlsp is a plain blocking function ``fn(cancel, progress)``: the host
runs it on a worker thread, and the function

* calls ``cancel.check()`` often (between notes, between model rounds) — nothing can stop a
  running thread from outside, so cancellation is cooperative;
* reports what it is doing through ``progress(message, percentage)``; the host decides
  whether that becomes ``$/progress``, a progress bar on stderr, or nothing.

``EditorBridge`` is the ``editor`` model provider's view of the editor (SPEC R34): the
language server implements it by sending ``memory/complete`` to the client. Core code only
sees this protocol and never imports the server.

Must not import pygls, lsprotocol or anything from memlsp.lsp / memlsp.cli.
"""

from __future__ import annotations

import os
import threading
from typing import Protocol

from .errors import MemlspError


class Cancelled(MemlspError):
    """The job was asked to stop and stopped at a safe point (nothing half-written)."""

    reason = "cancelled"


class CancelToken:
    """Thread-safe, one-way cancel flag."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`Cancelled` when cancellation was requested."""
        if self._event.is_set():
            raise Cancelled("cancelled on request")

    def yield_to_requests(self) -> None:
        """A safe point after the job's writes, where a host may let the requests it is
        serving run first (the language server's runner does; elsewhere nothing happens)."""


class ProgressSink(Protocol):
    def __call__(self, message: str | None = None, percentage: int | None = None) -> None: ...


def no_progress(message: str | None = None, percentage: int | None = None) -> None:
    """A sink that drops every report."""


class ModelUnavailable(MemlspError):
    """No model answered (none configured, the editor lacks the bridge, or it failed):
    callers fall back to the offline behaviour."""

    reason = "model-unavailable"


class ModelTimeout(ModelUnavailable):
    reason = "model-timeout"


class EditorBridge(Protocol):
    """Run one prompt on the editor's own language model (SPEC §10 ``memory/complete``).

    Callable from worker threads; raises :class:`ModelUnavailable` (or
    :class:`ModelTimeout`) instead of hanging or returning a made-up answer.
    """

    def complete(
        self, system: str, messages: list[dict], max_tokens: int, timeout: float
    ) -> str: ...


def background_priority() -> None:
    """Run the calling thread at a lower CPU priority (Linux: a thread is a task with its own
    nice value), so background jobs (extraction, reindexing, citation checks, dreams) yield
    the cores to the chat's recall and the editor's hovers; the embedder's index-build
    workers run at it too. A no-op where not allowed (not Linux, no permission)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):
        pass
