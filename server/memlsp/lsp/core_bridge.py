"""The integration seam between the server and the core parts being built alongside it.

Recall, per-turn extraction, session autosave, verified forget and dream live in core
modules that land separately (``memlsp.core.recall``, ``.extract``, ``.autosave``,
``.forget``, ``.dream``). Each function below imports its module lazily, calls the entry
point the server expects, and converts the result to wire types. While a module is absent
it raises :class:`Unavailable` (answered as a JSON-RPC error with ``data.reason =
"unavailable"``): this file is the one place to adjust when the core's signatures land.

Expected entry points (keyword arguments; ``editor`` is an EditorBridge or None, ``cancel``
and ``progress`` come from :mod:`memlsp.core.runtime`):

* ``recall.recall(store, scopes, message, *, open_files, already_read, first_turn,
  injected, injected_bytes, settings, editor)`` -> object with ``memories`` (each
  ``path, name, type, scope, age_days, score, content, stale`` — stale items with ``ref,
  reason, message``), ``reminder``, ``budget_left`` and ``injected_bytes``;
* ``extract.extract_turn(store, scope, messages, *, session_id, turn, settings, editor,
  cancel, progress)`` -> any object (``summary()`` optional, shown in jobStatus);
* ``autosave.save_session(store, scope, session_id, messages, *, settings)`` -> object with
  ``path`` (home-relative) or ``skipped`` (a reason);
* ``forget.verified_forget(store, path, sha256)`` -> object with ``tombstone`` (refusals
  raise MemlspError with their reason);
* ``dream.dream(store, scope, *, force, dry_run, settings, editor, cancel, progress)`` ->
  any object; ``dream.dream_state(store, scope)`` -> object with ``last_dream`` (datetime or
  None) and ``sessions_since_dream``.

``messages`` handed to the core are plain dicts ``{"role", "content", "at"}``.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from ..core.errors import MemlspError
from ..core.notes import iso
from ..core.runtime import CancelToken, EditorBridge, ProgressSink
from ..core.settings import Settings
from ..core.store import Scope, Store
from . import messages as wire
from .sessions import SessionState

PARTS = {
    "recall": "memlsp.core.recall",
    "extract": "memlsp.core.extract",
    "autosave": "memlsp.core.autosave",
    "forget": "memlsp.core.forget",
    "dream": "memlsp.core.dream",
}


class Unavailable(MemlspError):
    reason = "unavailable"

    def __init__(self, part: str) -> None:
        super().__init__(
            f"the core part `{part}` ({PARTS[part]}) is not part of this build yet",
            part=part,
        )
        self.part = part


def available(part: str) -> bool:
    try:
        return importlib.util.find_spec(PARTS[part]) is not None
    except ModuleNotFoundError:
        return False


def availability() -> dict[str, bool]:
    return {part: available(part) for part in PARTS}


def _module(part: str) -> ModuleType:
    name = PARTS[part]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # Only a missing part is "unavailable"; a broken import inside it is a real error.
        if exc.name and name.startswith(exc.name):
            raise Unavailable(part) from exc
        raise


def require(part: str) -> None:
    """Fail fast (before a job is queued) when a part is missing."""
    _module(part)


def _chat(messages: list[wire.ChatMessage]) -> list[dict[str, Any]]:
    return [{"role": m.role, "content": m.content, "at": m.at} for m in messages]


def recall(
    store: Store,
    scopes: list[Scope],
    session: SessionState,
    params: wire.RecallParams,
    *,
    settings: Settings,
    editor: EditorBridge | None,
) -> wire.RecallResult:
    mod = _module("recall")
    res = mod.recall(
        store,
        scopes,
        params.message,
        open_files=list(params.open_files),
        already_read=list(params.already_read),
        first_turn=params.first_turn if params.first_turn is not None else session.turns == 0,
        injected=set(session.injected),
        injected_bytes=session.injected_bytes,
        settings=settings,
        editor=editor,
    )
    memories = [
        wire.RecalledMemory(
            path=m.path,
            name=m.name,
            type=m.type,
            scope=m.scope,
            age_days=int(m.age_days),
            score=float(m.score),
            content=m.content,
            stale=[
                wire.StaleCitation(ref=s.ref, reason=s.reason, message=getattr(s, "message", ""))
                for s in (m.stale or [])
            ],
        )
        for m in res.memories
    ]
    session.injected.update(m.path for m in memories)
    session.injected_bytes = int(getattr(res, "injected_bytes", session.injected_bytes))
    session.turns += 1
    return wire.RecallResult(
        memories=memories, reminder=res.reminder, budget_left=int(res.budget_left)
    )


def extract_turn(
    store: Store,
    scope: Scope,
    params: wire.TurnCompletedParams,
    *,
    settings: Settings,
    editor: EditorBridge | None,
    cancel: CancelToken,
    progress: ProgressSink,
) -> Any:
    mod = _module("extract")
    return mod.extract_turn(
        store,
        scope,
        _chat(params.messages),
        session_id=params.session_id,
        turn=params.turn,
        settings=settings,
        editor=editor,
        cancel=cancel,
        progress=progress,
    )


def save_session(
    store: Store, scope: Scope, params: wire.SessionEndedParams, *, settings: Settings
) -> wire.SessionEndedResult:
    mod = _module("autosave")
    res = mod.save_session(
        store, scope, params.session_id, _chat(params.messages), settings=settings
    )
    return wire.SessionEndedResult(
        path=getattr(res, "path", None), skipped=getattr(res, "skipped", None)
    )


def forget(store: Store, params: wire.ForgetParams) -> wire.ForgetResult:
    mod = _module("forget")
    res = mod.verified_forget(store, params.path, params.sha256)
    tombstone = res if isinstance(res, str) else res.tombstone
    return wire.ForgetResult(tombstone=str(tombstone))


def dream(
    store: Store,
    scope: Scope,
    params: wire.DreamParams,
    *,
    settings: Settings,
    editor: EditorBridge | None,
    cancel: CancelToken,
    progress: ProgressSink,
) -> Any:
    mod = _module("dream")
    return mod.dream(
        store,
        scope,
        force=params.force,
        dry_run=params.dry_run,
        settings=settings,
        editor=editor,
        cancel=cancel,
        progress=progress,
    )


def dream_state(store: Store, scope: Scope) -> tuple[str | None, int | None]:
    """(last dream as ISO-8601, sessions ended since) — (None, None) while dream is absent."""
    try:
        mod = _module("dream")
    except Unavailable:
        return None, None
    state = mod.dream_state(store, scope)
    last = state.last_dream
    return (iso(last) if last is not None else None), state.sessions_since_dream
