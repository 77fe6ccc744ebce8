"""Secrets wrapped in an encoding anyone can undo (SPEC R8; the attack run of issue 14).

A credential stays a credential when it is wrapped over several lines, or written as
base64 (standard or URL-safe, padded or not, wrapped, or as a segment of a path), as hex,
or in full-width or other compatibility letters. :func:`encoded_findings` undoes each of these and hands the plain text back to
the secret finder; a finding inside it becomes a finding over the *encoded* span, so a
redaction removes the whole encoded form.

Only text that decodes to printable UTF-8 is looked into: hashes, git SHAs, UUIDs and
random bytes decode to binary and are left alone, and a benign fixture decodes to text
that holds no secret.

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from collections.abc import Callable, Iterator

# a run of a base64 alphabet within a line, and a block of whole lines of one (a long
# value wrapped at a fixed width)
_B64 = re.compile(r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{16,}={0,2}(?![A-Za-z0-9+/_\-=])")
_B64_BLOCK = re.compile(
    r"(?<![A-Za-z0-9+/_\-])(?:[A-Za-z0-9+/_\-]{4,}={0,2}[ \t]*\r?\n[ \t]*)+"
    r"[A-Za-z0-9+/_\-]{2,}={0,2}(?![A-Za-z0-9+/_\-=])"
)
_HEX = re.compile(r"(?<![0-9A-Za-z])(?:[0-9A-Fa-f]{2}){12,}(?![0-9A-Za-z])")
_WS = re.compile(r"\s+")
MIN_DECODED = 12  # shorter decoded text cannot hold a credential worth a finding
MIN_WRAPPED = 24  # shorter joined lines are not a wrapped key


def _printable(data: bytes) -> str | None:
    """``data`` as text when it is UTF-8 and (nearly) all printable; else None."""
    if len(data) < MIN_DECODED:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    shown = sum(ch.isprintable() or ch in "\t\r\n" for ch in text)
    return text if shown >= 0.95 * len(text) else None


def _from_base64(run: str) -> str | None:
    plain = _decode_base64(run)
    if plain is None and "/" in run:  # a path: config/<base64>.py — each segment alone
        for part in run.split("/"):
            if len(part) >= 16 and (plain := _decode_base64(part)) is not None:
                return plain
    return plain


def _decode_base64(run: str) -> str | None:
    raw = _WS.sub("", run).rstrip("=").replace("-", "+").replace("_", "/")
    if len(raw) % 4 == 1:
        raw = raw[:-1]
    try:
        return _printable(base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True))
    except (binascii.Error, ValueError):
        return None


def _joined_lines(block: str) -> Iterator[str]:
    """A value wrapped over lines, joined again; the block's first or last line may be a
    word of the prose around it, so without them too."""
    lines = [ln.strip() for ln in block.splitlines()]
    n = len(lines)
    for i, j in ((0, n), (1, n), (0, n - 1), (1, n - 1)):
        joined = "".join(lines[i:j])
        # two words across a line break are prose; a wrapped key is long and has digits
        if j - i >= 2 and len(joined) >= MIN_WRAPPED and any(c.isdigit() for c in joined):
            yield joined


def _from_hex(run: str) -> str | None:
    try:
        return _printable(bytes.fromhex(run))
    except ValueError:
        return None


def _compatibility_form(text: str) -> str | None:
    """``text`` with each full-width or other compatibility character replaced by its
    one-character NFKC form (the same length, so spans carry over); None when none."""
    if text.isascii():
        return None
    out = []
    letters = False  # only letters and digits carry a key (full-width punctuation does not)
    for ch in text:
        if ch.isascii():
            out.append(ch)
            continue
        norm = unicodedata.normalize("NFKC", ch)
        if len(norm) == 1 and norm.isascii():
            letters = letters or norm.isalnum()
            out.append(norm)
        else:
            out.append(ch)
    return "".join(out) if letters else None


def encoded_findings(text: str, find: Callable[[str], list]) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of every span of ``text`` that decodes to text in which ``find``
    (the secret finder) finds a secret; the kind names the encoding and the secret."""
    for rx, decode, name in ((_B64, _from_base64, "base64"), (_HEX, _from_hex, "hex")):
        for m in rx.finditer(text):
            plain = decode(m.group(0))
            if plain is None:
                continue
            inner = find(plain)
            if inner:
                yield f"{name}-{inner[0].kind}", m.start(), m.end()
    for m in _B64_BLOCK.finditer(text):
        # a key wrapped over lines, as it is and base64-decoded
        for joined in _joined_lines(m.group(0)):
            for kind, plain in (("wrapped", joined), ("base64", _from_base64(joined))):
                inner = find(plain) if plain else []
                if inner:
                    yield f"{kind}-{inner[0].kind}", m.start(), m.end()
                    break
            else:
                continue
            break
    plain = _compatibility_form(text)
    if plain is not None:
        for f in find(plain):
            yield f"compat-{f.kind}", f.start, f.end


__all__ = ["encoded_findings"]
