"""Issue 15, acceptance 4: one date rewriter on every write path. Each phrase of the table
(tests/core/date_phrases.py: relative dates, durations, nested weeks, and recurring
schedules that must stay as written; English and Chinese) goes through ``remember``,
per-turn extraction and the dream."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.dream import dream
from memlsp.core.extract import Message, extract_turn
from memlsp.core.heuristics import units
from memlsp.core.notes import parse_time
from memlsp.core.remember import remember
from memlsp.core.settings import Settings
from memlsp.core.store import Store
from memlsp.core.text import is_chinese

from tests.core.date_phrases import RECURRING, RESOLVED, SAID_ON
from tests.core.dreamkit import put
from tests.core.test_policy_dates import TABLE

NOW = parse_time(SAID_ON)
TABLE_NOW = dt.datetime(2026, 3, 4, 10, 0, tzinfo=dt.UTC)  # test_policy_dates' clock
assert NOW == TABLE_NOW


def _all_phrases():
    return [p for p, _ in TABLE] + [p for p, _ in RESOLVED] + list(RECURRING)


def test_table_size():
    phrases = _all_phrases()
    assert len(phrases) >= 80
    assert len(RECURRING) >= 20
    assert sum(1 for p in phrases if is_chinese(p)) >= 30


def _texts(store, scope, section=None):
    return "\n".join(
        e.file.read_text("utf-8")
        for e in store.scan(scope).entries
        if (e.section in ("", "inbox") if section is None else e.section == section)
    )


CASES = [(text, expected) for text, expected in [*RESOLVED, *TABLE]] + [
    (text, None) for text in RECURRING
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0][:40] for c in CASES])
def test_remember_rewrites_relative_dates_and_keeps_schedules(tmp_path, text, expected):
    store = Store(tmp_path / "home")
    scope = store.project_scope(tmp_path / "work")
    res = remember(store, scope, text, now=NOW)
    stored = res.entry.file.read_text("utf-8")
    if expected is None:
        assert text in stored
    else:
        assert expected in stored


def _turn(store, scope, text):
    msgs = [Message("user", text, NOW), Message("assistant", "Noted.", NOW)]
    return extract_turn(store, scope, session_id="s1", turn=1, messages=msgs)


def test_extraction_rewrites_relative_dates_and_keeps_schedules(tmp_path):
    problems = []
    # R12: a statement under 3 content units ("双周三发版。") is too small to extract
    cases = [(t, e) for t, e in [*RESOLVED, *((t, None) for t in RECURRING)] if units(t) >= 3]
    assert len(cases) >= 80
    for i, (text, expected) in enumerate(cases):
        store = Store(tmp_path / f"home{i}")
        scope = store.project_scope(tmp_path / f"work{i}")
        res = _turn(store, scope, text)
        stored = _texts(store, scope)
        if not (res.written or res.updated):
            problems.append((text, "not stored", res.skipped))
        elif expected is None and text.rstrip("。.") not in stored:
            problems.append((text, "schedule changed", stored))
        elif expected is not None and expected not in stored:
            problems.append((text, "date not absolute", stored))
    assert problems == []


@pytest.mark.parametrize("batch", ["resolved", "table", "recurring"])
def test_dream_rewrites_inbox_dates_and_keeps_schedules(tmp_path, batch):
    cases = {
        "resolved": RESOLVED,
        "table": TABLE,
        "recurring": [(t, None) for t in RECURRING],
    }[batch]
    store = Store(tmp_path / "home")
    problems = []
    for i, (text, expected) in enumerate(cases):
        scope = store.project_scope(tmp_path / f"w{i}")
        store.ensure_scope(scope)
        put(scope, f"inbox/said-{i}.md", text, text, created=NOW)
        result = dream(
            store, scope, now=NOW + dt.timedelta(days=2), force=True, settings=Settings()
        )
        topics = _texts(store, scope, section="")
        if result.status != "applied":
            problems.append((text, result.status))
        elif expected is None and text not in topics:
            problems.append((text, "schedule changed", topics))
        elif expected is not None and expected not in topics:
            problems.append((text, "date not absolute", topics))
    assert problems == []
