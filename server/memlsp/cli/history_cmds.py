"""History commands (issue 15): ``memlsp log [NOTE]`` lists what automatic steps changed;
``memlsp restore RUN-ID [PATH]`` puts back what a dream run archived and
``memlsp restore --version ID`` one version from the history. Decodes arguments, calls the
memory service, prints; the work is the service's."""

from __future__ import annotations

import argparse

from .common import camel_record, count, open_service, print_json, warn


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "log",
        help="list the changes automatic steps made (extraction, dream, forget), newest first",
    )
    p.add_argument(
        "note",
        metavar="NOTE",
        nargs="?",
        help="only this note: a name, file name, scope- or home-relative path (live or gone)",
    )
    p.add_argument("--global", dest="global_", action="store_true", help="the global scope only")
    p.add_argument("--limit", type=count, default=50, metavar="N", help="at most N (default 50)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_log)

    p = sub.add_parser(
        "restore",
        help="undo an automatic change: a dream run's archived files, or one version from "
        "`memlsp log`",
    )
    p.add_argument(
        "run_id",
        metavar="RUN-ID",
        nargs="?",
        help="a dream run (see `memlsp dream --list`): restore what it archived",
    )
    p.add_argument(
        "path",
        metavar="PATH",
        nargs="?",
        help="with RUN-ID: one scope-relative path from the run's archive",
    )
    p.add_argument(
        "--version",
        dest="version_id",
        metavar="ID",
        help="restore this version from `memlsp log` byte for byte (instead of RUN-ID)",
    )
    p.add_argument(
        "--global", dest="global_", action="store_true", help="the run or version is in global/"
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_restore, parser=p)


def cmd_log(args: argparse.Namespace) -> int:
    service = open_service()
    changes = service.log(args.note, scope="global" if args.global_ else None)
    changes = changes[: args.limit]
    if args.json:
        print_json({"changes": [camel_record(c) for c in changes]})
        return 0
    if not changes:
        print("no changes recorded" + (f" for {args.note}" if args.note else ""))
        return 0
    for c in changes:
        after = "removed" if c.after is None else "replaced"
        flag = "" if c.restorable else "  (expired)"
        print(f"{c.id}  {c.at}  {c.step:<18} {c.path}  [{after}]{flag}")
        if c.why:
            print(f"    why: {c.why}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    if args.version_id and (args.run_id or args.path):
        args.parser.error("give either RUN-ID [PATH] or --version ID, not both")
    if not args.version_id and not args.run_id:
        args.parser.error("give a dream RUN-ID (memlsp dream --list) or --version ID (memlsp log)")
    service = open_service()
    scope = "global" if args.global_ else None
    if args.version_id:
        done = service.restore_version(args.version_id, scope=scope)
        warn("restore", done.warning)
        if args.json:
            print_json(
                {
                    "path": done.path,
                    "version": done.version.id,
                    "action": done.action,
                    "replaced": done.replaced.id if done.replaced else None,
                }
                | ({"warning": done.warning} if done.warning else {})
            )
        elif done.action == "unchanged":
            print(f"{done.path} already holds version {done.version.id}")
        else:
            print(f"restored {done.path} to version {done.version.id}")
            if done.replaced is not None:
                print(f"  the version it replaced is kept as {done.replaced.id}")
        return 0
    target, result = service.restore(args.run_id, args.path, global_=args.global_)
    warn("restore", result.warning)
    if args.json:
        print_json(result.to_json())
        return 0
    for rel in result.restored:
        print(f"restored {target.rel}/{rel}")
    for rel in result.already_restored:
        print(f"{target.rel}/{rel} was already restored from run {args.run_id}")
    if not result.restored and not result.already_restored:
        print(f"run {args.run_id}: nothing left in its archive to restore")
    return 0


__all__ = ["register"]
