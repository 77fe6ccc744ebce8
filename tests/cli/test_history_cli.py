"""Every automatic change is reversible (issue 15, acceptance 2), through real ``memlsp``
subprocesses on a real temporary home: for each automatic step — an extraction update, a
supersession, a dream rewrite and merge, a best-effort forget — ``memlsp log`` lists the
previous version and ``memlsp restore --version`` brings it back byte for byte; a verified
forget leaves no copy of the forgotten bytes anywhere in the home."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))

from tests.core.dreamkit import small_home  # noqa: E402

from .clikit import HomeCli  # noqa: E402

SCOPE = "projects/example.com/acme/ledger"


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Cli(HomeCli):
    """``python -m memlsp`` in a git repository with an origin, over a temporary home."""

    def __init__(self, tmp_path: Path) -> None:
        super().__init__(tmp_path / "home", tmp_path / "repo")
        self.repo.mkdir()
        subprocess.run(["git", "init", "-q", str(self.repo)], check=True)
        subprocess.run(
            ["git", "-C", str(self.repo), "remote", "add", "origin", "git@example.com:acme/ledger"],
            check=True,
        )
        self.tmp = tmp_path
        self.turns = 0

    def extract(self, text: str, at: str) -> dict:
        self.turns += 1
        lines = [
            {"role": "user", "content": text, "at": at},
            {"role": "assistant", "content": "Noted.", "at": at},
        ]
        transcript = self.tmp / f"turn{self.turns}.jsonl"
        transcript.write_text("\n".join(json.dumps(x) for x in lines), "utf-8")
        return self.json(
            "extract", "--transcript", str(transcript), "--session", f"s{self.turns}",
            "--no-autosave",
        )  # fmt: skip

    def log(self, *args: str) -> list[dict]:
        return self.json("log", *args)["changes"]

    def notes(self) -> dict[str, bytes]:
        scope = self.home / SCOPE
        return {
            p.relative_to(self.home).as_posix(): p.read_bytes()
            for sub in ("", "inbox")
            for p in sorted((scope / sub).glob("*.md"))
            if p.name != "MEMORY.md"
        }

    def restore(self, version: str, *extra: str) -> dict:
        return self.json("restore", "--version", version, *extra)


@pytest.fixture
def cli(tmp_path) -> Cli:
    return Cli(tmp_path)


def test_extraction_update_is_logged_and_restored_byte_for_byte(cli):
    cli.extract("Always run the linter with ruff before committing.", "2026-03-03T10:00:00Z")
    [(path, first)] = cli.notes().items()
    out = cli.extract(
        "Always run the linter with ruff before committing, it is required in CI.",
        "2026-03-03T11:00:00Z",
    )
    # The rewritten note may carry a new name (its file name is what recall shows).
    [new_path] = [p for t in out["turns"] for p in t["updated"]]
    second = cli.notes()[new_path]
    assert second != first
    name = Path(path).stem
    [change] = cli.log(name)
    assert change["step"] == "extraction-update" and change["path"] == path
    assert change["sha256"] == sha(first) and change["after"] == sha(second)
    assert change["why"] and change["restorable"] is True
    text = cli.run("log", name).stdout
    assert change["id"] in text and "extraction-update" in text and "why:" in text
    done = cli.restore(change["id"])
    assert done["action"] == "restored" and done["path"] == path
    assert (cli.home / path).read_bytes() == first  # byte for byte
    # The restore is itself reversible: the version it replaced is the newest change.
    if new_path == path:  # the restore replaced a file: it is itself reversible
        newest = cli.log(name)[0]
        assert newest["step"] == "restore" and newest["sha256"] == sha(second)
        cli.restore(newest["id"])
        assert (cli.home / path).read_bytes() == second


def test_supersession_is_logged_and_restored_byte_for_byte(cli):
    cli.extract("Rule for this repo: releases are cut by Hana on Tuesdays.", "2026-03-03T10:00:00Z")
    before = cli.notes()
    [(old_path, old_bytes)] = before.items()
    out = cli.extract("Update: from now on releases are cut by Ivo.", "2026-04-02T10:00:00Z")
    assert out["turns"][0]["updated"]
    after = cli.notes()
    assert all(b"Hana" not in data for data in after.values())
    [change] = [c for c in cli.log() if c["sha256"] == sha(old_bytes)]
    assert change["step"] == "supersede" and change["path"] == old_path
    assert change["after"] in {sha(data) for data in after.values()}
    cli.restore(change["id"])
    assert (cli.home / old_path).read_bytes() == old_bytes


def test_dream_rewrite_and_merge_are_logged_and_restored_byte_for_byte(cli):
    store, scope = small_home(cli.home)
    original = {
        p.relative_to(scope.root).as_posix(): p.read_bytes()
        for sub in ("", "inbox", "sessions")
        for p in (scope.root / sub).glob("*.md")
        if p.name != "MEMORY.md"
    }
    result = cli.json("dream", "--global")
    assert result["status"] == "applied"
    changes = cli.log("--global", "--limit", "200")
    steps = {c["step"] for c in changes}
    assert {"dream-merge", "dream-archive"} <= steps
    assert steps & {"dream-update", "dream-merge"}
    assert all(c["run"] == result["runId"] for c in changes)
    rewritten = [c for c in changes if c["after"] is not None]
    removed = [c for c in changes if c["after"] is None]
    assert rewritten and removed
    for change in rewritten + removed:
        rel = change["path"].removeprefix("global/")
        assert change["sha256"] == sha(original[rel]), change
        cli.restore(change["id"], "--global")
        assert (scope.root / rel).read_bytes() == original[rel]  # byte for byte
    assert "python-tooling-uv" in cli.run("log", "python-tooling-uv", "--global").stdout


def test_dream_list_and_restore_run_bring_back_every_archived_file(cli):
    store, scope = small_home(cli.home)
    inbox = {p.name: p.read_bytes() for p in (scope.root / "inbox").glob("*.md")}
    result = cli.json("dream", "--global")
    assert result["countsAfter"]["inbox"] == 0
    [run] = cli.json("dream", "--list", "--global")["runs"]
    assert run["runId"] == result["runId"] and run["operations"] == len(result["applied"])
    assert run["archived"] >= len(inbox) and run["restorable"] is True
    assert result["runId"] in cli.run("dream", "--list", "--global").stdout
    restored = cli.json("restore", "--global", result["runId"])["restored"]
    assert len(restored) == run["archived"]
    for name, data in inbox.items():
        assert (scope.root / "inbox" / name).read_bytes() == data


def test_best_effort_forget_is_logged_restored_and_its_tombstone_revoked(cli):
    cli.extract("Always run the linter with ruff before committing.", "2026-03-03T10:00:00Z")
    [(path, data)] = cli.notes().items()
    done = cli.run("forget", "--matching", "ruff before committing", "--yes")
    assert "forgot" in done.stdout.lower() or path in done.stdout
    assert not (cli.home / path).exists()
    [change] = cli.log(Path(path).name)
    assert change["step"] == "forget-best-effort" and change["after"] is None
    cli.restore(change["id"])
    assert (cli.home / path).read_bytes() == data
    # The note is live again for recall and extraction: the forget's tombstone is revoked.
    from memlsp.core.forget import tombstoned_digests
    from memlsp.core.store import Store

    scope = Store(cli.home).project_scope(cli.repo)
    assert sha(data) not in tombstoned_digests(scope)


def test_verified_forget_leaves_no_copy_anywhere_in_the_home(cli):
    cli.extract("Always run the linter with zephyrlint before committing.", "2026-03-03T10:00:00Z")
    [(path, first)] = cli.notes().items()
    cli.extract(
        "Always run the linter with zephyrlint before committing, it is required in CI.",
        "2026-03-03T11:00:00Z",
    )
    [(new_path, second)] = cli.notes().items()
    assert [c["step"] for c in cli.log(path)] == ["extraction-update"]
    cli.run("forget", new_path, "--sha256", sha(second))
    assert cli.log() == []
    needles = [first, second, b"zephyrlint", "zephyrlint".encode("utf-16-le")]
    found = []
    for file in cli.home.rglob("*"):
        if file.is_file():
            blob = file.read_bytes()
            found += [(file, n) for n in needles if n in blob]
    assert found == []


def test_restore_refusals_are_typed(cli):
    bad = cli.run("restore", "--version", "../../etc", ok=None)
    assert bad.returncode == 2 and "invalid-version" in bad.stderr
    unknown = cli.run("restore", "--version", "v0123456789", ok=None)
    assert unknown.returncode == 2 and "unknown-version" in unknown.stderr
    both = cli.run("restore", "RUN", "--version", "v0123456789", ok=None)
    assert both.returncode == 2 and "not both" in both.stderr
    neither = cli.run("restore", ok=None)
    assert neither.returncode == 2
