"""Neovim 0.7 as a second real client for stale citations (SPEC R29; issue 8 acceptance 1).

Runs ``nvim --headless`` with tests/clients/nvim_citations.lua on the citation fixture
(tests/core/citation_fixtures.py): one note is opened, the other two never are, and
``vim.diagnostic.get`` must hold every stale citation of each at its position — Neovim
converts the server's UTF-16 columns to byte columns, so the Chinese text and the emoji
before a citation in the billing note are checked too — and nothing else. The rename quick
fix is listed with the new path.

Skips with a reason when ``nvim`` is not installed (``scripts/ci-deps.sh`` installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from memlsp.core.store import Store

from tests.core.citation_fixtures import (
    build_fixture_repo,
    expected_ranges,
    note_texts,
    place_fixture_notes,
)

NVIM = shutil.which("nvim")
CHECK = Path(__file__).with_name("nvim_citations.lua")

pytestmark = pytest.mark.skipif(
    NVIM is None, reason="nvim is not installed (run scripts/ci-deps.sh: apt-get install neovim)"
)


def byte_col(text: str, utf16_col: int) -> int:
    units = cp = 0
    while units < utf16_col:
        units += 2 if ord(text[cp]) > 0xFFFF else 1
        cp += 1
    return len(text[:cp].encode("utf-8"))


def test_neovim_shows_every_stale_citation_at_its_position(tmp_path):
    repo = tmp_path / "repo"
    build_fixture_repo(repo)
    home = tmp_path / "home"
    scope = place_fixture_notes(Store(home), repo)
    paths = {
        "billing.md": scope.root / "billing.md",
        "webhooks.md": scope.root / "webhooks.md",
        "config-loading.md": scope.root / "inbox" / "config-loading.md",
    }
    out = tmp_path / "out.json"
    env = {
        **os.environ,
        "MEMLSP_HOME": str(home),
        "MEMLSP_PYTHON": sys.executable,
        "MEMLSP_NVIM_OUT": str(out),
        "MEMLSP_NVIM_REPO": str(repo),
        "MEMLSP_NVIM_NOTES": ",".join(str(p) for p in paths.values()),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg" / "config"),
        "XDG_DATA_HOME": str(tmp_path / "xdg" / "data"),
        "XDG_STATE_HOME": str(tmp_path / "xdg" / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "xdg" / "cache"),
    }
    env.pop("MEMLSP_ROLLOUT", None)
    cmd = [NVIM, "--headless", "--clean", "-n", "-i", "NONE", "-u", "NONE", "-S", str(CHECK)]
    proc = subprocess.run(
        [*cmd, str(paths["billing.md"])], cwd=repo, env=env, capture_output=True, timeout=90
    )
    assert out.exists(), proc.stderr.decode(errors="replace")[-2000:]
    data = json.loads(out.read_text())
    assert proc.returncode == 0, data.get("error") or proc.stderr.decode(errors="replace")[-2000:]
    assert data["initialized"] is True and data["published"] is True

    got = set()
    for name, path in paths.items():
        for d in data["diagnostics"][str(path)]:
            assert d["severity"] == 2 and d["source"] == "memlsp"  # vim.diagnostic.severity.WARN
            assert d["lnum"] == d["end_lnum"]
            got.add((name, d["code"], d["lnum"], d["col"], d["end_col"]))
    wanted = set()
    for name, code, line, start, end, _ in expected_ranges():
        text = note_texts()[name].split("\n")[line]
        wanted.add((name, code, line, byte_col(text, start), byte_col(text, end)))
    assert got == wanted
    assert data["actions"][0] == "Update citation to `py/config.py`", data["actions"]
