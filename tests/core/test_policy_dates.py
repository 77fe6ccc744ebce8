"""Acceptance 5 of issue 4 (SPEC R9): relative dates in English and Chinese become absolute
dates from the turn's timestamp. The clock: Wednesday 2026-03-04."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.policy.dates import absolutize, find_relative_dates

from tests.core.date_phrases import RECURRING

NOW = dt.datetime(2026, 3, 4, 10, 0, tzinfo=dt.UTC)  # a Wednesday

TABLE = [
    ("the freeze starts Thursday", "2026-03-05"),
    ("deadline is Friday", "2026-03-06"),
    ("we ship on Monday", "2026-03-09"),
    ("we decided it on Monday", "2026-03-02"),
    ("next Friday", "2026-03-13"),
    ("next Monday", "2026-03-09"),
    ("this Friday", "2026-03-06"),
    ("last Friday", "2026-02-27"),
    ("yesterday we agreed", "2026-03-03"),
    ("tomorrow", "2026-03-05"),
    ("today", "2026-03-04"),
    ("the day after tomorrow", "2026-03-06"),
    ("the day before yesterday", "2026-03-02"),
    ("in 3 days", "2026-03-07"),
    ("in two weeks", "2026-03-18"),
    ("3 days ago", "2026-03-01"),
    ("a week from now", "2026-03-11"),
    ("next week", "the week of 2026-03-09"),
    ("last week", "the week of 2026-02-23"),
    ("by the end of the month", "2026-03-31"),
    ("end of next month", "2026-04-30"),
    ("next month", "2026-04"),
    ("end of the week", "2026-03-06"),
    ("this weekend", "2026-03-07"),
    ("周四之后冻结", "2026-03-05"),
    ("下周", "2026-03-09 这一周"),
    ("下周三", "2026-03-11"),
    ("上周五", "2026-02-27"),
    ("这周五", "2026-03-06"),
    ("昨天", "2026-03-03"),
    ("明天", "2026-03-05"),
    ("后天", "2026-03-06"),
    ("三天前", "2026-03-01"),
    ("两周后", "2026-03-18"),
    ("5天后", "2026-03-09"),
    ("月底", "2026-03-31"),
    ("下个月底", "2026-04-30"),
    ("下个月", "2026-04"),
    ("明年", "2027"),
    ("2026 年 11 月 20 日之前", "2026-11-20"),
]


def test_table_is_large_enough():
    assert len(TABLE) >= 30
    assert sum(1 for phrase, _ in TABLE if any("\u4e00" <= c <= "\u9fff" for c in phrase)) >= 10


@pytest.mark.parametrize(("phrase", "expected"), TABLE, ids=[p for p, _ in TABLE])
def test_phrase_becomes_absolute(phrase, expected):
    out = absolutize(phrase, NOW)
    assert expected in out, out
    assert find_relative_dates(phrase, NOW), phrase


@pytest.mark.parametrize(
    "text",
    [
        "Omar does not review on Fridays",
        "demo day is the last Friday of every month",
        "it's the first Wednesday of the month",
        "every Monday we plan",
        "Omar 每周五不做代码评审",
        "周末愉快",
        "Deploys freeze on Friday afternoons",
    ],
)
def test_recurring_days_are_not_dates(text):
    assert absolutize(text, NOW) == text


@pytest.mark.parametrize("text", RECURRING)
def test_recurring_phrases_stay_as_written(text):
    assert absolutize(text, NOW) == text
    assert find_relative_dates(text, NOW) == []


def test_recurring_table_covers_both_languages():
    chinese = [t for t in RECURRING if any("\u4e00" <= c <= "\u9fff" for c in t)]
    assert len(chinese) >= 8 and len(RECURRING) - len(chinese) >= 12


def test_rewrite_keeps_the_sentence_readable():
    assert (
        absolutize("Yesterday we decided to drop SMS.", NOW)
        == "On 2026-03-03 we decided to drop SMS."
    )
    assert absolutize("ship it with tomorrow's train", NOW) == "ship it with the 2026-03-05 train"
    assert (
        absolutize("from today billing PRs need Dana", NOW)
        == "from 2026-03-04 billing PRs need Dana"
    )


@pytest.mark.parametrize(
    "text",
    [
        "No price experiments between Black Friday and Cyber Monday.",
        "The office is closed on Good Friday and Easter Monday.",
        "Super Tuesday traffic doubles the polling API's load.",
    ],
)
def test_a_named_day_is_a_name_not_a_weekday(text):
    assert absolutize(text, NOW) == text
    assert find_relative_dates(text, NOW) == []


def test_a_lower_case_weekday_after_such_a_word_is_still_pinned():
    assert (
        absolutize("a good friday to ship the release", NOW) != "a good friday to ship the release"
    )
