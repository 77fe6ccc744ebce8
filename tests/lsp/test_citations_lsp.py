"""Stale citations in the editor, through the protocol (SPEC R19, R29, R30, R36; issue 8).

A real git workspace (tests/core/citation_fixtures.py: Python, TypeScript, Rust and Go
files, a ``git mv`` rename, a deleted file, a renamed function, a moved function) and notes
citing all of them; the server runs as a subprocess driven by pytest-lsp with VS Code's
client capabilities and with a minimal client (no applyEdit, no progress, no dynamic
registration).

Acceptance 1: every stale citation is published at its exact range (UTF-16 columns) with
its code, nothing live is flagged, the rename is offered as a quick fix with the new path.
Acceptance 4: the quick fix changes the note on disk atomically and the diagnostic goes
away. Incremental: deleting a workspace file produces a new diagnostic. Hovers, R19 recall,
``memory/list``'s stale counts, verified forget as a quick fix.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

import pytest
import pytest_asyncio
from lsprotocol import types
from memlsp.core.store import Store
from pygls.exceptions import JsonRpcException
from pytest_lsp.client import LanguageClient, make_test_lsp_client

from tests.core.citation_fixtures import (
    SERVER_GO,
    build_fixture_repo,
    expected_ranges,
    place_fixture_notes,
)

from .conftest import SERVER_CMD, capabilities, error_reason, folder_in_place_of


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    repo = tmp_path_factory.mktemp("pristine") / "repo"
    build_fixture_repo(repo)
    return repo


@dataclass
class H:
    client: LanguageClient
    profile: str
    repo: Path
    home: Path
    scope_root: Path
    jobs: list[Any] = field(default_factory=list)
    registrations: list[Any] = field(default_factory=list)
    applied_edits: list[Any] = field(default_factory=list)
    started: float = 0.0

    def uri(self, name: str) -> str:
        return self.note(name).as_uri()

    def note(self, name: str) -> Path:
        if name == "config-loading.md":
            return self.scope_root / "inbox" / name
        return self.scope_root / name

    def diags(self, name: str) -> list[types.Diagnostic]:
        return list(self.client.diagnostics.get(self.uri(name), []))

    async def request(self, method: str, params: Any = None) -> Any:
        return await self.client.protocol.send_request_async(method, params)

    async def eventually(self, fn, timeout: float = 15.0):
        deadline = time.monotonic() + timeout
        while True:
            value = fn()
            if value or time.monotonic() > deadline:
                return value
            await asyncio.sleep(0.02)

    async def code_actions(self, name: str, diag: types.Diagnostic) -> list[types.CodeAction]:
        """The code actions the server offers for ``diag`` on note ``name``."""
        return await self.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=self.uri(name)),
                range=diag.range,
                context=types.CodeActionContext(diagnostics=[diag]),
            )
        )

    async def command(self, command: types.Command) -> Any:
        return await self.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=command.command, arguments=command.arguments)
        )

    async def hover(self, uri: str, line: int, character: int) -> str | None:
        res = await self.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        )
        return None if res is None else res.contents.value

    def checked(self) -> bool:
        return any(j.kind == "check" and j.state == "done" for j in self.jobs)


def _offset(text: str, pos: types.Position) -> int:
    lines = text.split("\n")
    base = sum(len(line) + 1 for line in lines[: pos.line])
    line = lines[pos.line] if pos.line < len(lines) else ""
    units = cp = 0
    while cp < len(line) and units < pos.character:
        units += 2 if ord(line[cp]) > 0xFFFF else 1
        cp += 1
    return min(base + cp, len(text))


def _apply_to_disk(edit: types.WorkspaceEdit) -> None:
    """What an editor does with the edit and then a save: the test client's applyEdit."""
    changes: list[tuple[str, list[types.TextEdit]]] = []
    for dc in edit.document_changes or []:
        changes.append((dc.text_document.uri, list(dc.edits)))
    for uri, edits in (edit.changes or {}).items():
        changes.append((uri, list(edits)))
    for uri, edits in changes:
        path = Path(uri.removeprefix("file://"))
        text = path.read_text("utf-8")
        for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character))[::-1]:
            a, b = _offset(text, e.range.start), _offset(text, e.range.end)
            text = text[:a] + e.new_text + text[b:]
        tmp = path.with_suffix(".tmp-editor")
        tmp.write_text(text, "utf-8")
        os.replace(tmp, path)


