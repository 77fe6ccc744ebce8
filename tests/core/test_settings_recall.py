"""``recall.*`` settings (R16): typed, validated, the very params the retriever reads, and
the first-turn gate can never be set below the later-turn one."""

from __future__ import annotations

import pytest
from memlsp.core.recall import resolve_models
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.settings import SettingsError, env_name, load_local


def test_defaults_are_the_documented_params() -> None:
    params = load_local(env={}).recall
    assert params == RecallParams()


def test_env_and_editor_layers_set_recall_keys() -> None:
    assert env_name("recall.firstTurnMinScore") == "MEMLSP_RECALL_FIRST_TURN_MIN_SCORE"
    s = load_local(
        init_options={"recall": {"minScore": 0.3, "gateSizeSlope": 0, "generalMargin": 0.4}},
        env={
            "MEMLSP_RECALL_FIRST_TURN_MIN_SCORE": "0.5",
            "MEMLSP_RECALL_GATE_REFERENCE_NOTES": "50",
        },
    )
    p = s.recall
    assert p.general_margin == 0.4
    assert load_local(env={"MEMLSP_RECALL_KEYWORD_COVERAGE": "0"}).recall.keyword_coverage == 0
    assert (p.min_score, p.first_turn_min_score, p.gate_size_slope, p.gate_reference_notes) == (
        0.3,
        0.5,
        0.0,
        50,
    )


@pytest.mark.parametrize(
    "env",
    [
        {"MEMLSP_RECALL_MIN_SCORE": "high"},
        {"MEMLSP_RECALL_VECTOR_WEIGHT": "-1"},
        {"MEMLSP_RECALL_HALF_LIFE_DAYS": "0"},
        {"MEMLSP_RECALL_GATE_REFERENCE_NOTES": "0"},
        {"MEMLSP_RECALL_MIN_SCORE": "0.6"},  # above the default first-turn gate
        {"MEMLSP_RECALL_KEYWORD_COVERAGE": "1.5"},  # a share: at most 1
    ],
)
def test_bad_recall_values_are_refused(env) -> None:
    with pytest.raises(SettingsError) as err:
        load_local(env=env)
    assert err.value.reason == "invalid-setting"


def test_unknown_embedder_is_a_clear_error() -> None:
    s = load_local(env={"MEMLSP_RECALL_EMBEDDER": "no-such-model"})
    with pytest.raises(Exception) as err:
        resolve_models(s.recall)
    assert getattr(err.value, "reason", "") == "unknown-embedder"
    embedder, _ = resolve_models(load_local(env={"MEMLSP_RECALL_EMBEDDER": "hashing"}).recall)
    assert embedder.name == "hashing-256"
