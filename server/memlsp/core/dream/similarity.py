"""Cheap lexical similarity for the offline planner (SPEC R10, R22).

Texts are compared as :func:`memlsp.core.text.similarity_tokens` (NFKC, case-folded
content words and numbers, Chinese bigrams — so Chinese and English notes both compare).
Similarity is cosine over token counts, or Jaccard over token sets for the name-to-name
"same topic" test. A :data:`Similarity` is any ``(a, b) -> [0, 1]`` callable: an
embedding model can be passed instead where one is available.

Pure functions; imports only :mod:`memlsp.core.text`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from ..text import similarity_tokens

Similarity = Callable[[str, str], float]


@lru_cache(maxsize=16384)
def _set(text: str) -> frozenset[str]:
    return frozenset(similarity_tokens(text))


@lru_cache(maxsize=16384)
def _counts(text: str) -> tuple[dict[str, int], float]:
    counts = dict(Counter(similarity_tokens(text)))
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


__all__ = ["Similarity", "cosine", "jaccard", "name_words"]
