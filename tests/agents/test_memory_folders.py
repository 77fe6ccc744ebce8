"""Other agents' memory folders mounted as scopes (issue 17, acceptance 4): a Claude
Code-style auto-memory folder listed in ``extraScopes`` is recalled from, diagnosed for
stale citations, and consolidated by a dream that leaves it readable by that agent —
``MEMORY.md`` lines ``- [Title](file.md) — hook``, each note's frontmatter keys intact."""

from __future__ import annotations

import os
import random
import re
import string
from pathlib import Path

import pytest
import yaml
from memlsp.core.runtime import CancelToken, no_progress
from memlsp.core.service import MemoryService
from memlsp.core.settings import load_settings

LINE = re.compile(r"^- \[([^\]]+)\]\(([^)]+\.md)\)(?: — |: )(.+)$")


def claude_folder(root: Path) -> Path:
    """A memory folder as Claude Code writes one (its own conventions: titles as names,
    snake_case files, the type at top level or under metadata, keys memlsp does not know)."""
    folder = root / ".claude" / "projects" / "-work-shop" / "memory"
    folder.mkdir(parents=True)
    (folder / "user_role.md").write_text(
        "---\nname: User role\ndescription: Backend engineer, new to the React side of this"
        " repo\ntype: user\noriginSessionId: 7f3a\n---\nExplain frontend ideas by analogy to"
        " backend ones.\n"
    )
    (folder / "feedback_testing.md").write_text(
        "---\nname: feedback_testing\ndescription: Integration tests must hit a real"
        " database, never mocks\nmetadata:\n  type: feedback\n  confidence: high\n---\n"
        "A mocked migration passed last quarter and broke production.\n"
    )
    (folder / "project_billing.md").write_text(
        "---\nname: Billing export\ndescription: The nightly billing export is owned by the"
        " payments team\ntype: project\n---\nIt lives in `billing/export.py`"
        " (`export_invoices`) and runs at 02:00 UTC.\n"
    )
    (folder / "MEMORY.md").write_text(
        "- [User role](user_role.md) — Backend engineer, new to the React side\n"
        "- [Testing](feedback_testing.md) — Integration tests hit a real database\n"
        "- [Billing export](project_billing.md): nightly export, payments team\n"
    )
    return folder


def frontmatter(path: Path) -> dict:
    text = path.read_text()
    assert text.startswith("---\n")
    return yaml.safe_load(text.split("---\n", 2)[1])


@pytest.fixture
def mounted(make_repo, tmp_path: Path, monkeypatch):
    repo = make_repo(origin="git@github.com:Example-Org/Shop.git")
    (repo / "billing").mkdir()
    (repo / "billing" / "invoices.py").write_text("def export_invoices():\n    return []\n")
    folder = claude_folder(tmp_path)
    monkeypatch.setenv("MEMLSP_EXTRA_SCOPES", str(folder))
    monkeypatch.setenv("MEMLSP_ROLLOUT", "on")
    service = MemoryService(load_settings(), default_folder=lambda: repo)
    (scope,) = service.store.mounted_scopes()
    return service, scope, folder, repo


def test_the_folder_is_a_scope_listed_with_its_notes(mounted) -> None:
    service, scope, folder, _ = mounted
    assert scope.kind == "folder" and scope.rel.startswith("folders/work-shop-memory-")
    listing = service.list_notes()
    mine = {e.name: e for e in listing.entries if e.path.startswith(scope.rel + "/")}
    assert set(mine) == {"User role", "feedback_testing", "Billing export"}
    assert mine["feedback_testing"].type == "feedback"  # metadata.type is read as is
    assert {e.scope for e in mine.values()} == {"folder"}
    text = service.read(mine["User role"].path)
    assert text.text == (folder / "user_role.md").read_text()


def test_verified_forget_works_inside_the_folder_and_nowhere_outside(mounted) -> None:
    from memlsp.core.errors import MemlspError

    service, scope, folder, _ = mounted
    outside = folder.parent / "secret.md"
    outside.write_text("---\nname: s\ndescription: outside\ntype: user\n---\n")
    for bad in (f"{scope.rel}/../secret.md", f"{scope.rel}/.memlsp/lock", "folders/nope/x.md"):
        with pytest.raises(MemlspError):
            service.forget(bad, "0" * 64)
    assert outside.exists()
    note = service.read(f"{scope.rel}/user_role.md")
    result = service.forget(note.path, note.sha256)
    assert result.status == "forgotten"
    assert not (folder / "user_role.md").exists()
    assert (folder / ".memlsp" / "tombstones.jsonl").read_text().strip()
    assert "user_role.md" not in (folder / "MEMORY.md").read_text()


