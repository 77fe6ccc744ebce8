"""``memlsp browse`` driven by textual's own test pilot (issue 17, acceptance 5): the tree of
scopes and notes with stale badges, the filter, the read-only preview, and verified forget
behind a confirmation — over a real memory home and a real git workspace."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from memlsp.agents.browse import BrowseApp, ConfirmForget
from memlsp.core.service import MemoryService, NoteRecord
from memlsp.core.settings import load_settings
from memlsp.core.store import Store
from textual.widgets import Input, TextArea, Tree


def note_text(name: str, description: str, type_: str, body: str = "") -> str:
    return f"---\nname: {name}\ndescription: {description}\ntype: {type_}\n---\n{body}\n"


@pytest.fixture
def home(make_repo, memlsp_home: Path):
    repo = make_repo(origin="git@github.com:Example-Org/Shop.git")
    (repo / "billing.py").write_text("def export_invoices():\n    return []\n")
    store = Store(memlsp_home)
    project = store.ensure_scope(store.project_scope(repo))
    glob = store.ensure_scope(store.global_scope())
    files = {
        "billing": project.root / "billing-owner.md",
        "cron": project.root / "old-cron.md",
        "bun": project.root / "inbox" / "use-bun.md",
        "session": project.root / "sessions" / "20261201T100000Z-abc.md",
        "terse": glob.root / "terse.md",
    }
    files["billing"].write_text(
        note_text("billing-owner", "Billing is owned by payments", "project", "See `billing.py`.")
    )
    files["cron"].write_text(
        note_text("old-cron", "The export cron schedule", "reference", "In `cron/old.py`.")
    )
    files["bun"].write_text(note_text("use-bun", "Use bun, not npm, for scripts", "feedback"))
    files["session"].write_text(
        note_text("20261201t100000z-abc", "Session of 2026-12-01 with 4 prompts", "project")
    )
    files["terse"].write_text(note_text("terse", "Prefers [bold]terse[/bold] answers", "user"))
    store.rebuild_index(project)
    store.rebuild_index(glob)
    service = MemoryService(load_settings(), default_folder=lambda: repo)
    return service, project, files


def leaves(app: BrowseApp) -> dict[str, object]:
    tree = app.query_one("#notes", Tree)
    return {
        leaf.data.name: leaf
        for group in tree.root.children
        for leaf in group.children
        if isinstance(leaf.data, NoteRecord)
    }


async def settle(app: BrowseApp, pilot) -> None:
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_tree_groups_notes_by_scope_with_type_size_age_and_stale_badge(home) -> None:
    service, project, _ = home
    app = BrowseApp(service)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(app, pilot)
        tree = app.query_one("#notes", Tree)
        groups = [str(g.label).split()[0] for g in tree.root.children]
        assert groups == ["global/", f"{project.rel}/"]
        rows = {name: str(leaf.label) for name, leaf in leaves(app).items()}
        assert "reference" in rows["old-cron"] and "⚠ 1 stale" in rows["old-cron"]
        assert "stale" not in rows["billing-owner"]  # billing.py exists
        assert "session" in rows["20261201t100000z-abc"].split()
        assert "today" in rows["use-bun"] and " B " in rows["use-bun"]
        # markup in a note is shown as text, never interpreted
        tree.move_cursor(leaves(app)["terse"])
        await pilot.pause()
        assert "Prefers [bold]terse[/bold] answers" in app.query_one("#preview", TextArea).text


async def test_the_stale_badge_is_on_screen_in_a_small_terminal(home) -> None:
    service, _, _ = home
    app = BrowseApp(service)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        svg = app.export_screenshot()  # what the terminal shows, as SVG text runs
        screen = html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")
        assert "old-cron" in screen and "1 stale" in screen


async def test_filter_narrows_the_tree_and_escape_clears_it(home) -> None:
    service, _, _ = home
    app = BrowseApp(service, check_citations=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(app, pilot)
        assert len(leaves(app)) == 5
        await pilot.press("slash")
        assert app.focused is app.query_one("#filter", Input)
        await pilot.press(*"bun")
        await pilot.pause()
        assert set(leaves(app)) == {"use-bun"}
        await pilot.press("backspace", "backspace", "backspace", *"session")
        await pilot.pause()
        assert set(leaves(app)) == {"20261201t100000z-abc"}
        await pilot.press(*" nothing-like-this")
        await pilot.pause()
        assert leaves(app) == {}
        assert app.query_one("#preview", TextArea).text == "No notes match."
        await pilot.press("escape")
        await pilot.pause()
        assert len(leaves(app)) == 5


async def test_preview_shows_the_exact_file_read_only(home) -> None:
    service, _, files = home
    app = BrowseApp(service, check_citations=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(app, pilot)
        tree = app.query_one("#notes", Tree)
        tree.move_cursor(leaves(app)["old-cron"])
        await pilot.pause()
        preview = app.query_one("#preview", TextArea)
        assert preview.text == files["cron"].read_text()
        assert preview.read_only
        preview.focus()
        await pilot.press(*"xyz")
        assert preview.text == files["cron"].read_text()
        assert files["cron"].read_text().startswith("---\nname: old-cron\n")


async def test_forget_asks_first_and_deletes_only_after_yes(home) -> None:
    service, project, files = home
    app = BrowseApp(service, check_citations=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(app, pilot)
        tree = app.query_one("#notes", Tree)
        tree.move_cursor(leaves(app)["use-bun"])
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmForget)
        await pilot.press("n")  # keep
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmForget)
        assert files["bun"].exists()
        await pilot.press("d")
        await pilot.pause()
        await pilot.click("#confirm")
        await pilot.pause()
        assert not files["bun"].exists()
        assert "use-bun" not in leaves(app)
        tombstones = (project.state_dir / "tombstones.jsonl").read_text()
        assert tombstones.strip() and "use-bun" not in tombstones  # content-free
        assert "use-bun.md" not in (project.root / "MEMORY.md").read_text()


async def test_forget_is_refused_when_the_note_changed_since_the_preview(home) -> None:
    service, _, files = home
    app = BrowseApp(service, check_citations=False)
    async with app.run_test(size=(140, 40), notifications=True) as pilot:
        await settle(app, pilot)
        app.query_one("#notes", Tree).move_cursor(leaves(app)["billing-owner"])
        await pilot.pause()
        changed = files["billing"].read_text() + "Edited by someone else.\n"
        files["billing"].write_text(changed)  # after the preview read it
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert files["billing"].read_text() == changed  # stale evidence: nothing deleted
        messages = [n.message for n in app._notifications]
        assert any("Not forgotten" in m and "[stale-hash]" in m for m in messages), messages
        assert app.query_one("#preview", TextArea).text == changed  # read again, shown


async def test_forget_on_a_scope_row_asks_for_a_note(home) -> None:
    service, _, files = home
    app = BrowseApp(service, check_citations=False)
    async with app.run_test(size=(140, 40), notifications=True) as pilot:
        await settle(app, pilot)
        tree = app.query_one("#notes", Tree)
        tree.move_cursor(tree.root.children[0])
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmForget)
        assert all(f.exists() for f in files.values())


def test_the_command_refuses_without_a_terminal(home) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "memlsp", "browse"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=os.environ.copy(),
        timeout=60,
    )
    assert proc.returncode == 2 and "[not-a-terminal]" in proc.stderr
