"""Issue 15, "Forgetting reaches every copy": a verified forget, a best-effort forget and a
forget asked for in chat also remove the fact from the session records that quote it,
through the verified path, and report each file changed; ``forget`` takes the note
references ``show`` takes."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.autosave import autosave_session
from memlsp.core.extract import Message, extract_turn
from memlsp.core.service import MemoryService
from memlsp.core.settings import Settings

T0 = dt.datetime(2026, 5, 5, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def svc(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    service = MemoryService(Settings(home=str(tmp_path / "home")), default_folder=lambda: work)
    return service, work


def _session(service, ident, prompts, at=T0):
    store, scope = service.store, service.project_scope()
    msgs = []
    for text in prompts:
        msgs += [Message("user", text, at), Message("assistant", "OK.", at)]
    res = autosave_session(store, scope, session_id=ident, messages=msgs, now=at)
    assert res.path, res.skipped
    return res.path


def _text(service, rel):
    return (service.store.home / rel).read_text("utf-8")


def test_verified_forget_removes_the_quotes_and_reports_them(svc):
    service, _ = svc
    remembered = service.remember("Use pnpm, not npm, in the launcher repo.")
    mixed = _session(
        service,
        "mixed",
        [
            "no, use pnpm not npm for the launcher repo",
            "add a settings screen for the garage colours",
            "make the garage colour picker remember the last choice",
        ],
    )
    only = _session(
        service,
        "only",
        [
            "again: pnpm, not npm, in the launcher repo please",
            "pnpm not npm in the launcher, I said it twice now",
            "why did the launcher build use npm again instead of pnpm",
        ],
        at=T0 + dt.timedelta(hours=1),
    )
    note = service.read(remembered.path)
    # forget takes what `show` takes: here the note's name
    name = remembered.path.rsplit("/", 1)[1].removesuffix(".md")
    result = service.forget(name, note.sha256)
    assert result.status == "forgotten" and result.path == remembered.path
    assert set(result.redacted) == {mixed, only}
    assert "pnpm" not in _text(service, mixed) and "garage colour" in _text(service, mixed)
    assert not (service.store.home / only).exists()  # nothing left in it: forgotten too
    listed = {e.path for e in service.list_notes().entries}
    assert only not in listed and remembered.path not in listed


def test_forget_matching_with_yes_removes_quotes(svc):
    service, _ = svc
    service.remember("The staging lobby is wiped every night at 03:00.")
    rec = _session(
        service,
        "s1",
        [
            "remember the staging lobby is wiped every night",
            "now rename the matchmaking queue metrics",
            "and add a dashboard panel for queue depth",
        ],
    )
    report = service.forget_matching("staging lobby", confirm=True)
    gone = {r.path for r in report.forgotten} | set(report.redacted)
    assert rec in gone and len(report.forgotten) >= 1
    left = [e.file.read_text("utf-8") for e in service.store.scan_all().entries]
    assert not any("staging lobby" in text.lower() for text in left)


def test_forget_in_chat_reaches_every_note_and_record(svc):
    service, _ = svc
    store, scope = service.store, service.project_scope()
    service.remember("The staging lobby is wiped every night at 03:00.")
    service.remember("Never run load tests against the staging lobby during playtests.")
    service.remember("Replays are kept for 30 days.")
    rec = _session(
        service,
        "s1",
        [
            "the staging lobby gets wiped at night, keep that in mind",
            "replays are kept for thirty days",
            "now add a replay browser screen",
        ],
    )
    msgs = [
        Message("user", "Please forget what I said about the staging lobby.", T0),
        Message("assistant", "Done.", T0),
    ]
    res = extract_turn(store, scope, session_id="s2", turn=1, messages=msgs)
    assert res.forget_target_found
    left = [e.note.body for e in store.scan(scope).entries if e.section in ("", "inbox")]
    assert not any("staging lobby" in body for body in left)
    assert any("Replays are kept" in body for body in left)
    assert rec in res.updated and "staging lobby" not in _text(service, rec)
    assert "replays are kept" in _text(service, rec)
