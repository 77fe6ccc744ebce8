"""``memlsp import memory-folder PATH``: copy another agent's memory folder (a Claude Code
auto-memory folder, or any folder of notes in that shape) into this project's inbox, each
note through the write policy. To read and write such a folder where it is instead, mount
it with the ``extraScopes`` setting (docs/reference/settings.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import open_service, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "import",
        help="bring in another agent's memory: a memory folder, or past Claude Code sessions",
        description=(
            "memory-folder PATH: copy the notes of another agent's memory folder (MEMORY.md "
            "plus notes with name, description and type or metadata.type, as Claude Code "
            "writes them) into the inbox, each through the write policy; refused notes are "
            "listed with their reason. Importing the same folder again adds nothing. "
            "claude-code [PATH]: learn from past Claude Code sessions (their logs), turn by "
            "turn, with a progress bar; importing them again adds nothing."
        ),
    )
    p.add_argument("what", choices=["memory-folder", "claude-code"], help="what to import")
    p.add_argument(
        "path",
        type=Path,
        nargs="?",
        help="memory-folder: the folder; claude-code: a session log or a folder of them "
        "(default: this folder's Claude Code sessions)",
    )
    p.add_argument("--global", dest="global_", action="store_true", help="into global/")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_import)


def cmd_import(args: argparse.Namespace) -> int:
    if args.what == "claude-code":
        from .agent_cmds import import_claude_code

        return import_claude_code(args)
    if args.path is None:
        print("memlsp import memory-folder: give the folder to import", file=sys.stderr)
        return 2
    service = open_service()
    report = service.import_folder(args.path, scope="global" if args.global_ else None)
    if args.json:
        print_json(report.__dict__)
        return 0
    for key in ("written", "updated"):
        for rel in getattr(report, key):
            print(f"{key}: {rel}")
    for item in report.refused:
        print(f"refused: {item['file']}: {item['message']} [{item['reason']}]", file=sys.stderr)
    for item in report.skipped:
        print(f"skipped: {item['file']}: {item['message']} [{item['reason']}]", file=sys.stderr)
    folders = sum(item["reason"] == "subfolder" for item in report.skipped)
    print(
        f"{len(report.written)} new, {len(report.updated)} updated, "
        f"{len(report.unchanged)} already there, {len(report.refused)} refused, "
        f"{len(report.skipped) - folders} unreadable"
        + (f", {folders} subfolder{'s' if folders != 1 else ''} not read" if folders else ""),
        file=sys.stderr,
    )
    return 0
