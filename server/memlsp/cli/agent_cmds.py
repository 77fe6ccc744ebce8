"""The commands that connect other agents (SPEC R39): ``memlsp hook`` (what Claude Code
runs), ``memlsp install|uninstall claude-code``, ``memlsp mcp``, and
``memlsp import claude-code`` (parsed with the other imports in :mod:`.import_cmds`). Each hands over to :mod:`memlsp.agents` through one entry point; the
modules are imported when the command runs, so ``memlsp hook`` stays a light process.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "hook",
        help="answer a Claude Code hook event (hook input JSON on stdin; set up by install)",
    )
    p.add_argument("hook_args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.set_defaults(func=lambda args: run_hook(args.hook_args))

    for verb in ("install", "uninstall"):
        p = sub.add_parser(
            verb,
            help=f"{verb} memlsp's hooks in Claude Code's settings (memory in every session)"
            if verb == "install"
            else "remove memlsp's hooks from Claude Code's settings (nothing else)",
        )
        p.add_argument("agent", choices=["claude-code"], help="the agent to connect")
        where = p.add_mutually_exclusive_group()
        where.add_argument(
            "--user",
            dest="where",
            action="store_const",
            const="user",
            help="your own settings, ~/.claude/settings.json (default)",
        )
        where.add_argument(
            "--project",
            dest="where",
            action="store_const",
            const="project",
            help="this project's shared .claude/settings.json",
        )
        if verb == "install":
            p.add_argument(
                "--rollout",
                choices=["off", "shadow", "dry-run", "on"],
                help="the level for Claude Code's sessions (default: the environment's)",
            )
        p.set_defaults(func=cmd_install if verb == "install" else cmd_uninstall, where="user")

    p = sub.add_parser("mcp", help="serve the memory to MCP clients (stdio)")
    p.add_argument("--folder", type=Path, help="the project whose memory to serve (default: here)")
    p.add_argument("--log-level", default="warning", choices=("debug", "info", "warning", "error"))
    p.set_defaults(func=cmd_mcp)


def run_hook(argv: list[str]) -> int:
    from ..agents.claude_code.hook import main

    return main(argv)


def cmd_install(args: argparse.Namespace) -> int:
    from ..agents.claude_code import install

    command = install.hook_command(args.rollout)
    change = install.install(install.settings_path(args.where), command)
    if change.changed:
        print(f"installed memlsp hooks ({', '.join(change.events)}) in {change.path}")
    else:
        print(f"memlsp hooks already installed in {change.path}")
    if args.rollout is None and _rollout_here() == "off":
        # README's one-liner installs hooks that do nothing at the default level: say so
        print(
            "note: rollout is off here (the default), so the hooks will do nothing unless "
            "MEMLSP_ROLLOUT is set where Claude Code starts; to turn them on: "
            "memlsp install claude-code --rollout on",
            file=sys.stderr,
        )
    return 0


def _rollout_here() -> str:
    from ..core.settings import load_settings

    return load_settings().rollout


def cmd_uninstall(args: argparse.Namespace) -> int:
    from ..agents.claude_code import install

    change = install.uninstall(install.settings_path(args.where))
    if change.changed:
        print(f"removed memlsp hooks ({', '.join(change.events)}) from {change.path}")
    else:
        print(f"no memlsp hooks in {change.path}")
    return 0


def import_claude_code(args: argparse.Namespace) -> int:
    """``memlsp import claude-code [PATH]`` (the ``import`` command is in import_cmds)."""
    from ..agents.claude_code import importer
    from .common import open_service, print_json

    path = args.path or importer.default_logs(Path.cwd())
    report = importer.import_logs(open_service(), path, progress=_progress_bar)
    if args.json:
        print_json(report.__dict__)
        return 0
    print(
        f"imported {report.sessions} session(s), {report.turns} turn(s); "
        f"{report.skipped} already imported"
    )
    for key in ("written", "updated", "records"):
        for rel in getattr(report, key):
            print(f"{key}: {rel}")
    for problem in report.problems:
        print(f"skipped: {problem}", file=sys.stderr)
    return 0


def _progress_bar(done: int, total: int, name: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    bar = "#" * filled + "-" * (width - filled)
    end = "\n" if done == total else ""
    sys.stderr.write(f"\r[{bar}] {done}/{total} {name[:40]:<40}{end}")
    sys.stderr.flush()


def cmd_mcp(args: argparse.Namespace) -> int:
    from ..agents.mcp_server import serve
    from ..core.errors import InvalidRequestError

    if args.folder is not None and not args.folder.is_dir():
        # else a typo serves (and writes) the memory of a project that does not exist
        raise InvalidRequestError(f"{args.folder} is not a folder", reason="not-a-folder")
    if sys.stdin.isatty():  # a person trying it: say why nothing happens
        print(
            "memlsp mcp: an MCP server, waiting for an MCP client's messages on stdin "
            "(docs/howto/mcp.md); Ctrl-C to stop",
            file=sys.stderr,
        )

    return serve(args.folder, args.log_level)
