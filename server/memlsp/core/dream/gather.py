"""The gather phase (SPEC R22): targeted searches of recent session records for the open
questions the inbox raises — never a full read.

An open question is an inbox observation that mentions a failure (failed, broke, error,
crash, timeout, 失败, 报错…) without saying what the error was (no quoted message, no
exception name, no exit/status code). For each, the distinctive words of the observation
are searched in session records newer than ``since`` (newest first), line by line, reading
at most ``per_file_bytes`` of each file and ``budget_bytes`` in total. A hit is a line that
shares at least two of those words with the question and carries an error-shaped token
(a quoted message, an exception name, a status code); it is returned as a short snippet with the session path as evidence.

Imports only core note helpers and :func:`memlsp.core.text.similarity_tokens`.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..notes import cut
from ..text import similarity_tokens

FAILURE = re.compile(
    r"\b(fail(?:s|ed|ing|ure)?|broke(?:n)?|break(?:s|ing)?|error(?:s|ed)?|crash(?:es|ed)?|"
    r"timed? ?out|timeout|exception|flaky|red build|regress(?:ed|ion))\b|失败|报错|挂了|崩溃|超时",
    re.I,
)
ERROR_DETAIL = re.compile(
    r"`[^`]{3,}`|\"[^\"]{6,}\"|\b[A-Z][A-Za-z]+(?:Error|Exception)\b|\b(?:E|HTTP )\d{3,}\b|"
    r"\bexit (?:code|status) \d+|\b[45]\d\d\b|\bORA-\d+|\bSQLSTATE\b|错误码|报错信息",
)
# Autosave names records "<YYYYMMDDTHHMMSSZ>-<id>" lower-cased (note names are slugs).
_SESSION_STAMP = re.compile(r"^(\d{8}T\d{6}Z)", re.IGNORECASE)


@dataclass(frozen=True)
class Question:
    path: str  # the inbox observation (scope-relative)
    words: tuple[str, ...]


@dataclass(frozen=True)
class GatheredFact:
    """A session-record line that answers an open question: evidence for the planner."""

    question: str  # inbox path
    session: str  # scope-relative session record
    line: int
    snippet: str

    def to_json(self) -> dict:
        return {
            "question": self.question,
            "session": self.session,
            "line": self.line,
            "snippet": self.snippet,
        }


@dataclass
class GatherResult:
    questions: list[Question]
    findings: list[GatheredFact]
    bytes_read: int
    files_searched: int


def open_questions(items: Iterable[tuple[str, str]]) -> list[Question]:
    """(path, text) pairs -> the observations that mention a failure without its error."""
    out = []
    for path, text in items:
        if FAILURE.search(text) and not ERROR_DETAIL.search(text):
            words = [w for w in dict.fromkeys(similarity_tokens(text)) if not FAILURE.fullmatch(w)]
            if words:
                out.append(Question(path, tuple(words[:12])))
    return out


def session_time(file: Path) -> dt.datetime | None:
    m = _SESSION_STAMP.match(file.name)
    if m:
        return dt.datetime.strptime(m.group(1).upper(), "%Y%m%dT%H%M%SZ").replace(tzinfo=dt.UTC)
    try:
        return dt.datetime.fromtimestamp(file.stat().st_mtime, dt.UTC)
    except OSError:
        return None


def gather(
    scope_root: Path,
    questions: list[Question],
    *,
    since: dt.datetime | None,
    budget_bytes: int = 256 * 1024,
    per_file_bytes: int = 32 * 1024,
    max_findings_per_question: int = 2,
) -> GatherResult:
    result = GatherResult(questions=questions, findings=[], bytes_read=0, files_searched=0)
    if not questions:
        return result
    folder = scope_root / "sessions"
    try:
        names = [n for n in os.listdir(folder) if n.endswith(".md") and not n.startswith(".")]
    except (FileNotFoundError, NotADirectoryError):
        return result
    files = []
    for name in names:
        when = session_time(folder / name)
        if when is not None and (since is None or when >= since):
            files.append((when, folder / name))
    files.sort(reverse=True)
    found: dict[str, int] = {q.path: 0 for q in questions}
    for _when, file in files:
        if result.bytes_read >= budget_bytes or all(
            n >= max_findings_per_question for n in found.values()
        ):
            break
        room = min(per_file_bytes, budget_bytes - result.bytes_read)
        try:
            with open(file, "rb") as fh:
                data = fh.read(room)
        except OSError:
            continue
        result.bytes_read += len(data)
        result.files_searched += 1
        text = data.decode("utf-8", errors="replace")
        for lineno, line in enumerate(text.splitlines(), 1):
            line_tokens = set(similarity_tokens(line))
            if not line_tokens:
                continue
            for q in questions:
                if found[q.path] >= max_findings_per_question:
                    continue
                shared = line_tokens.intersection(q.words)
                # The question is what the error was: only lines that say it answer.
                if len(shared) >= min(2, len(q.words)) and ERROR_DETAIL.search(line):
                    found[q.path] += 1
                    result.findings.append(
                        GatheredFact(
                            q.path, f"sessions/{file.name}", lineno, cut(line.strip(" -*>"), 240)
                        )
                    )
    return result


__all__ = [
    "ERROR_DETAIL",
    "FAILURE",
    "GatheredFact",
    "GatherResult",
    "Question",
    "gather",
    "open_questions",
]
