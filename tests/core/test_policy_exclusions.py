"""Acceptance 4 of issue 4 (SPEC R8): each exclusion category refuses an explicit
"remember this" with its reason; legitimate memories next to them still pass."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.errors import MemlspError, RefusedError
from memlsp.core.policy import check_candidate, classify_exclusion
from memlsp.core.remember import remember
from memlsp.core.store import Store

NOW = dt.datetime(2026, 7, 20, 9, 0, tzinfo=dt.UTC)

CASES = [
    (
        "code-pattern",
        "Remember this: every controller class extends BaseController() and returns a Result.",
    ),
    ("architecture", "Remember that the orders service talks to the billing queue over SQS."),
    ("file-path", "Remember that the rate limiter lives in pkg/limits/bucket.go."),
    ("file-path", "记住：重试逻辑在 services/notify/src/retry.py 里。"),
    ("git-history", "Remember that commit 4be1c9d is the one that removed the legacy exporter."),
    ("git-history", "Remember who changed the session timeout last: it was Priya."),
    (
        "bug-fix-recipe",
        "Remember this fix: the crash on startup was fixed by clearing the cache dir first.",
    ),
    ("bug-fix-recipe", "订单重复的 bug 修好了，修法是在写入前加唯一索引。记住这个修法。"),
    ("in-repo-docs", "Remember that the README says to run make bootstrap before anything else."),
    ("in-repo-docs", "Remember what AGENTS.md already says about commit messages."),
    ("task-state", "Remember where I left off: 6 of 20 handlers migrated, next is payments."),
    ("task-state", "记住进度：迁移做了一半，还剩 8 个文件。"),
    ("secret", "Remember the staging password: " + "Pa" + "ss" + "-w0rd-" + "7741xQ"),
]


@pytest.mark.parametrize(
    ("category", "text"), CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(CASES)]
)
def test_remember_request_is_refused_with_its_reason(tmp_path, category, text):
    store = Store(tmp_path / "home")
    scope = store.project_scope(tmp_path)
    with pytest.raises(RefusedError) as info:
        remember(store, scope, text, now=NOW)
    err = info.value
    assert isinstance(err, MemlspError)
    assert err.category == category
    expected = "refused-secret" if category == "secret" else f"refused-excluded:{category}"
    assert err.reason == expected
    assert str(err).startswith("not remembered:")
    assert not list((tmp_path / "home").rglob("*.md")), "nothing is written"


@pytest.mark.parametrize(
    "text",
    [
        "Always run the tests with `just test` in this repo.",
        "Bugs for the payments API are tracked in the Jira project PAY.",
        "The on-call dashboard is grafana.example.io/d/api-latency.",
        "Don't edit package-lock.json by hand; we use pnpm.",
        "Release freeze from 2026-08-03 for the mobile app store review.",
        "I'm a data engineer, mostly Spark and Airflow.",
        "以后回答先给结论，再展开。",
        "The team agreed that 'Order' becomes 'Booking' in public docs.",
    ],
)
def test_legitimate_memories_pass(text):
    assert classify_exclusion(text) is None
    assert check_candidate(text, now=NOW).ok


def test_remember_still_writes_and_absolutizes_dates(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.project_scope(tmp_path)
    res = remember(store, scope, "Code freeze starts next Monday for the audit.", now=NOW)
    data, _ = store.read(res.path)
    assert b"2026-07-27" in data and b"next Monday" not in data


def test_cli_remember_refusal_exits_2(tmp_path, monkeypatch, capsys):
    from memlsp.cli.main import main

    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    code = main(["remember", "--json", "Remember that the parser lives in src/parse/lexer.ts."])
    out = capsys.readouterr().out
    assert code == 2
    assert '"refused": "refused-excluded:file-path"' in out
