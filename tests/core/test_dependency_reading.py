"""Issue 18: a terse message that adds a package ("add orjson") finds the rule that governs
dependencies, though it shares no word with it; a message that adds a thing to the code does
not get that reading. And in a small memory a note that holds every word of a terse message is
not silenced by the general-request check (R16)."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.recall import Recaller
from memlsp.core.retrieval.dependency_form import READING, dependency_reading
from memlsp.core.retrieval.hybrid import Hit, select
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.store import Scope, Store

from tests.core.notekit import project_memory

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    "message",
    [
        "add orjson",
        "add orjson.",  # a full stop is not part of the name
        "add httpx for the webhook calls",  # glossed as an HTTP client
        "pls install structlog",
        "add @acme/icons",
        "add github.com/rs/zerolog",
        "pull in date-fns for the calendar",
        "引入 orjson",
        "加个 orjson 解析库",  # with a measure word
    ],
)
def test_adding_a_package_is_read_as_a_dependency(message: str) -> None:
    assert dependency_reading(message) == READING


@pytest.mark.parametrize(
    "message",
    [
        "add a retry to the upload",
        "add the new column to invoices",
        "add logging",
        "add tests for the parser",
        "add tooltips to the chart",  # a feature added *to* something
        "install the hooks",
        "use it",
        "why is orjson faster",  # no add/install verb
        "add v2.3 support to the export",
        "超时时间增加 timeout 配置",  # 增加: increase, not add a package
        "",
    ],
)
def test_adding_a_thing_to_the_code_is_not(message: str) -> None:
    assert dependency_reading(message) is None


def _small_memory(store: Store) -> Scope:
    notes = [
        (
            "poetry-only",
            "feedback",
            "Dependencies go through Poetry and the internal mirror only",
            "Never pip install into the project environment: the lock file is the source of "
            "truth and the mirror scans licences.",
        ),
        (
            "staging-thursdays",
            "project",
            "Staging deploys happen from the release branch on Thursdays",
            "Ops watches the Thursday window; other days need a page to on-call.",
        ),
        (
            "grafana-ingest",
            "reference",
            "Ingest throughput dashboards live in Grafana under the 'ingest' folder",
            "Lag and error-rate panels for every consumer group.",
        ),
        (
            "conventional-commits",
            "feedback",
            "PR titles follow conventional commits",
            "feat:, fix:, chore: — the changelog is generated from them.",
        ),
        (
            "user-data-engineer",
            "user",
            "User is a data engineer, new to Python packaging",
            "Comfortable with SQL and Spark; explain packaging steps briefly.",
        ),
    ]
    created = {"created": "2026-11-01T09:00:00Z"}
    return project_memory(store, "ingest", notes, now=NOW - dt.timedelta(days=29), meta=created)


def test_a_terse_add_finds_the_dependency_rule_in_a_small_memory(store: Store) -> None:
    scope = _small_memory(store)
    recaller = Recaller(store, scope, rescan_s=0)
    got = recaller.recall("s1", "add orjson", now=NOW, record=False)
    assert [m.name for m in got.memories][:1] == ["poetry-only"], got.silence
    other = recaller.recall("s2", "add a retry to the upload", now=NOW, record=False)
    assert "poetry-only" not in [m.name for m in other.memories]


def _hit(coverage: float, keyword: float) -> Hit:
    return Hit(
        key="rule",
        score=0.3,
        vector_sim=0.1,
        keyword_score=3.0,
        vector_norm=0.05,
        keyword_norm=keyword,
        keyword_coverage=coverage,
        meta={"type": "feedback"},
    )


def test_a_note_holding_every_word_is_not_silenced_by_the_general_check_when_small() -> None:
    p = RecallParams()
    general = 0.05 + p.general_margin + 0.1  # the message looks like a general request
    full = [_hit(1.0, p.words_there_keyword + 0.05)]
    assert [h.key for h in select(full, None, p, collection_size=10, general=general)] == ["rule"]
    # not in a large memory, where full coverage happens by chance
    assert select(full, None, p, collection_size=p.words_there_max_notes + 1, general=general) == []
    # nor when a word is missing or the keyword evidence is weak
    assert select([_hit(0.8, 0.9)], None, p, collection_size=10, general=general) == []
    assert select([_hit(1.0, 0.2)], None, p, collection_size=10, general=general) == []