def test_its_notes_are_recalled(mounted) -> None:
    service, scope, _, _ = mounted
    service.session_started("s1")
    got = service.recall(
        "s1", "should the integration tests use a real database or mocks?", on_purpose=True
    )
    paths = [m.path for m in got.memories]
    assert f"{scope.rel}/feedback_testing.md" in paths, paths
    assert "mocked migration" in got.reminder


def test_recalling_only_from_it_creates_no_memory_folder_and_hovers_count_it(mounted) -> None:
    """ADR 0009: with no global memory, the session state goes to the home's .memlsp/."""
    service, scope, _, _ = mounted
    service.session_started("s1")
    got = service.recall("s1", "integration tests: a real database or mocks?", on_purpose=True)
    path = f"{scope.rel}/feedback_testing.md"
    assert path in [m.path for m in got.memories]
    assert not service.store.global_scope().root.exists()
    facts = service.note_facts(path)
    assert facts is not None and facts.recalled == 1


def test_its_stale_citations_are_diagnosed(mounted) -> None:
    service, scope, _, _ = mounted
    checker = service.checker()
    report = checker.check_all()
    stale = {(f.note, f.citation.label) for f in report.findings}
    assert (f"{scope.rel}/project_billing.md", "billing/export.py") in stale
    assert not any(n == f"{scope.rel}/feedback_testing.md" for n, _ in stale)
    counts = service.stale_lookup()
    assert counts(f"{scope.rel}/project_billing.md") >= 1
    assert counts(f"{scope.rel}/user_role.md") == 0
    assert not service.project_scope().root.exists()  # a check of a folder without memory


def test_a_dream_keeps_the_folder_readable_by_its_agent(mounted) -> None:
    service, scope, folder, _ = mounted
    before = {p.name: frontmatter(p) for p in folder.glob("*.md") if p.name != "MEMORY.md"}
    # an observation waiting in the folder's inbox, about a topic one of its notes covers
    (folder / "inbox").mkdir()
    (folder / "inbox" / "tests-real-db.md").write_text(
        "---\nname: tests-real-db\ndescription: Integration tests must hit a real database,"
        " never mocks\ntype: feedback\nsource: extraction\n---\nAlso for the billing"
        " export tests.\n"
    )
    job = service.dream_job(scope=scope, force=True)
    result = job.run(CancelToken(), no_progress)
    assert result.status == "applied", result
    assert not (folder / "inbox" / "tests-real-db.md").exists()  # consolidated

    lines = [ln for ln in (folder / "MEMORY.md").read_text().splitlines() if ln.startswith("- ")]
    assert lines, (folder / "MEMORY.md").read_text()
    listed = set()
    for line in lines:
        match = LINE.match(line)
        assert match, line
        assert (folder / match.group(2)).is_file(), line
        listed.add(match.group(2))
    topic = {p.name for p in folder.glob("*.md") if p.name != "MEMORY.md"}
    assert topic <= listed  # every note the agent has is in its index
    for name, old in before.items():
        new = frontmatter(folder / name)
        assert {"name", "description"} <= set(new)
        assert new.get("type") or new.get("metadata", {}).get("type")
        for key, value in old.items():  # unknown keys (originSessionId, metadata) kept
            if key not in ("description", "updated"):
                assert new.get(key) == value or key == "metadata", (name, key, new)
    kept = frontmatter(folder / "feedback_testing.md")
    assert kept["metadata"]["confidence"] == "high" and kept["metadata"]["type"] == "feedback"
    assert frontmatter(folder / "user_role.md")["originSessionId"] == "7f3a"


def _memlsp(cwd: Path, *args: str, ok=(0,)):
    import json
    import os
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "memlsp", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "MEMLSP_EXTRA_SCOPES"},
        timeout=60,
    )
    assert proc.returncode in ok, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    return json.loads(proc.stdout) if "--json" in args else proc


