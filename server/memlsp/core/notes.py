"""The note format (SPEC R4): Markdown with YAML frontmatter.

A note is ``name`` (slug = file stem), ``description`` (one line, at most 150 characters),
``type`` (user | feedback | project | reference), optional ``created``/``updated`` (UTC
ISO-8601), ``refs`` (citations), ``source`` and ``agent`` (who wrote it); ``trust: untrusted`` marks quoted data
(pasted or tool content kept as evidence, never a rule; recall labels it). Unknown keys
are kept on rewrite. Notes
written by other agents in the same shape (``type`` at top level or under
``metadata.type``) are read as they are.

Parsing never raises for a bad file: :func:`parse_note` raises :class:`NoteFormatError`
with a stable ``reason``, and scanners report it and skip the file.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import InvalidNoteError, NoteFormatError

NOTE_TYPES = ("user", "feedback", "project", "reference")
SOURCES = ("extraction", "remember", "dream", "manual", "import")
MAX_DESCRIPTION = 150
MAX_NOTE_BYTES = 256 * 1024  # hard: a larger file is not read as a note (doctor: too-large)
NOTE_SIZE_LIMIT = 4096  # soft: one memory per note (a diagnostic on notes above it)
KNOWN_KEYS = ("name", "description", "type", "created", "updated", "refs", "source", "agent")
# Who wrote a note (R4 ``agent``): a surface or agent name, a short slug-like word.
AGENT_NAME = re.compile(r"\A[A-Za-z0-9][A-Za-z0-9 ._/-]{0,63}\Z")

# Stable reasons reported for files that cannot be used as notes.
REASONS = {
    "too-large": "file is larger than 256 KiB",
    "binary": "file holds binary data (NUL bytes)",
    "invalid-utf8": "file is not valid UTF-8",
    "no-frontmatter": "file has no YAML frontmatter (--- block at the top)",
    "broken-yaml": "frontmatter is not valid YAML",
    "frontmatter-not-mapping": "frontmatter is not a key: value mapping",
    "empty-frontmatter": "frontmatter is empty",
    "missing-description": "frontmatter has no description",
    "bad-type": "type is missing or not one of user, feedback, project, reference",
    "bad-name": "name is not a usable slug",
}

# libyaml's C loader when PyYAML was built with it (ten times faster), else the Python one;
# both are the safe loader: plain scalars, lists and mappings, no object construction.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
LOADER_NAME = _LOADER.__name__
_FM_BOUNDARY = re.compile(r"^-{3,}\s*$", re.MULTILINE)
_FM_START = re.compile(r"\A\ufeff?---[ \t]*\r?\n")
_SLUG_STRIP = re.compile(r"[^\w]+", re.UNICODE)


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def iso(ts: dt.datetime) -> str:
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=dt.UTC)
    return ts.astimezone(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def parse_time(value: Any) -> dt.datetime | None:
    """Accept ISO strings (with Z), datetimes and dates from YAML; None when unusable."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        ts = value
    elif isinstance(value, dt.date):
        ts = dt.datetime(value.year, value.month, value.day)
    else:
        text = str(value).strip()
        if text.endswith("Z"):
            text = text[:-1] + "+00:00"
        try:
            ts = dt.datetime.fromisoformat(text)
        except ValueError:
            return None
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=dt.UTC)
    return ts.astimezone(dt.UTC)


