"""Hovers (SPEC R29, R30): on a citation inside a note, on a note's frontmatter, and in code.

* On a citation: does it exist; if not, where it went (the git commit and date of the
  deletion or rename) and what to do; the definitions found; the last commit touching it.
* On a note's frontmatter: type, scope, age, size, times recalled, stale citations.
* In a workspace file (setting ``hover.inCode``, on by default): on an identifier that notes
  cite as defined in this file, those notes with their staleness; on the first line, the
  notes citing the file itself. Nothing is shown when no note cites what is under the cursor.

The text is built from core answers (:meth:`Checker.status`, :meth:`Checker.notes_citing_code`,
the memory service's note facts); this module only formats Markdown.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import to_fs_path

from ...core.citations import Checker, CitationStatus, CitingNote, split_frontmatter

logger = logging.getLogger(__name__)

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _days(days: float) -> str:
    if days < 1:
        return "today"
    n = int(days)
    return "1 day ago" if n == 1 else f"{n} days ago"


def citation_markdown(status: CitationStatus, *, judged: bool) -> str:
    c = status.citation
    out = [f"**memlsp** · citation `{c.label}`", ""]
    if not judged:
        out.append("A global note: its citations are not checked against this workspace.")
        return "\n".join(out)
    f = status.finding
    if f is None:
        out.append("✓ exists in the workspace now.")
    else:
        out.append(f"⚠ **{f.code}**: {f.message}")
        if f.suggestion:
            out.append("")
            out.append(f"Now at `{f.suggestion}` — the quick fix updates the citation.")
    if status.event is not None:
        e = status.event
        when = f"{e.commit.short} on {e.commit.date.date().isoformat()}"
        if e.kind == "renamed" and e.new_path:
            out += ["", f"Git: renamed to `{e.new_path}` in {when} ({e.commit.subject})"]
        else:
            out += ["", f"Git: deleted in {when} ({e.commit.subject})"]
    if status.definitions:
        shown = status.definitions[:5]
        defs = ", ".join(f"`{d.path}:{d.line}` ({d.kind}, {d.parser})" for d in shown)
        more = f" and {len(status.definitions) - 5} more" if len(status.definitions) > 5 else ""
        out += ["", f"Defined at {defs}{more}."]
    if status.heuristic:
        out += ["", "_Heuristic: a regex fallback or a same-name match, not a parser._"]
    if status.last_commit is not None:
        lc = status.last_commit
        out += [
            "",
            f"Last commit touching it: {lc.short} on {lc.date.date().isoformat()} "
            f"by {lc.author}: {lc.subject}",
        ]
    return "\n".join(out)


def note_markdown(ls, rel: str, checker: Checker | None) -> str | None:
    facts = ls.service.note_facts(rel, also=checker.project if checker is not None else None)
    if facts is None:
        return None
    lines = [f"**memlsp** · note `{facts.name}`", ""]
    lines.append(f"- type: `{facts.type}`")
    lines.append(f"- scope: {facts.scope_kind} (`{facts.scope_rel}`)")
    if facts.age_days is not None:
        lines.append(f"- age: {_days(facts.age_days)} ({facts.bytes} bytes)")
    if facts.source or facts.agent:
        by = f" by {facts.agent}" if facts.agent else ""
        lines.append(f"- written: {facts.source or 'by hand'}{by}")
    recalled = facts.recalled
    lines.append(f"- recalled: {recalled} time{'s' if recalled != 1 else ''}")
    stale = ls.citations.stale_count(rel)
    if stale is not None:
        lines.append(f"- stale citations: {stale}")
    return "\n".join(lines)


def code_markdown(ls, hits: list[CitingNote], what: str) -> str | None:
    if not hits:
        return None
    by_note: dict[str, list[CitingNote]] = {}
    for hit in hits:
        by_note.setdefault(hit.note, []).append(hit)
    n = len(by_note)
    out = [f"**memlsp** · {n} note{'s' if n != 1 else ''} cite{'' if n != 1 else 's'} {what}", ""]
    for note, group in sorted(by_note.items()):
        uri = ls.citations.note_uri(note)
        name = Path(note).stem
        stale = [h.finding for h in group if h.finding is not None]
        if stale:
            state = "; ".join(f"⚠ {f.code}: {f.message}" for f in stale)
        else:
            state = "✓ up to date"
        out.append(f"- [{name}]({uri}) — {state}")
    return "\n".join(out)


def _line_text(ls, uri: str, path: str, line: int) -> str:
    try:
        doc = ls.workspace.get_text_document(uri)
        lines = doc.lines
    except Exception:  # noqa: BLE001 - not open: read it from disk
        lines = None
    if not lines:
        try:
            lines = Path(path).read_text("utf-8", errors="replace").splitlines()
        except OSError:
            return ""
    return lines[line].rstrip("\r\n") if 0 <= line < len(lines) else ""


def _utf16_to_cp(text: str, col: int) -> int:
    units = 0
    for i, ch in enumerate(text):
        if units >= col:
            return i
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def identifier_at(text: str, character: int) -> str | None:
    cp = _utf16_to_cp(text, character)
    for m in _IDENT.finditer(text):
        if m.start() <= cp <= m.end():
            return m.group()
    return None


def hover_text(ls, uri: str, line: int, character: int) -> str | None:
    """The Markdown of a hover (blocking: runs on a worker thread)."""
    path = to_fs_path(uri) if uri.startswith("file:") else None
    if path is None:
        return None
    service = ls.citations
    rel = service.note_rel(path)
    if rel is not None:
        checker = service.checker_for_note(rel)
        if checker is not None:
            c = checker.citation_at(rel, line, character)
            if c is not None:
                return citation_markdown(checker.status(rel, c), judged=checker.judged(rel))
        try:
            text = Path(path).read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        _, start, end = split_frontmatter(text)
        if start <= line <= end and end > 0:
            return note_markdown(ls, rel, checker)
        return None
    if not ls.settings.hover.in_code:
        return None
    checker = service.checker_for_file(path)
    if checker is None:
        return None
    parts = []
    word = identifier_at(_line_text(ls, uri, path, line), character)
    if word is not None:
        parts.append(code_markdown(ls, checker.notes_citing_code(path, word), f"`{word}`"))
    if line == 0:
        rel_file = checker.workspace.relative(path)
        parts.append(code_markdown(ls, checker.notes_citing_code(path), f"`{rel_file}`"))
    text = "\n\n---\n\n".join(p for p in parts if p)
    return text or None


REQUIRES = ("lifecycle", "diagnostics")


def register(server) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def on_hover(ls, params: types.HoverParams) -> types.Hover | None:
        pos = params.position
        try:
            text = await ls.run_blocking(
                hover_text, ls, params.text_document.uri, pos.line, pos.character
            )
        except JsonRpcException:
            return None  # busy or a file-system error: no hover rather than an error box
        if not text:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))
