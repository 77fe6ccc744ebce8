"""Store commands: ``where``, ``ls``, ``show``, ``remember``, ``index``, ``doctor``."""

from __future__ import annotations

import argparse
import sys

from ..core import index as index_mod
from ..core.errors import MemlspError, NotFoundError, RefusedError
from ..core.fsutil import is_temp_name
from ..core.listing import list_notes, problem_record
from ..core.notes import NOTE_TYPES, utcnow
from ..core.rollout import EntryPoint
from ..core.store import Entry, Store
from .common import command_settings, cwd, human_age, human_size, open_store, print_json

LS_JSON_VERSION = 1


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("where", help="print the project scope folder for this directory")
    p.set_defaults(func=cmd_where)

    p = sub.add_parser("ls", help="list notes by scope with type, size and age")
    p.add_argument(
        "--scope",
        choices=("all", "project", "global"),
        default="all",
        help="which scopes to list (default: every scope in the memory home)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output (stable, v1)")
    p.set_defaults(func=cmd_ls)

    p = sub.add_parser("show", help="print a note (by name or home-relative path)")
    p.add_argument("name")
    p.add_argument("--hash", action="store_true", help="print the SHA-256 of the note's bytes")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("remember", help="remember TEXT as a note in the inbox")
    p.add_argument("text")
    p.add_argument("--type", choices=NOTE_TYPES, help="note type (guessed when omitted)")
    p.add_argument("--global", dest="global_", action="store_true", help="store in global/")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_remember)

    p = sub.add_parser("index", help="regenerate MEMORY.md for this project and global")
    p.add_argument("--all", action="store_true", help="every scope in the memory home")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("doctor", help="report what is broken in the memory home, and why")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_doctor)


def cmd_where(args: argparse.Namespace) -> int:
    store = open_store()
    print(store.project_scope(cwd()).root)
    return 0


def _selected_scopes(store: Store, which: str):
    if which == "global":
        return [store.global_scope()]
    if which == "project":
        return [store.project_scope(cwd())]
    return store.scopes()


def cmd_ls(args: argparse.Namespace) -> int:
    store = open_store()
    now = utcnow()
    scopes = _selected_scopes(store, args.scope)
    if args.json:
        # The same records as memory/list (docs/reference/cli.md, format version 1).
        found = list_notes(store, scopes, now)
        print_json(
            {
                "version": LS_JSON_VERSION,
                "home": str(store.home),
                "entries": found.entries,
                "problems": found.problems,
            }
        )
        return 0
    results = [(scope, store.scan(scope)) for scope in scopes]
    if not any(res.entries for _, res in results):
        print(f"No notes yet in {store.home}.", file=sys.stderr)
        print('Add one with: memlsp remember "…" --type feedback', file=sys.stderr)
        return 0
    for scope, res in results:
        if not res.entries:
            continue
        print(f"{scope.rel}/")
        width = max(len(e.rel_in_scope) for e in res.entries)
        for e in sorted(res.entries, key=lambda e: (e.section, e.note.type, e.note.name)):
            print(
                f"  {e.rel_in_scope:<{width}}  {e.note.type:<9}  "
                f"{human_size(e.bytes):>8}  {human_age(e.age_days(now))}"
            )
        errors = [p for p in res.problems if p.severity == "error"]
        if errors:
            print(f"  ({len(errors)} file(s) skipped: run `memlsp doctor`)")
    return 0


def _find_one(store: Store, name: str) -> Entry:
    preferred = [store.project_scope(cwd()), store.global_scope()]
    hits = store.find(name, preferred) or store.find(name)
    if not hits:
        raise NotFoundError(f"no note named {name!r} (see `memlsp ls`)")
    if len(hits) > 1:
        paths = ", ".join(h.path for h in hits)
        raise MemlspError(
            f"{name!r} matches several notes: {paths}; give the path", reason="ambiguous"
        )
    return hits[0]


def cmd_show(args: argparse.Namespace) -> int:
    store = open_store()
    entry = _find_one(store, args.name)
    data, digest = store.read(entry.path)
    if args.hash:
        print(f"{digest}  {entry.path}")
        return 0
    sys.stdout.write(data.decode("utf-8"))
    return 0


def cmd_remember(args: argparse.Namespace) -> int:
    from ..core.remember import remember

    store = open_store()
    command_settings(store, EntryPoint.REMEMBER)
    scope = store.global_scope() if args.global_ else store.project_scope(cwd())
    try:
        result = remember(store, scope, args.text, type_=args.type)
    except RefusedError as exc:
        # R8: a refusal is an answer with a reason, not silence (exit 2 = refused).
        if args.json:
            print_json({"refused": exc.reason, "category": exc.category, "message": str(exc)})
        else:
            print(f"memlsp remember: {exc} [{exc.reason}]", file=sys.stderr)
        return 2
    if args.json:
        print_json({"path": result.path, "action": result.action})
    else:
        print(f"{result.action}: {result.path}")
    return 0


def cmd_index(args: argparse.Namespace) -> int:
    store = open_store()
    scopes = store.scopes() if args.all else [store.project_scope(cwd()), store.global_scope()]
    for scope in scopes:
        if not scope.root.is_dir():
            continue
        changed = store.rebuild_index(scope)
        print(f"{'rebuilt' if changed else 'up to date'}: {scope.rel}/MEMORY.md")
    return 0


def diagnose(store: Store) -> list[dict]:
    """Everything worth telling a person about the home; reads only, never writes."""
    findings: list[dict] = []
    from ..core.retrieval import minilm_model

    trouble = minilm_model.problem()
    if trouble is not None:
        findings.append(
            {
                "path": "(installation)",
                "reason": "recall-model-unavailable",
                "message": f"MiniLM cannot run ({trouble}): recall uses USE alone, weaker on"
                " English paraphrase; reinstall memlsp",
                "severity": "warning",
            }
        )
    if not store.home.exists():
        return findings
    for scope in store.scopes():
        res = store.scan(scope)
        findings.extend(problem_record(p) for p in res.problems)
        live = [e for e in res.entries if e.section in ("", "inbox")]
        expected = index_mod.render_index(live)
        try:
            current = scope.index_path.read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            current = None
        if current != expected:
            findings.append(
                {
                    "path": f"{scope.rel}/MEMORY.md",
                    "reason": "index-out-of-date" if current is not None else "index-missing",
                    "message": "MEMORY.md does not match the notes; run `memlsp index --all`",
                    "severity": "warning",
                }
            )
        for folder in (scope.root, scope.root / "inbox", scope.root / "sessions"):
            if folder.is_dir():
                for child in folder.iterdir():
                    if is_temp_name(child.name):
                        findings.append(
                            {
                                "path": store.rel(child),
                                "reason": "leftover-temp-file",
                                "message": "temporary file from an interrupted write",
                                "severity": "warning",
                            }
                        )
    return findings


def cmd_doctor(args: argparse.Namespace) -> int:
    store = open_store()
    findings = diagnose(store)
    errors = sum(1 for f in findings if f["severity"] == "error")
    if args.json:
        print_json({"home": str(store.home), "findings": findings, "errors": errors})
    else:
        print(f"memory home: {store.home}")
        if not findings:
            print("no problems found")
        for f in findings:
            print(f"{f['severity']}: {f['path']}: {f['message']} [{f['reason']}]")
    return 1 if errors else 0
