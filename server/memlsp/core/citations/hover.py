"""What hovers show about citations (SPEC R30): the notes citing a file or a symbol, the
citation under a position in a note, and everything known about one citation (exists or
not, where git says it went, its definitions, the last commit touching the cited file).

Functions over a checker's state (:class:`~.registry.NoteRegistry`, workspace, symbol
index, history); :class:`~.check.Checker` calls them under its lock. Wording the hover is
the editor adapter's job.

Pure core: never imports pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

from .citation import Citation, symbol_segments
from .findings import CitationStatus, CitingNote, Finding
from .history import History
from .languages import PARSER_REGEX
from .registry import NoteRegistry, NoteState
from .symbols import Definition, SymbolIndex
from .workspace import Workspace


def _cites_file(cited: str, rel: str) -> bool:
    """Does a citation of path ``cited`` name the workspace file ``rel`` (the file, a
    folder holding it, or its bare base name)?"""
    cp = cited.rstrip("/")
    return bool(cp) and (
        cp == rel or rel.startswith(cp + "/") or ("/" not in cp and rel.rsplit("/", 1)[-1] == cp)
    )


def _citing(registry: NoteRegistry, note: str, citations: list[Citation]) -> list[CitingNote]:
    by_cit = {f.citation: f for f in registry.notes[note].findings}
    return [CitingNote(note, c, by_cit.get(c)) for c in citations]


def notes_citing(
    registry: NoteRegistry,
    workspace: Workspace,
    path: str | None = None,
    symbol: str | None = None,
) -> list[CitingNote]:
    """Notes citing a workspace file (absolute or relative path; citations of a symbol in
    it excluded) or a symbol (name or qualified name, matched on its trailing segments),
    each with its finding when the citation is stale."""
    rel = workspace.relative(path) if path is not None else None
    candidates: set[str] = set()
    if rel is not None:
        candidates |= registry.citing_path(rel)
    segs = symbol_segments(symbol) if symbol else []
    if segs:
        candidates |= registry.citing_symbol(segs[-1])
    out: list[CitingNote] = []
    for note in sorted(candidates):
        hits = []
        for c in registry.notes[note].citations:
            hit = rel is not None and c.path is not None and c.symbol is None
            hit = hit and _cites_file(c.path, rel)
            if segs and c.symbol:
                cs = symbol_segments(c.symbol)
                n = min(len(cs), len(segs))
                hit = hit or (cs[-n:] == segs[-n:])
            if hit:
                hits.append(c)
        out += _citing(registry, note, hits)
    return out


def notes_citing_code(
    registry: NoteRegistry,
    workspace: Workspace,
    symbols: SymbolIndex,
    path: str,
    symbol: str | None = None,
) -> list[CitingNote]:
    """From inside a code file: with ``symbol`` (the identifier under the cursor), the
    notes citing that symbol *as defined in this file* — a citation tied to this file, one
    whose symbol moved here, or an untied one this file defines; without it, the notes
    citing the file itself (or a folder holding it), ``charge`` in ``x.py`` included."""
    rel = workspace.relative(path)
    if rel is None:
        return []
    if symbol is None:
        out: list[CitingNote] = []
        for note in sorted(registry.citing_path(rel)):
            cites = registry.notes[note].citations
            out += _citing(
                registry, note, [c for c in cites if c.path and _cites_file(c.path, rel)]
            )
        return out
    out = []
    for hit in notes_citing(registry, workspace, symbol=symbol):
        c = hit.citation
        if c.path is not None:
            here = c.path == rel or ("/" not in c.path and rel.rsplit("/", 1)[-1] == c.path)
            moved_here = hit.finding is not None and hit.finding.suggestion == rel
            if not (here or moved_here):
                continue
        elif symbols.lookup(c.symbol or symbol, rel).status != "found":
            continue
        out.append(hit)
    return out


def citation_at(state: NoteState | None, line: int, character: int) -> Citation | None:
    """The citation under an LSP position (0-based line, UTF-16 column) in a note."""
    if state is None:
        return None
    for c in state.citations:
        for r in (c.range, c.path_range, c.symbol_range):
            if r is not None and r.line == line and r.start <= character <= r.end:
                return c
    return None


def finding_at(state: NoteState | None, code: str, line: int, character: int) -> Finding | None:
    """The finding a diagnostic stands for (its code and start position)."""
    for f in state.findings if state is not None else ():
        if f.code == code and f.range.line == line and f.range.start == character:
            return f
    return None


def citation_status(
    state: NoteState | None,
    citation: Citation,
    symbols: SymbolIndex,
    history: History | None,
) -> CitationStatus:
    """Everything a hover on ``citation`` of the note ``state`` says."""
    finding = None
    if state is not None:
        finding = next((f for f in state.findings if f.citation == citation), None)
    defs: list[Definition] = []
    if citation.symbol:
        defs = symbols.lookup(citation.symbol, None).definitions
    path = finding.suggestion if finding is not None and finding.suggestion else citation.path
    last = None
    if history is not None and path:
        last = history.last_commit(path) or history.last_commit(citation.path or path)
    return CitationStatus(
        citation,
        finding,
        finding is None,
        defs,
        last,
        finding.event if finding is not None else None,
        any(d.parser == PARSER_REGEX for d in defs) or bool(finding and finding.heuristic),
    )


__all__ = [
    "citation_at",
    "citation_status",
    "finding_at",
    "notes_citing",
    "notes_citing_code",
]
