"""Glosses of well-known developer tools, services and acronyms, for note representation.

A note names things ("quarantine flaky Playwright tests", "FX uses ECB rates", "reporting
queries go to the RDS read replica"); the message that should find it often describes them
instead ("a browser test keeps failing", "whose currency rates do we use", "which database
host for a big report"). Small sentence encoders know ordinary words far better than product
names and acronyms, and the keyword side cannot match a word the note does not contain. So a
note is indexed with a short plain-words gloss of each known term it mentions
("Playwright: cross-browser end-to-end testing framework"): in the text its vectors are built
from, and as extra words in its keyword-index body. Only the stored side changes: the chat
message is used as typed (glossing it too measured worse), so this costs nothing per turn —
except one reading: a message that adds a package is searched as such (:mod:`.dependency_form`).

The entries (``glossary.tsv`` beside this module, package data: ``term<TAB>gloss`` lines,
~2,000) are a general-purpose dictionary of developer tools, cloud services, libraries,
protocols, laws/standards and engineering or business jargon, with common alternative names,
written from general knowledge, independently of any evaluation set. Matching: an all-lower-case term
matches in any case; a term with a capital letter matches as written, and in any case too
unless one of its words is a common word (``Postgres`` also matches "postgres" and
"POSTGRES"; ``Linear`` the tracker does not match "linear"). Common words are the whole words
of MiniLM's WordPiece vocabulary (the pinned ``minilm_vocab.txt``; without it, exact case
only). Terms are matched as whole words (``lodash-es``, ``Next.js`` and ``incident.io`` are
one word), longest first, up to :data:`MAX_TERM_WORDS` words.

Stdlib only. Must not import model runtimes, sqlite3,
pygls, lsprotocol or a CLI.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection
from functools import lru_cache
from importlib import resources

__all__ = [
    "MAX_GLOSSES",
    "MAX_TERM_WORDS",
    "Glossary",
    "builtin_entries",
    "common_words",
    "default_glossary",
]

#: The longest term, in words.
MAX_TERM_WORDS = 4
#: At most this many glosses per note (in order of first mention).
MAX_GLOSSES = 8
#: Only this much of a note is scanned (notes are ≤ 4 KB when recalled; huge files are cut).
SCAN_CHARS = 20_000

# a word: letters/digits, with inner . + # _ - (Next.js, C#, lodash-es, incident.io)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+#_-]*[A-Za-z0-9+#]|[A-Za-z0-9]")


class Glossary:
    """Term → gloss lookup over ``entries`` (lines of ``term<TAB>gloss``)."""

    def __init__(self, entries: str, common_words: Collection[str] = ()) -> None:
        common = frozenset(common_words)
        self._exact: dict[str, tuple[str, str]] = {}
        self._folded: dict[str, tuple[str, str]] = {}
        self._loose: dict[str, tuple[str, str]] = {}  # capitalised terms, in any case
        self._span: dict[str, int] = {}  # lower-cased first word -> longest term from it
        longest = 1
        for line in entries.splitlines():
            term, sep, gloss = line.partition("\t")
            term, gloss = term.strip(), gloss.strip()
            if not sep or not term or not gloss:
                continue
            words = _WORD.findall(term)
            if not words:
                continue
            key = " ".join(words)
            longest = max(longest, len(words))
            low = key.lower()
            if key == low:
                self._folded.setdefault(low, (term, gloss))
            else:
                self._exact.setdefault(key, (term, gloss))
                if common and not any(w in common for w in low.split()):
                    self._loose.setdefault(low, (term, gloss))
            if len(words) > 1:  # where a multi-word term can start, and how long it can be
                first = words[0].lower()
                self._span[first] = max(self._span.get(first, 1), len(words))
        self._longest = min(longest, MAX_TERM_WORDS)
        #: Changes whenever the entries or the common words do (keys caches of vectors built
        #: from glossed text).
        h = hashlib.sha256(entries.encode("utf-8"))
        h.update("\0".join(sorted(common)).encode("utf-8"))
        self.digest = h.hexdigest()[:12]

    def __len__(self) -> int:
        return len(self._exact) + len(self._folded)

    def lookup(self, phrase: str) -> tuple[str, str] | None:
        """``(term, gloss)`` for ``phrase`` (already split into words and re-joined)."""
        hit = self._exact.get(phrase)
        if hit is None:
            low = phrase.lower()
            hit = self._folded.get(low) or self._loose.get(low)
        return hit

    def find(self, text: str, limit: int = MAX_GLOSSES) -> list[tuple[str, str]]:
        """``(term, gloss)`` for each known term ``text`` mentions, in order of first
        mention, longest match first (``GitHub Actions`` before ``GitHub``), at most
        ``limit``."""
        words = _WORD.findall(text[:SCAN_CHARS])
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        i = 0
        while i < len(words) and len(out) < limit:
            step = 1
            span = min(self._span.get(words[i].lower(), 1), self._longest, len(words) - i)
            for n in range(span, 0, -1):
                hit = self.lookup(" ".join(words[i : i + n]) if n > 1 else words[i])
                if hit is not None:
                    step = n
                    if hit[0] not in seen:
                        seen.add(hit[0])
                        out.append(hit)
                    break
            i += step
        return out


@lru_cache(maxsize=1)
def default_glossary() -> Glossary:
    """The built-in glossary (parsed once per process)."""
    return Glossary(builtin_entries(), common_words())


def builtin_entries() -> str:
    """The text of the built-in ``glossary.tsv`` (``term<TAB>gloss`` lines)."""
    return resources.files(__package__).joinpath("glossary.tsv").read_text(encoding="utf-8")


def common_words() -> frozenset[str]:
    """The whole (not ``##``-continuation) alphabetic words of MiniLM's WordPiece vocabulary:
    ~20,000 common English words and names. Empty when the pinned tokenizer file cannot be
    read (then capitalised terms match as written only)."""
    from .minilm_model import ModelUnavailable, vocabulary

    try:
        vocab = vocabulary()
    except ModelUnavailable:
        return frozenset()
    return frozenset(w for w in vocab if w.isalpha() and w.isascii())
