"""The keyword side of retrieval: BM25 and term coverage from the cache file's FTS5 table.

Owns: what goes into a note's FTS5 row (:func:`write_row`: name, description and glossed body,
pre-tokenised by :mod:`.text` the same way as the queries, so both sides agree on a term);
:meth:`KeywordSearch.hits` — the best keyword matches of a chat message with each hit's
BM25 and its term coverage (the IDF-weighted share of the message's terms the note contains,
:func:`hybrid.term_coverage`: one posting-list scan per query term, stems from FTS5 itself) —
and, in a large memory (``RecallParams.kw_prune_min_notes``), the pruning that keeps only
the message's rarest terms within a posting budget: FTS5 computes BM25 for every matching
note, so a common word in a huge memory costs more than it adds.

Must not import model runtimes, pygls, lsprotocol or a CLI framework.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

import numpy as np

from ..text import fts_index_text, match_expression, query_terms, tokens
from . import hybrid
from .doc import Doc, doc_fields, keyword_body
from .glossary import Glossary
from .params import RecallParams

if TYPE_CHECKING:  # pragma: no cover
    from .vectors import RowOf

__all__ = ["KeywordSearch", "write_row"]


def write_row(conn: sqlite3.Connection, rowid: int, doc: Doc, glossary: Glossary) -> None:
    """Add ``doc``'s keyword row (its ``docs`` row's ``rowid``; glosses from ``glossary``)."""
    name, desc, _ = doc_fields(doc)
    conn.execute(
        "INSERT INTO fts (rowid, name, description, body) VALUES (?, ?, ?, ?)",
        (
            rowid,
            fts_index_text(name),
            fts_index_text(desc),
            fts_index_text(keyword_body(doc, glossary)),
        ),
    )


class KeywordSearch:
    """Keyword queries on one cache file's ``fts`` table (see :mod:`.cache_file`)."""

    def __init__(self) -> None:
        self._vocab_conn: sqlite3.Connection | None = None  # has the temp tables of _stems

    def hits(
        self,
        conn: sqlite3.Connection,
        row_of: RowOf,
        query: str,
        n: int,
        limit: int,
        allowed: np.ndarray,
        params: RecallParams,
    ) -> tuple[dict[int, float], dict[int, float]]:
        """The best ``limit`` keyword matches among ``n`` notes: row -> BM25 (sign flipped:
        larger is better), and row -> term coverage (empty when ``params.keyword_coverage`` is 0).
        ``row_of`` maps FTS rowids to rows (:class:`.vectors.RowOf`); rows not ``allowed`` are left out."""
        terms = query_terms(query)
        if not terms:
            return {}, {}
        want_coverage = params.keyword_coverage > 0
        prune = n >= params.kw_prune_min_notes
        first_of: dict[str, str] = {}  # stem -> the first query term with it
        df: dict[str, int] = {}
        if prune or want_coverage:
            for term, stem in zip(terms, self._stems(conn, terms), strict=True):
                if stem is not None:
                    first_of.setdefault(stem, term)
        if prune:
            df = {stem: _doc_count(conn, stem) for stem in first_of}
            keep = rarest(first_of, df, params.kw_posting_budget)
        else:
            keep = terms
        bm25: dict[int, float] = {}
        hit_of: dict[int, int] = {}  # FTS rowid -> row, for the hits
        if keep:
            w = params.kw_column_weights
            sql = (
                f"SELECT rowid, -bm25(fts, {float(w[0])}, {float(w[1])}, {float(w[2])}) AS s"
                " FROM fts WHERE fts MATCH ? ORDER BY bm25(fts, ?, ?, ?) LIMIT ?"
            )
            got = conn.execute(sql, (match_expression(keep), *w, limit)).fetchall()
            rows = row_of.rows([r for r, _ in got]).tolist() if got else []
            for (rowid, s), i in zip(got, rows, strict=True):
                if i >= 0 and allowed[i]:
                    bm25[i] = s
                    hit_of[rowid] = i
        if not (want_coverage and bm25):
            return bm25, {}
        # which of the hits contain each term: one posting-list scan per kept term (from
        # 2,000 notes their postings add up to at most the posting budget)
        kept = set(keep)
        postings: list[set[int]] = []
        dfs: list[int] = []
        for stem, term in first_of.items():
            rows = []
            if term in kept:
                cur = conn.execute(
                    "SELECT rowid FROM fts WHERE fts MATCH ?", (match_expression([term]),)
                )
                rows = [r for (r,) in cur]
            dfs.append(df.get(stem, len(rows)))
            postings.append({hit_of[r] for r in rows if r in hit_of})
        return bm25, hybrid.term_coverage(postings, dfs, n)

    def mentions(self, conn: sqlite3.Connection, phrase: str) -> bool:
        """Does any note's keyword row (name, description, glossed body) hold ``phrase``, its
        words in order (the index's own tokens and stems)? True when it yields no token:
        unsure counts as mentioned."""
        words = tokens(phrase)
        if not words:
            return True
        expr = '"' + " ".join(words).replace('"', '""') + '"'
        return (
            conn.execute("SELECT 1 FROM fts WHERE fts MATCH ? LIMIT 1", (expr,)).fetchone()
            is not None
        )

    def _stems(self, conn: sqlite3.Connection, terms: list[str]) -> list[str | None]:
        """FTS5's own stem of each query term (a scratch table with the same tokenizer), so
        the query side and the index agree on what a term is; ``None`` for a term that
        yields no token."""
        if self._vocab_conn is not conn:
            conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_df USING fts5vocab(main, fts, row)"
            )
            conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.qtok USING fts5(x, tokenize='porter unicode61')"
            )
            conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.qtok_i USING fts5vocab(temp, qtok, instance)"
            )
            self._vocab_conn = conn
        conn.execute("DELETE FROM temp.qtok")
        conn.executemany(
            "INSERT INTO temp.qtok (rowid, x) VALUES (?, ?)",
            [(i + 1, t) for i, t in enumerate(terms)],
        )
        stem_of: dict[int, str] = {}
        for term, doc in conn.execute("SELECT term, doc FROM temp.qtok_i"):
            stem_of.setdefault(doc - 1, term)
        # The writes above opened a transaction (sqlite3 begins one before a DML statement);
        # left open, every later read of the connection would hold a snapshot of the file, so
        # no checkpoint could ever empty its write-ahead log (it grows, and a forget could not
        # scrub the file in place).
        conn.commit()
        return [stem_of.get(i) for i in range(len(terms))]


def _doc_count(conn: sqlite3.Connection, stem: str) -> int:
    """How many notes contain ``stem`` (the ``fts5vocab`` view set up by ``_stems``)."""
    row = conn.execute("SELECT doc FROM temp.fts_df WHERE term = ?", (stem,)).fetchone()
    return row[0] if row else 0


def rarest(first_of: dict[str, str], df: dict[str, int], budget: int) -> list[str]:
    """The query's rarest terms whose matching documents add up to at most ``budget``
    (the rarest is kept only if it fits by itself)."""
    keep, total = [], 0
    for stem in sorted(first_of, key=lambda s: df[s]):
        d = df[stem]
        if d == 0:
            continue
        if total + d > budget:
            break
        keep.append(first_of[stem])
        total += d
    return keep
