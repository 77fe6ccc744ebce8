"""Which files a note cites, and whether they are still there (R18, R19): the citations
of a note, the stale-citation checks recall runs before injecting, and the open-file
trigger's path matching. Must not import pygls, lsprotocol or an adapter."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..citations.extract import extract_citations
from ..store import Entry

_CITATIONS: dict[tuple[str, str], list] = {}  # (path, content hash) -> citations


def note_citations(entry: Entry) -> list:
    """The note's citations (frontmatter refs, backticked paths and symbols, links), parsed
    by :mod:`memlsp.core.citations` and cached by the note's content hash."""
    key = (entry.path, entry.sha256)
    hit = _CITATIONS.get(key)
    if hit is None:
        try:
            text = entry.file.read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        hit = extract_citations(text) if text else []
        if len(_CITATIONS) > 20_000:
            _CITATIONS.clear()
        _CITATIONS[key] = hit
    return hit


def cited_paths(entry: Entry) -> set[str]:
    """Workspace paths a note cites (R18: open files pull in the notes that cite them)."""
    return {c.path.lstrip("./") for c in note_citations(entry) if c.path}


def file_stale_check(workspace_root: Path) -> Callable[[Entry], list[dict]]:
    """R19 at recall time without a symbol index (the CLI): a cited file that does not exist
    in the workspace is flagged. Symbols are left to the language server's checker."""
    root = Path(workspace_root)

    def check(entry: Entry) -> list[dict]:
        out = []
        for c in note_citations(entry):
            if c.path and not (root / c.path).exists():
                out.append(
                    {
                        "ref": c.label,
                        "reason": "stale-file",
                        "message": f"`{c.path}` does not exist in the workspace now",
                    }
                )
        return out

    return check


def checker_stale_check(checker) -> Callable[[Entry], list[dict]]:
    """R19 with the full citation checker (files, symbols, git renames)."""

    def check(entry: Entry) -> list[dict]:
        return [
            {"ref": f.citation.label, "reason": f.code, "message": f.message}
            for f in checker.findings_for(entry.path)
        ]

    return check


def normalise_open_file(value: str) -> str:
    if value.startswith("file://"):
        value = unquote(urlsplit(value).path)
    return value.replace("\\", "/")


def cites_open_file(cited: Collection[str], open_files: Sequence[str]) -> bool:
    for f in open_files:
        for c in cited:
            if f == c or f.endswith("/" + c) or ("/" not in c and f.rsplit("/", 1)[-1] == c):
                return True
    return False
