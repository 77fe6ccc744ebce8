"""Managed ``off`` on every CLI command (issue 14, acceptance 4), generated from the parser:
every subcommand must have a case below (a new one fails the test until it has), and under
a managed file saying ``off`` each either refuses with ``managed-off`` (exit 2) or only
reads — 0 bytes of the memory home change. ``forget`` is the one documented exception
(removing data never loosens a policy, SPEC R26): it runs, and removes only what it names.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os

from memlsp.cli.main import build_parser

from ..homes import changes, managed_off, snapshot
from .clikit import run_memlsp

REFUSED, READS = "refused", "reads"
# subcommand -> (argv after `memlsp`, expected); {note} is a note's home-relative path
CASES: dict[str, list[tuple[list[str], str]]] = {
    "where": [(["where"], READS)],
    "ls": [(["ls"], READS), (["ls", "--json"], READS)],
    "show": [(["show", "{note}"], READS)],
    "remember": [(["remember", "Prefer tabs in Makefiles", "--type", "feedback"], REFUSED)],
    "index": [(["index"], REFUSED), (["index", "--all"], REFUSED)],
    "doctor": [(["doctor"], READS)],
    "recall": [(["recall", "which package manager?"], REFUSED)],
    "eval": [
        (["eval", "recall", "--corpus", "{tmp}/c.jsonl", "--queries", "{tmp}/q.jsonl"], READS)
    ],
    "extract": [(["extract", "--transcript", "{tmp}/t.jsonl"], REFUSED)],
    "dream": [(["dream", "--force"], REFUSED)],
    "restore": [(["restore", "run-1"], REFUSED)],
    "check": [(["check"], REFUSED)],
    "stats": [(["stats"], READS), (["stats", "--json"], READS)],  # reads the telemetry sink
    "demo": [(["demo", "--home", "{home}"], REFUSED)],
    "log": [(["log"], READS), (["log", "--json"], READS)],
    "review": [(["review", "--json"], READS), (["review", "--accept", "0123456789ab"], REFUSED)],
    "import": [
        (["import", "memory-folder", "{tmp}"], REFUSED),
        (["import", "claude-code", "{tmp}"], REFUSED),
    ],
    "sync": [
        (["sync", "init", "{tmp}/memory.git"], REFUSED),
        (["sync"], REFUSED),
        (["sync", "status"], READS),
    ],
    "install": [(["install", "claude-code", "--project"], READS)],  # the agent's settings only
    "uninstall": [(["uninstall", "claude-code", "--project"], READS)],
    "hook": [],  # reads its event on stdin: tests/agents/test_hooks.py drives each event
    "mcp": [],  # a stdio server: tests/agents/test_mcp.py drives each tool
    "browse": [],  # a terminal UI: it forgets through the verified path (the exception below)
    "serve": [],  # the language server: tests/lsp/test_managed_off.py covers each method
    "forget": [],  # the exception, tested below
}


def subcommands() -> set[str]:
    parser = build_parser()
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(subs.choices)


def test_every_cli_command_writes_nothing_under_managed_off(tmp_path, make_repo, memlsp_home):
    assert set(CASES) == subcommands(), "a new CLI command needs a case here"
    repo = make_repo(origin="git@github.com:example-org/managed.git")
    env = os.environ.copy()
    made = run_memlsp(
        repo, "remember", "Run the linter before pushing", "--type", "feedback", ok=None, env=env
    )
    assert made.returncode == 0, made.stderr
    note = made.stdout.split(": ", 1)[1].strip()
    run_memlsp(repo, "index", "--all", ok=None, env=env)
    (tmp_path / "t.jsonl").write_text(
        json.dumps({"role": "user", "content": "Always use pnpm here, never npm."}) + "\n"
    )
    (tmp_path / "c.jsonl").write_text("")
    (tmp_path / "q.jsonl").write_text("")
    env["MEMLSP_MANAGED_SETTINGS"] = str(managed_off(tmp_path))
    before = snapshot(memlsp_home)
    assert note in before
    ran = 0
    for name, cases in CASES.items():
        for argv, expected in cases:
            args = [a.format(note=note, tmp=tmp_path, home=memlsp_home) for a in argv]
            proc = run_memlsp(repo, *args, ok=None, env=env)
            assert "Traceback" not in proc.stderr, (args, proc.stderr)
            if expected == REFUSED:
                assert proc.returncode == 2 and "[managed-off]" in proc.stderr, (args, proc)
            assert changes(before, snapshot(memlsp_home)) == [], (name, args)
            ran += 1
    assert ran >= 15


def test_forget_still_runs_under_managed_off_and_removes_only_its_note(
    tmp_path, make_repo, memlsp_home
):
    repo = make_repo(origin="git@github.com:example-org/managed.git")
    env = os.environ.copy()
    kept = run_memlsp(
        repo, "remember", "Keep this one about tabs", "--type", "feedback", ok=None, env=env
    )
    gone = run_memlsp(
        repo, "remember", "Forget this one about spaces", "--type", "feedback", ok=None, env=env
    )
    kept_path = kept.stdout.split(": ", 1)[1].strip()
    gone_path = gone.stdout.split(": ", 1)[1].strip()
    env["MEMLSP_MANAGED_SETTINGS"] = str(managed_off(tmp_path))
    before = snapshot(memlsp_home)
    digest = hashlib.sha256(before[gone_path]).hexdigest()
    proc = run_memlsp(repo, "forget", gone_path, "--sha256", digest, ok=None, env=env)
    assert proc.returncode == 0, proc.stderr
    after = snapshot(memlsp_home)
    assert gone_path not in after and after[kept_path] == before[kept_path]
    removed = [k for k in changes(before, after) if k not in after]
    assert removed == [gone_path]
