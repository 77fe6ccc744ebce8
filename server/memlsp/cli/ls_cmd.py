"""``memlsp ls``: the notes of each scope with type, size, age and stale citations.

The rows come from the memory service (:meth:`overview`, :meth:`stale_lookup`); this
module only lays them out: the file name is never cut, the description fills what is left
of the terminal's width and is cut between words, colour only on a terminal without
``NO_COLOR``. ``--json`` prints the same records as ``memory/list`` (format version 1).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys

from .common import (
    camel_record,
    colour_enabled,
    fit_words,
    human_age,
    human_size,
    open_service,
    print_json,
)

LS_JSON_VERSION = 1
MIN_DESCRIPTION = 12  # narrower than this, the description column is left out

_RESET = "\x1b[0m"
_STYLE = {
    "scope": "\x1b[1m",
    "user": "\x1b[35m",
    "feedback": "\x1b[33m",
    "project": "\x1b[36m",
    "reference": "\x1b[34m",
    "session": "\x1b[2m",
    "stale": "\x1b[1;31m",
    "dim": "\x1b[2m",
}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ls",
        help="list notes by scope with type, size, age and stale citations",
        description=(
            "List the notes of each scope: file, type (session records show as session), "
            "size, age, how many of its citations are stale in this workspace, and the "
            "description, cut between words to fit the terminal."
        ),
    )
    p.add_argument(
        "--scope",
        default="all",
        metavar="SCOPE",
        help=(
            "all (default), project (this directory's), global, or a scope folder "
            "such as projects/<host>/<owner>/<repo>"
        ),
    )
    p.add_argument(
        "--pending",
        action="store_true",
        help="only the inbox: notes no dream has consolidated yet",
    )
    p.add_argument(
        "--no-check",
        dest="check",
        action="store_false",
        help="skip the citation check (the stale column then shows -)",
    )
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour: auto (default) = on a terminal unless NO_COLOR is set",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output (stable, v1)")
    p.set_defaults(func=cmd_ls)


def cmd_ls(args: argparse.Namespace) -> int:
    service = open_service()
    stale = service.stale_lookup() if args.check else None
    groups = service.overview(args.scope, stale_count=stale, pending=args.pending)
    # R37: proposals waiting for a person are not notes yet; listed apart (memlsp review)
    waiting: dict[str, list] = {}
    for item in service.review(None if args.scope in (None, "all") else args.scope):
        waiting.setdefault(item.scope, []).append(item)
    if args.json:
        entries = [camel_record(n) for g in groups for n in g.notes]
        problems = [camel_record(p) for g in groups for p in g.problems]
        pending = [_pending_record(i) for items in waiting.values() for i in items]
        _json(service.store.home, entries, problems, pending)
        return 0
    if not any(g.notes for g in groups) and not waiting:
        if args.pending:
            print("Nothing pending: every note has been consolidated.", file=sys.stderr)
            return 0
        where = service.store.home
        if args.scope not in (None, "all"):  # others may hold notes: name the one asked
            where = " and ".join(g.rel for g in groups) or args.scope
        print(f"No notes yet in {where}.", file=sys.stderr)
        print('Add one with: memlsp remember "…" --type feedback', file=sys.stderr)
        return 0
    colour = colour_enabled(sys.stdout, args.color)
    width = _width()
    for group in groups:
        held = waiting.get(group.rel, [])
        if not group.notes and not held:
            continue
        print(_paint(f"{group.rel}/", "scope", colour))
        for line in _rows(group, width, colour) if group.notes else []:
            print(line)
        for item in held:
            print(
                f"  pending/{item.id}.md  {item.type:<9}  pending review ({item.kind}): {item.description}"
            )
        errors = [p for p in group.problems if p.severity == "error"]
        if errors:
            print(f"  ({len(errors)} file(s) skipped: run `memlsp doctor`)")
    return 0


def _json(home, entries: list[dict], problems: list[dict], pending: list[dict]) -> None:
    print_json(
        {
            "version": LS_JSON_VERSION,
            "home": str(home),
            "entries": entries,
            "problems": problems,
            "pending": pending,
        }
    )


def _pending_record(item) -> dict:
    """A pending item in ``ls --json``: what ``memlsp review --json`` lists, minus the diff."""
    return {k: v for k, v in camel_record(item).items() if k != "diff"}


def _width() -> int | None:
    """The terminal's width, or COLUMNS; None (no limit) when piped without COLUMNS."""
    if os.environ.get("COLUMNS", "").isdigit() or sys.stdout.isatty():
        return shutil.get_terminal_size().columns
    return None


def kind_of(scope: str, type_: str) -> str:
    """What the type column says: ``session`` for a session record, else the note type."""
    return "session" if scope == "session" else type_


def stale_text(stale: int | None) -> str:
    if stale is None:
        return "-"
    return f"{stale} stale" if stale else "ok"


def _rows(group, width: int | None, colour: bool) -> list[str]:
    prefix = group.rel + "/"
    files = [n.path[len(prefix) :] if n.path.startswith(prefix) else n.path for n in group.notes]
    file_w = max(len(f) for f in files)
    lines = []
    for file, note in zip(files, group.notes, strict=True):
        kind = kind_of(note.scope, note.type)
        stale = stale_text(note.stale)
        cells = [
            f"  {file:<{file_w}}",
            _paint(f"{kind:<9}", kind, colour),
            f"{human_size(note.bytes):>8}",
            _paint(f"{human_age(note.age_days):<12}", "dim", colour),
            _paint(f"{stale:<8}", "stale" if note.stale else "dim", colour),
        ]
        used = len(f"  {file:<{file_w}}") + 9 + 8 + 12 + 8 + 2 * 5
        room = None if width is None else width - used
        text = note.description if room is None else fit_words(note.description, room)
        if room is None or room >= MIN_DESCRIPTION:
            cells.append(text)
        lines.append("  ".join(cells).rstrip())
    return lines


def _paint(text: str, style: str, colour: bool) -> str:
    return f"{_STYLE[style]}{text}{_RESET}" if colour and style in _STYLE else text
