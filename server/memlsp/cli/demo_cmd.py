"""``memlsp demo``: the main job, end to end and offline, on a throwaway git repository.

It creates a real git repository with an ``origin``, a fresh memory home (unless
``--home`` is given), and walks through what memlsp does: remember, learn from chat turns
(printing each turn it replays; offline extraction and session autosave), recall on the
next turns (printing each question first, then what came back or why nothing did), flag a
stale citation, plan a dream, forget with evidence, show the generated index, and end with
the next commands to try.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import subprocess
import tempfile
from pathlib import Path

from ..core.errors import InvalidRequestError
from ..core.runtime import CancelToken, no_progress
from ..core.service import EntryPoint, Job, MemoryService, Message
from ..core.settings import Settings
from .common import open_service

DEMO_ORIGIN = "git@github.com:example-org/demo-shop.git"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="run an offline demo on a throwaway git repository")
    p.add_argument(
        "--home",
        help="an empty or new folder for the demo's memory home (default: a temporary one)",
    )
    p.add_argument("--keep", action="store_true", help="keep the temporary folders")
    p.set_defaults(func=cmd_demo)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=memlsp demo", "-c", "user.email=demo@example.invalid", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


def make_repo(root: Path) -> Path:
    repo = root / "demo-shop"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "billing.py").write_text(
        "def charge(order):\n    return order.total\n\n\ndef refund(order):\n    return -order.total\n",
        encoding="utf-8",
    )
    (repo / "README.md").write_text("# demo-shop\n", encoding="utf-8")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "remote", "add", "origin", DEMO_ORIGIN)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "initial commit")
    return repo


def _not_empty(folder: Path) -> bool:
    if not folder.is_dir():
        return True  # a file: not a home either
    return any(folder.iterdir())


def step(title: str) -> None:
    print(f"\n== {title}")


def _turn(at: dt.datetime, user: str, assistant: str) -> list[dict]:
    stamp = at.isoformat().replace("+00:00", "Z")
    return [
        {"role": "user", "content": user, "at": stamp},
        {"role": "assistant", "content": assistant, "at": stamp},
    ]


HAND_WRITTEN = """---
name: refund-rounding
description: Refunds round half-even, as the finance team requires
type: project
created: {created}
source: manual
---
Finance audits refunds; `refund()` in `src/billing.py` must round half-even.
"""


QUESTIONS = (
    "Should I install the dependencies with npm or bun?",
    "Can I merge my refund change to the billing service next week?",
    "What's a good name for a cat?",  # nothing in memory governs it: recall stays silent
)


def cmd_demo(args: argparse.Namespace) -> int:
    # The demo writes notes: refused, like every write, when an administrator turned memlsp off.
    open_service().require(EntryPoint.REMEMBER)
    if args.home and Path(args.home).exists() and _not_empty(Path(args.home)):
        # The demo writes a global note (recalled in every project) and dreams and forgets:
        # never inside a memory home someone uses.
        raise InvalidRequestError(
            f"{args.home} is not an empty folder: the demo writes its own notes; give --home an "
            "empty or new folder (or leave --home out for a temporary one)",
            reason="home-not-empty",
        )
    tmp = Path(tempfile.mkdtemp(prefix="memlsp-demo-"))
    home = Path(args.home) if args.home else tmp / "home"
    os.environ["MEMLSP_HOME"] = str(home)  # this process's home, whatever the shell says
    repo = make_repo(tmp)
    # The demo shows the automatic behaviour, so it runs at rollout "on" (the default is
    # off until a person turns it on, docs/reference/settings.md).
    service = MemoryService(Settings(rollout="on", home=str(home)), default_folder=lambda: repo)
    store = service.store
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)

    step("A throwaway git repository")
    print(f"repo:   {repo}\norigin: {DEMO_ORIGIN}\nhome:   {home}")
    scope = store.ensure_scope(service.project_scope())
    print(f"project scope: {scope.rel}")

    step("Remember on purpose (the write policy refuses what the code already says)")
    result = service.remember(
        "I'm a backend engineer; explain frontend details more fully.", type_="user", scope="global"
    )
    print(f"{result.action}: {result.path}")
    refused = service.remember("The refund logic lives in src/billing.py")
    if refused.refused:
        print(f"refused: {refused.message} [{refused.refused}]")
    hand = scope.root / "refund-rounding.md"
    hand.write_text(HAND_WRITTEN.format(created=now.isoformat().replace("+00:00", "Z")), "utf-8")
    service.rebuild_indexes()
    print(f"a note written by hand: {store.rel(hand)}")

    step("Learn from a chat turn (offline extraction, no API key)")
    session = "demo-session-1"
    turns = [
        (
            "Use bun, not npm, for every install and script in this repo.",
            "Understood, switching to bun.",
        ),
        ("The billing service is frozen from next Monday for the audit.", "Noted."),
        ("Thanks!", "You're welcome."),
    ]
    messages: list[Message] = []
    for i, (user, assistant) in enumerate(turns, 1):
        print(f"turn {i}: user: {user}\n        assistant: {assistant}")
        msgs = [Message.from_dict(m) for m in _turn(now, user, assistant)]
        messages += msgs
        job = service.turn_completed(session, i, msgs)
        res = job.run(CancelToken(), no_progress) if isinstance(job, Job) else None
        for path in (res.written + res.updated) if res else []:
            print(f"turn {i}: wrote {path}")
        if res is None or not (res.written or res.updated):
            print(f"turn {i}: nothing worth remembering")
    saved = service.session_ended(session, messages)
    print(f"session end: {saved.path or 'skipped (' + str(saved.skipped) + ')'}")

    step("Recall on the next turns (hybrid retrieval, two bundled sentence models, offline)")
    for question in QUESTIONS:
        print(f"\nthe next chat turn asks: {question}")
        recalled = service.recall(None, question, first_turn=False, on_purpose=True)
        for m in recalled.memories:
            print(f"  recalled {m.path}  (score {m.score:.2f})")
        if not recalled.memories:
            print(f"  nothing injected ({recalled.silence})")
        elif question == QUESTIONS[0]:
            print("what memlsp adds to that turn's prompt:")
            print(recalled.reminder, end="")

    step("A cited file goes away: the stale citation is flagged")
    subprocess.run(["git", "rm", "-q", "src/billing.py"], cwd=repo, check=True)
    _git(repo, "commit", "-q", "-m", "remove billing module")
    report = service.checker(repo).check_all()
    for f in report.findings:
        print(f"  {f.code}: {f.note} line {f.range.line + 1}: {f.message}")

    step("Dream (dry run): the consolidation plan as a diff, nothing written")
    dreamt = service.dream_job(force=True, dry_run=True).run(CancelToken(), no_progress)
    print((dreamt.diff or "(no changes planned)").rstrip()[:1500])

    step("Forget a note, with evidence (exact path + SHA-256 of the bytes read)")
    listing = service.list_notes("project")
    target = next(e for e in listing.entries if "bun" in e.description.lower())
    note = service.read(target.path)
    done = service.forget(note.path, note.sha256)
    print(f"{done.status}: {done.path} (tombstone written, MEMORY.md rebuilt)")

    step(f"The generated index ({scope.rel}/MEMORY.md)")
    print(scope.index_path.read_text("utf-8"), end="")

    step("Done")
    if args.keep or args.home:
        print(f"kept: {tmp}")
    else:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
        print("temporary repository and memory home removed (use --keep to keep them)")
    print("\nNext, in a repository of your own:")
    print('  memlsp remember "Use pnpm, not npm, in this repo" --type feedback')
    print('  memlsp recall "should I use pnpm or npm here?" --json   # silence says why, if empty')
    print("  memlsp ls        # every note, by scope")
    print("  memlsp extract --transcript chat.jsonl   # learn from a chat you already had")
    print("  memlsp serve     # the language server for your editor (docs/howto/)")
    print("  memlsp install claude-code   # the same memory for Claude Code")
    print("  memlsp stats     # with telemetry.enabled: how a shadow rollout would inject")
    return 0
