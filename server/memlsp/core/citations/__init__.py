"""Citations (SPEC R19, R29, R30, R36): what notes cite in the workspace, and whether it is
still there.

What a note cites:

- :mod:`.citation` — a citation and its exact source ranges (UTF-16 and code points);
- :mod:`.refs` — citations in the frontmatter ``refs``; :mod:`.extract` — all of a
  note's citations (refs, code spans, links).

What the workspace has:

- :mod:`.workspace` — the set of workspace files (git-aware, incrementally updated);
- :mod:`.languages` — what one source file defines (tree-sitter, regex fallback);
  :mod:`.symbols` — the persisted index of every file's definitions (on disk:
  :mod:`.symbol_cache`);
- :mod:`.history` — when and where git says a cited file went.

Checking:

- :mod:`.registry` — the checked notes and who cites what;
- :mod:`.judge` — one citation against the workspace; codes in :mod:`.findings`;
- :mod:`.index_problems` — MEMORY.md and note-shape problems (budget, duplicates);
- :mod:`.check` — ``find_stale`` and the incremental ``Checker`` that ties them together;
- :mod:`.hover` — what hovers show; :mod:`.fixes` — quick fixes and ``apply_note_text``.

Git runs only through :mod:`memlsp.core.git`. This package is pure core: it never imports
pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

from ..git import toplevel as git_toplevel
from .check import Checker, CheckReport, find_stale
from .citation import Citation, SourceRange
from .extract import classify_code, extract_citations
from .findings import FINDING_CODES, MOVED_FILE, MOVED_SYMBOL, CitationStatus, CitingNote, Finding
from .fixes import apply_note_text
from .index_problems import IndexProblem
from .refs import split_frontmatter

__all__ = [
    "FINDING_CODES",
    "MOVED_FILE",
    "MOVED_SYMBOL",
    "CheckReport",
    "Checker",
    "Citation",
    "CitationStatus",
    "CitingNote",
    "Finding",
    "IndexProblem",
    "SourceRange",
    "apply_note_text",
    "classify_code",
    "extract_citations",
    "find_stale",
    "git_toplevel",
    "split_frontmatter",
]
