"""Every CLI command has a section in docs/reference/cli.md, and each section's heading
names exactly the options that command's --help offers (the CLI reference stays true)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from memlsp.cli.main import build_parser

DOC = Path(__file__).resolve().parents[2] / "docs" / "reference" / "cli.md"


def subparsers(parser: argparse.ArgumentParser, prefix: str = "memlsp") -> dict:
    """``memlsp CMD`` (and ``memlsp CMD SUB``) -> its parser."""
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                nested = subparsers(sub, f"{prefix} {name}")
                found.update(nested or {f"{prefix} {name}": sub})
    return found


def commands(parser: argparse.ArgumentParser, prefix: str = "memlsp") -> set[str]:
    return set(subparsers(parser, prefix))


def headings() -> dict[str, str]:
    """Each ``## `memlsp …``` heading's command spans -> the text of the heading."""
    out = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("## "):
            continue
        for span in re.findall(r"`(memlsp [^`]+)`", line):
            words = span.split()
            keys = [" ".join(words[:2])]
            if len(words) > 2 and re.fullmatch(r"[a-z][a-z-]*", words[2]):
                keys.append(" ".join(words[:3]))
            for key in keys:  # a command may have several forms in one heading
                out[key] = f"{out[key]} {span}" if key in out else span
    return out


def test_every_command_is_documented() -> None:
    documented = set(headings())
    missing = sorted(c for c in commands(build_parser()) if c not in documented)
    assert missing == [], f"commands without a section in {DOC.name}: {missing}"


def test_each_heading_names_the_options_of_its_command() -> None:
    docs = headings()
    wrong = {}
    for name, parser in subparsers(build_parser()).items():
        offered = {
            opt
            for a in parser._actions
            for opt in a.option_strings
            if opt.startswith("--") and opt != "--help"
        }
        # the heading may name the short and long forms; every long option must be there
        shown = set(re.findall(r"--[a-z][a-z0-9-]*", docs.get(name, "")))
        if shown != offered:
            wrong[name] = (sorted(offered - shown), sorted(shown - offered))
    assert wrong == {}, f"(missing from the heading, not an option): {wrong}"


def test_no_command_has_two_sections() -> None:
    """A command described twice is described two ways (two `forget` sections once said
    different things about the same option)."""
    owner: dict[str, int] = {}
    twice = []
    for n, line in enumerate(DOC.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("## "):
            continue
        keys = set()
        for span in re.findall(r"`(memlsp [^`]+)`", line):
            words = span.split()
            sub = len(words) > 2 and re.fullmatch(r"[a-z][a-z-]*", words[2])
            keys.add(" ".join(words[:3] if sub else words[:2]))
        for key in keys:
            if key in owner:
                twice.append(f"{key} (lines {owner[key]} and {n})")
            owner[key] = n
    assert twice == [], f"commands with two sections in {DOC.name}: {twice}"
