"""Concurrent edits of one note on two machines (issue 20, acceptance 2; SPEC R40): a
clean three-way merge, or two notes marked for review — never conflict markers, never a
lost edit. Also: a forget travels as a tombstone and wins over a concurrent edit; a note
deleted on one side and edited on the other keeps the edit; MEMORY.md never travels."""

from __future__ import annotations

from pathlib import Path

import pytest
from memlsp.core.notes import Note, parse_note
from memlsp.core.sync import merge

from tests.core.synckit import BRANCH, Team, git, markers

BODY = "\n".join(f"Line {i}: the release checklist step {i}." for i in range(1, 9)) + "\n"


@pytest.fixture(autouse=True)
def own_homes(monkeypatch):
    monkeypatch.delenv("MEMLSP_HOME", raising=False)


@pytest.fixture
def pair(tmp_path: Path):
    team = Team(tmp_path, ("ada", "bo"))
    ada, bo = team.members
    note = Note("release-checklist", "The release checklist of the app", "project", BODY)
    ada.store.write_note(ada.scope, note, section="")
    ada.sync()
    bo.sync()
    assert "release-checklist.md" in bo.topic_notes()
    return team


def edit(member, old: str, new: str) -> None:
    def change(note: Note) -> Note:
        assert old in note.body
        note.body = note.body.replace(old, new)
        return note

    member.store.update_note(member.rel("release-checklist.md"), change)


def test_edits_of_different_lines_merge_cleanly(pair):
    ada, bo = pair.members
    edit(ada, "step 2.", "step 2, signed off by the lead.")
    edit(bo, "step 7.", "step 7, after the smoke test.")
    ada.sync()
    result = bo.sync()
    ada.sync()
    assert result.merged == 1 and not result.conflicts
    for member in pair.members:
        notes = member.topic_notes()
        assert list(notes) == ["release-checklist.md"]
        text = notes["release-checklist.md"].decode()
        assert "signed off by the lead" in text and "after the smoke test" in text
        assert not markers(text)
    assert ada.topic_notes() == bo.topic_notes()
    assert "MEMORY.md" not in git(pair.root, "--git-dir", str(pair.remote), "ls-tree", "-r",
                                  "--name-only", BRANCH)  # fmt: skip


def test_edits_of_the_same_line_keep_both_versions_for_review(pair):
    ada, bo = pair.members
    edit(ada, "step 4.", "step 4, done by Ada's way.")
    edit(bo, "step 4.", "step 4, done by Bo's way.")
    ada.sync()
    result = bo.sync()
    ada.sync()
    assert len(result.conflicts) == 2
    assert ada.topic_notes() == bo.topic_notes()
    notes = {n: d.decode() for n, d in ada.topic_notes().items()}
    assert len(notes) == 2
    assert not any(markers(t) for t in notes.values())
    everything = "\n".join(notes.values())
    assert "Ada's way" in everything and "Bo's way" in everything  # no edit lost
    copy = next(n for n in notes if n != "release-checklist.md")
    original = parse_note(notes["release-checklist.md"].encode())
    duplicate = parse_note(notes[copy].encode(), stem=copy[:-3])
    assert original.meta[merge.CONFLICT_WITH] == copy[:-3]
    assert duplicate.meta[merge.CONFLICT_OF] == "release-checklist"
    assert duplicate.name == copy[:-3]
    status = ada.service.sync_status()
    assert sorted(status.conflicts) == sorted(n[:-3] for n in notes)
    assert status.state == "conflict"


def test_same_description_changed_two_ways_is_a_conflict_not_a_pick(pair):
    ada, bo = pair.members

    def describe(member, text):
        def change(note: Note) -> Note:
            note.description = text
            return note

        member.store.update_note(member.rel("release-checklist.md"), change)

    describe(ada, "The release checklist, owned by Ada")
    describe(bo, "The release checklist, owned by Bo")
    ada.sync()
    assert len(bo.sync().conflicts) == 2
    ada.sync()
    descriptions = {parse_note(d).description for d in ada.topic_notes().values()}
    assert descriptions == {
        "The release checklist, owned by Ada",
        "The release checklist, owned by Bo",
    }


def test_a_forget_wins_over_a_concurrent_edit_and_is_never_resurrected(pair):
    ada, bo = pair.members
    text = ada.service.read(ada.rel("release-checklist.md"))
    ada.service.forget(ada.rel("release-checklist.md"), text.sha256)
    edit(bo, "step 5.", "step 5, reworded on Bo's laptop.")
    ada.sync()
    result = bo.sync()
    assert result.forgotten == 1
    ada.sync()
    for member in pair.members:
        assert member.topic_notes() == {}
    # the tombstone reached Bo's own records: extraction will not learn it again
    tombs = (bo.scope.state_dir / "tombstones.jsonl").read_text()
    assert '"origin": "sync"' in tombs
    # Bo's old copy of the branch cannot bring it back either
    bo.sync()
    ada.sync()
    assert ada.topic_notes() == {} and bo.topic_notes() == {}


def test_a_note_deleted_on_one_side_and_edited_on_the_other_keeps_the_edit(pair):
    ada, bo = pair.members
    (ada.scope.root / "release-checklist.md").unlink()  # removed by hand, not forgotten
    edit(bo, "step 3.", "step 3, still needed.")
    ada.sync()
    bo.sync()
    ada.sync()
    for member in pair.members:
        assert "still needed" in member.topic_notes()["release-checklist.md"].decode()


def test_provenance_is_stamped_on_what_a_machine_changes(pair):
    ada, bo = pair.members
    edit(bo, "step 1.", "step 1, checked.")
    bo.sync()
    note = parse_note(bo.topic_notes()["release-checklist.md"])
    prov = note.meta["provenance"]
    assert set(prov) >= {"by", "machine", "at"}
    ada.sync()
    assert ada.topic_notes() == bo.topic_notes()


def test_merge_text_never_returns_markers():
    base = "a\nb\nc\n"
    merged, clean = merge.merge_text(base, "a\nB1\nc\n", "a\nB2\nc\n")
    assert not clean and merged == "a\nB1\nc\n"
    merged, clean = merge.merge_text(base, "A\nb\nc\n", "a\nb\nC\n")
    assert clean and merged == "A\nb\nC\n"
