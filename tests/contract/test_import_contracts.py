"""Layers (issue 13, STYLE layering): the import-linter contracts in pyproject.toml hold, and
each adapter package reaches the core only through the memory service and the few shared
vocabularies it returns."""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import memlsp
import pytest

PACKAGE = Path(memlsp.__file__).parent
ROOT = Path(__file__).resolve().parents[2]
ADAPTERS = [p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name in ("lsp", "cli", "agents")]
MAX_CORE_MODULES = 6


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def core_modules_imported(package: str) -> dict[str, set[str]]:
    """Every ``memlsp.core`` module the package imports -> the files importing it."""
    found: dict[str, set[str]] = {}
    for path in sorted((PACKAGE / package).rglob("*.py")):
        module = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                target = _absolute(node, module, path.name == "__init__.py")
                names = [
                    f"{target}.{a.name}" if _is_module(f"{target}.{a.name}") else target
                    for a in node.names
                ]
            for name in names:
                if name == "memlsp.core" or name.startswith("memlsp.core."):
                    found.setdefault(name, set()).add(str(path.relative_to(PACKAGE)))
    return found


@pytest.mark.parametrize("package", ADAPTERS)
def test_each_adapter_imports_at_most_six_core_modules(package):
    found = core_modules_imported(package)
    assert "memlsp.core.service" in found, f"{package} does not go through the service"
    assert len(found) <= MAX_CORE_MODULES, sorted(found)


def test_the_counter_sees_relative_and_absolute_imports():
    found = core_modules_imported("cli")
    assert "memlsp.core.service" in found and "memlsp.core.errors" in found


def test_the_import_linter_contracts_hold():
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    out = subprocess.run([exe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "broken" in out.stdout and " 0 broken" in out.stdout


@pytest.mark.parametrize("package", ["extract", "dream"])
def test_packages_imported_on_threads_are_imported_whole(package):
    """A thread importing ``memlsp.core.extract.pasted`` while another thread ran the package's
    ``__init__`` (which imports ``pasted``) deadlocked the two imports: ``_DeadlockError``, then
    "cannot import name 'MAX_ROUNDS'" from the half-run module (``dream.apply`` beside
    ``dream`` the same). Imported through the package, the package's own lock orders them."""
    inside = PACKAGE / "core" / package
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if inside in path.parents:
            continue
        module = _module_name(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                target = _absolute(node, module, path.name == "__init__.py")
                names = [target] + [f"{target}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            if any(n.startswith(f"memlsp.core.{package}.") and _is_module(n) for n in names):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == []
