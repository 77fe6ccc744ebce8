"""The one place in the core that runs git: the ``git`` command line, never a library.

Every call names the folder it runs in (``git -C <folder>``), passes its arguments as a
list (no shell), has a timeout, never prompts (``GIT_TERMINAL_PROMPT=0``: a background job
must not wait on a credential question nobody sees) and ignores the variables with which
a calling git hook would point git at another repository (``GIT_DIR`` and friends).

:func:`run` raises :class:`GitError` (``reason`` ``git-missing`` or ``git-failed``) with a
message for a person; :func:`output` returns None instead, for callers to whom "git does
not know" is an ordinary answer (a folder outside git, no history). Neither lets a
traceback of the subprocess machinery escape.

Users: identity (SPEC R2), citations' workspace file set and history (R29, R36).
Pure: the standard library and the ``git`` executable; never imports pygls, lsprotocol
or the CLI.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterable
from pathlib import Path

from .errors import MemlspError

DEFAULT_TIMEOUT = 60.0
# Variables that would make ``git -C <folder>`` read another repository than <folder>'s.
_REPOSITORY_VARS = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_COMMON_DIR",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
)


class GitError(MemlspError):
    """git could not answer: ``git-missing`` (no executable) or ``git-failed`` (it
    exited with an error, or did not finish in time)."""

    reason = "git-failed"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _REPOSITORY_VARS}
    env["GIT_TERMINAL_PROMPT"] = "0"
    return env


def run(
    folder: Path | str,
    *args: str,
    input: bytes | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    ok_codes: Iterable[int] = (0,),
    any_owner: bool = False,
) -> bytes:
    """``git -C folder *args`` and its stdout; raises :class:`GitError` unless it exits
    with one of ``ok_codes``.

    ``any_owner`` lifts git's refusal to read a repository another user owns
    (``safe.directory``). Only for commands that read configuration and paths and run no
    configured program (``rev-parse``, ``config --get``): that refusal exists to stop a
    foreign repository's hooks and helpers from running.
    """
    cmd = ["git"]
    if any_owner:
        cmd += ["-c", "safe.directory=*"]
    cmd += ["-C", str(folder), *args]
    what = " ".join(["git", *args[:2]])
    try:
        done = subprocess.run(cmd, input=input, capture_output=True, timeout=timeout, env=_env())
    except FileNotFoundError as exc:
        raise GitError(
            "git is not installed or not on PATH; install git to use this feature",
            reason="git-missing",
        ) from exc
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"`{what}` in {folder} did not finish within {timeout:g} s") from exc
    except OSError as exc:
        raise GitError(f"could not run `{what}` in {folder}: {exc}") from exc
    if done.returncode not in tuple(ok_codes):
        detail = done.stderr.decode("utf-8", "replace").strip().splitlines()
        # git's first "fatal:"/"error:" line says what went wrong; its last line is often
        # the tail of a hint ("and the repository exists.")
        said = [line for line in detail if line.startswith(("fatal:", "error:"))]
        reason = f": {(said or detail)[0 if said else -1]}" if detail else ""
        raise GitError(f"`{what}` in {folder} failed (exit {done.returncode}){reason}")
    return done.stdout


def output(
    folder: Path | str,
    *args: str,
    input: bytes | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    ok_codes: Iterable[int] = (0,),
    any_owner: bool = False,
) -> bytes | None:
    """Like :func:`run`, but None when git is missing or fails."""
    try:
        return run(
            folder, *args, input=input, timeout=timeout, ok_codes=ok_codes, any_owner=any_owner
        )
    except GitError:
        return None


def decode(data: bytes) -> str:
    """git's bytes as text: paths that are not UTF-8 survive the round trip."""
    return data.decode("utf-8", "surrogateescape")


def toplevel(folder: Path | str) -> Path | None:
    """The root of the work tree holding ``folder``, or None outside git."""
    out = output(folder, "rev-parse", "--show-toplevel", timeout=10)
    text = decode(out).strip() if out else ""
    return Path(text) if text else None


__all__ = ["DEFAULT_TIMEOUT", "GitError", "decode", "output", "run", "toplevel"]
