"""One typed settings object shared by the CLI, the language server and the core (SPEC §11).

Keys are the same everywhere: VS Code ``memlsp.<key>``, the server's initializationOptions
and ``workspace/configuration`` section ``memlsp`` (nested, camelCase), and environment
variables ``MEMLSP_<KEY>`` for the CLI and tests: dots become underscores and camelCase
becomes SNAKE_CASE (``retention.sessionDays`` → ``MEMLSP_RETENTION_SESSION_DAYS``).
Precedence, highest first: managed settings (which can only tighten, see
:mod:`memlsp.core.managed`), environment, workspace/configuration, initializationOptions,
defaults. Unknown keys in the editor layers are ignored (editors send their own keys);
a known key with a bad value is a :class:`SettingsError`.

This module must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from .errors import MemlspError
from .retrieval.params import RecallParams
from .setting_values import choice, flag, model_id, optional_text, real, whole

ROLLOUTS = ("off", "shadow", "dry-run", "on")
PROVIDERS = ("offline", "anthropic", "editor")
REVIEWS = ("auto", "required")  # R37: required = extracted notes wait as pending items


class SettingsError(MemlspError, ValueError):
    """A setting has a value outside its allowed set (the message names key and layer)."""

    reason = "invalid-setting"


def env_name(key: str) -> str:
    """``retention.sessionDays`` → ``MEMLSP_RETENTION_SESSION_DAYS``."""
    snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key)
    return "MEMLSP_" + snake.replace(".", "_").replace("-", "_").upper()


def _positive(_inst: object, attribute: attrs.Attribute, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ValueError(f"{attribute.name} must be a number >= 0, not {value!r}")


@attrs.frozen
class ModelSettings:
    """``model.*``: which provider runs model prompts (R34) and how it is reached."""

    provider: str = attrs.field(default="offline", validator=attrs.validators.in_(PROVIDERS))
    # How long a model call may take before the caller gives up (the editor bridge's
    # memory/complete request included); on timeout the caller falls back to offline.
    timeout_seconds: float = attrs.field(default=30.0, validator=_positive)
    # Model ids are settings, not code: per-turn extraction (R11) and recall selection (R15).
    extract_model: str = "claude-haiku-4-5"
    select_model: str = "claude-sonnet-4-5"
    # Overrides the Anthropic API base URL (tests point it at a local fake server).
    base_url: str | None = None
    max_retries: int = 2


@attrs.frozen
class ServerSettings:
    """Knobs of the language server process (``memlsp serve``)."""

    # Poll the memory home for changes made by other processes every N seconds; 0 = off.
    watch_interval_seconds: float = attrs.field(default=2.0, validator=_positive)
    # Background jobs waiting or running at once; more are refused with reason "busy".
    max_queued_jobs: int = attrs.field(default=32, validator=_positive)
    # Custom requests being served at once; more are refused with reason "busy".
    max_in_flight_requests: int = attrs.field(default=64, validator=_positive)
    # A JSON-RPC message longer than this is refused ("message-too-large") and discarded.
    max_message_bytes: int = attrs.field(default=16 * 1024 * 1024, validator=_positive)


def _non_negative(_inst: object, attribute: attrs.Attribute, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{attribute.name} must be a non-negative whole number of days")


@attrs.frozen
class TelemetrySettings:
    """R27: off unless enabled; ``path`` overrides the sink ``<home>/.telemetry/events.jsonl``."""

    enabled: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    path: str | None = None
    # The editor's own telemetry switch (the VS Code client sends env.isTelemetryEnabled):
    # events also go to LSP telemetry/event only when both this and ``enabled`` are true.
    editor_enabled: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))


@attrs.frozen
class RetentionSettings:
    """How long session records, soft-deleted notes and the history of automatic changes
    (previous versions, ``memlsp log``) are kept (days)."""

    session_days: int = attrs.field(default=90, validator=_non_negative)
    soft_delete_days: int = attrs.field(default=30, validator=_non_negative)
    history_days: int = attrs.field(default=30, validator=_non_negative)


def _positive_number(_inst: object, attribute: attrs.Attribute, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ValueError(f"{attribute.name} must be a positive number")


@attrs.frozen
class DreamSettings:
    """``dream.*`` (R13, R20, R38): the gate's thresholds, the lease's lifetime and the
    per-run cap on topic notes a plan may remove."""

    max_deletes: int = attrs.field(default=10, validator=_non_negative)
    min_hours: float = attrs.field(default=24.0, validator=attrs.validators.ge(0))
    min_sessions: int = attrs.field(default=5, validator=_non_negative)
    lease_seconds: float = attrs.field(default=300.0, validator=_positive_number)


@attrs.frozen
class SyncSettings:
    """``sync.*`` (R40): when the language server syncs a project's memory by itself —
    after each dream, and every ``interval_minutes`` (0 = never). Both off by default; a
    scope syncs only once a person connected it (``memlsp sync init``)."""

    after_dream: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    interval_minutes: float = attrs.field(default=0.0, validator=attrs.validators.ge(0))


@attrs.frozen
class HoverSettings:
    """``hover.*``: R30's hover in code files (the notes citing a file or symbol)."""

    in_code: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))