def slugify(text: str, *, max_len: int = 60) -> str:
    """A kebab-case slug; keeps letters of any script (Chinese stays Chinese)."""
    text = unicodedata.normalize("NFKC", text).casefold()
    slug = _SLUG_STRIP.sub("-", text).replace("_", "-").strip("-")
    slug = re.sub(r"-{2,}", "-", slug)
    if len(slug) > max_len:
        cut = slug[:max_len]
        slug = cut.rsplit("-", 1)[0] if "-" in cut[max_len // 2 :] else cut
    return slug.strip("-")


def is_valid_slug(name: str) -> bool:
    return bool(name) and slugify(name, max_len=200) == name and len(name) <= 120


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def cut(text: str, limit: int) -> str:
    """Cut to at most ``limit`` characters, ending with an ellipsis when cut."""
    text = one_line(text)
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + "…"


@dataclass(slots=True)  # a store holds one per note file: 100,000 in a large memory
class Note:
    """One memory note. ``meta`` holds every frontmatter key, known or not, in order."""

    name: str
    description: str
    type: str
    body: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # non-fatal warnings from parsing

    @property
    def created(self) -> dt.datetime | None:
        return parse_time(self.meta.get("created"))

    @property
    def updated(self) -> dt.datetime | None:
        return parse_time(self.meta.get("updated"))

    @property
    def source(self) -> str | None:
        value = self.meta.get("source")
        return str(value) if value is not None else None

    @property
    def agent(self) -> str | None:
        """Which agent or surface wrote the note (``claude-code``, ``vscode``, ``cli``, an
        MCP client's name), when recorded."""
        value = self.meta.get("agent")
        return str(value) if value is not None else None

    @property
    def refs(self) -> list[dict[str, Any]]:
        refs = self.meta.get("refs") or []
        return [r for r in refs if isinstance(r, dict)] if isinstance(refs, list) else []

    def validate(self) -> None:
        """Strict checks for notes memlsp writes (reads are lenient, see parse_note)."""
        if not is_valid_slug(self.name):
            raise InvalidNoteError(
                f"name {self.name!r} is not a slug (lower-case words joined by '-')",
                reason="bad-name",
            )
        if self.type not in NOTE_TYPES:
            raise InvalidNoteError(
                f"type {self.type!r} is not one of {', '.join(NOTE_TYPES)}", reason="bad-type"
            )
        desc = self.description
        if not desc.strip():
            raise InvalidNoteError("description is empty", reason="missing-description")
        size = len(self.render().encode("utf-8", "surrogatepass"))  # measured, not written
        if len(self.body) > MAX_NOTE_BYTES or size > MAX_NOTE_BYTES:
            # checked before anything is written: nothing over the limit reaches disk
            raise InvalidNoteError(
                f"the note would be over {MAX_NOTE_BYTES // 1024} KiB; nothing was written",
                reason="too-large",
            )
        if "\n" in desc or len(desc) > MAX_DESCRIPTION:
            raise InvalidNoteError(
                f"description must be one line of at most {MAX_DESCRIPTION} characters "
                f"(got {len(desc)})",
                reason="description-too-long",
            )

    def render(self) -> str:
        """Frontmatter (known keys first, then unknown keys in their order) and body."""
        meta: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "type": self.type,
        }
        nested = self.meta.get("metadata")
        for key in ("created", "updated", "refs", "source", "agent"):
            if self.meta.get(key) not in (None, "", []):
                meta[key] = self.meta[key]
        for key, value in self.meta.items():
            if key not in meta and key not in KNOWN_KEYS:
                meta[key] = value
        if isinstance(nested, dict) and "type" in nested and "type" in meta:
            # An imported note kept its type under metadata; keep both in step.
            meta["metadata"] = {**nested, "type": self.type}
        for key in ("created", "updated"):
            if isinstance(meta.get(key), (dt.datetime, dt.date)):
                meta[key] = iso(parse_time(meta[key]))  # type: ignore[arg-type]
        head = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=10_000)
        body = self.body.strip("\n")
        return f"---\n{head}---\n{body}\n" if body else f"---\n{head}---\n"


