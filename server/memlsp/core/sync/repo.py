"""The sync's private git repository: plumbing over a bare repository, never a checkout.

A project scope that syncs keeps a bare repository under ``<scope>/.memlsp/sync/repo.git``
whose one branch holds what travels (ADR 0005)::

    notes/<name>.md                  the scope's topic notes, byte for byte
    tombstones/<path-digest>.json    one content-free record per forgotten note

Nothing is ever checked out: blobs are written with ``git hash-object``, trees with
``git mktree``, commits with ``git commit-tree``, and read back with ``git ls-tree`` and
``git cat-file --batch``. A hostile commit (a symlink, a 10 MB file, a path that climbs
out) therefore never becomes a file anywhere; :mod:`.incoming` decides what of it may
reach the scope. Every git call goes through :mod:`memlsp.core.git` (no shell, timeouts,
no prompts).

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from .. import git

TIMEOUT = 300.0  # a first fetch or push of tens of thousands of notes
NOTES = "notes"
TOMBSTONES = "tombstones"
REMOTE = "origin"


@dataclass(frozen=True)
class TreeEntry:
    mode: str  # "100644", "100755", "120000" (symlink), "040000" (tree), "160000" (submodule)
    kind: str  # blob | tree | commit
    oid: str
    path: str  # from the root of the branch, '/' separators, as git stores it


def blob_id(data: bytes) -> str:
    """git's object id of a blob with these bytes (SHA-1), without running git."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def _tree(entries: dict[str, tuple[str, str]]) -> tuple[str, bytes]:
    """git's tree object of ``{name: (mode, oid)}`` and its id (names sort as git sorts
    them: a folder as if its name ended in '/')."""

    def key(name: str) -> bytes:
        raw = name.encode("utf-8", "surrogateescape")
        return raw + b"/" if entries[name][0] == "40000" else raw

    body = b"".join(
        f"{entries[n][0]} ".encode() + n.encode("utf-8", "surrogateescape") + b"\0"
        + bytes.fromhex(entries[n][1])
        for n in sorted(entries, key=key)
    )  # fmt: skip
    data = b"tree %d\0" % len(body) + body
    return hashlib.sha1(data, usedforsecurity=False).hexdigest(), body


