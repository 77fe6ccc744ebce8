"""The CLI over the store: where, ls (--json, v1), show, remember, index, doctor."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..core.test_notes_store import MALFORMED, plant_malformed
from .clikit import run_memlsp

ORIGIN = "git@github.com:Example-Org/Shop.git"


def test_where_prints_one_absolute_line(make_repo, memlsp_home: Path) -> None:
    repo = make_repo(origin=ORIGIN)
    out = run_memlsp(repo, "where").stdout
    assert out == f"{memlsp_home / 'projects' / 'github.com' / 'Example-Org' / 'Shop'}\n"


def test_remember_ls_show_round_trip(make_repo, memlsp_home: Path) -> None:
    repo = make_repo(origin=ORIGIN)
    out = run_memlsp(
        repo, "remember", "Use bun, not npm, in this repo", "--type", "feedback"
    ).stdout
    assert out.startswith("created: projects/github.com/Example-Org/Shop/inbox/")
    run_memlsp(repo, "remember", "I'm a backend engineer", "--global", "--type", "user")
    listing = json.loads(run_memlsp(repo, "ls", "--json").stdout)
    assert listing["version"] == 1
    assert set(listing) == {"version", "home", "entries", "problems", "pending"}
    by_type = {e["type"]: e for e in listing["entries"]}
    assert set(by_type) == {"feedback", "user"}
    entry = by_type["feedback"]
    assert set(entry) == {
        "path",
        "scope",
        "type",
        "name",
        "description",
        "bytes",
        "modified",
        "ageDays",
        "stale",
        "source",
        "agent",
    }
    assert entry["source"] == "remember" and entry["agent"] == "cli"
    assert entry["scope"] == "project" and by_type["user"]["scope"] == "global"
    assert entry["ageDays"] == 0 and entry["bytes"] == (memlsp_home / entry["path"]).stat().st_size
    shown = run_memlsp(repo, "show", entry["name"]).stdout
    assert shown == (memlsp_home / entry["path"]).read_text()
    digest = run_memlsp(repo, "show", entry["name"], "--hash").stdout.split()[0]
    assert digest == hashlib.sha256((memlsp_home / entry["path"]).read_bytes()).hexdigest()
    human = run_memlsp(repo, "ls").stdout
    assert (
        "projects/github.com/Example-Org/Shop/" in human
        and "feedback" in human
        and "today" in human
    )


def test_errors_are_clear_with_exit_code_2(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    proc = run_memlsp(repo, "show", "no-such-note", ok=(2,))
    assert "no note named 'no-such-note'" in proc.stderr
    proc = run_memlsp(repo, "remember", "   ", ok=(2,))
    assert "empty" in proc.stderr
    proc = run_memlsp(repo, "remember", "x", "--type", "opinion", ok=(2,))
    assert "invalid choice" in proc.stderr


def test_doctor_lists_malformed_files_without_touching_them(make_repo, memlsp_home: Path) -> None:
    repo = make_repo(origin=ORIGIN)
    run_memlsp(repo, "remember", "A fine note about deploys", "--type", "project")
    scope_root = memlsp_home / "projects" / "github.com" / "Example-Org" / "Shop"
    digests = plant_malformed(scope_root / "inbox")
    before = {p: p.read_bytes() for p in memlsp_home.rglob("*") if p.is_file()}
    proc = run_memlsp(repo, "doctor", "--json", ok=(1,))
    report = json.loads(proc.stdout)
    reasons = {
        Path(f["path"]).name: f["reason"] for f in report["findings"] if f["severity"] == "error"
    }
    assert reasons == {name: reason for name, (_, reason) in MALFORMED.items()}
    assert report["errors"] == len(MALFORMED)
    human = run_memlsp(repo, "doctor", ok=(1,)).stdout
    assert "broken-yaml" in human and "frontmatter is not valid YAML" in human
    after = {p: p.read_bytes() for p in memlsp_home.rglob("*") if p.is_file()}
    assert after == before
    assert all(hashlib.sha256(p.read_bytes()).hexdigest() == d for p, d in digests.items())
    listing = json.loads(run_memlsp(repo, "ls", "--json").stdout)
    assert len(listing["entries"]) == 1 and len(listing["problems"]) >= len(MALFORMED)


def test_doctor_healthy_and_index_rebuild(make_repo, memlsp_home: Path) -> None:
    repo = make_repo(origin=ORIGIN)
    run_memlsp(repo, "remember", "Deploys happen on Tuesdays", "--type", "project")
    assert "no problems found" in run_memlsp(repo, "doctor").stdout
    index = memlsp_home / "projects/github.com/Example-Org/Shop/MEMORY.md"
    index.write_text("hand edited\n")
    report = json.loads(run_memlsp(repo, "doctor", "--json").stdout)
    assert [f["reason"] for f in report["findings"]] == ["index-out-of-date"]
    assert "rebuilt" in run_memlsp(repo, "index").stdout
    assert "Deploys happen on Tuesdays" in index.read_text()
    assert "up to date" in run_memlsp(repo, "index").stdout


def test_help_reads_well() -> None:
    out = run_memlsp(Path.cwd(), "--help").stdout
    for cmd in ("where", "ls", "show", "remember", "index", "doctor", "demo"):
        assert cmd in out


def test_demo_runs_offline() -> None:
    """The README's main job: every step runs, offline, and shows its result."""
    out = run_memlsp(Path.cwd(), "demo").stdout
    assert "refused:" in out and "[refused-excluded:file-path]" in out
    assert "turn 1: wrote" in out and "recalled " in out and "<memory-context" in out
    assert "stale-file:" in out and "deleted in" in out
    assert "forgotten:" in out and "# Memory index" in out


