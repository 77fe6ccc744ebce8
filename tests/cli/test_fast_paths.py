"""Issue 19: ``memlsp serve`` and ``memlsp ls`` parse with only their own command module
imported; the full CLI is unchanged."""

from __future__ import annotations

import subprocess
import sys

from .clikit import run_memlsp


def test_serve_and_ls_parse_alone_without_loading_other_commands() -> None:
    probe = (
        "import sys; from memlsp.cli.main import build_parser, _ALONE;"
        "build_parser(_ALONE['serve']);"
        "print(sorted(m for m in sys.modules if m.startswith('memlsp.cli.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    assert "memlsp.cli.serve_cmds" in out
    assert "memlsp.cli.browse_cmd" not in out and "memlsp.cli.demo_cmd" not in out


def test_the_fast_paths_still_parse_their_options() -> None:
    assert "--stdio" in run_memlsp(None, "serve", "--help", ok=None).stdout
    assert "--pending" in run_memlsp(None, "ls", "--help", ok=None).stdout
    full = run_memlsp(None, "--help", ok=None).stdout
    for command in ("serve", "ls", "recall", "sync", "stats", "demo"):
        assert command in full
    bad = run_memlsp(None, "ls", "--no-such-flag", ok=None)
    assert bad.returncode == 2 and "unrecognized arguments" in bad.stderr
