"""Text primitives shared by every side of memlsp: CJK detection, stopwords, tokenisers.

Owns, once each:

* the CJK character ranges (:data:`HAN`, :data:`KANA`, :data:`HANGUL`, :data:`CJK`) and the
  predicates derived from them — :func:`is_cjk` (a token made of CJK characters),
  :func:`is_cjk_text` (a text that is mostly Chinese/Japanese/Korean: the language check
  of the embedders, so kana and hangul count) and :func:`is_chinese` / :func:`cjk_ratio`
  (the share of Chinese ideographs: the write side's language switch);
* one stopword set per language (:data:`EN_STOPWORDS`, :data:`ZH_STOPWORDS`,
  :data:`STOPWORDS` their union): the union of the lists retrieval, the write-side
  heuristics and the dream each used to keep;
* the tokenisers, one per use, all built on the ranges and stopwords above:
  :func:`tokens` (retrieval's ordered token stream: NFKC, lower case, camelCase parts, CJK
  runs as overlapping bigrams) with the SQLite FTS5 helpers; :func:`content_tokens`
  (the set of content words and Chinese bigrams the write side compares topics with);
  :func:`similarity_tokens` (the dream's case-folded content words and bigrams, counted
  for cosine similarity).

Pure standard library. Must not import anything from memlsp (but :mod:`.lazyre`, itself
standard library only: the patterns compile on first use), sqlite3 callers, models, pygls,
lsprotocol or a CLI.

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
from functools import lru_cache

from .lazyre import lazy_compile

__all__ = [
    "CJK",
    "EN_STOPWORDS",
    "HAN",
    "HANGUL",
    "KANA",
    "MAX_QUERY_CHARS",
    "MAX_QUERY_TERMS",
    "STOPWORDS",
    "ZH_STOPWORDS",
    "bigrams",
    "cjk_ratio",
    "content_tokens",
    "fts_index_text",
    "fts_query",
    "han_count",
    "is_chinese",
    "is_cjk",
    "is_cjk_text",
    "match_expression",
    "overlap",
    "query_terms",
    "similarity_tokens",
    "tokens",
]

#: Only the first this-many characters of a message are tokenised for the keyword query.
MAX_QUERY_CHARS = 4000
#: At most this many distinct terms go into one MATCH expression (keeps FTS5 fast).
MAX_QUERY_TERMS = 48

# ---- the CJK ranges ----------------------------------------------------------------------
#: Chinese ideographs: CJK Unified Ideographs, extension A, compatibility ideographs.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: Japanese hiragana and katakana.
KANA = "\u3040-\u30ff"
#: Korean hangul syllables.
HANGUL = "\uac00-\ud7af"
#: Every CJK character: ideographs, kana, hangul.
CJK = HAN + KANA + HANGUL

_HAN_CHAR = lazy_compile(f"[{HAN}]")
_HAN_RUN = lazy_compile(f"[{HAN}]+")
_CJK_CHAR = lazy_compile(f"[{CJK}]")
_CJK_RUN = lazy_compile(f"[{CJK}]+")
_LATIN = lazy_compile(r"[A-Za-z]")


def encodable(text: str) -> str:
    """``text`` with each lone UTF-16 surrogate (JSON ``"\\udcff"`` from an MCP client or a
    hook; undecodable bytes Python kept) replaced by U+FFFD, so tokenizers, SQLite and files
    can encode it: a chat message is never refused for one stray code unit."""
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def is_cjk(token: str) -> bool:
    """True when ``token`` consists of CJK characters."""
    return bool(token) and _CJK_RUN.fullmatch(token) is not None


def is_cjk_text(text: str) -> bool:
    """True when ``text`` is mostly Chinese/Japanese/Korean: at least two CJK characters and
    at least one for every four Latin letters (an English note that quotes one Chinese word
    stays English)."""
    cjk = len(_CJK_CHAR.findall(text))
    return cjk >= 2 and cjk * 4 >= len(_LATIN.findall(text))


def han_count(text: str) -> int:
    """How many Chinese ideographs ``text`` holds."""
    return len(_HAN_CHAR.findall(text))


def cjk_ratio(text: str) -> float:
    """The share of Chinese ideographs among the letters and digits of ``text``."""
    letters = [c for c in text if not c.isspace() and unicodedata.category(c)[0] in "LN"]
    if not letters:
        return 0.0
    return sum(1 for c in letters if _HAN_CHAR.match(c)) / len(letters)


def is_chinese(text: str) -> bool:
    """True when at least 30% of the letters of ``text`` are Chinese ideographs."""
    return cjk_ratio(text) >= 0.3


def bigrams(run: str) -> list[str]:
    """Overlapping character bigrams of a CJK run; a single character stays itself."""
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


# ---- stopwords ---------------------------------------------------------------------------
# English function words, question words, chat fillers and the words every memory shares
# (note, memory, remember, repo...): they carry no topic. "project" and "new" are not in
# it: as recall query terms they carry the topic ("run the project", "a new vendor"), and
# dropping them measured -0.5 recall@5 points on the dev set.
EN_STOPWORDS: frozenset[str] = frozenset(
    """
