"""``memlsp ls``: the stale column, scope and pending filters, session records typed as
sessions, descriptions cut only between words, colour only on a terminal (issue 17)."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from memlsp.core.store import Store

from .clikit import piped_env, run_memlsp

LONG = (
    "The nightly billing export is owned by the payments team and must never run during "
    "the release freeze window"
)


def note_text(name: str, description: str, type_: str, body: str = "") -> str:
    return f"---\nname: {name}\ndescription: {description}\ntype: {type_}\n---\n{body}\n"


@pytest.fixture
def workspace(make_repo, memlsp_home: Path):
    """A repo with one source file; project notes citing a file that exists and one that
    does not, an inbox note, a session record, and a global note."""
    repo = make_repo(origin="git@github.com:Example-Org/Shop.git")
    (repo / "billing.py").write_text("def export_invoices():\n    return []\n")
    store = Store(memlsp_home)
    project = store.ensure_scope(store.project_scope(repo))
    glob = store.ensure_scope(store.global_scope())
    (project.root / "billing-owner.md").write_text(
        note_text("billing-owner", LONG, "project", "See `billing.py` and `export_invoices`.")
    )
    (project.root / "old-cron.md").write_text(
        note_text(
            "old-cron", "The cron schedule for exports", "reference", "Lives in `cron/old.py`."
        )
    )
    (project.root / "inbox" / "use-bun.md").write_text(
        note_text("use-bun", "Use bun, not npm, for scripts", "feedback")
    )
    (project.root / "sessions" / "20261201T100000Z-abc.md").write_text(
        note_text("20261201t100000z-abc", "Session of 2026-12-01 with 4 prompts", "project")
    )
    (glob.root / "terse.md").write_text(
        note_text("terse", "Prefers terse answers", "user", "Mentions `nowhere.py`.")
    )
    store.rebuild_index(project)
    store.rebuild_index(glob)
    return repo, project


def entries(cwd: Path, *args: str) -> dict[str, dict]:
    data = json.loads(run_memlsp(cwd, "ls", "--json", *args).stdout)
    return {e["name"]: e for e in data["entries"]}


def test_stale_column_counts_this_workspaces_stale_citations(workspace) -> None:
    repo, _ = workspace
    found = entries(repo)
    assert found["old-cron"]["stale"] == 1  # cron/old.py does not exist
    assert found["billing-owner"]["stale"] == 0  # billing.py and its function exist
    assert found["use-bun"]["stale"] == 0
    assert found["terse"]["stale"] is None  # a global note is not judged against this repo
    assert found["20261201t100000z-abc"]["stale"] is None  # session records are not checked
    human = run_memlsp(repo, "ls", "--scope", "project").stdout
    assert re.search(r"old-cron\.md .*1 stale", human)
    assert re.search(r"billing-owner\.md .* ok ", human)
    skipped = entries(repo, "--no-check")
    assert {e["stale"] for e in skipped.values()} == {None}


def test_a_workspace_without_memory_is_not_created_by_ls(make_repo, memlsp_home: Path) -> None:
    repo = make_repo("empty", origin="https://example.invalid/acme/empty.git")
    out = run_memlsp(repo, "ls")
    assert out.stdout == "" and "No notes yet" in out.stderr
    assert not memlsp_home.exists()


def test_session_records_are_typed_as_sessions(workspace) -> None:
    repo, _ = workspace
    line = next(
        ln for ln in run_memlsp(repo, "ls").stdout.splitlines() if "sessions/20261201T100000Z" in ln
    )
    assert line.split()[1] == "session"
    assert entries(repo)["20261201t100000z-abc"]["scope"] == "session"


def test_scope_and_pending_filters(workspace) -> None:
    repo, project = workspace
    assert set(entries(repo, "--scope", "global")) == {"terse"}
    assert set(entries(repo, "--scope", "project")) == {
        "billing-owner",
        "old-cron",
        "use-bun",
        "20261201t100000z-abc",
    }
    assert set(entries(repo, "--scope", project.rel)) == set(entries(repo, "--scope", "project"))
    assert set(entries(repo, "--pending")) == {"use-bun"}
    human = run_memlsp(repo, "ls", "--pending").stdout
    assert "use-bun.md" in human and "old-cron" not in human and "global/" not in human
    bad = run_memlsp(repo, "ls", "--scope", "projects/../etc", ok=(2,))
    assert "[unknown-scope]" in bad.stderr


@pytest.mark.parametrize("columns", [60, 105, 130])
def test_descriptions_are_cut_between_words_never_inside_one(workspace, columns: int) -> None:
    repo, _ = workspace
    out = run_memlsp(repo, "ls", "--scope", "project", env=piped_env(COLUMNS=str(columns))).stdout
    line = next(ln for ln in out.splitlines() if "billing-owner.md" in ln)
    assert "billing-owner.md" in line  # the file name itself is never cut
    shown = line.split(" ok", 1)[1].strip()
    if columns == 60:  # no room left: the description is left out, not chopped
        assert shown == "", line
        return
    assert len(line) <= columns
    words = LONG.split()
    assert shown.endswith("…") and len(shown) > 10, line
    kept = shown[:-1].split()
    assert kept == words[: len(kept)], (kept, words)


def test_piped_output_keeps_whole_descriptions(workspace) -> None:
    repo, _ = workspace
    assert LONG in run_memlsp(repo, "ls").stdout


def _run_on_a_terminal(cwd: Path, *args: str, env: dict[str, str]) -> str:
    """Run ``memlsp`` with its stdout on a pseudo-terminal; return what it printed."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memlsp", *args],
        cwd=cwd,
        stdout=follower,
        stderr=subprocess.PIPE,
        env={**os.environ, "COLUMNS": "200", **env},
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.wait(timeout=60) == 0, proc.stderr.read()
    return b"".join(chunks).decode()


def test_colour_on_a_terminal_and_never_with_no_color_or_a_pipe(workspace) -> None:
    repo, _ = workspace
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm"
    tty = _run_on_a_terminal(repo, "ls", env={"TERM": "xterm", "NO_COLOR": ""})
    assert "\x1b[" in tty and "old-cron.md" in tty
    assert "\x1b[1;31m1 stale" in tty  # stale counts stand out
    no_color = _run_on_a_terminal(repo, "ls", env={"TERM": "xterm", "NO_COLOR": "1"})
    assert "\x1b[" not in no_color and "old-cron.md" in no_color
    piped = run_memlsp(repo, "ls", env=piped_env(TERM="xterm")).stdout
    assert "\x1b[" not in piped
    forced = run_memlsp(repo, "ls", "--color", "always").stdout
    assert "\x1b[" in forced


def test_long_listings_print_one_record_a_line_and_the_same_json() -> None:
    """``--json`` of a long list is written one record a line (the C encoder), short ones
    indented as before; both parse to exactly the value."""
    from memlsp.cli.common import LONG_LIST, dumps

    record = {"path": "global/a.md", "description": 'Ünïcode \u2028 "quoted"', "stale": None}
    for n in (3, LONG_LIST + 1, 2_000):
        value = {
            "version": 1,
            "home": "/h",
            "entries": [dict(record, n=i) for i in range(n)],
            "problems": [],
            "nested": {"a": [1, 2]},
        }
        text = dumps(value)
        assert json.loads(text) == value
        lines = text.splitlines()
        if n > LONG_LIST:
            assert len([line for line in lines if line.startswith('    {"path"')]) == n
        else:
            assert text == json.dumps(value, ensure_ascii=False, indent=2)
