"""``memlsp demo``: the main job, end to end and offline, on a throwaway git repository.

It creates a real git repository with an ``origin``, a fresh memory home (unless
``--home`` is given), and walks through what memlsp does: remember, list, show the index.
"""

from __future__ import annotations

import argparse
import datetime as dt
import subprocess
import tempfile
from pathlib import Path

from ..core.remember import remember
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
        "def charge(order):\n    return order.total\n", encoding="utf-8"
    )
    (repo / "README.md").write_text("# demo-shop\n", encoding="utf-8")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "remote", "add", "origin", DEMO_ORIGIN)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "initial commit")
    return repo


def step(title: str) -> None:
    print(f"\n== {title}")


def cmd_demo(args: argparse.Namespace) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="memlsp-demo-"))
    home = Path(args.home) if args.home else tmp / "home"
    store = Store(home)
    repo = make_repo(tmp)
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)

    step("A throwaway git repository")
    print(f"repo:   {repo}\norigin: {DEMO_ORIGIN}\nhome:   {home}")
    scope = store.project_scope(repo)
    print(f"project scope: {scope.rel}")

    step("Remember three things")
    items = [
        ("Use bun, not npm, for every install and script in this repo.", "feedback", False),
        (
            "The billing service is frozen for the audit from 2026-12-01 to 2026-12-14.",
            "project",
            False,
        ),
        ("I'm a backend engineer; explain frontend details more fully.", "user", True),
    ]
    for text, type_, is_global in items:
        target = store.global_scope() if is_global else scope
        result = remember(store, target, text, type_=type_, now=now)
        print(f"{result.action}: {result.path}")

    step("Remember the first one again (check before write: updated, not duplicated)")
    result = remember(store, scope, items[0][0], type_="feedback", now=now)
    print(f"{result.action}: {result.path}")

    step("List (memlsp ls)")
    for s in store.scopes():
        for e in store.scan(s).entries:
            print(f"  {e.path}  [{e.note.type}, {e.bytes} B]")

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
