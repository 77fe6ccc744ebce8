"""Content-free telemetry (SPEC R27): a frozen allow-list schema, a local JSONL sink.

Off unless the ``telemetry.enabled`` setting is true. Every event name and every field is
declared in :data:`SCHEMA`; a field is an enum (a fixed set of values written in this
file), a boolean, a non-negative integer count, or a non-negative finite duration in
milliseconds. Nothing else can be emitted — no free string, so no prompt, note text, topic,
keyword, path, model output or exception text can leak. Anything outside the schema is
rejected at emit time: :class:`TelemetryRejected` in strict mode (tests), dropped and
counted otherwise. Events are validated even while telemetry is off, so a bad emit site
fails its tests whatever the setting.

The schema is documented in docs/reference/telemetry.md; changing it is a versioned,
reviewed change (``SCHEMA_VERSION``). The enum values are literals here on purpose (not
imported from the modules that emit them): a test checks they agree.

An optional forwarder receives each accepted event (the language server forwards it as
LSP ``telemetry/event`` only when the client's telemetry is on).

This module must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import json
import logging
import math
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from .errors import MemlspError
from .fsutil import guard

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2


@dataclass(frozen=True)
class FieldSpec:
    kind: str  # "enum" | "bool" | "count" | "duration"
    values: frozenset[str] = frozenset()


def _enum(*values: str) -> FieldSpec:
    return FieldSpec("enum", frozenset(values))


BOOL = FieldSpec("bool")
COUNT = FieldSpec("count")
DURATION = FieldSpec("duration")

ROLLOUT = _enum("off", "shadow", "dry-run", "on")
FORGET_REASON = _enum("user", "matching", "dream", "stale-citation", "retention")
REFUSAL = _enum(
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
ENTRY_POINT = _enum(
    "extraction",
    "autosave",
    "injection",
    "auto-dream",
    "remember",
    "recall",
    "forget",
    "dream",
    "check",
    "eval",
    "index",
    "fix",
)
NOTE_TYPE = _enum("user", "feedback", "project", "reference")
SETTINGS_LAYER = _enum("init", "workspace", "env", "managed")
SETTINGS_PROBLEM = _enum("unknown-key", "bad-value", "unreadable", "malformed", "untrusted")
SCORE_BUCKET = _enum("none", "unscored", "0.0-0.2", "0.2-0.4", "0.4-0.6", "0.6-0.8", "0.8-1.0")
SILENCE = _enum(
    "none",
    "below-threshold",
    "already-injected",
    "budget",
    "no-notes",
    "empty-message",
    "rollout-off",
    "rollout-shadow",
    "rollout-dry-run",
)
TRIGGER = _enum("person", "automatic")
EXTRACTION_SKIP = _enum(
    "none",
    "no-signal",
    "chatter",
    "refused",
    "model-found-nothing",
    "main-model-wrote-memory",
    "no-user-message",
    "forget-target-unclear",
    "untrusted-paste",
    "other",
)
EXTRACTION_REFUSAL = _enum("secret", "excluded", "poisoning", "untrusted", "forgotten", "other")

SCHEMA: Mapping[str, Mapping[str, FieldSpec]] = MappingProxyType(
    {
        "forget.completed": MappingProxyType(
            {
                "outcome": _enum("forgotten", "already-forgotten"),
                "reason": FORGET_REASON,
                "section": _enum("topic", "inbox", "sessions", "archive"),
                "duration_ms": DURATION,
                "hook_failures": COUNT,
            }
        ),
        "dream.completed": MappingProxyType(
            {
                "trigger": TRIGGER,
                "status": _enum("applied", "dry-run", "skipped"),
                "planner": _enum("offline", "model", "none"),
                "model_rejected": BOOL,
                "creates": COUNT,
                "updates": COUNT,
                "merges": COUNT,
                "renames": COUNT,
                "deletes": COUNT,
                "conflicts": COUNT,
                "duration_ms": DURATION,
            }
        ),
        "extraction.completed": MappingProxyType(
            {
                "trigger": TRIGGER,
                "provider": _enum("offline", "model"),
                "degraded": BOOL,
                "dry_run": BOOL,
                "written": COUNT,
                "updated": COUNT,
                "deleted": COUNT,
                "held": COUNT,
                "refused": COUNT,
                "skipped": EXTRACTION_SKIP,
                "duration_ms": DURATION,
            }
        ),
        "extraction.refused": MappingProxyType(
            {"reason": EXTRACTION_REFUSAL, "count": COUNT, "trigger": TRIGGER}
        ),
        "forget.refused": MappingProxyType(
            {"refusal": REFUSAL, "reason": FORGET_REASON, "duration_ms": DURATION}
        ),
        "forget.matching": MappingProxyType(
            {"confirmed": BOOL, "matched": COUNT, "forgotten": COUNT, "refused": COUNT}
        ),
        "recall.completed": MappingProxyType(
            {
                "entry_point": _enum("injection", "recall"),
                "rollout": ROLLOUT,
                "injected": BOOL,
                "notes": COUNT,
                "top_score": SCORE_BUCKET,
                "low_score": SCORE_BUCKET,
                "silence": SILENCE,
                "selector": _enum("hybrid", "model", "model-failed"),
                "first_turn": BOOL,
                "duration_ms": DURATION,
            }
        ),
        "remember.completed": MappingProxyType(
            {
                "action": _enum("created", "updated", "unchanged"),
                "type": NOTE_TYPE,
                "scope": _enum("global", "project"),
                "duration_ms": DURATION,
            }
        ),
        "remember.refused": MappingProxyType(
            {
                "refusal": _enum(
                    "empty",
                    "bad-type",
                    "bad-name",
                    "missing-description",
                    "description-too-long",
                    "too-large",
                    "policy-secret",
                    "policy-excluded",
                    "policy-poisoning",
                    "other",
                ),
                "duration_ms": DURATION,
            }
        ),
        "rollout.decision": MappingProxyType(
            {
                "entry_point": ENTRY_POINT,
                "level": ROLLOUT,
                "run": BOOL,
                "write": BOOL,
                "inject": BOOL,
                "managed_off": BOOL,
            }
        ),
        "settings.loaded": MappingProxyType(
            {
                "rollout": ROLLOUT,
                "provider": _enum("offline", "anthropic", "editor"),
                "managed": _enum("absent", "applied", "fail-closed"),
            }
        ),
        "settings.rejected": MappingProxyType(
            {"layer": SETTINGS_LAYER, "problem": SETTINGS_PROBLEM}
        ),
    }
)
"""Event name → field name → kind. Every field is required; no other field is allowed."""


class TelemetryRejected(MemlspError):
    """An event outside the schema. The message names the event/field, never the value."""

    reason = "telemetry-rejected"


def validate_event(name: str, fields: Mapping[str, object]) -> dict:
    """Check an event against :data:`SCHEMA`; return the record to write."""
    spec = SCHEMA.get(name) if isinstance(name, str) else None
    if spec is None:
        raise TelemetryRejected("unknown telemetry event (not in the frozen schema)")
    extra = set(fields) - set(spec)
    if extra:
        raise TelemetryRejected(f"{name}: {len(extra)} field(s) not in the schema")
    missing = sorted(set(spec) - set(fields))
    if missing:
        raise TelemetryRejected(f"{name}: missing field(s) {', '.join(missing)}")
    record: dict[str, object] = {}
    for key, kind in spec.items():
        value = fields[key]
        if kind.kind == "enum":
            ok = isinstance(value, str) and value in kind.values
        elif kind.kind == "bool":
            ok = isinstance(value, bool)
        elif kind.kind == "count":
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        else:  # duration
            ok = (
                isinstance(value, (int, float))
                and not isinstance(value, bool)
                and math.isfinite(value)
                and value >= 0
            )
            if ok:
                value = round(float(value), 3)  # type: ignore[arg-type]
        if not ok:
            raise TelemetryRejected(f"{name}.{key}: value is not an allowed {kind.kind}")
        record[key] = value
    return record


class Telemetry:
    """One telemetry pipeline: validation, the local sink, an optional forwarder."""

    def __init__(
        self,
        *,
        enabled: bool = False,
        sink: Path | None = None,
        forwarder: Callable[[dict], None] | None = None,
        strict: bool = False,
    ) -> None:
        self.enabled = enabled
        self.sink = Path(sink) if sink is not None else None
        self.forwarder = forwarder
        self.strict = strict
        self.dropped = 0
        self.emitted = 0
        self._lock = threading.Lock()

    def emit(self, name: str, **fields: object) -> dict | None:
        """Validate and record one event; returns the written record (None when off/dropped)."""
        try:
            body = validate_event(name, fields)
        except TelemetryRejected:
            with self._lock:
                self.dropped += 1
            if self.strict:
                raise
            log.warning("telemetry event dropped (outside the schema)")
            return None
        if not self.enabled:
            return None
        record = {"v": SCHEMA_VERSION, "event": name, "t": int(time.time()), **body}
        line = json.dumps(record, sort_keys=True, ensure_ascii=True)
        try:
            if self.sink is not None:
                guard(self.sink)  # a linked folder inside the home leads nowhere
                self.sink.parent.mkdir(parents=True, exist_ok=True)
                with self._lock:
                    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW
                    fd = os.open(self.sink, flags, 0o600)
                    try:
                        os.write(fd, (line + "\n").encode("ascii"))
                    finally:
                        os.close(fd)
            if self.forwarder is not None:
                self.forwarder(dict(record))
        except Exception:  # telemetry never breaks the product
            with self._lock:
                self.dropped += 1
            if self.strict:
                raise
            log.warning("telemetry event could not be written")
            return None
        with self._lock:
            self.emitted += 1
        return record


def default_sink(home: Path) -> Path:
    return Path(home) / ".telemetry" / "events.jsonl"


_current = Telemetry()
_current_lock = threading.Lock()


def configure(
    *,
    enabled: bool,
    home: Path | None = None,
    sink: Path | None = None,
    forwarder: Callable[[dict], None] | None = None,
    strict: bool = False,
) -> Telemetry:
    """Install the process-wide pipeline used by :func:`emit` (sink defaults to
    ``<home>/.telemetry/events.jsonl``)."""
    global _current
    if sink is None and home is not None:
        sink = default_sink(home)
    pipeline = Telemetry(enabled=enabled, sink=sink, forwarder=forwarder, strict=strict)
    with _current_lock:
        _current = pipeline
    return pipeline


def configure_from_settings(settings, home: Path, **kw) -> Telemetry:
    """Install the pipeline the settings ask for (``telemetry.enabled``, ``telemetry.path``).
    Strictness is kept from the current pipeline unless given (tests run strict)."""
    kw.setdefault("strict", _current.strict)
    return configure(enabled=settings.telemetry.enabled, sink=settings_sink(settings, home), **kw)


def settings_sink(settings, home: Path) -> Path:
    """The local sink the settings name (``telemetry.path``), else the home's default."""
    path = settings.telemetry.path
    return Path(path).expanduser() if path else default_sink(home)


def current() -> Telemetry:
    return _current


def emit(name: str, **fields: object) -> dict | None:
    """Emit through the process-wide pipeline (a no-op write when telemetry is off)."""
    return _current.emit(name, **fields)


__all__ = [
    "SCHEMA",
    "SCHEMA_VERSION",
    "FieldSpec",
    "Telemetry",
    "TelemetryRejected",
    "configure",
    "configure_from_settings",
    "current",
    "default_sink",
    "emit",
    "settings_sink",
    "validate_event",
]
