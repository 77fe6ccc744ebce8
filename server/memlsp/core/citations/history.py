"""What git knows about a cited path (SPEC R29, R36): when and in which commit it was deleted
or renamed, where it went (following chains of renames), and the last commit touching it.

One ``git log --diff-filter=DR --name-status -M`` over the history answers every "where did
it go" question; it is read lazily (only when a citation is missing) and cached until
``HEAD`` moves. Outside git every answer is None.

Pure: standard library, and git through :mod:`memlsp.core.git` only.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from .. import git

MAX_COMMITS = 50_000


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    date: dt.datetime
    author: str
    subject: str

    @property
    def short(self) -> str:
        return self.sha[:8]

    def describe(self) -> str:
        return f"{self.short} ({self.date.date().isoformat()}, {self.author}: {self.subject})"


@dataclass(frozen=True)
class PathEvent:
    """The latest thing that happened to ``path`` in history: ``kind`` is ``deleted`` or
    ``renamed``; ``new_path`` is where a rename chain ends (None when it ends deleted)."""

    path: str
    kind: str
    commit: CommitInfo
    new_path: str | None


class History:
    """Deletions and renames of a repository, cached per ``HEAD``."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self._head: str | None = None
        self._events: dict[str, PathEvent] | None = None
        self._by_name: dict[str, list[str]] = {}
        self._last: dict[str, CommitInfo | None] = {}

    def head(self) -> str | None:
        out = git.output(self.root, "rev-parse", "-q", "--verify", "HEAD", timeout=10)
        return out.decode().strip() if out else None

    def refresh(self) -> bool:
        """Drop the caches when HEAD moved; True when it did."""
        head = self.head()
        if head != self._head:
            self._head = head
            self._events = None
            self._last = {}
            return True
        return False

    def _load(self) -> dict[str, PathEvent]:
        if self._events is not None:
            return self._events
        if self._head is None:
            self._head = self.head()
        raw_events: dict[str, tuple[str, CommitInfo, str | None]] = {}
        out = (
            git.output(
                self.root,
                "log",
                f"--max-count={MAX_COMMITS}",
                "--diff-filter=DR",
                "--name-status",
                "-M",
                "-z",
                "--format=%x01%H%x1f%ct%x1f%an%x1f%s",
            )
            if self._head
            else None
        )
        for block in (out or b"").decode("utf-8", "surrogateescape").split("\x01")[1:]:
            header, _, rest = block.partition("\0")
            sha, ct, author, subject = (header.split("\x1f") + ["", "", "", ""])[:4]
            commit = CommitInfo(
                sha, dt.datetime.fromtimestamp(int(ct or 0), dt.UTC), author, subject
            )
            fields = [f for f in rest.lstrip("\n").split("\0")]
            i = 0
            while i < len(fields):
                status = fields[i].strip("\n")
                if status.startswith("R") and i + 2 < len(fields):
                    old, new = fields[i + 1], fields[i + 2]
                    raw_events.setdefault(old, ("renamed", commit, new))  # newest first
                    i += 3
                elif status.startswith("D") and i + 1 < len(fields):
                    raw_events.setdefault(fields[i + 1], ("deleted", commit, None))
                    i += 2
                else:
                    i += 1
        events: dict[str, PathEvent] = {}
        for path, (kind, commit, new) in raw_events.items():
            final = new
            seen = {path}
            # Follow a -> b -> c while each later rename is newer than the one before it.
            when = commit.date
            while final is not None and final in raw_events and final not in seen:
                seen.add(final)
                k2, c2, n2 = raw_events[final]
                if c2.date < when:
                    break
                when = c2.date
                final = n2
            if kind == "renamed" and final is None:
                kind = "deleted"
            events[path] = PathEvent(path, kind, commit, final)
        self._events = events
        self._by_name = {}
        for path in events:
            self._by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)
        return events

    def event(self, path: str) -> PathEvent | None:
        """The latest deletion or rename of ``path`` (workspace-relative), if git saw one."""
        return self._load().get(path)

    def events_named(self, name: str) -> list[PathEvent]:
        """Events of every path whose base name is ``name`` (for ``x.py`` cited bare)."""
        events = self._load()
        return [events[p] for p in self._by_name.get(name, ())]

    def last_commit(self, path: str) -> CommitInfo | None:
        """The last commit that touched ``path`` (for hovers)."""
        if path in self._last:
            return self._last[path]
        out = git.output(self.root, "log", "-1", "--format=%H%x1f%ct%x1f%an%x1f%s", "--", path)
        info = None
        if out and out.strip():
            sha, ct, author, subject = (
                out.decode("utf-8", "replace").strip().split("\x1f") + [""] * 4
            )[:4]
            info = CommitInfo(sha, dt.datetime.fromtimestamp(int(ct or 0), dt.UTC), author, subject)
        self._last[path] = info
        return info


__all__ = ["CommitInfo", "History", "PathEvent"]
