"""Citation extraction from a note's text (SPEC R29): what the note says exists in the code.

Sources, in the order they win:

1. frontmatter ``refs``: ``{path, symbol?, line?}`` mappings (or plain path strings);
2. in the body, inline code spans: paths (``src/x.py``, ``src/x.py:80``, ``x.py#L80``,
   ``src/``), symbols (``foo()``, ``foo(a, b)``, ``Class.method``, ``module::fn``,
   ``pkg.func``, ``Type#method``, ``macro!``), ``path::symbol`` / ``path#symbol``;
3. Markdown links and images whose target is a relative path (``[x](src/x.py#L3)``).

A body mention of something a ref already cites is dropped: the explicit ref wins.

Not citations (deliberately): URLs and domains, shell commands and prose (anything with
spaces that is not a call), flags (``--force``: a flag is not a definition a parser can
find, so it is left to the reader, R19), environment variables and ALL_CAPS names (an env
var is defined nowhere in code), version numbers and numbers, absolute and ``../`` paths,
and anything inside fenced code blocks (examples, not claims). A bare identifier
(``send_with_backoff``) is a citation only when the sentence ties it to a path
("`send_with_backoff` in `src/webhooks.rs`"): alone, it is too often a field, a column
or a word.

The data model and ranges are :mod:`.citation`; reading ``refs`` is :mod:`.refs`.

Pure: the standard library and PyYAML (through :mod:`.refs`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .citation import (
    KIND_FILE,
    KIND_FILE_SYMBOL,
    KIND_SYMBOL,
    Citation,
    SourceRange,
    normalise_path,
    symbol_segments,
)
from .refs import refs_citations, split_frontmatter

# Extensions that make a slash-less ``name.ext`` a file rather than ``pkg.func``.
FILE_EXTENSIONS = frozenset(
    """py pyi ts tsx js jsx mjs cjs mts cts rs go java kt kts scala c h cc cpp cxx hpp hh
    cs fs rb php swift m mm lua pl sh bash zsh fish ps1 sql md markdown rst txt adoc json
    jsonc json5 yaml yml toml ini cfg conf env lock xml html htm css scss sass less vue
    svelte proto graphql gql gradle mk cmake dockerfile tf hcl nix ex exs erl hs ml elm
    clj dart zig r jl ipynb csv tsv svg""".split()
)
# Extension-less file names that are still plainly files.
BARE_FILE_NAMES = frozenset(
    """Makefile Dockerfile Containerfile Justfile Procfile Gemfile Rakefile Vagrantfile
    Jenkinsfile CODEOWNERS LICENSE .gitignore .gitattributes .editorconfig .env""".split()
)
# Names that look like PascalCase identifiers but are products, not code.
_DOMAIN_TLDS = frozenset("com org net dev app co uk de cn fr jp edu gov info biz".split())
_NOT_SYMBOLS = frozenset({"e.g", "i.e", "a.k.a", "etc", "vs"})

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_CHAIN = rf"{_IDENT}(?:(?:\.|::|#|->){_IDENT})*"
_RE_CALL = re.compile(rf"^(?P<sym>{_CHAIN})(?:!)?\((?P<args>.*)\)$", re.S)
_RE_MACRO = re.compile(rf"^(?P<sym>{_IDENT})!$")
_RE_QUALIFIED = re.compile(rf"^{_IDENT}(?:(?:\.|::|#){_IDENT})+$")
_RE_SPACE = re.compile(r"\s")
_RE_BARE = re.compile(rf"^{_IDENT}$")
_RE_URL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*://|www\.|mailto:|data:)")
_RE_NUMBER = re.compile(r"^[vV]?\d+(?:[._]\d+)*(?:[-+][\w.]+)?$")
_SEG = r"[^\s`:*?\"<>|\\/#]+"
_RE_PATH = re.compile(
    rf"^(?:\./)?(?P<path>{_SEG}(?:/{_SEG})*/?)"
    rf"(?:(?::(?P<line>\d+)(?:[:-]\d+)?)|(?:#L(?P<line2>\d+)(?:-L?\d+)?)"
    rf"|(?:(?:::|#)(?P<sym>{_CHAIN})(?:\(\))?))?$"
)
_RE_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_RE_LINK = re.compile(
    r"!?\[(?P<text>[^\]\n]*)\]\((?P<target><[^>\n]+>|[^)\s]+)(?:\s+\"[^\"\n]*\")?\)"
)
_RE_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
# Words between a symbol and a path that tie the symbol to that file.
_RE_TIE = re.compile(
    r"^\s*(?:\(|,|:)?\s*(?:(?:is|lives|defined|declared|implemented|found|lies)\s+)?"
    r"(?:in|from|at|inside|within|of|under|在)\s*(?:the\s+(?:file|module)\s+)?$",
    re.I,
)


@dataclass
class _Span:
    """A classified inline code span before tying."""

    kind: str
    path: str | None
    symbol: str | None
    line: int | None
    range: SourceRange
    path_range: SourceRange | None
    symbol_range: SourceRange | None
    text: str
    bare: bool = False
    call: bool = False
    outer: tuple[int, int] = (0, 0)  # the code span with its backticks, in code points


def looks_like_file(path: str) -> bool:
    """Is ``path`` (no line suffix) plausibly a workspace file or folder?"""
    if not path or path.startswith(("/", "~", "../")) or "//" in path or ".." in path.split("/"):
        return False
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if last in BARE_FILE_NAMES:
        return True
    if path.endswith("/"):
        return "/" in path[:-1] or bool(re.fullmatch(r"[\w.-]+", last))
    stem, dot, ext = last.rpartition(".")
    if "/" in path:
        if not dot or not stem:
            return last.startswith(".") and len(last) > 1  # src/.eslintrc
        return bool(re.fullmatch(r"[A-Za-z0-9_+-]{1,12}", ext))
    return bool(dot and stem) and ext.lower() in FILE_EXTENSIONS


def classify_code(content: str) -> tuple[str, dict] | None:
    """Classify an inline code span's content: ``(kind, fields)`` or None (not a citation).

    ``fields`` holds ``path``, ``symbol``, ``line``, ``bare``, ``call``, and the code-point
    offsets of the path/symbol inside ``content`` (``path_at``/``symbol_at``).
    """
    text = content
    if not text.strip():
        return None
    lead = len(text) - len(text.lstrip())
    text = text.strip()
    m = _RE_CALL.match(text)
    if m and "`" not in m.group("args"):
        sym = m.group("sym")
        if symbol_segments(sym):
            return KIND_SYMBOL, {"symbol": sym, "symbol_at": (lead, lead + len(sym)), "call": True}
    m = _RE_MACRO.match(text)
    if m:
        sym = m.group("sym")
        return KIND_SYMBOL, {"symbol": sym, "symbol_at": (lead, lead + len(sym)), "call": True}
    if _RE_SPACE.search(text):
        return None  # prose, shell commands
    if _RE_URL.match(text) or text.startswith(("-", "$", "%", "@")) or _RE_NUMBER.match(text):
        return None
    m = _RE_PATH.match(text)
    if m:
        path = m.group("path")
        if looks_like_file(path):
            offset = lead + (m.start("path"))
            fields: dict = {"path": normalise_path(path), "path_at": (offset, offset + len(path))}
            line = m.group("line") or m.group("line2")
            if line:
                fields["line"] = int(line)
            if m.group("sym"):
                fields["symbol"] = m.group("sym")
                fields["symbol_at"] = (lead + m.start("sym"), lead + m.end("sym"))
                return KIND_FILE_SYMBOL, fields
            return KIND_FILE, fields
    if _RE_QUALIFIED.match(text):
        if text.lower() in _NOT_SYMBOLS:
            return None
        last = re.split(r"\.|::|#", text)[-1]
        if "." in text and "::" not in text and last.lower() in _DOMAIN_TLDS:
            return None
        return KIND_SYMBOL, {"symbol": text, "symbol_at": (lead, lead + len(text))}
    if _RE_BARE.match(text) and not text.isupper() and len(text) > 1:
        code_like = "_" in text.strip("_") or re.search(r"[a-z][A-Z]", text)
        if code_like:
            return KIND_SYMBOL, {
                "symbol": text,
                "symbol_at": (lead, lead + len(text)),
                "bare": True,
            }
    return None


def _body_citations(lines: list[str], body_start: int) -> list[Citation]:
    out: list[Citation] = []
    fence: str | None = None
    for line_no in range(body_start, len(lines)):
        line_text = lines[line_no]
        fm = _RE_FENCE.match(line_text)
        if fence is not None:
            if fm and fm.group(1)[0] == fence[0] and len(fm.group(1)) >= len(fence):
                fence = None
            continue
        if fm:
            fence = fm.group(1)
            continue
        if "`" in line_text or "](" in line_text:
            out.extend(_line_citations(line_no, line_text))
    return out


def _line_citations(line_no: int, line_text: str) -> list[Citation]:
    spans: list[_Span] = []
    code_areas: list[tuple[int, int]] = []
    for m in _RE_CODE_SPAN.finditer(line_text):
        inner_start = m.start(2)
        content = m.group(2)
        code_areas.append((m.start(), m.end()))
        got = classify_code(content)
        if got is None:
            continue
        kind, f = got
        path_range = symbol_range = None
        if "path_at" in f:
            a, b = f["path_at"]
            path_range = SourceRange.on(line_no, line_text, inner_start + a, inner_start + b)
        if "symbol_at" in f:
            a, b = f["symbol_at"]
            symbol_range = SourceRange.on(line_no, line_text, inner_start + a, inner_start + b)
        stripped = content.strip()
        lead = len(content) - len(content.lstrip())
        rng = SourceRange.on(
            line_no, line_text, inner_start + lead, inner_start + lead + len(stripped)
        )
        spans.append(
            _Span(
                kind,
                f.get("path"),
                f.get("symbol"),
                f.get("line"),
                rng,
                path_range,
                symbol_range,
                stripped,
                bare=bool(f.get("bare")),
                call=bool(f.get("call")),
                outer=(m.start(), m.end()),
            )
        )
    out: list[Citation] = []
    # Tie a symbol to the path that follows it ("`foo()` in `src/x.py`").
    for i, span in enumerate(spans):
        if span.kind != KIND_SYMBOL:
            continue
        nxt = spans[i + 1] if i + 1 < len(spans) else None
        if nxt is not None and nxt.kind == KIND_FILE and not nxt.path.endswith("/"):
            between = line_text[span.outer[1] : nxt.outer[0]]
            if _RE_TIE.match(between):
                span.kind = KIND_FILE_SYMBOL
                span.path = nxt.path
                span.path_range = nxt.path_range
                span.line = nxt.line
                span.bare = False
    for span in spans:
        if span.bare:
            continue
        out.append(
            Citation(
                kind=span.kind,
                path=span.path,
                symbol=span.symbol,
                line=span.line,
                range=span.range,
                origin="code",
                text=span.text,
                path_range=span.path_range,
                symbol_range=span.symbol_range,
                call=span.call,
            )
        )
    for m in _RE_LINK.finditer(line_text):
        if any(a <= m.start() < b for a, b in code_areas):
            continue
        target = m.group("target")
        t_start = m.start("target")
        if target.startswith("<"):
            target, t_start = target[1:-1], t_start + 1
        if _RE_URL.match(target) or target.startswith("#") or ":" in target.split("/")[0]:
            continue
        path, _, anchor = target.partition("#")
        if not looks_like_file(normalise_path(path)):
            continue
        line = None
        am = re.fullmatch(r"L(\d+)(?:-L?\d+)?", anchor)
        if am:
            line = int(am.group(1))
        rng = SourceRange.on(line_no, line_text, t_start, t_start + len(target))
        p_rng = SourceRange.on(line_no, line_text, t_start, t_start + len(path))
        out.append(
            Citation(
                kind=KIND_FILE,
                path=normalise_path(path),
                symbol=None,
                line=line,
                range=rng,
                origin="link",
                text=target,
                path_range=p_rng,
            )
        )
    return out


def extract_citations(text: str) -> list[Citation]:
    """Every citation of a note, in source order: refs first, then body mentions that no
    ref already covers."""
    lines, fm_start, fm_end = split_frontmatter(text)
    refs = refs_citations(lines, fm_start, fm_end) if fm_end > 0 else []
    body = _body_citations(lines, fm_end + 1 if fm_end > 0 else 0)
    ref_paths = {c.path for c in refs if c.path}
    ref_symbols = {c.symbol for c in refs if c.symbol}
    kept = [
        c
        for c in body
        if not (
            (c.kind == KIND_FILE and c.path in ref_paths)
            or (c.kind == KIND_SYMBOL and c.symbol in ref_symbols)
            or (c.kind == KIND_FILE_SYMBOL and c.symbol in ref_symbols and c.path in ref_paths)
        )
    ]
    return refs + kept


__all__ = [
    "BARE_FILE_NAMES",
    "FILE_EXTENSIONS",
    "classify_code",
    "extract_citations",
    "looks_like_file",
]
