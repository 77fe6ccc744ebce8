"""Verified forget (R24): the refusal matrix, path validation, evidence, visibility (R23)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from memlsp.cli.main import main
from memlsp.core import forget as fg
from memlsp.core.forget import REFUSALS, ForgetRefused, forget
from memlsp.core.notes import iso
from memlsp.core.remember import remember
from memlsp.core.store import Store

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
PROJECT = "projects/github.com/acme/app"


def note_text(name: str, desc: str, body: str = "Body text.") -> str:
    return f"---\nname: {name}\ndescription: {desc}\ntype: project\n---\n{body}\n"


def put(store: Store, rel: str, text: str | None = None) -> str:
    """Write a note file at a home-relative path; return the SHA-256 of its bytes."""
    path = store.home / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (text or note_text(Path(rel).stem, f"About {Path(rel).stem}")).encode()
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    home = tmp_path / "memhome"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    s = Store(home)
    s.ensure_scope(s.global_scope())
    (home / PROJECT / ".memlsp").mkdir(parents=True)
    return s


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    return folder


def files_of(store: Store) -> list[Path]:
    """Every file in the home but the lock files (taking a lock may create one)."""
    return sorted(p for p in store.home.rglob("*") if p.is_file() and p.name != "lock")


def tombstones(store: Store, scope_rel: str = "global") -> list[dict]:
    path = store.home / scope_rel / ".memlsp" / "tombstones.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def audits(store: Store, scope_rel: str = "global") -> list[dict]:
    path = store.home / scope_rel / ".memlsp" / "audit.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def write_lease(store: Store, *, token: int, paths: list[str], expires_in_s: float) -> None:
    lease = {
        "holder": "dream-test",
        "token": token,
        "run_id": "run-1",
        "acquired": iso(NOW - dt.timedelta(minutes=1)),
        "expires": iso(NOW + dt.timedelta(seconds=expires_in_s)),
        "paths": paths,
    }
    (store.home / "global/.memlsp/lease.json").write_text(json.dumps(lease))


# ---- the refusal matrix (acceptance 1) ----------------------------------------------------
def _setup_symlink_file(store: Store, outside: Path):
    victim = outside / "victim.md"
    victim.write_text(note_text("victim", "Victim"))
    (store.home / "global/inbox/link.md").symlink_to(victim)
    return "global/inbox/link.md", hashlib.sha256(victim.read_bytes()).hexdigest()


def _setup_symlink_dir(store: Store, outside: Path):
    (outside / "sub").mkdir()
    victim = outside / "sub/victim.md"
    victim.write_text(note_text("victim", "Victim"))
    (store.home / "global/inbox").rmdir()
    (store.home / "global/inbox").symlink_to(outside / "sub")
    return "global/inbox/victim.md", hashlib.sha256(victim.read_bytes()).hexdigest()


def _setup_symlink_scope(store: Store, outside: Path):
    victim = outside / "victim.md"
    victim.write_text(note_text("victim", "Victim"))
    (outside / ".memlsp").mkdir()
    real = store.home / "global"
    real.rename(store.home / "global-real")
    real.symlink_to(outside)
    return "global/victim.md", hashlib.sha256(victim.read_bytes()).hexdigest()


def _setup_hard_link(store: Store, outside: Path):
    sha = put(store, "global/linked.md")
    os.link(store.home / "global/linked.md", outside / "other-name.md")
    return "global/linked.md", sha


def _setup_folder_named_md(store: Store, outside: Path):
    (store.home / "global/folder.md").mkdir()
    return "global/folder.md", "0" * 64


def _setup_leased(store: Store, outside: Path):
    sha = put(store, "global/inbox/claimed.md")
    write_lease(store, token=3, paths=["inbox/claimed.md"], expires_in_s=600)
    return "global/inbox/claimed.md", sha


def _setup_malformed_lease(store: Store, outside: Path):
    sha = put(store, "global/inbox/claimed.md")
    (store.home / "global/.memlsp/lease.json").write_text("{not json")
    return "global/inbox/claimed.md", sha


def _setup_archive_unknown(store: Store, outside: Path):
    sha = put(store, "global/archive/run-zzz/old.md")
    return "global/archive/run-zzz/old.md", sha


def _setup_stale(store: Store, outside: Path):
    put(store, "global/a.md")
    return "global/a.md", hashlib.sha256(b"what the caller read earlier").hexdigest()


def _setup_fifo(store: Store, outside: Path):
    os.mkfifo(store.home / "global/pipe.md")
    return "global/pipe.md", "0" * 64


SETUP_CASES = [
    ("symlink", _setup_symlink_file, {}),
    ("symlink", _setup_symlink_dir, {}),
    ("symlink", _setup_symlink_scope, {}),
    ("hard-link", _setup_hard_link, {}),
    ("broad", _setup_folder_named_md, {}),
    ("leased", _setup_leased, {}),
    ("leased", _setup_malformed_lease, {}),
    ("unknown-archive", _setup_archive_unknown, {}),
    ("stale-hash", _setup_stale, {}),
    ("not-found", _setup_fifo, {}),
]


@pytest.mark.parametrize(
    ("reason", "setup", "kwargs"), SETUP_CASES, ids=[f"{r}-{s.__name__}" for r, s, _ in SETUP_CASES]
)
def test_refusals_that_need_a_situation(store, outside, reason, setup, kwargs) -> None:
    rel, sha = setup(store, outside)
    before = sorted((p, p.lstat().st_ino) for p in outside.rglob("*"))
    with pytest.raises(ForgetRefused) as info:
        forget(store, rel, sha, now=NOW, **kwargs)
    assert info.value.reason == reason
    assert tombstones(store) == [] and audits(store) == []
    assert sorted((p, p.lstat().st_ino) for p in outside.rglob("*")) == before
    assert os.path.lexists(store.home / rel) or reason == "symlink"


LEXICAL_CASES = {
    "broad": [
        "",
        "   ",
        "global",
        "projects",
        "global/*.md",
        "global/inbox/?.md",
        "global/[ab].md",
        "global/{a,b}.md",
        "global/inbox/",
        "global/inbox",
        "global/archive/run-1",
        f"{PROJECT}/inbox",
    ],
    "traversal": [
        "../x.md",
        "global/../global/a.md",
        "global/./a.md",
        "/etc/passwd",
        "~/a.md",
        "global/..%2f..%2fa.md",
        "global%2fa.md",
        "global/%2e%2e/a.md",
        "global\\a.md",
        "global/inbox\\..\\..\\a.md",
        "C:/a.md",
        "c:\\global\\a.md",
        "global/a.md\x00",
        "global/\x00/a.md",
        "global\u2215a.md",
        "global\uff0fa.md",
        "global\u2044a.md",
        "global\u29f8a.md",
        "global/\uff0e\uff0e/a.md",
        "global/\u2024\u2024/a.md",
        "global/\u2025/a.md",
        "global/\uff3c/a.md",
        "global//a.md",
        "global/\u200ba.md",
        "global/a\u202e.md",
        "global/a\ud800.md",
    ],
    "protected": [
        "global/MEMORY.md",
        f"{PROJECT}/MEMORY.md",
        "global/.memlsp/state.json",
        "global/.memlsp/audit.jsonl",
        "global/.memlsp/tombstones.jsonl",
        "global/.memlsp/lock",
        "global/.memlsp/lease.json",
        "global/.memlsp/journal/run-1.json",
        "global/.hidden.md",
        "global/.md",
        "global/inbox/.a.md.123.tmp",
    ],
    "unknown-archive": ["global/archive/a.md", "global/archive/never-ran/a.md"],
    "not-found": [
        "global/missing.md",
        "global/inbox/missing.md",
        "global/sessions/missing.md",
        "a.md",
        "projects/a.md",
        "projects/github.com/other/repo/a.md",
        "global/elsewhere/a.md",
        "elsewhere/a.md",
    ],
}


@pytest.mark.parametrize(
    ("reason", "rel"), [(r, p) for r, paths in LEXICAL_CASES.items() for p in paths]
)
def test_refusals_judged_from_the_path(store, reason, rel) -> None:
    put(store, "global/a.md")
    files = files_of(store)
    with pytest.raises(ForgetRefused) as info:
        forget(store, rel, "0" * 64, now=NOW)
    assert info.value.reason == reason
    assert files_of(store) == files


def test_bad_evidence_is_stale_hash(store) -> None:
    put(store, "global/a.md")
    for bad in ("", "xyz", "0" * 63, "g" * 64):
        with pytest.raises(ForgetRefused) as info:
            forget(store, "global/a.md", bad, now=NOW)
        assert info.value.reason == "stale-hash"
    assert (store.home / "global/a.md").exists()


def test_expired_and_superseded_leases(store) -> None:
    sha = put(store, "global/inbox/claimed.md")
    write_lease(store, token=5, paths=["inbox/claimed.md"], expires_in_s=-1)
    with pytest.raises(ForgetRefused) as info:
        forget(store, "global/inbox/claimed.md", sha, lease_token=5, now=NOW)
    assert info.value.reason == "expired-lease"
    write_lease(store, token=5, paths=["inbox/claimed.md"], expires_in_s=600)
    with pytest.raises(ForgetRefused) as info:
        forget(store, "global/inbox/claimed.md", sha, lease_token=4, now=NOW)
    assert info.value.reason == "expired-lease"
    (store.home / "global/.memlsp/lease.json").unlink()
    with pytest.raises(ForgetRefused) as info:
        forget(store, "global/inbox/claimed.md", sha, lease_token=5, now=NOW)
    assert info.value.reason == "expired-lease"
    assert (store.home / "global/inbox/claimed.md").exists()


def test_every_refusal_reason_is_covered() -> None:
    covered = {r for r, _, _ in SETUP_CASES} | set(LEXICAL_CASES) | {"expired-lease"}
    assert covered == set(REFUSALS)


# ---- what is allowed ----------------------------------------------------------------------
def test_lease_holder_and_unclaimed_notes_can_be_forgotten(store) -> None:
    a = put(store, "global/inbox/claimed.md")
    b = put(store, "global/inbox/free.md")
    write_lease(store, token=7, paths=["inbox/claimed.md"], expires_in_s=600)
    assert forget(store, "global/inbox/free.md", b, now=NOW).status == "forgotten"
    assert forget(store, "global/inbox/claimed.md", a, lease_token=7, now=NOW).status == (
        "forgotten"
    )
    c = put(store, "global/inbox/claimed.md", note_text("claimed", "Again"))
    write_lease(store, token=7, paths=["inbox/claimed.md"], expires_in_s=-5)
    assert forget(store, "global/inbox/claimed.md", c, now=NOW).status == "forgotten"


def test_known_archive_runs_from_state_and_journal(store) -> None:
    state = store.home / "global/.memlsp/state.json"
    state.write_text(json.dumps({"runs": [{"id": "20260301T120000Z-ab12"}]}))
    journal = store.home / "global/.memlsp/journal"
    journal.mkdir()
    (journal / "20260302T000000Z-cd34.json").write_text("{}")
    a = put(store, "global/archive/20260301T120000Z-ab12/inbox/x.md")
    b = put(store, "global/archive/20260302T000000Z-cd34/y.md")
    assert forget(store, "global/archive/20260301T120000Z-ab12/inbox/x.md", a, now=NOW)
    assert forget(store, "global/archive/20260302T000000Z-cd34/y.md", b, now=NOW)
    assert fg.known_runs(store.global_scope()) >= {"20260301T120000Z-ab12"}
    with pytest.raises(ForgetRefused) as info:  # a prefix of a run id is not that run
        forget(store, "global/archive/2026/z.md", "0" * 64, now=NOW)
    assert info.value.reason == "unknown-archive"


def test_project_scope_note_and_unicode_name(store) -> None:
    rel = f"{PROJECT}/inbox/部署冻结.md"
    sha = put(store, rel, note_text("部署冻结", "周五部署冻结"))
    res = forget(store, rel, sha, now=NOW)
    assert res.status == "forgotten" and not (store.home / rel).exists()
    assert len(tombstones(store, PROJECT)) == 1


# ---- evidence and idempotency (acceptance 3) ----------------------------------------------
def test_tombstone_and_audit_are_content_free_and_idempotent(store, canary) -> None:
    secret = canary("body")
    name = "deploy-freeze"
    text = note_text(name, f"Freeze {canary('desc')}", f"Never deploy on Friday. {secret}")
    sha = put(store, f"global/inbox/{name}.md", text)
    res = forget(store, f"global/inbox/{name}.md", sha, now=NOW)
    assert res.status == "forgotten"
    again = forget(store, f"global/inbox/{name}.md", sha, now=NOW)
    assert again.status == "already-forgotten"
    assert len(tombstones(store)) == 1 and len(audits(store)) == 1
    raw = (store.home / "global/.memlsp/tombstones.jsonl").read_text() + (
        store.home / "global/.memlsp/audit.jsonl"
    ).read_text()
    for leak in [*canary.values, name, "Friday", "inbox/"]:
        assert leak not in raw
    tomb = tombstones(store)[0]
    assert set(tomb) == {"v", "at", "pathDigest", "sha256", "bodySha256", "reason"}
    assert tomb["sha256"] == sha and tomb["reason"] == "user"
    assert tomb["pathDigest"] == fg.path_digest(f"inbox/{name}.md")
    scope = store.global_scope()
    assert fg.is_tombstoned(scope, sha)
    assert fg.tombstoned_text(scope, f"  never deploy on FRIDAY.\n{secret}  ")
    assert not fg.tombstoned_text(scope, "Something else entirely")
    assert not fg.is_tombstoned(scope, "0" * 64)


def test_a_different_hash_at_a_forgotten_path_is_not_found(store) -> None:
    sha = put(store, "global/a.md")
    forget(store, "global/a.md", sha, now=NOW)
    with pytest.raises(ForgetRefused) as info:
        forget(store, "global/a.md", "1" * 64, now=NOW)
    assert info.value.reason == "not-found"


# ---- after forgetting, nothing lists it (acceptance 4, recall wired later) ----------------
def test_forgotten_note_is_gone_from_scan_index_ls_and_hooks_ran(store, capsys) -> None:
    scope = store.global_scope()
    keep = remember(store, scope, "The staging database is refreshed every Monday", now=NOW)
    gone = remember(store, scope, "Deploys freeze on Friday afternoons", now=NOW)
    assert gone.entry.note.description in store.index_text(scope)
    seen: list[fg.ForgetEvent] = []
    remove = fg.register_after_forget(seen.append)
    try:
        data, sha = store.read(gone.path)
        res = forget(store, gone.path, sha, now=NOW)
    finally:
        remove()
    assert res.status == "forgotten" and res.hook_failures == ()
    assert [(e.path, e.sha256, e.rel_in_scope) for e in seen] == [
        (gone.path, sha, gone.entry.rel_in_scope)
    ]
    assert [e.path for e in store.scan(scope).entries] == [keep.path]
    index = scope.index_path.read_text()
    assert gone.entry.note.description not in index
    assert keep.entry.rel_in_scope in index
    assert main(["ls", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [e["path"] for e in listed["entries"]] == [keep.path]
    assert fg.find_matching(store, "friday afternoons", [scope]) == []


def test_a_failing_hook_is_reported_not_hidden(store) -> None:
    sha = put(store, "global/a.md")

    def broken(event: fg.ForgetEvent) -> None:
        raise RuntimeError("cache offline")

    remove = fg.register_after_forget(broken)
    try:
        res = forget(store, "global/a.md", sha, now=NOW)
    finally:
        remove()
    assert res.status == "forgotten" and res.hook_failures == ("RuntimeError",)
    assert broken not in fg.AFTER_FORGET


# ---- best-effort forget (R23) -------------------------------------------------------------
def test_find_and_forget_matching(store) -> None:
    g = store.global_scope()
    remember(store, g, "Use pnpm, never npm, in the web app", now=NOW)
    remember(store, g, "The release train leaves every second Tuesday", now=NOW)
    sha = put(store, f"{PROJECT}/notes-on-npm.md", note_text("notes-on-npm", "NPM mirror"))
    found = fg.find_matching(store, "NPM")
    assert sorted(e.path for e in found) == sorted(
        ["global/inbox/use-pnpm-never-npm-in-the-web-app.md", f"{PROJECT}/notes-on-npm.md"]
    )
    assert [e.note.name for e in fg.find_matching(store, "tuesday release")] == [
        "the-release-train-leaves-every-second-tuesday"
    ]
    dry = fg.forget_matching(store, "npm", confirm=False)
    assert len(dry.matches) == 2 and dry.forgotten == [] and dry.refused == []
    write_lease_project = store.home / PROJECT / ".memlsp/lease.json"
    write_lease_project.write_text(
        json.dumps(
            {
                "holder": "d",
                "token": 1,
                "run_id": "r",
                "acquired": iso(NOW),
                "expires": iso(dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)),
                "paths": ["notes-on-npm.md"],
            }
        )
    )
    report = fg.forget_matching(store, "npm", confirm=True)
    assert [r.path for r in report.forgotten] == [
        "global/inbox/use-pnpm-never-npm-in-the-web-app.md"
    ]
    assert [(p, r) for p, r, _ in report.refused] == [(f"{PROJECT}/notes-on-npm.md", "leased")]
    assert (store.home / PROJECT / "notes-on-npm.md").exists()
    assert (
        hashlib.sha256((store.home / PROJECT / "notes-on-npm.md").read_bytes()).hexdigest() == sha
    )
    assert fg.find_matching(store, "   ") == []


# ---- property: the validator only accepts paths inside a scope (acceptance 1) -------------
SEGMENTS = st.sampled_from(
    [
        "global",
        "projects",
        "github.com",
        "acme",
        "app",
        "inbox",
        "sessions",
        "archive",
        "run-1",
        "a.md",
        "MEMORY.md",
        ".memlsp",
        "..",
        ".",
        "",
        "%2e%2e",
        "\u2215",
        "\uff0e\uff0e",
        "C:",
        "~",
        "*.md",
        "x\\..\\y.md",
        "\x00",
    ]
)
PATHS = st.one_of(
    st.text(max_size=40),
    st.lists(SEGMENTS, min_size=1, max_size=7).map("/".join),
    st.lists(st.one_of(SEGMENTS, st.text(max_size=6)), min_size=1, max_size=6).map("/".join),
)


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rel=PATHS)
def test_validator_accepts_only_paths_inside_a_scope(store, rel) -> None:
    (store.home / "global/.memlsp/state.json").write_text(json.dumps({"runs": ["run-1"]}))
    try:
        loc = fg.validate_path(store, rel)
    except ForgetRefused as exc:
        assert exc.reason in REFUSALS
        return
    target = Path(os.path.normpath(store.home / rel))
    assert target == store.home / rel  # no component that normalisation would change
    assert target.is_relative_to(loc.scope.root) and target != loc.scope.root
    assert loc.scope.root.is_relative_to(store.home)
    assert target.suffix == ".md" and ".memlsp" not in target.parts
    assert target != loc.scope.index_path


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rel=PATHS)
def test_forget_only_ever_fails_with_a_typed_refusal(store, rel) -> None:
    put(store, "global/a.md")
    put(store, f"{PROJECT}/inbox/a.md")
    before = files_of(store)
    with pytest.raises(ForgetRefused) as info:
        forget(store, rel, "f" * 64, now=NOW)  # wrong evidence: nothing may ever go
    assert info.value.reason in REFUSALS
    assert files_of(store) == before


# ---- broad best-effort forget (issue 14) ----------------------------------------------------
@pytest.mark.parametrize("query", ["e", "ab", " x  y ", "a b c d", "", "  ", "😀", "中"])
def test_a_query_that_matches_nearly_everything_is_refused(store, query) -> None:
    g = store.global_scope()
    remember(store, g, "Every note here has the letter e in it", now=NOW)
    with pytest.raises(fg.ForgetRefused) as info:
        fg.forget_matching(store, query, confirm=True)
    assert info.value.reason == "broad"
    assert len(fg.find_matching(store, "letter")) == 1  # nothing was forgotten


def test_more_than_a_few_matches_need_the_count_that_was_listed(store) -> None:
    g = store.global_scope()
    for i, topic in enumerate(["deploys", "builds", "tests", "reviews", "releases"]):
        remember(store, g, f"Staging rule {i}: {topic} go through staging first", now=NOW)
    assert fg.forget_matching(store, "中文", confirm=False).matches == []  # 2 CJK: specific
    report = fg.forget_matching(store, "staging", confirm=True)
    assert report.needs_confirmation and len(report.matches) == 5 and report.forgotten == []
    assert len(fg.find_matching(store, "staging")) == 5
    report = fg.forget_matching(store, "staging", confirm=True, expect=4)
    assert report.needs_confirmation and len(fg.find_matching(store, "staging")) == 5
    report = fg.forget_matching(store, "staging", confirm=True, expect=5)
    assert not report.needs_confirmation and len(report.forgotten) == 5
    assert fg.find_matching(store, "staging") == []
