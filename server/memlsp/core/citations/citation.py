"""What a citation is (SPEC R29): one thing a note says exists in the code, and exactly
where the note says it.

Ranges are 0-based lines of the whole note file (frontmatter included) with columns in
UTF-16 code units (what LSP wants) and in code points (what Python slices use).

Pure: the standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KIND_FILE = "file"
KIND_SYMBOL = "symbol"
KIND_FILE_SYMBOL = "file+symbol"


def utf16_len(text: str) -> int:
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class SourceRange:
    """A span on one line of the note file: 0-based ``line``; ``start``/``end`` in UTF-16
    code units (LSP positions); ``start_cp``/``end_cp`` in code points (Python indices)."""

    line: int
    start: int
    end: int
    start_cp: int
    end_cp: int

    @classmethod
    def on(cls, line_no: int, line_text: str, start_cp: int, end_cp: int) -> SourceRange:
        start = utf16_len(line_text[:start_cp])
        return cls(line_no, start, start + utf16_len(line_text[start_cp:end_cp]), start_cp, end_cp)

    def to_json(self) -> dict:
        return {"line": self.line, "start": self.start, "end": self.end}


@dataclass(frozen=True)
class RefSpan:
    """Where a frontmatter ``refs`` item sits, so that a fix can remove it."""

    index: int
    first_line: int
    end_line: int  # exclusive; block-style items only
    flow: bool


@dataclass(frozen=True)
class Citation:
    """One thing a note cites. ``line`` is the cited 1-based line in the code file.

    ``range`` covers the citation as written; ``path_range`` covers just the path text
    (for a symbol tied to a path elsewhere on the line, that path's span) — a rename fix
    replaces exactly that; ``symbol_range`` likewise for the symbol text.
    """

    kind: str
    path: str | None
    symbol: str | None
    line: int | None
    range: SourceRange
    origin: str  # "refs" | "code" | "link"
    text: str  # the exact source text at ``range``
    path_range: SourceRange | None = None
    symbol_range: SourceRange | None = None
    ref: RefSpan | None = field(default=None, compare=False)
    call: bool = False  # written as a call or macro: foo(), foo!

    @property
    def label(self) -> str:
        """Canonical short form: ``path``, ``path:line``, ``symbol``, ``path#symbol``."""
        if self.kind == KIND_SYMBOL:
            return self.symbol or ""
        text = self.path or ""
        if self.line:
            text += f":{self.line}"
        if self.symbol:
            text += f"#{self.symbol}"
        return text

    def to_json(self) -> dict:
        data: dict = {"kind": self.kind, "origin": self.origin, "range": self.range.to_json()}
        for key in ("path", "symbol", "line"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


def normalise_path(path: str) -> str:
    path = path.strip().replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def symbol_segments(symbol: str) -> list[str]:
    """``a.b``, ``a::b``, ``a#b``, ``a->b`` → ``[a, b]``; ``self``/``this``/``crate`` dropped."""
    parts = [p for p in re.split(r"\.|::|#|->", symbol) if p]
    while len(parts) > 1 and parts[0] in ("self", "this", "crate", "super", "Self"):
        parts = parts[1:]
    return parts


__all__ = [
    "KIND_FILE",
    "KIND_FILE_SYMBOL",
    "KIND_SYMBOL",
    "Citation",
    "RefSpan",
    "SourceRange",
    "normalise_path",
    "symbol_segments",
    "utf16_len",
]