def _fix_code_action_parsing(client: LanguageClient) -> None:
    """lsprotocol structures any code action that has a ``command`` as a Command, even when
    that command is an object (a CodeAction's). Tell them apart as the LSP spec does (a
    Command's ``command`` is a string), as VS Code's client does."""
    converter = client.protocol._converter

    def hook(obj: Any, _: type) -> types.Command | types.CodeAction:
        if isinstance(obj.get("command"), str):
            return converter.structure(obj, types.Command)
        return converter.structure(obj, types.CodeAction)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], hook)  # noqa: UP007


async def start(tmp: Path, pristine: Path, profile: str, **init) -> H:
    repo = tmp / "repo"
    shutil.copytree(pristine, repo, symlinks=True)
    home = tmp / "home"
    scope = place_fixture_notes(Store(home), repo)
    client = make_test_lsp_client()
    _fix_code_action_parsing(client)
    h = H(client, profile, repo, home, scope.root)

    @client.feature("memory/jobStatus")
    def on_job(ls, params):
        h.jobs.append(params)

    @client.feature("memory/notesChanged")
    def on_notes_changed(ls, params):
        pass

    @client.feature("client/registerCapability")
    def on_register(ls, params):
        h.registrations.append(params)

    @client.feature("workspace/applyEdit")
    def on_apply_edit(ls, params: types.ApplyWorkspaceEditParams):
        h.applied_edits.append(params)
        _apply_to_disk(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)

    env = {**os.environ, "MEMLSP_HOME": str(home), "XDG_DATA_HOME": str(tmp / "xdg")}
    env.pop("MEMLSP_ROLLOUT", None)
    h.started = time.monotonic()
    await client.start_io(*SERVER_CMD, env=env, cwd=str(repo))
    await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(profile),
            root_uri=repo.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=repo.as_uri(), name="repo")],
            initialization_options=init or None,
        )
    )
    assert await h.eventually(h.checked), h.jobs
    # Diagnostics follow the job's "done" status.
    assert await h.eventually(lambda: h.diags("billing.md"))
    return h


@pytest_asyncio.fixture(params=["vscode", "minimal"])
async def h(request, tmp_path, pristine):
    harness = await start(tmp_path, pristine, request.param, rollout="on")
    yield harness
    try:
        await asyncio.wait_for(harness.client.shutdown_session(), 10)
    finally:
        await harness.client.stop()


def published(h: H) -> set[tuple]:
    out = set()
    for name in ("billing.md", "webhooks.md", "config-loading.md"):
        for d in h.diags(name):
            assert d.severity == types.DiagnosticSeverity.Warning and d.source == "memlsp"
            assert d.range.start.line == d.range.end.line
            out.add(
                (
                    name,
                    d.code,
                    d.range.start.line,
                    d.range.start.character,
                    d.range.end.character,
                    (d.data or {}).get("suggestion"),
                )
            )
    return out


async def test_every_stale_citation_is_published_at_its_range_and_nothing_else(h):
    """Acceptance 1: exact ranges (the billing note has Chinese text and an emoji before a
    citation), right codes, the new path of renames, no false positive, notes not open."""
    # The check job ends before its last notes are published: wait for the publication.
    await h.eventually(lambda: published(h) == expected_ranges())
    assert published(h) == expected_ranges()
    # The global note cites a file this workspace lacks: not judged, nothing published.
    glob = h.home / "global" / "prefers-small-files.md"
    assert not h.client.diagnostics.get(glob.as_uri())
    job = next(j for j in h.jobs if j.kind == "check" and j.state == "done")
    assert "8 stale citation(s)" in job.message
    if h.profile == "vscode":
        # The start-up check ran as a job with work-done progress, begun and ended.
        kinds = [getattr(r, "kind", None) for rs in h.client.progress_reports.values() for r in rs]
        assert "begin" in kinds and "end" in kinds
        # A watcher on the workspace folder was registered for file events.
        globs = [
            w["globPattern"]
            for reg in h.registrations
            for r in reg.registrations
            if r.method == "workspace/didChangeWatchedFiles"
            for w in r.register_options["watchers"]
        ]
        assert any(
            g == "**/*"
            or (isinstance(g, dict) and g == {"baseUri": h.repo.as_uri(), "pattern": "**/*"})
            for g in globs
        ), globs


