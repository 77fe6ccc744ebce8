"""Issue 19: the start-up check reports missing cited files before the symbol index, and
the persisted symbol index is lazy (materialises only the names looked up) yet answers as
an index built from scratch does — after a warm start and after file events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from memlsp.core.citations import Checker
from memlsp.core.citations.symbols import SymbolIndex
from memlsp.core.citations.workspace import Workspace
from memlsp.core.store import Store

from bench.fixtures.citation_repo import committed_repo, write

SOURCES = {
    "src/billing.py": (
        "def charge(amount):\n    return amount\n\n\n"
        "class Invoice:\n    def run(self):\n        return 1\n\n    def total(self):\n"
        "        return 2\n"
    ),
    "src/shipping.py": "class Parcel:\n    def run(self):\n        return 3\n\n\ndef charge():\n    pass\n",
    "web/client.ts": (
        "export function send(x: number): number {\n  return x;\n}\n\n"
        "export class Client {\n  run(): number { return 1; }\n}\n"
    ),
    "go/pkg/server.go": (
        "package pkg\n\ntype Server struct{}\n\nfunc (s *Server) Handle() {}\n\nfunc Start() {}\n"
    ),
    "rs/webhooks.rs": "pub fn send_with_backoff() {}\n\nstruct Hook;\n\nimpl Hook {\n    fn run(&self) {}\n}\n",
}

# Every form a note cites a symbol in: plain, qualified by class or module, tied to a path.
QUERIES = [
    ("charge", None),
    ("charge", "src/billing.py"),
    ("charge", "web/client.ts"),
    ("run", None),
    ("Invoice.run", None),
    ("Parcel.run", None),
    ("Client.run", None),
    ("Hook::run", None),
    ("Widget.run", None),
    ("billing.charge", None),
    ("shipping.charge", None),
    ("Server.Handle", None),
    ("pkg.Start", None),
    ("webhooks::send_with_backoff", None),
    ("send_with_backoff", "rs/webhooks.rs"),
    ("send", "web/client.ts"),
    ("total", "src/shipping.py"),
    ("gone_function", None),
    ("os.path.join", None),
    ("len", None),
]
SEGMENTS = ["Invoice", "Parcel", "billing", "src", "pkg", "Hook", "webhooks", "nothing_here"]


def answers(index: SymbolIndex) -> dict:
    out = {}
    for symbol, path in QUERIES:
        look = index.lookup(symbol, path)
        out[(symbol, path)] = (look.status, sorted(d for d in look.definitions))
    for name in ("charge", "run", "send", "Start"):
        out[("definitions", name)] = sorted(index.definitions(name))
    for seg in SEGMENTS:
        out[("known", seg)] = index.is_known(seg)
    for path in SOURCES:
        out[("in", path)] = sorted(index.definitions_in(path))
    return out


@pytest.fixture
def repo(tmp_path) -> Path:
    root = committed_repo(tmp_path / "repo", SOURCES)
    return root


def fresh(repo: Path, cache: Path | None = None) -> SymbolIndex:
    index = SymbolIndex(Workspace(repo), cache)
    index.build()
    return index


def test_an_index_loaded_from_its_cache_answers_as_one_built_from_scratch(repo, tmp_path):
    cache = tmp_path / "symbols.json"
    built = fresh(repo, cache)
    assert built.stats["parsed"] == len(SOURCES)
    eager = answers(built)
    assert eager[("Invoice.run", None)][0] == "found"
    assert eager[("charge", "web/client.ts")][0] == "moved"
    assert eager[("gone_function", None)][0] == "missing"
    assert eager[("os.path.join", None)][0] == "external"

    loaded = fresh(repo, cache)
    assert loaded.stats["loaded_from_cache"] and loaded.stats["parsed"] == 0
    assert loaded._by_name == {}  # nothing materialised before a lookup
    assert answers(loaded) == eager
    # only the names asked for were materialised (a class name never looked up was not)
    asked = {"charge", "run", "send", "Start", "Handle", "send_with_backoff", "total"}
    assert set(loaded._by_name) - {"gone_function", "join", "len"} == asked
    assert "Invoice" in loaded._names and "Invoice" not in loaded._by_name


def test_file_events_on_a_warm_lazy_index_match_a_rebuild(repo, tmp_path):
    cache = tmp_path / "symbols.json"
    fresh(repo, cache)
    warm = fresh(repo, cache)
    answers(warm)  # materialise the names, so the events must update what was materialised
    write(repo / "src/shipping.py", "class Crate:\n    def run(self):\n        return 4\n")
    (repo / "web/client.ts").unlink()
    write(repo / "src/extra.py", "def charge():\n    pass\n\n\nclass Invoice:\n    pass\n")
    warm.workspace.apply(
        created=[str(repo / "src/extra.py")], deleted=[str(repo / "web/client.ts")]
    )
    names = warm.update_files(["src/shipping.py", "web/client.ts", "src/extra.py"])
    assert {"run", "charge", "send", "Crate", "Client"} <= names
    rebuilt = fresh(repo)  # no cache: every file parsed now
    assert answers(warm) == answers(rebuilt)
    assert warm.lookup("Parcel.run").status != "found"  # the class is gone
    assert warm.lookup("Crate.run").status == "found"


def test_a_damaged_cache_is_rebuilt_not_trusted(repo, tmp_path):
    cache = tmp_path / "symbols.json"
    eager = answers(fresh(repo, cache))
    data = json.loads(cache.read_text())
    for bad in (
        {**data, "names": {"charge": 5}},
        {**data, "files": {"src/billing.py": ["x", 1, "tree-sitter", ""]}},
        {**data, "files": {"src/billing.py": [1, 1, "tree-sitter", [["charge"], 1, "f"]]}},
        {**data, "known": []},
        {**data, "version": 1},
        [1, 2, 3],
    ):
        cache.write_text(json.dumps(bad))
        index = fresh(repo, cache)
        assert not index.stats["loaded_from_cache"]
        assert answers(index) == eager
    # well-formed at the top, damaged inside: the damaged items are skipped, the
    # qualifier counts recounted from the files, nothing crashes
    broken = json.loads(json.dumps(data))
    broken["files"]["src/billing.py"][3] = "\x1fx\x1ffunction\x1echarge\x1f3"
    broken["known"] = ["Invoice\x1fsrc", "1"]
    cache.write_text(json.dumps(broken))
    index = fresh(repo, cache)
    assert index.stats["loaded_from_cache"]
    assert index.lookup("charge", "src/billing.py").status == "moved"  # billing's defs unread
    assert index.is_known("Parcel") and index.is_known("src")


NOTE = """---
name: mixed
description: cites a missing file, a missing symbol and live things
type: project
---
The retry lives in `src/retry.py` now.
Charging goes through `charge()` in `src/billing.py`.
It used to call `Invoice.refund` before.
"""


def test_the_first_report_holds_missing_files_before_the_symbol_index(repo, tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    store = Store(home)
    scope = store.ensure_scope(store.project_scope(repo))
    write(scope.root / "mixed.md", NOTE)
    store.rebuild_index(scope)

    checker = Checker(repo, store)
    seen = []

    def first(report) -> None:
        # the symbol index is neither loaded nor built yet
        seen.append((report, len(checker.symbols), checker.symbols.stats["loaded_from_cache"]))

    full = checker.check_all(on_files_checked=first)
    assert len(seen) == 1
    report, indexed, loaded = seen[0]
    assert indexed == 0 and not loaded
    early = {(f.code, f.citation.label) for f in report.findings}
    assert early == {("stale-file", "src/retry.py")}
    late = {(f.code, f.citation.label) for f in full.findings}
    assert late == early | {("stale-symbol", "Invoice.refund")}
    assert checker.built and checker.files_checked

    # the same answers as a check without a first report
    plain = Checker(repo, store).check_all()
    assert {(f.code, f.citation.label) for f in plain.findings} == late
