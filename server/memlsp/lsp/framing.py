"""The stdio framing of ``memlsp serve``: pygls' reader loop (``pygls.io_.run_async``),
replaced so that no byte sequence can kill the server or leave it silent.

Stock pygls reads ``Content-Length`` bytes whatever the length (a claimed terabyte is a
MemoryError), drops a message it cannot parse without answering, and after some framing
errors keeps a stale length and never answers again. Here:

* a header line is read with a bounded length; a message longer than
  ``server.maxMessageBytes`` (default 16 MB) is answered ``message-too-large`` and its
  bytes are discarded as they arrive, never held;
* a framing error (no or a bad ``Content-Length``, junk between messages, a body cut short
  by the next header) is answered with a JSON-RPC error whose ``id`` is null, and the stream
  is resynchronised at the next ``Content-Length:`` header. A JSON body can never hold a raw
  ``Content-Length: N`` line (raw CR/LF is not allowed inside a JSON string), so finding one
  inside a body is a sure sign the frame was cut short;
* a body that is not UTF-8 or not JSON (or nested too deeply to parse) gets ``ParseError``,
  a batch or a non-object body ``InvalidRequest``, both with ``"id": null``;
* a string with a lone surrogate (``"\\ud800"``) is answered ``InvalidParams``;
* ``exit`` without ``shutdown`` exits 1 (:attr:`Framing.exit_code`).

A daemon thread reads and frames; the event loop parses and dispatches. The queue between
them is bounded, so a flood is read no faster than it is handled.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import threading
from collections.abc import Callable
from typing import Any, BinaryIO

logger = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
DEFAULT_MAX_BYTES = 16 * 1024 * 1024
HEADER_LINE_MAX = 8192
CHUNK = 65536
QUEUE_SIZE = 16
# A header that starts the next frame; never valid inside a JSON body (raw CR/LF).
NEXT_FRAME = re.compile(rb"Content-Length:[ \t]*\d{1,20}\r?\n", re.IGNORECASE)
OVERLAP = 40  # bytes kept between chunks so a header split across two is still found
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class FrameReader:
    """Blocking, bounded reads of the client's stream with push-back (the reader thread).

    Reads the file descriptor with ``os.read`` (no buffered-reader lock: a daemon thread
    blocked in a buffered read aborts the interpreter at exit)."""

    def __init__(self, stream: BinaryIO | int) -> None:
        self.fd = stream if isinstance(stream, int) else stream.fileno()
        self.pending = b""

    def push_back(self, data: bytes) -> None:
        self.pending = data + self.pending

    def _fill(self) -> bool:
        data = os.read(self.fd, CHUNK)
        self.pending += data
        return bool(data)

    def _some(self, n: int) -> bytes:
        """Up to ``n`` bytes, at least one unless the stream ended (never waits for all n)."""
        if not self.pending and not self._fill():
            return b""
        out, self.pending = self.pending[:n], self.pending[n:]
        return out

    def readline(self, limit: int) -> bytes:
        """One line (with its newline) or, when longer than ``limit``, its first bytes."""
        while True:
            cut = self.pending.find(b"\n", 0, limit)
            if cut >= 0:
                out, self.pending = self.pending[: cut + 1], self.pending[cut + 1 :]
                return out
            if len(self.pending) >= limit or not self._fill():
                out, self.pending = self.pending[:limit], self.pending[limit:]
                return out


class FrameError:
    def __init__(self, reason: str, message: str, code: int = INVALID_REQUEST) -> None:
        self.reason, self.message, self.code = reason, message, code


def read_frames(reader: FrameReader, max_bytes: int | Callable[[], int], put) -> None:
    """Frame the stream: ``put(bytes)`` for each body, ``put(FrameError)`` for each framing
    error, ``put(None)`` at the end of the stream. ``max_bytes`` may be a function (the
    setting, read again for every message)."""
    limit = max_bytes if callable(max_bytes) else lambda: max_bytes
    while True:
        length, problem = _read_headers(reader)
        if length is None and problem is None:
            put(None)
            return
        if problem is not None:
            put(FrameError("framing-error", problem))
            if length is None:
                continue
        if length > (most := limit()):
            put(
                FrameError(
                    "message-too-large",
                    f"a message of {length} bytes is over the limit of {most} "
                    "(server.maxMessageBytes); it was discarded",
                )
            )
            _take(reader, length, keep=False)  # stops early at the next frame's header
            continue
        body = _take(reader, length, keep=True)
        if body is None:
            put(FrameError("framing-error", "a message ended before its Content-Length"))
            continue
        if len(body) < length:
            put(None)  # the stream ended inside a body
            return
        put(body)


def _read_headers(reader: FrameReader) -> tuple[int | None, str | None]:
    """(length, problem); (None, None) at the end of the stream."""
    length: int | None = None
    problem: str | None = None
    seen = False
    while True:
        line = reader.readline(HEADER_LINE_MAX)
        if not line:
            return (None, problem) if seen or problem else (None, None)
        found = next_frame(line)
        if found > 0:
            # junk before a header (the tail of a body longer than announced): resync
            reader.push_back(line[found:])
            problem = problem or "unexpected bytes between messages"
            seen = True
            continue
        if not line.endswith(b"\n"):
            problem = problem or "a header line that is too long"
            seen = True
            continue
        text = line.strip()
        if not text:
            if not seen:
                continue  # a stray blank line between messages
            if length is None:
                return None, problem or "a header block without Content-Length"
            return length, problem
        seen = True
        name, sep, value = text.partition(b":")
        if not sep:
            problem = problem or "a header line that is not 'Name: value'"
        elif name.strip().lower() == b"content-length":
            digits = value.strip()
            if digits.isdigit() and len(digits) <= 20:
                length = int(digits)
            else:
                problem = problem or f"an invalid Content-Length {digits[:40]!r}"


def next_frame(data: bytes) -> int:
    """Where the next frame's header starts in ``data``, or -1 (plain ``find`` for the
    usual spellings first: a case-insensitive regex over every chunk is slow)."""
    best = -1
    for marker in (b"Content-Length:", b"content-length:", b"CONTENT-LENGTH:"):
        at = data.find(marker)
        while at >= 0:
            if NEXT_FRAME.match(data, at):
                best = at if best < 0 else min(best, at)
                break
            at = data.find(marker, at + 1)
    return best


def _take(reader: FrameReader, length: int, *, keep: bool) -> bytes | None:
    """Read a body of ``length`` bytes (or discard it). None when the next frame's header
    shows up inside it (pushed back, so the stream is resynchronised there)."""
    parts: list[bytes] = []
    tail = b""
    left = length
    while left > 0:
        chunk = reader._some(min(left, CHUNK))
        if not chunk:
            break
        window = tail + chunk
        found = next_frame(window)
        if found >= 0:
            reader.push_back(window[found:])
            return None
        left -= len(chunk)
        if keep:
            parts.append(chunk)
        tail = window[-OVERLAP:]
    return b"".join(parts)


# ---- the event-loop side -------------------------------------------------------------------
def classify(body: bytes, structure) -> tuple[Any, FrameError | None, Any]:
    """(message, error, id to answer the error with) for one body."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None, FrameError("parse-error", "the message is not UTF-8", PARSE_ERROR), None
    if not text.lstrip().startswith("{"):
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return None, FrameError("parse-error", "the message is not JSON", PARSE_ERROR), None
        what = "a batch (not supported)" if isinstance(value, list) else "not a JSON object"
        return None, FrameError("invalid-request", f"the message is {what}"), None
    if SURROGATE_ESCAPE.search(body):
        try:
            plain = json.loads(text)
        except (ValueError, RecursionError):
            plain = None
        if isinstance(plain, dict) and _has_lone_surrogate(plain):
            msg_id = plain.get("id")
            error = FrameError(
                "invalid-params", "a string holds a lone UTF-16 surrogate", INVALID_PARAMS
            )
            return None, error, msg_id
    try:
        return json.loads(text, object_hook=structure), None, None
    except (ValueError, RecursionError, TypeError) as exc:
        return (
            None,
            FrameError("parse-error", f"the message is not JSON ({exc})"[:300], PARSE_ERROR),
            None,
        )