async def test_rename_quick_fix_rewrites_the_note_and_the_diagnostic_goes_away(h):
    """Acceptance 1 (the rename offered with the new path) and 4 (applied through the
    protocol: the note changes on disk, atomically, and the diagnostic disappears)."""
    found = await h.eventually(lambda: [d for d in h.diags("billing.md") if d.code == "moved-file"])
    diag = found[0]
    actions = await h.code_actions("billing.md", diag)
    titles = [a.title for a in actions]
    assert titles[0] == "Update citation to `py/config.py`", titles
    assert any(t.startswith("Remove citation `old/config_loader.py`") for t in titles)
    assert any(t.startswith("Forget the note `billing.md`") for t in titles)
    rename = actions[0]
    assert rename.kind == types.CodeActionKind.QuickFix and rename.is_preferred
    before = h.note("billing.md").read_bytes()
    assert rename.command.arguments[0]["sha256"] == hashlib.sha256(before).hexdigest()

    result = await h.command(rename.command)
    if h.profile == "vscode":
        # Sent to the editor as a workspace edit (undo works there); the editor saved it.
        assert result["via"] == "editor" and len(h.applied_edits) == 1
        params = h.applied_edits[0]
        assert params.edit.document_changes[0].edits[0].range.start.line == 7
        # The editor reports the saved file; the server re-checks the note.
        h.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[
                    types.FileEvent(uri=h.uri("billing.md"), type=types.FileChangeType.Changed)
                ]
            )
        )
    else:
        # No applyEdit capability: written on disk by the core, atomically, under the lock.
        assert result["via"] == "disk" and not h.applied_edits
        assert result["sha256"] == hashlib.sha256(h.note("billing.md").read_bytes()).hexdigest()
    after = h.note("billing.md").read_text("utf-8")
    assert after == before.decode().replace(
        "  - path: old/config_loader.py", "  - path: py/config.py"
    )
    assert not [p for p in h.scope_root.rglob("*") if ".tmp" in p.name]

    def gone():
        return not any(d.code == "moved-file" for d in h.diags("billing.md"))

    assert await h.eventually(gone)
    # The other findings of the note stay where they were.
    assert {d.code for d in h.diags("billing.md")} == {"stale-symbol", "stale-file"}


async def test_a_fix_computed_from_old_bytes_is_refused(h):
    found = await h.eventually(lambda: [d for d in h.diags("billing.md") if d.code == "stale-file"])
    diag = found[0]
    actions = await h.code_actions("billing.md", diag)
    remove = next(a for a in actions if a.title.startswith("Remove citation"))
    note = h.note("billing.md")
    note.write_text(note.read_text("utf-8") + "\nEdited by hand.\n", "utf-8")
    with pytest.raises(JsonRpcException) as excinfo:
        await h.command(remove.command)
    assert error_reason(excinfo) == "note-changed"
    assert note.read_text("utf-8").endswith("Edited by hand.\n")
    assert not h.applied_edits


async def test_deleting_a_workspace_file_produces_a_new_diagnostic(h):
    """Incremental: one deletion re-checks the notes citing the file (and its symbols)."""
    assert not any(
        d.code == "stale-file" and d.range.start.line == 9 for d in h.diags("webhooks.md")
    )
    target = h.repo / "go" / "server.go"
    target.unlink()
    h.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=target.as_uri(), type=types.FileChangeType.Deleted)]
        )
    )

    def new_ones():
        return {
            (d.code, d.range.start.line) for d in h.diags("webhooks.md") if d.range.start.line == 9
        }

    assert await h.eventually(lambda: ("stale-file", 9) in new_ones())
    line = h.note("webhooks.md").read_text("utf-8").split("\n")[9]
    d = next(
        d for d in h.diags("webhooks.md") if d.code == "stale-file" and d.range.start.line == 9
    )
    assert line[d.range.start.character : d.range.end.character] == "go/server.go"
    # Restoring the file clears it again.
    target.write_text(SERVER_GO, "utf-8")
    h.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=target.as_uri(), type=types.FileChangeType.Created)]
        )
    )
    assert await h.eventually(lambda: ("stale-file", 9) not in new_ones())


