"""Cheap lexical similarity for the offline planner (SPEC R10, R22).

Words are NFKC-normalised and case-folded; Latin words and numbers are tokens, CJK runs
become character bigrams (a single CJK character stays a token), so Chinese and English
notes both compare. Similarity is cosine over token counts, or Jaccard over token sets
for the name-to-name "same topic" test. A :data:`Similarity` is any ``(a, b) -> [0, 1]``
callable: an embedding model can be passed instead where one is available.

Pure functions; imports nothing from memlsp.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

Similarity = Callable[[str, str], float]

_WORD = re.compile(r"[^\W_]+(?:[.'’][^\W_]+)*", re.UNICODE)
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LATINISH = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# Function words carry no topic. Kept short on purpose: a long list starts to encode
# one data set's wording.
STOPWORDS = frozenset(
    """a an the and or but of to in on at by for from with without as is are was were be been
    being it its this that these those there here not no yes do does did done have has had
    will would should can could may might must shall we you i he she they them our your my
    his her their me us so if then than also only just all any each per via into onto over
    under about after before again still now new very more most less least too up out
    的 了 和 是 在 也 就 都 而 及 与 或 一个 这个 那个""".split()
)


def tokens(text: str) -> list[str]:
    """Normalised tokens of ``text``: Latin words/numbers and CJK bigrams."""
    return list(_tokens(text))


@lru_cache(maxsize=16384)
def _tokens(text: str) -> tuple[str, ...]:
    text = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    for word in _WORD.findall(text):
        if _LATINISH.search(word):
            for run in _CJK.findall(word):
                if len(run) == 1:
                    out.append(run)
                else:
                    out.extend(run[i : i + 2] for i in range(len(run) - 1))
            rest = _CJK.sub(" ", word).split()
            out.extend(w for w in rest if w not in STOPWORDS and len(w) > 1)
        elif word not in STOPWORDS and (len(word) > 1 or word.isdigit()):
            out.append(word)
    return tuple(t for t in out if t not in STOPWORDS)


@lru_cache(maxsize=16384)
def _set(text: str) -> frozenset[str]:
    return frozenset(_tokens(text))


@lru_cache(maxsize=16384)
def _counts(text: str) -> tuple[dict[str, int], float]:
    counts = dict(Counter(_tokens(text)))
    return counts, math.sqrt(sum(v * v for v in counts.values()))


def jaccard(a: str, b: str) -> float:
    sa, sb = _set(a), _set(b)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / len(sa | sb)


def cosine(a: str, b: str) -> float:
    (ca, na), (cb, nb) = _counts(a), _counts(b)
    if not na or not nb:
        return 0.0
    if len(ca) > len(cb):
        ca, cb = cb, ca
    return sum(v * cb.get(k, 0) for k, v in ca.items()) / (na * nb)


def name_words(name: str) -> str:
    """A slug as words, for the topic test (``ledger-invoice-deadline`` -> words)."""
    return name.replace("-", " ").replace("_", " ")


__all__ = ["STOPWORDS", "Similarity", "cosine", "jaccard", "name_words", "tokens"]
