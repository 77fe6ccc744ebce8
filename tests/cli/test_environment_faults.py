"""Environment faults (issue 14): a read-only memory home, a full one, an unusable lock file
and a missing git binary give one line and exit 2 from the CLI (never a traceback), a typed
error over LSP, and ``doctor`` says what is wrong. Each fault is one that really fails for
root: a read-only bind mount, RLIMIT_FSIZE = 0 (every write past 0 bytes is EFBIG, like a
full disk), a folder where the lock file should be, a PATH without git."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import subprocess
from pathlib import Path

import pytest

from bench.fixtures.rawclient import RawClient

from .clikit import run_memlsp

WRITERS = [
    ["index", "--all"],
    ["remember", "Use pnpm in this repository, never npm"],
    ["forget", "--matching", "linter before", "--yes"],
    ["dream", "--force"],
    ["extract", "--transcript", "{tmp}/t.jsonl"],
]


def memlsp(cwd: Path, env: dict, *args: str, preexec=None) -> subprocess.CompletedProcess:
    env = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
    return run_memlsp(cwd, *args, ok=None, env=env, preexec_fn=preexec)


def seeded(tmp_path, make_repo, memlsp_home) -> tuple[Path, dict]:
    repo = make_repo(origin="git@github.com:example-org/faults.git")
    env = os.environ.copy()
    made = memlsp(repo, env, "remember", "Run the linter before pushing", "--type", "feedback")
    assert made.returncode == 0, made.stderr
    (tmp_path / "t.jsonl").write_text(
        json.dumps({"role": "user", "content": "Never deploy on Fridays; always run tests."}) + "\n"
    )
    return repo, env


def one_line_exit_2(proc: subprocess.CompletedProcess, args) -> None:
    assert "Traceback" not in proc.stderr, (args, proc.stderr)
    assert proc.returncode == 2, (args, proc.returncode, proc.stderr)
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("memlsp ")]
    assert len(lines) == 1 and lines[0].endswith("]"), (args, proc.stderr)


@contextlib.contextmanager
def read_only(memlsp_home: Path):
    """Bind-mount the home read-only over itself (root in a mount namespace may)."""
    done = subprocess.run(
        ["mount", "--bind", "-o", "ro", str(memlsp_home), str(memlsp_home)],
        capture_output=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot bind-mount read-only here: {done.stderr.decode().strip()}")
    try:
        yield memlsp_home
    finally:
        subprocess.run(["umount", str(memlsp_home)], check=True)


def test_a_read_only_home(tmp_path, make_repo, memlsp_home):
    repo, env = seeded(tmp_path, make_repo, memlsp_home)
    with read_only(memlsp_home):
        check_read_only(tmp_path, memlsp_home, repo, env)


def check_read_only(tmp_path: Path, memlsp_home: Path, repo: Path, env: dict) -> None:
    probe = memlsp_home / "probe"
    with pytest.raises(OSError):
        probe.write_text("x")  # really read-only, even for root
    for argv in WRITERS:
        args = [a.format(tmp=tmp_path) for a in argv]
        proc = memlsp(repo, env, *args)
        if args[0] == "forget":  # it finds the note first, then cannot take the lock
            assert "Traceback" not in proc.stderr and proc.returncode == 2, proc.stderr
            continue
        one_line_exit_2(proc, args)
    doctor = memlsp(repo, env, "doctor", "--json")
    assert doctor.returncode == 1
    reasons = {f["reason"] for f in json.loads(doctor.stdout)["findings"]}
    assert "home-not-writable" in reasons


def test_a_read_only_home_over_lsp_is_a_typed_error(tmp_path, make_repo, memlsp_home):
    repo, _ = seeded(tmp_path, make_repo, memlsp_home)
    client = RawClient({"MEMLSP_HOME": str(memlsp_home)}, cwd=str(repo))
    with read_only(memlsp_home), contextlib.closing(client):
        client.initialize(str(repo))
        reply = client.request("memory/remember", {"text": "Prefer ruff to flake8"}, timeout=30)
        assert reply["error"]["data"]["reason"] in ("io-error", "write-failed"), reply
        assert "result" in client.request("memory/status", {}, timeout=30)
    assert not any("Traceback" in line for line in client.stderr_lines)


def _full() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def test_a_full_home(tmp_path, make_repo, memlsp_home):
    repo, env = seeded(tmp_path, make_repo, memlsp_home)
    for argv in WRITERS[1:]:
        args = [a.format(tmp=tmp_path) for a in argv]
        proc = memlsp(repo, env, *args, preexec=_full)
        one_line_exit_2(proc, args)
    leftovers = [p for p in memlsp_home.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []


def test_an_unusable_lock_file(tmp_path, make_repo, memlsp_home):
    repo, env = seeded(tmp_path, make_repo, memlsp_home)
    locks = list(memlsp_home.rglob(".memlsp/lock"))
    assert locks
    for lock in locks:
        lock.unlink()
        lock.mkdir()
    for argv in [WRITERS[0], WRITERS[1], WRITERS[3], WRITERS[4]]:
        args = [a.format(tmp=tmp_path) for a in argv]
        one_line_exit_2(memlsp(repo, env, *args), args)
    doctor = memlsp(repo, env, "doctor", "--json")
    assert doctor.returncode == 1
    assert "lock-unusable" in {f["reason"] for f in json.loads(doctor.stdout)["findings"]}


def test_a_missing_git_binary(tmp_path, make_repo, memlsp_home):
    repo, env = seeded(tmp_path, make_repo, memlsp_home)
    env = {**env, "PATH": str(tmp_path / "no-programs-here")}
    for argv in [*WRITERS, ["check"], ["where"]]:
        args = [a.format(tmp=tmp_path) for a in argv]
        proc = memlsp(repo, env, *args)
        assert "Traceback" not in proc.stderr, (args, proc.stderr)
        assert proc.returncode in (0, 1, 2), (args, proc.returncode)
        if proc.returncode == 2:
            assert len([ln for ln in proc.stderr.splitlines() if ln.startswith("memlsp ")]) == 1
