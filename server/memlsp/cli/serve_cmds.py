"""``memlsp serve``: run the language server (stdio by default; ``--tcp PORT`` on 127.0.0.1
for debugging). stdout is the LSP transport: nothing else may write to it, so logs go to
stderr (and, from the server, to the client's log via window/logMessage).
"""

from __future__ import annotations

import argparse
import logging
import sys

from . import startup


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="run the language server (stdio; --tcp PORT to debug)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--stdio", action="store_true", help="talk LSP on stdin/stdout (default)")
    mode.add_argument("--tcp", type=port, metavar="PORT", help="listen on 127.0.0.1:PORT instead")
    p.add_argument(
        "--log-level",
        default="warning",
        choices=("debug", "info", "warning", "error"),
        help="level of the log on stderr (default: warning)",
    )
    p.set_defaults(func=cmd_serve)


def port(value: str) -> int:
    """A TCP port, 1-65535 (argparse turns the ValueError into a usage error, exit 2)."""
    number = int(value)
    if not 0 < number < 65536:
        raise ValueError(value)
    return number


def cmd_serve(args: argparse.Namespace) -> int:
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, args.log_level.upper()),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # pygls logs every message it sends at INFO: keep that out unless asked for debug.
    if args.log_level != "debug":
        logging.getLogger("pygls").setLevel(max(logging.WARNING, logging.root.level))
    from ..lsp.server import create_server

    # Background jobs are CPU-bound Python threads; a shorter GIL switch interval (default
    # 5 ms) lets the event loop answer the editor sooner while they run (bench/lsp_responsiveness.py).
    sys.setswitchinterval(0.001)

    server = create_server()
    startup.loaded()  # its modules are loaded: collect garbage again (ADR 0008)
    if args.tcp is not None:
        server.start_tcp("127.0.0.1", args.tcp)
    else:
        if sys.stdin.isatty():  # a person trying it: say why nothing happens
            print(
                "memlsp serve: the language server, waiting for an editor's LSP messages on "
                "stdin (your editor starts it: docs/howto/); Ctrl-C to stop",
                file=sys.stderr,
            )
        return server.start_io()
    return 0