def split_note(data: bytes) -> tuple[str, str]:
    """The frontmatter text and the body of note bytes; NoteFormatError when the file is too
    large, binary, not UTF-8 or has no frontmatter block."""
    if len(data) > MAX_NOTE_BYTES:
        raise NoteFormatError(REASONS["too-large"], reason="too-large", size=len(data))
    if b"\x00" in data:
        raise NoteFormatError(REASONS["binary"], reason="binary")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NoteFormatError(
            f"{REASONS['invalid-utf8']} (byte {exc.start})", reason="invalid-utf8"
        ) from exc
    if not _FM_START.match(text):
        raise NoteFormatError(REASONS["no-frontmatter"], reason="no-frontmatter")
    parts = _FM_BOUNDARY.split(text.lstrip("\ufeff"), 2)
    if len(parts) < 3:  # no closing --- line
        raise NoteFormatError(REASONS["no-frontmatter"], reason="no-frontmatter")
    return parts[1], parts[2]


def load_frontmatter(fm_text: str) -> dict[str, Any]:
    """The frontmatter as a mapping with string keys; NoteFormatError when it is not YAML,
    not a mapping, or empty."""
    try:
        meta = yaml.load(fm_text, Loader=_LOADER) if fm_text.strip() else {}  # noqa: S506 - safe loader
    except yaml.YAMLError as exc:
        detail = str(exc).splitlines()[0] if str(exc) else ""
        raise NoteFormatError(f"{REASONS['broken-yaml']}: {detail}", reason="broken-yaml") from exc
    except ValueError as exc:  # e.g. a timestamp out of range
        raise NoteFormatError(f"{REASONS['broken-yaml']}: {exc}", reason="broken-yaml") from exc
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise NoteFormatError(REASONS["frontmatter-not-mapping"], reason="frontmatter-not-mapping")
    if not meta:
        raise NoteFormatError(REASONS["empty-frontmatter"], reason="empty-frontmatter")
    return interned(meta)


def interned(meta: dict[Any, Any]) -> dict[str, Any]:
    """``meta`` with its keys as shared strings (and the short values every note repeats:
    type, source, agent): one copy of ``description`` for the whole memory, not one a note."""
    out = {}
    for k, v in meta.items():
        key = sys.intern(str(k))
        if key in _SHARED_VALUES and isinstance(v, str) and len(v) <= 32:
            v = sys.intern(v)
        out[key] = v
    return out


_SHARED_VALUES = frozenset({"type", "source", "agent", "trust"})


def parse_note(data: bytes, *, stem: str | None = None) -> Note:
    """Parse note bytes; raise NoteFormatError(reason=...) for anything unusable."""
    fm_text, content = split_note(data)
    return note_from_meta(load_frontmatter(fm_text), content, stem=stem)


def note_from_meta(meta: dict[str, Any], content: str, *, stem: str | None = None) -> Note:
    """The note of a parsed frontmatter mapping and its body (the checks of
    :func:`parse_note` after the YAML; the parse cache calls it with a cached mapping)."""
    problems: list[str] = []

    type_ = meta.get("type")
    nested = meta.get("metadata")
    if type_ is None and isinstance(nested, dict):
        type_ = nested.get("type")
    if not isinstance(type_, str) or type_.strip().lower() not in NOTE_TYPES:
        raise NoteFormatError(f"{REASONS['bad-type']} (got {type_!r})", reason="bad-type")
    type_ = sys.intern(type_.strip().lower())

    desc = meta.get("description")
    if not isinstance(desc, str) or not desc.strip():
        raise NoteFormatError(REASONS["missing-description"], reason="missing-description")
    if "\n" in desc.strip():
        problems.append("description spans several lines")
    if len(one_line(desc)) > MAX_DESCRIPTION:
        problems.append(
            f"description is {len(one_line(desc))} characters (limit {MAX_DESCRIPTION})"
        )

    name = meta.get("name")
    if not isinstance(name, str) or not name.strip():
        if stem is None:
            raise NoteFormatError(REASONS["bad-name"], reason="bad-name")
        problems.append("name missing; using the file name")
        name = stem
    name = name.strip()
    if stem is not None and name != stem:
        problems.append(f"name {name!r} differs from the file name {stem!r}")
    line = one_line(desc)
    return Note(
        name=name,
        description=desc if line == desc else line,  # one copy of the text a note, not two
        type=type_,
        body=content,
        meta=meta,
        problems=problems,
    )
