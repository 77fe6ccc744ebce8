"""What one extraction run carries (SPEC R11): the turn's messages, the result, and the
context every path (offline rules, model tool loop, forget-in-chat) writes through.

Also the views of the memory those paths share: the live notes of the project and global
scopes, and the content tokens of a note (provenance lines left out).

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..notes import Note, iso, parse_time
from ..store import Entry, Scope, Store
from ..text import content_tokens


@dataclass
class Message:
    role: str  # "user" | "assistant" | "tool" | "system"
    content: str
    at: dt.datetime | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        content = data.get("content", "")
        if isinstance(content, list):  # content blocks: keep the text parts
            content = "\n".join(
                str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("text")
            )
        return cls(str(data.get("role", "user")), str(content or ""), parse_time(data.get("at")))


@dataclass
class Refusal:
    """A candidate memory that was not written. Never carries the candidate's text."""

    reason: str
    category: str = ""
    where: str = "turn"  # turn | assistant-context | model-write


@dataclass
class ExtractResult:
    session_id: str
    turn: int
    provider: str = "offline"
    written: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)  # review: required — pending items (R37)
    refused: list[Refusal] = field(default_factory=list)
    skipped: str | None = None
    degraded: bool = False  # a model was configured but the offline path ran
    degraded_reason: str = ""
    rounds: int = 0
    forget_target_found: bool | None = None  # None: no forget request in this turn
    dry_run: bool = False
    planned: list[dict[str, str]] = field(default_factory=list)  # dry run: what would change

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Ctx:
    """One extraction run: where it reads and writes, its clock, and the result it fills."""

    store: Store
    scope: Scope
    global_scope: Scope
    now: dt.datetime
    session_id: str
    turn: int
    result: ExtractResult
    dry_run: bool = False
    review: bool = False  # R37: notes and updates wait as pending items
    repo_root: Path | None = None  # the repository the turn happened in (its instruction files)
    agent: str | None = None  # R4 provenance: the agent or surface the turn came from

    def provenance(self) -> dict[str, str]:
        meta = {"created": iso(self.now), "source": "extraction", "session": self.session_id}
        if self.agent:
            meta["agent"] = self.agent
        return meta

    def scopes(self) -> list[Scope]:
        return [self.scope, self.global_scope]


def live_entries(ctx: Ctx) -> list[Entry]:
    out: list[Entry] = []
    for scope in ctx.scopes():
        if scope.root.is_dir():
            out.extend(e for e in ctx.store.scan(scope).entries if e.section in ("", "inbox"))
    return out


def note_tokens(note: Note) -> set[str]:
    return content_tokens(f"{note.description} {strip_provenance(note.body)}")


def strip_provenance(body: str) -> str:
    return re.sub(r"\(Said in a chat on [^)]*\)|（[0-9-]+ 对话中提到。）", " ", body)
