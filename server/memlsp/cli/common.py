"""Helpers shared by the CLI commands: the store for this invocation, output formatting."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..core import telemetry
from ..core.rollout import EntryPoint, require
from ..core.settings import Settings, load_settings, memory_home
from ..core.store import Store


def open_store() -> Store:
    return Store(memory_home())


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def human_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    return f"{n / 1024:.1f} KB"


def human_age(days: int) -> str:
    if days == 0:
        return "today"
    if days == 1:
        return "1 day ago"
    return f"{days} days ago"


def cwd() -> Path:
    return Path.cwd()


def command_settings(store: Store, entry_point: EntryPoint | None = None) -> Settings:
    """Settings for a command a person runs: telemetry configured, managed diagnostics
    shown, and (with ``entry_point``) refused when managed settings turn memlsp off."""
    settings = load_settings()
    telemetry.configure_from_settings(settings, store.home)
    for line in settings.managed.diagnostics:
        print(f"memlsp: managed settings: {line}", file=sys.stderr)
    if entry_point is not None:
        require(entry_point, settings)
    return settings
