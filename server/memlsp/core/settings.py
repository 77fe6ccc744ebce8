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


@attrs.frozen
class ModelSettings:
    provider: str = attrs.field(default="offline", validator=attrs.validators.in_(PROVIDERS))


@attrs.frozen
class Settings:
    rollout: str = attrs.field(default="off", validator=attrs.validators.in_(ROLLOUTS))
    home: str | None = None
    model: ModelSettings = attrs.field(factory=ModelSettings)

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


def _env_layer(env: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("rollout", "home", "model.provider"):
        name = "MEMLSP_" + key.replace(".", "_").replace("-", "_").upper()
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
    return Settings(
        rollout=str(flat.get("rollout", "off")),
        home=flat.get("home") or None,
        model=model,
    )
