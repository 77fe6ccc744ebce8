"""Relative dates → absolute dates (SPEC R9), English and Chinese: the one rewriter every
write path uses (remember, extraction, the dream).

A note that says "Thursday" is useless a week later, so every relative date is rewritten
from the timestamp of the turn that said it, before anything is stored. Weeks start on
Monday (ISO 8601). Day words, offsets ("in ten days", "a week from Monday", "十天后"),
weekdays ("next Friday", "the Monday after next", "下下周三"), weeks, months and years are
resolved; recurring days ("every Tuesday", "on Sunday nights", "Tuesday and Thursday
mornings", "weekly", "每周日晚上", "双周三", a weekday with a clock time) are schedules and
are left exactly as written. The rules, in the order they are tried, are documented in
docs/reference/policy.md ("Absolute dates").

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

from ..lazyre import LazyPattern, lazy_compile

WEEKDAYS_EN = {
    "monday": 0,
    "tuesday": 1,
    "wednesday": 2,
    "thursday": 3,
    "friday": 4,
    "saturday": 5,
    "sunday": 6,
    "mon": 0,
    "tue": 1,
    "tues": 1,
    "wed": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "fri": 4,
    "sat": 5,
    "sun": 6,
}
WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
NUM_EN = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "a couple of": 2,
    "a few": 3,
    "couple of": 2,
}
NUM_ZH = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


@dataclass(frozen=True)
class DateRewrite:
    start: int
    end: int
    phrase: str
    replacement: str
    rule: str


def _zh_number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if text.startswith("十") and len(text) == 2:
        return 10 + NUM_ZH.get(text[1], 0)
    if text.endswith("十") and len(text) == 2:
        return NUM_ZH.get(text[0], 0) * 10
    if len(text) == 3 and text[1] == "十":
        return NUM_ZH.get(text[0], 0) * 10 + NUM_ZH.get(text[2], 0)
    return NUM_ZH.get(text)


def _en_number(text: str) -> int | None:
    text = " ".join(text.lower().split())
    if text.isdigit():
        return int(text)
    return NUM_EN.get(text)


def _add_months(day: dt.date, months: int) -> dt.date:
    month0 = day.month - 1 + months
    year = day.year + month0 // 12
    month = month0 % 12 + 1
    last = calendar.monthrange(year, month)[1]
    return dt.date(year, month, min(day.day, last))


def _month_end(day: dt.date) -> dt.date:
    return dt.date(day.year, day.month, calendar.monthrange(day.year, day.month)[1])


def _monday(day: dt.date) -> dt.date:
    return day - dt.timedelta(days=day.weekday())


def _fmt(day: dt.date) -> str:
    return day.isoformat()


def _month(day: dt.date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


_HABIT_EN = lazy_compile(
    r"\b(every|each|usually|always|never|typically|generally|normally|most|regularly|"
    r"recurring|(?:bi-?)?weekly|fortnightly)\b"
    r"|\b(mon|tues|wednes|thurs|fri|satur|sun)days\b",
    re.I,
)
# A negated habit ("周五不做评审", "周一不安排会议") describes a recurring day; a prohibition
# ("周五之前不要合并") still names a date. 双周/隔周 (every other week), 逢 (whenever it is)
# and 例会/定期 (a standing meeting, regularly) are recurring too.
_HABIT_ZH = lazy_compile(
    r"每|都|一般|通常|总是|从不|往往|固定|定期|例会|双周|隔周|逢|不(?!要|能|许|准|得|用)"
)
_PAST_EN = lazy_compile(
    r"\b(was|were|did|decided|agreed|happened|went|had|broke|failed|shipped|merged|"
    r"released|said|told|ago|last)\b",
    re.I,
)
_PAST_ZH = lazy_compile(r"了|过|已经|上周")


def _sentence_around(text: str, start: int, end: int, stops: str = ".!?。！？\n") -> str:
    left = max(text.rfind(ch, 0, start) for ch in stops)
    rights = [i for i in (text.find(ch, end) for ch in stops) if i != -1]
    right = min(rights) if rights else len(text)
    return text[left + 1 : right]


def _clause_around(text: str, start: int, end: int) -> str:
    return _sentence_around(text, start, end, ".!?。！？\n,;，；—–")


_WD_EN = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
#: Capitalised words that make a weekday part of a day's name ("Black Friday" is a season, not
#: the coming Friday); matched case-sensitively, so "a good friday to ship" is still a weekday.
_NAMED_DAY_WORDS = ("Black", "Cyber", "Good", "Super", "Ash", "Holy", "Maundy", "Easter", "Shrove")
_NAMED_DAY_LOOKBEHIND = "".join(f"(?<!(?-i:{w}) )" for w in _NAMED_DAY_WORDS)
_NUM_EN_RX = r"\d+|a couple of|couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_ZH_NUM_RX = r"[0-9]+|[一二两三四五六七八九十]{1,3}"

_ORDINAL_DAYS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "tenth": 10,
    "fifteenth": 15,
    "twentieth": 20,
}

# (rule name, regex); the handler is chosen by rule name in _resolve. Longer, more
# specific phrases come first; matches never overlap (earlier rules win).
_RULES: list[tuple[str, LazyPattern]] = [
    ("zh-absolute", lazy_compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")),
    ("en-day-after-tomorrow", lazy_compile(r"\bthe day after tomorrow\b", re.I)),
    ("en-day-before-yesterday", lazy_compile(r"\bthe day before yesterday\b", re.I)),
    ("en-end-next-week", lazy_compile(r"\b(?:the )?end of next week\b", re.I)),
    ("en-end-week", lazy_compile(r"\b(?:the )?end of (?:the|this) week\b", re.I)),
    ("en-end-next-month", lazy_compile(r"\b(?:the )?end of next month\b", re.I)),
    ("en-end-month", lazy_compile(r"\b(?:the )?end of (?:the |this )?month\b", re.I)),
    ("en-start-next-month", lazy_compile(r"\b(?:the )?(?:beginning|start) of next month\b", re.I)),
    ("en-end-year", lazy_compile(r"\b(?:the )?end of (?:the |this )?year\b", re.I)),
    ("en-week-after-next", lazy_compile(r"\bthe week after next\b", re.I)),
    ("en-weekday-after-next", lazy_compile(rf"\bthe ({_WD_EN}) after next\b", re.I)),
    (
        "en-offset-from",  # "a week from Monday", "ten days after next Friday"
        lazy_compile(
            rf"\b({_NUM_EN_RX}) (day|week|fortnight)s? (?:from|after) "
            rf"(?:(next|this) )?({_WD_EN}|tomorrow|today)\b",
            re.I,
        ),
    ),
    (
        "en-day-of-month",  # "the 3rd of next month"
        lazy_compile(
            rf"\bthe (\d{{1,2}}|{'|'.join(_ORDINAL_DAYS)})(?:st|nd|rd|th)? of (next|this) month\b",
            re.I,
        ),
    ),
    ("en-weekend", lazy_compile(r"\b(this|next) weekend\b", re.I)),
    ("en-next-weekday", lazy_compile(rf"\bnext ({_WD_EN})\b", re.I)),
    ("en-this-weekday", lazy_compile(rf"\bthis (?:coming )?({_WD_EN})\b", re.I)),
    ("en-last-weekday", lazy_compile(rf"\blast ({_WD_EN})\b(?! of\b)", re.I)),
    ("en-week", lazy_compile(r"\b(next|this|last) week\b", re.I)),
    ("en-month", lazy_compile(r"\b(next|this|last) month\b", re.I)),
    ("en-year", lazy_compile(r"\b(next|this|last) year\b", re.I)),
    (
        "en-in-offset",
        lazy_compile(
            rf"\bin ({_NUM_EN_RX}) (day|week|month|fortnight)s?\b(?:'s?|s')?(?: time\b)?(?! ago)",
            re.I,
        ),
    ),
    (
        "en-offset-later",
        lazy_compile(
            rf"\b({_NUM_EN_RX}) (day|week|month|fortnight)s? (?:from now|from today|later)\b",
            re.I,
        ),
    ),
    ("en-offset-ago", lazy_compile(rf"\b({_NUM_EN_RX}) (day|week|month|fortnight)s? ago\b", re.I)),
    ("en-tomorrow", lazy_compile(r"\btomorrow(?:'s)?\b", re.I)),
    ("en-yesterday", lazy_compile(r"\byesterday(?:'s)?\b", re.I)),
    (
        "en-today",
        lazy_compile(r"\b(?:today(?:'s)?|tonight|this (?:morning|afternoon|evening))\b", re.I),
    ),
    # "the first Wednesday of the month" is a recurring day, not a date.
    (
        "en-weekday",
        lazy_compile(
            rf"(?<!first )(?<!second )(?<!third )(?<!fourth )(?<!last )(?<!every )(?<!each )"
            # a named day is a name, not a weekday to pin: Black Friday, Cyber Monday
            rf"{_NAMED_DAY_LOOKBEHIND}"
            rf"\b({_WD_EN})\b(?!s)(?! of\b)"
            # A weekday (or a list of them) with plural parts of the day or a clock time is
            # a schedule slot: "Tuesday and Thursday mornings", "reset Saturday 22:00 UTC".
            rf"(?!(?:(?:\s*,\s*|\s+(?:and|or|&)\s+)(?:{_WD_EN}))*"
            r"(?:\s+(?:mornings|afternoons|evenings|nights)\b"
            r"|,?\s+(?:at\s+)?\d{1,2}(?::\d{2}|\s?[ap]\.?m\b)))",
            re.I,
        ),
    ),
    ("zh-next-next-weekday", lazy_compile(r"下下(?:周|星期|个星期|礼拜)([一二三四五六日天])")),
    (
        "zh-weekday-rel",
        lazy_compile(r"(下|上|这|本)(?:周|星期|个星期|礼拜|个礼拜)([一二三四五六日天])"),
    ),
    ("zh-weekend", lazy_compile(r"(这|本|下)(?:周|个周|星期)末")),
    ("zh-week", lazy_compile(r"(下下|下|上|这|本)(?:周|星期|个星期|礼拜)(?![一二三四五六日天末])")),
    ("zh-month-end", lazy_compile(r"(下个?月|本月|这个月)?月?底")),
    ("zh-month-start", lazy_compile(r"(下个?月|本月|这个月)初")),
    ("zh-month", lazy_compile(r"(下个?月|上个?月|本月|这个月)")),
    ("zh-year-end", lazy_compile(r"(今年|明年)?年底")),
    ("zh-year", lazy_compile(r"(明年|今年|去年)")),
    (
        "zh-offset",
        lazy_compile(rf"({_ZH_NUM_RX})\s*(天|周|个星期|个礼拜|个月)(以后|之后|后|以前|之前|前)"),
    ),
    ("zh-day", lazy_compile(r"大后天|大前天|后天|前天|明天|明日|昨天|昨日|今天|今日|今晚")),
    # a weekday with a clock time is a schedule slot ("周二凌晨两点"), as in English
    (
        "zh-weekday",
        lazy_compile(
            r"(?<![下上这本每])(?:周|星期|礼拜)([一二三四五六日天])"
            r"(?!\s*(?:早上|上午|中午|下午|晚上|凌晨|夜里)?\s*[零一二两三四五六七八九十\d]+\s*[点:：])"
        ),
    ),
]

_PREPOSITIONS = lazy_compile(
    r"(?:\b(?:on|from|since|until|till|by|before|after|starting|as of|through|to|for|"
    r"of|with|the|due|until)\s*)$",
    re.I,
)


_UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14}


def _resolve(rule: str, m: re.Match[str], text: str, today: dt.date) -> str | None:
    g = m.groups()
    if rule == "zh-absolute":
        try:
            return _fmt(dt.date(int(g[0]), int(g[1]), int(g[2])))
        except ValueError:
            return None
    if rule == "en-day-after-tomorrow":
        return _fmt(today + dt.timedelta(days=2))
    if rule == "en-day-before-yesterday":
        return _fmt(today - dt.timedelta(days=2))
    if rule == "en-end-next-week":
        return _fmt(_monday(today) + dt.timedelta(days=11))
    if rule == "en-end-week":
        return _fmt(_monday(today) + dt.timedelta(days=4))
    if rule == "en-end-next-month":
        return _fmt(_month_end(_add_months(today.replace(day=1), 1)))
    if rule == "en-end-month":
        return _fmt(_month_end(today))
    if rule == "en-start-next-month":
        return _fmt(_add_months(today.replace(day=1), 1))
    if rule == "en-end-year":
        return _fmt(dt.date(today.year, 12, 31))
    if rule == "en-weekday-after-next":
        return _fmt(_monday(today) + dt.timedelta(days=14 + WEEKDAYS_EN[g[0].lower()]))
    if rule == "en-offset-from":
        n, unit, which, anchor = _en_number(g[0]), g[1].lower(), (g[2] or "").lower(), g[3].lower()
        if n is None:
            return None
        if anchor in ("today", "tomorrow"):
            base = today + dt.timedelta(days=1 if anchor == "tomorrow" else 0)
        elif which:
            base = _monday(today) + dt.timedelta(
                days=WEEKDAYS_EN[anchor] + (7 if which == "next" else 0)
            )
        else:
            base = today + dt.timedelta(days=(WEEKDAYS_EN[anchor] - today.weekday()) % 7 or 7)
        return _fmt(base + dt.timedelta(days=n * _UNIT_DAYS[unit]))
    if rule == "en-day-of-month":
        first = _add_months(today.replace(day=1), 1 if g[1].lower() == "next" else 0)
        day = _ORDINAL_DAYS.get(g[0].lower()) or int(g[0])
        try:
            return _fmt(first.replace(day=day))
        except ValueError:
            return None
    if rule == "en-week-after-next":
        return f"the week of {_fmt(_monday(today) + dt.timedelta(days=14))}"
    if rule == "en-weekend":
        weeks = 1 if g[0].lower() == "next" else 0
        return _fmt(_monday(today) + dt.timedelta(days=5 + 7 * weeks))
    if rule in ("en-next-weekday", "en-this-weekday"):
        wd = WEEKDAYS_EN[g[0].lower()]
        weeks = 1 if rule == "en-next-weekday" else 0
        return _fmt(_monday(today) + dt.timedelta(days=wd + 7 * weeks))
    if rule == "en-last-weekday":
        wd = WEEKDAYS_EN[g[0].lower()]
        back = (today.weekday() - wd) % 7 or 7
        return _fmt(today - dt.timedelta(days=back))
    if rule in ("en-week", "zh-week"):
        word = g[0].lower()
        weeks = {"next": 1, "this": 0, "last": -1, "下": 1, "下下": 2, "上": -1, "这": 0, "本": 0}[
            word
        ]
        monday = _monday(today) + dt.timedelta(days=7 * weeks)
        return f"the week of {_fmt(monday)}" if rule == "en-week" else f"{_fmt(monday)} 这一周"
    if rule == "en-month":
        months = {"next": 1, "this": 0, "last": -1}[g[0].lower()]
        return _month(_add_months(today.replace(day=1), months))
    if rule == "en-year":
        years = {"next": 1, "this": 0, "last": -1}[g[0].lower()]
        return str(today.year + years)
    if rule in ("en-in-offset", "en-offset-later", "en-offset-ago"):
        n = _en_number(g[0])
        if n is None:
            return None
        sign = -1 if rule == "en-offset-ago" else 1
        unit = g[1].lower()
        if unit == "month":
            return _fmt(_add_months(today, sign * n))
        return _fmt(today + dt.timedelta(days=sign * n * _UNIT_DAYS[unit]))
    if rule in ("en-tomorrow", "en-yesterday", "en-today"):
        delta = {"en-tomorrow": 1, "en-yesterday": -1, "en-today": 0}[rule]
        date = _fmt(today + dt.timedelta(days=delta))
        phrase = m.group(0)
        if phrase.lower().endswith("'s"):
            return f"the {date}"
        before = text[: m.start()]
        if _PREPOSITIONS.search(before[-14:]):
            return date
        lead = "On" if not before.strip() or before.rstrip()[-1:] in ".!?:;—-" else "on"
        return f"{lead} {date}"
    if rule == "en-weekday":
        wd = WEEKDAYS_EN[g[0].lower()]
        sentence = _sentence_around(text, m.start(), m.end())
        if _HABIT_EN.search(sentence):
            return None
        if _PAST_EN.search(_clause_around(text, m.start(), m.end())):
            back = (today.weekday() - wd) % 7 or 7
            return _fmt(today - dt.timedelta(days=back))
        ahead = (wd - today.weekday()) % 7 or 7
        return _fmt(today + dt.timedelta(days=ahead))
    if rule == "zh-next-next-weekday":
        return _fmt(_monday(today) + dt.timedelta(days=14 + WEEKDAYS_ZH[g[0]]))
    if rule == "zh-weekday-rel":
        weeks = {"下": 1, "上": -1, "这": 0, "本": 0}[g[0]]
        return _fmt(_monday(today) + dt.timedelta(days=7 * weeks + WEEKDAYS_ZH[g[1]]))
    if rule == "zh-weekend":
        weeks = 1 if g[0] == "下" else 0
        return _fmt(_monday(today) + dt.timedelta(days=5 + 7 * weeks))
    if rule == "zh-month-end":
        months = 1 if g[0] and g[0].startswith("下") else 0
        return _fmt(_month_end(_add_months(today.replace(day=1), months)))
    if rule == "zh-month-start":
        months = 1 if g[0].startswith("下") else 0
        return _fmt(_add_months(today.replace(day=1), months))
    if rule == "zh-month":
        word = g[0]
        months = 1 if word.startswith("下") else -1 if word.startswith("上") else 0
        return _month(_add_months(today.replace(day=1), months))
    if rule == "zh-year-end":
        year = today.year + (1 if g[0] == "明年" else 0)
        return _fmt(dt.date(year, 12, 31))
    if rule == "zh-year":
        return str(today.year + {"明年": 1, "今年": 0, "去年": -1}[g[0]])
    if rule == "zh-offset":
        n = _zh_number(g[0])
        if not n:
            return None
        sign = -1 if g[2].endswith("前") else 1
        unit = g[1]
        if unit == "个月":
            return _fmt(_add_months(today, sign * n))
        days = n * (1 if unit == "天" else 7)
        return _fmt(today + dt.timedelta(days=sign * days))
    if rule == "zh-day":
        delta = {
            "大后天": 3,
            "后天": 2,
            "明天": 1,
            "明日": 1,
            "今天": 0,
            "今日": 0,
            "今晚": 0,
            "昨天": -1,
            "昨日": -1,
            "前天": -2,
            "大前天": -3,
        }[m.group(0)]
        return _fmt(today + dt.timedelta(days=delta))
    if rule == "zh-weekday":
        wd = WEEKDAYS_ZH[g[0]]
        sentence = _sentence_around(text, m.start(), m.end())
        if _HABIT_ZH.search(sentence):
            return None
        if _PAST_ZH.search(sentence[sentence.find(m.group(0)) :][:12]):
            back = (today.weekday() - wd) % 7 or 7
            return _fmt(today - dt.timedelta(days=back))
        ahead = (wd - today.weekday()) % 7 or 7
        return _fmt(today + dt.timedelta(days=ahead))
    return None  # pragma: no cover - every rule is handled above


def find_relative_dates(text: str, now: dt.datetime | dt.date) -> list[DateRewrite]:
    """Every relative-date phrase in ``text`` with its absolute replacement."""
    today = now.date() if isinstance(now, dt.datetime) else now
    taken: list[tuple[int, int]] = []
    out: list[DateRewrite] = []
    for rule, rx in _RULES:
        for m in rx.finditer(text):
            if m.end() == m.start():
                continue
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            if rule == "zh-month-end" and not m.group(0).endswith("月底"):
                continue
            replacement = _resolve(rule, m, text, today)
            if replacement is None:
                continue
            taken.append((m.start(), m.end()))
            out.append(DateRewrite(m.start(), m.end(), m.group(0), replacement, rule))
    out.sort(key=lambda r: r.start)
    return out


def absolutize(text: str, now: dt.datetime | dt.date) -> str:
    """``text`` with every relative date replaced by its absolute form (R9)."""
    rewrites = find_relative_dates(text, now)
    if not rewrites:
        return text
    parts = []
    pos = 0
    for r in rewrites:
        parts.append(text[pos : r.start])
        parts.append(r.replacement)
        pos = r.end
    parts.append(text[pos:])
    return "".join(parts)
