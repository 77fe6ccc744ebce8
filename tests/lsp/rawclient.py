"""A small JSON-RPC-over-stdio client that can also send broken messages.

pytest-lsp drives the server like an editor does; this client exists for what an editor
never does on purpose: malformed frames and params, floods, requests after shutdown. The
benchmark reuses it. Server->client requests are answered by ``handlers`` (method ->
function(params) -> result), ``None`` result when no handler is set.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

SERVE = [sys.executable, "-m", "memlsp.cli.main", "serve"]


class RawClient:
    def __init__(self, env: dict[str, str], cwd: str | None = None, args: list[str] | None = None):
        full_env = {**os.environ, **env}
        self.proc = subprocess.Popen(
            [*SERVE, *(args or [])],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=full_env,
            cwd=cwd,
        )
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._responses: dict[Any, queue.Queue] = {}
        self.unmatched: list[dict] = []  # responses nobody waited for (id null, duplicates)
        self.answered: dict[Any, int] = {}  # id -> number of responses received
        self.notifications: list[dict] = []
        self.server_requests: list[dict] = []
        self.handlers: dict[str, Callable[[Any], Any]] = {}
        self.stderr_lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    # ---- transport -----------------------------------------------------------------------
    def send_bytes(self, body: bytes) -> None:
        header = f"Content-Length: {len(body)}\r\n\r\n".encode()
        with self._lock:
            self.proc.stdin.write(header + body)
            self.proc.stdin.flush()

    def send(self, message: dict) -> None:
        self.send_bytes(json.dumps(message).encode())

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            msg = json.loads(out.read(length))
            self._dispatch(msg)

    def _dispatch(self, msg: dict) -> None:
        if "method" in msg and "id" in msg:
            self.server_requests.append(msg)
            handler = self.handlers.get(msg["method"])
            threading.Thread(target=self._answer, args=(msg, handler), daemon=True).start()
        elif "method" in msg:
            self.notifications.append(msg)
        else:
            key = msg.get("id")
            self.answered[key] = self.answered.get(key, 0) + 1
            q = self._responses.get(key)
            if q is None:
                self.unmatched.append(msg)
            else:
                q.put(msg)

    def _answer(self, msg: dict, handler) -> None:
        try:
            result = handler(msg.get("params")) if handler else None
            reply = {"jsonrpc": "2.0", "id": msg["id"], "result": result}
        except Exception as exc:  # a handler may raise to answer with an error
            code = getattr(exc, "code", -32603)
            reply = {
                "jsonrpc": "2.0",
                "id": msg["id"],
                "error": {"code": code, "message": str(exc)},
            }
        try:
            self.send(reply)
        except (BrokenPipeError, ValueError):
            pass

    def _drain_stderr(self) -> None:
        for line in self.proc.stderr:
            self.stderr_lines.append(line.decode(errors="replace"))
            if len(self.stderr_lines) > 2000:
                del self.stderr_lines[:1000]

    # ---- requests ----------------------------------------------------------------------------
    def next_id(self) -> int:
        return next(self._ids)

    def start_request(self, method: str, params: Any = None, *, msg_id: Any = None) -> Any:
        msg_id = self.next_id() if msg_id is None else msg_id
        self._responses[msg_id] = queue.Queue()
        msg = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return msg_id

    def wait(self, msg_id: Any, timeout: float = 5.0) -> dict:
        try:
            return self._responses[msg_id].get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no answer to request {msg_id!r} within {timeout} s") from None
        finally:
            self._responses.pop(msg_id, None)

    def request(self, method: str, params: Any = None, timeout: float = 5.0) -> dict:
        return self.wait(self.start_request(method, params), timeout)

    def notify(self, method: str, params: Any = None) -> None:
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def initialize(
        self, root: str, capabilities: dict | None = None, options: dict | None = None
    ) -> dict:
        res = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": f"file://{root}",
                "capabilities": capabilities or {},
                "initializationOptions": options or {},
                "workspaceFolders": [{"uri": f"file://{root}", "name": "ws"}],
            },
            timeout=15,
        )
        self.notify("initialized", {})
        return res

    def wait_notification(self, method: str, pred=lambda p: True, timeout: float = 5.0) -> dict:
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            for msg in self.notifications[seen:]:
                if msg["method"] == method and pred(msg.get("params")):
                    return msg
            seen = max(0, len(self.notifications) - 1) if False else 0
            time.sleep(0.01)
        raise TimeoutError(f"no {method} notification within {timeout} s")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        if self.alive():
            try:
                self.request("shutdown", timeout=5)
                self.notify("exit")
                self.proc.wait(timeout=5)
            except Exception:
                self.proc.kill()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except Exception:
                pass
        if self.alive():
            self.proc.kill()
