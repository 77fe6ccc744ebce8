"""``memlsp extract``: replay a transcript through per-turn extraction and autosave.

The transcript is JSON Lines, one message per line: ``{"role", "content", "at"}``. Each
user message with the replies that follow it is one turn; extraction runs after each turn
(clock = the turn's ``at``), then the session-end autosave. Output: what was written,
updated, deleted or refused (reasons only — never the refused text).
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import MemlspError
from ..core.settings import load_settings
from .common import cwd, open_store, print_json

if TYPE_CHECKING:
    from ..core.extract import Message


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "extract",
        help="learn from a chat transcript (JSON Lines: role, content, at) like the server does",
    )
    p.add_argument("--transcript", required=True, type=Path, help="JSONL file, one message a line")
    p.add_argument("--session", help="session id (default: a new random id)")
    p.add_argument("--no-autosave", action="store_true", help="skip the session-end record")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_extract)


def read_transcript(path: Path) -> list[Message]:
    from ..core.extract import Message

    messages = []
    try:
        lines = path.read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise MemlspError(f"cannot read {path}: {exc}", reason="bad-transcript") from exc
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:
            raise MemlspError(
                f"{path}:{number}: not a JSON object ({exc.msg})", reason="bad-transcript"
            ) from exc
        if not isinstance(data, dict) or "content" not in data:
            raise MemlspError(
                f"{path}:{number}: each line needs role and content", reason="bad-transcript"
            )
        messages.append(Message.from_dict(data))
    return messages


def turns_of(messages: list[Message]) -> list[list[Message]]:

    turns: list[list[Message]] = []
    for m in messages:
        if m.role == "user" or not turns:
            turns.append([m])
        else:
            turns[-1].append(m)
    return turns


def cmd_extract(args: argparse.Namespace) -> int:
    from ..core.autosave import autosave_session
    from ..core.extract import extract_turn
    from ..core.models import make_provider

    messages = read_transcript(args.transcript)
    store = open_store()
    scope = store.project_scope(cwd())
    provider = make_provider(load_settings())
    session = args.session or uuid.uuid4().hex[:12]
    results = []
    history: list[Message] = []
    for number, turn in enumerate(turns_of(messages), start=1):
        res = extract_turn(
            store,
            scope,
            session_id=session,
            turn=number,
            messages=history[-2:] + turn,
            provider=provider,
        )
        results.append(res.to_json())
        history.extend(turn)
    saved = None
    if not args.no_autosave:
        saved = autosave_session(store, scope, session_id=session, messages=history).to_json()
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
