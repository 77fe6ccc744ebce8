"""The hook daemon: one warm memory service answering the context hooks over a Unix socket.

A hook is a fresh process per event, and a cold recall (loading the embedders, syncing the
retrieval index) costs seconds; this process keeps them loaded so a prompt is answered in
milliseconds. It is started by the first hook that finds none, serves every folder (the
hook says which), keeps no state the files do not have (sessions and notes live in the
memory home, shared with every other process), and exits after :data:`IDLE_EXIT_S` without
a request. One per user and memory settings: a second one finds the lock held and exits.

Protocol: the hook input JSON, one object per connection; the reply is
``{"ok": true, "context": ...}`` or ``{"ok": false, "error": ...}``. The socket lives in a
folder only its user can enter; the lock file beside it holds the daemon's process id.
Must not import pygls, lsprotocol, the CLI or an adapter.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import socketserver
import sys
import threading
import time
from pathlib import Path

from ...core.service import import_for_threads, warm_recaller
from .events import open_service, respond

IDLE_EXIT_S = 30 * 60
MAX_REQUEST_BYTES = 4 * 1024 * 1024

log = logging.getLogger("memlsp.hookd")


class _Handler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        server: _Server = self.server  # type: ignore[assignment]
        server.touched = time.monotonic()
        try:
            raw = self.rfile.read(MAX_REQUEST_BYTES + 1)
            if len(raw) > MAX_REQUEST_BYTES:
                raise ValueError("request too large")
            payload = json.loads(raw.decode("utf-8"))
            if not isinstance(payload, dict):
                raise ValueError("not a JSON object")
            reply = respond(server.service, payload)
        except Exception as exc:  # noqa: BLE001 - one bad request never stops the daemon
            reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        self.wfile.write(json.dumps(reply, ensure_ascii=False).encode("utf-8"))
        server.touched = time.monotonic()


class _Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True

    def __init__(self, path: str, service) -> None:
        self.service = service
        self.touched = time.monotonic()
        super().__init__(path, _Handler)


def serve(path: Path | None, *, warm: str | None = None, idle_exit: float = IDLE_EXIT_S) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    if path is None:
        return 0
    lock = open(path.with_suffix(".lock"), "a")  # noqa: SIM115 - held for the process's life
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return 0  # another daemon serves these settings
    lock.truncate(0)
    lock.write(f"{os.getpid()}\n")  # who serves: for a person (or a test) stopping it
    lock.flush()
    service = open_service()
    import_for_threads()  # each connection is served on its own thread
    path.unlink(missing_ok=True)
    server = _Server(str(path), service)
    os.chmod(path, 0o600)
    if warm and Path(warm).is_dir() and service.automatic_recall_runs():
        threading.Thread(target=_warm, args=(service, warm), daemon=True).start()

    def watchdog() -> None:
        while time.monotonic() - server.touched < idle_exit:
            time.sleep(min(30.0, idle_exit / 4))
        server.shutdown()

    threading.Thread(target=watchdog, daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.5)
    finally:
        server.server_close()
        path.unlink(missing_ok=True)
    return 0


def _warm(service, folder: str) -> None:
    try:
        warm_recaller(service.recaller(folder))
    except Exception:  # noqa: BLE001 - warming is an optimisation; the request path recovers
        log.exception("warming recall for %s failed", folder)
