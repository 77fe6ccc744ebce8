"""``memlsp extract``: replay a transcript through per-turn extraction and autosave.

The transcript is JSON Lines, one message per line: ``{"role", "content", "at"}`` with
content a string or a list of content blocks, or a Claude Code session log
(:mod:`memlsp.agents.transcripts`; tool output is untrusted, never the person's words). Each
user message with the replies that follow it is one turn; extraction runs after each turn
(clock = the turn's ``at``), then the session-end autosave. Output: what was written,
updated, deleted or refused (reasons only — never the refused text).
"""

from __future__ import annotations

import argparse
import sys
import uuid
from pathlib import Path

from ..agents.transcripts import for_extraction, read_transcript
from .common import open_service, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "extract",
        help="learn from a chat transcript (JSON Lines: role and content, or a Claude Code session log)",
    )
    p.add_argument("--transcript", required=True, type=Path, help="JSONL file, one message a line")
    p.add_argument("--session", help="session id (default: a new random id)")
    p.add_argument("--no-autosave", action="store_true", help="skip the session-end record")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_extract)


def cmd_extract(args: argparse.Namespace) -> int:
    transcript = read_transcript(args.transcript)
    messages = for_extraction(transcript.messages)
    session = args.session or transcript.session_id or uuid.uuid4().hex[:12]
    turns, autosaved = open_service().replay_transcript(
        messages, session_id=session, autosave=not args.no_autosave
    )
    results = [t.to_json() for t in turns]
    saved = None if autosaved is None else {"path": autosaved.path, "skipped": autosaved.skipped}
    if args.json:
        print_json({"session": session, "turns": results, "autosave": saved})
        return 0
    for r in results:
        for key in ("written", "updated", "deleted"):
            for path in r[key]:
                print(f"turn {r['turn']}: {key} {path}")
        for refusal in r["refused"]:
            print(f"turn {r['turn']}: refused [{refusal['reason']}]", file=sys.stderr)
        if r["degraded"]:
            print(f"turn {r['turn']}: model unavailable ({r['degraded_reason']}); offline")
    if saved is not None:
        if saved["path"]:
            print(f"session record: {saved['path']}")
        else:
            print(f"session record skipped: {saved['skipped']}")
    return 0
