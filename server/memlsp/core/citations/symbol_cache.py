"""The on-disk form of the symbol index (:mod:`.symbols`): a derived cache, safe to
delete, under the project scope's ``.memlsp/citations/``.

One JSON document: each file's ``(mtime_ns, size, parser, definitions)``, which files
define each name, and how often each qualifier or module segment occurs. The definitions,
the name lists and the counts are packed in strings (ASCII record and unit separators,
never part of an identifier): a JSON decoder reads a few long strings about 20 times
faster than the same data as nested lists, and a warm start then unpacks only the files
and names it looks up (:func:`raw_defs`). A cache of another version or workspace, or one
that is not shaped as written here, is ignored and rebuilt, never trusted; a damaged item
inside is skipped when it is unpacked.

Pure: standard library and :mod:`memlsp.core.fsutil`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from ..fsutil import atomic_write

# 3: definitions, names and qualifier counts packed in strings
CACHE_VERSION = 3
ITEM, FIELD = "\x1e", "\x1f"  # record and unit separators


def read_cache(path: Path, root: str) -> tuple[dict, dict, tuple[str, str]] | None:
    """``(files, names, (known keys, known counts))`` of a cache written for ``root``, or
    None (missing, unreadable, another version or workspace, or damaged)."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    if data.get("version") != CACHE_VERSION or data.get("root") != root:
        return None
    files, names, known = data.get("files"), data.get("names"), data.get("known")
    if not _well_formed(files, names, known):
        return None
    return files, names, (known[0], known[1])


def write_cache(
    path: Path, root: str, files: dict, names: dict, known: dict | tuple[str, str]
) -> None:
    """Write the index: ``files`` path -> (mtime_ns, size, parser, definitions, parsed or
    still packed), ``names`` name -> paths (or still packed), ``known`` segment -> count
    (or still packed)."""
    if isinstance(known, dict):
        live = {k: n for k, n in known.items() if n > 0 and packable(k)}
        known = (FIELD.join(live), FIELD.join(map(str, live.values())))
    data = {
        "version": CACHE_VERSION,
        "root": root,
        "files": {p: [m, s, parser, pack_defs(defs)] for p, (m, s, parser, defs) in files.items()},
        "names": {
            n: v if type(v) is str else FIELD.join(v) for n, v in names.items() if v and packable(n)
        },
        "known": list(known),
    }
    atomic_write(path, json.dumps(data, separators=(",", ":")))


def _well_formed(files: object, names: object, known: object) -> bool:
    """Is a loaded cache shaped as :func:`write_cache` writes it (at the top
    level: each definition is checked when it is unpacked, see :func:`raw_defs`)?"""
    if not (type(files) is dict and type(names) is dict and type(known) is list):
        return False
    if len(known) != 2 or not all(type(k) is str for k in known):
        return False
    try:
        for m, size, parser, defs in files.values():
            if not (type(m) is int and type(size) is int and type(parser) is str):
                return False
            if type(defs) is not str:
                return False
    except (TypeError, ValueError):
        return False
    return all(type(p) is str for p in names.values())


def packable(text: str) -> bool:
    return ITEM not in text and FIELD not in text


def pack_defs(defs: list | str) -> str:
    if type(defs) is str:
        return defs  # read from the cache and never unpacked: unchanged
    return ITEM.join(
        FIELD.join([*chain, str(line), kind])
        for chain, line, kind in raw_defs(defs)
        if all(packable(q) for q in chain) and packable(kind)
    )


def raw_defs(defs: list | str) -> Iterator[tuple[tuple[str, ...], int, str]]:
    """The well-formed ``(chain, line, kind)`` items of a file's definitions, parsed or
    packed in the cache (a damaged item is skipped, never trusted)."""
    if type(defs) is str:
        for item in defs.split(ITEM) if defs else ():
            parts = item.split(FIELD)
            if len(parts) < 3 or not all(parts[:-2]):
                continue
            try:
                line = int(parts[-2])
            except ValueError:
                continue
            yield tuple(parts[:-2]), line, parts[-1]
        return
    for item in defs:
        try:
            chain, line, kind = item
        except (TypeError, ValueError):
            continue
        if type(chain) is not tuple:
            if type(chain) is not list or not chain:
                continue
            chain = tuple(chain)
        if type(line) is int and type(kind) is str and all(type(q) is str for q in chain):
            yield chain, line, kind


__all__ = ["CACHE_VERSION", "pack_defs", "raw_defs", "read_cache", "write_cache"]
