"""Best-effort forget (SPEC R23): find notes by what they say, then forget each one through
the verified path with the hash of the bytes just scanned.

Must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from .. import telemetry
from ..lazyre import lazy_compile
from ..store import Entry, Scope, Store
from .errors import ForgetRefused
from .tombstones import normalise_text
from .verified import ForgetResult, forget


# ---- best-effort forget (R23) ---------------------------------------------------------------
@dataclass
class MatchReport:
    """What ``forget --matching`` did: every match and its outcome, nothing hidden."""

    query: str
    searched: list[str] = field(default_factory=list)  # scope rels searched
    matches: list[Entry] = field(default_factory=list)
    forgotten: list[ForgetResult] = field(default_factory=list)
    refused: list[tuple[str, str, str]] = field(default_factory=list)  # path, reason, message
    redacted: list[str] = field(default_factory=list)  # session records the text left
    # more than FEW matched and the caller did not confirm how many it listed: nothing gone
    needs_confirmation: bool = False


MIN_QUERY_CHARS = 3  # "e" matches nearly every note: a match must be specific
FEW = 3  # beyond this many matches, confirming means naming how many were listed
_CJK = lazy_compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def check_specific(text: str) -> None:
    """Refuse (``broad``) a query that would match nearly everything: fewer than 3
    characters of words, or only words of one character (2 Chinese/Japanese/Korean
    characters are specific enough)."""
    words = _words(text)
    letters = sum(len(w) for w in words)
    cjk = len(_CJK.findall(text))
    if cjk >= 2 or (letters >= MIN_QUERY_CHARS and max(map(len, words), default=0) >= 2):
        return
    raise ForgetRefused(
        "broad",
        f"{text!r} is too short to forget by: it would match nearly every note; give at least"
        f" {MIN_QUERY_CHARS} characters of a word the notes to forget contain",
    )


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", normalise_text(text))


def find_matching(store: Store, text: str, scopes: list[Scope] | None = None) -> list[Entry]:
    """Live notes (topic, inbox, sessions) whose name, description or body contains ``text``
    (case- and width-insensitive), or contains every word of it. Archived inbox files are
    not searched: they are not recallable and only a dream run's audit trail."""
    query = normalise_text(text)
    if not query:
        return []
    words = _words(text)
    hits: list[Entry] = []
    for scope in scopes if scopes is not None else store.scopes():
        for entry in store.scan(scope).entries:
            hay = normalise_text(
                " ".join((entry.note.name, entry.note.description, entry.note.body))
            )
            if query in hay or (words and all(w in _words(hay) for w in words)):
                hits.append(entry)
    return hits


def forget_matching(
    store: Store,
    text: str,
    scopes: list[Scope] | None = None,
    *,
    confirm: bool = False,
    expect: int | None = None,
    now: dt.datetime | None = None,
) -> MatchReport:
    """Best-effort forget: find the matches and, when ``confirm``, forget each one through
    the verified path with the hash of the bytes just scanned. More than :data:`FEW`
    matches are forgotten only when ``expect`` says how many the person saw listed;
    otherwise ``needs_confirmation`` and nothing is removed."""
    check_specific(text)
    scopes = scopes if scopes is not None else store.scopes()
    report = MatchReport(text, [s.rel for s in scopes], find_matching(store, text, scopes))
    if confirm and len(report.matches) > FEW and expect != len(report.matches):
        report.needs_confirmation = True
        confirm = False
    if confirm:
        for entry in report.matches:
            try:
                report.forgotten.append(
                    forget(store, entry.path, entry.sha256, reason="matching", now=now)
                )
            except ForgetRefused as exc:
                report.refused.append((entry.path, exc.reason, str(exc)))
    telemetry.emit(
        "forget.matching",
        confirmed=confirm,
        matched=len(report.matches),
        forgotten=len(report.forgotten),
        refused=len(report.refused),
    )
    return report
