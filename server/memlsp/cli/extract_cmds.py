"""``memlsp extract``: replay a transcript through per-turn extraction and autosave.

The transcript (a file, or ``-`` for standard input) is JSON Lines, one message per line:
``{"role", "content", "at"}`` with content a string or a list of content blocks, or a Claude
Code session log
(:mod:`memlsp.agents.transcripts`; tool output is untrusted, never the person's words). Each
user message with the replies that follow it is one turn; extraction runs after each turn
(clock = the turn's ``at``), then the session-end autosave. Output: what was written,
updated, deleted or refused (reasons only — never the refused text).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from ..agents.transcripts import (
    for_extraction,
    read_bounded,
    read_transcript,
    transcript_from_text,
)
from .common import open_service, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "extract",
        help="learn from a chat transcript (JSON Lines: role and content, or a Claude Code session log)",
    )
    p.add_argument(
        "--transcript",
        required=True,
        type=Path,
        help="JSONL file, one message a line ('-': standard input)",
    )
    p.add_argument(
        "--session",
        help="session id (default: the log's own, else one derived from the transcript, so "
        "extracting the same transcript again changes nothing)",
    )
    p.add_argument("--no-autosave", action="store_true", help="skip the session-end record")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_extract)


def _content_id(messages: list) -> str:
    """A session id from the transcript's messages: the same transcript replayed again is
    the same session, so the notes it wrote are found unchanged (a random id made every
    run an update of each note, with a history version)."""
    digest = hashlib.sha256()
    for m in messages:
        at = m.at.isoformat() if m.at else None
        digest.update(json.dumps([m.role, m.content, at]).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:12]


def cmd_extract(args: argparse.Namespace) -> int:
    if str(args.transcript) == "-":  # as Unix tools do; a file named "-" is ./-
        text = read_bounded(sys.stdin.buffer, "standard input").decode("utf-8", errors="replace")
        transcript = transcript_from_text(text, "-")
    else:
        transcript = read_transcript(args.transcript)
    messages = for_extraction(transcript.messages)
    session = args.session or transcript.session_id or _content_id(messages)
    turns, autosaved = open_service().replay_transcript(
        messages, session_id=session, autosave=not args.no_autosave
    )
    results = [t.to_json() for t in turns]
    saved = None if autosaved is None else {"path": autosaved.path, "skipped": autosaved.skipped}
    if args.json:
        print_json({"session": session, "turns": results, "autosave": saved})
        return 0
    kinds = ("written", "updated", "deleted", "held", "refused")
    if not any(r[key] for r in results for key in kinds):
        print("nothing new to remember")
    for r in results:
        for key in ("written", "updated", "deleted"):
            for path in r[key]:
                print(f"turn {r['turn']}: {key} {path}")
        for path in r["held"]:  # review: required — waits for `memlsp review`
            print(f"turn {r['turn']}: held for review {path} (memlsp review)")
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
