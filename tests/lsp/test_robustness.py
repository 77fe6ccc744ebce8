"""Robustness at the wire (acceptance 5 and the robustness points of the issue), with a raw
JSON-RPC client that sends what no editor sends on purpose.

* ≥ 1,000 malformed messages (seeded generator): 0 crashes, every request with a usable id
  answered exactly once within 5 s, and the server still answers afterwards;
* requests before ``initialize`` and after ``shutdown`` are answered with an error;
* ``$/cancelRequest`` answers every request exactly once (result or RequestCancelled);
* a flood of requests and jobs is refused with ``data.reason = "busy"`` beyond the bounds
  instead of growing the server's memory.
"""

from __future__ import annotations

import json
import random
import string
import time
from pathlib import Path

import pytest
from memlsp.lsp import codec, messages

from bench.fixtures.rawclient import RawClient

from .conftest import make_repo

CUSTOM = sorted(n for n, m in messages.METHODS.items() if m.direction == "client->server")


def start(tmp_path: Path, env: dict | None = None, init: bool = True, **init_kw) -> RawClient:
    ws = make_repo(tmp_path / "ws")
    client = RawClient({"MEMLSP_HOME": str(tmp_path / "home"), **(env or {})}, cwd=str(ws))
    client.ws = ws
    if init:
        client.initialize(str(ws), **init_kw)
    return client


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# ---- the fuzzer ---------------------------------------------------------------------------
def random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**63, 3.5, float("1e308"), 7])
    if kind == 3:
        return "".join(
            rng.choice(string.printable + "é中\x00\u2028") for _ in range(rng.randrange(12))
        )
    if kind == 4:
        return "x" * rng.choice([0, 1, 5000, 100_000])
    if kind == 5:
        return rng.choice(["../../etc/passwd", "global/MEMORY.md", "/", "", "global/.memlsp/lock"])
    if kind == 6:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 7:
        keys = ["text", "sessionId", "path", "scope", "messages", "turn", "sha256", "jobId", "type"]
        return {rng.choice(keys): random_value(rng, depth + 1) for _ in range(rng.randrange(5))}
    nested = current = {}
    for _ in range(40):
        current["a"] = {}
        current = current["a"]
    return nested


def mutated_params(rng: random.Random, method: str):
    spec = messages.METHODS[method].params
    good = {
        "sessionId": "s1",
        "message": "hello",
        "text": "fuzz note",
        "path": "global/inbox/x.md",
        "sha256": "0" * 64,
        "turn": 1,
        "messages": [{"role": "user", "content": "hi"}],
        "scope": "global",
        "jobId": "j",
    }
    names = [codec.camel(f.name) for f in __import__("attrs").fields(spec)]
    params = {n: good.get(n, None) for n in names if n in good}
    choice = rng.randrange(4)
    if choice == 0 and names:  # one field of the wrong type
        params[rng.choice(names)] = random_value(rng)
    elif choice == 1 and params:  # a required field missing
        params.pop(rng.choice(list(params)))
    elif choice == 2:  # params that are not an object
        return random_value(rng)
    else:  # junk keys, and a field replaced
        params.update({"zz" + str(i): random_value(rng) for i in range(rng.randrange(3))})
        if names:
            params[rng.choice(names)] = random_value(rng)
    return params


def fuzz_messages(rng: random.Random, n: int):
    """Yield (raw body bytes, id expected to be answered or None)."""
    for i in range(n):
        mid = rng.choice([f"f{i}", 100_000 + i])
        kind = rng.randrange(10)
        if kind == 0:
            body = rng.choice([b"{", b"{]", b"\xff\xfe", b"nul", b'{"jsonrpc": "2.0", "id": 1,'])
            yield body, None
        elif kind == 1:
            yield json.dumps(rng.choice([[1, 2], 5, "str", None, [], True])).encode(), None
        elif kind == 2:  # not JSON-RPC 2.0, but with an id and a method
            msg = {"id": mid, "method": "memory/list"}
            if rng.random() < 0.5:
                msg["jsonrpc"] = rng.choice(["1.0", 2, None])
            yield json.dumps(msg).encode(), mid
        elif kind == 3:  # a method name that is not a string
            yield (
                json.dumps(
                    {"jsonrpc": "2.0", "id": mid, "method": rng.choice([5, [], {}, None])}
                ).encode(),
                mid,
            )
        elif kind == 4:  # ids that are not ids
            yield (
                json.dumps(
                    {
                        "jsonrpc": "2.0",
                        "id": rng.choice([1.5, [], {}, True]),
                        "method": "memory/status",
                    }
                ).encode(),
                None,
            )
        elif kind == 5:  # unknown methods
            name = rng.choice(["memory/nope", "textDocument/hover", "", "$/x", "memory/"])
            yield (
                json.dumps(
                    {"jsonrpc": "2.0", "id": mid, "method": name, "params": random_value(rng)}
                ).encode(),
                mid,
            )
        elif kind == 6:  # notifications with junk
            method = rng.choice(
                [
                    "memory/compacted",
                    "$/cancelRequest",
                    "workspace/didChangeConfiguration",
                    "memory/nope",
                    "$/setTrace",
                ]
            )
            yield (
                json.dumps(
                    {"jsonrpc": "2.0", "method": method, "params": random_value(rng)}
                ).encode(),
                None,
            )
        elif kind == 7:  # responses nobody asked for
            yield (
                json.dumps({"jsonrpc": "2.0", "id": mid, "result": random_value(rng)}).encode(),
                None,
            )
        else:  # custom methods with mutated params
            method = rng.choice(CUSTOM)
            msg = {
                "jsonrpc": "2.0",
                "id": mid,
                "method": method,
                "params": mutated_params(rng, method),
            }
            yield json.dumps(msg).encode(), mid


