"""Stale-citation checks on a real git repository (SPEC R29, R30, R36).

Acceptance 1 (core part): every stale citation of the fixture is flagged at its exact
range, nothing live is flagged, renames are offered with the new path. Acceptance 4 (core
part): fixes written atomically through the store change the note and clear the finding.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from memlsp.core.citations import Checker, apply_note_text, find_stale
from memlsp.core.errors import MemlspError
from memlsp.core.runtime import Cancelled, CancelToken
from memlsp.core.store import Store

from bench.fixtures.citation_repo import git, write
from tests.core.citation_fixtures import (
    EXPECTED,
    NOTE_BILLING,
    NOTE_WEBHOOKS,
    build_fixture_repo,
    note_texts,
    place_fixture_notes,
)


def u16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@pytest.fixture(scope="module")
def pristine_repo(tmp_path_factory) -> Path:
    repo = tmp_path_factory.mktemp("pristine") / "repo"
    build_fixture_repo(repo)
    return repo


@pytest.fixture
def env(tmp_path, monkeypatch, pristine_repo):
    repo = tmp_path / "repo"
    shutil.copytree(pristine_repo, repo, symlinks=True)
    home = tmp_path / "home"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    store = Store(home)
    return repo, store, place_fixture_notes(store, repo)


def expected_findings():
    """EXPECTED with ranges computed independently from the note text (UTF-16 columns)."""
    out = set()
    for name, code, line, cited, suggestion in EXPECTED:
        text = note_texts()[name].split("\n")[line]
        cp = text.index(cited)
        out.add((name, code, line, u16(text[:cp]), u16(text[:cp]) + u16(cited), suggestion))
    return out


def test_every_stale_citation_flagged_at_its_range_and_nothing_else(env):
    repo, store, scope = env
    report = Checker(repo, store).check_all()
    got = {
        (
            f.note.rsplit("/", 1)[-1],
            f.code,
            f.range.line,
            f.range.start,
            f.range.end,
            f.suggestion,
        )
        for f in report.findings
    }
    assert got == expected_findings()
    assert all(f.severity == "warning" for f in report.findings)
    assert {f.note for f in report.findings} <= {
        f"{scope.rel}/billing.md",
        f"{scope.rel}/webhooks.md",
        f"{scope.rel}/inbox/config-loading.md",
    }


def test_chinese_line_columns_are_utf16(env):
    repo, store, scope = env
    report = Checker(repo, store).check_all()
    (deleted,) = [f for f in report.findings if f.code == "stale-file" and "legacy" in f.message]
    # 计费逻辑在 `py/billing.py:6` 里 😀，旧的 `legacy/old_util.go`: the emoji is 2 UTF-16 units.
    assert (deleted.range.line, deleted.range.start, deleted.range.end) == (11, 33, 51)
    assert (deleted.range.start_cp, deleted.range.end_cp) == (32, 50)


def test_history_names_the_commit_and_offers_the_new_path(env):
    repo, store, _ = env
    report = Checker(repo, store).check_all()
    head = git(repo, "rev-parse", "HEAD").strip()
    moved = [f for f in report.findings if f.code == "moved-file"]
    assert moved and all(f.suggestion == "py/config.py" for f in moved)
    assert all(f.event is not None and f.event.commit.sha == head for f in moved)
    assert all(head[:8] in f.message and "renamed to `py/config.py`" in f.message for f in moved)
    (gone,) = [f for f in report.findings if "legacy/old_util.go" in f.message]
    assert gone.event.kind == "deleted" and "deleted in" in gone.message


def test_global_notes_are_not_judged_against_the_workspace(env):
    repo, store, _ = env
    report = Checker(repo, store).check_all()
    assert not [f for f in report.findings if f.note.startswith("global/")]
    judged = Checker(repo, store, check_global_citations=True).check_all()
    assert [f.code for f in judged.findings if f.note.startswith("global/")] == ["stale-file"]


def test_index_problems(env):
    repo, store, scope = env
    big = "---\nname: big\ndescription: A large note\ntype: project\n---\n" + "x" * 5000 + "\n"
    write(scope.root / "big.md", big)
    write(scope.root / "inbox" / "billing.md", NOTE_BILLING)  # same name as the topic note
    store.rebuild_index(scope)
    index = scope.index_path.read_text()
    write(scope.index_path, index + "- [ghost](ghost.md) — gone\n")
    report = Checker(repo, store).check_all()
    codes = {(p.path.rsplit("/", 1)[-1], p.code) for p in report.index_problems}
    assert ("big.md", "note-too-large") in codes
    assert ("billing.md", "duplicate-name") in codes
    assert ("MEMORY.md", "index-missing-note") in codes
    (ghost,) = [p for p in report.index_problems if p.code == "index-missing-note"]
    line = scope.index_path.read_text().split("\n")[ghost.range.line]
    assert line[ghost.range.start_cp : ghost.range.end_cp] == "ghost.md"
    assert "index-over-budget" not in {p.code for p in report.index_problems}
    lines = [f"- [n{i}](n{i}.md) — x" for i in range(250)]
    write(scope.index_path, "\n".join(lines) + "\n")
    report = Checker(repo, store).check_all()
    assert "index-over-budget" in {p.code for p in report.index_problems}


def test_incremental_file_events_return_only_affected_notes(env):
    repo, store, scope = env
    checker = Checker(repo, store)
    checker.check_all()
    billing = f"{scope.rel}/billing.md"
    webhooks = f"{scope.rel}/webhooks.md"
    # Deleting a cited live file: only the note citing it changes.
    (repo / "go/server.go").unlink()
    changed = checker.on_files_changed(deleted=[str(repo / "go/server.go")])
    assert changed == {webhooks}
    new_codes = {f.citation.label for f in checker.findings_for(webhooks)}
    assert {"go/server.go", "go/server.go#NewServer"} <= new_codes
    # `Server.Handle`: once nothing defines `Server`, the name reads as a library's
    # (documented limit: qualified names are only judged when the qualifier is known).
    assert "Server.Handle" not in new_codes
    # Restoring it clears them again.
    git(repo, "checkout", "--", "go/server.go")
    assert checker.on_files_changed(created=["go/server.go"]) == {webhooks}
    assert "go/server.go#NewServer" not in {
        f.citation.label for f in checker.findings_for(webhooks)
    }
    # A rename event (not committed yet) is offered as the new path at once.
    (repo / "py").joinpath("billing.py").rename(repo / "py/payments.py")
    changed = checker.on_files_changed(renamed=[("py/billing.py", "py/payments.py")])
    assert billing in changed
    moved = [f for f in checker.findings_for(billing) if f.code == "moved-file"]
    assert "py/payments.py" in {f.suggestion for f in moved}
    # Editing a file so that a cited function appears resolves the stale symbol.
    src = (repo / "py/payments.py").read_text() + "\n\ndef compute_tax(a):\n    return a\n"
    (repo / "py/payments.py").write_text(src)
    changed = checker.on_files_changed(changed=["py/payments.py"])
    assert billing in changed
    assert "compute_tax" not in {f.citation.label for f in checker.findings_for(billing)}


def test_incremental_note_changes(env):
    repo, store, scope = env
    checker = Checker(repo, store)
    checker.check_all()
    webhooks = f"{scope.rel}/webhooks.md"
    before = len(checker.findings_for(webhooks))
    path = scope.root / "webhooks.md"
    path.write_text(NOTE_WEBHOOKS + "Also `missing/file.rs`.\n")
    assert webhooks in checker.on_notes_changed([str(path)])
    assert len(checker.findings_for(webhooks)) == before + 1
    path.unlink()
    assert webhooks in checker.on_notes_changed([webhooks])
    assert checker.findings_for(webhooks) == []
    new = scope.root / "inbox" / "fresh.md"
    write(new, "---\nname: fresh\ndescription: d\ntype: project\n---\n`nope.py`\n")
    assert f"{scope.rel}/inbox/fresh.md" in checker.on_notes_changed([str(new)])


def test_notes_citing_a_file_and_a_symbol(env):
    repo, store, scope = env
    checker = Checker(repo, store)
    checker.check_all()
    by_file = checker.notes_citing(path=str(repo / "src/webhooks.rs"))
    assert {c.note.rsplit("/", 1)[-1] for c in by_file} == {"webhooks.md"}
    by_symbol = checker.notes_citing(symbol="Dispatcher.dispatch")
    assert [c.citation.symbol for c in by_symbol] == ["Dispatcher::dispatch"]
    stale = checker.notes_citing(symbol="compute_tax")
    assert stale and stale[0].finding is not None and stale[0].finding.code == "stale-symbol"
    moved = checker.notes_citing(path="old/config_loader.py")
    assert {c.finding.code for c in moved} == {"moved-file"}


def test_hover_status_and_citation_at(env):
    repo, store, scope = env
    checker = Checker(repo, store)
    checker.check_all()
    note = f"{scope.rel}/webhooks.md"
    line = NOTE_WEBHOOKS.split("\n")[5]
    c = checker.citation_at(note, 5, line.index("send_with_backoff") + 2)
    assert c is not None and c.symbol == "send_with_backoff" and c.path == "src/webhooks.rs"
    status = checker.status(note, c)
    assert status.exists and status.finding is None
    assert [(d.path, d.line) for d in status.definitions] == [("src/webhooks.rs", 7)]
    assert status.last_commit is not None and status.last_commit.subject.startswith("rename")


def test_fix_rename_and_remove_apply_atomically_and_clear_findings(env):
    repo, store, scope = env
    checker = Checker(repo, store)
    report = checker.check_all()
    billing = f"{scope.rel}/billing.md"
    (moved,) = [f for f in report.findings if f.note == billing and f.code == "moved-file"]
    changed = checker.apply_fix(billing, moved, "rename")
    assert billing in changed
    text = (scope.root / "billing.md").read_text()
    assert "  - path: py/config.py\n" in text and "old/config_loader.py" not in text
    assert all(f.code != "moved-file" for f in checker.findings_for(billing))
    # Remove the deleted-file mention from the Chinese line.
    (gone,) = [f for f in checker.findings_for(billing) if f.code == "stale-file"]
    checker.apply_fix(billing, gone, "remove")
    text = (scope.root / "billing.md").read_text()
    assert "legacy/old_util.go" not in text and "旧的 已删除" in text
    assert not [f for f in checker.findings_for(billing) if f.code == "stale-file"]
    # A fresh full check agrees, and the index was regenerated by the store.
    assert not [
        f for f in find_stale(store, repo).findings if f.note == billing and "file" in f.code
    ]
    assert "billing" in scope.index_path.read_text()


def test_fix_remove_drops_a_refs_item_and_a_moved_symbol_fix_updates_the_path(env):
    repo, store, scope = env
    checker = Checker(repo, store)
    checker.check_all()
    billing = f"{scope.rel}/billing.md"
    (moved,) = [f for f in checker.findings_for(billing) if f.code == "moved-file"]
    new_text = checker.fix_remove(billing, moved)
    assert "old/config_loader.py" not in new_text
    assert "  - path: py/billing.py\n    symbol: charge\n---" in new_text
    webhooks = f"{scope.rel}/webhooks.md"
    (msym,) = [f for f in checker.findings_for(webhooks) if f.code == "moved-symbol"]
    fixed = checker.fix_rename(webhooks, msym)
    assert "`verify_signature()` in `src/crypto.rs`" in fixed
    apply_note_text(store, webhooks, fixed)
    checker.on_notes_changed([webhooks])
    assert not [f for f in checker.findings_for(webhooks) if f.code == "moved-symbol"]


def test_fixes_refuse_when_the_note_changed(env):
    repo, store, scope = env
    checker = Checker(repo, store)
    checker.check_all()
    billing = f"{scope.rel}/billing.md"
    (moved,) = [f for f in checker.findings_for(billing) if f.code == "moved-file"]
    path = scope.root / "billing.md"
    path.write_text(NOTE_BILLING.replace("refs:\n", "refs:\n  - path: py/extra.py\n"))
    before = path.read_bytes()
    with pytest.raises(MemlspError) as err:
        checker.apply_fix(billing, moved, "rename")
    assert err.value.reason == "stale-finding"
    assert path.read_bytes() == before
    with pytest.raises(MemlspError) as err:
        apply_note_text(store, billing, NOTE_BILLING, expected_sha256="0" * 64)
    assert err.value.reason == "note-changed"
    with pytest.raises(MemlspError):
        apply_note_text(store, billing, "no frontmatter at all\n")
    assert path.read_bytes() == before


def test_warm_cache_reparses_only_changed_files(env):
    repo, store, _ = env
    first = Checker(repo, store)
    first.check_all()
    assert first.symbols.stats["parsed"] >= 5
    (repo / "web/client.ts").write_text("export function fresh(): void {}\n")
    second = Checker(repo, store)
    second.check_all()
    assert second.symbols.stats["loaded_from_cache"]
    assert second.symbols.stats["parsed"] == 1
    assert [d.path for d in second.symbols.definitions("fresh")] == ["web/client.ts"]


def test_non_git_folder_is_walked_with_an_ignore_list(tmp_path, monkeypatch):
    ws = tmp_path / "plain"
    write(ws / "src/app.py", "def main_loop():\n    pass\n")
    write(ws / "node_modules/dep/index.js", "function dep() {}\n")
    home = tmp_path / "home"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    store = Store(home)
    scope = store.ensure_scope(store.project_scope(ws))
    body = "`main_loop()` in `src/app.py`; `node_modules/dep/index.js`; `dep()`.\n"
    write(scope.root / "n.md", "---\nname: n\ndescription: d\ntype: project\n---\n" + body)
    report = Checker(ws, store, cache_file=False).check_all()
    assert sorted((f.code, f.citation.label) for f in report.findings) == [
        ("stale-file", "node_modules/dep/index.js"),
        ("stale-symbol", "dep"),
    ]


def test_scope_change_rereads_only_changed_notes_and_reports_them(env):
    """The server's watcher knows a scope changed, not which note: the checker finds out."""
    repo, store, scope = env
    checker = Checker(repo, store)
    checker.check_all()
    assert checker.on_scopes_changed([scope.rel]) == set()  # nothing changed
    billing = scope.root / "billing.md"
    billing.write_text(NOTE_BILLING.replace("`compute_tax()`", "`compute_vat()`"), "utf-8")
    (scope.root / "webhooks.md").unlink()
    changed = checker.on_scopes_changed([scope.rel])
    # MEMORY.md (not regenerated yet) now points to a missing note: its problems changed too.
    index = f"{scope.rel}/MEMORY.md"
    assert changed == {f"{scope.rel}/billing.md", f"{scope.rel}/webhooks.md", index}
    assert [p.code for p in checker.index_problems_for(index)] == ["index-missing-note"]
    assert {f.code for f in checker.findings_for(f"{scope.rel}/billing.md")} == {
        "moved-file",
        "stale-file",
    }
    assert checker.findings_for(f"{scope.rel}/webhooks.md") == []


