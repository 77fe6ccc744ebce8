"""A matching form of text for instruction-override phrases (Unicode TR39, in small).

:func:`skeleton` applies NFKC (full-width and mathematical letters become ASCII), removes
invisible characters (:mod:`.invisible`) and combining marks, maps the Greek and Cyrillic
letters that look like Latin ones to those Latin letters (the confusables of TR39's
``confusables.txt`` for these three scripts, plus a few symbols), and case-folds. The
result is only ever matched against, never stored: "Ιgnore all previous instructions"
with a Greek capital Iota and "ignore" with a Cyrillic о both become "ignore …".

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import unicodedata

from .invisible import strip_invisible

# Greek and Cyrillic letters whose glyphs are confusable with Latin ones (TR39 skeleton
# targets), upper and lower case, plus Latin look-alikes outside ASCII.
_PAIRS = {
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    # Greek small
    "α": "a", "β": "b", "γ": "y", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "σ": "o", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j", "ɩ": "i",
    # Cyrillic capitals
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "І": "I", "Ј": "J", "К": "K",
    "М": "M", "О": "O", "Р": "P", "Ѕ": "S", "Т": "T", "Х": "X", "У": "Y", "Ԁ": "D",
    "Ԛ": "Q", "Ԝ": "W", "Ү": "Y", "Һ": "H", "Ӏ": "I", "Ɡ": "G",
    # Cyrillic small
    "а": "a", "в": "b", "с": "c", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p", "ѕ": "s", "т": "t", "у": "y", "х": "x",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "ӏ": "l", "ɡ": "g", "ь": "b", "п": "n",
    # Latin and symbol look-alikes NFKC keeps
    "ı": "i", "ȷ": "j", "ℓ": "l", "ǀ": "l", "ﬁ": "fi", "ﬂ": "fl", "ß": "ss",
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-", "∣": "|", "｜": "|",
    "’": "'", "‘": "'", "ʼ": "'", "´": "'", "＂": '"', "“": '"', "”": '"',
}  # fmt: skip
_TABLE = str.maketrans(_PAIRS)
# Digits used for letters in leetspeak-style overrides ("1gnore", "0bey") are left alone:
# matching them would flag ordinary numbers.


def skeleton(text: str) -> str:
    """The form instruction patterns are matched on (see the module docstring)."""
    text = strip_invisible(unicodedata.normalize("NFKC", text))
    decomposed = unicodedata.normalize("NFD", text.translate(_TABLE))
    bare = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", bare).translate(_TABLE).casefold()


__all__ = ["skeleton"]