a about above actually after again against all also am an and any anyone anything are aren
aren't as at be because been before being below between both but by can can't cannot could
couldn d did didn didn't do does doesn doesn't doing don don't done down during each else
ever everyone everything few for forget from further get gets getting go going gonna got had
hadn has hasn have haven having he hello her here hers herself hey hi him himself his how i
i'd i'm i've if in into is isn isn't it it's its itself just know least less let let's lets
like ll m made make may me memory might mightn more most much must mustn my myself need
needs no nor not note notes now o of off ok okay on once one ones only onto or other ought
our ours ourselves out over own per please re really remember repo repository right s said
same say says shall shan she should shouldn so some somebody someone something still stuff
such sure t tell than thank thanks that that's the their theirs them themselves then there
there's these they thing things think this those through to told too under until up upon us
use used using ve very via wanna want wanted wants was wasn wasn't way we we're we've were
weren weren't what what's whats when where whether which while who whom whose why will with
without won won't would wouldn y yeah yep yes yet you your yours yourself yourselves
""".split()  # noqa: SIM905
)

# Chinese function words, question words and chat fillers, as the units the tokenisers
# produce: single characters and character bigrams.
ZH_STOPWORDS: frozenset[str] = frozenset(
    """
的 了 是 在 我 你 他 她 它 们 吗 呢 吧 啊 呀 和 与 或 也 都 就 还 又 很 把 被 让 给 对 从 到
这 那 哪 有 没 不 要 会 能 可 以 个 么 而 及 什么 怎么 怎样 如何 为什 为何 哪个 哪些 哪里 这个
那个 这些 那些 我们 你们 他们 她们 可以 能不 不能 需要 应该 是不 不是 有没 没有 一下 一个 现在
已经 还是 或者 而且 但是 因为 所以 如果 的话 时候 吗？ 请问 帮我 告诉 知道 是否 多少 几个 是什
以后 就行 不用 统一 的时 记一 记住 忘掉 那条 这条 不过 了吧 一定 定要 之前 之后 以前 为了 自己
这样 那样 的是 是的 也是 我的 你的 他的 就是 然后
""".split()  # noqa: SIM905
)

#: Both languages: what the tokenisers drop.
STOPWORDS: frozenset[str] = EN_STOPWORDS | ZH_STOPWORDS


# ---- retrieval: the keyword side (R16) ---------------------------------------------------
# A token is a run of letters/digits (no underscore: unicode61 treats "_" as a separator),
# or a run of CJK characters.
_TOKEN = lazy_compile(f"[{CJK}]+|[^\\W_{CJK}]+")
# camelCase / PascalCase / digit boundaries inside an ASCII word: allocateNumber → allocate
# number, HTTPServer → http server, v3api → v3 api is left alone (digits stay attached).
_CAMEL = lazy_compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def tokens(text: str) -> list[str]:
    """Lower-cased tokens of ``text`` in order; CJK runs become overlapping bigrams.

    ASCII camelCase words also yield their parts (``allocateNumber`` → ``allocatenumber``,
    ``allocate``, ``number``) so a file name in a message matches prose about its topic.
    Nothing is dropped: the index keeps every word (BM25's IDF handles frequent ones).
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
            out.extend(bigrams(tok))
        else:
            out.append(tok.lower())
    return out


def fts_index_text(text: str) -> str:
    """The text to store in the FTS5 table: tokens joined by spaces.

    Storing pre-tokenised text keeps the index and the query on exactly one tokeniser; FTS5's
    ``porter unicode61`` then only lower-cases (already done) and stems English words.
    """
    return " ".join(tokens(text))


#: Developer shorthand in chat messages and the word a note would use instead; a message's
#: shorthand term also searches for the full word (keyword side only).
SHORTHAND: dict[str, str] = {
    "deps": "dependencies",
    "dep": "dependency",
    "repo": "repository",
    "repos": "repositories",
    "config": "configuration",
    "cfg": "configuration",
    "env": "environment",
    "envs": "environments",
    "prod": "production",
    "db": "database",
    "dbs": "databases",
    "k8s": "kubernetes",
    "pkg": "package",
    "pkgs": "packages",
    "lib": "library",
    "libs": "libraries",
    "docs": "documentation",
    "perf": "performance",
    "infra": "infrastructure",
    "msg": "message",
    "msgs": "messages",
    "pr": "pull",
    "prs": "pull",
    "auth": "authentication",
    "impl": "implementation",
    "ci": "pipeline",
}


def query_terms(message: str) -> list[str]:
    """Distinct content terms of a chat message, in order of first appearance.

    Stopwords, one-character Latin tokens and pure numbers shorter than 2 digits are dropped;
    at most :data:`MAX_QUERY_TERMS` terms from the first :data:`MAX_QUERY_CHARS` characters.
    """
    seen: dict[str, None] = {}
    for tok in tokens(message[:MAX_QUERY_CHARS]):
        if tok in STOPWORDS or tok in seen:
            continue
        full = SHORTHAND.get(tok)
        if full is not None and full not in seen:
            seen[full] = None  # "deps" also asks for "dependencies"
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


# ---- the write side: topic overlap (R10, R23) --------------------------------------------
_LATIN_WORD = lazy_compile(r"[^\W\d_][\w'\-]*|\d[\w.\-]*", re.UNICODE)


def content_tokens(text: str) -> set[str]:
    """Lower-cased content words (stopwords dropped, light plural stripping) and Chinese
    character bigrams — the unit of topic overlap for check-before-write and forget."""
    out: set[str] = set()
    for m in _LATIN_WORD.finditer(text.lower()):
        w = m.group(0).strip("'-.")
        if len(w) < 2 or w in STOPWORDS:
            continue
        if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(w)
    for run in _HAN_RUN.findall(text):
        if len(run) > 1:
            out.update(b for b in bigrams(run) if b not in STOPWORDS)
    return out


def overlap(a: set[str], b: set[str]) -> tuple[int, float]:
    """(shared count, shared / size of the smaller set) of two :func:`content_tokens` sets."""
    if not a or not b:
        return 0, 0.0
    shared = len(a & b)
    return shared, shared / min(len(a), len(b))


# ---- the dream: lexical similarity (R10, R22) --------------------------------------------
# Words keep inner dots and apostrophes (v1.2, don't): a version is one value.
_SIM_WORD = lazy_compile(r"[^\W_]+(?:[.'’][^\W_]+)*", re.UNICODE)


def similarity_tokens(text: str) -> list[str]:
    """NFKC-normalised, case-folded content tokens of ``text``: Latin words and numbers
    (one-letter words dropped, digits kept) and Chinese bigrams (a single ideograph stays a
    token), stopwords dropped — what the dream's cosine and Jaccard similarity count."""
    return list(_similarity_tokens(text))


@lru_cache(maxsize=16384)
def _similarity_tokens(text: str) -> tuple[str, ...]:
    text = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    for word in _SIM_WORD.findall(text):
        if _HAN_CHAR.search(word):
            for run in _HAN_RUN.findall(word):
                out.extend(bigrams(run))
            rest = _HAN_RUN.sub(" ", word).split()
            out.extend(w for w in rest if len(w) > 1)
        elif len(word) > 1 or word.isdigit():
            out.append(word)
    return tuple(t for t in out if t not in STOPWORDS)