@attrs.frozen
class ManagedInfo:
    """What managed settings did to this Settings object (for status and diagnostics).

    ``status``: ``absent`` (no managed file), ``applied`` (read and merged) or
    ``fail-closed`` (malformed, unreadable or untrusted: everything is off). ``off`` is true
    when managed settings say ``off`` — then even commands a person runs are refused
    (except forget).
    """

    status: str = "absent"
    sources: tuple[str, ...] = ()
    diagnostics: tuple[str, ...] = ()
    off: bool = False


@attrs.frozen
class Settings:
    rollout: str = attrs.field(default="off", validator=attrs.validators.in_(ROLLOUTS))
    home: str | None = None
    model: ModelSettings = attrs.field(factory=ModelSettings)
    telemetry: TelemetrySettings = attrs.field(factory=TelemetrySettings)
    retention: RetentionSettings = attrs.field(factory=RetentionSettings)
    dream: DreamSettings = attrs.field(factory=DreamSettings)
    managed: ManagedInfo = attrs.field(factory=ManagedInfo)
    server: ServerSettings = attrs.field(factory=ServerSettings)
    hover: HoverSettings = attrs.field(factory=HoverSettings)
    sync: SyncSettings = attrs.field(factory=SyncSettings)
    recall: RecallParams = attrs.field(factory=RecallParams)
    review: str = attrs.field(default="auto", validator=attrs.validators.in_(REVIEWS))
    # Other agents' memory folders mounted as extra scopes (absolute paths, core/mounts.py).
    extra_scopes: tuple[str, ...] = ()

    def memory_home(self) -> Path:
        return memory_home(self)


def default_home() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "memlsp"


def memory_home(settings: Settings | None = None, env: Mapping[str, str] | None = None) -> Path:
    """``$MEMLSP_HOME``, else the ``home`` setting, else ``$XDG_DATA_HOME/memlsp`` (R1)."""
    env = os.environ if env is None else env
    if env.get("MEMLSP_HOME"):
        return Path(env["MEMLSP_HOME"]).expanduser().absolute()
    if settings is not None and settings.home:
        return Path(settings.home).expanduser().absolute()
    return default_home()


