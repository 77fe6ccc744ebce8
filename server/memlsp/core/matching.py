"""Is a new statement the same fact as a stored one? (SPEC R10, R22; issue 15)

Check-before-write, extraction and the dream all ask this question, and the answer must
err one way only: two different facts worded alike ("Service search-api is owned by
Atlas" / "Service billing-api is owned by Atlas", "张伟负责支付服务" / "李娜负责支付服务")
are never merged, even when it costs a duplicate of a fact that was merely reworded.

Three tests, all linguistic (never names or wording from a data set):

* **overlap** — the statements share enough content words (:func:`memlsp.core.text.
  content_tokens`): at least ``min_shared`` and ``ratio`` of the smaller set;
* **anchors** — what names the subject or carries the value: identifiers (``search-api``,
  ``payments_v2``, ``camelCase``), acronyms (``SHOP``), capitalised names inside a sentence
  (``Atlas``), handles and channels, Latin words inside Chinese text, quoted strings (names),
  and dates, weekdays, times, numbers with units (values). When each side has a name the
  other lacks, they are about different things. Values may differ only when the new
  statement says it replaces something (``supersede``): then it is the same fact, updated;
* **slot swap** — the two texts are the same sentence with a content word swapped
  (``mobile`` → ``web``, ``张伟`` → ``李娜``): a template filled twice, two facts. Swaps of
  function words and pure additions ("… for the mobile app too") do not count.

Pure: imports only :mod:`memlsp.core.text`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .lazyre import lazy_compile
from .text import STOPWORDS, content_tokens, is_chinese, overlap

_WEEKDAY = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|"
    r"thurs|fri|sat|sun"
)
_MONTH = (
    r"january|february|march|april|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_VALUE = lazy_compile(
    r"(?<![A-Za-z\-_./])(?:\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?:\s*[ap]m)?|"
    r"\d+(?:\.\d+)?\s*(?:%|[ap]m\b)?)(?![A-Za-z\-_])|"
    rf"\b(?:{_WEEKDAY})s?\b|\b(?:{_MONTH})\b|(?:周|星期|礼拜)[一二三四五六日天]|"
    r"[一二两三四五六七八九十百千]+(?:个)?(?:天|周(?![一二三四五六日天])|小时|分钟|月|年|点|号|次|人|倍)",
    re.I,
)
_IDENT = lazy_compile(
    r"(?<![\w])(?:[@#][\w\-.]+|[A-Za-z][\w]*(?:[-_./][A-Za-z0-9]+)+|[a-z]+[A-Z]\w*|"
    r"[A-Z]{2,}[A-Z0-9]*s?\b)"
)
_QUOTED = lazy_compile(r"[\"“「《']([^\"”」》']{2,40})[\"”」》']")
_CAPITAL = lazy_compile(r"(?<![\w\-])[A-Z][a-z][\w]*")
_SENT_START = lazy_compile(r"(?:^|[.!?:;。！？；]\s*|\n)\s*[\"'(“]?$")
# Capitalised words that start sentences without naming anything.
_COMMON_CAPS = frozenset(
    "use run add always never please make keep avoid prefer remember note dont don't do "
    "every each our we they it its this that these those there here when if for from in on "
    "at by to with after before since until while today tomorrow yesterday heads update "
    "yes no ok okay also and but so then now new old only all any some most no not every "
    "staging production prod main release releases team teams service services".split()
)
_LATIN_IN_ZH = lazy_compile(r"[A-Za-z][\w\-.]*")
_WORD = lazy_compile(r"[A-Za-z0-9][\w\-.']*|[\u3400-\u9fff]")


@dataclass(frozen=True)
class Anchors:
    names: frozenset[str]  # every name, identifiers included
    values: frozenset[str]
    idents: frozenset[str] = frozenset()  # identifier-shaped names: search-api, SHOP, #ops


_DAY_NAMES = (
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
)
_ZH_DAYS = "一二三四五六日"


def _norm_value(v: str) -> str:
    v = re.sub(r"\s+", "", v.lower())
    if re.fullmatch(rf"(?:{_WEEKDAY})s", v):
        v = v[:-1]
    for day in _DAY_NAMES:
        if len(v) >= 3 and day.startswith(v):
            return day
    m = re.fullmatch(r"(?:周|星期|礼拜)([一二三四五六日天])", v)
    if m:
        return _DAY_NAMES[_ZH_DAYS.index(m.group(1).replace("天", "日"))]
    return v


def anchors(text: str) -> Anchors:
    """The names and values ``text`` is about (lower-cased)."""
    values = {_norm_value(m.group(0)) for m in _VALUE.finditer(text) if m.group(0).strip()}
    names: set[str] = set()
    idents: set[str] = set()
    for m in _IDENT.finditer(text):
        tok = m.group(0).rstrip(".")
        if _VALUE.fullmatch(tok):
            continue
        if re.fullmatch(r"[A-Z]{2,}[A-Z0-9]*s", tok):
            tok = tok[:-1]  # PRs -> PR
        idents.add(tok.lower())
    for m in _QUOTED.finditer(text):
        idents.add(m.group(1).strip().lower())
    names |= idents
    for m in _CAPITAL.finditer(text):
        word = m.group(0)
        low = word.lower()
        if low in STOPWORDS or low in _COMMON_CAPS or _VALUE.fullmatch(word):
            continue
        if _SENT_START.search(text[: m.start()]) and low in _COMMON_CAPS:
            continue
        names.add(low)
    if is_chinese(text):
        for m in _LATIN_IN_ZH.finditer(text):
            low = m.group(0).lower().rstrip(".")
            if low not in STOPWORDS and len(low) > 1 and not _VALUE.fullmatch(low):
                names.add(low)
    return Anchors(frozenset(names), frozenset(values), frozenset(idents))


def _exclusive_both(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a - b) and bool(b - a)


def _swapped_ident(a: frozenset[str], b: frozenset[str]) -> bool:
    """One identifier in place of another of its kind: ``search-api`` / ``billing-api``,
    ``race-pc`` / ``race-nx`` (a shared part). A hyphenated word such as
    ``customer-facing`` next to an unrelated one is not a swap."""
    parts = lambda x: {p for p in re.split(r"[-_./#@]", x) if p}  # noqa: E731
    return any(parts(x) & parts(y) for x in a - b for y in b - a)


def _lowercase_words(text: str) -> set[str]:
    return set(re.findall(r"(?<![\w\-])[a-z][a-z]+", text))


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _words(text: str) -> list[str]:
    return [_stem(w.lower().strip(".'")) for w in _WORD.findall(text)]


def _is_value(words: list[str]) -> bool:
    return all(_VALUE.fullmatch(w) or w in STOPWORDS for w in words)


def _is_content(words: list[str]) -> bool:
    for w in words:
        if len(w) == 1 and "\u3400" <= w <= "\u9fff":
            if w not in "的了是在和与及或也都就还要会把被将对给这那个一":
                return True
        elif len(w) > 1 and w not in STOPWORDS:
            return True
    return False


def slot_swap(a: str, b: str, *, min_equal: float = 0.5, values_may_change: bool = False) -> bool:
    """True when ``a`` and ``b`` are one sentence with content words swapped (a template
    filled twice): most words align, and some aligned span differs in content words.
    ``values_may_change``: a swap of dates, times or numbers alone does not count (the
    second statement says it replaces the first's value)."""
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return False
    sm = difflib.SequenceMatcher(None, wa, wb, autojunk=False)
    equal = sum(size for *_, size in sm.get_matching_blocks())
    if equal / max(len(wa), len(wb)) < min_equal and equal / min(len(wa), len(wb)) < 0.8:
        return False
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "replace" and _is_content(wa[i1:i2]) and _is_content(wb[j1:j2]):
            if values_may_change and _is_value(wa[i1:i2]) and _is_value(wb[j1:j2]):
                continue
            return True
    return False


_CHANGE_WORDS = lazy_compile(
    r"\b(?:update[:：]?|change of plan[:：]?|moved to|changed to|now|from now on|"
    r"from today|going forward|instead|anymore|any more)\b|改到|改成|改为|换成|现在|"
    r"从今天起|从现在起|以后|更新[:：]?|了",
    re.I,
)


def conflict(a: str, b: str, *, supersede: bool = False) -> str | None:
    """Why ``a`` and ``b`` cannot be one fact ("names", "values", "swap"), or None.
    ``supersede``: ``b`` says it replaces something, so its values may differ."""
    if supersede:
        b = _CHANGE_WORDS.sub(" ", b)
    aa, ab = anchors(a), anchors(b)
    # A capitalised word the other text (or this one) also writes in lower case is a
    # sentence start or a title, not a name.
    common = _lowercase_words(a) | _lowercase_words(b)
    # What a statement replaces may be a person or a value ("releases are cut by Ivo from
    # now on"), never the thing it is about (an identifier: search-api, SHOP, #ops).
    if _swapped_ident(aa.idents - common, ab.idents - common):
        return "names"
    if not supersede and _exclusive_both(aa.names - common, ab.names - common):
        return "names"
    if not supersede and _exclusive_both(aa.values, ab.values):
        return "values"
    # A statement that says it replaces something may change any word but a name
    # ("the web team owns releases from now on").
    if not supersede and slot_swap(a, b):
        return "swap"
    return None


SAME_FACT = 0.6  # shared content words / the smaller set, for two notes to be one fact


def overlap_of(a: str, b: str) -> tuple[int, float]:
    """(shared content words, share of the smaller set) of two texts."""
    return overlap(content_tokens(a), content_tokens(b))


def same_fact(
    a: str,
    b: str,
    *,
    supersede: bool = False,
    min_shared: int = 3,
    ratio: float = 0.5,
) -> bool:
    """``a`` and ``b`` state the same fact (or, with ``supersede``, ``b`` updates ``a``)."""
    shared, share = overlap(content_tokens(a), content_tokens(b))
    if shared < min_shared or share < ratio:
        return False
    return conflict(a, b, supersede=supersede) is None


__all__ = ["SAME_FACT", "Anchors", "anchors", "conflict", "overlap_of", "same_fact", "slot_swap"]
