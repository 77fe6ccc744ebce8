"""The size-aware recall gate (R16): smaller memories need a lower best-hit score, the first
turn of a session always needs a higher one, and nothing drops below the floor."""

from __future__ import annotations

import math

import pytest
from memlsp.core.retrieval.hybrid import Hit, gate_for, select
from memlsp.core.retrieval.params import RecallParams

P = RecallParams()


@pytest.mark.parametrize("n", [None, 0, P.gate_reference_notes, P.gate_reference_notes * 10])
def test_gate_unchanged_at_or_above_the_reference_size(n) -> None:
    assert gate_for(P, first_turn=False, collection_size=n) == P.min_score
    assert gate_for(P, first_turn=True, collection_size=n) == P.first_turn_min_score


def test_gate_drops_with_log_of_size_and_stops_at_the_floor() -> None:
    g100 = gate_for(P, first_turn=False, collection_size=100)
    relaxed = P.min_score - P.gate_size_slope * math.log(P.gate_reference_notes / 100)
    assert g100 == pytest.approx(max(relaxed, min(P.min_score, P.gate_floor)))
    assert g100 < P.min_score
    sizes = [1, 2, 3, 10, 50, 200, 399]
    gates = [gate_for(P, first_turn=True, collection_size=n) for n in sizes]
    assert gates == sorted(gates)  # never stricter for a smaller memory
    steep = RecallParams(gate_size_slope=1.0)
    assert gate_for(steep, first_turn=False, collection_size=1) == steep.gate_floor
    # the first turn keeps its margin above the floor
    margin = steep.first_turn_min_score - steep.min_score
    assert gate_for(steep, first_turn=True, collection_size=1) == pytest.approx(
        steep.gate_floor + margin
    )


@pytest.mark.parametrize("n", [1, 2, 3, 10, 100, 400, 5000])
def test_first_turn_gate_stays_stricter(n) -> None:
    assert gate_for(P, first_turn=True, collection_size=n) > gate_for(
        P, first_turn=False, collection_size=n
    )


def test_select_uses_the_size_aware_gate() -> None:
    score = gate_for(P, first_turn=True, collection_size=400) - 0.01
    hits = [Hit(key="a.md", score=score, vector_sim=0.3, keyword_score=0.0)]
    assert select(hits, None, P, first_turn=True, collection_size=400) == []
    assert [h.key for h in select(hits, None, P, first_turn=True, collection_size=2)] == ["a.md"]