def flatten(value: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested mapping → ``{"dotted.key": value}``."""
    out: dict[str, Any] = {}
    for key, sub in value.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(sub, Mapping):
            out.update(flatten(sub, name))
        else:
            out[name] = sub
    return out


def _env_layer(env: Mapping[str, str]) -> dict[str, Any]:
    return {key: env[env_name(key)] for key in KEYS if env.get(env_name(key))}


def _folders(value: Any) -> tuple[str, ...]:
    """A list of absolute folders (JSON), or one string of them joined by the platform's
    path separator (the environment); ``~`` is expanded. Relative paths are refused: they
    would mean a different folder in every process's working directory."""
    if isinstance(value, str):
        value = [v for v in value.split(os.pathsep) if v.strip()]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError("must be a list of folders")
    out: list[str] = []
    for raw in value:
        path = os.path.expanduser(raw.strip())
        if "\x00" in path or not os.path.isabs(path):
            raise ValueError(f"must be absolute folders, not {raw!r}")
        if os.path.normpath(path) not in out:
            out.append(os.path.normpath(path))
    return tuple(out)


# How each key's raw value (JSON from the editor, a string from the environment) is checked
# and converted; a ValueError names what the value must be.
COERCE: dict[str, Callable[[Any], Any]] = {
    "rollout": choice(ROLLOUTS),
    "home": optional_text(lambda v: True, "a path"),
    "model.provider": choice(PROVIDERS),
    "model.extractModel": model_id,
    "model.selectModel": model_id,
    "model.baseUrl": optional_text(
        lambda v: v.startswith(("http://", "https://")), "an http(s) URL"
    ),
    "model.timeoutSeconds": real(positive=True, what="number of seconds"),
    "model.maxRetries": whole(0),
    "telemetry.enabled": flag,
    "telemetry.path": optional_text(lambda v: True, "a path"),
    "telemetry.editorEnabled": flag,
    "retention.sessionDays": whole(0, "whole number of days"),
    "retention.softDeleteDays": whole(0, "whole number of days"),
    "retention.historyDays": whole(0, "whole number of days"),
    "dream.maxDeletes": whole(0),
    "dream.minHours": real(positive=False),
    "dream.minSessions": whole(0),
    "dream.leaseSeconds": real(positive=True, what="number of seconds"),
    "server.watchIntervalSeconds": real(positive=False),
    "server.maxQueuedJobs": whole(1),
    "server.maxInFlightRequests": whole(1),
    "server.maxMessageBytes": whole(1024),
    "hover.inCode": flag,
    "sync.afterDream": flag,
    "sync.intervalMinutes": real(positive=False),
    "recall.vectorWeight": real(positive=False),
    "recall.keywordWeight": real(positive=False),
    "recall.keywordCoverage": real(positive=False),
    "recall.minScore": real(positive=False),
    "recall.firstTurnMinScore": real(positive=False),
    "recall.followMargin": real(positive=False),
    "recall.generalMargin": real(positive=False),
    "recall.generalMarginCjk": real(positive=False),
    "recall.duplicateCosine": real(positive=False),
    "recall.halfLifeDays": real(positive=True, what="number of days"),
    "recall.gateReferenceNotes": whole(1),
    "recall.gateSizeSlope": real(positive=False),
    "recall.gateFloor": real(positive=False),
    "recall.glossary": flag,
    "recall.embedder": optional_text(lambda v: bool(v.strip()), "an embedder name"),
    "review": choice(REVIEWS),
    "extraScopes": _folders,
}


# Wire key (camelCase, dotted) of every setting, in documentation order.
KEYS = tuple(COERCE)


def coerce(key: str, value: Any) -> Any:
    """A layer's raw value as the typed value of ``key``; raises ValueError (KeyError for
    a key this version does not know)."""
    return COERCE[key](value)


def _report(layer: str, problem: str) -> None:
    from . import telemetry

    telemetry.emit("settings.rejected", layer=layer, problem=problem)


def build_settings(values: Mapping[str, Any]) -> Settings:
    """Typed Settings from flat, already-coerced values (missing keys take defaults)."""
    return Settings(
        rollout=values.get("rollout", "off"),
        home=values.get("home"),
        model=ModelSettings(
            provider=values.get("model.provider", "offline"),
            timeout_seconds=values.get("model.timeoutSeconds", 30.0),
            extract_model=values.get("model.extractModel", "claude-haiku-4-5"),
            select_model=values.get("model.selectModel", "claude-sonnet-4-5"),
            base_url=values.get("model.baseUrl"),
            max_retries=values.get("model.maxRetries", 2),
        ),
        server=ServerSettings(
            watch_interval_seconds=values.get("server.watchIntervalSeconds", 2.0),
            max_queued_jobs=values.get("server.maxQueuedJobs", 32),
            max_in_flight_requests=values.get("server.maxInFlightRequests", 64),
            max_message_bytes=values.get("server.maxMessageBytes", 16 * 1024 * 1024),
        ),
        telemetry=TelemetrySettings(
            enabled=values.get("telemetry.enabled", False),
            path=values.get("telemetry.path"),
            editor_enabled=values.get("telemetry.editorEnabled", False),
        ),
        retention=RetentionSettings(
            session_days=values.get("retention.sessionDays", 90),
            soft_delete_days=values.get("retention.softDeleteDays", 30),
            history_days=values.get("retention.historyDays", 30),
        ),
        hover=HoverSettings(in_code=values.get("hover.inCode", True)),
        sync=SyncSettings(
            after_dream=values.get("sync.afterDream", False),
            interval_minutes=float(values.get("sync.intervalMinutes", 0.0)),
        ),
        recall=_recall_settings(values),
        review=values.get("review", "auto"),
        dream=DreamSettings(
            max_deletes=values.get("dream.maxDeletes", 10),
            min_hours=float(values.get("dream.minHours", 24.0)),
            min_sessions=values.get("dream.minSessions", 5),
            lease_seconds=float(values.get("dream.leaseSeconds", 300.0)),
        ),
        extra_scopes=values.get("extraScopes", ()),
    )


def _recall_settings(values: Mapping[str, Any]) -> RecallParams:
    """The ``recall.*`` keys, each to the field of the same name in snake_case."""
    fields = {k: _snake(k.removeprefix("recall.")) for k in values if k.startswith("recall.")}
    try:
        return RecallParams(**{f: values[k] for k, f in fields.items()})
    except ValueError as exc:
        raise SettingsError(f"setting memlsp.recall: {exc}") from exc


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


# Keys that move data or credentials (issue 14 "Trust levels"): never from the workspace
# layer (workspace/configuration, didChangeConfiguration), which a repository can set.
USER_ONLY = frozenset({"home", "model.provider", "model.baseUrl", "telemetry.path", "extraScopes"})


def load_local(
    init_options: Mapping[str, Any] | None = None,
    workspace_config: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
) -> Settings:
    """The user's own layers merged (no managed settings); raises :class:`SettingsError`."""
    env = os.environ if env is None else env
    values: dict[str, Any] = {}
    for layer, raw in (
        ("init", flatten(init_options or {})),
        ("workspace", flatten(workspace_config or {})),
        ("env", _env_layer(env)),
    ):
        for key, value in raw.items():
            if key not in KEYS:
                continue
            if layer == "workspace" and key in USER_ONLY:
                logging.getLogger(__name__).warning(
                    "ignored memlsp.%s from the workspace settings: only your user settings,"
                    " the environment or managed settings may set it",
                    key,
                )
                continue
            try:
                values[key] = coerce(key, value)
            except ValueError as exc:
                _report(layer, "bad-value")
                where = env_name(key) if layer == "env" else f"memlsp.{key}"
                raise SettingsError(f"setting {where} ({layer}): {exc}") from exc
    return build_settings(values)


def load_settings(
    init_options: Mapping[str, Any] | None = None,
    workspace_config: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
    *,
    managed_paths: Sequence[Path] | None = None,
    trusted_uids: Sequence[int] | None = None,
) -> Settings:
    """Merge every layer into a validated Settings; managed settings tighten last.

    ``managed_paths`` defaults to :func:`memlsp.core.managed.managed_paths` (the system file
    plus ``$MEMLSP_MANAGED_SETTINGS``); ``trusted_uids`` to root only.
    """
    from . import managed, telemetry

    env = os.environ if env is None else env
    local = load_local(init_options, workspace_config, env)
    layer = managed.load_managed(
        managed_paths if managed_paths is not None else managed.managed_paths(env),
        trusted_uids=tuple(trusted_uids) if trusted_uids is not None else (0,),
    )
    effective = managed.tighten(local, layer)
    telemetry.emit(
        "settings.loaded",
        rollout=effective.rollout,
        provider=effective.model.provider,
        managed=effective.managed.status,
    )
    return effective
