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


def sections() -> dict[str, str]:
    """Heading → text of each `## ` section of cli.md."""
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^## ", text, flags=re.M)[1:]
    return {p.split("\n", 1)[0]: p for p in parts}


def subparsers(parser: argparse.ArgumentParser, prefix: str = "memlsp"):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield f"{prefix} {name}", sub
                yield from subparsers(sub, f"{prefix} {name}")


def test_every_option_in_help_is_documented_in_its_section() -> None:
    """cli.md against --help: each long option a command's --help lists appears in the
    section (or sections) whose heading names the command."""
    docs = sections()
    missing = []
    for command, parser in subparsers(build_parser()):
        text = "".join(body for head, body in docs.items() if f"`{command} " in head + " ")
        text += "".join(
            body for head, body in docs.items() if re.search(rf"`{re.escape(command)}`", head)
        )
        for action in parser._actions:
            for flag in action.option_strings:
                if flag.startswith("--") and flag != "--help" and flag not in text:
                    missing.append(f"{command} {flag}")
    assert missing == [], f"options --help lists but cli.md does not document: {missing}"
