"""The dream's model planner through a real provider (SPEC R22, R34): the plan comes from
the `anthropic` provider (real SDK, local fake server), is validated strictly and applied;
a 500 or an invalid plan means the offline plan is used instead."""

from __future__ import annotations

import json

import attrs
from memlsp.core.dream import dream, planner_for
from memlsp.core.settings import Settings

from tests.core.dreamkit import MERGE_PLAN, NOW, small_home
from tests.core.test_anthropic_provider import FakeAnthropic, message


def settings_for(url: str) -> Settings:
    s = Settings()
    return attrs.evolve(
        s, model=attrs.evolve(s.model, provider="anthropic", base_url=url, max_retries=0)
    )


def plan_reply(plan: dict) -> tuple[int, dict]:
    return 200, message([{"type": "text", "text": json.dumps(plan)}], "end_turn")


def test_offline_settings_mean_the_offline_planner() -> None:
    assert planner_for(Settings()) is None


def test_the_model_plan_is_applied(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-" + "k" * 12)
    store, scope = small_home(tmp_path)
    with FakeAnthropic([plan_reply(MERGE_PLAN)]) as fake:
        settings = settings_for(fake.url)
        result = dream(
            store, scope, now=NOW, force=True, settings=settings, planner=planner_for(settings)
        )
        sent = fake.requests[0]["json"]
    assert result.planner == "model" and result.model_rejected is None
    assert "Search p95 budget 200 ms" in (scope.root / "search-latency.md").read_text()
    assert "inbox/latency-tightened.md" in json.dumps(sent["messages"])  # the snapshot
    assert "cache_control" in json.dumps(sent["system"])  # the stable prefix is cached


def test_a_failing_model_falls_back_to_the_offline_plan(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-" + "k" * 12)
    store, scope = small_home(tmp_path)
    with FakeAnthropic(
        [(500, {"type": "error", "error": {"type": "api_error", "message": "x"}})]
    ) as fake:
        settings = settings_for(fake.url)
        result = dream(
            store, scope, now=NOW, force=True, settings=settings, planner=planner_for(settings)
        )
    assert result.status == "applied" and result.model_rejected
    assert result.planner == "offline"
