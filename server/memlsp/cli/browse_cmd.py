"""``memlsp browse``: the terminal browser (SPEC R31), an app in :mod:`memlsp.agents.browse`.

textual is imported only when the command runs, so every other command starts as fast as
before. Refused (exit 2) when stdout is not a terminal: a full-screen app has nowhere to
draw.
"""

from __future__ import annotations

import argparse
import sys

from ..core.errors import MemlspError
from .common import open_service


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "browse",
        help="browse notes in a terminal UI: filter, read-only preview, forget",
        description=(
            "A full-screen browser of the memory home: notes grouped by scope with type, size, "
            "age and a stale badge, the selected note read-only on the right, a filter (/), "
            "and forget (d) after a confirmation. q quits."
        ),
    )
    p.add_argument(
        "--scope",
        default="all",
        metavar="SCOPE",
        help="all (default), project, global, or a scope folder (as for `memlsp ls`)",
    )
    p.add_argument(
        "--no-check",
        dest="check",
        action="store_false",
        help="skip the citation check (no stale badges)",
    )
    p.set_defaults(func=cmd_browse)


def cmd_browse(args: argparse.Namespace) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise MemlspError(
            "browse needs a terminal; use `memlsp ls` in scripts", reason="not-a-terminal"
        )
    service = open_service()
    service.scopes_named(args.scope)  # an unknown scope is refused before the screen opens
    from ..agents.browse import BrowseApp

    BrowseApp(service, scope=args.scope, check_citations=args.check).run()
    return 0
