"""The scenario harness (SPEC R35) on a small scenario file written by the test."""

from __future__ import annotations

import json

from memlsp.core.evaluate.scenarios import run_scenarios, stored_text_proxy


def scenario_file(tmp_path):
    rows = [
        {
            "id": "t1",
            "kind": "correction",
            "origin": "git@example.com:acme/shop.git",
            "sessions": [
                {
                    "id": "t1-a",
                    "turns": [
                        {
                            "at": "2026-02-02T09:00:00Z",
                            "user": "Run the unit tests.",
                            "assistant": "Ran tox.",
                        },
                        {
                            "at": "2026-02-02T09:01:00Z",
                            "user": "No, never use tox here; always use nox -s unit.",
                            "assistant": "Switched to nox.",
                        },
                        {"at": "2026-02-02T09:05:00Z", "user": "Thanks.", "assistant": "Sure."},
                    ],
                }
            ],
            "probes": [
                {
                    "at": "2026-02-09T09:00:00Z",
                    "message": "Run the tests.",
                    "expect_any": ["nox"],
                    "expect_none": [],
                }
            ],
            "never_stored": [],
        },
        {
            "id": "t2",
            "kind": "secret",
            "origin": "https://example.com/acme/shop",
            "sessions": [
                {
                    "id": "t2-a",
                    "turns": [
                        {
                            "at": "2026-02-03T09:00:00Z",
                            "user": "Token for CI: " + "gl" + "pat-" + "x7" * 12,
                            "assistant": "I won't store it.",
                        }
                    ],
                }
            ],
            "probes": [
                {
                    "at": "2026-02-09T09:00:00Z",
                    "message": "CI token?",
                    "expect_any": [],
                    "expect_none": ["glpat"],
                }
            ],
            "never_stored": ["gl" + "pat-" + "x7" * 12],
        },
        {
            "id": "t3",
            "kind": "trivial",
            "origin": "git@example.com:acme/shop.git",
            "sessions": [
                {
                    "id": "t3-a",
                    "turns": [
                        {"at": "2026-02-04T09:00:00Z", "user": "hi", "assistant": "Hello!"},
                        {"at": "2026-02-04T09:01:00Z", "user": "ok thanks", "assistant": "Bye."},
                    ],
                }
            ],
            "probes": [],
            "never_stored": [],
        },
    ]
    path = tmp_path / "scenarios.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", "utf-8")
    return path


def test_run_scenarios_reports_the_contract_keys(tmp_path):
    out = run_scenarios(scenario_file(tmp_path))
    for key in (
        "probes_total",
        "probes_passed",
        "pass_rate",
        "never_stored_violations",
        "failed",
        "by_kind",
    ):
        assert key in out
    assert out["recall"] == "stored-text proxy"
    assert out["probes_total"] == 2 and out["probes_passed"] == 2 and out["pass_rate"] == 1.0
    assert out["never_stored_violations"] == 0 and out["failed"] == []
    assert out["by_kind"]["correction"]["probes_passed"] == 1


def test_recall_text_is_injected_and_failures_are_reported(tmp_path):
    seen = []

    def recall_nothing(store, scope, message, now):
        seen.append((scope.rel, message, now.isoformat()))
        return ""

    out = run_scenarios(scenario_file(tmp_path), recall_nothing, details=True)
    assert out["recall"] == "recall_nothing"
    assert out["failed"] == ["t1"]  # expect_any needs text; the others expect nothing
    assert seen[0][0] == "projects/example.com/acme/shop"
    assert seen[0][2].startswith("2026-02-09T09:00")


def test_proxy_reads_every_note(tmp_path):
    from memlsp.core.remember import remember
    from memlsp.core.store import Store

    store = Store(tmp_path / "home")
    scope = store.project_scope(tmp_path)
    remember(store, scope, "Always deploy with the blue-green script.")
    assert "blue-green" in stored_text_proxy(store, scope, "x", None)
