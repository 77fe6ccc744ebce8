"""Start-up cost (SPEC §13: ``memlsp ls --json`` ≤ 1.0 s with process start, a server's first
diagnostics ≤ 1.5 s; ADR 0008), checked by what a process loads, not by timing it:

- ``memlsp ls`` and a freshly built language server import no model runtime, embedder,
  extraction, recall, dream or team-sync engine, and compile none of the write policy's,
  the tokenisers' or the matching's regular expressions (they compile on first use);
- a memlsp process loads its modules with the cyclic garbage collector off, then freezes
  them and turns it back on before it works; ``main(argv)`` called in another program's
  process leaves that program's collector alone.

Each probe is a fresh interpreter: ``sys.modules`` of the test process says nothing.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from memlsp.core.store import Store

from .clikit import SERVER, run_main

# What neither path may import: the model runtimes and embedders, the write-side pipelines
# and the team sync (each loaded by the use case that needs it).
HEAVY = (
    "numpy",
    "onnxruntime",
    "tokenizers",
    "sqlite3",
    "anthropic",
    "mcp",
    "textual",
    "memlsp.core.sync",
    "memlsp.core.extract",
    "memlsp.core.recall",
    "memlsp.core.dream",
    "memlsp.core.remember",
    "memlsp.core.worker",
    "memlsp.core.retrieval.embedders",
    "memlsp.core.retrieval.index",
)

# Modules whose patterns compile on first use (memlsp.core.lazyre), none of which a listing
# or a server's start uses.
LAZY_PATTERNS = (
    "memlsp.core.text",
    "memlsp.core.matching",
    "memlsp.core.forget.matching",
    "memlsp.core.citations.fixes",
    "memlsp.core.policy.dates",
    "memlsp.core.policy.exclusions",
    "memlsp.core.policy.poisoning",
    "memlsp.core.policy.recognisers",
    "memlsp.core.policy.secrets",
    "memlsp.core.policy.untrusted",
)

# Records the module on whose behalf each regular expression is compiled (at import, or
# at first use through a LazyPattern), then runs one path and prints what was loaded.
PROBE = r"""
import contextlib, io, json, re, sys
compiled_by = set()
_compile = re._compile
def _recording(pattern, flags):
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__") in ("re", "memlsp.core.lazyre"):
        frame = frame.f_back
    compiled_by.add(frame.f_globals.get("__name__", "?") if frame is not None else "?")
    return _compile(pattern, flags)
re._compile = _recording
if sys.argv[1] == "ls":
    from memlsp.cli.main import main
    with contextlib.redirect_stdout(io.StringIO()) as out:
        code = main(["ls", "--json"])
    assert code == 0 and json.loads(out.getvalue())["entries"], out.getvalue()
else:
    from memlsp.lsp.server import create_server
    create_server()
print(json.dumps({"modules": sorted(sys.modules), "compiled_by": sorted(compiled_by)}))
"""


def python(code: str, *args: str, cwd: Path, home: Path) -> subprocess.CompletedProcess:
    """``python -c code *args`` over the memory home ``home``, this checkout's server first;
    it must exit 0."""
    env = {**os.environ, "MEMLSP_HOME": str(home), "PYTHONPATH": str(SERVER)}
    proc = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc


def probe(path: str, cwd: Path, home: Path) -> dict:
    return json.loads(python(PROBE, path, cwd=cwd, home=home).stdout.splitlines()[-1])


@pytest.fixture
def listed(make_repo, memlsp_home: Path) -> Path:
    """A repository whose project scope holds a note citing one of its files (so ``ls``
    runs its citation check) and a global note."""
    repo = make_repo()
    (repo / "billing.py").write_text("def export_invoices():\n    return []\n")
    store = Store(memlsp_home)
    project = store.ensure_scope(store.project_scope(repo))
    (project.root / "billing.md").write_text(
        "---\nname: billing\ndescription: Billing export lives in billing.py\ntype: project\n"
        "---\nSee `billing.py` and `export_invoices`.\n"
    )
    glob = store.ensure_scope(store.global_scope())
    (glob.root / "tabs.md").write_text(
        "---\nname: tabs\ndescription: Indent with four spaces\ntype: user\n---\n"
    )
    return repo


def test_ls_loads_no_heavy_module_and_compiles_no_lazy_pattern(listed, memlsp_home) -> None:
    loaded = probe("ls", listed, memlsp_home)
    modules = set(loaded["modules"])
    assert not modules & {*HEAVY, "pygls", "lsprotocol", "memlsp.lsp"}
    assert not set(loaded["compiled_by"]) & set(LAZY_PATTERNS)


def test_building_the_server_loads_no_heavy_module_and_compiles_no_lazy_pattern(
    listed, memlsp_home
) -> None:
    loaded = probe("serve", listed, memlsp_home)
    assert "memlsp.lsp.features.diagnostics" in loaded["modules"]  # the probe built it
    assert not set(loaded["modules"]) & set(HEAVY)
    assert not set(loaded["compiled_by"]) & set(LAZY_PATTERNS)


def test_every_lazy_pattern_compiles() -> None:
    """A pattern that does not compile fails here, not at its first use in the field."""
    import importlib

    from memlsp.core.lazyre import LazyPattern

    found = 0
    for name in LAZY_PATTERNS:
        for value in vars(importlib.import_module(name)).values():
            items = value if isinstance(value, list | tuple) else [value]
            for item in items:
                for part in item if isinstance(item, tuple) else [item]:
                    if isinstance(part, LazyPattern):
                        assert part.compiled().pattern
                        found += 1
    assert found >= 100


GC_STATE = "import gc, sys; print(gc.isenabled(), gc.get_freeze_count() > 0, file=sys.stderr)"


def test_a_memlsp_process_collects_garbage_again_once_loaded(listed, memlsp_home) -> None:
    # `memlsp ls`: the command runs with the collector on and the modules frozen
    ls = (
        "import sys; from memlsp.cli import ls_cmd; shown = ls_cmd.cmd_ls\n"
        f"def cmd_ls(args):\n    {GC_STATE}\n    return shown(args)\n"
        "ls_cmd.cmd_ls = cmd_ls; sys.argv = ['memlsp', 'ls', '--json']\n"
        "from memlsp.cli.main import main; sys.exit(main())"
    )
    # `memlsp serve`: the same by the time the server reads its first message
    serve = (
        "import sys; from memlsp.lsp.server import MemoryLanguageServer as S\n"
        f"def start_io(self, *a, **k):\n    {GC_STATE}\n    return 0\n"
        "S.start_io = start_io; sys.argv = ['memlsp', 'serve', '--stdio']\n"
        "from memlsp.cli.main import main; sys.exit(main())"
    )
    for code in (ls, serve):
        proc = python(code, cwd=listed, home=memlsp_home)
        assert proc.stderr.splitlines()[-1] == "True True", proc.stderr


def test_main_called_in_a_program_leaves_its_collector_alone(capsys, listed, monkeypatch) -> None:
    monkeypatch.chdir(listed)
    frozen = gc.get_freeze_count()
    code, out, _ = run_main(capsys, "ls", "--json")
    assert code == 0 and json.loads(out)["entries"]
    assert gc.isenabled() and gc.get_freeze_count() == frozen
