"""``memlsp sync``: pull, merge and push one project scope's topic notes and tombstones.

One attempt (:func:`_attempt`), the scope's flock held from export to import:

1. **fetch** the branch (before the lock: the network never holds up local writers);
2. **export**: the scope's topic notes that changed since the last sync become a commit
   on the private branch (each stamped with ``provenance``: who, machine, project commit,
   when); a note removed locally leaves the tree; a local forget of a note that travelled
   adds its content-free tombstone; a note the incoming gate would refuse is held back;
3. **merge** file by file with the remote's commit (:mod:`.merge`), dropping entries of
   a shape no scope may hold (:mod:`.incoming`); then the tombstones kill what they
   cover (a forgotten note is never resurrected);
4. **import**: each note of the result that differs from the scope passes the incoming
   gate and is written (its previous version kept in the history), or is quarantined;
   notes gone from the result leave the scope (a tombstoned one with its history purged,
   as a verified forget would); new tombstones join ``tombstones.jsonl``; MEMORY.md is
   regenerated;
5. **push** (after the lock), never forced: rejected → fetch, merge, retry, at most
   :data:`MAX_ATTEMPTS` times.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat as stat_mod
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidRequestError, MemlspError
from ..forget.tombstones import AUDIT, TOMBSTONES, path_digest, read_tombstones
from ..fsutil import atomic_append_line, atomic_write, file_lock, is_temp_name, remove
from ..notes import MAX_NOTE_BYTES, iso, parse_note, utcnow
from ..policy.gate import note_text
from ..records import index_warning
from ..runtime import CancelToken, ProgressSink, no_progress
from ..store import INDEX_NAME, Scope, Store
from . import incoming, merge
from .repo import NOTES, Repo, TreeEntry, blob_id
from .state import (
    SyncState,
    Who,
    check_branch,
    check_remote,
    load_state,
    local_remote,
    save_state,
    sync_dir,
)

MAX_ATTEMPTS = 5
BULK = 64  # an import of more notes is flushed once at its end (os.sync), not per note
_TOMB_KEYS = ("v", "pathDigest", "sha256", "bodySha256", "at", "reason", "revoked")


class SyncError(MemlspError):
    reason = "sync-failed"


@dataclass
class SyncResult:
    scope: str
    commit: str | None = None
    exported: int = 0  # local changes sent (notes added, changed or removed; tombstones)
    imported: int = 0  # notes written into the scope from the branch
    removed: int = 0  # notes removed from the scope (deleted elsewhere)
    forgotten: int = 0  # notes removed from the scope by a tombstone
    tombstones: int = 0  # tombstones learned from the branch
    merged: int = 0  # notes edited on both sides, merged cleanly
    conflicts: list[str] = field(default_factory=list)  # notes left for review
    quarantined: list[dict[str, str]] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    attempts: int = 0
    pushed: bool = False
    #: the notes are in, but MEMORY.md could not be regenerated (why); derived (R5), so a
    #: warning, and the sync still records what it merged
    index_problem: str | None = None

    @property
    def warning(self) -> str | None:
        return index_warning(self.index_problem, "the notes are synced")

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        del out["index_problem"]
        return out | ({"warning": self.warning} if self.warning else {})


def repo_of(scope: Scope, state: SyncState) -> Repo:
    return Repo(sync_dir(scope) / "repo.git", state.branch)


def init(
    store: Store, scope: Scope, remote: str, branch: str, *, base: Path | None = None
) -> SyncState:
    """Connect ``scope`` to ``remote``'s ``branch`` (created by the first sync if absent);
    a local path is stored absolute, taken relative to ``base`` (:func:`.state.local_remote`)."""
    remote, branch = local_remote(check_remote(remote), base), check_branch(branch)
    store.ensure_scope(scope)
    state = load_state(scope)
    if state.configured and state.branch != branch:
        # another branch is another history: start its bookkeeping afresh
        state = SyncState()
    state.remote, state.branch = remote, branch
    repo_of(scope, state).init(remote)
    save_state(scope, state, durable=True)
    return state


def require_configured(state: SyncState) -> SyncState:
    if not state.configured:
        raise InvalidRequestError(
            "this project's memory is not connected to a remote: run `memlsp sync init REMOTE`",
            reason="sync-not-configured",
        )
    return state


def sync(
    store: Store,
    scope: Scope,
    who: Who,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressSink = no_progress,
    max_attempts: int = MAX_ATTEMPTS,
) -> SyncResult:
    state = require_configured(load_state(scope))
    cancel = cancel or CancelToken()
    repo = repo_of(scope, state)
    if not repo.exists():
        repo.init(state.remote)
    result = SyncResult(scope.rel)
    with file_lock(sync_dir(scope) / "lock", timeout_s=600):  # one sync per scope at a time
        for attempt in range(1, max_attempts + 1):
            result.attempts = attempt
            cancel.check()
            progress(f"fetching {state.branch}", 5)
            theirs = repo.fetch()
            cancel.check()
            progress("merging", 30)
            with file_lock(scope.lock_path, timeout_s=120):
                commit = _attempt(store, scope, repo, state, who, theirs, result)
                state.last_commit = commit
                state.last_sync = iso(utcnow())
                save_state(scope, state)
            result.commit = commit
            if commit is None or commit == theirs:
                break
            progress("pushing", 80)
            if repo.push(commit):
                result.pushed = True
                break
        else:
            raise SyncError(
                f"the remote kept moving: gave up after {max_attempts} attempts (nothing lost;"
                " run `memlsp sync` again)"
            )
        if result.forgotten:  # nor a copy in the retrieval indexes (forget.md, step 9)
            from ..forget.derived import scrub_indexes

            scrub_indexes(store)
        state.last_result = {k: v for k, v in result.to_json().items() if k != "quarantined"}
        state.last_result["quarantined"] = len(result.quarantined)
        save_state(scope, state)
    progress("done", 100)
    return result


# ---- one attempt ---------------------------------------------------------------------------------
def local_notes(scope: Scope) -> dict[str, bytes]:
    """The scope's topic notes as they are on disk: regular ``<name>.md`` files at the top
    (never through a link; MEMORY.md, hidden and temporary files left out)."""
    found: dict[str, bytes] = {}
    try:
        names = sorted(os.listdir(scope.root))
    except OSError:
        return found
    for name in names:
        if not name.endswith(".md") or name.startswith(".") or name == INDEX_NAME:
            continue
        if is_temp_name(name):
            continue
        try:
            fd = os.open(scope.root / name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            st = os.fstat(fd)
            if stat_mod.S_ISREG(st.st_mode) and st.st_size <= MAX_NOTE_BYTES:
                with os.fdopen(os.dup(fd), "rb") as fh:
                    found[name] = fh.read(MAX_NOTE_BYTES + 1)
        finally:
            os.close(fd)
    return found


def _attempt(
    store: Store,
    scope: Scope,
    repo: Repo,
    state: SyncState,
    who: Who,
    theirs: str | None,
    result: SyncResult,
) -> str | None:
    now = iso(utcnow())
    ours = repo.resolve(repo.local_ref)
    base = {p: e.oid for p, e in repo.ls_tree(ours).items()}
    local = local_notes(scope)
    tree, blobs, held = _export(scope, base, local, state, who, now, first=ours is None)
    result.held = sorted(held)
    state.held = result.held
    if tree != base:
        repo.write_blobs(blobs)
        result.exported += sum(1 for p in set(tree) | set(base) if tree.get(p) != base.get(p))
        message = f"memlsp: {who.name} on {who.machine}" + (
            f" (project {who.commit})" if who.commit else ""
        )
        ours = repo.commit(repo.write_tree(tree), [ours] if ours else [], message, _ident(who))
    # merge with the remote, dropping what no scope may hold
    raw = repo.ls_tree(theirs)
    bad = _bad_shapes(repo, raw, tree)
    for refusal in bad:
        if state.quarantine.get(refusal.path) != refusal.oid:
            incoming.quarantine(scope, refusal, None)
            state.quarantine[refusal.path] = refusal.oid
            result.quarantined.append({"path": refusal.path, "reason": refusal.reason})
    theirs_map = {p: e.oid for p, e in raw.items() if p not in {r.path for r in bad}}
    merge_base = repo.merge_base(ours, theirs) if ours and theirs else None
    merged, new_blobs, outcome = merge.merge_trees(
        {p: e.oid for p, e in repo.ls_tree(merge_base).items()} if merge_base else {},
        tree,
        theirs_map,
        repo.read_blobs,
        repo.path,
    )
    result.merged += outcome.merged
    result.conflicts = sorted(set(result.conflicts) | set(outcome.conflicts))
    # tombstones win over edits
    tomb_paths = [p for p in merged if p.startswith("tombstones/")]
    tomb_data = {p: d for p, d in _read(repo, merged, tomb_paths, new_blobs).items()}
    live = merge.live_tombstones(tomb_data)
    notes = {p: o for p, o in merged.items() if p.startswith(NOTES + "/")}
    entered = {p for p, o in notes.items() if o != base.get(p)}
    dead = merge.dead_notes(
        notes, live, lambda oids: {**repo.read_blobs(oids), **new_blobs}, changed=entered
    )
    for path in dead:
        del merged[path]
    repo.write_blobs(new_blobs)
    commit = _result_commit(repo, ours, theirs, merged, tree, raw, who)
    dead |= {f"{NOTES}/{n}" for n, d in local.items() if merge.covered(n, d, live)}
    _import(store, scope, repo, state, merged, local, held, dead, tomb_data, new_blobs, result)
    if commit is not None:
        repo.set_local(commit)
    state.quarantine = {p: o for p, o in state.quarantine.items() if raw.get(p, None) is not None}
    return commit


def _ident(who: Who) -> tuple[str, str]:
    return who.name, who.email


def _export(
    scope: Scope,
    base: dict[str, str],
    local: dict[str, bytes],
    state: SyncState,
    who: Who,
    now: str,
    *,
    first: bool,
) -> tuple[dict[str, str], dict[str, bytes], list[str]]:
    tree = {p: o for p, o in base.items() if p.startswith("tombstones/")}
    blobs: dict[str, bytes] = {}
    held: list[str] = []
    oids = {name: blob_id(data) for name, data in local.items()}
    changed = [
        (f"{NOTES}/{name}", oids[name], data)
        for name, data in local.items()
        if base.get(f"{NOTES}/{name}") != oids[name]
    ]
    verdicts = incoming.check_notes(
        [
            c
            for c in changed
            if incoming.check_entry(TreeEntry("100644", "blob", c[1], c[0]), len(c[2])) is None
        ]
    )
    for name, data in local.items():
        path = f"{NOTES}/{name}"
        oid = oids[name]
        if base.get(path) == oid:
            tree[path] = oid
            continue
        if path in base and state.quarantine.get(path) == base[path]:
            # the branch's version was refused here: ours is not sent over it (its author
            # fixes it; sending ours would silently undo their change)
            tree[path] = base[path]
            held.append(f"{name}: quarantined")
            continue
        entry = TreeEntry("100644", "blob", oid, path)
        refusal = incoming.check_entry(entry, len(data)) or verdicts.get(path)
        if refusal is not None:
            held.append(f"{name}: {refusal.reason}")
            if path in base:
                tree[path] = base[path]
            continue
        if not first:  # provenance of a change (notes older than the first sync: its commit)
            note = parse_note(data, stem=name[:-3])
            note.meta["provenance"] = who.stamp(now)
            data = note_text(note).encode("utf-8")
            atomic_write(scope.root / name, data)
            local[name] = data
            oid = blob_id(data)
        tree[path] = oid
        blobs[oid] = data
    for path, oid in base.items():
        if path.startswith(NOTES + "/") and path not in tree and state.quarantine.get(path) == oid:
            tree[path] = oid  # refused here, not deleted by us: another member's to fix
    travelled = {path_digest(p.split("/", 1)[1]) for p in base if p.startswith(NOTES + "/")}
    for rec in read_tombstones(scope):
        digest = rec.get("pathDigest")
        path = merge.tombstone_path(str(digest))
        if not isinstance(digest, str) or (digest not in travelled and path not in base):
            continue
        data = _tombstone_bytes(rec)
        oid = blob_id(data)
        if tree.get(path) != oid:
            tree[path] = oid
            blobs[oid] = data
    return tree, blobs, [h.split(":", 1)[0] for h in held]


def _tombstone_bytes(rec: dict) -> bytes:
    return json.dumps({k: rec[k] for k in _TOMB_KEYS if k in rec}, sort_keys=True).encode()


def _bad_shapes(repo: Repo, raw: dict[str, TreeEntry], ours: dict[str, str]) -> list:
    """Entries of the remote's tree that no scope may hold (checked before any read)."""
    new = [e for p, e in raw.items() if ours.get(p) != e.oid]
    sizes = repo.sizes([e.oid for e in new if e.kind == "blob"])
    found = []
    for entry in new:
        refusal = incoming.check_entry(entry, sizes.get(entry.oid))
        if refusal is not None:
            found.append(refusal)
    return found


