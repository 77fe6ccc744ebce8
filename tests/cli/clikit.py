"""The CLI tests' one way to run ``python -m memlsp``: a real subprocess, piped, with a
timeout, and (unless the caller checks for itself) an exit code it expected and no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

import pytest
from memlsp.cli.main import main

SERVER = Path(__file__).resolve().parents[2] / "server"


def piped_env(**extra: str) -> dict[str, str]:
    """This process's environment, plus ``extra``, without an inherited COLUMNS (pytest's
    workers may set one): piped output means no width limit."""
    return {**{k: v for k, v in os.environ.items() if k != "COLUMNS"}, **extra}


def home_env(home: Path) -> dict[str, str]:
    """The environment of a person whose memory lives in ``home``: no inherited ``MEMLSP_``
    setting, and this checkout's server first on the path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMLSP_")}
    env.update(
        MEMLSP_HOME=str(home),
        PYTHONPATH=os.pathsep.join([str(SERVER), os.environ.get("PYTHONPATH", "")]),
    )
    return env


def run_memlsp(
    cwd: Path | None,
    *args: str,
    ok: Collection[int] | None = (0,),
    env: Mapping[str, str] | None = None,
    preexec_fn: Callable[[], object] | None = None,
) -> subprocess.CompletedProcess:
    """``python -m memlsp *args`` in ``cwd`` with ``env`` (default: :func:`piped_env`).

    With ``ok`` (the exit codes the caller expects) the run must end with one of them and
    print no traceback; ``ok=None`` checks nothing, for callers that check for themselves."""
    proc = subprocess.run(
        [sys.executable, "-m", "memlsp", *args],
        cwd=cwd,
        env=piped_env() if env is None else dict(env),
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=preexec_fn,
    )
    if ok is not None:
        assert proc.returncode in ok, (args, proc.returncode, proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr, (args, proc.stderr)
    return proc


class HomeCli:
    """``memlsp`` run in ``repo`` by one person whose memory lives in ``home``."""

    def __init__(self, home: Path, repo: Path) -> None:
        self.home = home
        self.repo = repo
        self.env = home_env(home)

    def run(self, *args: str, ok: Collection[int] | None = (0,)) -> subprocess.CompletedProcess:
        return run_memlsp(self.repo, *args, ok=ok, env=self.env)

    def json(self, *args: str) -> dict:
        return json.loads(self.run(*args, "--json").stdout)


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The in-process twin of :func:`run_memlsp`: ``main(argv)``'s exit code, stdout, stderr."""
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def team_repos(tmp_path: Path) -> tuple[Path, Path]:
    """A team's project (a git repository whose origin names it) and an empty bare
    repository for its shared memory: ``(project, remote)``."""
    repo = tmp_path / "ledger"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(
        ["git", "-C", str(repo), "remote", "add", "origin", "git@example.com:acme/ledger"],
        check=True,
    )
    remote = tmp_path / "memory.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    return repo, remote
