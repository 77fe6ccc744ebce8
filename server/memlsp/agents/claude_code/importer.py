"""``memlsp import claude-code [PATH]``: learn from Claude Code sessions that happened before
memlsp was installed, as if the hooks had run — each session log replayed through
extraction turn by turn, then the session-end autosave.

Idempotent: the scope's ``.memlsp/imported-claude-code.json`` remembers, per session id,
the SHA-256 of the log and how many turns were replayed. A log seen before with the same
digest is skipped; a session that went on since is replayed from its first new turn (no
second session record). Must not import pygls, lsprotocol, the CLI or another adapter.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ...core.errors import MemlspError
from ...core.fsutil import atomic_write
from ...core.policy.gate import safe_key
from ...core.service import MemoryService, turns_of
from ..transcripts import for_extraction, read_transcript_bytes, transcript_from_text
from . import AGENT

LEDGER = "imported-claude-code.json"


@dataclass
class ImportReport:
    sessions: int = 0
    skipped: int = 0  # already imported, unchanged
    turns: int = 0
    written: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    records: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def default_logs(folder: Path) -> Path:
    """Where Claude Code keeps the logs of sessions started in ``folder``."""
    base = Path(os.environ.get("CLAUDE_CONFIG_DIR") or Path.home() / ".claude")
    return base / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(folder.absolute()))


def session_logs(path: Path) -> Iterator[Path]:
    if path.is_file():
        yield path
    elif path.is_dir():
        yield from sorted(
            p for p in path.rglob("*.jsonl") if p.is_file() and "subagents" not in p.parts
        )
    else:
        raise MemlspError(f"no session logs at {path}", reason="not-found")


def import_logs(
    service: MemoryService,
    path: Path,
    *,
    progress: Callable[[int, int, str], None] | None = None,
) -> ImportReport:
    service.require_writes()  # managed off: refused before a ledger or a note is written
    logs = list(session_logs(path))
    report = ImportReport()
    for number, log_path in enumerate(logs, start=1):
        try:
            _import_one(service, log_path, report)
        except MemlspError as exc:
            report.problems.append(f"{log_path}: {exc}")
        if progress:
            progress(number, len(logs), log_path.name)
    return report


def _import_one(service: MemoryService, log_path: Path, report: ImportReport) -> None:
    data = read_transcript_bytes(log_path)
    digest = hashlib.sha256(data).hexdigest()
    log = transcript_from_text(data.decode("utf-8", errors="replace"), str(log_path))
    session = log.session_id or log_path.stem
    key = safe_key(session)  # the ledger's key: a session id holding a secret is not kept
    folder = log.cwd if log.cwd and Path(log.cwd).is_dir() else None
    ledger_path = service.project_scope(folder).root / ".memlsp" / LEDGER
    ledger = _read_ledger(ledger_path)
    seen = ledger.get(key) or {}
    if seen.get("sha256") == digest:
        report.skipped += 1
        return
    messages = for_extraction(log.messages)
    turns = turns_of(messages)
    done = int(seen.get("turns") or 0) if isinstance(seen.get("turns"), int) else 0
    new = [m for turn in turns[done:] for m in turn]
    report.sessions += 1
    if new:
        results, saved = service.replay_transcript(
            new, session_id=session, autosave=not seen, workspace=folder, agent=AGENT
        )
        report.turns += len(results)
        for r in results:
            report.written.extend(r.written)
            report.updated.extend(r.updated)
        if saved is not None and saved.path:
            report.records.append(saved.path)
    ledger[key] = {"sha256": digest, "turns": len(turns)}
    _write_ledger(ledger_path, ledger)


def _read_ledger(path: Path) -> dict:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_ledger(path: Path, ledger: dict) -> None:
    # through the core's writer: atomic, and never through a link inside the home
    atomic_write(path, json.dumps(ledger, indent=1, sort_keys=True))
