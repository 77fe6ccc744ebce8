"""The four note types (SPEC R7) with the definitions used in prompts and docs.

Owns the wording only; it must not import the store, the models or any adapter.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NoteType:
    name: str
    what: str
    examples: tuple[str, ...]


TYPES: dict[str, NoteType] = {
    "user": NoteType(
        "user",
        "Who the user is: role, expertise, background, current focus. Lets answers be pitched "
        "at the right level (explain the basics where they are new, skip them where expert).",
        (
            "I'm a data scientist looking at our logging → user: data scientist, focus on "
            "logging/observability",
        ),
    ),
    "feedback": NoteType(
        "feedback",
        "How the user wants the agent to work: corrections AND approvals. A quiet 'yes, "
        "exactly like that' is recorded as well as a loud 'no, don't do that'; keep the why.",
        (
            "Don't mock the database in tests — mocked tests passed and the migration broke "
            "in production → integration tests hit a real database",
            "Yes, three small PRs is perfect, keep doing that → split big changes into small PRs",
        ),
    ),
    "project": NoteType(
        "project",
        "What is happening in the project that the code does not show: freezes, deadlines, "
        "decisions and why, ownership and approval rules, recurring schedules. Dates are "
        "absolute (YYYY-MM-DD).",
        (
            "Non-critical merges frozen from Thursday for the mobile release → merge freeze "
            "from 2026-03-05 for the mobile release branch",
        ),
    ),
    "reference": NoteType(
        "reference",
        "Where things live in external systems: trackers, dashboards, runbooks, channels, "
        "documents, views, on-call schedules.",
        ("Pipeline bugs are tracked in the Linear project INGEST → reference",),
    ),
}


def describe_types() -> str:
    """The type list as it is handed to a model (stable text: part of the cached prefix)."""
    lines = []
    for t in TYPES.values():
        lines.append(f"- {t.name}: {t.what}")
        for ex in t.examples:
            lines.append(f"    e.g. {ex}")
    return "\n".join(lines)
