"""A synced scope's private bookkeeping and who is syncing (ADR 0005).

``<scope>/.memlsp/sync/state.json`` holds the remote's URL and branch, the last result
and the entries this home quarantined (so they are neither loaded nor deleted from the
branch — another member's copy is theirs to fix). :class:`Who` is the provenance a sync
stamps on the notes it exports: the person (git's ``user.name``/``user.email`` of the
project, else the login name), the machine and the project's commit.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import getpass
import json
import os
import re
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import git
from ..errors import InvalidRequestError
from ..fsutil import atomic_write
from ..store import Scope

SYNC_DIR = "sync"
STATE_NAME = "state.json"
LOCK_NAME = "lock"
DEFAULT_BRANCH = "memlsp/memory"
_BRANCH = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$")


def sync_dir(scope: Scope) -> Path:
    return scope.state_dir / SYNC_DIR


def check_branch(branch: str) -> str:
    """A branch name git accepts and no option or path trick hides in."""
    ok = (
        isinstance(branch, str)
        and _BRANCH.match(branch) is not None
        and ".." not in branch
        and "//" not in branch
        and not branch.endswith((".lock", "/", "."))
    )
    if not ok:
        raise InvalidRequestError(f"{branch!r} is not a usable branch name", reason="bad-branch")
    return branch


def check_remote(remote: str) -> str:
    """A remote URL or path; never an option (``--upload-pack=…``) or an ``ext::`` command."""
    text = remote.strip() if isinstance(remote, str) else ""
    if not text or text.startswith("-") or "\x00" in text or "\n" in text:
        raise InvalidRequestError("the remote must be a git URL or path", reason="bad-remote")
    if text.split("::", 1)[0] in ("ext", "fd") and "::" in text:
        raise InvalidRequestError("command transports are not allowed", reason="bad-remote")
    return text


def is_local_path(remote: str) -> bool:
    """Whether git reads ``remote`` as a local path: no ``scheme://`` and no colon before
    the first slash (``user@host:repo`` is ssh)."""
    colon, slash = remote.find(":"), remote.find("/")
    return "://" not in remote and not (colon >= 0 and (slash < 0 or colon < slash))


def local_remote(remote: str, base: Path | None) -> str:
    """``remote`` as it is stored: a local path made absolute — ``~`` expanded, a relative
    path taken from ``base`` (the folder the person ran ``sync init`` in), since git would
    otherwise resolve it from the private repository it runs in; URLs as typed. Without a
    ``base`` (a caller that knows no folder it was typed in) a relative path is refused
    (ADR 0007). A local path whose parent folder does not exist is refused: a typo that
    would otherwise be accepted and fail only at the first sync. The path itself may still
    be missing (made later with ``git init --bare PATH``): the first sync names git's
    reason."""
    if not is_local_path(remote):
        return remote
    typed = os.path.expanduser(remote)
    if base is None and not os.path.isabs(typed):
        raise InvalidRequestError(
            f"{remote}: a relative path names no folder here: give the remote's absolute path",
            reason="bad-remote",
        )
    path = Path(os.path.normpath(Path(base or "/") / typed))
    if not path.parent.is_dir():
        raise InvalidRequestError(
            f"{remote}: its folder {path.parent} does not exist (a local remote is the path "
            "of a git repository, e.g. one made with `git init --bare PATH`)",
            reason="remote-not-found",
        )
    return str(path)


@dataclass
class SyncState:
    remote: str = ""
    branch: str = DEFAULT_BRANCH
    last_sync: str | None = None
    last_commit: str | None = None
    last_result: dict[str, Any] = field(default_factory=dict)
    quarantine: dict[str, str] = field(default_factory=dict)  # branch path -> blob oid
    held: list[str] = field(default_factory=list)  # local notes not exported (and why)

    @property
    def configured(self) -> bool:
        return bool(self.remote)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": 1,
            "remote": self.remote,
            "branch": self.branch,
            "lastSync": self.last_sync,
            "lastCommit": self.last_commit,
            "lastResult": self.last_result,
            "quarantine": self.quarantine,
            "held": self.held,
        }


def load_state(scope: Scope) -> SyncState:
    try:
        raw = json.loads((sync_dir(scope) / STATE_NAME).read_text("utf-8"))
    except (OSError, ValueError):
        return SyncState()
    if not isinstance(raw, dict):
        return SyncState()
    quarantine = raw.get("quarantine")
    return SyncState(
        remote=str(raw.get("remote") or ""),
        branch=str(raw.get("branch") or DEFAULT_BRANCH),
        last_sync=raw.get("lastSync") if isinstance(raw.get("lastSync"), str) else None,
        last_commit=raw.get("lastCommit") if isinstance(raw.get("lastCommit"), str) else None,
        last_result=raw.get("lastResult") if isinstance(raw.get("lastResult"), dict) else {},
        quarantine={str(k): str(v) for k, v in quarantine.items()}
        if isinstance(quarantine, dict)
        else {},
        held=[str(x) for x in raw.get("held") or [] if isinstance(x, str)],
    )


def save_state(scope: Scope, state: SyncState, *, durable: bool = False) -> None:
    """Written atomically; flushed only when ``durable`` (``sync init``): after a sync it
    is bookkeeping that may be lost in a power cut (the local ref in ``repo.git`` is what
    the next sync starts from, and a quarantine is found again)."""
    text = json.dumps(state.to_json(), indent=2) + "\n"
    atomic_write(sync_dir(scope) / STATE_NAME, text, mode=0o600, durable=durable)


@dataclass(frozen=True)
class Who:
    """Provenance of this machine's exports."""

    name: str
    email: str
    machine: str
    commit: str | None = None

    def stamp(self, at: str) -> dict[str, str]:
        out = {"by": self.name, "machine": self.machine, "at": at}
        if self.commit:
            out["commit"] = self.commit
        return out


def who_is_syncing(project_folder: Path | None = None) -> Who:
    def config(key: str) -> str | None:
        if project_folder is None:
            return None
        out = git.output(project_folder, "config", "--get", key, timeout=10)
        text = git.decode(out).strip() if out else ""
        return text or None

    try:
        login = getpass.getuser()
    except (KeyError, OSError):
        login = "unknown"
    machine = socket.gethostname() or "unknown"
    commit = None
    if project_folder is not None:
        out = git.output(project_folder, "rev-parse", "--short=12", "HEAD", timeout=10)
        commit = git.decode(out).strip() or None if out else None
    name = config("user.name") or login
    email = config("user.email") or f"{login}@{machine}"
    return Who(name[:80], email[:120], machine[:80], commit)


__all__ = [
    "DEFAULT_BRANCH",
    "SYNC_DIR",
    "SyncState",
    "Who",
    "check_branch",
    "is_local_path",
    "local_remote",
    "check_remote",
    "load_state",
    "save_state",
    "sync_dir",
    "who_is_syncing",
]


def last_sync_time(state: SyncState) -> float | None:
    """The last sync as a POSIX time, or None."""
    from ..notes import parse_time

    when = parse_time(state.last_sync)
    return when.timestamp() if when is not None else None
