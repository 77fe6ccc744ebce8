"""The persisted symbol index: where things are *defined* in the workspace (SPEC R29).

A note citing ``send_with_backoff`` is stale when no definition of it exists any more, not
when the word no longer appears. What one file defines comes from :mod:`.languages`
(tree-sitter, or a regex fallback whose definitions carry ``parser="regex"``).

The index maps a name to its definitions; each definition knows its qualifier chain
(``("Client", "send")``) so that ``Client.send``, ``Client::send``, ``webhooks::send`` or
``pkg.Func`` resolve. It is keyed per file by ``(mtime_ns, size)``: a refresh re-parses
only changed files, and the index persists as JSON (a derived cache, safe to delete) with
the name and qualifier maps, so a warm start materialises only the names it looks up.

Pure: the standard library and :mod:`.languages`; never imports the LSP or CLI layers.
"""

from __future__ import annotations

import builtins
import functools
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..runtime import CancelToken, ProgressSink
from .extract import symbol_segments
from .languages import (
    PARSER_REGEX,
    PARSER_TREE_SITTER,
    language_of,
    parse_regex,
    parse_tree_sitter,
)
from .symbol_cache import FIELD, ITEM, raw_defs, read_cache, write_cache
from .workspace import Workspace

MAX_SOURCE_BYTES = 1_000_000
# Path segments that name no module of their own (``pkg/__init__.py`` is ``pkg``).
_TRANSPARENT_STEMS = frozenset({"__init__", "mod", "index", "lib", "main"})

# Names no workspace defines but every language provides: an unqualified call of one of
# them is about the language, not the workspace (checked only when nothing defines it).
BUILTIN_NAMES = frozenset(
    {n for n in dir(builtins) if not n.startswith("_")}
    | set(
        """fetch require setTimeout setInterval clearTimeout clearInterval parseInt
        parseFloat isNaN encodeURIComponent decodeURIComponent structuredClone queueMicrotask
        alert console describe it test expect beforeEach afterEach import
        make append cap copy delete panic recover new close complex real imag min max clear
        println print eprintln eprint format vec write writeln assert assert_eq assert_ne
        todo unimplemented unreachable dbg matches include_str env concat stringify
        main init super self""".split()
    )
)


class Definition(NamedTuple):
    """One definition: ``chain`` is its qualifiers and name (``("Client", "send")``);
    ``line`` is 1-based. A NamedTuple: a warm start builds tens of thousands of them."""

    path: str
    line: int
    chain: tuple[str, ...]
    kind: str
    parser: str

    @property
    def name(self) -> str:
        return self.chain[-1]

    @property
    def qualname(self) -> str:
        return ".".join(self.chain)


@dataclass
class Lookup:
    """The answer for one cited symbol.

    ``status``: ``found`` (defined where cited, or anywhere when no path is tied),
    ``moved`` (not in the tied file but defined elsewhere), ``missing`` (defined nowhere),
    ``external`` (a qualified name whose qualifiers the workspace does not know — a
    library's — or a language builtin: not checkable, never reported).
    """

    status: str
    definitions: list[Definition]

    @property
    def heuristic(self) -> bool:
        return any(d.parser == PARSER_REGEX for d in self.definitions)


@functools.lru_cache(maxsize=65536)
def path_chains(path: str) -> list[tuple[str, ...]]:
    """Module qualifiers a definition in ``path`` can be cited under:
    ``src/webhooks.rs`` → ``(src, webhooks)`` and ``(src,)`` (Go and Java packages are
    folders); ``pkg/__init__.py`` → ``(pkg,)``."""
    parts = path.split("/")
    stem = parts[-1].rsplit(".", 1)[0]
    dirs = tuple(parts[:-1])
    chains = [dirs]
    if stem not in _TRANSPARENT_STEMS:
        chains.append(dirs + (stem,))
    return chains