def _has_lone_surrogate(value: Any, depth: int = 0) -> bool:
    if depth > 200:
        return False
    if isinstance(value, str):
        return LONE_SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(
            _has_lone_surrogate(k, depth + 1) or _has_lone_surrogate(v, depth + 1)
            for k, v in value.items()
        )
    if isinstance(value, list):
        return any(_has_lone_surrogate(v, depth + 1) for v in value)
    return False


class Framing:
    """Runs the read loop for one protocol; ``exit_code`` is what the process returns."""

    def __init__(self, protocol, *, max_bytes: int | Callable[[], int] = DEFAULT_MAX_BYTES):
        self.protocol = protocol
        self.max_bytes = max_bytes
        self.exit_code = 0

    def answer(self, error: FrameError, msg_id: Any = None) -> None:
        self.protocol._answer_error(msg_id, error.reason, error.message, error.code)

    async def run(self, stop_event: threading.Event, stream: BinaryIO) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue(QUEUE_SIZE)

        def put(item) -> None:
            asyncio.run_coroutine_threadsafe(queue.put(item), loop).result()

        def reader() -> None:
            try:
                read_frames(FrameReader(stream), self.max_bytes, put)
            except Exception:  # noqa: BLE001 - a closed loop or stream: stop reading
                logger.debug("stdin reader stopped", exc_info=True)
                try:
                    put(None)
                except Exception:  # noqa: BLE001
                    pass

        threading.Thread(target=reader, name="memlsp-stdin", daemon=True).start()
        while not stop_event.is_set():
            item = await queue.get()
            if item is None:
                break
            try:
                self.dispatch(item)
            except SystemExit as exc:
                self.exit_code = exc.code if isinstance(exc.code, int) else 1
                break

    def dispatch(self, item: bytes | FrameError) -> None:
        if isinstance(item, FrameError):
            logger.warning("framing: %s", item.message)
            self.answer(item)
            return
        message, error, msg_id = classify(item, self.protocol.structure_message)
        if error is not None:
            logger.warning("framing: %s", error.message)
            self.answer(error, msg_id)
            return
        try:
            self.protocol.handle_message(message)
        except (SystemExit, KeyboardInterrupt):
            raise
        except Exception:  # noqa: BLE001 - a handler's bug must not end the read loop
            logger.exception("unable to handle a message")
