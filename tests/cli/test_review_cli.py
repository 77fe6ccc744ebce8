"""``memlsp review`` and ``memlsp ls`` in review mode (R37), as real subprocesses: pending
items from ``memlsp extract`` under ``MEMLSP_REVIEW=required``, listed with their diff,
decided with ``--accept/--reject/--edit``, and one by one at a prompt on a terminal (a
pseudo-terminal drives the interactive mode)."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

from .clikit import run_memlsp

FACTS = [
    "Heads up: deploys of the billing-api are frozen because finance is closing the quarter.",
    "Heads up: the mobile team owns the push-notification service and its on-call rota.",
]


def propose(repo: Path, monkeypatch, *facts: str) -> list[dict]:
    monkeypatch.setenv("MEMLSP_REVIEW", "required")
    transcript = repo / "chat.jsonl"
    transcript.write_text(
        "".join(json.dumps({"role": "user", "content": f}) + "\n" for f in facts), "utf-8"
    )
    run_memlsp(repo, "extract", "--transcript", str(transcript), "--no-autosave")
    return json.loads(run_memlsp(repo, "review", "--json").stdout)["items"]


def test_list_accept_reject_edit(make_repo, memlsp_home, monkeypatch):
    repo = make_repo()
    items = propose(repo, monkeypatch, *FACTS)
    assert [i["kind"] for i in items] == ["new", "new"]
    listing = run_memlsp(repo, "ls").stdout
    assert "pending review (new): Deploys of the billing-api" in listing
    assert "inbox/" not in listing, "pending items are not notes"
    as_json = json.loads(run_memlsp(repo, "ls", "--json").stdout)
    assert as_json["entries"] == [] and len(as_json["pending"]) == 2
    shown = run_memlsp(repo, "review").stdout
    assert items[0]["id"] in shown and "| Deploys of the billing-api" in shown

    accepted = run_memlsp(repo, "review", "--accept", items[0]["id"]).stdout
    assert accepted.startswith("accepted (created): ") and "/inbox/" in accepted
    assert (
        run_memlsp(repo, "review", "--reject", items[1]["id"]).stdout
        == f"rejected: {items[1]['id']}\n"
    )
    assert json.loads(run_memlsp(repo, "review", "--json").stdout)["items"] == []
    assert "push-notification" not in "".join(
        p.read_text("utf-8", "replace") for p in memlsp_home.rglob("*.md")
    )

    # an update, with its diff, edited on the command line
    (update,) = propose(
        repo,
        monkeypatch,
        "Update: the billing-api deploy freeze now also covers the ledger-api because "
        "finance is closing the quarter.",
    )
    assert update["kind"] == "update"
    shown = run_memlsp(repo, "review").stdout
    assert f"update of {update['target']}" in shown and "+description:" in shown
    done = json.loads(
        run_memlsp(
            repo,
            "review",
            "--edit",
            update["id"],
            "--text",
            "Billing and ledger deploys are frozen.",
            "--json",
        ).stdout
    )
    assert done == {
        "id": update["id"],
        "decision": "edit",
        "path": update["target"],
        "action": "updated",
    }
    assert "Billing and ledger deploys are frozen." in (memlsp_home / update["target"]).read_text()


def test_refusals_exit_2_with_a_reason(make_repo, monkeypatch):
    repo = make_repo()
    (item,) = propose(repo, monkeypatch, FACTS[0])
    for args, reason in [
        (("--accept", "0123456789ab"), "[unknown-item]"),
        (("--edit", item["id"]), "[missing-text]"),
        (("--scope", "projects/nowhere"), "[unknown-scope]"),
    ]:
        proc = run_memlsp(repo, "review", *args, ok=(2,))
        assert proc.stderr.strip().endswith(reason), proc.stderr
    assert "--text goes with --edit" in run_memlsp(repo, "review", "--text", "x", ok=(2,)).stderr
    assert len(json.loads(run_memlsp(repo, "review", "--json").stdout)["items"]) == 1


def interact(repo: Path, answers: list[str]) -> str:
    """Run ``memlsp review`` with a pseudo-terminal as stdin, typing ``answers``."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memlsp", "review"],
        cwd=repo,
        stdin=follower,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=os.environ.copy(),
    )
    os.close(follower)
    for answer in answers:
        time.sleep(0.3)
        os.write(leader, (answer + "\n").encode())
    out, err = proc.communicate(timeout=60)
    os.close(leader)
    assert proc.returncode == 0, err
    return out.decode()


def test_interactive_review_on_a_terminal(make_repo, memlsp_home, monkeypatch):
    repo = make_repo()
    first, second = propose(repo, monkeypatch, *FACTS)
    out = interact(repo, ["x", "e", "", "a", "r"])
    assert out.count("[a]ccept  [r]eject  [e]dit  [s]kip  [q]uit?") >= 3
    assert "nothing entered; the item stays pending" in out
    assert "accepted (created): " in out and f"rejected: {second['id']}" in out
    assert out.rstrip().endswith("2 decided")
    assert json.loads(run_memlsp(repo, "review", "--json").stdout)["items"] == []
    notes = json.loads(run_memlsp(repo, "ls", "--json").stdout)["entries"]
    assert [n["description"] for n in notes] == [first["description"]]


def test_accept_with_memory_md_replaced_by_a_folder_saves_and_warns(
    make_repo, memlsp_home, monkeypatch
):
    # The accepted note is saved and the item gone; MEMORY.md is derived (R5), so failing to
    # write it is a warning on stderr (and `warning` in --json), not a failed decision
    repo = make_repo()
    first, second = propose(repo, monkeypatch, *FACTS)
    folder = memlsp_home / first["path"].rsplit("/pending/", 1)[0]
    index = folder / "MEMORY.md"
    if index.exists():
        index.unlink()
    index.mkdir()
    proc = run_memlsp(repo, "review", "--accept", first["id"])
    assert proc.stdout.startswith("accepted (created): ") and "/inbox/" in proc.stdout
    assert "memlsp review: warning: " in proc.stderr and "MEMORY.md" in proc.stderr
    saved = memlsp_home / proc.stdout.split(": ", 1)[1].strip()
    assert "billing-api" in saved.read_text("utf-8")
    out = json.loads(run_memlsp(repo, "review", "--accept", second["id"], "--json").stdout)
    assert out["action"] == "created" and "MEMORY.md" in out["warning"]
    assert json.loads(run_memlsp(repo, "review", "--json").stdout)["items"] == []
