"""One typed settings object shared by the CLI, the language server and the core (SPEC §11).

Keys are the same everywhere: VS Code ``memlsp.<key>``, the server's initializationOptions
and ``workspace/configuration`` section ``memlsp`` (nested, camelCase), and environment
variables ``MEMLSP_<KEY>`` (dots become underscores) for the CLI and tests. Precedence,
highest first: environment, workspace/configuration, initializationOptions, defaults.
Managed settings, which can only tighten, are applied on top by :mod:`memlsp.core.managed`
when present.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

ROLLOUTS = ("off", "shadow", "dry-run", "on")
PROVIDERS = ("offline", "anthropic", "editor")


@attrs.frozen
class ModelSettings:
    provider: str = attrs.field(default="offline", validator=attrs.validators.in_(PROVIDERS))


_positive = attrs.validators.ge(1)


@attrs.frozen
class DreamSettings:
    """``dream.*``: the gate (R13), the lease (R20) and the deletion cap (R38)."""

    max_deletes: int = attrs.field(default=10, validator=attrs.validators.ge(0))
    min_hours: float = attrs.field(default=24.0, validator=attrs.validators.ge(0))
    min_sessions: int = attrs.field(default=5, validator=attrs.validators.ge(0))
    lease_seconds: float = attrs.field(default=300.0, validator=attrs.validators.gt(0))


@attrs.frozen
class RetentionSettings:
    """``retention.*``: session records expire; soft deletes stay restorable (R38)."""

    session_days: int = attrs.field(default=90, validator=_positive)
    soft_delete_days: int = attrs.field(default=30, validator=_positive)


@attrs.frozen
class Settings:
    rollout: str = attrs.field(default="off", validator=attrs.validators.in_(ROLLOUTS))
    home: str | None = None
    model: ModelSettings = attrs.field(factory=ModelSettings)
    dream: DreamSettings = attrs.field(factory=DreamSettings)
    retention: RetentionSettings = attrs.field(factory=RetentionSettings)

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


def _flatten(prefix: str, value: Any, out: dict[str, Any]) -> None:
    if isinstance(value, Mapping):
        for key, sub in value.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), sub, out)
    else:
        out[prefix] = value


# Wire key (camelCase, SPEC §11) -> (attrs field, type) of the nested numeric settings.
_NUMERIC = {
    "dream.maxDeletes": ("max_deletes", int),
    "dream.minHours": ("min_hours", float),
    "dream.minSessions": ("min_sessions", int),
    "dream.leaseSeconds": ("lease_seconds", float),
    "retention.sessionDays": ("session_days", int),
    "retention.softDeleteDays": ("soft_delete_days", int),
}


def env_name(key: str) -> str:
    """``dream.maxDeletes`` -> ``MEMLSP_DREAM_MAX_DELETES``."""
    snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key)
    return "MEMLSP_" + snake.replace(".", "_").replace("-", "_").upper()


def _number(key: str, value: Any, kind: type) -> Any:
    try:
        number = kind(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"setting {key} must be a number (got {value!r})") from exc
    return number


def _env_layer(env: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("rollout", "home", "model.provider", *_NUMERIC):
        name = env_name(key)
        if env.get(name):
            out[key] = env[name]
    return out


def load_settings(
    init_options: Mapping[str, Any] | None = None,
    workspace_config: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
) -> Settings:
    """Merge the layers (lowest first) into a validated Settings; raises ValueError."""
    env = os.environ if env is None else env
    flat: dict[str, Any] = {}
    for layer in (init_options or {}, workspace_config or {}):
        _flatten("", layer, flat)
    flat.update(_env_layer(env))
    model = ModelSettings(provider=str(flat.get("model.provider", "offline")))
    nested: dict[str, dict[str, Any]] = {"dream": {}, "retention": {}}
    for key, (attr, kind) in _NUMERIC.items():
        if key in flat and flat[key] not in (None, ""):
            nested[key.split(".")[0]][attr] = _number(key, flat[key], kind)
    return Settings(
        rollout=str(flat.get("rollout", "off")),
        home=flat.get("home") or None,
        model=model,
        dream=DreamSettings(**nested["dream"]),
        retention=RetentionSettings(**nested["retention"]),
    )
