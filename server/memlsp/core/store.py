"""The memory home on disk (SPEC R1, R3, R5, R6, R10): scopes, notes, the generated index.

Layout of the home::

    global/                         cross-project preferences
    projects/<host>/<owner>/<repo>/ one folder per project identity (R2)

and of each scope folder::

    MEMORY.md        generated index (never edited by hand)
    <name>.md        topic notes
    inbox/<name>.md  new observations, recallable at once, consolidated by dream
    sessions/*.md    session-end autosaves
    archive/<run>/   inbox files a dream processed (not scanned as live notes)
    .memlsp/         lock, state, journal, tombstones, audit, derived caches

Files are the truth. Every write is atomic and every read-modify-write holds the scope's
flock, so several processes can share one home. Scans never raise for a bad file: they
report a :class:`Problem` with a stable reason and skip it.
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import logging
import os
import stat as stat_mod
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from . import history, memory_md
from .check_before_write import free_name, matching_entry, same_content, updated_note
from .errors import DurabilityError, InvalidPathError, NotFoundError
from .fsutil import atomic_write, file_lock, first_link, is_temp_name, register_home
from .identity import ProjectId, resolve_project
from .mounts import Mounts
from .notes import MAX_NOTE_BYTES, Note, iso, one_line, parse_time, utcnow
from .parse_cache import ParseCache, ScopeCache, identity, packed, parse_file
from .policy.gate import derived_lines, note_text
from .records import (  # noqa: F401 - the records of the home, re-exported for callers
    INDEX_NAME,
    LOCK_NAME,
    SECTIONS,
    STATE_DIR,
    Entry,
    Problem,
    ScanResult,
    Scope,
    WriteResult,
    normalise_description,
)

log = logging.getLogger(__name__)


class Store:
    """The memory home. Cheap to create; caches parsed notes by (inode, mtime, size)."""

    def __init__(
        self,
        home: Path | str,
        mounts: Iterable[Path | str] = (),
        *,
        history_days: int = history.DEFAULT_DAYS,
    ) -> None:
        self.home = Path(home).absolute()
        self.mounts = Mounts(mounts, home=self.home)
        # retention.historyDays: how long replaced versions are kept (0 = no history)
        self.history_days = history_days
        register_home(self.home)
        # keyed by the home-relative path (interned: an entry's path, the recaller's and the
        # retrieval index's keys are the same text); hashing a Path cost more than the stat
        self._cache: dict[str, tuple[bytes, str, Note | Problem]] = {}
        self._cache_lock = threading.Lock()
        # the parsed notes kept on disk for the next process (ADR 0004); files read here
        self._parse_cache = ParseCache(self.home)
        self._reads = 0
        self.write_parse_cache = True  # False: read the cache, never write it

    # ---- scopes -------------------------------------------------------------------------
    def global_scope(self) -> Scope:
        return Scope("global", "global", self.home / "global")

    def project_scope(
        self, folder: Path | str | None = None, *, project: ProjectId | None = None
    ) -> Scope:
        project = project or resolve_project(folder)
        rel = f"projects/{project.rel}"
        return Scope("project", rel, self.home / rel)

    def ensure_scope(self, scope: Scope) -> Scope:
        for sub in ("inbox", "sessions", "archive", STATE_DIR):
            (scope.root / sub).mkdir(parents=True, exist_ok=True)
        return scope

    def scopes(self) -> list[Scope]:
        """Every scope folder that exists in the home, global first."""
        found: list[Scope] = []
        glob = self.global_scope()
        if glob.root.is_dir():
            found.append(glob)
        projects = self.home / "projects"
        if projects.is_dir():
            for dirpath, dirnames, filenames in os.walk(projects):
                if STATE_DIR in dirnames or INDEX_NAME in filenames:
                    rel = Path(dirpath).relative_to(self.home).as_posix()
                    found.append(Scope("project", rel, Path(dirpath)))
                    dirnames[:] = []
                    continue
                dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        return found + self.mounted_scopes()

    def mounted_scopes(self) -> list[Scope]:
        """Other agents' memory folders mounted as scopes (those that exist)."""
        return [
            Scope("folder", rel, root) for rel, root in self.mounts.roots.items() if root.is_dir()
        ]

    def anchor(self, scope: Scope) -> tuple[Path, tuple[str, ...]]:
        """Where a no-symlink walk to ``scope`` starts, and the components from there: the
        home and the scope's rel, or a mounted folder's parent and its name."""
        if scope.kind == "folder":
            return scope.root.parent, (scope.root.name,)
        return self.home, tuple(scope.rel.split("/"))

    def scope_of(self, rel_path: str) -> Scope:
        """The scope that holds ``rel_path`` (relative to the home)."""
        parts = rel_path.split("/")
        if parts[0] == "global":
            return self.global_scope()
        if parts[0] in ("projects", "folders"):
            for scope in self.scopes():
                if scope.kind != "global" and rel_path.startswith(scope.rel + "/"):
                    return scope
        raise InvalidPathError(f"{rel_path!r} is not inside a scope of {self.home}")

    # ---- reading ------------------------------------------------------------------------
    def _note_files(self, scope: Scope) -> Iterator[tuple[str, Path]]:
        for section in SECTIONS:
            folder = scope.root / section if section else scope.root
            if first_link(folder) is not None:
                continue  # never read notes through a link (doctor reports it)
            try:
                names = sorted(os.listdir(folder))
            except (FileNotFoundError, NotADirectoryError):
                continue
            for name in names:
                if not name.endswith(".md") or name.startswith(".") or is_temp_name(name):
                    continue
                if not section and name == INDEX_NAME:
                    continue
                yield section, folder / name

    def rel(self, file: Path) -> str:
        # string slicing on POSIX: Path.relative_to was a third of a 100k-note scan
        mounted = self.mounts.rel_of(file) if self.mounts else None
        if mounted is not None:
            return mounted
        text, prefix = str(file), str(self.home) + "/"
        if os.sep == "/" and text.startswith(prefix) and "/../" not in text:
            return text[len(prefix) :]
        return file.relative_to(self.home).as_posix()

    def load(
        self,
        scope: Scope,
        section: str,
        file: Path,
        *,
        fresh: bool = False,
        cache: ScopeCache | None = None,
    ) -> Entry | Problem:
        """Parse one file, reusing an earlier parse when the bytes are the same.

        Read-only callers trust a cache keyed by (inode, mtime, ctime, size). A replaced
        file can reuse an inode number within one timestamp tick, so read-modify-write
        paths pass ``fresh=True``: the bytes are read and hashed, and only the YAML parse
        (the expensive part) is reused when the hash matches. ``cache``: the scope's
        on-disk parse cache (ADR 0004), asked the same way when this store has not read
        the file yet.
        """
        rel = sys.intern(self.rel(file))
        try:
            st = os.stat(file, follow_symlinks=False)
        except FileNotFoundError:
            return Problem(rel, "missing", "file disappeared while reading")
        except OSError as exc:
            return Problem(rel, "unreadable", f"cannot stat: {exc.strerror}")
        if not stat_mod.S_ISREG(st.st_mode):
            kind = "a symlink" if stat_mod.S_ISLNK(st.st_mode) else "not a regular file"
            return Problem(rel, "not-a-file", f"{kind}; notes must be regular files")
        if st.st_size > MAX_NOTE_BYTES:
            return Problem(rel, "too-large", f"file is {st.st_size} bytes (limit 256 KiB)")
        key = identity(st)
        stamp = packed(key)  # 73 bytes, not a tuple of five ints (236)
        with self._cache_lock:
            hit = self._cache.get(rel)
        in_scope = f"{section}/{file.name}" if section else file.name
        found = None
        if hit is not None and hit[0] == stamp and not fresh:
            found = hit[1], hit[2]
        elif hit is None and cache is not None and not fresh:
            found = cache.lookup(in_scope, key, file.stem)
        if found is not None:
            (digest, parsed), size = found, st.st_size
        else:
            self._reads += 1
            try:
                with open(file, "rb") as fh:
                    data = fh.read(MAX_NOTE_BYTES + 1)
            except OSError as exc:
                return Problem(rel, "unreadable", f"cannot read: {exc.strerror}")
            digest, size = hashlib.sha256(data).hexdigest(), len(data)
            if hit is not None and hit[1] == digest:
                parsed = hit[2]
            elif cache is not None:
                parsed = cache.parse(data, digest, file.stem, rel)
            else:
                parsed = parse_file(data, file.stem, rel)
        digest = sys.intern(digest)  # the index and the recaller keep it too
        with self._cache_lock:
            self._cache[rel] = (stamp, digest, parsed)
        if isinstance(parsed, Problem):
            return parsed
        return Entry(
            path=rel,
            scope=scope,
            section=section,
            file=file,
            note=parsed,
            bytes=size,
            mtime=st.st_mtime,
            sha256=digest,
        )

    def each(
        self, scope: Scope, *, fresh: bool = False, cache: ScopeCache | None = None
    ) -> Iterator[Entry | Problem]:
        """The note files of ``scope`` parsed one at a time (a caller that keeps a little
        of each, such as recall in a huge memory, never holds every entry at once)."""
        cache = self._parse_cache.open(scope) if cache is None else cache
        for section, file in self._note_files(scope):
            yield self.load(scope, section, file, fresh=fresh, cache=cache)

    def scan(self, scope: Scope, *, fresh: bool = False, purge: bool = False) -> ScanResult:
        """Every note of ``scope``. ``purge`` (a forget rewrote notes in place, under the
        lock): the parse cache is rewritten now, without the parse of any earlier bytes."""
        out = ScanResult()
        cache, reads = self._parse_cache.open(scope), self._reads
        for item in self.each(scope, fresh=fresh, cache=cache):
            if isinstance(item, Entry):
                out.entries.append(item)
                for text in item.note.problems:
                    out.problems.append(Problem(item.path, "note-warning", text, "warning"))
            elif item.reason != "missing":
                out.problems.append(item)
        changed = self._reads != reads or self._parse_cache.rows_of(scope) != len(out.entries)
        if fresh and (changed or purge) and self.write_parse_cache:  # under the lock
            self._parse_cache.keep(scope, cache, out.entries, self._cache, force=purge)
        return out

    def scan_all(self) -> ScanResult:
        out = ScanResult()
        for scope in self.scopes():
            res = self.scan(scope)
            out.entries.extend(res.entries)
            out.problems.extend(res.problems)
        return out

    def resolve_rel(self, rel_path: str) -> Path:
        """A home-relative path to an absolute one, refusing anything that escapes home."""
        if not rel_path or "\x00" in rel_path:
            raise InvalidPathError("empty or NUL-containing path")
        mounted = self.mounts.resolve(rel_path)
        if mounted is not None:
            return mounted
        candidate = (self.home / rel_path).resolve()
        if not candidate.is_relative_to(self.home.resolve()):
            raise InvalidPathError(f"{rel_path!r} points outside the memory home")
        return candidate

    def read(self, rel_path: str) -> tuple[bytes, str]:
        """The exact bytes of a file under the home and their SHA-256."""
        path = self.resolve_rel(rel_path)
        try:
            data = path.read_bytes()
        except IsADirectoryError as exc:
            raise InvalidPathError(
                f"{rel_path} is a folder, not a note file", reason="not-a-file"
            ) from exc
        except (FileNotFoundError, NotADirectoryError) as exc:
            raise NotFoundError(f"no note at {rel_path}") from exc
        return data, hashlib.sha256(data).hexdigest()

    def path_of(self, rel_path: str) -> Path:
        """The absolute file of a home-relative path, without resolving symlinks (callers
        that open it check it themselves); mounted folders' paths map to their folder."""
        found = self.mounts.split(rel_path) if self.mounts else None
        if found is not None:
            return found[1] / found[2]
        return self.home / rel_path

    def find(self, name: str, scopes: list[Scope] | None = None) -> list[Entry]:
        """Entries whose name (or home-relative path) is ``name``."""
        hits = []
        for scope in scopes or self.scopes():
            for entry in self.scan(scope).entries:
                if name in (entry.note.name, entry.path, entry.rel_in_scope, entry.file.stem):
                    hits.append(entry)
        return hits

    # ---- writing ------------------------------------------------------------------------
    def write_note(
        self,
        scope: Scope,
        note: Note,
        *,
        section: str = "inbox",
        match_existing: bool = True,
        replaces: str | None = None,
        by_name: bool = True,
        now: dt.datetime | None = None,
        step: str | None = None,
        why: str = "",
    ) -> WriteResult:
        """Create the note, or update the matching one (check before write, R10). An update
        keeps the previous version in the scope's history first (``step``, ``why``; the
        step defaults to ``<source>-update``). ``replaces``: the home-relative path of the
        note this one is known to update (the caller matched it), used instead of matching.
        ``by_name=False``: the name was derived from the text (``remember``), so sharing it
        says nothing about the fact."""
        note.validate()
        if section not in SECTIONS:
            raise InvalidPathError(f"unknown section {section!r}")
        self.ensure_scope(scope)
        now = now or utcnow()
        with file_lock(scope.lock_path):
            entries = self.scan(scope, fresh=True).entries
            if replaces is not None:
                existing = next((e for e in entries if e.path == replaces), None)
            else:
                existing = (
                    matching_entry(entries, note, by_name=by_name) if match_existing else None
                )
            if existing is not None:
                new = updated_note(existing.note, note, now)
                target = existing.file
                if same_content(new, existing.note):
                    return WriteResult(existing.path, "unchanged", existing)
                action = "updated"
            else:
                meta = dict(note.meta)
                meta.setdefault("created", iso(now))
                note.meta = meta
                new = note
                folder = scope.root / section if section else scope.root
                new.name = free_name(folder, note.name)
                target = folder / f"{new.name}.md"
                action = "created"
            data = note_text(new).encode("utf-8")
            if existing is not None:
                source = note.meta.get("source")
                self.keep_version(
                    scope,
                    target,
                    step=step or history.UPDATE_STEPS.get(source, "update"),
                    why=why or f"updated by {source or 'a write'}: {one_line(note.description)}",
                    after=data,
                )
            atomic_write(target, data)
            entry = self.load(scope, existing.section if existing else section, target, fresh=True)
            assert isinstance(entry, Entry), entry
            others = [e for e in entries if e.file != target]
            try:
                self._write_index(scope, [*others, entry])
            except DurabilityError as exc:  # the note is safe; its index line is derived
                log.warning("%s is written; MEMORY.md is not: %s", entry.path, exc)
                return WriteResult(entry.path, action, entry, index_problem=str(exc))
        return WriteResult(entry.path, action, entry)

    def update_note(
        self,
        rel_path: str,
        change: Callable[[Note], Note | None],
        *,
        step: str = "update",
        why: str = "",
    ) -> WriteResult:
        """Read-modify-write one note under the scope's lock; ``change`` returns the new note
        (or None to leave it as it is). The previous version goes to the history first.
        As :meth:`write_note`, a MEMORY.md that cannot be written is ``index_problem``."""
        scope = self.scope_of(rel_path)
        path = self.resolve_rel(rel_path)
        section = path.parent.name if path.parent != scope.root else ""
        with file_lock(scope.lock_path):
            item = self.load(scope, section, path, fresh=True)
            if not isinstance(item, Entry):
                raise NotFoundError(f"{rel_path}: {item.message}", reason=item.reason)
            new = change(copy.deepcopy(item.note))  # the parse is shared with the cache
            if new is None:
                return WriteResult(item.path, "unchanged", item)
            new.validate()
            new.meta["updated"] = iso(utcnow())
            data = note_text(new).encode("utf-8")
            self.keep_version(scope, path, step=step, why=why, after=data)
            atomic_write(path, data)
            problem = self.regenerate_index(scope, locked=True)
        entry = self.load(scope, section, path)
        assert isinstance(entry, Entry)
        return WriteResult(entry.path, "updated", entry, index_problem=problem)

    def keep_version(self, scope: Scope, file: Path, **kwargs) -> history.Version | None:
        """:func:`history.record_file` with this home's retention: the bytes now at ``file``
        are kept before a writer replaces or removes them (the caller holds the flock)."""
        return history.record_file(scope, file, days=self.history_days, **kwargs)

    def rebuild_index(self, scope: Scope, *, locked: bool = False) -> bool:
        """Regenerate MEMORY.md from the notes; True when it changed."""
        if not locked:
            self.ensure_scope(scope)
            with file_lock(scope.lock_path):
                return self.rebuild_index(scope, locked=True)
        return self._write_index(scope, self.scan(scope, fresh=True).entries)

    def regenerate_index(self, scope: Scope, *, locked: bool = False) -> str | None:
        """:meth:`rebuild_index` for a writer whose notes are already saved (or deleted):
        MEMORY.md is derived from them (R5), so failing to write it is why (returned, and
        logged) rather than an error after the fact; None when it was written."""
        try:
            self.rebuild_index(scope, locked=locked)
        except DurabilityError as exc:
            log.warning("%s: the notes are written; MEMORY.md is not: %s", scope.rel, exc)
            return str(exc)
        return None

    def _write_index(self, scope: Scope, entries: list[Entry]) -> bool:
        live = [e for e in entries if e.section in ("", "inbox")]
        text = derived_lines(memory_md.render_index(live))
        try:
            if scope.index_path.read_text("utf-8") == text:
                return False
        except (FileNotFoundError, UnicodeDecodeError, IsADirectoryError):
            pass
        atomic_write(scope.index_path, text)
        return True

    def index_text(self, scope: Scope) -> str:
        """The current MEMORY.md (regenerated in memory if missing)."""
        try:
            return scope.index_path.read_text("utf-8")
        except (FileNotFoundError, UnicodeDecodeError, IsADirectoryError):
            entries = [e for e in self.scan(scope).entries if e.section in ("", "inbox")]
            return memory_md.render_index(entries)


__all__ = [
    "Entry",
    "Problem",
    "ScanResult",
    "Scope",
    "Store",
    "WriteResult",
    "normalise_description",
    "parse_time",
]