# ---- the index ------------------------------------------------------------------------------
class SymbolIndex:
    """Definitions of every indexable workspace file, by name.

    Lazy: the persisted index holds, besides each file's definitions, which files define
    each name and how often each qualifier occurs; a lookup turns only the definitions of
    the name it asks for into :class:`Definition` objects (and groups them by qualifier
    then). A check warm from the disk cache therefore reads one JSON document and stats
    the files, instead of rebuilding maps of every definition of the workspace."""

    def __init__(
        self,
        workspace: Workspace,
        cache_file: Path | None = None,
        *,
        cache_only_in: Path | None = None,
    ) -> None:
        self.workspace = workspace
        self.cache_file = cache_file
        # the cache is written only while this folder exists (the project scope's: a check
        # of a folder without memory creates no project in the memory home)
        self.cache_only_in = cache_only_in
        self._root_str = str(workspace.root)
        self._def_cache: dict[str, tuple[tuple, list[Definition]]] = {}
        # path -> (mtime_ns, size, parser, [(chain, line, kind)]); a chain read from the
        # cache is a list until the file's definitions are materialised
        self._files: dict[str, tuple[int, int, str, list]] = {}
        # name -> the files defining it (a file once per definition of that name); a
        # packed string until the name is used
        self._names: dict[str, list[str] | str] = {}
        # qualifier or module segment -> how many definitions and paths carry it; read
        # from the packed cache on first use
        self._known: dict[str, int] = {}
        self._known_packed: tuple[str, str] | None = None
        # materialised on demand: name -> definitions; name -> innermost qualifier ->
        # definitions (``Widget.run`` must not scan every ``run`` of a large workspace)
        self._by_name: dict[str, list[Definition]] = {}
        self._by_qual: dict[str, dict[str, list[Definition]]] = {}
        self.stats = {"parsed": 0, "reused": 0, "loaded_from_cache": False, "seconds": 0.0}
        self._dirty = False

    # ---- persistence ------------------------------------------------------------------
    def load_cache(self) -> bool:
        if self.cache_file is None:
            return False
        got = read_cache(self.cache_file, str(self.workspace.root))
        if got is None:
            return False  # missing, another version or workspace, or damaged: rebuilt
        files, names, known = got
        self._files = files
        self._names = names
        self._known, self._known_packed = {}, (known[0], known[1])
        self._by_name, self._by_qual, self._def_cache = {}, {}, {}
        self.stats["loaded_from_cache"] = True
        return True

    def save_cache(self) -> None:
        if self.cache_file is None or not self._dirty:
            return
        if self.cache_only_in is not None and not self.cache_only_in.is_dir():
            return  # still dirty: saved by the first build after the folder exists
        known = self._known_packed if self._known_packed is not None else self._known
        write_cache(self.cache_file, str(self.workspace.root), self._files, self._names, known)
        self._dirty = False

    # ---- building -----------------------------------------------------------------------
    def build(
        self, *, cancel: CancelToken | None = None, progress: ProgressSink | None = None
    ) -> dict:
        """Bring the index up to date with the workspace: re-parse only files whose
        ``(mtime_ns, size)`` changed. Returns stats (parsed, reused, seconds).

        ``progress`` hears ``indexing symbols: <done>/<total> files`` with the percentage
        done. When ``cancel`` is set the build stops early, without raising: the caller
        decides what a partial index means (it is complete for the files it did reach)."""
        started = time.perf_counter()
        if not self._files:
            self.load_cache()
        wanted = [p for p in self.workspace.files if language_of(p) is not None]
        wanted_set = set(wanted)
        removed = [p for p in self._files if p not in wanted_set]
        for gone in removed:
            entry = self._files.pop(gone)
            self._index(gone, entry[3], -1, entry[2])
            self._dirty = True
        parsed = reused = 0
        for i, path in enumerate(wanted):
            if cancel is not None and i % 256 == 0 and cancel.cancelled:
                break
            if progress is not None and i % 500 == 0:
                progress(f"indexing symbols: {i}/{len(wanted)} files", 100 * i // len(wanted))
            if self._reindex_file(path):
                parsed += 1
            else:
                reused += 1
        self.stats.update(parsed=parsed, reused=reused, seconds=time.perf_counter() - started)
        self.save_cache()
        return dict(self.stats)

    def _reindex_file(self, path: str) -> bool:
        """Re-parse ``path`` when its stat key changed and move its definitions in the
        maps; True when it was parsed."""
        old = self._files.get(path)
        parsed = self._refresh_file(path)
        if parsed or (old is not None and path not in self._files):
            if old is not None:
                self._index(path, old[3], -1, old[2])
            if path in self._files:
                entry = self._files[path]
                self._index(path, entry[3], +1, entry[2])
        return parsed

    def _refresh_file(self, path: str) -> bool:
        """Re-parse ``path`` when its stat key changed; True when it was parsed."""
        full = os.path.join(self._root_str, path)
        try:
            st = os.stat(full)
        except OSError:
            if self._files.pop(path, None) is not None:
                self._dirty = True
            return False
        old = self._files.get(path)
        if old is not None and old[0] == st.st_mtime_ns and old[1] == st.st_size:
            return False
        kind = language_of(path)
        defs: list = []
        parser = PARSER_REGEX
        if kind is not None and st.st_size <= MAX_SOURCE_BYTES:
            try:
                with open(full, "rb") as fh:
                    src = fh.read()
            except OSError:
                src = b""
            parser, lang = kind
            got = parse_tree_sitter(lang, src) if parser == PARSER_TREE_SITTER else None
            if got is None:
                parser, got = PARSER_REGEX, parse_regex(src)
            defs = got
        self._files[path] = (st.st_mtime_ns, st.st_size, parser, defs)
        self._dirty = True
        return True

    def _defs_of(self, path: str) -> list[Definition]:
        entry = self._files.get(path)
        if entry is None:
            return []
        cached = self._def_cache.get(path)
        if cached is not None and cached[0] is entry:
            return cached[1]
        _, _, parser, defs = entry
        made = [Definition(path, ln, chain, kind, parser) for chain, ln, kind in raw_defs(defs)]
        self._def_cache[path] = (entry, made)
        return made

    def _index(self, path: str, defs: list, sign: int, parser: str = PARSER_REGEX) -> None:
        """Add (``sign`` +1) or remove (-1) the raw definitions ``defs`` of ``path`` (parsed
        by ``parser``) in the name and qualifier maps, and in what was materialised for
        those names (a file event must not re-materialise every ``run`` of a workspace)."""
        known, names = self._known_map(), self._names
        for chain, line, kind in raw_defs(defs):
            name = chain[-1]
            memo, per = self._by_name.get(name), self._by_qual.get(name)
            if sign > 0:
                self._paths_of(name, create=True).append(path)
                if memo is not None or per is not None:
                    d = Definition(path, line, chain, kind, parser)
                    if memo is not None:
                        memo.append(d)
                    if per is not None:
                        for key in _qual_keys(d):
                            per.setdefault(key, []).append(d)
            else:
                left = [p for p in self._paths_of(name) if p != path]
                if left:
                    names[name] = left
                else:
                    names.pop(name, None)
                if memo is not None:
                    memo[:] = [d for d in memo if d.path != path]
                if per is not None:
                    for key in _qual_keys(Definition(path, line, chain, kind, parser)):
                        kept = [d for d in per.get(key, ()) if d.path != path]
                        if kept:
                            per[key] = kept
                        else:
                            per.pop(key, None)
            for q in chain:
                known[q] = known.get(q, 0) + sign
        for chain in path_chains(path):
            for q in chain:
                known[q] = known.get(q, 0) + sign
        self._def_cache.pop(path, None)

    def _paths_of(self, name: str, *, create: bool = False) -> list[str]:
        """The files defining ``name`` (unpacked from the cache on first use)."""
        paths = self._names.get(name)
        if paths is None:
            if not create:
                return []
            paths = self._names[name] = []
        elif type(paths) is str:
            paths = self._names[name] = paths.split(FIELD) if paths else []
        return paths

    def _known_map(self) -> dict[str, int]:
        """Qualifier and module segment counts (unpacked from the cache on first use; a
        damaged packing is recounted from the files)."""
        if self._known_packed is not None:
            keys, counts = self._known_packed
            self._known_packed = None
            try:
                values = [int(n) for n in counts.split(FIELD)] if counts else []
                names = keys.split(FIELD) if keys else []
                if len(values) != len(names):
                    raise ValueError
                self._known = dict(zip(names, values, strict=True))
            except ValueError:
                self._known = {}
                for path, entry in self._files.items():
                    for chain, _line, _kind in raw_defs(entry[3]):
                        for q in chain:
                            self._known[q] = self._known.get(q, 0) + 1
                    for chain in path_chains(path):
                        for q in chain:
                            self._known[q] = self._known.get(q, 0) + 1
        return self._known

    def _named(self, name: str) -> list[Definition]:
        """Every definition of ``name`` (materialised once, until a file defining it
        changes)."""
        got = self._by_name.get(name)
        if got is None:
            got = []
            for path in dict.fromkeys(self._paths_of(name)):
                entry = self._files.get(path)
                if entry is not None:
                    got += self._defs_named(path, entry, name)
            self._by_name[name] = got
        return got

    @staticmethod
    def _defs_named(path: str, entry, name: str) -> list[Definition]:
        parser, defs = entry[2], entry[3]
        if type(defs) is str:  # unpack only the items that can define ``name``
            head, inner = name + FIELD, FIELD + name + FIELD
            defs = ITEM.join(
                item for item in defs.split(ITEM) if item.startswith(head) or inner in item
            )
        return [
            Definition(path, ln, chain, kind, parser)
            for chain, ln, kind in raw_defs(defs)
            if chain[-1] == name
        ]

    def _qualified(self, qualifier: str, name: str) -> list[Definition]:
        """The definitions of ``name`` whose innermost qualifier — their class, impl type or
        receiver, or the module their file is — is ``qualifier``."""
        per = self._by_qual.get(name)
        if per is None:
            per = {}
            for d in self._named(name):
                for key in _qual_keys(d):
                    per.setdefault(key, []).append(d)
            self._by_qual[name] = per
        return per.get(qualifier, [])

    def update_files(self, paths: Iterable[str]) -> set[str]:
        """Re-index ``paths`` (created, changed or deleted); returns every symbol name
        defined in them before or after — the names whose lookups may have changed."""
        names: set[str] = set()
        for path in set(paths):
            if path in self._files:
                old = self._files[path]
                names.update(c[-1] for c, _, _ in raw_defs(old[3]))
                self._index(path, old[3], -1, old[2])
                if path not in self.workspace.files or language_of(path) is None:
                    del self._files[path]
                    self._dirty = True
                else:
                    self._files[path] = (-1, -1, old[2], [])  # parse again below
            if path in self.workspace.files and language_of(path) is not None:
                self._refresh_file(path)
                if path in self._files:
                    _, _, parser, defs = self._files[path]
                    self._index(path, defs, +1, parser)
                    names.update(c[-1] for c, _, _ in raw_defs(defs))
        return names

    # ---- queries ------------------------------------------------------------------------
    def definitions(self, name: str) -> list[Definition]:
        return list(self._named(name))

    def definitions_in(self, path: str) -> list[Definition]:
        return self._defs_of(path)

    def parser_of(self, path: str) -> str | None:
        entry = self._files.get(path)
        return entry[2] if entry is not None else None

    def is_known(self, segment: str) -> bool:
        """Is ``segment`` a name the workspace defines or a module/folder it has?"""
        return self._known_map().get(segment, 0) > 0

    def lookup(self, symbol: str, path: str | None = None) -> Lookup:
        """Resolve a cited symbol, first in ``path`` (when tied to one), then anywhere."""
        segs = symbol_segments(symbol)
        if not segs:
            return Lookup("external", [])
        name, quals = segs[-1], tuple(segs[:-1])
        pool = self._qualified(quals[-1], name) if quals else self._named(name)
        matches = [d for d in pool if _matches(d, quals)]
        if path is not None:
            here = [d for d in matches if d.path == path]
            if here:
                return Lookup("found", here)
            if matches:
                return Lookup("moved", matches)
        elif matches:
            return Lookup("found", matches)
        if quals:
            if not any(self.is_known(q) for q in quals):
                return Lookup("external", [])
        elif name in BUILTIN_NAMES and path is None:
            return Lookup("external", [])
        return Lookup("missing", [])

    def __len__(self) -> int:
        return len(self._files)


def _qual_keys(d: Definition) -> set[str]:
    """The innermost qualifiers ``d`` can be cited under: its class (impl type, receiver)
    and the module its file is."""
    keys = {q[-1] for q in path_chains(d.path) if q}
    if len(d.chain) > 1:
        keys.add(d.chain[-2])
    return keys


def _matches(d: Definition, quals: tuple[str, ...]) -> bool:
    if not quals:
        return True
    k = len(quals)
    for chain in path_chains(d.path):
        full = chain + d.chain[:-1]
        if len(full) >= k and full[-k:] == quals:
            return True
    return False


__all__ = ["BUILTIN_NAMES", "Definition", "Lookup", "SymbolIndex", "path_chains"]