def test_notes_citing_code_keeps_to_the_file_that_defines_the_symbol(env):
    """R30 in code: hovering `verify_signature` in crypto.rs (where it moved) finds the
    note; the same name in another file does not; the file's own citations on request."""
    repo, store, scope = env
    checker = Checker(repo, store)
    checker.check_all()
    moved = checker.notes_citing_code(str(repo / "src/crypto.rs"), "verify_signature")
    assert [h.note.rsplit("/", 1)[-1] for h in moved] == ["webhooks.md"]
    assert moved[0].finding is not None and moved[0].finding.code == "moved-symbol"
    assert checker.notes_citing_code(str(repo / "web/client.ts"), "verify_signature") == []
    charge = checker.notes_citing_code(str(repo / "py/billing.py"), "charge")
    assert [h.finding for h in charge] == [None]
    whole = checker.notes_citing_code(str(repo / "py/billing.py"))
    assert {h.citation.symbol for h in whole} == {"charge", "compute_tax"}
    assert checker.notes_citing_code("/elsewhere/x.py", "charge") == []


def test_finding_at_and_judged(env):
    repo, store, scope = env
    checker = Checker(repo, store)
    report = checker.check_all()
    f = report.findings[0]
    assert checker.finding_at(f.note, f.code, f.range.line, f.range.start) == f
    assert checker.finding_at(f.note, "stale-file", f.range.line, f.range.start + 1) is None
    assert checker.judged(f.note)
    assert not checker.judged("global/prefers-small-files.md")


def test_check_all_reports_progress_and_stops_on_its_cancel_token(env):
    repo, store, _ = env
    checker = Checker(repo, store, cache_file=False)
    heard: list[tuple[str | None, int | None]] = []
    first = checker.check_all(progress=lambda m=None, p=None: heard.append((m, p)))
    assert heard[0] == ("indexing symbols: 0/6 files", 0)
    assert heard[-1] == ("checking notes", 90)
    token = CancelToken()
    token.cancel()
    write(repo / "py/extra.py", "def compute_tax(amount):\n    return amount\n")
    with pytest.raises(Cancelled):
        checker.check_all(cancel=token)
    # A cancelled check keeps the previous answers: a half-built index judges nothing.
    assert checker.report().findings == first.findings
