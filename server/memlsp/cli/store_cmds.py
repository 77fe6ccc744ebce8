"""Store commands: ``where``, ``ls`` (:mod:`.ls_cmd`), ``show``, ``remember``, ``index``, ``doctor``."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import InvalidNoteError, InvalidRequestError, NotFoundError
from ..core.service import NOTE_TYPES, parse_refs
from . import ls_cmd
from .common import camel_record, not_found, open_service, print_json, warn


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("where", help="print the project scope folder for this directory")
    p.set_defaults(func=cmd_where)

    ls_cmd.register(sub)

    p = sub.add_parser("show", help="print a note (by name or home-relative path)")
    p.add_argument("name")
    p.add_argument("--hash", action="store_true", help="print the SHA-256 of the note's bytes")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("remember", help="remember TEXT as a note in the inbox")
    p.add_argument("text")
    p.add_argument("--type", choices=NOTE_TYPES, help="note type (guessed when omitted)")
    p.add_argument("--global", dest="global_", action="store_true", help="store in global/")
    p.add_argument(
        "--ref",
        action="append",
        default=[],
        metavar="PATH[:SYMBOL]",
        help="a file (and symbol) the note cites, relative to the repository; repeatable",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_remember)

    p = sub.add_parser("index", help="regenerate MEMORY.md for this project and global")
    p.add_argument("--all", action="store_true", help="every scope in the memory home")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("doctor", help="report what is broken in the memory home, and why")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_doctor)


def cmd_where(args: argparse.Namespace) -> int:
    print(open_service().project_scope().root)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    service = open_service()
    try:
        entry = service.find_note(args.name)
    except NotFoundError:
        raise not_found(service, args.name) from None
    note = service.read(entry.path)
    if args.hash:
        print(f"{note.sha256}  {note.path}")
        return 0
    sys.stdout.write(note.text)
    return 0


def cmd_remember(args: argparse.Namespace) -> int:
    service = open_service()
    try:
        result = service.remember(
            args.text,
            type_=args.type,
            scope="global" if args.global_ else None,
            refs=args.ref,
            agent="cli",
        )
    except (InvalidNoteError, InvalidRequestError) as exc:
        if not args.json:
            raise
        # an empty text, a bad --ref, a text too large: refused like the policy's refusals
        return _refused(args, exc.reason, None, str(exc))
    if result.refused:
        return _refused(args, result.refused, result.category, result.message)
    _warn_missing_refs(service, args.ref)
    warn("remember", result.warning)
    if args.json:
        print_json(
            {"path": result.path, "action": result.action}
            | ({"warning": result.warning} if result.warning else {})
        )
    else:
        print(f"{result.action}: {result.path}")
    return 0


def _warn_missing_refs(service, refs: list[str]) -> None:
    """A --ref to a file that is not in the repository is kept (it may come later), but a
    typo is said at once rather than found by the next `memlsp check`."""
    if not refs:
        return
    root = service.workspace_root()
    for path in (ref["path"] for ref in parse_refs(refs)):  # checked by the remember above
        if not (root / path).exists():
            print(
                f"memlsp remember: warning: --ref {path} is not in {root}; "
                "`memlsp check` will report it as stale",
                file=sys.stderr,
            )


def _refused(args: argparse.Namespace, reason: str, category: str | None, message: str) -> int:
    """R8: a refusal is an answer with a reason, not silence (exit 2 = refused): the usual
    line on stderr, and with --json the same refusal as JSON on stdout."""
    if args.json:
        print_json({"refused": reason, "category": category, "message": message})
    print(f"memlsp remember: {message} [{reason}]", file=sys.stderr)
    return 2


def cmd_index(args: argparse.Namespace) -> int:
    for rel, changed in open_service().rebuild_indexes(every_scope=args.all):
        print(f"{'rebuilt' if changed else 'up to date'}: {rel}/MEMORY.md")
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    service = open_service()
    findings = service.doctor()
    errors = sum(1 for f in findings if f.severity == "error")
    home = str(service.store.home)
    if args.json:
        print_json(
            {"home": home, "findings": [camel_record(f) for f in findings], "errors": errors}
        )
    else:
        print(f"memory home: {home}")
        if not findings:
            print("no problems found")
        for f in findings:
            print(f"{f.severity}: {f.path}: {f.message} [{f.reason}]")
    return 1 if errors else 0
