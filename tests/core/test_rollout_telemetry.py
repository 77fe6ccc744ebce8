"""Rollout telemetry (issue 18, R27): the service's recall, extraction and dream events, the
recall's silence reasons, and ``memlsp stats`` on a generated sink (real files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from memlsp.core import telemetry_stats
from memlsp.core.errors import MemlspError
from memlsp.core.recall import recaller_for
from memlsp.core.runtime import CancelToken, no_progress
from memlsp.core.service import MemoryService, Message
from memlsp.core.settings import load_settings
from memlsp.core.telemetry import validate_event

from .test_service import repo, turn

DAY = 86400
NOW = 1_800_000_000


def events(sink: Path, name: str) -> list[dict]:
    lines = sink.read_text("utf-8").splitlines() if sink.exists() else []
    return [e for e in map(json.loads, lines) if e["event"] == name]


def service_at(tmp_path: Path, monkeypatch, level: str) -> MemoryService:
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MEMLSP_ROLLOUT", level)
    monkeypatch.setenv("MEMLSP_RECALL_EMBEDDER", "hashing")
    folder = repo(tmp_path)
    return MemoryService(load_settings(), default_folder=lambda: folder)


def test_a_shadow_turn_computes_the_notes_and_injects_none(
    tmp_path, monkeypatch, telemetry_sink
) -> None:
    service = service_at(tmp_path, monkeypatch, "shadow")
    service.remember("Use pnpm, not npm, for installs in this repo", type_="feedback")
    res = service.recall("s1", "Use pnpm, not npm, for installs in this repo", first_turn=False)
    assert res.memories == [] and res.silence == "rollout-shadow"
    [event] = events(telemetry_sink, "recall.completed")
    assert event["entry_point"] == "injection" and event["rollout"] == "shadow"
    assert event["notes"] == 1 and event["injected"] is False
    assert event["silence"] == "rollout-shadow" and event["top_score"] != "none"


def test_a_turn_at_on_injects_and_says_so(tmp_path, monkeypatch, telemetry_sink) -> None:
    service = service_at(tmp_path, monkeypatch, "on")
    service.remember("Use pnpm, not npm, for installs in this repo", type_="feedback")
    said = "Use pnpm, not npm, for installs in this repo"
    assert service.recall("s1", said, first_turn=False).memories
    again = service.recall("s1", said, first_turn=False)
    assert again.memories == [] and again.silence == "already-injected"
    first, second = events(telemetry_sink, "recall.completed")
    assert (first["injected"], first["notes"], first["silence"]) == (True, 1, "none")
    assert (second["injected"], second["notes"], second["silence"]) == (
        False,
        0,
        "already-injected",
    )


def test_at_off_a_chat_turn_runs_no_recall_and_emits_no_recall_event(
    tmp_path, monkeypatch, telemetry_sink
) -> None:
    service = service_at(tmp_path, monkeypatch, "off")
    res = service.recall("s1", "anything")
    assert (res.skipped, res.silence) == ("rollout-off", "rollout-off")
    assert events(telemetry_sink, "recall.completed") == []


def test_a_note_too_big_for_the_budget_is_silence_by_budget(tmp_path, store) -> None:
    folder = repo(tmp_path)
    service = MemoryService(load_settings(), default_folder=lambda: folder)
    service.remember("Use pnpm, not npm, for installs in this repo", type_="feedback")
    recaller = recaller_for(store, folder, budget_bytes=600)  # the header alone is ~450 bytes
    res = recaller.recall("s", "Use pnpm, not npm, for installs in this repo", first_turn=False)
    assert res.memories == [] and res.silence == "budget"


def test_extraction_events_count_writes_and_refusals_by_family(
    tmp_path, monkeypatch, telemetry_sink
) -> None:
    service = service_at(tmp_path, monkeypatch, "on")
    job = service.turn_completed("s1", 1, turn("Use pnpm, not npm, for installs in this repo."))
    job.run(CancelToken(), no_progress)
    said = turn("Remember that the retry helper lives in lib/net/retry.ts.")
    service.turn_completed("s1", 2, said).run(CancelToken(), no_progress)
    wrote, refused = events(telemetry_sink, "extraction.completed")
    assert wrote["trigger"] == "automatic" and wrote["written"] + wrote["updated"] == 1
    assert refused["refused"] == 1 and refused["written"] == 0
    assert [(e["reason"], e["count"]) for e in events(telemetry_sink, "extraction.refused")] == [
        ("excluded", 1)
    ]
    messages = [
        Message("user", "No, never use yarn here; always pnpm."),
        Message("assistant", "OK"),
    ]
    service.replay_transcript(messages, session_id="r1", autosave=False)
    assert events(telemetry_sink, "extraction.completed")[-1]["trigger"] == "person"


def test_dream_events_count_operations_by_kind(tmp_path, monkeypatch, telemetry_sink) -> None:
    service = service_at(tmp_path, monkeypatch, "on")
    for text in ("Use pnpm for installs in this repo", "Use pnpm for installs in this repo!"):
        service.remember(text, type_="feedback")
    planned = service.dream_job(dry_run=True).run(CancelToken(), no_progress)
    done = service.dream_job().run(CancelToken(), no_progress)
    dry, applied = events(telemetry_sink, "dream.completed")
    assert dry["status"] == "dry-run" and applied["status"] == "applied"
    assert applied["trigger"] == "person" and applied["planner"] == "offline"
    ops = ("creates", "updates", "merges", "renames", "deletes")
    assert sum(applied[k] for k in ops) == len(done.applied) > 0
    assert sum(dry[k] for k in ops) == len(planned.applied)


# ---- memlsp stats on a generated sink -------------------------------------------------------


def recall_row(t, *, notes, injected, silence="none", ms=5.0, ep="injection", level="on"):
    top = "0.6-0.8" if notes else "none"
    return (
        "recall.completed",
        t,
        dict(
            entry_point=ep,
            rollout=level,
            injected=injected,
            notes=notes,
            top_score=top,
            low_score=top,
            silence=silence,
            selector="hybrid",
            first_turn=False,
            duration_ms=ms,
        ),
    )


def generated_sink(path: Path) -> Path:
    """Shadow turns (20 this week: 8 would inject; latencies 1..20 ms), one old turn, two
    extractions with refusals, a dream, and lines a sink may hold that are not events."""
    rows = []
    for i in range(20):
        notes = 2 if i < 8 else 0
        silence = "rollout-shadow" if notes else "below-threshold"
        rows.append(
            recall_row(
                NOW - i * 3600,
                notes=notes,
                injected=False,
                silence=silence,
                ms=float(i + 1),
                level="shadow",
            )
        )
    rows.append(recall_row(NOW - 30 * DAY, notes=5, injected=True, ms=999.0))
    rows.append(recall_row(NOW - 60, notes=1, injected=True, ep="recall", level="shadow"))
    x = dict(
        trigger="automatic", provider="offline", degraded=False, dry_run=False, deleted=0, held=0
    )
    rows.append(
        (
            "extraction.completed",
            NOW - 10,
            {**x, "written": 1, "updated": 0, "refused": 0, "skipped": "none", "duration_ms": 3.0},
        )
    )
    rows.append(
        (
            "extraction.completed",
            NOW - 9,
            {
                **x,
                "written": 0,
                "updated": 0,
                "refused": 3,
                "skipped": "refused",
                "duration_ms": 7.0,
            },
        )
    )
    rows.append(
        ("extraction.refused", NOW - 9, dict(reason="secret", count=2, trigger="automatic"))
    )
    rows.append(
        ("extraction.refused", NOW - 9, dict(reason="excluded", count=1, trigger="automatic"))
    )
    d = dict(trigger="automatic", status="applied", planner="offline", model_rejected=False)
    ops = dict(creates=1, updates=0, merges=2, renames=0, deletes=1, conflicts=0)
    rows.append(("dream.completed", NOW - 5, {**d, **ops, "duration_ms": 40.0}))
    lines = []
    for name, t, fields in rows:
        lines.append(json.dumps({"v": 2, "event": name, "t": t, **validate_event(name, fields)}))
    lines += [
        "not json",
        json.dumps({"v": 2, "event": "recall.completed", "t": NOW, "notes": 1}),  # fields missing
        json.dumps({"v": 2, "event": "note.text", "t": NOW, "text": "a prompt"}),
        json.dumps(["a", "list"]),
        "x" * 10_000,
        "",
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def test_stats_on_a_generated_sink(tmp_path: Path) -> None:
    sink = generated_sink(tmp_path / "events.jsonl")
    report = telemetry_stats.stats(sink, since_days=7, now=NOW)
    assert report["skipped_lines"] == 5 and report["exists"] is True
    chat = report["recall"]["injection"]
    assert chat["turns"] == 20, "the 30-day-old turn is outside --since 7"
    assert chat["hit_rate"] == 0.4 and chat["injection_rate"] == 0.0
    assert chat["notes_per_turn"] == 0.8 and chat["notes_per_hit"] == 2.0
    assert (chat["p50_ms"], chat["p95_ms"]) == (10.0, 19.0)
    assert chat["silence"] == {"below-threshold": 12, "rollout-shadow": 8}
    assert chat["top_score"] == {"0.6-0.8": 8} and chat["rollout"] == {"shadow": 20}
    assert report["recall"]["recall"]["turns"] == 1
    assert report["recall"]["recall"]["injection_rate"] == 1.0
    ex = report["extraction"]
    assert (ex["turns"], ex["turns_writing"], ex["written"]) == (2, 1, 1)
    assert ex["refused"] == {"excluded": 1, "secret": 2}
    assert (ex["p50_ms"], ex["p95_ms"]) == (3.0, 7.0)
    dream = report["dream"]
    assert dream["runs"] == 1 and dream["status"] == {"applied": 1}
    assert dream["operations"] == {
        "creates": 1,
        "updates": 0,
        "merges": 2,
        "renames": 0,
        "deletes": 1,
    }

    everything = telemetry_stats.stats(sink, now=NOW)["recall"]["injection"]
    assert everything["turns"] == 21 and everything["p95_ms"] == 20.0
    assert telemetry_stats.stats(tmp_path / "none.jsonl")["recall"]["injection"]["turns"] == 0


def test_since_must_be_positive(tmp_path, monkeypatch) -> None:
    service = service_at(tmp_path, monkeypatch, "off")
    with pytest.raises(MemlspError):
        service.telemetry_stats(0)
