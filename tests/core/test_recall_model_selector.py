"""R15 step 3–4 with a real provider (acceptance 4 of the recall issue): recall's model
selector through the ``anthropic`` provider and the real SDK, against a local fake
Anthropic server on 127.0.0.1. A name the model invents is dropped; an HTTP 500 means no
model selection this turn and the hybrid result is used."""

from __future__ import annotations

import datetime as dt
import json

from memlsp.core.models import AnthropicProvider
from memlsp.core.notes import Note
from memlsp.core.recall import ModelSelector, Recaller
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.store import Scope, Store

from tests.core.test_anthropic_provider import FakeAnthropic, fake_key, message

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
LENIENT = RecallParams(min_score=0.05, first_turn_min_score=0.05, follow_margin=0.05)


def files_reply(*files: str) -> tuple[int, dict]:
    text = json.dumps({"files": list(files)})
    return 200, message([{"type": "text", "text": text}], "end_turn")


def setup_notes(store: Store) -> tuple[Scope, Recaller]:
    rel = "projects/example.com/acme/shop"
    scope = store.ensure_scope(Scope("project", rel, store.home / rel))
    for name, desc, body in (
        ("bun-not-npm", "Use bun, not npm, for installs", "SECRET-BODY bun install only"),
        ("review-rota", "Code reviews rotate weekly", "Reviews rotate every Monday."),
    ):
        store.write_note(
            scope,
            Note(name=name, description=desc, type="project", body=body, meta={}),
            section="",
            now=NOW,
        )
    recaller = Recaller(store, scope, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    return scope, recaller


def selector(url: str) -> ModelSelector:
    provider = AnthropicProvider(
        model="claude-test", api_key=fake_key(), base_url=url, max_retries=0, timeout=5
    )
    return ModelSelector(provider, timeout=5)


def test_a_hallucinated_name_from_the_model_is_dropped(store: Store) -> None:
    _scope, recaller = setup_notes(store)
    with FakeAnthropic([files_reply("review-rota.md", "deploy-calendar.md")]) as fake:
        recaller.selector = selector(fake.url)
        res = recaller.recall("s1", "bun or npm for installs?", now=NOW)
    assert res.selector == "model"
    # The model's pick wins over the hybrid's; the invented file is not there.
    assert [m.name for m in res.memories] == ["review-rota"]
    sent = fake.requests[0]["json"]
    prompt = json.dumps(sent)
    assert "review-rota.md [project, 2026-11-30] Code reviews rotate weekly" in prompt
    assert "SECRET-BODY" not in prompt, "the model sees the manifest, not note bodies"
    assert sent["messages"][-1]["content"].endswith("bun or npm for installs?")


def test_a_500_falls_back_to_the_hybrid_result(store: Store) -> None:
    _scope, recaller = setup_notes(store)
    with FakeAnthropic([(500, {"type": "error", "error": {"type": "api_error"}})]) as fake:
        recaller.selector = selector(fake.url)
        res = recaller.recall("s1", "bun or npm for installs?", now=NOW)
    assert len(fake.requests) == 1
    assert res.selector == "model-failed"
    recaller.selector = None
    hybrid = recaller.recall("s2", "bun or npm for installs?", now=NOW)
    assert [m.name for m in res.memories] == [m.name for m in hybrid.memories]
    assert res.memories and res.memories[0].name == "bun-not-npm"
