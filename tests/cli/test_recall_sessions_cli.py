"""``memlsp recall`` sessions and silence (issue 18): each run is a fresh session unless
``--session NAME``; ``--json`` says why nothing was injected; with telemetry on, real CLI
recalls leave events that ``memlsp stats`` counts; ``eval scenarios`` honours ``recall.*``."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

from ..core.test_rollout_telemetry import generated_sink
from ..core.test_scenarios_harness import scenario_file
from .clikit import run_memlsp
from .test_store_cli import ORIGIN

RULE = "Deploys to production need a second reviewer from the payments team"
ASK = "who has to review my production deploy?"


def recall(repo: Path, message: str, *extra: str) -> dict:
    return json.loads(run_memlsp(repo, "recall", message, "--json", *extra).stdout)


def test_recalls_without_a_session_are_independent(make_repo, memlsp_home: Path) -> None:
    repo = make_repo(origin=ORIGIN)
    run_memlsp(repo, "remember", RULE, "--type", "feedback")
    first, second = recall(repo, ASK), recall(repo, ASK)
    assert [m["path"] for m in first["memories"]] == [m["path"] for m in second["memories"]]
    assert first["memories"] and first["silence"] is None and second["silence"] is None
    sessions = memlsp_home / "projects" / "github.com" / "Example-Org" / "Shop" / ".memlsp"
    assert not list(sessions.glob("sessions/*.json")), "a one-off recall records nothing"

    named = recall(repo, ASK, "--session", "X")
    again = recall(repo, ASK, "--session", "X")
    assert named["memories"] and named["memories"][0]["path"] == first["memories"][0]["path"]
    assert again["memories"] == [] and again["silence"] == "already-injected"
    assert len(list(sessions.glob("sessions/X-*.json"))) == 1
    assert recall(repo, ASK, "--session", "Y")["memories"], "another session starts afresh"
    assert recall(repo, ASK)["memories"], "and a run without --session still finds it"


def test_silence_reasons(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    assert recall(repo, ASK)["silence"] == "no-notes"
    run_memlsp(repo, "remember", RULE, "--type", "feedback")
    assert recall(repo, "   ")["silence"] == "empty-message"
    unrelated = recall(repo, "what rhymes with orange?")
    assert unrelated["memories"] == [] and unrelated["silence"] == "below-threshold"
    proc = run_memlsp(repo, "recall", "what rhymes with orange?")
    assert proc.stdout == "" and "(nothing to recall: below-threshold)" in proc.stderr


def test_help_says_each_run_is_a_fresh_session(make_repo) -> None:
    text = " ".join(run_memlsp(make_repo(), "recall", "--help").stdout.split())
    assert "fresh session" in text and "--session NAME" in text and "silence" in text


def test_cli_recalls_with_telemetry_on_are_counted_by_stats(
    make_repo, tmp_path: Path, monkeypatch
) -> None:
    sink = tmp_path / "tel" / "events.jsonl"
    monkeypatch.setenv("MEMLSP_TELEMETRY_ENABLED", "true")
    monkeypatch.setenv("MEMLSP_TELEMETRY_PATH", str(sink))
    repo = make_repo(origin=ORIGIN)
    run_memlsp(repo, "remember", RULE, "--type", "feedback")
    recall(repo, ASK)
    recall(repo, ASK, "--session", "S")
    recall(repo, ASK, "--session", "S")  # already injected
    recall(repo, "what rhymes with orange?")
    text = sink.read_text("utf-8")
    for words in ("payments", "reviewer", "orange", "Example-Org", "Shop"):
        assert words not in text, f"{words!r} reached the telemetry sink"

    stats = json.loads(run_memlsp(repo, "stats", "--json").stdout)
    cli = stats["recall"]["recall"]
    assert cli["turns"] == 4 and stats["recall"]["injection"]["turns"] == 0
    assert cli["hit_rate"] == 0.5 and cli["injection_rate"] == 0.5
    assert cli["notes_per_hit"] == 1.0
    assert cli["silence"] == {"already-injected": 1, "below-threshold": 1}
    assert sum(cli["top_score"].values()) == 2 and cli["p50_ms"] is not None
    assert stats["enabled"] is True and stats["skipped_lines"] == 0
    human = run_memlsp(repo, "stats").stdout
    assert "4 turn(s)" in human and "injected 50.0%" in human


def test_eval_scenarios_honours_the_recall_settings(make_repo, tmp_path: Path, monkeypatch) -> None:
    """A gate no note can reach silences every probe: the settings reached the Recaller."""
    path = scenario_file(tmp_path)
    repo = make_repo()
    base = json.loads(
        run_memlsp(repo, "eval", "scenarios", str(path), "--only", "t1", "--json").stdout
    )
    assert base["probes_passed"] == 1
    monkeypatch.setenv("MEMLSP_RECALL_MIN_SCORE", "5")
    monkeypatch.setenv("MEMLSP_RECALL_FIRST_TURN_MIN_SCORE", "5")
    gated = json.loads(
        run_memlsp(repo, "eval", "scenarios", str(path), "--only", "t1", "--json").stdout
    )
    assert gated["probes_total"] == 1 and gated["probes_passed"] == 0


def test_stats_cli_reads_the_configured_sink(tmp_path: Path, make_repo, monkeypatch) -> None:
    sink = generated_sink(tmp_path / "t" / "events.jsonl")
    monkeypatch.setenv("MEMLSP_TELEMETRY_PATH", str(sink))

    folder = make_repo(origin=ORIGIN)

    def stats(*args: str, ok: int = 0) -> subprocess.CompletedProcess:
        return run_memlsp(folder, "stats", *args, ok=(ok,))

    report = json.loads(stats("--json").stdout)  # every event: the generated ones are dated
    assert report["recall"]["injection"]["turns"] == 21 and report["enabled"] is False
    text = stats().stdout
    assert "chat turns: 21 turn(s)" in text and "telemetry is off" in text
    assert "refused         excluded 1, secret 2" in text
    assert "[invalid-since]" in stats("--since", "-3", ok=2).stderr
    assert "[invalid-since]" in stats("--since", "nan", ok=2).stderr


def test_cli_recall_uses_the_model_selector_when_a_provider_is_configured(
    make_repo, monkeypatch
) -> None:
    """model.provider = anthropic (a local fake server, a fake key built at run time): the
    model picks from the manifest; an invented name is dropped; a failed call falls back."""
    from tests.core.test_anthropic_provider import FakeAnthropic, fake_key, message

    repo = make_repo(origin=ORIGIN)
    rule = run_memlsp(repo, "remember", RULE, "--type", "feedback").stdout.split(": ", 1)[1].strip()
    other = "Code reviews rotate every Monday"
    rota = run_memlsp(repo, "remember", other).stdout.split(": ", 1)[1].strip()
    pick = json.dumps({"files": [rota.split("/Shop/", 1)[1], "inbox/invented.md"]})
    with FakeAnthropic([(200, message([{"type": "text", "text": pick}], "end_turn"))]) as fake:
        monkeypatch.setenv("MEMLSP_MODEL_PROVIDER", "anthropic")
        monkeypatch.setenv("MEMLSP_MODEL_BASE_URL", fake.url)
        monkeypatch.setenv("MEMLSP_MODEL_MAX_RETRIES", "0")
        monkeypatch.setenv("ANTHROPIC_API_KEY", fake_key())
        picked = recall(repo, ASK)
        fallback = recall(repo, ASK)  # the script is empty: the fake answers 500
    assert [(m["path"], m["why"]) for m in picked["memories"]] == [(rota, "model")]
    assert rule.split("/Shop/", 1)[1] in json.dumps(fake.requests[0]["json"]["system"])
    assert [(m["path"], m["why"]) for m in fallback["memories"]][:1] == [(rule, "hybrid")]


def test_a_verified_forget_leaves_no_trace_in_the_recall_state(make_repo, memlsp_home: Path):
    """R24: the session state and the recall counter hold no note's path (its file name is a
    slug of its description), so a forgotten note's words are nowhere in the home after."""
    repo = make_repo(origin=ORIGIN)
    run_memlsp(repo, "remember", "Deploys go through the quokkaflux pipeline only")
    got = recall(repo, "how do deploys work with quokkaflux", "--session", "s1")
    [path] = [m["path"] for m in got["memories"]]
    assert recall(repo, "how do deploys work with quokkaflux", "--session", "s1")["memories"] == []
    digest = hashlib.sha256((memlsp_home / path).read_bytes()).hexdigest()
    run_memlsp(repo, "forget", path, "--sha256", digest)
    needles = [b"quokka", "quokka".encode("utf-16-le")]
    found = []
    for file in memlsp_home.rglob("*"):  # the retrieval index included (forget.md, step 9)
        if file.is_file():
            blob = file.read_bytes()
            found += [(str(file), n) for n in needles if n in blob]
    assert found == []
