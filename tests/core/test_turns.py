"""Issue 15, "Turns": consecutive user messages are separate inputs, one message with two
facts gives two notes, an approval never absorbs the facts of the message before it, and
descriptions state the fact rather than the chatter around it. English and Chinese."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.extract import Message, extract_turn
from memlsp.core.store import Store

T0 = dt.datetime(2026, 4, 7, 9, 0, tzinfo=dt.UTC)  # a Tuesday


@pytest.fixture
def env(tmp_path):
    store = Store(tmp_path / "home")
    return store, store.project_scope(tmp_path / "work")


def run(env, *pairs, turn=1, session="s1"):
    store, scope = env
    msgs = [Message(role, text, T0) for role, text in pairs]
    return extract_turn(store, scope, session_id=session, turn=turn, messages=msgs)


def live(env):
    store, _ = env
    return [e for e in store.scan_all().entries if e.section in ("", "inbox")]


@pytest.mark.parametrize(
    ("first", "second", "first_word", "second_word"),
    [
        (
            "Crash reports from the console builds are filed in the Linear project CRASH.",
            "Use the staging-eu lobby for every playtest, never production.",
            "CRASH",
            "staging-eu",
        ),
        (
            "主机版的崩溃报告都记在 Linear 的 CRASH 项目里。",
            "以后试玩统一用 staging-eu 大厅，不要用正式服。",
            "CRASH",
            "staging-eu",
        ),
    ],
)
def test_two_user_messages_in_a_row_are_two_inputs(env, first, second, first_word, second_word):
    res = run(env, ("user", first), ("user", second), ("assistant", "Understood."))
    found = live(env)
    assert len(res.written) == 2, [e.note.description for e in found]
    by_word = {w: [e for e in found if w in e.note.body] for w in (first_word, second_word)}
    assert len(by_word[first_word]) == 1 and len(by_word[second_word]) == 1
    assert by_word[first_word][0].path != by_word[second_word][0].path
    for entry in found:  # neither message became the other's context
        assert not (first_word in entry.note.description and second_word in entry.note.description)


def test_one_message_with_two_facts_gives_two_notes(env):
    res = run(
        env,
        (
            "user",
            "Car balance changes need a sign-off from Bruno. Soak tests run every Saturday at 06:00.",
        ),
        ("assistant", "Noted both."),
    )
    assert len(res.written) == 2, [e.note.description for e in live(env)]
    descriptions = sorted(e.note.description for e in live(env))
    assert any("Bruno" in d and "Saturday" not in d for d in descriptions)
    assert any("Saturday" in d and "Bruno" not in d for d in descriptions)


def test_an_approval_never_absorbs_the_fact_before_it(env):
    fact = "Heads up: asset merges are frozen from Friday because the console build is cut then."
    run(env, ("user", fact), ("assistant", "Got it — I'll hold the livery PR until after the cut."))
    (project,) = live(env)
    before = project.file.read_bytes()
    res = run(
        env,
        ("user", fact),
        ("assistant", "Got it — I'll hold the livery PR until after the cut."),
        ("user", "Yes, exactly like that, keep doing it that way."),
        ("assistant", "Will do."),
        turn=2,
    )
    assert project.file.read_bytes() == before  # the fact is untouched
    assert not res.deleted and project.path not in res.updated
    approval = [e for e in live(env) if e.note.type == "feedback"]
    assert len(approval) == 1
    assert "frozen" not in approval[0].note.description


def test_descriptions_state_the_fact_not_the_chatter(env):
    run(
        env,
        ("user", "hey! can you help me add a garage screen for decals?"),
        ("assistant", "Sure — I'll scaffold it with npm install for the new packages."),
        ("user", "No, use pnpm here, not npm."),
        ("assistant", "Switching to pnpm."),
    )
    (entry,) = live(env)
    assert entry.note.description.lower().startswith("use pnpm")
    assert "hey" not in entry.note.description.lower()
    assert "can you help" not in entry.note.description.lower()
