"""The dream's plan: data, with a strict validator (SPEC R22, R38).

A plan is a list of operations, each with the evidence it rests on and a one-line reason::

    {"version": 1, "operations": [
      {"op": "create", "path": "deploy-freeze.md",
       "note": {"description": "...", "type": "project", "body": "..."},
       "sources": ["inbox/freeze.md"], "superseded": [],
       "evidence": ["inbox/freeze.md"], "reason": "new topic from 1 inbox observation"},
      {"op": "update", "path": "release-train.md", "note": {...}, "sources": [...], ...},
      {"op": "merge", "path": "a.md", "note": {...}, "sources": ["b.md", "inbox/c.md"], ...},
      {"op": "rename", "path": "old.md", "to": "new.md", "evidence": [...], "reason": "..."},
      {"op": "delete", "path": "sessions/20260101T000000Z-x.md", "evidence": [...], ...}]}

Paths are relative to the scope folder. ``create``/``update``/``merge``/``rename`` write a
top-level topic note (``<name>.md``; the note's name is its file stem). ``sources`` are
files whose content the operation folds into its target and which then leave their place:
inbox files move to ``archive/<run-id>/inbox/``, topic notes to ``archive/<run-id>/`` (a
soft delete). ``superseded`` lists sources (or the target itself) whose old value was
replaced rather than kept, so "no fact lost" can be checked against the plan. ``delete``
soft-deletes a topic note or an expired session record.

:func:`validate_plan` accepts a plan only if every operation is well formed and consistent
with what the dream saw (paths exist or not as the operation needs, each file is touched by
one operation at most, deletions under the cap, session records only past retention). An
invalid plan is rejected whole with every problem listed: nothing of it is applied.

Imports only the note format and errors.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidNoteError, MemlspError
from ..notes import MAX_DESCRIPTION, NOTE_TYPES, Note, is_valid_slug

PLAN_VERSION = 1
OPS = ("create", "update", "merge", "rename", "delete")
MAX_REASON = 200
MAX_BODY = 16 * 1024

_NOTE_SCHEMA = {
    "type": "object",
    "required": ["description", "type", "body"],
    "additionalProperties": False,
    "properties": {
        "description": {"type": "string", "maxLength": MAX_DESCRIPTION},
        "type": {"enum": list(NOTE_TYPES)},
        "body": {"type": "string", "maxLength": MAX_BODY},
    },
}

PLAN_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "memlsp dream plan",
    "type": "object",
    "required": ["version", "operations"],
    "additionalProperties": False,
    "properties": {
        "version": {"const": PLAN_VERSION},
        "operations": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["op", "path", "evidence", "reason"],
                "additionalProperties": False,
                "properties": {
                    "op": {"enum": list(OPS)},
                    "path": {"type": "string"},
                    "to": {"type": "string"},
                    "note": _NOTE_SCHEMA,
                    "sources": {"type": "array", "items": {"type": "string"}},
                    "superseded": {"type": "array", "items": {"type": "string"}},
                    "evidence": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                    "reason": {"type": "string", "maxLength": MAX_REASON},
                },
            },
        },
    },
}


class PlanInvalid(MemlspError):
    """A plan failed validation; ``details['errors']`` lists every problem."""

    reason = "invalid-plan"


class PlanRefused(MemlspError):
    """A valid plan that a safety rule refuses as a whole (e.g. the deletion cap)."""

    reason = "plan-refused"


@dataclass
class NoteSpec:
    description: str
    type: str
    body: str

    def to_json(self) -> dict[str, str]:
        return {"description": self.description, "type": self.type, "body": self.body}


@dataclass
class Operation:
    op: str
    path: str
    evidence: list[str]
    reason: str
    note: NoteSpec | None = None
    to: str | None = None
    sources: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)

    @property
    def target(self) -> str:
        """The file this operation leaves behind (None-like for deletes)."""
        return self.to if self.op == "rename" and self.to else self.path

    def touched(self) -> list[str]:
        """Every scope-relative path this operation reads-and-changes."""
        out = [self.path, *self.sources]
        if self.to:
            out.append(self.to)
        return out

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"op": self.op, "path": self.path}
        if self.to:
            data["to"] = self.to
        if self.note is not None:
            data["note"] = self.note.to_json()
        if self.sources:
            data["sources"] = list(self.sources)
        if self.superseded:
            data["superseded"] = list(self.superseded)
        data["evidence"] = list(self.evidence)
        data["reason"] = self.reason
        return data


@dataclass
class Plan:
    operations: list[Operation] = field(default_factory=list)
    version: int = PLAN_VERSION

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "operations": [o.to_json() for o in self.operations]}

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(OPS, 0)
        for op in self.operations:
            out[op.op] += 1
        return out


@dataclass
class PlanView:
    """What the dream saw, to check a plan against: scope-relative paths of topic notes,
    claimed inbox files, session records (with the ones past retention), and the evidence
    the gather phase may cite."""

    topics: set[str]
    inbox: set[str]
    sessions: set[str]
    expired_sessions: set[str]
    max_deletes: int


def is_topic_path(path: str) -> bool:
    return "/" not in path and path.endswith(".md") and path != "MEMORY.md"


def topic_deletions(plan: Plan) -> list[str]:
    """Topic notes a plan removes: deletes plus topic sources of merges/updates/creates.
    Session records past retention are expired by policy and do not count."""
    out: list[str] = []
    for op in plan.operations:
        if op.op == "delete" and is_topic_path(op.path):
            out.append(op.path)
        out.extend(s for s in op.sources if is_topic_path(s))
    return out


_SAFE_PATH = re.compile(r"^[^/\x00]+(?:/[^/\x00]+)?$")


def _strs(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def parse_plan(data: Any) -> tuple[Plan | None, list[str]]:
    """Structural check against PLAN_SCHEMA; returns (plan, errors)."""
    errors: list[str] = []
    if not isinstance(data, dict):
        return None, ["plan is not a JSON object"]
    extra = set(data) - {"version", "operations"}
    if extra:
        errors.append(f"unknown top-level keys: {sorted(extra)}")
    if data.get("version") != PLAN_VERSION:
        errors.append(f"version must be {PLAN_VERSION}")
    ops = data.get("operations")
    if not isinstance(ops, list):
        return None, [*errors, "operations must be a list"]
    plan = Plan()
    allowed = set(PLAN_SCHEMA["properties"]["operations"]["items"]["properties"])
    for i, raw in enumerate(ops):
        where = f"operations[{i}]"
        if not isinstance(raw, dict):
            errors.append(f"{where} is not an object")
            continue
        bad = set(raw) - allowed
        if bad:
            errors.append(f"{where}: unknown keys {sorted(bad)}")
        kind = raw.get("op")
        if kind not in OPS:
            errors.append(f"{where}: op must be one of {', '.join(OPS)}")
            continue
        path, reason, evidence = raw.get("path"), raw.get("reason"), raw.get("evidence")
        if not isinstance(path, str) or not path:
            errors.append(f"{where}: path must be a non-empty string")
            continue
        if not isinstance(reason, str) or not reason.strip() or "\n" in reason.strip():
            errors.append(f"{where}: reason must be one non-empty line")
        elif len(reason) > MAX_REASON:
            errors.append(f"{where}: reason longer than {MAX_REASON} characters")
        if not _strs(evidence) or not evidence:
            errors.append(f"{where}: evidence must be a non-empty list of paths")
            evidence = []
        for key in ("sources", "superseded"):
            if key in raw and not _strs(raw[key]):
                errors.append(f"{where}: {key} must be a list of paths")
        note = None
        if "note" in raw:
            spec = raw["note"]
            if (
                not isinstance(spec, dict)
                or set(spec) - {"description", "type", "body"}
                or not all(isinstance(spec.get(k), str) for k in ("description", "type", "body"))
            ):
                errors.append(f"{where}: note must have string description, type and body only")
            else:
                note = NoteSpec(spec["description"], spec["type"], spec["body"])
        to = raw.get("to")
        if to is not None and not isinstance(to, str):
            errors.append(f"{where}: to must be a path")
            to = None
        plan.operations.append(
            Operation(
                op=kind,
                path=path,
                evidence=list(evidence),
                reason=(reason or "").strip() if isinstance(reason, str) else "",
                note=note,
                to=to,
                sources=list(raw.get("sources") or []) if _strs(raw.get("sources") or []) else [],
                superseded=list(raw.get("superseded") or [])
                if _strs(raw.get("superseded") or [])
                else [],
            )
        )
    return plan, errors


def check_plan(plan: Plan, view: PlanView, *, extra_evidence: Iterable[str] = ()) -> list[str]:
    """Semantic checks against what the dream saw; returns the list of problems."""
    errors: list[str] = []
    known = view.topics | view.inbox | view.sessions | set(extra_evidence)
    seen: dict[str, int] = {}
    creates: set[str] = set()
    for i, op in enumerate(plan.operations):
        where = f"operations[{i}] ({op.op} {op.path})"
        for p in op.touched() + op.evidence + op.superseded:
            if not _SAFE_PATH.match(p) or ".." in p.split("/") or p.startswith("."):
                errors.append(f"{where}: unsafe path {p!r}")
        for p in op.touched():
            if p in seen:
                errors.append(f"{where}: {p} is already touched by operations[{seen[p]}]")
            seen[p] = i
        for p in op.evidence:
            if p not in known:
                errors.append(f"{where}: evidence {p} is not a file the dream read")
        for p in op.sources:
            if p not in view.inbox and p not in view.topics:
                errors.append(
                    f"{where}: source {p} is neither a claimed inbox file nor a topic note"
                )
        for p in op.superseded:
            if p not in op.sources and p != op.path:
                errors.append(f"{where}: superseded {p} is not a source or the target")
        writes_note = op.op in ("create", "update", "merge")
        if writes_note and op.note is None:
            errors.append(f"{where}: {op.op} needs a note")
        if op.op == "delete" and (op.note is not None or op.sources):
            errors.append(f"{where}: delete takes no note and no sources")
        if op.op != "rename" and op.to:
            errors.append(f"{where}: only rename takes 'to'")
        if op.note is not None:
            stem = (op.target or "").removesuffix(".md")
            if op.op in ("update", "merge") and op.target in view.topics:
                # an existing file keeps its name (another agent's folder need not use
                # slugs): only a file the dream names itself must be a slug
                stem = "existing-note"
            try:
                Note(stem, op.note.description, op.note.type, op.note.body).validate()
            except InvalidNoteError as exc:
                errors.append(f"{where}: {exc}")
            if len(op.note.body.encode("utf-8")) > MAX_BODY:
                errors.append(f"{where}: note body over {MAX_BODY} bytes")
        if op.op == "create":
            if not is_topic_path(op.path) or not is_valid_slug(op.path.removesuffix(".md")):
                errors.append(f"{where}: create must target a new top-level <slug>.md")
            elif op.path in view.topics or op.path in creates:
                errors.append(f"{where}: {op.path} already exists")
            creates.add(op.path)
        elif op.op in ("update", "rename"):
            if op.path not in view.topics:
                errors.append(f"{where}: {op.op} needs an existing topic note")
        elif op.op == "merge":
            if not op.sources:
                errors.append(f"{where}: merge needs at least one source")
            if not is_topic_path(op.path) or not is_valid_slug(op.path.removesuffix(".md")):
                errors.append(f"{where}: merge must target a top-level <slug>.md")
            elif op.path not in view.topics:
                if op.path in creates:
                    errors.append(f"{where}: {op.path} is created twice")
                creates.add(op.path)
        elif op.op == "delete":
            if op.path in view.sessions:
                if op.path not in view.expired_sessions:
                    errors.append(f"{where}: session record is not past retention")
            elif op.path not in view.topics:
                errors.append(f"{where}: delete needs an existing topic note or session record")
        if op.op == "rename":
            if (
                not op.to
                or not is_topic_path(op.to)
                or not is_valid_slug(op.to.removesuffix(".md"))
            ):
                errors.append(f"{where}: rename needs 'to' = a top-level <slug>.md")
            elif op.to in view.topics or op.to in creates:
                errors.append(f"{where}: rename target {op.to} already exists")
            else:
                creates.add(op.to)
    return errors


def validate_plan(data: Any, view: PlanView, *, extra_evidence: Iterable[str] = ()) -> Plan:
    """Parse and check ``data``; raise PlanInvalid (every problem listed) or PlanRefused
    (the deletion cap); never returns a partially valid plan."""
    plan, errors = parse_plan(data)
    if plan is not None:
        errors += check_plan(plan, view, extra_evidence=extra_evidence)
    if errors or plan is None:
        shown = "; ".join(errors[:5]) + (
            f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
        )
        raise PlanInvalid(f"the plan is invalid and was rejected whole: {shown}", errors=errors)
    enforce_cap(plan, view.max_deletes)
    return plan


def enforce_cap(plan: Plan, max_deletes: int) -> None:
    gone = topic_deletions(plan)
    if len(gone) > max_deletes:
        raise PlanRefused(
            f"the plan removes {len(gone)} topic notes, over the per-run cap of {max_deletes} "
            "(setting dream.maxDeletes); nothing was applied",
            reason="delete-cap",
            deletions=len(gone),
            cap=max_deletes,
        )


__all__ = [
    "OPS",
    "PLAN_SCHEMA",
    "PLAN_VERSION",
    "NoteSpec",
    "Operation",
    "Plan",
    "PlanInvalid",
    "PlanRefused",
    "PlanView",
    "check_plan",
    "enforce_cap",
    "is_topic_path",
    "parse_plan",
    "topic_deletions",
    "validate_plan",
]
