"""Telemetry (R27): the frozen schema rejects everything else; canaries never reach the sink.

Every test in the suite already runs under ``tests/telemetry_guard.py`` (strict, enabled
telemetry; canary scan at teardown). Here the emit sites are driven with canary strings in
note text, note paths, settings values, messages and exception texts, then the sink is
scanned directly as well.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import pytest
from memlsp.core import forget as fg
from memlsp.core import managed, rollout, settings, telemetry
from memlsp.core.errors import InvalidNoteError
from memlsp.core.notes import NOTE_TYPES
from memlsp.core.remember import remember
from memlsp.core.rollout import EntryPoint, decide
from memlsp.core.settings import Settings, SettingsError, load_settings
from memlsp.core.store import Store
from memlsp.core.telemetry import SCHEMA, Telemetry, TelemetryRejected, validate_event

GOOD = {
    "outcome": "forgotten",
    "reason": "user",
    "section": "inbox",
    "duration_ms": 1.5,
    "hook_failures": 0,
}


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        ("note.saved", {}),  # unknown event
        ("forget.completed", {**GOOD, "path": "global/x.md"}),  # unknown field
        ("forget.completed", {k: v for k, v in GOOD.items() if k != "reason"}),  # missing
        ("forget.completed", {**GOOD, "outcome": "deleted the deploy note"}),  # free string
        ("forget.completed", {**GOOD, "reason": "USER"}),  # not an enum value
        ("forget.completed", {**GOOD, "hook_failures": -1}),  # negative count
        ("forget.completed", {**GOOD, "hook_failures": 1.0}),  # float count
        ("forget.completed", {**GOOD, "hook_failures": True}),  # bool as count
        ("forget.completed", {**GOOD, "duration_ms": -0.1}),  # negative duration
        ("forget.completed", {**GOOD, "duration_ms": math.inf}),
        ("forget.completed", {**GOOD, "duration_ms": math.nan}),
        ("forget.completed", {**GOOD, "duration_ms": "3"}),
        ("forget.matching", {"confirmed": 1, "matched": 0, "forgotten": 0, "refused": 0}),
        ("forget.matching", {"confirmed": "yes", "matched": 0, "forgotten": 0, "refused": 0}),
    ],
)
def test_schema_rejects_everything_outside_it(name: str, fields: dict, tmp_path: Path) -> None:
    with pytest.raises(TelemetryRejected):
        validate_event(name, fields)
    strict = Telemetry(enabled=True, sink=tmp_path / "s.jsonl", strict=True)
    with pytest.raises(TelemetryRejected):
        strict.emit(name, **fields)
    lenient = Telemetry(enabled=True, sink=tmp_path / "l.jsonl")
    assert lenient.emit(name, **fields) is None
    assert lenient.dropped == 1 and not (tmp_path / "l.jsonl").exists()


def test_rejection_messages_do_not_repeat_the_value(canary) -> None:
    secret = canary("value")
    with pytest.raises(TelemetryRejected) as info:
        validate_event("forget.completed", {**GOOD, "outcome": secret})
    assert secret not in str(info.value)


def test_off_unless_enabled_and_forwarder(tmp_path: Path) -> None:
    off = Telemetry(enabled=False, sink=tmp_path / "off.jsonl", strict=True)
    assert off.emit("forget.completed", **GOOD) is None and not (tmp_path / "off.jsonl").exists()
    seen: list[dict] = []
    on = Telemetry(enabled=True, sink=tmp_path / "on.jsonl", forwarder=seen.append, strict=True)
    rec = on.emit("forget.completed", **GOOD)
    assert (
        rec == seen[0]
        and rec["event"] == "forget.completed"
        and rec["v"] == telemetry.SCHEMA_VERSION
    )
    assert json.loads((tmp_path / "on.jsonl").read_text()) == rec
    assert Settings().telemetry.enabled is False


def test_schema_is_frozen_and_enums_match_the_code() -> None:
    with pytest.raises(TypeError):
        SCHEMA["new.event"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        SCHEMA["forget.completed"]["path"] = telemetry.BOOL  # type: ignore[index]
    kinds = {spec.kind for fields in SCHEMA.values() for spec in fields.values()}
    assert kinds <= {"enum", "bool", "count", "duration"}
    assert SCHEMA["forget.refused"]["refusal"].values == set(fg.REFUSALS)
    assert SCHEMA["forget.completed"]["reason"].values == set(fg.FORGET_REASONS)
    assert SCHEMA["rollout.decision"]["entry_point"].values == {e.value for e in EntryPoint}
    assert SCHEMA["rollout.decision"]["level"].values == set(settings.ROLLOUTS)
    assert SCHEMA["remember.completed"]["type"].values == set(NOTE_TYPES)
    assert SCHEMA["settings.loaded"]["provider"].values == set(settings.PROVIDERS)


def _events(sink: Path) -> list[dict]:
    return [json.loads(x) for x in sink.read_text().splitlines()] if sink.exists() else []


def test_canaries_never_reach_the_sink(
    tmp_path: Path, canary, telemetry_sink: Path, monkeypatch
) -> None:
    """Acceptance 6: canaries in notes, paths, settings, messages and exceptions."""
    store = Store(tmp_path / canary("home"))
    scope = store.ensure_scope(store.global_scope())

    # remember: canary in the message (note text)
    note_words = canary("note")
    res = remember(store, scope, f"The deploy freeze covers {note_words}")
    with pytest.raises(InvalidNoteError):
        remember(store, scope, "   ")
    with pytest.raises(InvalidNoteError):
        remember(store, scope, f"text {canary('msg')}", type_=canary("type"))

    # forget: canary in paths and bodies; every refusal kind; a hook raising with a canary
    path_name = canary("path")
    rel = f"global/inbox/{path_name}.md"
    body = f"---\nname: {path_name}\ndescription: {canary('desc')}\ntype: user\n---\nx\n"
    (store.home / rel).write_bytes(body.encode())
    sha = hashlib.sha256(body.encode()).hexdigest()
    for bad in (f"global/{canary('p')}/../x.md", f"global/{canary('g')}*.md", rel):
        with pytest.raises(fg.ForgetRefused):
            fg.forget(store, bad, "0" * 64)
    exc_text = canary("exception")

    def hook(event: fg.ForgetEvent) -> None:
        raise RuntimeError(exc_text)

    remove = fg.register_after_forget(hook)
    try:
        assert fg.forget(store, rel, sha).hook_failures == ("RuntimeError",)
    finally:
        remove()
    assert fg.forget(store, rel, sha).status == "already-forgotten"
    fg.forget_matching(store, note_words, confirm=True)
    assert not (store.home / res.path).exists()

    # rollout decisions with every level and entry point
    for level in settings.ROLLOUTS:
        for ep in EntryPoint:
            decide(ep, Settings(rollout=level, home=canary("home-setting")))
    with pytest.raises(rollout.RolloutRefused):
        rollout.require(
            EntryPoint.REMEMBER,
            Settings(managed=settings.ManagedInfo("fail-closed", (), (canary("diag"),), True)),
        )

    # settings: canary values in a bad local setting, in the env, in a managed file
    with pytest.raises(SettingsError):
        load_settings({"rollout": canary("rollout")}, {}, env={}, managed_paths=[])
    with pytest.raises(SettingsError):
        load_settings({}, {}, env={"MEMLSP_ROLLOUT": canary("env")}, managed_paths=[])
    load_settings({"home": canary("home")}, {}, env={}, managed_paths=[])
    mfile = tmp_path / "m" / "managed.json"
    mfile.parent.mkdir(mode=0o755)
    mfile.write_text(json.dumps({canary("key"): canary("value")}))
    s = load_settings({}, {}, env={}, managed_paths=[mfile], trusted_uids=(0, mfile.stat().st_uid))
    assert s.managed.status == "fail-closed"
    mfile.write_text("{" + canary("broken"))
    managed.load_managed([mfile], trusted_uids=(0, mfile.stat().st_uid))

    # the rollout events (issue 18): recall, extraction and dream through the service
    _drive_the_service(tmp_path, canary, monkeypatch)

    text = telemetry_sink.read_text()
    names = {e["event"] for e in _events(telemetry_sink)}
    assert names == set(SCHEMA), set(SCHEMA) - names  # every event kind was exercised
    for value in canary.values:
        assert value not in text
    for event in _events(telemetry_sink):
        for key, value in event.items():
            assert isinstance(value, (bool, int, float)) or value in {
                *SCHEMA[event["event"]].get(key, telemetry.FieldSpec("enum")).values,
                event["event"],
            }


def _drive_the_service(tmp_path: Path, canary, monkeypatch) -> None:
    """Recall (a chat turn at on and at shadow, a one-off), extraction (a write and a
    refusal) and a dream, with canaries in the home, the origin, messages and notes."""
    import subprocess

    from memlsp.core.runtime import CancelToken, no_progress
    from memlsp.core.service import MemoryService, Message

    folder = tmp_path / canary("repo")
    folder.mkdir()
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    origin = f"git@example.com:acme/{canary('origin')}.git"
    subprocess.run(["git", "-C", str(folder), "remote", "add", "origin", origin], check=True)
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / canary("service-home")))
    for level in ("on", "shadow"):
        env = {"MEMLSP_ROLLOUT": level, "MEMLSP_RECALL_EMBEDDER": "hashing"}
        svc = MemoryService(
            load_settings({}, {}, env=env, managed_paths=[]), default_folder=lambda: folder
        )
        word = canary("tool")
        said = [
            Message("user", f"Use {word}, not npm, for installs in this repo."),
            Message("assistant", "OK."),
        ]
        assert svc.turn_completed(f"s-{level}", 1, said).run(CancelToken(), no_progress).written
        path = f"lib/net/{canary('file')}.ts"
        refused = [
            Message("user", f"Remember that the retry helper lives in {path}."),
            Message("assistant", "OK."),
        ]
        res = svc.turn_completed(f"s-{level}", 2, refused).run(CancelToken(), no_progress)
        assert res.refused
        svc.recall(f"s-{level}", f"how do I install with {word}?", first_turn=False)
        svc.recall(None, f"{canary('question')} and {word}", on_purpose=True)
    svc.dream_job().run(CancelToken(), no_progress)
    svc.dream_job(dry_run=True).run(CancelToken(), no_progress)


def test_schema_enums_match_the_code_they_describe() -> None:
    """The frozen schema repeats the code's vocabularies on purpose (telemetry imports no
    other core module); this keeps the two from drifting apart."""
    from memlsp.core import forget, notes, rollout, settings
    from memlsp.core import telemetry as tel

    assert tel.REFUSAL.values == frozenset(forget.REFUSALS)
    assert tel.FORGET_REASON.values == frozenset(forget.FORGET_REASONS)
    assert tel.ROLLOUT.values == frozenset(settings.ROLLOUTS)
    assert tel.NOTE_TYPE.values == frozenset(notes.NOTE_TYPES)
    assert tel.ENTRY_POINT.values == frozenset(e.value for e in rollout.EntryPoint)


def test_rollout_event_enums_match_the_code() -> None:
    """Issue 18's events repeat the recall, extraction and dream vocabularies."""
    from memlsp.core import telemetry as tel
    from memlsp.core.dream.plan import OPS
    from memlsp.core.recall.silence import SCORE_BUCKETS, Silence
    from memlsp.core.service import events

    assert tel.SILENCE.values == {s.value for s in Silence} | {"none"}
    assert tel.SCORE_BUCKET.values == frozenset(SCORE_BUCKETS)
    assert tel.EXTRACTION_REFUSAL.values == frozenset(events.EXTRACTION_REFUSALS)
    assert set(events.DREAM_OPS) == set(OPS)
    assert {f"{op}s" for op in OPS} < set(SCHEMA["dream.completed"])
    assert events.refusal_family("refused-excluded:file-path") == "excluded"
    assert events.refusal_family("refused-poisoning:hidden-characters") == "poisoning"
    assert events.refusal_family("something-new") == "other"
