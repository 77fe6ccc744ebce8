"""The parse cache (issue 19, ADR 0004): each scope keeps the parsed frontmatter of its notes
in ``.memlsp/parse-cache``, so a new process (``memlsp ls``, a CLI recall, the server's first
scan) reads the files but does not parse their YAML again.

Files are the truth; the cache only saves work:

* entries are keyed by the SHA-256 of a file's exact bytes, which the store computes
  anyway: a stale entry cannot match an edited file, and a cached mapping is used only for
  bytes that produced it;
* the file is signed (its last line) with HMAC-SHA256 under a per-home secret (``<home>/.memlsp/
  parse-cache.key``, created 0600 on first use) over the format, the parser, the scope and
  every entry; a missing, truncated, edited, copied or foreign cache fails the check and is
  rebuilt silently; an entry whose mapping is not a usable note is ignored;
* only plain JSON mappings are cached (strings, numbers, booleans, null, lists, mappings
  with string keys): a frontmatter with a YAML date or anything else JSON cannot carry
  exactly is parsed every time;
* only the scans of memlsp's own writes (``fresh``, under the scope's lock) write the
  cache: when a note was deleted or forgotten (its row is dropped), when a tenth of the
  notes are new or changed, or when there is no cache yet; atomically, without fsync; a
  failed write is ignored. Reads (``ls``, recall, a dry run, doctor) never write it, and
  mounted folders (another agent's) are never written to.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import os
import secrets
import struct
from contextlib import suppress
from typing import Any

import yaml

from .errors import MemlspError, NoteFormatError
from .fsutil import atomic_write, first_link
from .notes import LOADER_NAME, Note, interned, note_from_meta, parse_note, split_note
from .records import STATE_DIR, Problem, Scope

FORMAT = 1
CACHE_NAME = "parse-cache"
KEY_NAME = "parse-cache.key"
MAGIC = "memlsp-parse-cache"
# A new parser (memlsp's format, libyaml or not, PyYAML's version) starts a new cache.
PARSER = f"{FORMAT}/{LOADER_NAME}/{yaml.__version__}"
_DIGEST_LEN = 64


def plain(value: Any) -> bool:
    """Whether JSON carries ``value`` exactly (what a cached mapping may hold)."""
    if value is None or isinstance(value, str | bool | int | float):
        return True
    if isinstance(value, list):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    return False


Identity = tuple[int, int, int, int, int]  # dev, inode, mtime_ns, ctime_ns, size


def identity(st) -> Identity:
    return (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size)


_PACKED = struct.Struct("<QQqqQ")


def packed(key: Identity) -> bytes:
    """``key`` as the store keeps it in memory for every note (73 bytes, not 236)."""
    return _PACKED.pack(*key)


def unpacked(stamp: bytes) -> Identity:
    return _PACKED.unpack(stamp)


class ScopeCache:
    """One scope's cache for one scan: ``rows`` = file (relative to the scope) → (identity,
    digest) of the bytes last parsed; ``payloads`` = digest → the JSON ``[frontmatter,
    body]`` those bytes parse to. Read from disk (``loader``) only when first asked: a scan
    whose files the store already holds never reads it; dropped after the scan."""

    def __init__(self, rows=None, payloads=None, loader=None) -> None:
        self._rows: dict[str, tuple[Identity, str]] | None = rows
        self._payloads: dict[str, str] | None = payloads
        self._loader = loader
        if loader is None:
            self._rows, self._payloads = rows or {}, payloads or {}

    def _load(self) -> None:
        if self._rows is None or self._payloads is None:
            self._rows, self._payloads = self._loader()

    @property
    def rows(self) -> dict[str, tuple[Identity, str]]:
        self._load()
        return self._rows  # type: ignore[return-value]

    @rows.setter
    def rows(self, value: dict[str, tuple[Identity, str]]) -> None:
        self._load()
        self._rows = value

    @property
    def payloads(self) -> dict[str, str]:
        self._load()
        return self._payloads  # type: ignore[return-value]

    @payloads.setter
    def payloads(self, value: dict[str, str]) -> None:
        self._load()
        self._payloads = value

    def lookup(self, rel: str, key: Identity, stem: str) -> tuple[str, Note] | None:
        """The digest and note of a file whose identity is the one cached (trusted like the
        store's in-memory cache: read-modify-write paths read the bytes again)."""
        row = self.rows.get(rel)
        if row is None or row[0] != key:
            return None
        note = self._note(row[1], stem)
        return None if note is None else (row[1], note)

    def parse(self, data: bytes, digest: str, stem: str, rel: str) -> Note | Problem:
        """The note of ``data`` (whose SHA-256 is ``digest``): from the payload cached for
        these very bytes when it is a usable note, else parsed (and its payload kept)."""
        note = self._note(digest, stem, data)
        if note is not None:
            return note
        parsed = parse_file(data, stem, rel)
        if isinstance(parsed, Note):
            self.add(digest, parsed)
        return parsed

    def add(self, digest: str, note: Note) -> None:
        """Keep ``note`` as the payload of the bytes whose SHA-256 is ``digest``, when JSON
        carries its frontmatter exactly."""
        if plain(note.meta):
            try:
                self.payloads[digest] = json.dumps(
                    [note.meta, note.body], ensure_ascii=False, allow_nan=False
                )
            except ValueError:  # NaN or infinity: not exact in JSON
                pass

    def _note(self, digest: str, stem: str, data: bytes | None = None) -> Note | None:
        payload = self.payloads.get(digest)
        if payload is None:
            return None
        try:
            meta, body = json.loads(payload)
            if not isinstance(meta, dict) or not isinstance(body, str):
                return None
            if data is not None:  # the bytes are at hand: the body comes from them
                body = split_note(data)[1]
            return note_from_meta(interned(meta), body, stem=stem)
        except (ValueError, TypeError, NoteFormatError):
            return None  # a payload that is not a note is ignored: the file decides

    def line(self, rel: str, key: Identity, digest: str) -> str | None:
        payload = self.payloads.get(digest)
        return None if payload is None else f"{_head(rel, key, digest)}\t{payload}"


def _head(rel: str, key: Identity, digest: str) -> str:
    return f"{digest} {' '.join(map(str, key))} {json.dumps(rel, ensure_ascii=False)}"


def _read_lines(body: str) -> tuple[dict, dict]:
    rows: dict[str, tuple[Identity, str]] = {}
    payloads: dict[str, str] = {}
    for line in io.StringIO(body):  # one line at a time: no list of every line
        line = line.rstrip("\n")
        head, tab, payload = line.partition("\t")
        parts = head.split(" ", 6)
        if not tab or len(parts) != 7 or len(parts[0]) != _DIGEST_LEN:
            continue
        try:
            key = tuple(int(x) for x in parts[1:6])
            rel = json.loads(parts[6])
        except ValueError:
            continue
        if isinstance(rel, str):
            rows[rel] = (key, parts[0])  # type: ignore[assignment]
            payloads[parts[0]] = payload
    return rows, payloads


class ParseCache:
    """The parse caches of one memory home (one :class:`ScopeCache` per scope)."""

    def __init__(self, home) -> None:
        self.home = home
        self._key: bytes | None = None
        self._rows: dict[str, int] = {}  # scope → rows its file was last seen or written with

    def rows_of(self, scope: Scope) -> int | None:
        return self._rows.get(scope.rel)

    def keep(
        self, scope: Scope, cache: ScopeCache, entries, memo: dict, *, force: bool = False
    ) -> None:
        """Write the scope's cache when the notes a whole scan saw (``entries``, with their
        identities, packed, in the store's in-memory cache ``memo``) differ from its rows;
        ``force``: whenever they differ (see :meth:`save`)."""
        seen: dict[str, tuple[Identity, str]] = {}
        notes: dict[str, Note] = {}
        for e in entries:
            hit = memo.get(e.path)
            if hit is not None and hit[1] == e.sha256:
                seen[e.rel_in_scope] = (unpacked(hit[0]), e.sha256)
                notes[e.sha256] = e.note
        for digest, note in notes.items():
            # the store's notes are shared and never changed in place (its in-memory cache
            # already relies on that): the note parsed from these bytes is their payload
            if digest not in cache.payloads:
                cache.add(digest, note)
        self.save(scope, cache, seen, force=force)
        self._rows[scope.rel] = len(entries)

    def _secret(self, create: bool) -> bytes | None:
        if self._key is not None:
            return self._key
        path = os.path.join(self.home, STATE_DIR, KEY_NAME)
        key = _key_of(_read(path, 66))
        if key is None and create:
            with suppress(OSError, MemlspError):  # a link or a read-only home: no cache
                os.makedirs(os.path.dirname(path), exist_ok=True)
                # hex text: a tool that reads every file of the home as text reads it too
                text = secrets.token_hex(32) + "\n"
                atomic_write(path, text, mode=0o600, durable=False)
                key = _key_of(_read(path, 66))
        self._key = key
        return key

    def _mac(self, key: bytes, scope: Scope):
        """The signature so far: over the format, the parser and the scope, then the lines."""
        return hmac.new(key, f"{MAGIC}\n{PARSER}\n{scope.rel}\n".encode(), hashlib.sha256)

    def open(self, scope: Scope) -> ScopeCache:
        """The scope's cache, read when first asked; empty when it is missing or fails any
        check."""
        if scope.kind == "folder":
            return ScopeCache()
        return ScopeCache(loader=lambda: self._read(scope))

    def _read(self, scope: Scope) -> tuple[dict, dict]:
        data = _read(scope.root / STATE_DIR / CACHE_NAME)
        key = self._secret(create=False)
        end = data.rfind(b"\n", 0, len(data) - 1) + 1  # the last line is the signature
        body = memoryview(data)[:end]
        mac = self._mac(key, scope) if key is not None and data.endswith(b"\n") else None
        if mac is None:
            return {}, {}
        mac.update(body)
        if not hmac.compare_digest(data[end:], f"{MAGIC} {mac.hexdigest()}\n".encode()):
            return {}, {}
        try:
            return _read_lines(str(body, "utf-8"))
        except UnicodeDecodeError:
            return {}, {}

    def save(
        self,
        scope: Scope,
        cache: ScopeCache,
        seen: dict[str, tuple[Identity, str]],
        *,
        force: bool = False,
    ) -> None:
        """Keep the rows of the files a whole scan saw (``seen``: file → identity, digest),
        when they differ from what the file holds; rows and payloads of deleted or forgotten
        notes are dropped. An edited note's earlier parse stays until a larger change, unless
        ``force`` (a forget rewrote notes in place: a session record lost the prompts quoting
        the forgotten fact, whose earlier parse holds them). Written line by line into one
        buffer: at 100,000 notes the cache is over 100 MB, and copies of it would be the
        scan's largest allocation."""
        rows = cache.rows
        if scope.kind == "folder" or seen == rows:
            return
        if rows and not force and not rows.keys() - seen.keys():  # nothing deleted, forgotten
            changed = sum(1 for rel, row in seen.items() if rows.get(rel) != row)
            if changed * 10 < len(seen):
                return  # a few new or edited notes: parsed until a larger change
        digests = {d for _, d in seen.values()}
        cache.rows = dict(seen)
        cache.payloads = {d: p for d, p in cache.payloads.items() if d in digests}
        secret = self._secret(create=True)
        state = scope.root / STATE_DIR
        if secret is None or not state.is_dir():
            return
        mac, buf = self._mac(secret, scope), bytearray()
        for rel in sorted(seen):
            line = cache.line(rel, *seen[rel])
            if line is not None:
                encoded = line.encode("utf-8") + b"\n"
                mac.update(encoded)
                buf += encoded
        buf += f"{MAGIC} {mac.hexdigest()}\n".encode()
        with suppress(OSError, MemlspError):  # a link or a read-only folder: no cache
            atomic_write(state / CACHE_NAME, buf, durable=False)


def _key_of(data: bytes) -> bytes | None:
    """The 32-byte key a key file holds (64 hex digits), or None."""
    try:
        key = bytes.fromhex(data.decode("ascii").strip())
    except ValueError:
        return None
    return key if len(key) == 32 else None


def _read(path, limit: int = -1) -> bytes:
    """The file's bytes; empty when it is missing, unreadable or reached through a link."""
    if first_link(path) is not None:
        return b""
    try:
        with open(path, "rb") as fh:
            return fh.read(limit)
    except OSError:
        return b""


def parse_file(data: bytes, stem: str, rel: str) -> Note | Problem:
    """The note of ``data``, or the Problem that makes it no note."""
    try:
        return parse_note(data, stem=stem)
    except NoteFormatError as exc:
        return Problem(rel, exc.reason, str(exc))
