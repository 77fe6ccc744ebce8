"""``memlsp extract --transcript`` over a real git repo (origin decides the scope)."""

from __future__ import annotations

import json
import subprocess

from memlsp.cli.main import main


def test_extract_cli_writes_notes_and_session(tmp_path, monkeypatch, capsys):
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(
        ["git", "-C", str(repo), "remote", "add", "origin", "git@example.com:acme/tools.git"],
        check=True,
    )
    lines = [
        {"role": "user", "content": "Run the linter.", "at": "2026-03-03T10:00:00Z"},
        {"role": "assistant", "content": "Ran flake8.", "at": "2026-03-03T10:00:05Z"},
        {
            "role": "user",
            "content": "No, we use ruff here, never flake8.",
            "at": "2026-03-03T10:01:00Z",
        },
        {"role": "assistant", "content": "Switched to ruff.", "at": "2026-03-03T10:01:05Z"},
        {
            "role": "user",
            "content": "Heads up: the code freeze starts next Monday.",
            "at": "2026-03-03T10:02:00Z",
        },
        {
            "role": "user",
            "content": "And format the changed files with ruff format too.",
            "at": "2026-03-03T10:03:00Z",
        },
    ]
    transcript = tmp_path / "t.jsonl"
    transcript.write_text("\n".join(json.dumps(x) for x in lines), "utf-8")
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MEMLSP_MODEL_PROVIDER", raising=False)
    monkeypatch.chdir(repo)
    assert main(["extract", "--transcript", str(transcript), "--session", "abc", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    written = [p for t in out["turns"] for p in t["written"]]
    assert len(written) == 2
    assert all(p.startswith("projects/example.com/acme/tools/inbox/") for p in written)
    assert out["autosave"]["path"].endswith("sessions/20260303t100000z-abc.md")
    freeze = next(p for p in written if "freeze" in p)
    assert b"2026-03-09" in (tmp_path / "home" / freeze).read_bytes()


def test_extract_cli_rejects_a_bad_transcript(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json}\n", "utf-8")
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    assert main(["extract", "--transcript", str(bad)]) == 2
    assert "bad-transcript" in capsys.readouterr().err