def test_import_copies_a_folder_through_the_write_policy_once(make_repo, tmp_path: Path) -> None:
    repo = make_repo(origin="git@github.com:Example-Org/Shop.git")
    folder = claude_folder(tmp_path)
    rng = random.Random(7)  # an obviously fake key with a real key's shape (not a placeholder)
    fake_key = (
        "sk-"
        + "ant-"
        + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(48))
    )
    (folder / "deploy_token.md").write_text(
        f"---\nname: deploy token\ndescription: The deploy token\ntype: reference\n---\n{fake_key}\n"
    )
    (folder / "broken.md").write_text("---\nname: [unclosed\n---\n")
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    report = _memlsp(repo, "import", "memory-folder", str(folder), "--json")
    written = {Path(p).name for p in report["written"]}
    # a note that cites a file is memory (who owns it, when it runs); a secret never is
    assert written == {"user-role.md", "feedback-testing.md", "billing-export.md"}
    refused = {r["file"]: r["reason"] for r in report["refused"]}
    assert refused == {"deploy_token.md": "refused-secret"}
    assert [s["file"] for s in report["skipped"]] == ["broken.md"]
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before  # untouched

    assert all(
        p.startswith("projects/github.com/Example-Org/Shop/inbox/") for p in report["written"]
    )
    listing = _memlsp(repo, "ls", "--json", "--pending")
    imported = {e["name"]: e for e in listing["entries"]}
    assert imported["feedback-testing"]["type"] == "feedback"  # from metadata.type
    text = _memlsp(repo, "show", "user-role").stdout
    meta = yaml.safe_load(text.split("---\n", 2)[1])
    assert meta["source"] == "import" and meta["originSessionId"] == "7f3a"

    again = _memlsp(repo, "import", "memory-folder", str(folder), "--json")
    assert again["written"] == [] and again["updated"] == []
    assert sorted(again["unchanged"]) == sorted(report["written"])

    bad = _memlsp(repo, "import", "memory-folder", str(tmp_path / "nope"), ok=(2,))
    assert "[not-a-folder]" in bad.stderr


def test_a_folder_overlapping_the_memory_home_is_not_mounted(memlsp_home: Path, tmp_path) -> None:
    from memlsp.core.store import Store

    inside = memlsp_home / "projects" / "github.com" / "a" / "b"
    inside.mkdir(parents=True)
    store = Store(memlsp_home, [inside, tmp_path, claude_folder(tmp_path / "x")])
    assert [s.root.name for s in store.mounted_scopes()] == ["memory"]


def test_a_note_with_a_secret_in_its_frontmatter_is_refused_alone(
    make_repo, tmp_path: Path
) -> None:
    """SPEC R8, R39: a secret in a title, a tag, a citation or a nested key of one note of
    the folder refuses that note, with its reason; the others are imported (the import
    used to stop at the first such note, exit 2, half done)."""
    repo = make_repo(origin="git@github.com:Example-Org/Shop.git")
    folder = claude_folder(tmp_path)
    rng = random.Random()

    def token() -> str:
        return "gh" + "p_" + "".join(rng.choice(string.ascii_letters) for _ in range(34)) + "42"

    tokens = [token() for _ in range(4)]
    hostile = {
        "titled.md": f"name: titled\ntitle: {tokens[0]}\n",
        "tagged.md": f"name: tagged\ntags: [ops, {tokens[1]}]\n",
        "cited.md": f"name: cited\nrefs:\n  - path: config/{tokens[2]}.yaml\n",
        "nested.md": f"name: nested\nmetadata:\n  owner: ops\n  deep:\n    k: {tokens[3]}\n",
    }
    for file, head in hostile.items():
        (folder / file).write_text(
            f"---\n{head}description: Deploy days for {file[:-3]}\ntype: project\n---\n"
            f"We deploy the {file[:-3]} service on Tuesdays after the standup.\n"
        )
    report = _memlsp(repo, "import", "memory-folder", str(folder), "--json")
    assert {Path(p).name for p in report["written"]} == {
        "user-role.md",
        "feedback-testing.md",
        "billing-export.md",
    }
    refused = {r["file"]: r["reason"] for r in report["refused"]}
    assert refused == dict.fromkeys(hostile, "refused-secret")
    home = Path(os.environ["MEMLSP_HOME"])
    for path in home.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert not any(t.encode() in data for t in tokens), path
