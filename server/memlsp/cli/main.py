"""Entry point of the ``memlsp`` command: builds the parser from the command modules.

Exit codes: 0 success; 1 the command ran and found problems (``doctor``, ``check``);
2 the request was refused or invalid (bad arguments, not found, refused by policy).
"""

from __future__ import annotations

import argparse
import sys

from ..core.errors import MemlspError
from . import startup


def command_modules() -> list:
    """The command modules, in help order (imported here: ``memlsp hook`` needs none)."""
    from . import (
        agent_cmds,
        browse_cmd,
        check_cmds,
        demo_cmd,
        dream_cmds,
        extract_cmds,
        forget_cmds,
        history_cmds,
        import_cmds,
        recall_cmds,
        review_cmds,
        serve_cmds,
        stats_cmd,
        store_cmds,
        sync_cmds,
    )

    return [
        store_cmds,
        browse_cmd,
        recall_cmds,
        extract_cmds,
        forget_cmds,
        dream_cmds,
        history_cmds,
        review_cmds,
        sync_cmds,
        check_cmds,
        stats_cmd,
        import_cmds,
        agent_cmds,
        serve_cmds,
        demo_cmd,
    ]


#: Commands whose process start matters (the language server an editor spawns; the listing
#: scripts and the VS Code view call): parsed with only their own module imported, not the
#: fifteen others (issue 19: ~0.1-0.2 s of imports per process).
_ALONE = {"serve": "serve_cmds", "ls": "ls_cmd"}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memlsp",
        description=(
            "Persistent, file-based memory for the AI chat in your editor. Notes are Markdown "
            "files under $MEMLSP_HOME (default ~/.local/share/memlsp), one folder per project."
        ),
    )
    parser.add_argument("--version", action="version", version=f"memlsp {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    if only is not None:
        import importlib

        importlib.import_module(f".{only}", __package__).register(sub)
        return parser
    for module in command_modules():
        module.register(sub)
    return parser


def _innermost(parser: argparse.ArgumentParser, args: argparse.Namespace):
    """The parser of the (sub)command ``args`` chose."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            name = getattr(args, action.dest, None)
            if name in action.choices:
                return _innermost(action.choices[name], args)
    return parser


def _version() -> str:
    from .. import __version__

    return __version__


def main(argv: list[str] | None = None) -> int:
    process = argv is None  # this process is memlsp (not a caller's main(argv))
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["hook"]:
        # Claude Code runs this on every hook event: a light process, answered at once.
        from .agent_cmds import run_hook

        return run_hook(argv[1:])
    if process:
        startup.pause()  # no garbage collection while the modules load (ADR 0008)
    alone = _ALONE.get(argv[0]) if argv else None
    parser = build_parser(alone)
    args, extra = parser.parse_known_args(argv)
    if args.command != "serve":  # the server says so itself, once it is built
        startup.loaded()
    if extra:  # said by the command's own parser, with its usage (not memlsp's)
        _innermost(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except MemlspError as exc:
        print(f"memlsp {args.command}: {exc} [{exc.reason}]", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        # The environment, not the request: a read-only or full memory home, a lock file
        # that cannot be opened, a missing program. One line, no traceback (issue 14).
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"memlsp {args.command}: {exc.strerror or exc}{where} [io-error]", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
