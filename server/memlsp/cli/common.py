"""Helpers shared by the CLI commands: the memory service of this invocation, output
formatting. Commands decode arguments, call the service and print; nothing else."""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..core.errors import NotFoundError
from ..core.service import MemoryService
from ..core.settings import load_settings


def open_service(folder: Path | None = None) -> MemoryService:
    """The service over the effective settings (environment, managed), telemetry configured
    (R27) and the managed-settings diagnostics shown on stderr; folder = ``folder`` (the
    workspace a command names) or the current one."""
    settings = load_settings()
    if folder is None:
        service = MemoryService(settings)
    else:
        resolved = folder.resolve()
        service = MemoryService(settings, default_folder=lambda: resolved)
    service.configure_telemetry()
    for line in settings.managed.diagnostics:
        print(f"memlsp: managed settings: {line}", file=sys.stderr)
    return service


def not_found(service: MemoryService, name: str) -> NotFoundError:
    """ "No note named NAME", with the names of this project's and the global notes that
    contain it or look like it (a prefix, a typo), so the next command can be right."""
    import difflib

    names = sorted(
        {e.note.name for s in service.session_scopes() for e in service.store.scan(s).entries}
    )
    key = name.casefold().removesuffix(".md")
    near = [n for n in names if key and key in n.casefold()]
    near += [n for n in difflib.get_close_matches(key, names, n=3, cutoff=0.6) if n not in near]
    hint = f"; did you mean {', '.join(near[:3])}?" if near else ""
    return NotFoundError(f"no note named {name!r}{hint} (see `memlsp ls`)")


def text_arg(value: str) -> str:
    """An argparse ``type`` for free text (a message, a search): bytes that are not UTF-8
    (kept by Python as lone surrogates) become U+FFFD, so the text can be encoded again
    downstream (tokenizers, JSON, SQLite) instead of failing there."""
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def count(value: str) -> int:
    """An argparse ``type`` for a count: a whole number of at least 1 (else a usage error,
    exit 2, instead of an empty answer that looks like "nothing there")."""
    number = int(value)
    if number < 1:
        raise ValueError(value)
    return number


def warn(command: str, warning: str | None) -> None:
    """Say ``warning`` on stderr as ``memlsp <command>: warning: …`` (nothing when None): a
    change that was made, with something the person should know (MEMORY.md not rewritten)."""
    if warning:
        print(f"memlsp {command}: warning: {warning}", file=sys.stderr)


def print_json(value: Any) -> None:
    # one write: json.dump streams thousands of small writes (a third of `ls --json`)
    sys.stdout.write(dumps(value) + "\n")


LONG_LIST = 100  # longer lists print one record a line (the C encoder: 5x faster)


def dumps(value: Any) -> str:
    """JSON indented by 2; a top-level list of more than LONG_LIST items is written one
    item a line, so 10,000 notes cost what the C encoder costs, not Python's indenting
    one (the same JSON either way)."""
    if not isinstance(value, dict) or not any(
        isinstance(v, list) and len(v) > LONG_LIST for v in value.values()
    ):
        return json.dumps(value, ensure_ascii=False, indent=2)
    parts = []
    for k, v in value.items():
        key = json.dumps(k, ensure_ascii=False)
        if isinstance(v, list) and len(v) > LONG_LIST:
            rows = ",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in v)
            parts.append(f"  {key}: [\n{rows}\n  ]")
        else:
            text = json.dumps(v, ensure_ascii=False, indent=2).replace("\n", "\n  ")
            parts.append(f"  {key}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}"


def camel_record(record: Any) -> dict:
    """A service result (a dataclass) as a JSON object with camelCase keys."""
    out = {}
    for f in dataclasses.fields(record):
        value = getattr(record, f.name)
        if not isinstance(value, _SCALARS):  # nested records, lists, mappings: deep copy
            value = dataclasses.asdict(record)[f.name]
        out[_camel(f.name)] = value
    return out


_SCALARS = (str, int, float, bool, type(None))


@functools.cache
def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def human_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    return f"{n / 1024:.1f} KB"


def human_age(days: int) -> str:
    if days == 0:
        return "today"
    if days == 1:
        return "1 day ago"
    return f"{days} days ago"


def colour_enabled(stream: Any = None, mode: str = "auto") -> bool:
    """ANSI colour on ``stream``: ``always``/``never``, or (``auto``) only on a terminal,
    and never when ``NO_COLOR`` is set to anything non-empty (no-color.org) or
    ``TERM=dumb``."""
    if mode in ("always", "never"):
        return mode == "always"
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def fit_words(text: str, width: int) -> str:
    """``text`` on one line in at most ``width`` characters, cut only between words (an
    ellipsis marks the cut); a first word longer than ``width`` gives an empty string."""
    words = text.split()
    line = " ".join(words)
    if len(line) <= width:
        return line
    out = ""
    for word in words:
        candidate = f"{out} {word}" if out else word
        if len(candidate) + 1 > width:  # room for the ellipsis
            break
        out = candidate
    return f"{out.rstrip(',;:.-')}…" if out else ""