def _read(repo: Repo, tree: dict[str, str], paths: list[str], extra: dict[str, bytes]):
    oids = [tree[p] for p in paths if tree[p] not in extra]
    blobs = {**repo.read_blobs(oids), **extra}
    return {p: blobs[tree[p]] for p in paths if tree[p] in blobs}


def _result_commit(repo, ours, theirs, merged, tree, raw, who) -> str | None:
    """The commit holding ``merged``: theirs or ours when it is exactly one of them, else a
    new commit whose parents are both (or the one that contains the other)."""
    if theirs is not None and merged == {p: e.oid for p, e in raw.items()}:
        if all(e.mode == "100644" for e in raw.values()):
            return theirs
    if ours is not None and merged == tree and (theirs is None or repo.is_ancestor(theirs, ours)):
        return ours
    if ours is None and theirs is None and not merged:
        return None
    parents = [c for c in (ours, theirs) if c]
    if ours and theirs and repo.is_ancestor(ours, theirs):
        parents = [theirs]
    elif ours and theirs and repo.is_ancestor(theirs, ours):
        parents = [ours]
    message = f"memlsp: merge on {who.machine}"
    return repo.commit(repo.write_tree(merged), parents, message, _ident(who))


def _import(
    store: Store,
    scope: Scope,
    repo: Repo,
    state: SyncState,
    merged: dict[str, str],
    local: dict[str, bytes],
    held: list[str],
    dead: set[str],
    tomb_data: dict[str, bytes],
    new_blobs: dict[str, bytes],
    result: SyncResult,
) -> None:
    notes = {p.split("/", 1)[1]: o for p, o in merged.items() if p.startswith(NOTES + "/")}
    wanted = [
        f"{NOTES}/{name}"
        for name, oid in notes.items()
        if name not in held
        and (name not in local or blob_id(local[name]) != oid)
        and state.quarantine.get(f"{NOTES}/{name}") != oid
    ]
    changed = False
    bulk = len(wanted) > BULK
    pulled = _read(repo, merged, wanted, new_blobs)
    verdicts = incoming.check_notes([(p, merged[p], d) for p, d in pulled.items()])
    for path, data in pulled.items():
        name = path.split("/", 1)[1]
        refusal = verdicts[path]
        if refusal is not None:
            incoming.quarantine(scope, refusal, data)
            state.quarantine[path] = merged[path]
            result.quarantined.append({"path": path, "reason": refusal.reason})
            continue
        file = scope.root / name
        store.keep_version(scope, file, step="sync-update", why="updated by a sync", after=data)
        atomic_write(file, data, durable=not bulk)
        result.imported += 1
        changed = True
    if bulk and changed:
        os.sync()  # one flush for a bulk import instead of two fsyncs per note
    for name, data in local.items():
        if name in notes or name in held:
            continue
        file = scope.root / name
        if f"{NOTES}/{name}" in dead:
            sha = hashlib.sha256(data).hexdigest()
            remove(file, missing_ok=True)
            from ..dream import purge_forgotten  # the history, what a dream kept

            purge_forgotten(scope, name, {sha})
            _audit(scope, path_digest(name), sha)
            result.forgotten += 1
        else:
            store.keep_version(scope, file, step="sync-delete", why="removed by a sync")
            remove(file, missing_ok=True)
            result.removed += 1
        changed = True
    known = {(r.get("pathDigest"), r.get("sha256"), r.get("at")) for r in read_tombstones(scope)}
    for path, data in sorted(tomb_data.items()):
        rec = incoming.check_tombstone(path, merged[path], data)
        if isinstance(rec, incoming.Refusal) or rec.get("revoked"):
            continue
        if (rec.get("pathDigest"), rec.get("sha256"), rec.get("at")) in known:
            continue
        line = {k: rec[k] for k in _TOMB_KEYS if k in rec} | {"origin": "sync"}
        atomic_append_line(scope.state_dir / TOMBSTONES, json.dumps(line, sort_keys=True))
        result.tombstones += 1
    if changed:
        result.index_problem = store.regenerate_index(scope, locked=True)


def _audit(scope: Scope, digest: str, sha: str) -> None:
    record = {"v": 1, "at": iso(utcnow()), "op": "forget", "origin": "sync"}
    record |= {"pathDigest": digest, "sha256": sha, "reason": "user", "section": "topic"}
    atomic_append_line(scope.state_dir / AUDIT, json.dumps(record, sort_keys=True))


__all__ = [
    "MAX_ATTEMPTS",
    "SyncError",
    "SyncResult",
    "init",
    "local_notes",
    "require_configured",
    "sync",
]
