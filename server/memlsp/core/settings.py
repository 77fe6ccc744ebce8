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
    """``model.*``: which provider runs model prompts (R34) and how it is reached."""

    provider: str = attrs.field(default="offline", validator=attrs.validators.in_(PROVIDERS))
    # Model ids are settings, not code: per-turn extraction (R11) and recall selection (R15).
    extractModel: str = "claude-haiku-4-5"  # noqa: N815 - camelCase = the wire name (SPEC §11)
    selectModel: str = "claude-sonnet-4-5"  # noqa: N815
    # Overrides the Anthropic API base URL (tests point it at a local fake server).
    baseUrl: str | None = None  # noqa: N815
    timeoutSeconds: float = attrs.field(default=30.0, converter=float)  # noqa: N815
    maxRetries: int = attrs.field(default=2, converter=int)  # noqa: N815


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


ENV_KEYS = (
    "rollout",
    "home",
    "model.provider",
    "model.extractModel",
    "model.selectModel",
    "model.baseUrl",
    "model.timeoutSeconds",
    "model.maxRetries",
)


def env_name(key: str) -> str:
    """``model.extractModel`` → ``MEMLSP_MODEL_EXTRACT_MODEL``."""
    snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key)
    return "MEMLSP_" + snake.replace(".", "_").replace("-", "_").upper()


def _env_layer(env: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ENV_KEYS:
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
    defaults = ModelSettings()
    model = ModelSettings(
        provider=str(flat.get("model.provider", defaults.provider)),
        extractModel=str(flat.get("model.extractModel", defaults.extractModel)),
        selectModel=str(flat.get("model.selectModel", defaults.selectModel)),
        baseUrl=flat.get("model.baseUrl") or None,
        timeoutSeconds=flat.get("model.timeoutSeconds", defaults.timeoutSeconds),
        maxRetries=flat.get("model.maxRetries", defaults.maxRetries),
    )
    return Settings(
        rollout=str(flat.get("rollout", "off")),
        home=flat.get("home") or None,
        model=model,
    )
