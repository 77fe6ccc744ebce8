"""Before a dream reads anything: notes that arrived holding a secret or invisible
characters (copied in by hand, a shared folder, an older version) are rewritten redacted,
so the dream never carries them into a merged note, the archive or the index (issue 14).

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import NoteFormatError
from ..fsutil import atomic_write, file_lock, is_temp_name
from ..notes import parse_note
from ..policy.gate import derived_text, note_text
from ..policy.invisible import has_invisible
from ..policy.secrets import find_secrets
from ..store import Scope


def _note_files(root: Path) -> list[Path]:
    out = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.endswith(".md") and not is_temp_name(name):
                path = Path(folder) / name
                if not path.is_symlink():
                    out.append(path)
    return out


def scrub_scope(scope: Scope) -> list[str]:
    """Rewrite, under the scope's lock, every note file holding a secret or an invisible
    character; returns their scope-relative paths."""
    if not scope.root.is_dir():
        return []
    changed: list[str] = []
    with file_lock(scope.lock_path):
        for path in _note_files(scope.root):
            try:
                data = path.read_bytes()
                text = data.decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if not (has_invisible(text) or find_secrets(text)):
                continue
            try:
                note = parse_note(data, stem=path.stem)
                new = note_text(note, redact_secrets=True)
            except (NoteFormatError, Exception):  # noqa: BLE001 - unparsable: redact the raw text
                new = derived_text(text)
            atomic_write(path, new)
            changed.append(path.relative_to(scope.root).as_posix())
    return changed
