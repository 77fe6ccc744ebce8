"""Invisible characters (issue 14): decided by Unicode category and ranges, not a short list.

A memory is read back into a later prompt; a character a person reviewing the note cannot
see can carry a hidden payload (tag characters spell ASCII, variation selectors encode
bytes, bidi controls reorder text). :func:`is_invisible` is true for:

- every code point of category ``Cf`` (format: zero-width, bidi, tags, interlinear
  annotation, Arabic/Syriac/Kaithi format marks…), ``Cs`` (surrogates) and ``Co`` (private use);
- controls (``Cc``) other than tab, line feed and carriage return;
- the Default_Ignorable_Code_Point ranges that are not ``Cf``: variation selectors
  (U+FE00–FE0F, U+E0100–E01EF), the combining grapheme joiner U+034F, Hangul fillers
  (U+115F, U+1160, U+3164, U+FFA0), Khmer inherent vowels U+17B4–17B5, Mongolian free
  variation selectors U+180B–180F, the reserved blocks U+2065, U+FFF0–FFF8,
  U+E0000–E0FFF, shorthand format controls U+1BCA0–1BCA3, musical format marks U+1D173–1D17A;
- U+2800 (braille pattern blank), which renders as nothing. Ordinary spaces, U+3000 and
  line/paragraph separators are visible whitespace and are kept.

:func:`strip_invisible` removes them all. Must not import the store, the models or an adapter.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Default_Ignorable_Code_Point (DerivedCoreProperties.txt) minus what category Cf covers,
# plus blank-rendering characters often used to hide text.
_RANGES: tuple[tuple[int, int], ...] = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong / jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors, vowel separator
    (0x2065, 0x2065),  # reserved default-ignorable
    (0x2800, 0x2800),  # braille pattern blank
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # reserved specials
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format marks
    (0xE0000, 0xE0FFF),  # tags and variation selectors supplement (and reserved)
)
_KEPT_CONTROLS = frozenset("\t\n\r")
_CATEGORIES = frozenset(("Cf", "Cs", "Co", "Cc"))
# Above plane 1 the only invisible code points are plane 14's tags and variation
# selectors, each plane's two noncharacters and the private-use planes 15-16 (checked exhaustively by the tests), so the
# pattern scans planes 0-1 and adds these spans.
_SCAN_END = 0x20000
_HIGH: tuple[tuple[int, int], ...] = (
    *((p * 0x10000 + 0xFFFE, p * 0x10000 + 0xFFFF) for p in range(2, 14)),
    (0xE0000, 0xE0FFF),
    (0xEFFFE, 0xEFFFF),
    (0xF0000, 0xFFFFF),
    (0x100000, 0x10FFFF),
)


def is_invisible(ch: str) -> bool:
    cp = ord(ch)
    if ch in _KEPT_CONTROLS:
        return False
    if unicodedata.category(ch) in _CATEGORIES:
        return True
    if (cp & 0xFFFE) == 0xFFFE or 0xFDD0 <= cp <= 0xFDEF:
        return True  # noncharacters
    return any(lo <= cp <= hi for lo, hi in _RANGES)


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    """One character class holding every invisible code point (built once, by scanning)."""
    flags = bytearray(_SCAN_END)
    cats = map(unicodedata.category, map(chr, range(_SCAN_END)))
    for cp, cat in enumerate(cats):
        if cat in _CATEGORIES:
            flags[cp] = 1
    for lo, hi in (*_RANGES, (0xFDD0, 0xFDEF), (0xFFFE, 0xFFFF), (0x1FFFE, 0x1FFFF)):
        if lo < _SCAN_END:
            hi = min(hi, _SCAN_END - 1)
            flags[lo : hi + 1] = b"\x01" * (hi - lo + 1)
    for ch in _KEPT_CONTROLS:
        flags[ord(ch)] = 0
    spans: list[tuple[int, int]] = []
    start = -1
    for cp, flag in enumerate(flags):
        if flag and start < 0:
            start = cp
        elif not flag and start >= 0:
            spans.append((start, cp - 1))
            start = -1
    if start >= 0:
        spans.append((start, _SCAN_END - 1))
    spans.extend(_HIGH)
    parts = "".join(
        re.escape(chr(lo)) if lo == hi else f"{re.escape(chr(lo))}-{re.escape(chr(hi))}"
        for lo, hi in spans
    )
    return re.compile(f"[{parts}]")


def invisible_chars(text: str) -> list[str]:
    """The invisible characters in ``text`` (each occurrence, in order)."""
    return _pattern().findall(text)


def has_invisible(text: str) -> bool:
    return _pattern().search(text) is not None


def strip_invisible(text: str) -> str:
    return _pattern().sub("", text)


def invisible_code_points() -> list[int]:
    """Every code point :func:`is_invisible` accepts (for tests and docs)."""
    return [cp for cp in range(0x110000) if is_invisible(chr(cp))]