class Repo:
    """The bare repository of one scope's sync (see the module doc)."""

    def __init__(self, path: Path, branch: str) -> None:
        self.path = path
        self.branch = branch

    # ---- setup ------------------------------------------------------------------------------
    def exists(self) -> bool:
        return (self.path / "HEAD").is_file()

    def init(self, remote: str) -> None:
        self.path.mkdir(parents=True, exist_ok=True)
        if not self.exists():
            git.run(self.path, "init", "--bare", "--quiet", timeout=TIMEOUT)
        self.run("config", "core.logAllRefUpdates", "false")
        self.run("config", "gc.auto", "0")  # no gc while a sync holds the scope's lock
        if self.remote_url() is None:
            self.run("remote", "add", REMOTE, remote)
        else:
            self.run("remote", "set-url", REMOTE, remote)

    def remote_url(self) -> str | None:
        out = git.output(self.path, "config", "--get", f"remote.{REMOTE}.url")
        return git.decode(out).strip() or None if out else None

    def run(self, *args: str, input: bytes | None = None, ok_codes=(0,)) -> bytes:
        return git.run(self.path, *args, input=input, timeout=TIMEOUT, ok_codes=ok_codes)

    # ---- refs -------------------------------------------------------------------------------
    @property
    def local_ref(self) -> str:
        return f"refs/heads/{self.branch}"

    @property
    def remote_ref(self) -> str:
        return f"refs/remotes/{REMOTE}/{self.branch}"

    def resolve(self, ref: str) -> str | None:
        out = git.output(self.path, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
        text = git.decode(out).strip() if out else ""
        return text or None

    def fetch(self) -> str | None:
        """Fetch the branch; the remote's commit, or None when the branch does not exist
        there yet. (Only our remote-tracking ref moves; nothing on the remote changes.)"""
        try:
            self.run(
                "fetch", "--quiet", "--no-tags", REMOTE, f"+{self.local_ref}:{self.remote_ref}"
            )
        except git.GitError as exc:
            if "couldn't find remote ref" in str(exc).lower():
                return None
            raise
        return self.resolve(self.remote_ref)

    def push(self, commit: str) -> bool:
        """Push ``commit`` to the branch, never forced: False when the remote moved on
        (rejected as not a fast-forward), so the caller fetches, merges and retries."""
        try:
            self.run("push", "--quiet", "--porcelain", REMOTE, f"{commit}:{self.local_ref}")
        except git.GitError as exc:
            text = str(exc).lower()
            if any(w in text for w in ("rejected", "non-fast-forward", "fetch first", "stale")):
                return False
            raise
        return True

    def set_local(self, commit: str) -> None:
        self.run("update-ref", self.local_ref, commit)

    def is_ancestor(self, older: str, newer: str) -> bool:
        done = git.output(self.path, "merge-base", "--is-ancestor", older, newer)
        return done is not None

    def merge_base(self, a: str, b: str) -> str | None:
        out = git.output(self.path, "merge-base", a, b)
        text = git.decode(out).strip() if out else ""
        return text or None

    def ahead_behind(self, ours: str, theirs: str) -> tuple[int, int]:
        out = self.run("rev-list", "--left-right", "--count", f"{ours}...{theirs}")
        left, right = git.decode(out).split()
        return int(left), int(right)

    # ---- trees and blobs ----------------------------------------------------------------------
    def ls_tree(self, commit: str | None) -> dict[str, TreeEntry]:
        """Every entry below the commit's root (recursively; trees only as their blobs)."""
        if commit is None:
            return {}
        out = self.run("ls-tree", "-r", "-z", "--full-tree", commit)
        found: dict[str, TreeEntry] = {}
        for record in out.split(b"\0"):
            if not record:
                continue
            head, _, name = record.partition(b"\t")
            mode, kind, oid = git.decode(head).split()
            path = git.decode(name)
            found[path] = TreeEntry(mode, kind, oid, path)
        return found

    def sizes(self, oids: list[str]) -> dict[str, int]:
        """The size of each blob (``cat-file --batch-check``); missing objects are left out."""
        if not oids:
            return {}
        out = self.run("cat-file", "--batch-check", input="\n".join(oids).encode() + b"\n")
        sizes: dict[str, int] = {}
        for line in git.decode(out).splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] == "blob":
                sizes[parts[0]] = int(parts[2])
        return sizes

    def read_blobs(self, oids: list[str]) -> dict[str, bytes]:
        """The bytes of each blob, in one ``cat-file --batch`` (callers check sizes first)."""
        unique = list(dict.fromkeys(oids))
        if not unique:
            return {}
        out = self.run("cat-file", "--batch", input="\n".join(unique).encode() + b"\n")
        found: dict[str, bytes] = {}
        pos = 0
        for _ in unique:
            end = out.index(b"\n", pos)
            parts = out[pos:end].split()
            pos = end + 1
            if len(parts) != 3:  # "<oid> missing"
                continue
            size = int(parts[2])
            found[git.decode(parts[0])] = out[pos : pos + size]
            pos += size + 1
        return found

    def write_blobs(self, blobs: dict[str, bytes]) -> None:
        """Store these blobs (keyed by their :func:`blob_id`): a few through one
        ``hash-object``; many as one pack through ``git fast-import`` (no loose file per
        note to write and delete)."""
        if len(blobs) <= 32:
            self._write_objects("blob", blobs)
            return
        stream = b"".join(b"blob\ndata %d\n" % len(d) + d + b"\n" for d in blobs.values())
        self.run("fast-import", "--quiet", input=stream)

    def _write_objects(self, kind: str, objects: dict[str, bytes]) -> None:
        """One ``git hash-object -w -t KIND`` for all of ``objects`` (keyed by their ids),
        from a private temporary folder inside the repository."""
        if not objects:
            return
        tmp = self.path / "memlsp-tmp"
        tmp.mkdir(exist_ok=True)
        files = []
        try:
            for oid, data in objects.items():
                file = tmp / oid
                file.write_bytes(data)
                files.append(file)
            listing = "\n".join(str(f) for f in files).encode() + b"\n"
            out = self.run(
                "hash-object", "-w", "-t", kind, "--no-filters", "--stdin-paths", input=listing
            )
            if git.decode(out).split() != list(objects):
                raise git.GitError("git stored different objects than were computed")
        finally:
            for file in files:
                file.unlink(missing_ok=True)

    def write_tree(self, files: dict[str, str]) -> str:
        """A root tree from ``{path: blob oid}`` with paths ``<folder>/<name>`` (one level,
        regular files); the tree objects are computed here and stored in one call."""
        folders: dict[str, dict[str, str]] = {}
        for path, oid in files.items():
            folder, _, name = path.partition("/")
            folders.setdefault(folder, {})[name] = oid
        trees: dict[str, bytes] = {}
        root: dict[str, str] = {}
        for folder, entries in folders.items():
            oid, data = _tree({n: ("100644", o) for n, o in entries.items()})
            trees[oid] = data
            root[folder] = oid
        oid, data = _tree({n: ("40000", o) for n, o in root.items()})
        trees[oid] = data
        self._write_objects("tree", trees)
        return oid

    def commit(self, tree: str, parents: list[str], message: str, who: tuple[str, str]) -> str:
        name, email = who
        args = ["-c", f"user.name={name}", "-c", f"user.email={email}", "commit-tree", tree]
        for parent in parents:
            args += ["-p", parent]
        out = self.run(*args, input=message.encode("utf-8"))
        return git.decode(out).strip()

    def tree_of(self, commit: str) -> str:
        return git.decode(self.run("rev-parse", f"{commit}^{{tree}}")).strip()


__all__ = ["NOTES", "REMOTE", "TIMEOUT", "TOMBSTONES", "Repo", "TreeEntry", "blob_id"]
