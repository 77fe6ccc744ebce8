"""Every CLI command has a section in docs/reference/cli.md (the CLI reference stays true)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from memlsp.cli.main import build_parser

DOC = Path(__file__).resolve().parents[2] / "docs" / "reference" / "cli.md"


def commands(parser: argparse.ArgumentParser, prefix: str = "memlsp") -> set[str]:
    found = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                nested = commands(sub, f"{prefix} {name}")
                found |= nested or {f"{prefix} {name}"}
    return found


def test_every_command_is_documented() -> None:
    documented = set(re.findall(r"`(memlsp [a-z]+(?: [a-z]+)?)", DOC.read_text(encoding="utf-8")))
    missing = sorted(c for c in commands(build_parser()) if c not in documented)
    assert missing == [], f"commands without a section in {DOC.name}: {missing}"
