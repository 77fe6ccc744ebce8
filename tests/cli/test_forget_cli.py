"""``memlsp forget`` (R23, R24): exit codes, stderr reasons, honest --matching reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .clikit import run_main


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "memhome"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    monkeypatch.delenv("MEMLSP_MANAGED_SETTINGS", raising=False)
    monkeypatch.delenv("MEMLSP_ROLLOUT", raising=False)
    monkeypatch.chdir(tmp_path)
    return home


def test_verified_forget_round_trip(capsys, home: Path) -> None:
    assert run_main(capsys, "remember", "Deploys freeze on Friday afternoons", "--global")[0] == 0
    code, out, _ = run_main(capsys, "ls", "--json")
    path = json.loads(out)["entries"][0]["path"]
    code, out, _ = run_main(capsys, "show", "deploys-freeze-on-friday-afternoons", "--hash")
    sha, shown = out.split()
    assert shown == path
    code, _, err = run_main(capsys, "forget", path, "--sha256", "0" * 64)
    assert code == 2 and "[stale-hash]" in err
    code, out, _ = run_main(capsys, "forget", path, "--sha256", sha)
    assert code == 0 and out.strip() == f"forgotten: {path}"
    code, out, _ = run_main(capsys, "forget", path, "--sha256", sha, "--json")
    assert code == 0 and json.loads(out)["status"] == "already-forgotten"
    code, out, _ = run_main(capsys, "ls", "--json")
    assert json.loads(out)["entries"] == []


def test_a_retry_by_name_or_scope_path_says_already_forgotten(capsys, home: Path) -> None:
    # R24: a retry after a forget that succeeded answers "already forgotten" however the note
    # was named (by name it said not-found, by inbox/x.md "not inside a scope")
    run_main(capsys, "remember", "Deploys freeze on Friday afternoons", "--global")
    name = "deploys-freeze-on-friday-afternoons"
    sha, path = run_main(capsys, "show", name, "--hash")[1].split()
    assert run_main(capsys, "forget", name, "--sha256", sha)[0] == 0
    for ref in (name, "inbox/" + name + ".md", path):
        code, out, err = run_main(capsys, "forget", ref, "--sha256", sha, "--json")
        assert code == 0, (ref, err)
        got = json.loads(out)
        assert (got["path"], got["status"]) == (path, "already-forgotten"), (ref, got)
    # another hash under the same name is still an unknown note, not a forgotten one
    code, _, err = run_main(capsys, "forget", name, "--sha256", "0" * 64)
    assert code == 2 and "[not-found]" in err, err


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("global/missing.md", "not-found"),
        ("global/*.md", "broad"),
        ("../etc/passwd", "traversal"),
        ("global/MEMORY.md", "protected"),
    ],
)
def test_every_refusal_exits_2_with_the_reason(capsys, path: str, reason: str) -> None:
    run_main(capsys, "remember", "Something to keep around", "--global")
    code, out, err = run_main(capsys, "forget", path, "--sha256", "a" * 64)
    assert code == 2 and f"[{reason}]" in err and out == ""


def test_usage_errors(capsys) -> None:
    assert run_main(capsys, "forget", "global/x.md")[0] == 2
    assert (
        run_main(capsys, "forget", "global/x.md", "--sha256", "a" * 64, "--matching", "x")[0] == 2
    )


@pytest.mark.parametrize(
    "bad", ["abc", "a" * 63, "a" * 65, "g" * 64, "0x" + "a" * 62, "f" * 64 + "0" * 200]
)
def test_a_malformed_hash_is_refused_before_anything_is_looked_up(capsys, home, bad) -> None:
    """Not a SHA-256 at all is a mistake in the arguments ([bad-hash]), not evidence that
    the note changed ([stale-hash], which asks the person to read the note again). The
    service refuses it, in the words LSP and MCP clients get; a long one is cut short."""
    run_main(capsys, "remember", "Something to keep around", "--global")
    code, out, err = run_main(capsys, "ls", "--json")
    path = json.loads(out)["entries"][0]["path"]
    for target in (path, "global/missing.md"):
        code, out, err = run_main(capsys, "forget", target, "--sha256", bad, "--json")
        assert code == 2 and out == ""
        assert err.strip() == (
            f"memlsp forget: sha256 {bad[:80]!r} is not a SHA-256 (64 hex digits, as "
            "reading the note returns it) [bad-hash]"
        )
    assert (home / path).is_file()
    upper = run_main(capsys, "show", path, "--hash")[1].split()[0].upper()
    assert run_main(capsys, "forget", path, "--sha256", f" {upper} ")[0] == 0  # as core reads it


def test_matching_lists_then_forgets_and_says_what_it_did(capsys, home: Path) -> None:
    run_main(capsys, "remember", "Use pnpm, never npm, in the web app", "--global")
    run_main(capsys, "remember", "The npm mirror lives at the platform wiki", "--global")
    run_main(capsys, "remember", "Releases leave on Tuesdays", "--global")
    code, out, _ = run_main(capsys, "forget", "--matching", "NPM")
    assert code == 0 and "2 note(s) match" in out and "nothing removed" in out
    assert len(list((home / "global/inbox").iterdir())) == 3
    lease = home / "global/.memlsp/lease.json"
    lease.write_text(
        json.dumps(
            {
                "holder": "dream",
                "token": 1,
                "run_id": "r1",
                "acquired": "2020-01-01T00:00:00Z",
                "expires": "2999-01-01T00:00:00Z",
                "paths": ["inbox/the-npm-mirror-lives-at-the-platform-wiki.md"],
            }
        )
    )
    code, out, _ = run_main(capsys, "forget", "--matching", "npm", "--yes", "--json")
    report = json.loads(out)
    assert code == 1
    assert report["forgotten"] == ["global/inbox/use-pnpm-never-npm-in-the-web-app.md"]
    assert [(r["path"], r["reason"]) for r in report["notRemoved"]] == [
        ("global/inbox/the-npm-mirror-lives-at-the-platform-wiki.md", "leased")
    ]
    assert "archive" in report["notSearched"]
    code, out, _ = run_main(capsys, "forget", "--matching", "tuesdays", "--yes")
    assert code == 0 and "removed 1 of 1 matching note(s); 0 not removed" in out
    code, out, _ = run_main(capsys, "forget", "--matching", "nothing like this")
    assert code == 0 and "nothing removed" in out


def test_forget_with_memory_md_replaced_by_a_folder_forgets_and_warns(capsys, home: Path) -> None:
    # The note is gone once forget says so; MEMORY.md is derived (R5), so failing to write it
    # is a warning, not exit 2 "write-failed" after the note was already deleted
    assert run_main(capsys, "remember", "Deploys freeze on Friday afternoons", "--global")[0] == 0
    assert run_main(capsys, "remember", "Releases are tagged by the CI bot", "--global")[0] == 0
    index = home / "global" / "MEMORY.md"
    index.unlink()
    index.mkdir()
    shown = {}
    for name in ("deploys-freeze-on-friday-afternoons", "releases-are-tagged-by-the-ci-bot"):
        sha, path = run_main(capsys, "show", name, "--hash")[1].split()
        shown[name] = (path, sha)
    path, sha = shown["deploys-freeze-on-friday-afternoons"]
    code, out, err = run_main(capsys, "forget", path, "--sha256", sha)
    assert code == 0 and out.strip() == f"forgotten: {path}", err
    assert "memlsp forget: warning: " in err and "MEMORY.md" in err
    assert not (home / path).exists()
    path, sha = shown["releases-are-tagged-by-the-ci-bot"]
    code, out, err = run_main(capsys, "forget", path, "--sha256", sha, "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["status"] == "forgotten" and "MEMORY.md" in answer["warning"]
    assert not (home / path).exists()
