"""Forget audit, the CLI (SPEC R23, R24; docs/explanation/forget.md): real ``memlsp``
processes over a temporary home, each flow making every derived copy of a note it can — an
edit (so the history holds a first version with a word only it had), recalls, dreams that
fold the note's inbox observations into a topic note (archive and history), a citation
check — before the note is forgotten. Then every byte of the home is searched for both
words (``tests/forget_search.py``).

A forget by path and hash is final: no copy is left. A best-effort forget (``--matching``,
or asked for in chat) keeps the version in the history so it can be undone, and only there;
forgetting that version by path and hash makes it final."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest

from tests.forget_search import copies

from .clikit import HomeCli

SCOPE = "projects/example.com/acme/ledger"
WORD = "crandlebox"  # in the note from the start
OLD = "zorblattic"  # only in the note's first version


class Cli(HomeCli):
    """``python -m memlsp`` in a git repository with an origin, over a temporary home."""

    def __init__(self, tmp_path: Path) -> None:
        super().__init__(tmp_path / "home", tmp_path / "repo")
        self.repo.mkdir()
        for args in (("init", "-q"), ("remote", "add", "origin", "git@example.com:acme/ledger")):
            subprocess.run(["git", "-C", str(self.repo), *args], check=True)
        (self.repo / "app.py").write_text("def main():\n    pass\n")
        self.tmp = tmp_path
        # telemetry's local sink (<home>/.telemetry/events.jsonl) is searched too
        self.env["MEMLSP_TELEMETRY_ENABLED"] = "1"

    def remember(self, text: str) -> dict:
        return self.json("remember", text, "--type", "project")

    def recall(self, message: str, session: str) -> list[str]:
        return [m["path"] for m in self.json("recall", message, "--session", session)["memories"]]

    def extract(self, session: str, *prompts: str) -> dict:
        lines = []
        for n, prompt in enumerate(prompts):
            at = f"2026-12-01T1{n}:00:00Z"
            lines += [{"role": "user", "content": prompt, "at": at}]
            lines += [{"role": "assistant", "content": "Noted.", "at": at}]
        transcript = self.tmp / f"{session}.jsonl"
        transcript.write_text("\n".join(json.dumps(x) for x in lines), "utf-8")
        return self.json("extract", "--transcript", str(transcript), "--session", session)

    def sha(self, rel: str) -> str:
        return hashlib.sha256((self.home / rel).read_bytes()).hexdigest()

    def leftovers(self, skip: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:
        return copies(self.home, WORD, OLD, skip=skip)


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def _edited_note(cli: Cli) -> str:
    """A note whose first version held OLD, recalled before and after the edit."""
    first = cli.remember(
        f"Deploys go through the {WORD} pipeline\nCanary first on the {OLD} hosts."
    )
    assert first["path"] in cli.recall(f"how do deploys work with {WORD}?", "s1")
    second = cli.remember(
        f"Deploys go through the {WORD} pipeline\nCanary first on the staging hosts."
    )
    assert (second["path"], second["action"]) == (first["path"], "updated")
    assert first["path"] in cli.recall(f"which hosts get the {WORD} canary?", "s2")
    return first["path"]


def test_a_dreamed_note_forgotten_by_path_and_hash_leaves_no_copy(cli: Cli) -> None:
    cli.remember("Releases are tagged on Thursdays by the ops team")
    inbox = _edited_note(cli)
    first = cli.json("dream")
    assert first["status"] == "applied"
    topic = f"{SCOPE}/{Path(inbox).name}"
    assert (cli.home / topic).is_file() and not (cli.home / inbox).exists()
    more = cli.remember(
        f"Deploys go through the {WORD} pipeline with a manual approval\n"
        "The ops lead approves every production deploy; cite `deploy/approve.sh`."
    )
    second = cli.json("dream")
    assert [(o["op"], o["path"]) for o in second["applied"]] == [("update", Path(topic).name)]
    assert not (cli.home / more["path"]).exists()
    assert topic in cli.recall(f"who approves {WORD} deploys?", "s3")
    checked = cli.run("check", "--json", ok=(0, 1))
    assert any(f["note"] == topic for f in json.loads(checked.stdout)["findings"])
    assert any(n == "name" for *_, n in cli.leftovers()), "the archive holds the observations"
    assert (cli.home / ".telemetry" / "events.jsonl").stat().st_size > 0

    cli.run("forget", topic, "--sha256", cli.sha(topic))

    assert cli.leftovers() == []
    # the other note, its archived observation and both runs are still there: only the
    # forgotten note's copies went
    releases = f"{SCOPE}/releases-are-tagged-on-thursdays-by-the-ops.md"
    assert [c["path"] for c in cli.json("log")["changes"]] == [
        f"{SCOPE}/inbox/{Path(releases).name}"
    ]
    assert cli.recall("when are releases tagged?", "s4") == [releases]
    assert [r["archived"] for r in cli.json("dream", "--list")["runs"]] == [1, 2]
    restored = cli.json("restore", first["runId"])["restored"]
    assert restored == [f"inbox/{Path(releases).name}"]  # the forgotten note's: gone


def test_a_best_effort_forget_keeps_only_the_history_until_it_is_made_final(cli: Cli) -> None:
    note = _edited_note(cli)
    cli.remember("Releases are tagged on Thursdays by the ops team")
    done = cli.json("forget", "--matching", f"{WORD} pipeline", "--yes")
    assert done["forgotten"] == [note]
    # undoable (forget.md, "Best-effort forget"): the versions stay in the history, and
    # nowhere else
    history = f"{SCOPE}/.memlsp/history/"
    assert cli.leftovers()
    assert cli.leftovers(skip=(".memlsp/history/",)) == []
    [version] = [c for c in cli.json("log")["changes"] if c["step"] == "forget-best-effort"]
    assert version["path"] == note

    again = cli.json("forget", version["path"], "--sha256", version["sha256"])
    assert again["status"] == "already-forgotten"
    assert cli.leftovers() == []
    assert not (cli.home / history / "objects" / version["sha256"][:2] / version["sha256"]).exists()


def test_a_fact_forgotten_in_chat_then_by_its_version_leaves_no_copy(cli: Cli) -> None:
    said = cli.extract(
        "c1",
        f"From now on deploys go through the {WORD} pipeline, canary first on the {OLD} hosts.",
    )
    [first] = said["turns"][0]["written"]
    assert first in cli.recall(f"how do deploys work with {WORD}?", "c1")
    # the correction renames the note (its name held the old word): a supersession
    fixed = cli.extract(
        "c2",
        f"From now on deploys go through the {WORD} pipeline, canary first on the staging hosts.",
    )
    [second] = fixed["turns"][0]["updated"]
    assert second != first and not (cli.home / first).exists()
    asked = cli.extract("c3", f"Forget what I said about the {WORD} pipeline.")
    assert asked["turns"][0]["deleted"] == [second]
    # best-effort: undoable from the history, and only there
    assert cli.leftovers(skip=(".memlsp/history/",)) == []
    [version] = [c for c in cli.json("log")["changes"] if c["step"] == "forget-best-effort"]

    cli.run("forget", version["path"], "--sha256", version["sha256"])

    assert cli.leftovers() == []
    assert cli.json("log")["changes"] == []


def test_a_forgotten_note_takes_its_pending_updates_with_it(cli: Cli) -> None:
    said = cli.extract(
        "r1",
        f"From now on deploys go through the {WORD} pipeline, canary first on the {OLD} hosts.",
    )
    [note] = said["turns"][0]["written"]
    cli.env["MEMLSP_REVIEW"] = "required"  # R37: extraction's update waits for a person
    held = cli.extract(
        "r2",
        f"From now on deploys go through the {WORD} pipeline, canary first on the staging hosts.",
    )
    [item] = held["turns"][0]["held"]
    [pending] = cli.json("review")["items"]
    assert pending["target"] == note and (cli.home / item).is_file()

    cli.run("forget", note, "--sha256", cli.sha(note))

    # the proposal quoted the note and named it: accepting it would write the fact again
    assert cli.json("review")["items"] == []
    assert cli.leftovers() == []


def test_a_note_a_dream_merged_another_into_leaves_no_copy(cli: Cli) -> None:
    cli.remember("Releases are tagged on Thursdays by the ops team")
    scope = cli.home / SCOPE
    for name, created, extra in (
        ("deploy-pipeline", "2026-10-01", ""),
        ("deploy-pipeline-canary", "2026-10-05", f"\nRollbacks use the {WORD} undo button."),
    ):  # near-duplicates written by hand: the dream merges the newer into the older
        (scope / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: Deploys go through the {WORD} pipeline\n"
            f"type: project\ncreated: '{created}T10:00:00Z'\n---\n"
            f"Canary first on the {OLD} hosts, then everywhere.{extra}\n"
        )
    assert f"{SCOPE}/deploy-pipeline-canary.md" in cli.recall(
        f"how do {WORD} rollbacks work?", "m1"
    )
    dreamed = cli.json("dream")
    assert ("merge", "deploy-pipeline.md") in [(o["op"], o["path"]) for o in dreamed["applied"]]
    merged = f"{SCOPE}/deploy-pipeline.md"
    assert not (scope / "deploy-pipeline-canary.md").exists()

    cli.run("forget", merged, "--sha256", cli.sha(merged))

    assert cli.leftovers() == []


def test_a_note_of_a_mounted_folder_forgotten_leaves_no_copy_there_or_in_the_home(
    cli: Cli,
) -> None:
    folder = cli.tmp / "agent" / "memory"  # another agent's memory folder (extraScopes)
    folder.mkdir(parents=True)
    for name, body in (
        ("deploy-pipeline", f"Canary first on the {OLD} hosts."),
        ("releases", "By ops."),
    ):
        (folder / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: {name.replace('-', ' ')} {WORD if 'deploy' in name else ''}\n"
            f"type: project\n---\n{body}\n"
        )
    cli.env["MEMLSP_EXTRA_SCOPES"] = str(folder)
    [note] = [e["path"] for e in cli.json("ls")["entries"] if "deploy" in e["path"]]
    assert note in cli.recall(f"how do {WORD} deploys work?", "f1")
    (folder / "deploy-pipeline.md").write_text(
        (folder / "deploy-pipeline.md").read_text().replace(OLD, "staging")
    )  # the other agent edits it
    assert note in cli.recall(f"which hosts for {WORD} canaries?", "f2")

    cli.run(
        "forget",
        note,
        "--sha256",
        hashlib.sha256((folder / "deploy-pipeline.md").read_bytes()).hexdigest(),
    )

    assert cli.leftovers() == []
    assert copies(folder, WORD, OLD) == []
