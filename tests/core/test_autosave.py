"""Session-end autosave (SPEC R12): the triviality rule, the record, the policy on prompts."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.autosave import autosave_session, is_trivial
from memlsp.core.extract import Message
from memlsp.core.heuristics import is_substantive
from memlsp.core.store import Store

T0 = dt.datetime(2026, 4, 2, 9, 0, tzinfo=dt.UTC)


def session(*prompts: str) -> list[Message]:
    out = []
    for i, p in enumerate(prompts):
        at = T0 + dt.timedelta(minutes=5 * i)
        out += [Message("user", p, at), Message("assistant", "ok, done that.", at)]
    return out


@pytest.fixture
def env(tmp_path):
    store = Store(tmp_path / "home")
    return store, store.project_scope(tmp_path / "w")


@pytest.mark.parametrize(
    ("prompt", "substantive"),
    [
        ("hi", False),
        ("thanks!", False),
        ("ok nvm", False),
        ("Thanks, that's it for today.", False),
        ("Good enough for now.", False),
        ("好的谢谢", False),
        ("今天先到这儿吧", False),
        ("what's 2^16?", False),
        ("Thanks. Add a retry to the upload client.", True),
        ("Why does the nightly export time out?", True),
        ("帮我看看这个查询为什么慢", True),
    ],
)
def test_substantive_rule(prompt, substantive):
    assert is_substantive(prompt) is substantive


def test_trivial_sessions_leave_nothing(env):
    store, scope = env
    for prompts in (
        ("hello", "what's 2^16?", "thanks"),
        ("Fix the typo in the footer please.", "Looks good.", "Ship it."),
        ("你好", "现在几点了", "好的谢谢"),
    ):
        res = autosave_session(store, scope, session_id="t", messages=session(*prompts))
        assert res.skipped == "trivial-session" and res.path is None
    assert not list(store.home.rglob("*.md"))


def test_under_50_bytes_is_trivial_even_with_three_prompts():
    trivial, substantive, size = is_trivial(["fix it now", "run all tests", "do it again"])
    assert substantive == 3 and size < 50 and trivial


def test_record_has_count_time_and_at_most_five_prompts(env):
    store, scope = env
    prompts = [
        f"Refactor the {name} module so that it uses the shared HTTP client." for name in "abcdefg"
    ]
    res = autosave_session(store, scope, session_id="Sess-42", messages=session(*prompts, "thanks"))
    assert res.path and res.path.endswith("sessions/20260402t090000z-sess-42.md")
    data, _ = store.read(res.path)
    text = data.decode()
    assert "type: project" in text and "messages: 16" in text
    assert text.count("\n- Refactor the") == 5
    assert "2026-04-02 09:00" in text and "UTC" in text


def test_prompts_pass_the_policy(env):
    store, scope = env
    key = "AK" + "IA" + "Q7" * 8
    prompts = (
        f"Use these creds for the deploy script: {key} please.",
        "Remember that the webhook retry code lives in services/hooks/retry.py.",
        "I'm halfway through the rename, 4 of 9 files done.",
        "Forget what I said about the staging cluster.",
        "Let's plan the quarterly capacity review for the storage team.",
        "The release train leaves tomorrow morning, make sure the changelog is ready.",
        "Why is the nightly export job failing with a timeout?",
    )
    res = autosave_session(store, scope, session_id="p", messages=session(*prompts))
    data, _ = store.read(res.path)
    for needle in (key.encode(), b"retry.py", b"4 of 9", b"staging cluster", b"tomorrow"):
        assert needle not in data
    assert b"2026-04-03" in data  # "tomorrow" made absolute from the prompt's time
    assert res.prompts_withheld == {
        "refused-secret": 1,
        "refused-excluded:file-path": 1,
        "refused-excluded:task-state": 1,
        "forget-request": 1,
    }
