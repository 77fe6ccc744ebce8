"""``memlsp recall`` end to end with the bundled embedder (R15, R16), and after forget (R24)."""

from __future__ import annotations

import json
from pathlib import Path

from .clikit import piped_env, run_memlsp
from .test_store_cli import ORIGIN


def test_recall_finds_a_remembered_note_and_forget_removes_it(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    run_memlsp(
        repo,
        "remember",
        "Deploys to production need a second reviewer from the payments team",
        "--type",
        "feedback",
    )
    run_memlsp(
        repo,
        "remember",
        "The staging database is refreshed from production every Sunday night",
        "--type",
        "project",
    )
    out = json.loads(
        run_memlsp(repo, "recall", "who has to review my production deploy?", "--json").stdout
    )
    names = [m["name"] for m in out["memories"]]
    assert names and names[0].startswith("deploys-to-production-need")
    assert "Verify before recommending" in out["reminder"]
    note = out["memories"][0]["path"]
    digest = run_memlsp(repo, "show", note, "--hash").stdout.split()[0]
    run_memlsp(repo, "forget", note, "--sha256", digest)
    description = "Deploys to production need a second reviewer from the payments team"
    after = json.loads(
        run_memlsp(repo, "recall", description, "--session", "other", "--json").stdout
    )
    assert all(m["path"] != note for m in after["memories"])
    assert description not in after["reminder"]


def test_recall_is_refused_when_managed_settings_turn_memlsp_off(
    make_repo, tmp_path, monkeypatch
) -> None:
    managed = tmp_path / "managed.json"
    managed.write_text('{"rollout": "off"}')
    managed.chmod(0o644)
    monkeypatch.setenv("MEMLSP_MANAGED_SETTINGS", str(managed))
    repo = make_repo(origin=ORIGIN)
    proc = run_memlsp(repo, "recall", "anything", ok=(2,))
    assert "managed-off" in proc.stderr
    proc = run_memlsp(repo, "remember", "Use bun", ok=(2,))
    assert "managed-off" in proc.stderr


def test_reads_in_a_folder_without_memory_create_no_project(make_repo, memlsp_home) -> None:
    """R1/R3: recall, ls and check in a new folder read the global notes and create nothing
    for the folder's project in the home (its first write does)."""
    elsewhere = make_repo("elsewhere")
    run_memlsp(elsewhere, "remember", "Use bun, not npm, for installs", "--global")
    repo = make_repo(origin=ORIGIN)
    for args in (("recall", "bun or npm?", "--json"), ("recall", "bun?", "--session", "s1")):
        out = run_memlsp(repo, *args)
        if "--json" in args:
            assert [m["scope"] for m in json.loads(out.stdout)["memories"]] == ["global"]
    run_memlsp(repo, "ls")
    run_memlsp(repo, "check")
    assert not (memlsp_home / "projects").exists()
    run_memlsp(repo, "remember", "Deploys need a second reviewer", "--type", "feedback")
    out = json.loads(run_memlsp(repo, "recall", "who reviews deploys?", "--json").stdout)
    assert [m["scope"] for m in out["memories"]] == ["project"]


def test_recall_with_only_a_mounted_folder_creates_no_memory_folder(
    make_repo, memlsp_home: Path, tmp_path: Path
) -> None:
    """ADR 0009: with no global memory yet, a --session's state (kept between runs, so a
    note is injected once) lives in the home's own .memlsp/, not in a new global/ folder
    that `memlsp doctor` would then find without a MEMORY.md."""
    team = tmp_path / "team"
    team.mkdir()
    (team / "database_tests.md").write_text(
        "---\nname: database_tests\ndescription: Integration tests must hit a real database,"
        " never mocks\ntype: feedback\n---\nA mocked migration broke production.\n"
    )
    env = piped_env(MEMLSP_EXTRA_SCOPES=str(team))
    repo = make_repo(origin=ORIGIN)
    ask = ("recall", "should integration tests use a real database?", "--session", "s1")
    first = json.loads(run_memlsp(repo, *ask, "--json", env=env).stdout)
    assert [m["scope"] for m in first["memories"]] == ["folder"]
    again = json.loads(run_memlsp(repo, *ask, "--json", env=env).stdout)
    assert again["memories"] == [] and again["silence"] == "already-injected"
    assert sorted(p.name for p in memlsp_home.iterdir()) == [".memlsp"]
    doctor = json.loads(run_memlsp(repo, "doctor", "--json", env=env, ok=None).stdout)
    assert [f for f in doctor["findings"] if not f["path"].startswith("folders/")] == []
