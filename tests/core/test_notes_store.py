"""Notes (R4), the index (R5) and check-before-write (R10) on a real memory home."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from memlsp.core import memory_md
from memlsp.core.errors import InvalidNoteError, NoteFormatError
from memlsp.core.notes import Note, parse_note
from memlsp.core.remember import remember
from memlsp.core.store import Store


def note(name: str, desc: str, type_: str = "feedback", body: str = "Body.") -> Note:
    return Note(name=name, description=desc, type=type_, body=body)


def test_write_then_read_round_trip(store: Store) -> None:
    scope = store.global_scope()
    res = store.write_note(scope, note("use-bun", "Use bun, not npm"), section="")
    assert res.action == "created"
    assert res.path == "global/use-bun.md"
    parsed = parse_note((store.home / res.path).read_bytes(), stem="use-bun")
    assert (parsed.name, parsed.description, parsed.type) == (
        "use-bun",
        "Use bun, not npm",
        "feedback",
    )
    assert parsed.created is not None


def test_unknown_keys_survive_a_rewrite(store: Store) -> None:
    scope = store.ensure_scope(store.global_scope())
    path = scope.root / "team-rule.md"
    path.write_text(
        "---\nname: team-rule\ndescription: Old line\ntype: project\n"
        "owner: platform-team\nextra:\n  nested: [1, 2]\n---\nBody\n"
    )
    store.update_note(
        "global/team-rule.md", lambda n: Note(n.name, "New line", n.type, n.body, n.meta)
    )
    parsed = parse_note(path.read_bytes(), stem="team-rule")
    assert parsed.description == "New line"
    assert parsed.meta["owner"] == "platform-team"
    assert parsed.meta["extra"] == {"nested": [1, 2]}


def test_folder_written_by_another_agent_reads_as_is(store: Store) -> None:
    scope = store.ensure_scope(store.global_scope())
    (scope.root / "MEMORY.md").write_text("- [Tabs](tabs.md): prefers tabs\n")
    (scope.root / "tabs.md").write_text(
        "---\nname: tabs\ndescription: Prefers tabs over spaces\nmetadata:\n  type: feedback\n---\nx\n"
    )
    (scope.root / "role.md").write_text(
        "---\nname: role\ndescription: Senior SRE\ntype: user\n---\nx\n"
    )
    entries = {e.note.name: e for e in store.scan(scope).entries}
    assert entries["tabs"].note.type == "feedback"
    assert entries["role"].note.type == "user"


@pytest.mark.parametrize(
    ("name", "desc", "type_", "reason"),
    [
        ("Bad Name", "d", "user", "bad-name"),
        ("ok", "d", "opinion", "bad-type"),
        ("ok", "", "user", "missing-description"),
        ("ok", "x" * 151, "user", "description-too-long"),
        ("ok", "two\nlines", "user", "description-too-long"),
    ],
)
def test_invalid_notes_are_refused_with_a_reason(store, name, desc, type_, reason) -> None:
    with pytest.raises(InvalidNoteError) as err:
        store.write_note(store.global_scope(), note(name, desc, type_))
    assert err.value.reason == reason
    assert not list((store.home / "global").rglob("*.md"))


def test_check_before_write_updates_instead_of_adding_a_twin(store: Store) -> None:
    scope = store.global_scope()
    first = store.write_note(scope, note("deploy-window", "Deploys only on Tuesdays", body="v1"))
    by_desc = store.write_note(scope, note("other-name", "Deploys only on Tuesdays.", body="v2"))
    by_name = store.write_note(scope, note("deploy-window", "Deploys on Tue and Thu", body="v3"))
    assert by_desc.action == by_name.action == "updated"
    assert first.path == by_desc.path == by_name.path
    entries = store.scan(scope).entries
    assert len(entries) == 1
    assert entries[0].note.body.strip() == "v3"
    assert entries[0].note.meta["created"] == first.entry.note.meta["created"]


def test_same_write_twice_is_unchanged(store: Store) -> None:
    scope = store.global_scope()
    store.write_note(scope, note("a", "Alpha"))
    assert store.write_note(scope, note("a", "Alpha")).action == "unchanged"


def test_remember_lands_in_inbox_with_source(store: Store) -> None:
    res = remember(store, store.global_scope(), "I'm a data scientist who prefers pandas.")
    assert res.path.startswith("global/inbox/")
    assert res.entry.note.type == "user"
    assert res.entry.note.source == "remember"


def test_index_is_regenerated_grouped_and_bounded(store: Store) -> None:
    scope = store.global_scope()
    store.write_note(scope, note("zeta", "A rule", "feedback"), section="")
    store.write_note(scope, note("alpha", "Who I am", "user"))
    long_desc = "word " * 29 + "end"
    store.write_note(
        scope, note("a-very-long-note-name-for-the-index-line", long_desc.strip(), "project")
    )
    text = scope.index_path.read_text()
    lines = text.splitlines()
    assert lines[0] == memory_md.HEADER and "Do not edit" in lines[0]
    assert lines.index("## User") < lines.index("## Feedback") < lines.index("## Project")
    assert "- [zeta](zeta.md) — A rule" in lines
    assert "- [alpha](inbox/alpha.md) — Who I am" in lines
    note_lines = [ln for ln in lines if ln.startswith("- [")]
    assert len(note_lines) == 3 and all(len(ln) <= 150 for ln in note_lines)
    assert any(ln.endswith("…") for ln in note_lines)


def test_budgeted_view_cuts_and_warns() -> None:
    body = "\n".join(f"- [n{i}](n{i}.md) — " + "x" * 120 for i in range(400))
    view = memory_md.budgeted(body)
    lines = view.rstrip("\n").split("\n")
    assert len(lines) <= 200 and len(view.encode()) <= 25_000
    assert "Details belong in the notes" in lines[-1]
    small = "# idx\n- [a](a.md) — b\n"
    assert memory_md.budgeted(small) == small
    wide = "\n".join("- " + "漢" * 140 for _ in range(150))  # bytes bind before lines do
    cut = memory_md.budgeted(wide)
    assert len(cut.encode()) <= 25_000 and "Details belong" in cut


MALFORMED = {
    "broken-yaml.md": (
        b"---\nname: x\ndescription: [unclosed\ntype: user\n---\nbody\n",
        "broken-yaml",
    ),
    "no-frontmatter.md": (b"# Just a heading\n\nNo frontmatter here.\n", "no-frontmatter"),
    "binary.md": (b"---\nname: binary\n\x00\x01\x02\xff", "binary"),
    "huge.md": (
        b"---\nname: huge\ndescription: d\ntype: user\n---\n" + b"a" * (256 * 1024 + 10),
        "too-large",
    ),
    "latin1.md": (
        "---\nname: latin1\ndescription: café\ntype: user\n---\n".encode("latin-1"),
        "invalid-utf8",
    ),
    "list-frontmatter.md": (b"---\n- a\n- b\n---\nbody\n", "frontmatter-not-mapping"),
    "no-type.md": (b"---\nname: no-type\ndescription: d\n---\nbody\n", "bad-type"),
    "no-desc.md": (b"---\nname: no-desc\ntype: user\n---\nbody\n", "missing-description"),
    "empty.md": (b"", "no-frontmatter"),
    "empty-frontmatter.md": (b"---\n---\nbody\n", "empty-frontmatter"),
}


def plant_malformed(folder: Path) -> dict[Path, str]:
    folder.mkdir(parents=True, exist_ok=True)
    digests = {}
    for name, (data, _) in MALFORMED.items():
        (folder / name).write_bytes(data)
        digests[folder / name] = hashlib.sha256(data).hexdigest()
    return digests


def test_malformed_files_are_reported_and_skipped(store: Store) -> None:
    scope = store.ensure_scope(store.global_scope())
    digests = plant_malformed(scope.root)
    store.write_note(scope, note("good", "A good note"))
    res = store.scan(scope)
    assert [e.note.name for e in res.entries] == ["good"]
    reasons = {Path(p.path).name: p.reason for p in res.problems if p.severity == "error"}
    assert reasons == {name: reason for name, (_, reason) in MALFORMED.items()}
    for path, digest in digests.items():
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest


@pytest.mark.parametrize(("name", "case"), list(MALFORMED.items()))
def test_parse_note_raises_typed_errors(name, case) -> None:
    data, reason = case
    with pytest.raises(NoteFormatError) as err:
        parse_note(data, stem=Path(name).stem)
    assert err.value.reason == reason


def test_symlink_and_directory_named_like_notes_are_skipped(store: Store, tmp_path: Path) -> None:
    scope = store.ensure_scope(store.global_scope())
    outside = tmp_path / "outside.md"
    outside.write_text("---\nname: outside\ndescription: d\ntype: user\n---\n")
    (scope.root / "link.md").symlink_to(outside)
    (scope.root / "dir.md").mkdir()
    res = store.scan(scope)
    assert res.entries == []
    assert {p.reason for p in res.problems} == {"not-a-file"}


def test_update_note_saves_the_note_when_memory_md_cannot_be_written(store: Store) -> None:
    # R5/R6: MEMORY.md is derived from the notes; a folder in its place must not turn a saved
    # note into an error (as write_note, the update returns the problem instead of raising)
    scope = store.global_scope()
    store.write_note(scope, note("use-bun", "Use bun, not npm"), section="")
    scope.index_path.unlink()
    scope.index_path.mkdir()
    res = store.update_note(
        "global/use-bun.md", lambda n: Note(n.name, "Use bun, never npm", n.type, n.body, n.meta)
    )
    assert res.action == "updated" and res.path == "global/use-bun.md"
    assert res.index_problem and "MEMORY.md" in res.index_problem
    assert res.warning and "memlsp index" in res.warning
    saved = parse_note((store.home / res.path).read_bytes(), stem="use-bun")
    assert saved.description == "Use bun, never npm"
    scope.index_path.rmdir()
    again = store.update_note("global/use-bun.md", lambda n: n)
    assert again.index_problem is None and again.warning is None
    assert "Use bun, never npm" in scope.index_path.read_text()


def test_a_note_replaced_under_a_new_name_goes_when_memory_md_cannot_be_written(
    store: Store,
) -> None:
    # Extraction rewrites a note under a new name and removes the old one: with a folder in
    # MEMORY.md's place the removal still finishes (and is audited) instead of raising
    # between the delete and its audit record
    from memlsp.core.extract.chat_forget import remove_note

    scope = store.global_scope()
    store.write_note(scope, note("old-name", "Use bun, not npm"), section="")
    (entry,) = store.scan(scope).entries
    scope.index_path.unlink()
    scope.index_path.mkdir()
    assert remove_note(store, entry, by="extraction-update", replaced_by="0" * 64)
    assert not entry.file.exists()
    audit = (scope.state_dir / "audit.jsonl").read_text()
    assert entry.sha256 in audit
