"""Acceptance 2 of issue 4 (SPEC R11, R34): the anthropic provider end to end with the real
``anthropic`` SDK against a local fake HTTP server on 127.0.0.1 that returns scripted
tool-use replies."""

from __future__ import annotations

import datetime as dt
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from memlsp.core.extract import Message, extract_turn
from memlsp.core.models import AnthropicProvider, make_provider
from memlsp.core.settings import load_settings
from memlsp.core.store import Store

NOW = dt.datetime(2026, 4, 7, 9, 0, tzinfo=dt.UTC)


def fake_key() -> str:
    # Built at run time so no credential-shaped literal is committed.
    return "-".join(["test", "key", "not", "real"])


class FakeAnthropic:
    """Scripted replies; records each request body and headers."""

    def __init__(self, script: list[tuple[int, object]]):
        self.script = list(script)
        self.requests: list[dict] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def do_POST(self):  # noqa: N802 - http.server API
                length = int(self.headers.get("content-length", 0))
                body = self.rfile.read(length)
                fake.requests.append(
                    {"path": self.path, "headers": dict(self.headers), "json": json.loads(body)}
                )
                status, payload = fake.script.pop(0) if fake.script else (500, {"error": "no"})
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def message(content: list[dict], stop: str) -> dict:
    return {
        "id": "msg_test",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 12, "output_tokens": 7},
    }


def tool_use(name: str, args: dict, id_: str = "toolu_1") -> dict:
    return message([{"type": "tool_use", "id": id_, "name": name, "input": args}], "tool_use")


DONE = message([{"type": "text", "text": "saved"}], "end_turn")

TURN = [
    Message("assistant", "I ran the suite with tox.", NOW),
    Message("user", "Don't use tox here, always run the tests with nox -s tests.", NOW),
    Message("assistant", "Understood, nox -s tests from now on.", NOW),
]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _scope(store: Store, tmp_path):
    return store.project_scope(tmp_path / "not-a-repo")


def _provider(url: str) -> AnthropicProvider:
    return AnthropicProvider(
        model="claude-test", api_key=fake_key(), base_url=url, max_retries=0, timeout=5.0
    )


def test_scripted_tool_use_writes_the_note_the_script_asks_for(home, tmp_path):
    write = {
        "name": "test-runner-nox",
        "description": "Run the tests with nox -s tests, not tox",
        "type": "feedback",
        "body": "The user corrected the agent: tests run with `nox -s tests`; tox is not used.",
    }
    with FakeAnthropic([(200, tool_use("write_note", write)), (200, DONE)]) as fake:
        store = Store(home)
        scope = _scope(store, tmp_path)
        res = extract_turn(
            store, scope, session_id="s1", turn=1, messages=TURN, provider=_provider(fake.url)
        )
    assert not res.degraded
    assert res.provider == "anthropic"
    assert res.rounds == 2
    assert len(res.written) == 1
    data, _ = store.read(res.written[0])
    text = data.decode()
    assert "description: Run the tests with nox -s tests, not tox" in text
    assert "source: extraction" in text
    assert res.written[0].split("/")[-2] == "inbox"
    # the request carries the cache-control mark on the stable prefix (system + manifest)
    first = fake.requests[0]
    assert first["path"].endswith("/v1/messages")
    system = first["json"]["system"]
    assert isinstance(system, list) and len(system) == 2
    assert "memory extractor" in system[0]["text"]
    assert system[-1]["text"].startswith("Existing notes")
    assert system[-1]["cache_control"] == {"type": "ephemeral"}
    assert {t["name"] for t in first["json"]["tools"]} == {
        "list_notes",
        "read_note",
        "write_note",
        "delete_note",
    }
    headers = {k.lower(): v for k, v in first["headers"].items()}
    # SDK versions send the key as x-api-key or as a bearer authorization header
    assert fake_key() in (headers.get("x-api-key", ""), headers.get("authorization", "")[7:])
    # the second round carries the tool result back
    second = fake.requests[1]["json"]["messages"]
    assert second[-1]["content"][0]["type"] == "tool_result"
    assert second[-1]["content"][0]["content"].startswith("ok: created")


