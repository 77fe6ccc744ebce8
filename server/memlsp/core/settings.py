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
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

ROLLOUTS = ("off", "shadow", "dry-run", "on")
PROVIDERS = ("offline", "anthropic", "editor")


def _positive(_inst: object, attribute: attrs.Attribute, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ValueError(f"{attribute.name} must be a number >= 0, not {value!r}")


@attrs.frozen
class ModelSettings:
    provider: str = attrs.field(default="offline", validator=attrs.validators.in_(PROVIDERS))
    # How long a model call may take before the caller gives up (the editor bridge's
    # memory/complete request included); on timeout the caller falls back to offline.
    timeout_seconds: float = attrs.field(default=30.0, validator=_positive)


@attrs.frozen
class ServerSettings:
    """Knobs of the language server process (``memlsp serve``)."""

    # Poll the memory home for changes made by other processes every N seconds; 0 = off.
    watch_interval_seconds: float = attrs.field(default=2.0, validator=_positive)
    # Background jobs waiting or running at once; more are refused with reason "busy".
    max_queued_jobs: int = attrs.field(default=32, validator=_positive)
    # Custom requests being served at once; more are refused with reason "busy".
    max_in_flight_requests: int = attrs.field(default=64, validator=_positive)


@attrs.frozen
class Settings:
    rollout: str = attrs.field(default="off", validator=attrs.validators.in_(ROLLOUTS))
    home: str | None = None
    model: ModelSettings = attrs.field(factory=ModelSettings)
    server: ServerSettings = attrs.field(factory=ServerSettings)

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


# Every key on the wire (camelCase, dotted = nested) with the type it must have.
KEYS: dict[str, type] = {
    "rollout": str,
    "home": str,
    "model.provider": str,
    "model.timeoutSeconds": float,
    "server.watchIntervalSeconds": float,
    "server.maxQueuedJobs": int,
    "server.maxInFlightRequests": int,
}


def env_name(key: str) -> str:
    """``model.timeoutSeconds`` -> ``MEMLSP_MODEL_TIMEOUTSECONDS``."""
    return "MEMLSP_" + key.replace(".", "_").replace("-", "_").upper()


def _coerce(key: str, value: Any) -> Any:
    kind = KEYS[key]
    if kind is str:
        if not isinstance(value, str):
            raise ValueError(f"setting {key} must be a string, not {value!r}")
        return value
    if isinstance(value, str):  # environment variables are strings
        try:
            value = kind(value)
        except ValueError as exc:
            raise ValueError(f"setting {key} must be a number, not {value!r}") from exc
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"setting {key} must be a number, not {value!r}")
    if kind is int and value != int(value):
        raise ValueError(f"setting {key} must be a whole number, not {value!r}")
    return kind(value)


def _env_layer(env: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in KEYS:
        if env.get(env_name(key)):
            out[key] = env[env_name(key)]
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
    # Keys this version does not know are ignored (a newer client may send more).
    vals = {k: _coerce(k, v) for k, v in flat.items() if k in KEYS and v is not None}
    try:
        model = ModelSettings(
            provider=vals.get("model.provider", "offline"),
            timeout_seconds=vals.get("model.timeoutSeconds", 30.0),
        )
        server = ServerSettings(
            watch_interval_seconds=vals.get("server.watchIntervalSeconds", 2.0),
            max_queued_jobs=vals.get("server.maxQueuedJobs", 32),
            max_in_flight_requests=vals.get("server.maxInFlightRequests", 64),
        )
        return Settings(
            rollout=vals.get("rollout", "off"),
            home=vals.get("home") or None,
            model=model,
            server=server,
        )
    except (TypeError, ValueError) as exc:
        # attrs' validators put the readable sentence first and internals after it.
        first = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
        raise ValueError(first) from exc
