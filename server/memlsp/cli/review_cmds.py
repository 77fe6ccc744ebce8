"""``memlsp review``: the pending items of review mode (R37) — list them with their diff,
decide one with ``--accept/--reject/--edit ID``, or go through them one by one at a prompt
when stdin is a terminal. Every decision is the service's; this module asks and prints."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import MemlspError
from ..core.service import MemoryService, ReviewRecord, parse_note
from .common import camel_record, open_service, print_json, warn

PROMPT = "[a]ccept  [r]eject  [e]dit  [s]kip  [q]uit? "


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "review",
        help="pending items waiting for review (review: required): list, accept, reject, edit",
        description=(
            "Under the setting review=required, notes and updates that automatic extraction "
            "proposes wait here until a person accepts them. Without an action: list them "
            "(with a diff for updates), or, when stdin is a terminal, ask about each."
        ),
    )
    p.add_argument(
        "--scope",
        default="all",
        help="all (default), project, global or a scope folder",
    )
    action = p.add_mutually_exclusive_group()
    action.add_argument("--accept", metavar="ID", help="accept the item: write its note")
    action.add_argument("--reject", metavar="ID", help="reject the item: delete it, keep nothing")
    action.add_argument("--edit", metavar="ID", help="accept --text instead of the proposal")
    p.add_argument("--text", help="with --edit: the note text to accept (plain text or a note)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_review)


def cmd_review(args: argparse.Namespace) -> int:
    service = open_service()
    if args.text is not None and not args.edit:
        print("memlsp review: --text goes with --edit ID", file=sys.stderr)
        return 2
    for decision in ("accept", "reject", "edit"):
        item_id = getattr(args, decision)
        if item_id is not None:
            text = args.text if decision == "edit" else None
            return _decide(service, item_id, decision, text, as_json=args.json)
    items = service.review(args.scope)
    if args.json:
        print_json({"version": 1, "items": [camel_record(i) for i in items]})
        return 0
    if not items:
        print("Nothing is waiting for review.", file=sys.stderr)
        return 0
    if sys.stdin.isatty():
        return _interactive(service, items)
    for item in items:
        _show(item, service)
    print(f"{len(items)} pending item(s): memlsp review --accept/--reject ID", file=sys.stderr)
    return 0


def _decide(service: MemoryService, item_id: str, decision: str, text, *, as_json: bool) -> int:
    done = service.review_decide(item_id, decision, text)
    warn("review", done.warning)
    if as_json:
        record = camel_record(done)
        if not done.warning:
            del record["warning"]  # only when there is one, as remember's and forget's
        print_json(record)
    elif done.path:
        print(f"accepted ({done.action}): {done.path}")
    else:
        print(f"rejected: {done.id}")
    return 0


def _show(item: ReviewRecord, service: MemoryService) -> None:
    what = f"update of {item.target}" if item.kind == "update" else f"new {item.type} note"
    print(f"{item.id}  {what}  (from {item.agent or item.source}, {item.created})")
    print(f"  {item.description}")
    if item.diff:
        sys.stdout.write("".join(f"  {line}\n" for line in item.diff.splitlines()))
    else:
        body = parse_note(service.read(item.path).text.encode("utf-8")).body.strip()
        sys.stdout.write("".join(f"  | {line}\n" for line in body.splitlines()))
    print()


def _ask_text() -> str:
    try:
        return input("text to accept instead: ").strip()
    except EOFError:
        return ""


def _interactive(service: MemoryService, items: list[ReviewRecord]) -> int:
    decided = 0
    for item in items:
        _show(item, service)
        while True:
            try:
                answer = input(PROMPT).strip().lower()[:1]
            except EOFError:
                answer = "q"
            if answer in ("a", "r", "e"):
                decision = {"a": "accept", "r": "reject", "e": "edit"}[answer]
                text = _ask_text() if decision == "edit" else None
                if decision == "edit" and not text:
                    print("nothing entered; the item stays pending")
                    continue
                try:
                    _decide(service, item.id, decision, text, as_json=False)
                except MemlspError as exc:  # e.g. an edit the write policy refuses: ask again
                    print(f"not done: {exc} [{exc.reason}]")
                    continue
                decided += 1
            elif answer == "q":
                print(f"{decided} decided; the rest stay pending")
                return 0
            elif answer != "s":
                continue
            break
    print(f"{decided} decided")
    return 0
