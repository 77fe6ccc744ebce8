"""A pytest plugin: every test runs with strict, enabled telemetry and a canary scan (R27).

Loaded for the whole suite (``-p tests.telemetry_guard`` in pyproject). For each test it
installs a strict telemetry pipeline writing to a private sink, so any emit outside the
frozen schema raises where it happens. Tests that plant canaries (unique strings in notes,
paths, settings, messages, exception texts) register them with the ``canary`` fixture; at
teardown the test's sink is scanned and any canary found fails the test. The sink also has
to parse as schema-conforming JSON lines.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from memlsp.core import telemetry


class CanaryRegistry:
    def __init__(self) -> None:
        self.values: list[str] = []

    def __call__(self, label: str = "canary") -> str:
        value = f"{label}-{uuid.uuid4().hex}"
        self.values.append(value)
        return value


@pytest.fixture
def canary() -> CanaryRegistry:
    return CanaryRegistry()


@pytest.fixture
def telemetry_sink(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("telemetry") / "events.jsonl"


@pytest.fixture(autouse=True)
def _strict_telemetry(telemetry_sink: Path, canary: CanaryRegistry):
    pipeline = telemetry.configure(enabled=True, sink=telemetry_sink, strict=True)
    yield pipeline
    telemetry.configure(enabled=False)
    text = telemetry_sink.read_text("utf-8") if telemetry_sink.exists() else ""
    for line in text.splitlines():
        record = json.loads(line)
        body = {k: v for k, v in record.items() if k not in ("v", "event", "t")}
        telemetry.validate_event(record["event"], body)
    leaked = [c for c in canary.values if c in text]
    assert not leaked, f"canary strings reached the telemetry sink: {leaked}"
