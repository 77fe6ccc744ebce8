"""The last check before bytes reach the memory home (issue 14: one gate before the disk).

Every writer of the home calls one of two functions on what it is about to write:

:func:`note_text`     a note (body, description, name — so the file name — and every
                      frontmatter value): invisible characters are removed, and a secret
                      anywhere in the rendered note refuses the write with
                      :class:`~memlsp.core.errors.RefusedError` (``refused-secret``). Used
                      by the store, the dream's staged writes and forget's rewrites.
:func:`derived_text`  text derived from notes or from a request (``MEMORY.md``, audit and
                      journal lines, per-session state, the retrieval cache's rows): a
                      secret is replaced by ``[redacted <kind>]`` and invisible characters
                      are removed, so a note that arrived by hand cannot leak through what
                      is built from it.
:func:`safe_key`      a caller's identifier that becomes a file name or a key on disk (a
                      session id): kept when it holds no secret, else replaced by a digest.

The upstream policy (:func:`memlsp.core.policy.check_candidate`, extraction's whole-message
pass) decides what to *learn*; this gate only guarantees what reaches disk.

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..errors import RefusedError
from ..notes import Note
from .invisible import has_invisible, strip_invisible
from .secrets import find_secrets, redact


def _clean_value(value: Any) -> Any:
    if isinstance(value, str):
        return strip_invisible(value)
    if isinstance(value, list):
        return [_clean_value(v) for v in value]
    if isinstance(value, dict):
        return {strip_invisible(str(k)): _clean_value(v) for k, v in value.items()}
    return value


def clean_note(note: Note) -> Note:
    """``note`` with invisible characters removed from every field (in place)."""
    note.name = strip_invisible(note.name)
    note.description = strip_invisible(note.description)
    note.body = strip_invisible(note.body)
    note.meta = _clean_value(note.meta)
    return note


def check_text(text: str, *, what: str = "note") -> None:
    """Raise ``refused-secret`` when ``text`` holds a secret (the message names kinds only)."""
    found = find_secrets(text)
    if found:
        kinds = ", ".join(sorted({f.kind for f in found}))
        raise RefusedError(
            f"not written: the {what} contains a secret ({kinds}); secrets are never stored",
            reason="refused-secret",
            category="secret",
        )


def note_text(note: Note, *, redact_secrets: bool = False) -> str:
    """The rendered bytes-to-be of ``note``, checked: invisible characters removed (the
    note is cleaned in place), a secret refused — or, with ``redact_secrets`` (the dream,
    which must not stall on a note that arrived by hand), redacted in every field."""
    clean_note(note)
    text = note.render()
    if redact_secrets and find_secrets(text):
        note.description = redact(note.description)
        note.body = redact(note.body)
        note.meta = {k: derived_text(v) if isinstance(v, str) else v for k, v in note.meta.items()}
        text = note.render()
    check_text(text)
    check_text(note.name.replace("-", " "), what="note name")
    return text


def derived_lines(text: str) -> str:
    """:func:`derived_text` for line-oriented text regenerated on every write
    (``MEMORY.md``: one line per note). Lines already seen clean are remembered; the
    others are scanned together in one pass, and line by line only when that pass finds
    something — so a write costs a scan of the changed lines, not of the whole index."""
    lines = text.splitlines(keepends=True)
    unknown = [ln for ln in lines if ln not in _CLEAN_LINES]
    if not unknown:
        return text
    chunk = "".join(unknown)
    if not find_secrets(chunk) and not has_invisible(chunk):
        if len(_CLEAN_LINES) > 20_000:
            _CLEAN_LINES.clear()
        _CLEAN_LINES.update(unknown)
        return text
    return "".join(ln if ln in _CLEAN_LINES else derived_text(ln) for ln in lines)


_CLEAN_LINES: set[str] = set()


def derived_text(text: str) -> str:
    """``text`` with secrets redacted and invisible characters removed (never refuses)."""
    text = strip_invisible(text)
    return redact(text) if find_secrets(text) else text


def safe_key(text: str) -> str:
    """``text`` when it holds no secret; else ``redacted-<16 hex>``, a digest of it — the
    same id always gives the same key, and the key gives nothing of the secret back."""
    if not find_secrets(text):
        return text
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"redacted-{digest}"


__all__ = ["check_text", "clean_note", "derived_lines", "derived_text", "note_text", "safe_key"]
