"""The model planner of the consolidate phase (SPEC R22): a tool-less model computes the plan.

:class:`ModelPlanner` sends the index, the claimed observations and the gathered snippets
to a provider's ``complete_json`` and returns its plan as is; the dream validates it
strictly and uses the offline plan (:mod:`.planner`) when it is rejected.
:func:`planner_for` picks it when a model provider is configured.

Imports core types only; never the language server, the CLI or a model SDK.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .plan import PLAN_SCHEMA
from .planner import PlanContext


class JsonModel(Protocol):
    """The part of a model provider the dream needs (providers live in ``core/models``)."""

    def complete_json(
        self, system: str, prompt: str, schema: dict[str, Any], timeout: float
    ) -> Any: ...


SYSTEM_PROMPT = """You consolidate a project's memory notes. You have no tools.
Return ONLY a JSON plan matching the schema. Operations: create | update | merge | rename |
delete; every operation lists the evidence paths it rests on and a one-line reason.
Rules: fold every inbox observation you handle into the matching topic note, or create a
new topic note; list inbox files you folded in `sources`. Merge near-duplicates. When a
newer rule contradicts an older one, keep only the newer value (no "previously ..."), and
list the replaced source in `superseded`. Rewrite relative dates as YYYY-MM-DD. Never
invent facts. Paths are relative to the scope folder; topic notes are top-level
<slug>.md files. Leave alone what you are unsure about."""


@dataclass
class ModelPlanner:
    """A tool-less model computes the plan (SPEC R22); the dream validates it strictly."""

    model: JsonModel
    timeout_s: float = 60.0
    max_note_chars: int = 4000
    name: str = "model"

    def prompt(self, ctx: PlanContext) -> str:
        parts = [f"Now: {ctx.now.isoformat()}", "", "## Index (MEMORY.md)", ctx.index_text, ""]
        parts.append("## Topic notes")
        for e in ctx.topics:
            parts.append(f"### {e.rel_in_scope} (type {e.note.type}, {e.timestamp.date()})")
            parts.append(f"description: {e.note.description}")
            parts.append(e.note.body[: self.max_note_chars])
        parts.append("## Inbox observations (claimed for this run)")
        for e in ctx.inbox:
            parts.append(f"### {e.rel_in_scope} (type {e.note.type}, {e.timestamp.isoformat()})")
            parts.append(f"description: {e.note.description}")
            parts.append(e.note.body[: self.max_note_chars])
        if ctx.findings:
            parts.append("## Gathered from recent session records")
            parts += [
                f"- {f.session} line {f.line} (for {f.question}): {f.snippet}" for f in ctx.findings
            ]
        if ctx.expired_sessions:
            parts.append("## Session records past retention (delete them)")
            parts += [f"- {p}" for p in ctx.expired_sessions]
        parts.append(f"\nAt most {ctx.max_deletes} topic notes may be removed in this run.")
        return "\n".join(parts)

    def plan(self, ctx: PlanContext) -> Any:
        """The raw JSON the model returned (validated by the caller, rejected whole if bad)."""
        return self.model.complete_json(
            SYSTEM_PROMPT, self.prompt(ctx), PLAN_SCHEMA, self.timeout_s
        )


def planner_for(settings: Any = None, *, bridge: Any = None) -> ModelPlanner | None:
    """R22: a tool-less model planner when a model provider is configured, else None (the
    offline planner). A model plan that fails validation is rejected whole by the dream,
    which then uses the offline plan."""
    from ..models import JsonModelAdapter, OfflineProvider, make_provider

    model = getattr(settings, "model", None)
    if (getattr(model, "provider", "offline") or "offline") == "offline":
        return None
    provider = make_provider(settings, bridge=bridge)
    if isinstance(provider, OfflineProvider):  # e.g. the editor provider with no bridge
        return None
    return ModelPlanner(
        JsonModelAdapter(provider), timeout_s=float(getattr(model, "timeout_seconds", 60.0))
    )


__all__ = ["SYSTEM_PROMPT", "JsonModel", "ModelPlanner", "planner_for"]
