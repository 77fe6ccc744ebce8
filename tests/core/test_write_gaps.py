"""Issue 15, gaps found by the blind scenario set (bench/eval/scenarios_own.jsonl): a short
commit id said next to a deploy word, a config file named with two dots, a sign-in pair with
a password, "the first of next month", a changed setup said as a plain fact, and a secret
sentence that no longer throws away the rest of its message. The wording here is our own."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.extract import Message, extract_turn
from memlsp.core.policy.dates import absolutize
from memlsp.core.policy.exclusions import classify_exclusion
from memlsp.core.policy.secrets import find_secrets
from memlsp.core.store import Store

T0 = dt.datetime(2026, 6, 9, 9, 0, tzinfo=dt.UTC)


def _password() -> str:
    return "Zq" + "!7" + "vR2m" + "Lp9#" + "wX4k"  # built here: no literal in the file


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("remember 3be41f09a2 is the last good build, we may need it", "git-history"),
        ("keep in mind c0ffee12ab was the deploy before the outage", "git-history"),
        ("the theme tokens are in tailwind.config.ts under theme.extend", "file-path"),
        ("remember the routes are defined in app.routes.mjs so you find them", "file-path"),
    ],
)
def test_excluded_statements(text: str, category: str) -> None:
    found = classify_exclusion(text)
    assert found is not None and found.category == category


@pytest.mark.parametrize(
    "text",
    [
        "Never edit api.generated.ts by hand; regenerate it with the codegen task.",
        "Release 4.2 is the last one that supports Android 9.",
        "Use the account settings page for refunds, not the admin panel.",
        "The login page must load in under two seconds.",
    ],
)
def test_legitimate_statements_stay_allowed(text: str) -> None:
    assert classify_exclusion(text) is None
    assert find_secrets(text) == []


def test_a_sign_in_pair_is_a_secret() -> None:
    pw = _password()
    for text in (
        f"the staging admin login is ops@example.test / {pw}, keep it handy",
        f"creds for the demo box: demo-user:{pw}",
    ):
        spans = find_secrets(text)
        assert spans and any(text[s.start : s.end] == pw for s in spans), text


def test_the_first_of_next_month_is_a_date() -> None:
    assert absolutize("the new pricing goes live on the first of next month", T0) == (
        "the new pricing goes live on 2026-07-01"
    )
    # a recurring day of the month stays as written
    assert absolutize("invoices go out on the 3rd of the month", T0) == (
        "invoices go out on the 3rd of the month"
    )


@pytest.fixture
def env(tmp_path):
    store = Store(tmp_path / "home")
    return store, store.project_scope(tmp_path / "work")


def _run(env, text: str, reply: str = "Understood.") -> list[str]:
    store, scope = env
    msgs = [Message("user", text, T0), Message("assistant", reply, T0)]
    extract_turn(store, scope, session_id="s1", turn=1, messages=msgs)
    return [e.note.description + "\n" + e.note.body for e in store.scan_all().entries]


def test_a_secret_sentence_does_not_sink_the_rest_of_the_message(env, tmp_path) -> None:
    key = "AK" + "IA" + "FAKE" + "Q7W2E9R4T1Y6"
    texts = _run(
        env,
        f"the deploy bot has a new key, remember it: {key}. "
        "The signing keys themselves are in 1Password, vault 'release-bots'.",
    )
    assert any("release-bots" in t for t in texts), texts
    home = tmp_path / "home"
    assert all(key not in p.read_text("utf-8", "replace") for p in home.rglob("*") if p.is_file())


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("we switched the repo to biome for lint and format, prettier is out", "biome"),
        ("new setup: nightly jobs run on the hopper cluster now, the old VMs are gone", "hopper"),
        ("minimum is Android 11 from release 5.0 on", "Android 11"),
    ],
)
def test_a_changed_setup_said_as_a_fact_is_kept(env, text: str, word: str) -> None:
    assert any(word in t for t in _run(env, text)), text


def test_a_link_next_to_a_sign_in_word_is_not_a_password() -> None:
    for text in (
        "the user guide is at https://docs.example.com/Guide-v2_Final/Setup-3b",
        "account settings live at example.com/Settings-Page_2/Billing",
    ):
        assert find_secrets(text) == [], text
