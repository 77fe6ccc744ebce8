"""The memory service (issue 13, ADR 0001): one decision per entry point, one telemetry
event each; the same refusal under managed off whatever the surface; index freshness after
its own writes; sessions remember their folder."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from memlsp.core.errors import MemlspError
from memlsp.core.runtime import CancelToken, no_progress
from memlsp.core.service import Job, MemoryService, Message, Skipped
from memlsp.core.settings import load_settings


def repo(tmp_path: Path, name: str = "shop") -> Path:
    root = tmp_path / name
    root.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(
        ["git", "-C", str(root), "remote", "add", "origin", f"git@example.com:acme/{name}.git"],
        check=True,
    )
    return root


@pytest.fixture
def service(tmp_path, monkeypatch) -> MemoryService:
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MEMLSP_ROLLOUT", "on")
    monkeypatch.setenv("MEMLSP_RECALL_EMBEDDER", "hashing")  # fast; the ranking is not the point
    folder = repo(tmp_path)
    return MemoryService(load_settings(), default_folder=lambda: folder)


def decisions(sink: Path) -> list[dict]:
    if not sink.exists():
        return []
    events = [json.loads(line) for line in sink.read_text("utf-8").splitlines()]
    return [e for e in events if e["event"] == "rollout.decision"]


def turn(text: str) -> list[Message]:
    return [Message("user", text), Message("assistant", "Understood.")]


def test_a_completed_turn_is_decided_once(service, telemetry_sink):
    job = service.turn_completed("s1", 1, turn("Use pnpm, not npm, for installs in this repo."))
    assert isinstance(job, Job)
    result = job.run(CancelToken(), no_progress)
    assert result.written or result.updated
    made = [d for d in decisions(telemetry_sink) if d["entry_point"] == "extraction"]
    assert len(made) == 1, made


def test_off_decides_once_and_skips(tmp_path, monkeypatch, telemetry_sink):
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MEMLSP_ROLLOUT", "off")
    folder = repo(tmp_path)
    service = MemoryService(load_settings(), default_folder=lambda: folder)
    assert service.turn_completed("s1", 1, turn("Deploys stop at 15:00 on Fridays.")) == Skipped(
        "rollout-off"
    )
    assert service.recall("s1", "when do deploys stop?").skipped == "rollout-off"
    assert [d["entry_point"] for d in decisions(telemetry_sink)] == ["extraction", "injection"]
    assert not (tmp_path / "home").exists(), "at off the service touches nothing"


def test_a_note_written_through_the_service_is_recalled_at_once(service):
    service.session_started("s1")
    remembered = service.remember("Staging deploys need a green smoke test first", type_="project")
    assert remembered.path and not remembered.refused
    # The Recaller existed before the write; the write itself made it current.
    hits = service.recall("s2", "can I deploy to staging now?", first_turn=False)
    assert any(m.path == remembered.path for m in hits.memories), hits


def test_sessions_keep_their_folder(service, tmp_path):
    other = repo(tmp_path, "billing")
    started = service.session_started("s9", str(other))
    assert started.scopes[0].rel == service.project_scope(other).rel
    assert started.scopes[0].rel != service.project_scope().rel
    assert service.session_workspace("s9") == str(other)
    saved = service.session_ended("s9", turn("Thanks, that is all for today."))
    assert saved.skipped or saved.path
    assert service.session_workspace("s9") is None  # ended, then unknown: the default folder


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.remember("Release notes go to the #ship channel"),
        lambda s: s.recall("s1", "where do release notes go?", on_purpose=True),
        lambda s: s.dream_job(force=True),
        lambda s: s.restore("20260101T000000Z-abcdef"),
        lambda s: s.checker(),
        lambda s: s.replay_transcript(turn("Use pnpm here."), session_id="t1"),
    ],
)
def test_managed_off_refuses_what_a_person_asks(tmp_path, monkeypatch, call):
    managed = tmp_path / "managed.json"
    managed.write_text(json.dumps({"rollout": "off"}), "utf-8")
    managed.chmod(0o644)
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MEMLSP_MANAGED_SETTINGS", str(managed))
    folder = repo(tmp_path)
    service = MemoryService(load_settings(), default_folder=lambda: folder)
    if not service.settings.managed.off:
        pytest.skip(f"managed file not trusted here: {service.settings.managed.diagnostics}")
    with pytest.raises(MemlspError) as err:
        call(service)
    assert err.value.reason == "managed-off"
    home = tmp_path / "home"
    assert not home.exists() or not any(p.suffix == ".md" for p in home.rglob("*"))
