"""What a dream kept of a note that is then forgotten by path and hash (SPEC R24; forget.md
step 8): a verified forget is final, and a dream keeps earlier forms of a note in three
places besides the history — the files it archived (``archive/<run-id>/``: the inbox
observations it folded into the note, a note it merged into it or renamed), and the paths
of those files in its run records (``state.json`` ``runs``) and in the audit log's
``dream-apply`` and ``dream-restore`` records. A path is a slug of the note's description,
so it is a copy of the note's words too.

:func:`purge_forgotten` drops every version of the note from the history, following the
links a dream records (``into``: the note an archived file was folded into), deletes the
archived copies of every dropped version, and writes each of their paths in the run records
as ``forgotten:<digest>`` (the digest forget's tombstones use), so ``memlsp dream --list``
still counts them and ``memlsp restore RUN-ID`` restores the rest. The caller holds the
scope's flock.

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from .. import history
from ..fsutil import atomic_write, remove
from ..policy.gate import derived_text
from ..state import read_state, state_path, update_state
from ..store import Scope
from .apply import AUDIT_NAME
from .materialise import ARCHIVE

__all__ = ["purge_forgotten"]

_RUN_LISTS = ("moved", "deleted", "conflicts")  # state.json runs: scope-relative paths
_AUDIT_LISTS = ("written", "archived", "deleted", "conflicts", "restored")
_AUDIT_EVENTS = ('"dream-apply"', '"dream-restore"')


def marker(rel: str) -> str:
    """What a forgotten note's path becomes in a run record."""
    from ..forget.tombstones import path_digest  # the package imports the dream lazily too

    return f"forgotten:{path_digest(rel)[:16]}"


def purge_forgotten(scope: Scope, rel: str, shas: set[str]) -> list[history.Version]:
    """Purge the note at scope-relative ``rel`` whose bytes were ``shas`` from the history,
    the archive and the run records (see the module doc); returns the versions dropped."""
    # the history last: its links are what finds the rest, and a forget that stopped half
    # way is repeated (an already-forgotten path and hash purge again)
    gone = history.lineage(scope, rel, shas)
    every_sha = set(shas) | {x.sha256 for x in gone}
    paths: set[tuple[str | None, str]] = {(None, rel)}  # None: in every run
    paths |= {(x.run, x.path) for x in gone if x.run}
    paths |= _remove_archived(scope, every_sha)
    if rel.startswith(f"{ARCHIVE}/"):  # forgotten in the archive itself
        _, run, below = rel.split("/", 2)
        paths.add((run, below))
    _redact_runs(scope, paths)
    _redact_audit(scope, paths)
    return history.purge(scope, rel, shas)


def _remove_archived(scope: Scope, shas: set[str]) -> set[tuple[str | None, str]]:
    """Delete every archived file holding one of ``shas``; ``(run, path)`` of each."""
    removed: set[tuple[str | None, str]] = set()
    root = scope.root / ARCHIVE
    if not root.is_dir() or root.is_symlink():
        return removed
    for folder, _dirs, files in os.walk(root, followlinks=False):
        for name in files:
            path = os.path.join(folder, name)
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
                with os.fdopen(fd, "rb") as fh:
                    if hashlib.sha256(fh.read()).hexdigest() not in shas:
                        continue
                remove(path)
            except OSError:
                continue
            run, _, below = os.path.relpath(path, root).replace(os.sep, "/").partition("/")
            removed.add((run, below))
    return removed


def _hit(run: object, item: object, paths: set[tuple[str | None, str]]) -> bool:
    return isinstance(item, str) and ((None, item) in paths or (run, item) in paths)


def _redacted(run: object, items: object, paths: set[tuple[str | None, str]]) -> Any:
    if not isinstance(items, list) or not any(_hit(run, i, paths) for i in items):
        return items
    return [marker(i) if _hit(run, i, paths) else i for i in items]


def _redact_runs(scope: Scope, paths: set[tuple[str | None, str]]) -> None:
    runs = read_state(scope).get("runs")
    if not isinstance(runs, list) or not state_path(scope).exists():
        return

    def named(run: Any) -> bool:
        return isinstance(run, dict) and any(
            _redacted(run.get("run_id"), run.get(k), paths) is not run.get(k) for k in _RUN_LISTS
        )

    if not any(named(run) for run in runs):
        return

    def change(state: dict) -> None:
        for run in state.get("runs") or []:
            if isinstance(run, dict):
                for key in _RUN_LISTS:
                    if key in run:
                        run[key] = _redacted(run.get("run_id"), run[key], paths)

    update_state(scope, change, locked=True)


def _redact_audit(scope: Scope, paths: set[tuple[str | None, str]]) -> None:
    audit = scope.state_dir / AUDIT_NAME
    try:
        lines = audit.read_text("utf-8").splitlines(keepends=True)
    except (OSError, UnicodeDecodeError):
        return
    out, changed = [], False
    for line in lines:
        out.append(line)
        if not any(event in line for event in _AUDIT_EVENTS):
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if not isinstance(record, dict):
            continue
        new = {k: _redacted(record.get("run_id"), v, paths) if k in _AUDIT_LISTS else v
               for k, v in record.items()}  # fmt: skip
        if any(new[k] is not record[k] for k in record):
            text = json.dumps(new, ensure_ascii=False, sort_keys=True)
            out[-1] = derived_text(text) + ("\n" if line.endswith("\n") else "")
            changed = True
    if changed:
        atomic_write(audit, "".join(out))
