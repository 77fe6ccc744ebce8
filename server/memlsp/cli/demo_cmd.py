"""``memlsp demo``: the main job, end to end and offline, on a throwaway git repository.

It creates a real git repository with an ``origin``, a fresh memory home (unless
``--home`` is given), and walks through what memlsp does: remember, learn from chat turns
(offline extraction and session autosave), recall on the next turn, flag a stale citation,
plan a dream, forget with evidence, and show the generated index.
"""

from __future__ import annotations

import argparse
import datetime as dt
import subprocess
import tempfile
from pathlib import Path

from ..core.errors import RefusedError
from ..core.notes import Note
from ..core.store import Store

DEMO_ORIGIN = "git@github.com:example-org/demo-shop.git"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="run an offline demo on a throwaway git repository")
    p.add_argument("--home", help="memory home to use (default: a new temporary folder)")
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


def step(title: str) -> None:
    print(f"\n== {title}")


def _turn(at: dt.datetime, user: str, assistant: str) -> list[dict]:
    stamp = at.isoformat().replace("+00:00", "Z")
    return [
        {"role": "user", "content": user, "at": stamp},
        {"role": "assistant", "content": assistant, "at": stamp},
    ]


def cmd_demo(args: argparse.Namespace) -> int:
    from ..core import dream as dream_mod
    from ..core.autosave import autosave_session
    from ..core.citations import find_stale
    from ..core.extract import extract_turn
    from ..core.forget import forget
    from ..core.recall import recaller_for
    from ..core.remember import remember

    tmp = Path(tempfile.mkdtemp(prefix="memlsp-demo-"))
    home = Path(args.home) if args.home else tmp / "home"
    store = Store(home)
    repo = make_repo(tmp)
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)

    step("A throwaway git repository")
    print(f"repo:   {repo}\norigin: {DEMO_ORIGIN}\nhome:   {home}")
    scope = store.ensure_scope(store.project_scope(repo))
    print(f"project scope: {scope.rel}")

    step("Remember on purpose (the write policy refuses what the code already says)")
    result = remember(
        store,
        store.global_scope(),
        "I'm a backend engineer; explain frontend details more fully.",
        type_="user",
        now=now,
    )
    print(f"{result.action}: {result.path}")
    try:
        remember(store, scope, "The refund logic lives in src/billing.py", now=now)
    except RefusedError as exc:
        print(f"refused: {exc} [{exc.reason}]")
    hand = Note(
        name="refund-rounding",
        description="Refunds round half-even, as the finance team requires",
        type="project",
        body="Finance audits refunds; `refund()` in `src/billing.py` must round half-even.",
        meta={"created": now.isoformat().replace("+00:00", "Z"), "source": "manual"},
    )
    print(f"a note written by hand: {store.write_note(scope, hand, section='').path}")

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
    messages: list[dict] = []
    for i, (user, assistant) in enumerate(turns, 1):
        msgs = _turn(now, user, assistant)
        messages += msgs
        res = extract_turn(store, scope, session_id=session, turn=i, messages=msgs, now=now)
        for path in res.written + res.updated:
            print(f"turn {i}: wrote {path}")
        if not (res.written or res.updated):
            print(f"turn {i}: nothing worth remembering")
    saved = autosave_session(store, scope, session_id=session, messages=messages, now=now)
    print(f"session end: {saved.path or 'skipped (' + str(saved.skipped) + ')'}")

    step("Recall on the next turn (hybrid retrieval, two bundled sentence models, offline)")
    recaller = recaller_for(store, repo)
    result = recaller.recall("demo-session-2", "Should I install the dependencies with npm or bun?")
    for m in result.memories:
        print(f"  recalled {m.path}  (score {m.score:.2f})")
    print(result.reminder or "(nothing recalled)")

    step("A cited file goes away: the stale citation is flagged")
    subprocess.run(["git", "rm", "-q", "src/billing.py"], cwd=repo, check=True)
    _git(repo, "commit", "-q", "-m", "remove billing module")
    report = find_stale(store, repo)
    for f in report.findings:
        print(f"  {f.code}: {f.note} line {f.range.line + 1}: {f.message}")

    step("Dream (dry run): the consolidation plan as a diff, nothing written")
    dreamt = dream_mod.dream(store, scope, force=True, dry_run=True, now=now)
    print((dreamt.diff or "(no changes planned)").rstrip()[:1500])

    step("Forget a note, with evidence (exact path + SHA-256 of the bytes read)")
    target = next(e for e in store.scan(scope).entries if "bun" in e.note.description.lower())
    data, digest = store.read(target.path)
    done = forget(store, target.path, digest)
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
    return 0
