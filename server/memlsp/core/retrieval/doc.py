"""A note as the retrieval index sees it, and the texts it is indexed as.

Owns: :class:`Doc`; the two texts each note is embedded as (:func:`embed_texts`: its
description line, and "name: description", the glosses of the tools and acronyms it names
(:mod:`.glossary`), then the body — its vector similarity is the larger of the two cosines,
measured +2 to +4 recall@5 points over either alone); the body of its keyword-index row
(:func:`keyword_body`: the body, then the glosses' words); and its stored meta JSON.

Stdlib only. Must not import sqlite3, model runtimes, pygls, lsprotocol or a CLI framework.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime

from .glossary import SCAN_CHARS, Glossary
from .language_form import languages_in

__all__ = [
    "VECTOR_FIELDS",
    "Doc",
    "Facets",
    "as_datetime",
    "doc_fields",
    "embed_texts",
    "facets",
    "facets_meta",
    "keyword_body",
    "meta_json",
    "with_languages",
]

#: Vectors per note: its description, its full text.
VECTOR_FIELDS = 2


@dataclass(frozen=True)
class Doc:
    """One note as the index sees it.

    ``key``: the note's path relative to the memory home. ``fingerprint``: changes whenever
    the file changes (e.g. sha256 of its bytes). ``text``: the note's body. ``meta``: at least
    ``name`` and ``description`` when known (both are indexed), plus ``scope`` and ``created``
    (for session decay and near-duplicate tie-breaks); stored as JSON; a hit carries its
    ``scope``, ``type`` and ``created`` (:func:`facets_meta`).
    """

    key: str
    fingerprint: str
    text: str
    meta: dict = field(default_factory=dict)


def doc_fields(doc: Doc) -> tuple[str, str, str]:
    """``(name, description, body)``, each a string (empty when unknown)."""
    name = str(doc.meta.get("name") or "")
    desc = str(doc.meta.get("description") or "")
    return name, desc, doc.text or ""


def _glosses(doc: Doc, glossary: Glossary) -> list[tuple[str, str]]:
    """``(term, gloss)`` for the known terms the note mentions (:mod:`.glossary`)."""
    name, desc, body = doc_fields(doc)
    return glossary.find(f"{name.replace('-', ' ')}\n{desc}\n{body}")


def embed_texts(doc: Doc, glossary: Glossary) -> tuple[str, str]:
    """The two texts a note is embedded as: its description line, and "title: description",
    the glosses of the known terms it mentions, then the body. The glosses go before the body
    so a long body's cut-off (MiniLM reads 256 word pieces) keeps them."""
    name, desc, body = doc_fields(doc)
    title = name.replace("-", " ").replace("_", " ")
    head = f"{title}: {desc}" if desc else title
    first = desc or title or body[:300]
    glosses = _glosses(doc, glossary)
    if glosses:
        head += "\n(" + "; ".join(f"{term}: {gloss}" for term, gloss in glosses) + ")"
    return first, f"{head}\n{body}".strip()


def with_languages(doc: Doc, glossary: Glossary) -> Doc:
    """``doc`` with ``meta["languages"]``: the programming languages its name, description,
    body and glosses name (:func:`.language_form.languages_in`), as the index stores it."""
    name, desc, body = doc_fields(doc)
    glossed = " ".join(f"{term} {gloss}" for term, gloss in _glosses(doc, glossary))
    found = languages_in(f"{name}\n{desc}\n{body[:SCAN_CHARS]}\n{glossed}")
    return Doc(doc.key, doc.fingerprint, doc.text, {**doc.meta, "languages": sorted(found)})


def keyword_body(doc: Doc, glossary: Glossary) -> str:
    """The body column of the keyword index: the body, then the glosses' words (not the
    terms again: the note already has them), so "browser tests" finds a Playwright note."""
    glosses = _glosses(doc, glossary)
    body = doc.text or ""
    return body + "\n" + " ".join(g for _, g in glosses) if glosses else body


def _json_default(value):
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def meta_json(doc: Doc) -> str:
    """The note's meta as stored (JSON; dates as ISO text, anything else as its ``str``)."""
    return json.dumps(doc.meta, default=_json_default, ensure_ascii=False)


#: What a search needs of a note's meta, kept in memory for every note: scope, type (both
#: interned: a handful of distinct values), created (epoch seconds, or None) and the
#: programming languages the note names (:mod:`.language_form`; None when not recorded:
#: a row written before they were).
Facets = tuple[str, str, float | None, frozenset[str] | None]

_LANGUAGE_SETS: dict[frozenset[str], frozenset[str]] = {}  # one object per distinct set


def as_datetime(value) -> datetime | None:
    """A datetime or ISO-8601 text as an aware datetime (UTC when it has no zone); None
    when it is neither."""
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str) and value:
        try:
            dt = datetime.fromisoformat(value)
        except ValueError:
            return None
    else:
        return None
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def facets(meta: dict) -> Facets:
    """``meta``'s :data:`Facets` (the meta JSON of every note, its name and description
    above all, was 44 MB of a 100,000-note index; searches read only these)."""
    scope, kind, langs = meta.get("scope"), meta.get("type"), meta.get("languages")
    languages = None
    if isinstance(langs, list):
        found = frozenset(x for x in langs if isinstance(x, str))
        languages = _LANGUAGE_SETS.setdefault(found, found)
    return (
        sys.intern(scope) if isinstance(scope, str) else "",
        sys.intern(kind) if isinstance(kind, str) else "",
        created.timestamp() if (created := as_datetime(meta.get("created"))) else None,
        languages,
    )


def facets_meta(f: Facets) -> dict:
    """The meta a hit carries: ``scope``, ``type`` and ``created`` (a datetime), where known."""
    scope, kind, created = f[0], f[1], f[2]
    meta: dict = {}
    if scope:
        meta["scope"] = scope
    if kind:
        meta["type"] = kind
    if created is not None:
        meta["created"] = datetime.fromtimestamp(created, UTC)
    return meta
