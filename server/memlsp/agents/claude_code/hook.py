"""``memlsp hook``: the command Claude Code runs on its hook events (stdin JSON → stdout JSON).

This module is the light client, deliberately stdlib-only so a hook costs a Python start-up
and no more: the memory work happens elsewhere.

- ``UserPromptSubmit``, ``SessionStart``, ``PreCompact`` are answered by the warm hook
  daemon (:mod:`.daemon`, one per user and memory settings, over a Unix socket in a private
  folder); when none is running one is started for the next prompt and this one is answered
  in-process (:mod:`.events`), slower but the same answer.
- ``Stop`` (extraction over the turn just finished) and ``SessionEnd`` (autosave and, when
  due, the dream) start a detached worker process and return at once, printing nothing (on
  ``Stop``, any output would make the conversation continue).

Never crashes the agent: bad input exits 0 with nothing on stdout and one line on stderr.
Must not import pygls, lsprotocol, the CLI or the memory core at module level.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import IO

MAX_INPUT_BYTES = 32 * 1024 * 1024
MAX_CONTEXT_CHARS = 10_000  # Claude Code's cap on additionalContext
DAEMON_EVENTS = ("UserPromptSubmit", "SessionStart", "PreCompact")
WORKER_EVENTS = ("Stop", "SessionEnd")
CONTEXT_EVENTS = ("UserPromptSubmit", "SessionStart")
ASK_TIMEOUT_S = 20.0
SESSION_ID = re.compile(r"\A[A-Za-z0-9._-]{1,128}\Z")


class BadInput(ValueError):
    pass


HELP = (
    "Claude Code runs `memlsp hook` with a hook event (JSON) on stdin and reads its answer on "
    "stdout; set it up with `memlsp install claude-code --rollout on` (docs/howto/claude-code.md)"
)


def main(argv: list[str], stdin: IO[bytes] | None = None, stdout: IO[str] | None = None) -> int:
    """``memlsp hook [--worker | --daemon [--warm DIR]]``; always exit 0 for the agent."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    if {"-h", "--help"} & set(argv) or (not argv and stdin.isatty()):
        # a person trying it, not Claude Code: the event would be awaited from the terminal
        log(HELP)
        return 0
    try:
        if argv[:1] == ["--daemon"]:
            from .daemon import serve

            warm = argv[2] if argv[1:2] == ["--warm"] and len(argv) > 2 else None
            return serve(socket_path(), warm=warm)
        payload = read_payload(stdin)
        if argv[:1] == ["--worker"]:
            from .events import work

            work(payload)
            return 0
        if argv:
            raise BadInput(f"unknown arguments {' '.join(argv)!r}")
        return answer(payload, stdout)
    except BadInput as exc:
        log(f"ignored hook input: {exc}")
    except Exception as exc:  # noqa: BLE001 - a hook must never break the agent's session
        log(f"hook failed: {type(exc).__name__}: {exc}")
    return 0


def answer(payload: dict, stdout: IO[str]) -> int:
    event = payload["hook_event_name"]
    if event in WORKER_EVENTS:
        spawn(["--worker"], payload)
        return 0
    if event not in DAEMON_EVENTS:
        log(f"ignored hook event {event!r}")
        return 0
    reply = ask_daemon(payload)
    if reply is None:
        from .events import open_service, respond

        service = None
        try:
            service = open_service()
            reply = respond(service, payload)
        finally:
            # started after this answer, so the two never build one recall index at once;
            # not at all while per-turn recall is off (the rollout level): it would idle for
            # nothing, holding its models in memory for half an hour after every prompt
            if service is None or service.automatic_recall_runs():
                spawn(["--daemon", "--warm", payload["cwd"]], None)
    context = reply.get("context") if isinstance(reply, dict) else None
    if event in CONTEXT_EVENTS and isinstance(context, str) and context:
        out = {"hookSpecificOutput": {"hookEventName": event, "additionalContext": context}}
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        stdout.flush()
    return 0


def read_payload(stdin: IO[bytes]) -> dict:
    data = stdin.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise BadInput("input larger than 32 MB")
    try:
        payload = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadInput(f"not a JSON object ({exc})") from None
    if not isinstance(payload, dict):
        raise BadInput("not a JSON object")
    event = payload.get("hook_event_name")
    if not isinstance(event, str) or not event:
        raise BadInput("no hook_event_name")
    if event not in DAEMON_EVENTS + WORKER_EVENTS:
        return payload  # ignored by answer()
    session = payload.get("session_id")
    if not isinstance(session, str) or not SESSION_ID.match(session):
        raise BadInput("session_id missing or not a plain id")
    cwd = payload.get("cwd")
    if not isinstance(cwd, str) or not os.path.isabs(cwd) or not os.path.isdir(cwd):
        raise BadInput("cwd missing or not an existing absolute folder")
    if event == "UserPromptSubmit" and not isinstance(payload.get("prompt"), str):
        raise BadInput("UserPromptSubmit without a prompt")
    return payload


def log(line: str) -> None:
    try:
        print(f"memlsp hook: {line}", file=sys.stderr)
    except (OSError, ValueError):
        pass


# ---- the daemon's address: private to the user, one per memory settings --------------------
def runtime_dir() -> Path | None:
    """A folder only this user can use (0700, owned by us), or None: then no daemon."""
    base = os.environ.get("XDG_RUNTIME_DIR") or os.environ.get("TMPDIR") or "/tmp"
    folder = Path(base) / f"memlsp-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        st = folder.lstat()
    except OSError:
        return None
    if not folder.is_dir() or folder.is_symlink() or st.st_uid != os.getuid():
        return None
    if st.st_mode & 0o077:
        return None
    return folder


def settings_key() -> str:
    """What decides the daemon's answers: the memlsp code, the interpreter and every
    setting that comes from the environment."""
    here = str(Path(__file__).resolve().parents[2])
    env = sorted(
        (k, v)
        for k, v in os.environ.items()
        if k.startswith("MEMLSP_") or k in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")
    )
    raw = json.dumps([here, sys.executable, env])
    return hashlib.sha256(raw.encode()).hexdigest()[:20]


def socket_path() -> Path | None:
    folder = runtime_dir()
    return folder / f"hookd-{settings_key()}.sock" if folder else None


def ask_daemon(payload: dict, timeout: float = ASK_TIMEOUT_S) -> dict | None:
    """The daemon's reply, or None when no daemon answers (the caller answers in-process)."""
    path = socket_path()
    if path is None or not path.exists():
        return None
    import socket

    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout)
            sock.connect(str(path))
            sock.sendall(json.dumps(payload).encode("utf-8") + b"\n")
            sock.shutdown(socket.SHUT_WR)
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        reply = json.loads(b"".join(chunks).decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return reply if isinstance(reply, dict) and reply.get("ok") else None


def spawn(args: list[str], payload: dict | None) -> None:
    """Start ``memlsp hook ARGS`` detached (own session, no inherited pipes: Claude Code
    waits for the hook's output to close) with ``payload`` on its stdin."""
    folder = runtime_dir()
    err = open(folder / "hooks.log", "ab") if folder else subprocess.DEVNULL  # noqa: SIM115
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "memlsp", "hook", *args],
            stdin=subprocess.PIPE if payload is not None else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            start_new_session=True,
            close_fds=True,
        )
    finally:
        if err is not subprocess.DEVNULL:
            err.close()
    if payload is not None and proc.stdin is not None:
        try:
            proc.stdin.write(json.dumps(payload).encode("utf-8"))
            proc.stdin.close()
        except OSError:
            pass
    proc.returncode = 0  # never waited for: it outlives this hook on purpose