def test_model_write_of_a_secret_is_refused_and_never_persisted(home, tmp_path):
    secret = "ghp_" + "Z9" * 18
    write = {"name": "token", "description": "CI token", "type": "reference", "body": secret}
    with FakeAnthropic([(200, tool_use("write_note", write)), (200, DONE)]) as fake:
        store = Store(home)
        res = extract_turn(
            store,
            _scope(store, tmp_path),
            session_id="s1",
            turn=1,
            messages=TURN,
            provider=_provider(fake.url),
        )
        result_text = fake.requests[1]["json"]["messages"][-1]["content"][0]["content"]
    assert res.refused and res.refused[0].reason == "refused-secret"
    assert result_text.startswith("refused: refused-secret")
    for f in home.rglob("*"):
        if f.is_file():
            assert secret.encode() not in f.read_bytes()


@pytest.mark.parametrize(
    "reply",
    [
        (500, {"type": "error", "error": {"type": "api_error", "message": "boom"}}),
        (529, {"type": "error", "error": {"type": "overloaded_error", "message": "busy"}}),
        (200, b"this is not json"),
        (200, {"id": "x", "type": "message", "content": "not a list"}),
        (200, message([{"type": "tool_use", "id": "t", "name": 7, "input": []}], "tool_use")),
    ],
    ids=["http-500", "http-529", "not-json", "content-not-list", "bad-tool-use"],
)
def test_failed_or_malformed_reply_degrades_to_offline(home, tmp_path, reply):
    with FakeAnthropic([reply]) as fake:
        store = Store(home)
        res = extract_turn(
            store,
            _scope(store, tmp_path),
            session_id="s1",
            turn=1,
            messages=TURN,
            provider=_provider(fake.url),
        )
        assert len(fake.requests) == 1  # max_retries=0: no retry storm
    assert res.degraded and res.provider == "offline"
    assert res.degraded_reason.startswith("model-")
    # the turn is not lost: the offline extractor recorded the correction
    assert len(res.written) == 1
    data, _ = store.read(res.written[0])
    assert b"nox -s tests" in data and b"type: feedback" in data


def test_missing_api_key_degrades_without_a_request(home, tmp_path, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    provider = make_provider(load_settings(env={"MEMLSP_MODEL_PROVIDER": "anthropic"}), env={})
    assert provider.name == "anthropic"
    store = Store(home)
    res = extract_turn(
        store, _scope(store, tmp_path), session_id="s", turn=1, messages=TURN, provider=provider
    )
    assert res.degraded and res.degraded_reason == "no-api-key"
    assert res.written


def test_round_limit_is_five(home, tmp_path):
    calls = [(200, tool_use("list_notes", {}, f"toolu_{i}")) for i in range(8)]
    with FakeAnthropic(calls) as fake:
        store = Store(home)
        res = extract_turn(
            store,
            _scope(store, tmp_path),
            session_id="s",
            turn=1,
            messages=TURN,
            provider=_provider(fake.url),
        )
        assert len(fake.requests) == 5
    assert res.rounds == 5 and not res.degraded


def test_base_url_comes_from_settings(monkeypatch):
    settings = load_settings(
        env={
            "MEMLSP_MODEL_PROVIDER": "anthropic",
            "MEMLSP_MODEL_BASE_URL": "http://127.0.0.1:9",
            "MEMLSP_MODEL_EXTRACT_MODEL": "claude-x",
            "MEMLSP_MODEL_MAX_RETRIES": "0",
        }
    )
    provider = make_provider(settings, env={"ANTHROPIC_API_KEY": fake_key()})
    assert isinstance(provider, AnthropicProvider)
    assert provider.base_url == "http://127.0.0.1:9"
    assert provider.model == "claude-x" and provider.max_retries == 0
