"""Helpers shared by the CLI commands: the store for this invocation, output formatting."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..core.settings import memory_home
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
