"""Which notes verified forget accepts (SPEC R24): the lexical and layout checks.

A target is one exact home-relative note path: no globs, folders, traversal in any
spelling (percent-encoding, look-alike slashes and dots, control characters), hidden or
generated files, or archives of unknown dream runs. Every refusal is a
:class:`~.errors.ForgetRefused`.

Must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass

from ..store import INDEX_NAME, STATE_DIR, Scope, Store
from .errors import ForgetRefused

STATE = "state.json"
JOURNAL = "journal"

_GLOB_CHARS = frozenset("*?[]{}")
# Characters that are, or look like, a path separator or a dot but are not the ASCII ones.
# NFKC folds some of them (fullwidth solidus, one-dot leader); these it leaves alone.
_LOOKALIKES = frozenset(
    "\u2215\u2044\u29f8\u29f5\u29f9\u2216\u2571\u2572\u0337\u0338\u3002\uff61\u2cfa\u1735"
)
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_DRIVE = re.compile(r"^[A-Za-z]:")


@dataclass(frozen=True)
class NoteLocation:
    """A lexically valid forget target: its scope and the components below the home."""

    scope: Scope
    path: str  # home-relative, '/'-separated, exactly as given
    parts: tuple[str, ...]  # components below the memory home
    rel_in_scope: str
    section: str  # "", "inbox", "sessions" or "archive"


# ---- validation ---------------------------------------------------------------------------
def _lexical_check(rel_path: object) -> tuple[str, ...]:
    """Refuse what can be judged from the string alone; return the '/'-separated parts."""
    if not isinstance(rel_path, str) or not rel_path.strip():
        raise ForgetRefused("broad", "empty path: name exactly one note")
    for ch in rel_path:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise ForgetRefused(
                "traversal", "the path holds a control, format or unassigned character"
            )
        if ch == "\\" or ch in _LOOKALIKES:
            raise ForgetRefused("traversal", "the path holds a backslash or a look-alike slash")
        if ch not in "/." and any(c in "/\\." for c in unicodedata.normalize("NFKC", ch)):
            raise ForgetRefused("traversal", "the path holds a look-alike of '/', '\\' or '.'")
    if _PERCENT.search(rel_path):
        raise ForgetRefused("traversal", "percent-encoded paths are not accepted")
    if rel_path.startswith(("/", "~")) or _DRIVE.match(rel_path):
        raise ForgetRefused("traversal", "the path must be relative to the memory home")
    parts = tuple(rel_path.split("/"))
    if any(p in (".", "..") for p in parts):
        raise ForgetRefused("traversal", "'.' and '..' are not allowed in a note path")
    if any(c in _GLOB_CHARS for c in rel_path):
        raise ForgetRefused("broad", "glob characters: forget takes one exact note path")
    if parts[-1] == "":
        raise ForgetRefused("broad", "the path names a folder: forget takes one note")
    if "" in parts:
        raise ForgetRefused("traversal", "empty path component ('//')")
    if any(p.startswith(".") for p in parts):
        raise ForgetRefused("protected", "memlsp's own state and hidden files cannot be forgotten")
    return parts


def _scope_for(store: Store, parts: tuple[str, ...]) -> Scope:
    if parts[0] == "global":
        return store.global_scope()
    if parts[0] in ("projects", "folders"):
        for scope in store.scopes():
            n = len(scope.rel.split("/"))
            if scope.kind != "global" and "/".join(parts[:n]) == scope.rel and len(parts) > n:
                return scope
    raise ForgetRefused("not-found", "the path is not inside a scope of the memory home")


def known_runs(scope: Scope) -> set[str]:
    """Dream run ids the scope knows: ``state.json`` key ``runs`` (a list of ids, a list of
    objects with ``id``/``runId``, or an object keyed by id), plus every journal record named
    ``<run-id>`` or ``<run-id>`` followed by ``.``, ``-`` or ``_``."""
    runs: set[str] = set()
    try:
        state = json.loads((scope.state_dir / STATE).read_text("utf-8"))
    except (OSError, ValueError):
        state = None
    value = state.get("runs") if isinstance(state, dict) else None
    if isinstance(value, dict):
        runs.update(str(k) for k in value)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                runs.add(item)
            elif isinstance(item, dict):
                rid = item.get("id") or item.get("runId")
                if isinstance(rid, str):
                    runs.add(rid)
    try:
        names = os.listdir(scope.state_dir / JOURNAL)
    except OSError:
        names = []
    runs.update(names)
    return runs


def _run_is_known(scope: Scope, run_id: str) -> bool:
    for known in known_runs(scope):
        if known == run_id or (
            known.startswith(run_id) and known[len(run_id) : len(run_id) + 1] in (".", "-", "_")
        ):
            return True
    return False


def validate_path(store: Store, rel_path: str) -> NoteLocation:
    """The lexical and layout checks of verified forget; raises :class:`ForgetRefused`.

    Accepted: ``<scope>/<name>.md``, ``<scope>/inbox/<name>.md``,
    ``<scope>/sessions/<name>.md`` and ``<scope>/archive/<known-run-id>/…/<name>.md``.
    """
    parts = _lexical_check(rel_path)
    if parts[0] in ("global", "projects") and len(parts) == 1:
        raise ForgetRefused("broad", "the path names a folder: forget takes one note")
    scope = _scope_for(store, parts)
    inner = parts[len(scope.rel.split("/")) :]
    if inner[0] == INDEX_NAME and len(inner) == 1:
        raise ForgetRefused("protected", "MEMORY.md is generated; it cannot be forgotten")
    if inner[0] == STATE_DIR:  # unreachable after the dot rule, kept as a second guard
        raise ForgetRefused("protected", "memlsp's own state cannot be forgotten")
    if not inner[-1].endswith(".md") or inner[-1] == ".md":
        raise ForgetRefused("broad", "forget takes one note file (<name>.md), not a folder")
    section = ""
    if len(inner) == 1:
        pass
    elif inner[0] in ("inbox", "sessions") and len(inner) == 2:
        section = inner[0]
    elif inner[0] == "archive" and len(inner) >= 3:
        section = "archive"
        if not _run_is_known(scope, inner[1]):
            raise ForgetRefused(
                "unknown-archive",
                "the archive folder is not a known dream run (state.json 'runs' or journal/)",
            )
    elif inner[0] == "archive":
        raise ForgetRefused("unknown-archive", "archive files live under archive/<run-id>/")
    else:
        raise ForgetRefused("not-found", "no note lives at that place in a scope")
    return NoteLocation(scope, rel_path, parts, "/".join(inner), section)
