"""Text normalisation for the keyword side of retrieval (R16), shared by the whole core.

Owns: the tokeniser shared by indexing and querying (Unicode NFKC, lower case, camelCase and
path splitting, CJK runs turned into overlapping bigrams), the English and Chinese query
stopwords, and the builder of a safe SQLite FTS5 ``MATCH`` expression.

Pure standard library. Must not import sqlite3 callers, models, pygls, lsprotocol or a CLI.

Why bigrams: FTS5's ``unicode61`` tokeniser indexes a whole run of CJK characters as one
token, and ``trigram`` never matches two-character words (迁移, 密钥). Rewriting every CJK run
as space-separated overlapping bigrams before both indexing and querying makes two-character
words match with the stock tokeniser.

Why stopwords matter: the query is a chat message, not a search box entry. Dropping question
words and auxiliaries (what, when, did, does, how, which, ...) measured +5.6 recall@5 points
on LoCoMo; BM25 otherwise rewards notes for sharing "should" and "we".
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "MAX_QUERY_CHARS",
    "MAX_QUERY_TERMS",
    "STOPWORDS",
    "fts_index_text",
    "fts_query",
    "match_expression",
    "is_cjk",
    "query_terms",
    "tokens",
]

#: Only the first this-many characters of a message are tokenised for the keyword query.
MAX_QUERY_CHARS = 4000
#: At most this many distinct terms go into one MATCH expression (keeps FTS5 fast).
MAX_QUERY_TERMS = 48

# CJK Unified Ideographs (+ extension A, compatibility), kana, hangul.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_CJK_RUN = re.compile(f"[{_CJK}]+")
# A token is a run of letters/digits (no underscore: unicode61 treats "_" as a separator),
# or a run of CJK characters.
_TOKEN = re.compile(f"[{_CJK}]+|[^\\W_{_CJK}]+")
# camelCase / PascalCase / digit boundaries inside an ASCII word: allocateNumber → allocate
# number, HTTPServer → http server, v3api → v3 api is left alone (digits stay attached).
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")

_EN_STOPWORDS = """
a about above after again against all also am an and any are aren as at be because been
before being below between both but by can cannot could couldn did didn do does doesn doing
don down during each else ever few for from further get gets getting got had hadn has hasn
have haven having he her here hers herself him himself his how i if in into is isn it its
itself just let lets like ll me might mightn more most much must mustn my myself need needs
no nor not now of off ok okay on once only or other ought our ours ourselves out over own
please re really s same shall shan she should shouldn so some still such t than thanks
thank that the their theirs them themselves then there these they this those through to too
under until up upon us ve very via was wasn we were weren what whats when where whether which
while who whom whose why will with won would wouldn yes yet you your yours yourself
yourselves d m o y anyone anything someone something somebody everyone everything go going
gonna want wants wanted wanna know tell think thing things way sure right one hey hi hello
""".split()  # noqa: SIM905

# Chinese function words and question words, matched against whole CJK bigrams/characters.
_ZH_STOPWORDS = """
的 了 是 在 我 你 他 她 它 们 吗 呢 吧 啊 呀 和 与 或 也 都 就 还 又 很 把 被 让 给 对 从 到
这 那 哪 有 没 不 要 会 能 可 以 个 么 什么 怎么 怎样 如何 为什 为何 哪个 哪些 哪里 这个 那个
这些 那些 我们 你们 他们 她们 可以 能不 不能 需要 应该 是不 不是 有没 没有 一下 一个 现在 已经
还是 或者 而且 但是 因为 所以 如果 的话 时候 吗？ 请问 帮我 告诉 知道 是否 多少 几个 是什
""".split()  # noqa: SIM905

#: Words dropped from queries (never from the index: BM25's IDF handles frequent words there).
STOPWORDS: frozenset[str] = frozenset(_EN_STOPWORDS) | frozenset(_ZH_STOPWORDS)


def is_cjk(token: str) -> bool:
    """True when ``token`` consists of CJK characters."""
    return bool(token) and _CJK_RUN.fullmatch(token) is not None


def _bigrams(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


def tokens(text: str) -> list[str]:
    """Lower-cased tokens of ``text`` in order; CJK runs become overlapping bigrams.

    ASCII camelCase words also yield their parts (``allocateNumber`` → ``allocatenumber``,
    ``allocate``, ``number``) so a file name in a message matches prose about its topic.
    """
    text = unicodedata.normalize("NFKC", text)
    out: list[str] = []
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok.isascii():
            low = tok.lower()
            out.append(low)
            # only a word mixing upper and lower case can have a camelCase boundary (this
            # check keeps indexing 100,000 notes from running the split regex on every word)
            if tok != low and not tok.isupper():
                parts = _CAMEL.split(tok)
                if len(parts) > 1:
                    out.extend(p.lower() for p in parts if p)
        elif _CJK_RUN.fullmatch(tok):
            out.extend(_bigrams(tok))
        else:
            out.append(tok.lower())
    return out


def fts_index_text(text: str) -> str:
    """The text to store in the FTS5 table: tokens joined by spaces.

    Storing pre-tokenised text keeps the index and the query on exactly one tokeniser; FTS5's
    ``porter unicode61`` then only lower-cases (already done) and stems English words.
    """
    return " ".join(tokens(text))


def query_terms(message: str) -> list[str]:
    """Distinct content terms of a chat message, in order of first appearance.

    Stopwords, one-character Latin tokens and pure numbers shorter than 2 digits are dropped;
    at most :data:`MAX_QUERY_TERMS` terms from the first :data:`MAX_QUERY_CHARS` characters.
    """
    seen: dict[str, None] = {}
    for tok in tokens(message[:MAX_QUERY_CHARS]):
        if tok in STOPWORDS or tok in seen:
            continue
        if not is_cjk(tok) and len(tok) < 2:
            continue
        seen[tok] = None
        if len(seen) >= MAX_QUERY_TERMS:
            break
    return list(seen)


def fts_query(message: str) -> str | None:
    """A safe FTS5 ``MATCH`` expression: the OR of the message's quoted content terms.

    Every term is wrapped in double quotes (so FTS5 operators such as ``AND``, ``NEAR``, ``*``,
    ``^``, ``:`` and parentheses in the message are plain text) and contains only letters and
    digits, so no input can produce a syntax error. Returns ``None`` when the message has no
    content term (the keyword side then contributes nothing).
    """
    terms = query_terms(message)
    return match_expression(terms) if terms else None


def match_expression(terms: list[str]) -> str:
    """The FTS5 ``MATCH`` expression for the OR of ``terms`` (each quoted: see :func:`fts_query`)."""
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
