"""Materialising a dream plan (SPEC R20, R22): each operation as file actions, and the
dry-run diff.

An operation becomes ``write`` actions (the new bytes of a topic note) and ``move``
actions (a source, deleted note or renamed-away file going to ``archive/<run-id>/``). An
operation whose files changed since the dream read them (a user edit, a newer inbox write)
or whose new file now exists is dropped: the user's version is kept and the inbox files it
would have consumed stay queued. Nothing here writes; :mod:`.apply` does.

Imports core modules only.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import difflib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..notes import Note, iso, parse_note, parse_time
from ..store import Scope
from .plan import Operation, Plan

ARCHIVE = "archive"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha(path: Path) -> str | None:
    try:
        return sha256(path.read_bytes())
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def archive_path(run_id: str, rel: str) -> str:
    return f"{ARCHIVE}/{run_id}/{rel}"


@dataclass
class Action:
    kind: str  # "write" | "move"
    op: int
    target: str  # write: the note path; move: the source path
    dst: str | None = None  # move: where it goes
    staged: str | None = None  # write: temp file name in the target's folder
    old_sha: str | None = None
    new_sha: str | None = None
    needs: list[int] = field(default_factory=list)  # ops whose write must land first
    data: bytes | None = None  # write: the new bytes (not journaled)
    step: str | None = None  # the history step of the version it replaces or removes
    why: str | None = None  # the operation's reason, for `memlsp log`

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "data" and v not in (None, [])}
        return out


@dataclass
class Materialised:
    actions: list[Action]
    applied_ops: list[int]
    conflicts: list[dict[str, Any]]  # {"op": i, "path": p, "why": ...}
    requeued: list[str]  # inbox files left for the next dream


def render_target(
    scope: Scope, op: Operation, now: dt.datetime, sources_meta: dict[str, dict]
) -> bytes:
    """The bytes of the note an operation leaves at its target."""
    target = op.target
    stem = target.removesuffix(".md")
    existing_meta: dict[str, Any] = {}
    base_path = scope.root / op.path
    if op.op in ("update", "merge", "rename") and base_path.exists():
        with contextlib.suppress(Exception):
            existing_meta = dict(parse_note(base_path.read_bytes(), stem=Path(op.path).stem).meta)
    meta = dict(existing_meta)
    # a note rewritten in place keeps its name (another agent's folder may name notes by
    # title, not file stem); a new or renamed file is named after its stem
    kept = existing_meta.get("name") if target == op.path else None
    name = kept.strip() if isinstance(kept, str) and kept.strip() else stem
    meta["name"] = name
    if op.note is not None:
        meta["description"], meta["type"] = op.note.description, op.note.type
        body = op.note.body
    else:  # a plain rename keeps the note as it is
        note = parse_note(base_path.read_bytes(), stem=Path(op.path).stem)
        meta["description"], meta["type"], body = note.description, note.type, note.body
    created = [parse_time(m.get("created")) for m in sources_meta.values()]
    created = [c for c in created if c is not None]
    if not meta.get("created"):
        meta["created"] = iso(min(created)) if created else iso(now)
    meta["updated"] = iso(now)
    meta.setdefault("source", "dream")
    refs = list(meta.get("refs") or []) if isinstance(meta.get("refs"), list) else []
    for m in sources_meta.values():
        for ref in m.get("refs") or []:
            if isinstance(ref, dict) and ref not in refs:
                refs.append(ref)
    if refs:
        meta["refs"] = refs
    note = Note(
        name=name,
        description=meta["description"],
        type=meta["type"],
        body=body,
        meta={k: v for k, v in meta.items() if k not in ("name", "description", "type")},
    )
    return note.render().encode("utf-8")


def _meta_of(path: Path) -> dict:
    try:
        return dict(parse_note(path.read_bytes(), stem=path.stem).meta)
    except Exception:
        return {}


def materialise(
    scope: Scope,
    plan: Plan,
    base: dict[str, str],
    *,
    run_id: str,
    now: dt.datetime,
    inbox_claimed: set[str],
) -> Materialised:
    """File actions for every operation whose files are as the dream read them."""
    actions: list[Action] = []
    applied: list[int] = []
    conflicts: list[dict[str, Any]] = []
    requeued: list[str] = []
    for i, op in enumerate(plan.operations):
        why = None
        for p in [op.path, *op.sources]:
            if op.op in ("create",) and p == op.path:
                continue
            if op.op == "merge" and p == op.path and p not in base:
                continue  # a merge into a new file
            current = file_sha(scope.root / p)
            if current is None or current != base.get(p):
                why = f"{p} changed since the dream read it" if current else f"{p} disappeared"
                break
        new_files = (
            [op.path] if op.op == "create" or (op.op == "merge" and op.path not in base) else []
        )
        if op.op == "rename" and op.to:
            new_files.append(op.to)
        for p in new_files:
            if why is None and (scope.root / p).exists():
                why = f"{p} was created meanwhile"
        if why is not None:
            conflicts.append({"op": i, "path": op.path, "why": why})
            requeued += [s for s in op.sources if s in inbox_claimed]
            continue
        applied.append(i)
        if op.op in ("create", "update", "merge", "rename"):
            sources_meta = {s: _meta_of(scope.root / s) for s in op.sources}
            data = render_target(scope, op, now, sources_meta)
            target = op.target
            tpath = scope.root / target
            staged = f".{tpath.name}.{run_id}.dream.tmp"
            old = base.get(target) if target == op.path else None
            actions.append(
                Action(
                    "write",
                    i,
                    target,
                    staged=staged,
                    old_sha=old,
                    new_sha=sha256(data),
                    data=data,
                    step=f"dream-{op.op}" if old else None,
                    why=op.reason or None,
                )
            )
        moving = list(op.sources)
        if op.op in ("delete", "rename"):
            moving.append(op.path)
        for s in moving:
            actions.append(
                Action(
                    "move",
                    i,
                    s,
                    dst=archive_path(run_id, s),
                    old_sha=base.get(s),
                    needs=[i] if op.op != "delete" else [],
                    step=_move_step(op, s),
                    why=op.reason or None,
                )
            )
    return Materialised(actions, applied, conflicts, sorted(set(requeued)))


def _move_step(op: Operation, source: str) -> str:
    """The history step of a file a dream archives."""
    if source.startswith("inbox/"):
        return "dream-archive"
    if op.op in ("delete", "rename", "merge"):
        return f"dream-{op.op}"
    return "dream-delete"


def render_diff(scope: Scope, plan: Plan, mat: Materialised) -> str:
    out: list[str] = []
    for c in mat.conflicts:
        out.append(f"# skipped operation {c['op']} ({c['path']}): {c['why']}")
    for i in mat.applied_ops:
        op = plan.operations[i]
        out.append(f"# {op.op} {op.path}{' -> ' + op.to if op.to else ''}: {op.reason}")
        out.append(f"#   evidence: {', '.join(op.evidence)}")
        for a in mat.actions:
            if a.op != i:
                continue
            if a.kind == "write":
                old_file = scope.root / a.target
                old = old_file.read_text("utf-8") if a.old_sha and old_file.exists() else ""
                new = (a.data or b"").decode("utf-8")
                out.extend(
                    difflib.unified_diff(
                        old.splitlines(keepends=True),
                        new.splitlines(keepends=True),
                        fromfile=f"a/{a.target}" if old else "/dev/null",
                        tofile=f"b/{a.target}",
                    )
                )
            else:
                out.append(f"rename from {a.target}\nrename to {a.dst}\n")
    text = "".join(line if line.endswith("\n") else line + "\n" for line in out)
    return text


__all__ = [
    "ARCHIVE",
    "Action",
    "Materialised",
    "archive_path",
    "file_sha",
    "materialise",
    "render_diff",
    "render_target",
    "sha256",
]
