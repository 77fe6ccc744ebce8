"""Citations (SPEC R19, R29, R30, R36): what notes cite in the workspace, and whether it is
still there.

- :mod:`.extract` finds citations in a note's text, with exact source ranges;
- :mod:`.workspace` is the set of workspace files (git-aware, incrementally updated);
- :mod:`.symbols` indexes symbol *definitions* (tree-sitter, regex fallback elsewhere);
- :mod:`.history` asks git when and where a cited file went;
- :mod:`.check` ties them together: ``find_stale``, the incremental ``Checker``, fixes.

This package is pure core: it never imports pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

from .check import (
    FINDING_CODES,
    MOVED_FILE,
    MOVED_SYMBOL,
    Checker,
    CheckReport,
    CitationStatus,
    CitingNote,
    Finding,
    IndexProblem,
    apply_note_text,
    find_stale,
)
from .extract import Citation, SourceRange, extract_citations, split_frontmatter
from .workspace import git_toplevel

__all__ = [
    "FINDING_CODES",
    "MOVED_FILE",
    "MOVED_SYMBOL",
    "CheckReport",
    "CitationStatus",
    "Checker",
    "Citation",
    "CitingNote",
    "Finding",
    "IndexProblem",
    "SourceRange",
    "apply_note_text",
    "extract_citations",
    "find_stale",
    "git_toplevel",
    "split_frontmatter",
]
