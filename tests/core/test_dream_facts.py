"""Acceptance 4 of issue 5 (SPEC R10, R22): no fact lost. 50 distinct facts planted in
the inbox are each present in some topic note after the dream — or explicitly
superseded by a newer one, with the plan's reason."""

from __future__ import annotations

import datetime as dt

from memlsp.core.dream import dream
from memlsp.core.settings import Settings
from memlsp.core.store import Store

from tests.core.dreamkit import NOW, put

SUBJECTS = [
    "billing export",
    "driver app",
    "search cluster",
    "data warehouse",
    "SSO login",
    "webhook sender",
    "admin console",
    "customer portal",
    "terraform state",
    "CI runners",
    "invoice renderer",
    "tax table",
    "route sync",
    "push notifications",
    "audit log",
    "feature flags",
    "error tracker",
    "status page",
    "backup job",
    "cost report",
    "load balancer",
    "dns zone",
    "design system",
    "translation files",
    "release notes",
    "on-call rota",
    "incident review",
    "sprint planning",
    "hiring loop",
    "vendor contract",
    "data retention",
    "GDPR requests",
    "pen test",
    "SOC 2 evidence",
    "access reviews",
]
CHINESE = ["周报模板", "值班交接", "数据看板", "发布窗口", "代码评审"]


def facts() -> list[tuple[str, str, str]]:
    """(file stem, description, unique value) — 40 distinct, then 5 pairs (older, newer)."""
    out = []
    for i, subject in enumerate(SUBJECTS[:35]):
        value = f"{1000 + i * 7}"
        out.append(
            (f"fact-{i:02d}", f"The {subject} limit is {value} per hour, agreed with Marta", value)
        )
    for i, subject in enumerate(CHINESE):
        value = f"{3000 + i * 11}"
        out.append((f"cn-{i}", f"{subject}的上限是 {value}，由周敏确认", value))
    return out


PAIRS = [
    ("staging reset", "Sunday 02:00 UTC", "Saturday 22:00 UTC"),
    ("release cut", "Monday 18:00 CET", "Wednesday 17:00 CET"),
    ("snowflake budget", "$18k per month", "$22k per month"),
    ("webhook rate limit", "50 requests/second", "100 requests/second"),
    ("min android version", "Android 10", "Android 11"),
]


def test_fifty_facts_survive_the_dream(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.global_scope())
    planted = facts()
    for n, (stem, desc, _value) in enumerate(planted):
        put(scope, f"inbox/{stem}.md", desc, f"{desc}.", created=NOW - dt.timedelta(hours=60 - n))
    for n, (topic, old, new) in enumerate(PAIRS):
        put(
            scope,
            f"inbox/{topic.replace(' ', '-')}-old.md",
            f"The {topic} is {old}",
            f"The {topic} is {old}.",
            created=NOW - dt.timedelta(days=20, hours=n),
        )
        put(
            scope,
            f"inbox/{topic.replace(' ', '-')}-new.md",
            f"The {topic} moved to {new}",
            f"The {topic} is now {new}.",
            created=NOW - dt.timedelta(days=2, hours=n),
        )
    assert len(planted) + 2 * len(PAIRS) == 50
    result = dream(store, scope, now=NOW, force=True, settings=Settings())
    assert result.status == "applied"
    topics = "\n".join(
        e.file.read_text("utf-8") for e in store.scan(scope).entries if e.section == ""
    )
    missing = [(stem, value) for stem, _d, value in planted if value not in topics]
    assert missing == []
    superseded = {s: op["reason"] for op in result.applied for s in op.get("superseded", [])}
    for topic, old, new in PAIRS:
        assert new in topics, topic
        # The older rule is gone (not annotated) and the plan says which rule replaced it.
        assert old not in topics, topic
        old_file = f"inbox/{topic.replace(' ', '-')}-old.md"
        assert old_file in superseded and "supersedes" in superseded[old_file], topic
    # The inbox is empty, every observation is archived, and nothing is left half-done.
    assert result.counts_after["inbox"] == 0
    assert len(list((scope.root / "archive").rglob("inbox/*.md"))) == 50
