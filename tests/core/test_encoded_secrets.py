"""A secret wrapped in an encoding anyone can undo is still a secret (SPEC R8; the attack
run of issue 14): base64 (standard, URL-safe, unpadded, cut over lines), hex and
full-width forms of the corpus's credentials are found, refused by ``remember`` and never
reach the home; the same encodings of benign text (fixtures, hashes, ids) are not."""

from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid

import pytest
from memlsp.core.errors import RefusedError
from memlsp.core.policy.secrets import find_secrets, redact
from memlsp.core.remember import remember
from memlsp.core.store import Store

from .secret_corpus import credentials

CREDS = credentials()
# one credential of each broad family: vendor prefix, assignment, URL password, key block
SAMPLE = [c for c in CREDS if c[0] in ("github-classic", "anthropic", "env-line", "jdbc")]


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def wrapped(text: str) -> list[tuple[str, str]]:
    """(encoding, the encoded form) of ``text``."""
    std = b64(text)
    return [
        ("base64", std),
        ("base64-unpadded", std.rstrip("=")),
        ("base64url", base64.urlsafe_b64encode(text.encode()).decode()),
        ("base64-lines", "\n".join(std[i : i + 20] for i in range(0, len(std), 20))),
        ("hex", text.encode().hex()),
        ("full-width", full_width(text)),
    ]


CASES = [
    (f"{fmt}/{enc}", encoded, full_width(pieces[0]) if enc == "full-width" else encoded)
    for fmt, message, pieces in SAMPLE
    for enc, encoded in wrapped(message)
]


def test_the_sample_covers_four_families() -> None:
    assert len(SAMPLE) == 4


@pytest.mark.parametrize(("case", "encoded", "residue"), CASES, ids=[c[0] for c in CASES])
def test_an_encoded_credential_is_found(case: str, encoded: str, residue: str) -> None:
    text = f"The CI config carries this blob:\n{encoded}\nkeep it for the release job."
    assert find_secrets(text), case
    # the span covers the encoded secret: a redaction (what derived files keep) removes it
    redacted = redact(text)
    assert all(line not in redacted for line in residue.splitlines()), redacted


def test_remember_refuses_an_encoded_credential_and_writes_nothing(tmp_path) -> None:
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.project_scope(tmp_path))
    token = next(pieces[0] for fmt, _m, pieces in CREDS if fmt == "github-classic")
    for _enc, encoded in wrapped(f"GITHUB_TOKEN={token}"):
        with pytest.raises(RefusedError) as refused:
            remember(store, scope, f"Our release job reads the blob {encoded} at start.")
        assert refused.value.reason == "refused-secret"
    assert not [p for p in (tmp_path / "home").rglob("*.md") if p.name != "MEMORY.md"]


def test_a_key_wrapped_over_lines_or_encoded_in_a_path_is_found() -> None:
    for fmt, _message, pieces in SAMPLE[:2]:  # two vendor-prefixed keys
        key = pieces[0]
        for cut in (len(key) // 3, len(key) // 2, 30):
            text = f"The key is\n{key[:cut]}\n{key[cut:]}\nremember it"
            assert find_secrets(text), (fmt, cut)
            inline = f"The key is {key[:cut]}\n{key[cut:]} for the release job."
            assert find_secrets(inline), (fmt, cut)
        encoded = base64.b64encode(f"GITHUB_TOKEN={key}".encode()).decode()
        assert find_secrets(f"The loader reads config/{encoded}.py at start."), fmt


def test_the_prefixed_part_of_a_cut_key_is_found_alone() -> None:
    """A key cut over two lines with a blank line between, or over two notes a dream then
    merges: its first part, the one with the vendor prefix, is a secret on its own."""
    rng = random.Random()
    letters = "".join(rng.choice(string.ascii_letters) for _ in range(16))  # no digit
    for key in ("gh" + "p_" + letters, "github" + "_pat_" + letters, "sk-" + "proj-" + letters):
        assert find_secrets(f"Release bot credential part one\n{key}\n\nthe rest later"), key


def test_encodings_of_benign_text_are_not_secrets() -> None:
    rng = random.Random(3)
    benign = [
        "hello world fixture number 12 for the parser",
        "The quick brown fox jumps over the lazy dog near the river bank",
        '{"alg": "none", "typ": "fixture", "user": "ada", "role": "reader"}',
        "release notes for version 4.2.0 of the billing service",
    ]
    texts = []
    for plain in benign:
        texts += [f"The decoder test feeds {e} and expects text." for _n, e in wrapped(plain)]
    for _ in range(20):
        texts.append(f"commit {hashlib.sha1(rng.randbytes(8)).hexdigest()} tagged the release")
        texts.append(f"integrity sha512-{b64(hashlib.sha512(rng.randbytes(8)).hexdigest())}")
        texts.append(f"request id {uuid.UUID(int=rng.getrandbits(128))} in the access log")
        texts.append("image bytes " + b64("".join(rng.choice(string.printable) for _ in range(40))))
    flagged = [t for t in texts if find_secrets(t)]
    assert flagged == []