@pytest.mark.slow
def test_fuzz_a_thousand_malformed_messages(tmp_path):
    client = start(tmp_path, env={"MEMLSP_SERVER_MAX_QUEUED_JOBS": "4"}, options={"rollout": "on"})
    rng = random.Random(20260601)
    expected: list = []
    sent = 0
    try:
        batch: list = []
        for body, mid in fuzz_messages(rng, 1200):
            if mid is not None:
                client._responses[mid] = __import__("queue").Queue()
                expected.append(mid)
                batch.append(mid)
            client.send_bytes(body)
            sent += 1
            if len(batch) >= 50:
                for m in batch:
                    client.wait(m, timeout=5.0)  # raises on a hang
                batch = []
        for m in batch:
            client.wait(m, timeout=5.0)
        time.sleep(0.3)  # let any duplicate answer arrive
        assert client.alive(), "".join(client.stderr_lines[-40:])
        assert sent >= 1000 and len(expected) > 400
        assert all(client.answered.get(m) == 1 for m in expected), "each request answered once"
        ok = client.request("memory/list", {"scope": "global"})
        assert "result" in ok
        assert not any("Traceback" in line for line in client.stderr_lines if "internal" in line)
    finally:
        client.close()


def test_request_before_initialize_and_after_shutdown(tmp_path):
    client = start(tmp_path, init=False)
    try:
        early = client.request("memory/status", timeout=30.0)  # start-up on a busy machine
        assert early["error"]["code"] == -32002
        assert early["error"]["data"]["reason"] == "not-initialized"
        client.initialize(str(client.ws))
        assert "result" in client.request("memory/status")
        assert client.request("shutdown").get("result", "missing") is None
        late = client.request("memory/list", {})
        assert late["error"]["code"] == -32600
        assert late["error"]["data"]["reason"] == "shutting-down"
        client.notify("exit")
        assert client.proc.wait(timeout=5) == 0
    finally:
        client.close()


def test_cancellation_answers_every_request_exactly_once(tmp_path):
    client = start(
        tmp_path,
        capabilities={"experimental": {"memlsp": {"complete": True}}},
        options={"model": {"provider": "editor", "timeoutSeconds": 10}},
    )

    def slow_model(params):
        time.sleep(1.5)
        return {"text": "OK"}

    client.handlers["memory/complete"] = slow_model
    try:
        slow = client.start_request("workspace/executeCommand", {"command": "memlsp.modelStatus"})
        time.sleep(0.3)
        client.notify("$/cancelRequest", {"id": slow})
        answer = client.wait(slow, timeout=5)
        assert answer["error"]["code"] == -32800

        ids = [client.start_request("memory/list", {}) for _ in range(40)]
        for mid in ids:
            client.notify("$/cancelRequest", {"id": mid})
        client.notify("$/cancelRequest", {"id": 987654})  # unknown id: ignored
        for mid in ids:
            msg = client.wait(mid, timeout=5)
            assert "result" in msg or msg["error"]["code"] == -32800
        time.sleep(2.0)  # the slow model answers now: no second response may follow
        assert client.answered[slow] == 1
        assert all(client.answered[m] == 1 for m in ids)
        assert client.alive()
    finally:
        client.close()


@pytest.mark.slow
def test_a_flood_is_bounded(tmp_path):
    client = start(
        tmp_path,
        env={"MEMLSP_SERVER_MAX_IN_FLIGHT_REQUESTS": "4", "MEMLSP_SERVER_MAX_QUEUED_JOBS": "3"},
    )
    try:
        client.request("memory/remember", {"text": "Flood test note", "scope": "global"})
        base = rss_kb(client.proc.pid)
        for _round in range(3):
            ids = [client.start_request("memory/list", {}) for _ in range(400)]
            answers = [client.wait(i, timeout=10) for i in ids]
            busy = [a for a in answers if "error" in a]
            assert all(a["error"]["data"]["reason"] == "busy" for a in busy)
            assert len(busy) < len(answers)
        # Enough notes that the first reindex (a cold parse) holds the writer lock for a while.
        for i in range(60):
            folder = tmp_path / "home" / "projects" / "example.com" / "bulk" / f"r{i}"
            (folder / ".memlsp").mkdir(parents=True)
            for j in range(50):
                (folder / f"n{j}.md").write_text(
                    f"---\nname: n{j}\ndescription: note {j} of repo {i}\ntype: project\n---\nbody {j}\n"
                )
        jobs = [client.start_request("memory/reindex", {}) for _ in range(30)]
        answers = [client.wait(i, timeout=10) for i in jobs]
        accepted = [a for a in answers if "result" in a]
        refused = [a for a in answers if "error" in a]
        assert 1 <= len(accepted) <= 30 and refused, "beyond 3 queued jobs: busy"
        assert all(a["error"]["data"]["reason"] == "busy" for a in refused)
        time.sleep(1.0)
        status = client.request("memory/status")["result"]
        assert len(status["jobs"]) <= 3 + 50
        grown_mb = (rss_kb(client.proc.pid) - base) / 1024
        assert grown_mb < 60, f"server grew by {grown_mb:.0f} MB over 1,200 requests"
    finally:
        client.close()
