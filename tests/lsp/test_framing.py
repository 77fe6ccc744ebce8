"""The stdio framing (memlsp.lsp.framing, issue 14 acceptance 6): malformed frames and
bodies from a seeded generator, one server process, raw stdio. After each: the server is
alive, said something (an error with ``"id": null`` or its answer), and answers a valid
request within 5 s (a hang bound, not a timer)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from memlsp.lsp.framing import FrameError, FrameReader, read_frames

from bench.fixtures.rawclient import RawClient

from .conftest import make_repo

HANG = 5.0


def start(tmp_path: Path, env: dict | None = None) -> RawClient:
    ws = make_repo(tmp_path / "ws")
    client = RawClient({"MEMLSP_HOME": str(tmp_path / "home"), **(env or {})}, cwd=str(ws))
    client.initialize(str(ws))
    return client


def raw(client: RawClient, data: bytes) -> None:
    with client._lock:
        client.proc.stdin.write(data)
        client.proc.stdin.flush()


def frame(body: bytes, length: int | None = None) -> bytes:
    n = len(body) if length is None else length
    return f"Content-Length: {n}\r\n\r\n".encode() + body


def deep(rng: random.Random) -> bytes:
    n = rng.choice([1000, 5000, 100_000])
    opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
    return opener * n + b"1" + closer * rng.choice([0, n])


def malformed(rng: random.Random, count: int):
    """(kind, bytes to write) — frames whose header or body is wrong, in many ways."""
    ok = json.dumps({"jsonrpc": "2.0", "method": "memory/status", "id": "x"}).encode()
    surrogate = '{"jsonrpc":"2.0","id":%d,"method":"memory/remember","params":{"text":"a\\%s"}}'
    makers = [
        (
            "huge-length",
            lambda: (
                f"Content-Length: {rng.choice([10**12, 10**18, 2**40])}\r\n\r\n".encode() + b"{}"
            ),
        ),
        ("over-limit", lambda: frame(b" " * 2_100_000 + b"{}")),
        (
            "bad-length",
            lambda: rng.choice(
                [
                    b"Content-Length: abc\r\n\r\n",
                    b"Content-Length: -5\r\n\r\n",
                    b"Content-Length: 1e3\r\n\r\n",
                    b"Content-Length:\r\n\r\n",
                ]
            ),
        ),
        ("no-length", lambda: b"Content-Type: application/json\r\n\r\n" + ok),
        (
            "junk-line",
            lambda: (
                bytes(rng.randrange(1, 255) for _ in range(rng.randrange(1, 300))).replace(
                    b"\n", b""
                )
                + b"\r\n\r\n"
            ),
        ),
        ("long-header", lambda: b"X-Junk: " + b"z" * rng.choice([9000, 70000]) + b"\r\n\r\n"),
        ("short-claim", lambda: frame(ok, len(ok) + rng.randrange(1, 400))),
        ("long-claim", lambda: frame(ok + b"}" * rng.randrange(1, 30), len(ok))),
        ("not-utf8", lambda: frame(b'{"jsonrpc":"2.0","id":1,"method":"\xff\xfe"}')),
        (
            "not-json",
            lambda: frame(rng.choice([b"{", b"{]", b"{'a':1}", b'{"a":}', b"nul", b"\x00\x01"])),
        ),
        ("batch", lambda: frame(json.dumps([json.loads(ok)] * rng.randrange(0, 4)).encode())),
        ("scalar", lambda: frame(rng.choice([b"42", b"null", b'"s"', b"true", b"-1.5e9"]))),
        ("deep", lambda: frame(deep(rng))),
        (
            "surrogate",
            lambda: frame(
                (
                    surrogate
                    % (rng.randrange(10**6, 10**7), rng.choice(["ud800", "udfff", "udbff x"]))
                ).encode()
            ),
        ),
        ("object-no-rpc", lambda: frame(json.dumps({"hello": rng.randrange(100)}).encode())),
        ("empty-body", lambda: frame(b"")),
        ("lowercase-header", lambda: b"content-length: 2\r\n\r\n{}"),
    ]
    for i in range(count):
        kind, make = makers[i % len(makers)] if i < len(makers) else rng.choice(makers)
        yield kind, make()


def test_two_hundred_malformed_frames_then_a_valid_request_each_time(tmp_path):
    client = start(tmp_path, env={"MEMLSP_SERVER_MAX_MESSAGE_BYTES": str(2 * 1024 * 1024)})
    rng = random.Random(14_0602)
    kinds: dict[str, int] = {}
    try:
        for kind, data in malformed(rng, 220):
            kinds[kind] = kinds.get(kind, 0) + 1
            before = len(client.unmatched)
            raw(client, data)
            reply = client.request("memory/status", {}, timeout=HANG)  # raises on a hang
            assert "result" in reply, (kind, reply)
            assert client.alive(), (kind, "".join(client.stderr_lines[-20:]))
            if kind in ("huge-length", "over-limit", "bad-length", "batch", "scalar", "not-json"):
                said = client.unmatched[before:]
                assert said and all(m.get("id") is None and "error" in m for m in said), kind
            if kind in ("huge-length", "over-limit"):
                assert client.unmatched[-1]["error"]["data"]["reason"] == "message-too-large"
        assert sum(kinds.values()) >= 200 and len(kinds) == 17
        assert not any("Traceback" in line for line in client.stderr_lines)
    finally:
        client.close()


def test_lone_surrogates_are_invalid_params_and_exit_without_shutdown_is_1(tmp_path):
    client = start(tmp_path)
    body = '{"jsonrpc":"2.0","id":9,"method":"memory/remember","params":{"text":"x\\ud800"}}'
    client._responses[9] = __import__("queue").Queue()
    raw(client, frame(body.encode()))
    error = client.wait(9, timeout=HANG)["error"]
    assert error["code"] == -32602 and error["data"]["reason"] == "invalid-params"
    assert not (tmp_path / "home").exists() or not list((tmp_path / "home").rglob("*.md"))
    client.notify("exit")
    assert client.proc.wait(HANG) == 1


def test_shutdown_then_exit_is_0(tmp_path):
    client = start(tmp_path)
    assert "result" in client.request("shutdown", timeout=HANG)
    client.notify("exit")
    assert client.proc.wait(HANG) == 0


def test_the_reader_resynchronises_at_the_next_header(tmp_path):
    """The framing alone (no server): a frame cut short by the next one and junk between
    frames are reported, and the next frame still arrives whole."""
    good = b'{"jsonrpc":"2.0","method":"m"}'
    stream = tmp_path / "stream"
    stream.write_bytes(
        frame(b'{"jsonrpc"', 150) + frame(good) + b"}}junk" + frame(good) + frame(b"x" * 300, 300)
    )
    out: list = []
    with stream.open("rb") as f:
        read_frames(FrameReader(f), 200, out.append)
    kinds = [o if isinstance(o, bytes | None) else o.reason for o in out]
    assert kinds == ["framing-error", good, "framing-error", good, "message-too-large", None]
    assert all(isinstance(o, FrameError) for o in out if not isinstance(o, bytes | None))
