"""A small default for turning leftover relative dates into absolute ones (SPEC R9, R22).

The full rewriting policy lives in ``core/policy/dates.py`` (written separately); the dream
accepts any :data:`DateFn` ``(text, anchor) -> text`` and uses this conservative one when
none is given. It rewrites only phrases that name one day or one week relative to the
note's own time: today, tomorrow, yesterday, "in N days", "next week", "on/by/this/next
<weekday>", and the Chinese 今天/明天/后天/昨天/本周X/下周X (a bare 下周 is left alone: "下周计划" is a section name as
often as a date). Recurring phrases ("every
Tuesday", "on Tuesdays", 每周二) are left alone.

Pure functions; imports nothing from memlsp.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

DateFn = Callable[[str, dt.datetime], str]

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_CN_DAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}


def _d(day: dt.date) -> str:
    return day.isoformat()


def _next_weekday(anchor: dt.date, weekday: int, *, skip_this_week: bool) -> dt.date:
    ahead = (weekday - anchor.weekday()) % 7
    if ahead == 0:
        ahead = 7
    day = anchor + dt.timedelta(days=ahead)
    if skip_this_week and day - anchor < dt.timedelta(days=7 - anchor.weekday()):
        day += dt.timedelta(days=7)
    return day


_EN_SIMPLE = re.compile(r"\b(today|tomorrow|yesterday|tonight)\b", re.I)
_EN_IN_DAYS = re.compile(r"\bin (\d{1,2}) days\b", re.I)
_EN_NEXT_WEEK = re.compile(r"\bnext week\b", re.I)
_EN_WEEKDAY = re.compile(
    r"\b(on|by|this|next|until|before|coming)\s+(" + "|".join(WEEKDAYS) + r")\b(?!s)"
    r"(?![ ,]*\d{4}-\d{2}-\d{2})",  # "on Friday 2026-10-23" already says the date
    re.I,
)
_CN_SIMPLE = re.compile(r"(今天|明天|后天|昨天)")
_CN_WEEKDAY = re.compile(r"(?<!每)(下周|本周|这周|下星期|本星期)([一二三四五六日天])")


def rewrite_relative_dates(text: str, anchor: dt.datetime) -> str:
    """``text`` with relative day phrases replaced by ISO dates computed from ``anchor``."""
    day = anchor.astimezone(dt.UTC).date()

    def simple(m: re.Match) -> str:
        word = m.group(1).lower()
        offset = {"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1}[word]
        return _d(day + dt.timedelta(days=offset))

    def in_days(m: re.Match) -> str:
        return "on " + _d(day + dt.timedelta(days=int(m.group(1))))

    def next_week(m: re.Match) -> str:
        monday = day + dt.timedelta(days=7 - day.weekday())
        return f"the week of {_d(monday)}"

    def weekday(m: re.Match) -> str:
        lead, name = m.group(1), m.group(2)
        target = _next_weekday(
            day, WEEKDAYS.index(name.lower()), skip_this_week=lead.lower() == "next"
        )
        if lead.lower() in ("on", "by", "until", "before"):
            return f"{lead} {_d(target)}"
        return _d(target)  # "starts next Friday" -> "starts 2026-12-04"

    def cn_simple(m: re.Match) -> str:
        offset = {"今天": 0, "明天": 1, "后天": 2, "昨天": -1}[m.group(1)]
        return _d(day + dt.timedelta(days=offset))

    def cn_weekday(m: re.Match) -> str:
        monday = day - dt.timedelta(days=day.weekday())
        if m.group(1).startswith("下"):
            monday += dt.timedelta(days=7)
        return _d(monday + dt.timedelta(days=_CN_DAYS[m.group(2)]))

    text = _EN_IN_DAYS.sub(in_days, text)
    text = _EN_NEXT_WEEK.sub(next_week, text)
    text = _EN_WEEKDAY.sub(weekday, text)
    text = _EN_SIMPLE.sub(simple, text)
    text = _CN_WEEKDAY.sub(cn_weekday, text)
    text = _CN_SIMPLE.sub(cn_simple, text)
    return text


__all__ = ["DateFn", "rewrite_relative_dates"]
