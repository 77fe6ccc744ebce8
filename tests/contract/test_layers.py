"""The core is pure (STYLE layering): no LSP, no CLI framework, no adapter imports."""

from __future__ import annotations

import ast
from pathlib import Path

import memlsp

CORE = Path(memlsp.__file__).parent / "core"
FORBIDDEN = ("pygls", "lsprotocol", "argparse", "click", "typer", "memlsp.lsp", "memlsp.cli")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                names.add(node.module)
            elif node.level >= 2 and node.module and node.module.split(".")[0] in ("lsp", "cli"):
                names.add("memlsp." + node.module)
    return names


def test_core_imports_no_adapter_code() -> None:
    offenders = {}
    files = sorted(CORE.rglob("*.py"))
    assert files
    for path in files:
        bad = {
            m
            for m in imported_modules(path)
            if m.split(".")[0] in FORBIDDEN or m.startswith(FORBIDDEN)
        }
        if bad:
            offenders[str(path.relative_to(CORE))] = sorted(bad)
    assert offenders == {}
