"""Precision and recall of staleness (acceptance 2): on the fixture repository and on a
generated one, 100% of planted stale citations are found and at most 2% of the live ones
are flagged. ``bench/citations.py`` prints the same numbers for larger sizes."""

from __future__ import annotations

import pytest
from memlsp.core.citations import Checker
from memlsp.core.citations.extract import extract_citations
from memlsp.core.store import Store

from bench.fixtures.citation_repo import generate_repo, write
from tests.core.citation_fixtures import (
    EXPECTED,
    NOTE_BILLING,
    NOTE_INBOX,
    NOTE_WEBHOOKS,
    build_fixture_repo,
)


def score(planted_stale: set, planted_live: set, flagged: set) -> tuple[float, float]:
    recall = len(planted_stale & flagged) / max(1, len(planted_stale))
    false_positive_rate = len(planted_live & flagged) / max(1, len(planted_live))
    return recall, false_positive_rate


def test_fixture_precision_and_recall(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    build_fixture_repo(repo)
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.project_scope(repo))
    notes = {"billing.md": NOTE_BILLING, "webhooks.md": NOTE_WEBHOOKS}
    notes["config-loading.md"] = NOTE_INBOX
    for name, text in notes.items():
        write(scope.root / name, text)
    report = Checker(repo, store, cache_file=False).check_all()
    flagged = {(f.note.rsplit("/", 1)[-1], f.range.line, f.citation.text) for f in report.findings}
    every = {
        (name, c.range.line, c.text)
        for name, text in notes.items()
        for c in extract_citations(text)
    }
    stale = {
        (
            name,
            line,
            next(
                c.text
                for c in extract_citations(notes[name])
                if cited in c.text and c.range.line == line
            ),
        )
        for name, _, line, cited, _ in EXPECTED
    }
    live = every - stale
    recall, fp = score(stale, live, flagged)
    assert len(live) >= 12
    assert recall == 1.0
    assert fp == 0.0


@pytest.mark.slow
def test_generated_repository_precision_and_recall(tmp_path, monkeypatch):
    gen = generate_repo(tmp_path / "repo", files=240, notes=80, cites_per_note=6)
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    store = Store(tmp_path / "home")
    gen.place(store)
    report = Checker(gen.repo, store, cache_file=False).check_all()
    flagged = set()
    for f in report.findings:
        c = f.citation
        label = c.path if c.kind == "file" else c.symbol
        if c.kind == "file" and c.line:
            label = f"{c.path}:{c.line}"
        flagged.add((f.note.rsplit("/", 1)[-1], label))
    recall, fp = score(gen.stale, gen.live, flagged)
    assert len(gen.stale) >= 60 and len(gen.live) >= 200
    assert recall == 1.0, sorted(gen.stale - flagged)[:5]
    assert fp <= 0.02, sorted(gen.live & flagged)[:5]
    # Moved files come with their new path.
    moved = [f for f in report.findings if f.code == "moved-file"]
    assert moved and all(f.suggestion and "moved_mod" in f.suggestion for f in moved)
