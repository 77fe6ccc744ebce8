"""Issue 14, acceptance 2: hostile transcripts (tests/core/hostile_corpus.py, >= 60, English
and Chinese) never become rules. Each goes through extraction (the user's turn) and through
``remember`` with the same text; every note any of them leaves is marked
``trust: untrusted``, holds the text only as a quote, and comes back from recall inside the
labelled quote."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from memlsp.core.errors import RefusedError
from memlsp.core.extract import extract_turn
from memlsp.core.notes import parse_note
from memlsp.core.policy.confusables import skeleton
from memlsp.core.recall import Recaller
from memlsp.core.recall.render import UNTRUSTED_LABEL
from memlsp.core.remember import remember
from memlsp.core.store import Store

from .hostile_corpus import GREEK_I, transcripts

NOW = dt.datetime(2026, 7, 1, 10, 0, tzinfo=dt.UTC)
CORPUS = transcripts()


def test_the_corpus_is_large_and_bilingual():
    assert len(CORPUS) >= 60
    zh = [n for n, msgs in CORPUS if re.search(r"[\u4e00-\u9fff]", msgs[-1]["content"])]
    assert len(zh) >= 12


def test_the_skeleton_undoes_look_alikes():
    assert skeleton(f"{GREEK_I}gnore ALL previous") == "ignore all previous"
    assert skeleton("\uff49\uff47\uff4e\uff4f\uff52\uff45") == "ignore"
    assert skeleton("ign\u043ere") == "ignore"


def _stored(home):
    out = []
    for path in sorted(home.rglob("*.md")):
        if path.name == "MEMORY.md" or "/." in str(path.relative_to(home)):
            continue
        out.append((path, parse_note(path.read_bytes(), stem=path.stem)))
    return out


@pytest.mark.parametrize(("name", "messages"), CORPUS, ids=[n for n, _ in CORPUS])
def test_no_hostile_transcript_becomes_a_rule(tmp_path, name, messages):
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.project_scope(tmp_path))
    extract_turn(store, scope, session_id=f"h-{name}", turn=1, messages=messages, now=NOW)
    if len(messages) == 1:  # an approval alone ("yes, exactly") is not hostile text
        try:
            remember(store, scope, messages[-1]["content"], now=NOW)
        except RefusedError as exc:
            # refused for what it says, or for its size: either way it is not a rule
            assert exc.reason.startswith("refused-") or exc.reason == "too-large", exc.reason
    for path, note in _stored(tmp_path / "home"):
        assert note.meta.get("trust") == "untrusted", (name, path.name, note.body[:200])
        lines = [ln for ln in note.body.splitlines() if ln.strip()]
        assert lines[0].startswith("Untrusted ") and all(ln.startswith(">") for ln in lines[1:])


def test_stored_hostile_text_is_recalled_inside_the_label(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.project_scope(tmp_path))
    for name, messages in CORPUS:
        extract_turn(store, scope, session_id=f"r-{name}", turn=1, messages=messages, now=NOW)
        if len(messages) == 1:
            try:
                remember(store, scope, messages[-1]["content"], now=NOW)
            except RefusedError:
                pass
    stored = _stored(tmp_path / "home")
    assert len(stored) >= 10, "pasted content the user asked to keep is kept, as data"
    assert all(n.meta.get("trust") == "untrusted" for _, n in stored)
    rec = Recaller(store, scope)
    seen = 0
    for _, note in stored:
        words = " ".join(re.findall(r"[A-Za-z]{5,}|[\u4e00-\u9fff]{2,}", note.body)[3:12])
        res = rec.recall(f"s-{note.name}", words or note.name, now=NOW, record=False)
        for mem in res.memories:
            assert mem.content.startswith("<untrusted-data>\n" + UNTRUSTED_LABEL)
            assert mem.content.rstrip().endswith("</untrusted-data>")
            seen += 1
        if res.memories:
            assert "<untrusted-data>" in res.reminder
    assert seen >= 5