async def test_hover_on_citations_and_frontmatter(h):
    moved = await h.hover(h.uri("billing.md"), 7, 12)
    assert "moved-file" in moved and "`py/config.py`" in moved
    assert "renamed to `py/config.py`" in moved and "rename config loader" in moved
    live = await h.hover(h.uri("webhooks.md"), 5, 28)  # `send_with_backoff`
    assert "exists in the workspace" in live and "src/webhooks.rs:" in live
    assert "Last commit touching it" in live
    deleted = await h.hover(h.uri("billing.md"), 11, 40)
    assert deleted is not None and "deleted in" in deleted, deleted
    front = await h.hover(h.uri("billing.md"), 1, 2)
    assert "type: `project`" in front and "scope: project" in front
    assert "recalled: 0 times" in front and "stale citations: 3" in front
    # Prose outside any citation and outside the frontmatter: no hover.
    assert await h.hover(h.uri("billing.md"), 10, 22) is None


async def test_hover_in_code_lists_the_citing_notes(h):
    """R30: on a symbol a note cites, in the file that defines it; on a file's first line."""
    crypto = (h.repo / "src" / "crypto.rs").as_uri()
    text = await h.hover(crypto, 0, 9)  # verify_signature, moved here from webhooks.rs
    assert text is not None and "webhooks" in text and "moved-symbol" in text
    billing = (h.repo / "py" / "billing.py").as_uri()
    charge = await h.hover(billing, 5, 5)  # def charge
    assert "billing" in charge and "up to date" in charge
    assert await h.hover(billing, 9, 6) is None  # compute_vat: no note cites it
    first = await h.hover(billing, 0, 1)
    assert first is not None and "`py/billing.py`" in first and "billing" in first


async def test_recall_flags_stale_citations_and_list_counts_them(h):
    """R19: injected notes carry their stale citations (symbols too, from the warm
    checker); memory/list's ``stale`` is the checker's count."""
    await h.request("memory/sessionStarted", {"sessionId": "s1", "workspace": str(h.repo)})
    res = await h.request(
        "memory/recall",
        {"sessionId": "s1", "message": "how does billing compute tax and totals?"},
    )
    billing = next(m for m in res.memories if m.name == "billing")
    reasons = {s.reason for s in billing.stale}
    assert {"moved-file", "stale-symbol", "stale-file"} <= reasons
    assert "Stale citation: no definition of `compute_tax`" in res.reminder
    listed = await h.request("memory/list", {"scope": "project", "workspace": str(h.repo)})
    stale = {Path(e.path).name: e.stale for e in listed.entries}
    assert stale == {"billing.md": 3, "webhooks.md": 4, "config-loading.md": 1}
    front = await h.hover(h.uri("billing.md"), 1, 2)
    assert "recalled: 1 time" in front


async def test_forget_quick_fix_removes_the_note_and_its_diagnostics(h):
    # An earlier test in this module may still be re-checking: wait for the diagnostics.
    published = await h.eventually(lambda: h.diags("webhooks.md"))
    assert published, "no diagnostics on webhooks.md"
    diag = published[0]
    actions = await h.code_actions("webhooks.md", diag)
    forget = next(a for a in actions if a.command.command == "memlsp.forgetNote")
    assert forget.command.arguments[0]["path"].endswith("/webhooks.md")
    result = await h.command(forget.command)
    assert result["status"] == "forgotten", result
    assert result["tombstone"]
    assert not h.note("webhooks.md").exists()
    assert await h.eventually(lambda: h.diags("webhooks.md") == [])


async def test_hover_in_code_is_behind_a_setting(tmp_path, pristine):
    h = await start(tmp_path, pristine, "minimal", hover={"inCode": False})
    try:
        billing = (h.repo / "py" / "billing.py").as_uri()
        assert await h.hover(billing, 5, 5) is None
        assert await h.hover(h.uri("billing.md"), 7, 12) is not None  # notes still hover
    finally:
        await asyncio.wait_for(h.client.shutdown_session(), 10)
        await h.client.stop()


async def test_a_fix_on_disk_while_memory_md_is_a_folder_answers_with_a_warning(h):
    # MEMORY.md is derived from the notes (R5): the fix written on disk stands and the
    # command's answer carries a warning, not an error after the note was rewritten
    found = await h.eventually(lambda: [d for d in h.diags("billing.md") if d.code == "moved-file"])
    rename = (await h.code_actions("billing.md", found[0]))[0]
    index = h.scope_root / "MEMORY.md"
    folder_in_place_of(index)
    try:
        result = await h.command(rename.command)
        if h.profile == "vscode":  # the editor applies it; its save reaches the watcher
            assert result["via"] == "editor" and "warning" not in result
        else:
            assert result["via"] == "disk" and "MEMORY.md" in result["warning"], result
            assert "  - path: py/config.py" in h.note("billing.md").read_text("utf-8")
    finally:
        index.rmdir()
