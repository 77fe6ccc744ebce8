"""Offline language heuristics for the write side (SPEC R7, R11, R12, R23), EN and ZH.

Two modules, re-exported here so callers keep one name (``from . import heuristics as h``):

* :mod:`.sentences` — sentence splitting, content size, fillers and R12's substantive
  rule, questions, task requests, "remember this" cues, forget requests;
* :mod:`.signals` — what kind of memory a statement carries and R7's type precedence.

Tokens, stopwords and the language check live in :mod:`memlsp.core.text` (one home for
every tokeniser); the ones the write side uses are re-exported here too.

Must not import the store, the models, or any adapter.
"""

from ..text import STOPWORDS, cjk_ratio, content_tokens, is_chinese, overlap
from .sentences import (
    CUE,
    forget_target,
    is_filler,
    is_question,
    is_request,
    is_substantive,
    sentences,
    strip_cues,
    units,
)
from .signals import Signals, choose_type, signals

__all__ = [
    "CUE",
    "STOPWORDS",
    "Signals",
    "choose_type",
    "cjk_ratio",
    "content_tokens",
    "forget_target",
    "is_chinese",
    "is_filler",
    "is_question",
    "is_request",
    "is_substantive",
    "overlap",
    "sentences",
    "signals",
    "strip_cues",
    "units",
]
