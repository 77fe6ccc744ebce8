"""Acceptance 3 of issue 4 (SPEC R8): secrets are never persisted; benign look-alikes pass.

Every fake credential is built at run time from pieces, so no credential-shaped literal is
committed to the repository.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import random
import string
import uuid

import pytest
from memlsp.core.autosave import autosave_session
from memlsp.core.errors import RefusedError
from memlsp.core.extract import Message, extract_turn
from memlsp.core.models import ModelReply, ModelRequest, ToolCall
from memlsp.core.policy import check_candidate
from memlsp.core.policy.secrets import find_secrets, redact
from memlsp.core.remember import remember
from memlsp.core.store import Store

NOW = dt.datetime(2026, 5, 6, 8, 0, tzinfo=dt.UTC)
ALNUM = string.ascii_letters + string.digits


def _r(rng: random.Random, n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64url(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def fake_credentials() -> list[tuple[str, str]]:
    """(format, credential) pairs: 3 of each of 20 formats."""
    rng = random.Random(20260506)
    hexd = "0123456789abcdef"
    upper = string.ascii_uppercase + string.digits
    makers = {
        "anthropic": lambda: "sk-" + "ant-api03-" + _r(rng, 90, ALNUM + "-_") + "AA",
        "openai-project": lambda: "sk-" + "proj-" + _r(rng, 40) + "9" + _r(rng, 8),
        "github-classic": lambda: "gh" + rng.choice("pousr") + "_" + _r(rng, 36),
        "github-fine-grained": lambda: "github" + "_pat_" + _r(rng, 22) + "_" + _r(rng, 59),
        "gitlab": lambda: "gl" + "pat-" + _r(rng, 20),
        "slack-bot": lambda: "xo" + "xb-" + _r(rng, 12, string.digits) + "-" + _r(rng, 24),
        "stripe": lambda: rng.choice(["sk", "rk"]) + "_live_" + _r(rng, 24),
        "aws-access-key": lambda: rng.choice(["AK", "AS"]) + "IA" + _r(rng, 16, upper),
        "aws-secret": lambda: "aws_secret_access_key = " + _r(rng, 40, ALNUM + "/+"),
        "google": lambda: "AI" + "za" + _r(rng, 35, ALNUM + "_-"),
        "twilio": lambda: "S" + "K" + _r(rng, 32, hexd),
        "sendgrid": lambda: "S" + "G." + _r(rng, 22) + "." + _r(rng, 43),
        "npm": lambda: "np" + "m_" + _r(rng, 36),
        "pem-private-key": lambda: (
            "-----BEGIN "
            + "RSA PRIVATE KEY-----\n"
            + _r(rng, 64, ALNUM + "+/")
            + "\n-----END RSA PRIVATE KEY-----"
        ),
        "jwt": lambda: (
            _b64url({"alg": "HS256", "typ": "JWT"})
            + "."
            + _b64url({"sub": _r(rng, 8), "iat": rng.randint(10**9, 2 * 10**9)})
            + "."
            + _r(rng, 43, ALNUM + "-_")
        ),
        "postgres-url": lambda: (
            "postgres://app_"
            + _r(rng, 4).lower()
            + ":"
            + _r(rng, 14)
            + "@db."
            + _r(rng, 5).lower()
            + ".internal:5432/main"
        ),
        "password-assignment": lambda: (
            "DB_PASSWORD=" + _r(rng, 6) + "!" + _r(rng, 6, string.digits)
        ),
        "huggingface": lambda: "h" + "f_" + _r(rng, 34),
        "slack-webhook": lambda: (
            "https://hooks.slack.com/services/T"
            + _r(rng, 8, upper)
            + "/B"
            + _r(rng, 8, upper)
            + "/"
            + _r(rng, 24)
        ),
        "zh-password": lambda: "密码是 " + _r(rng, 5) + "#" + _r(rng, 5, string.digits) + "Aa",
    }
    return [(kind, make()) for kind, make in makers.items() for _ in range(3)]


def secret_part(credential: str) -> str:
    """The part of a credential that must never reach the disk (without its label)."""
    for label in ("aws_secret_access_key = ", "DB_PASSWORD=", "密码是 "):
        if credential.startswith(label):
            return credential[len(label) :]
    if credential.startswith("postgres://"):
        return credential.split(":")[2].split("@")[0]
    return credential


CREDS = fake_credentials()


def test_corpus_size():
    assert len(CREDS) >= 50
    assert len({kind for kind, _ in CREDS}) >= 15


@pytest.mark.parametrize(
    ("kind", "cred"), CREDS, ids=[f"{k}-{i % 3}" for i, (k, _) in enumerate(CREDS)]
)
def test_every_fake_credential_is_found_and_redacted(kind, cred):
    text = f"for the deploy use {cred} and nothing else"
    assert find_secrets(text), kind
    assert secret_part(cred) not in redact(text)
    verdict = check_candidate(text, now=NOW)
    assert verdict.status == "refused" and verdict.reason == "refused-secret"
    assert secret_part(cred) not in verdict.message


class ScriptedProvider:
    """A provider that writes one note with a secret in its frontmatter description."""

    name = "scripted"
    uses_model = True

    def __init__(self, secret: str):
        self.secret = secret
        self.calls = 0

    def complete(self, request: ModelRequest) -> ModelReply:
        self.calls += 1
        if self.calls == 1:
            args = {
                "name": "deploy-credential",
                "description": f"deploy credential {self.secret}",
                "type": "reference",
                "body": "where the deploy credential lives",
            }
            return ModelReply(tool_calls=[ToolCall("t1", "write_note", args)])
        return ModelReply(text="done")


def test_secrets_in_turns_frontmatter_and_remember_never_reach_the_disk(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    store = Store(home)
    scope = store.project_scope(tmp_path)
    history: list[Message] = []
    for i, (kind, cred) in enumerate(CREDS):
        # in a turn, next to a statement worth remembering
        user = Message(
            "user",
            f"Always run the smoke tests before a deploy. The {kind} credential is {cred} for now.",
            NOW,
        )
        reply = Message("assistant", f"I will not store {cred}; rotate it.", NOW)
        extract_turn(store, scope, session_id="sec", turn=i + 1, messages=[user, reply])
        history += [user, reply]
        # in frontmatter written by a model
        res = extract_turn(
            store,
            scope,
            session_id="sec-model",
            turn=i + 1,
            messages=[user],
            provider=ScriptedProvider(cred),
        )
        assert any(r.reason == "refused-secret" for r in res.refused)
        # in an explicit remember request
        with pytest.raises(RefusedError) as info:
            remember(store, scope, f"remember the {kind} key: {cred}", now=NOW)
        assert info.value.reason == "refused-secret" and info.value.category == "secret"
    autosave_session(store, scope, session_id="sec", messages=history)
    blobs = [f.read_bytes() for f in home.rglob("*") if f.is_file()]
    assert blobs, "something (the smoke-test rule, the index) was written"
    for kind, cred in CREDS:
        needle = secret_part(cred).encode()
        for blob in blobs:
            assert needle not in blob, kind
    # the statement next to the secrets was still learned
    assert any(b"smoke tests" in blob for blob in blobs)


def benign_snippets() -> list[str]:
    rng = random.Random(7)
    out: list[str] = []
    for _ in range(80):
        out.append(hashlib.sha1(rng.randbytes(16)).hexdigest())  # git SHA
        out.append(hashlib.sha1(rng.randbytes(16)).hexdigest()[:7])  # short SHA
        out.append(str(uuid.UUID(int=rng.getrandbits(128))))  # UUID
        out.append(hashlib.sha256(rng.randbytes(16)).hexdigest())  # sha256
        out.append(base64.b64encode(rng.randbytes(rng.randint(12, 48))).decode())  # fixture
        out.append(f"v{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 99)}")
        out.append("#" + rng.randbytes(3).hex())  # CSS colour
    for _ in range(20):
        out.append(f"rgb({rng.randint(0, 255)}, {rng.randint(0, 255)}, {rng.randint(0, 255)})")
        out.append(f"sha256:{hashlib.sha256(rng.randbytes(8)).hexdigest()}")  # image digest
        out.append(hashlib.md5(rng.randbytes(8)).hexdigest())  # md5
        out.append(f"https://status.example.org/incidents/{rng.randint(1, 9999)}?page=2")
        out.append(f"{rng.randint(2020, 2030)}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}-1")
    return out


def test_benign_snippets_pass_with_at_most_one_percent_refused():
    snippets = benign_snippets()
    assert len(snippets) >= 500
    refused = [
        s for s in snippets if not check_candidate(f"The reference value is {s} here.", now=NOW).ok
    ]
    assert len(refused) <= len(snippets) // 100, refused[:5]
