"""Issue 15, acceptance 1: check-before-write never merges two different facts — through
``remember``, per-turn extraction and the dream — and updates a reworded fact where it can.

The corpus (tests/core/fact_pairs.py) is our own: the same fact reworded vs different facts
worded alike, English and Chinese.
"""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.dream import dream
from memlsp.core.extract import Message, extract_turn
from memlsp.core.matching import conflict, same_fact
from memlsp.core.policy.dates import absolutize
from memlsp.core.remember import remember
from memlsp.core.settings import Settings
from memlsp.core.store import Store
from memlsp.core.text import is_chinese

from tests.core.dreamkit import NOW, put
from tests.core.fact_pairs import DIFFERENT, SAME

T0 = dt.datetime(2026, 6, 2, 9, 0, tzinfo=dt.UTC)


def _home(tmp_path, i):
    store = Store(tmp_path / f"home{i}")
    return store, store.project_scope(tmp_path / f"work{i}")


def _stored(text, now):
    """The text as remember stores it (relative dates made absolute)."""
    return absolutize(text, now)


def _live(store, scope):
    return {
        e.path: e.file.read_bytes() for e in store.scan(scope).entries if e.section in ("", "inbox")
    }


def test_corpus_is_large_and_bilingual():
    assert len(DIFFERENT) + len(SAME) >= 150
    assert len(DIFFERENT) >= 75 and len(SAME) >= 60
    zh = [p for p in DIFFERENT + SAME if is_chinese(p[0])]
    assert len(zh) >= 50


def test_the_matcher_never_calls_different_facts_one():
    # even with the loosest overlap bar extraction uses (a superseding statement)
    merged = [(a, b) for a, b in DIFFERENT if same_fact(a, b, min_shared=2, ratio=0.15)]
    assert merged == []
    # a statement that says it replaces something may change a person or a value, never
    # the identifier it is about
    assert (
        conflict(
            "lobby-api is owned by Kestrel.",
            "From now on replay-api is owned by Kestrel.",
            supersede=True,
        )
        == "names"
    )
    assert (
        conflict(
            "Releases are cut by Hana.", "From now on releases are cut by Ivo.", supersede=True
        )
        is None
    )


def test_remember_keeps_both_of_two_different_facts(tmp_path):
    lost = []
    for i, (a, b) in enumerate(DIFFERENT):
        store, scope = _home(tmp_path, i)
        first = remember(store, scope, a, now=T0)
        second = remember(store, scope, b, now=T0 + dt.timedelta(minutes=5))
        bodies = "\n".join(d.decode() for d in _live(store, scope).values())
        if (
            second.action != "created"
            or _stored(a, T0) not in bodies
            or _stored(b, T0) not in bodies
        ):
            lost.append((a, b, first.action, second.action))
    assert lost == []


def test_remember_updates_most_reworded_facts(tmp_path, record_property):
    updated = 0
    for i, (a, b) in enumerate(SAME):
        store, scope = _home(tmp_path, i)
        remember(store, scope, a, now=T0)
        res = remember(store, scope, b, now=T0 + dt.timedelta(minutes=5))
        updated += res.action in ("updated", "unchanged")
        # whatever happened, the newer wording is what memory holds
        assert _stored(b, T0) in "\n".join(d.decode() for d in _live(store, scope).values())
    record_property("same_fact_updated_by_remember", f"{updated}/{len(SAME)}")
    assert updated >= len(SAME) // 3, updated


def _turn(store, scope, text, at, session):
    msgs = [Message("user", text, at), Message("assistant", "Noted.", at)]
    return extract_turn(store, scope, session_id=session, turn=1, messages=msgs)


def test_extraction_never_rewrites_a_different_fact(tmp_path):
    damaged = []
    for i, (a, b) in enumerate(DIFFERENT):
        store, scope = _home(tmp_path, i)
        _turn(store, scope, a, T0, "s1")
        before = _live(store, scope)
        _turn(store, scope, b, T0 + dt.timedelta(days=1), "s2")
        after = _live(store, scope)
        for path, data in before.items():
            if after.get(path) != data:
                damaged.append((a, b, path))
    assert damaged == []


def test_extraction_updates_reworded_facts(tmp_path, record_property):
    updated = duplicated = 0
    for i, (a, b) in enumerate(SAME):
        store, scope = _home(tmp_path, i)
        _turn(store, scope, a, T0, "s1")
        if not _live(store, scope):
            continue
        res = _turn(store, scope, b, T0 + dt.timedelta(days=1), "s2")
        updated += bool(res.updated)
        duplicated += bool(res.written)
    record_property("same_fact_extraction", f"updated={updated} duplicated={duplicated}")
    assert updated >= duplicated // 2


@pytest.mark.parametrize("section", ["inbox", ""])
def test_dream_never_folds_one_fact_into_another(tmp_path, section):
    store = Store(tmp_path / "home")
    lost = []
    for i, (a, b) in enumerate(DIFFERENT):
        scope = store.project_scope(tmp_path / f"w{i}")
        store.ensure_scope(scope)
        when = NOW - dt.timedelta(days=2)
        prefix = f"{section}/" if section else ""
        put(scope, f"{prefix}fact-a.md", a, a, created=when)
        put(scope, f"{prefix}fact-b.md", b, b, created=when + dt.timedelta(hours=1))
        dream(store, scope, now=NOW, force=True, settings=Settings())
        text = "\n".join(
            e.file.read_text("utf-8") for e in store.scan(scope).entries if e.section == ""
        )
        if section == "inbox":  # an observation's relative dates are made absolute (R9)
            a, b = absolutize(a, when), absolutize(b, when + dt.timedelta(hours=1))
        if a.rstrip("。.") not in text or b.rstrip("。.") not in text:
            lost.append((a, b))
    assert lost == []