def test_demo_tells_the_story() -> None:
    """Issue 18: the chat turns it replays, the question before each recall (and what came
    back, or why nothing did), then the next commands to try."""
    from memlsp.cli.demo_cmd import QUESTIONS

    out = run_memlsp(Path.cwd(), "demo").stdout
    assert "turn 1: user: Use bun, not npm" in out and "assistant: Understood" in out
    blocks = out.split("the next chat turn asks: ")[1:]
    assert [b.splitlines()[0] for b in blocks] == list(QUESTIONS)
    for block in blocks:
        answer = block.splitlines()[1]
        assert answer.startswith(("  recalled ", "  nothing injected (")), answer
    assert "bun" in blocks[0].split("==")[0]
    tail = out[out.index("Next, in a repository of your own:") :]
    assert "memlsp remember" in tail and "memlsp recall" in tail and "memlsp stats" in tail


def test_remember_with_memory_md_replaced_by_a_folder_saves_and_warns(
    make_repo, memlsp_home: Path
) -> None:
    # R5/R6: MEMORY.md is derived from the notes; when it cannot be written the note is still
    # saved, the command succeeds and says what is wrong (it exited 2 as if nothing was saved)
    repo = make_repo(origin=ORIGIN)
    run_memlsp(repo, "remember", "Use bun, not npm, in this repo", "--type", "feedback")
    folder = Path(run_memlsp(repo, "where").stdout.strip())
    (folder / "MEMORY.md").unlink()
    (folder / "MEMORY.md").mkdir()
    proc = run_memlsp(
        repo, "remember", "Deploys wait for the QA sign-off", "--type", "project", "--json"
    )
    out = json.loads(proc.stdout)
    assert out["action"] == "created" and "MEMORY.md" in out["warning"]
    assert "memlsp remember: warning: the note is saved" in proc.stderr
    saved = memlsp_home / out["path"]  # home-relative path
    assert saved.read_text(encoding="utf-8").count("QA sign-off") >= 1
    doctor = run_memlsp(repo, "doctor", ok=None)
    assert "MEMORY.md" in doctor.stdout + doctor.stderr
