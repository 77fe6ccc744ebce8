"""The server's settings keys (docs/reference/settings.md): layers, types, env names."""

from __future__ import annotations

import pytest
from memlsp.core.settings import env_name, load_settings


def test_layers_and_nested_keys():
    s = load_settings(
        {"rollout": "shadow", "model": {"timeoutSeconds": 3}},
        {"rollout": "on", "server": {"maxQueuedJobs": 5}},
        env={"MEMLSP_SERVER_WATCH_INTERVAL_SECONDS": "0.5"},
    )
    assert (s.rollout, s.model.timeout_seconds) == ("on", 3.0)
    assert (s.server.max_queued_jobs, s.server.watch_interval_seconds) == (5, 0.5)
    assert s.server.max_in_flight_requests == 64


@pytest.mark.parametrize(
    "layer",
    [
        {"rollout": "sometimes"},
        {"server": {"maxQueuedJobs": "many"}},
        {"server": {"maxQueuedJobs": 2.5}},
        {"model": {"timeoutSeconds": -1}},
        {"model": {"timeoutSeconds": True}},
        {"rollout": 5},
    ],
)
def test_bad_values_are_refused_with_a_readable_message(layer):
    with pytest.raises(ValueError) as excinfo:
        load_settings(layer, env={})
    assert "Attribute(" not in str(excinfo.value)


def test_env_names():
    assert env_name("model.timeoutSeconds") == "MEMLSP_MODEL_TIMEOUT_SECONDS"
    assert env_name("rollout") == "MEMLSP_ROLLOUT"


def test_hover_in_code_defaults_on_and_is_a_boolean():
    assert load_settings(env={}).hover.in_code is True
    assert load_settings({"hover": {"inCode": False}}, env={}).hover.in_code is False
    assert load_settings(env={"MEMLSP_HOVER_IN_CODE": "off"}).hover.in_code is False
    with pytest.raises(ValueError):
        load_settings({"hover": {"inCode": "sometimes"}}, env={})
