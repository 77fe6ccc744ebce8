"""R15 step 3 with a model: a selector that sees only the manifest and the user's message
and returns file names. Must not import pygls, lsprotocol or an adapter."""

from __future__ import annotations

from typing import Protocol

SELECTOR_SYSTEM = """You choose which memory notes to show an AI coding assistant before it answers.
You see a manifest of notes (one line each: file, [type, date], description) and the user's
next message. Return the files of at most {limit} notes that will clearly help with that
message, best first, as JSON: {{"files": ["<file exactly as in the manifest>", ...]}}.
Rules: if unsure, leave a note out; returning {{"files": []}} is fine and often right.
Skip a tool's general reference documentation when the tool is already in use, but do pick
its gotchas, known issues and the team's rules about it. Never invent a file name."""


class ModelSelector:
    """R15 step 3 with a model: sees only the manifest and the message, returns file names.

    The manifest is the long, stable prefix (cached by providers that can); the message is
    the only per-turn text. Raises on any failure so the caller falls back to hybrid."""

    def __init__(self, provider, *, timeout: float = 10.0) -> None:
        self.provider = provider
        self.timeout = timeout

    def select(self, manifest: str, message: str, limit: int) -> list[str]:
        from ..models import complete_json

        reply = complete_json(
            self.provider,
            system=SELECTOR_SYSTEM.format(limit=limit),
            stable_context=f"Manifest of memory notes:\n{manifest}",
            prompt=f"The user's next message:\n{message[:8000]}",
            max_tokens=300,
            timeout=self.timeout,
        )
        files = reply.get("files")
        if not isinstance(files, list):
            raise ValueError("selector reply has no files list")
        return [f for f in files if isinstance(f, str)][:limit]


class Selector(Protocol):
    """A model that picks notes: sees only the manifest and the message; returns file names.

    Raises on any failure (the caller then falls back to the hybrid result)."""

    def select(self, manifest: str, message: str, limit: int) -> list[str]: ...
