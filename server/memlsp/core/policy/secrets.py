"""Secret detection before anything is persisted (SPEC R8).

Two layers, both in-process and offline:

1. detect-secrets' detector plugins, called through ``analyze_string`` directly: no
   settings files, no network verification (``verify`` is never called), no inline
   allow-list comments (the ``pragma: allowlist secret`` filter is never applied — a
   pasted line cannot exempt itself). The generic high-entropy plugins are left out: on
   their own they flag git SHAs, UUIDs, hashes and base64 fixtures, which are not secrets.
2. Patterns for modern API-key formats and credential shapes the plugins miss or label
   loosely (Anthropic, OpenAI project keys, GitHub fine-grained PATs, GitLab, Google, npm,
   Hugging Face, PEM blocks, connection strings with a password, ``password=`` style
   assignments in English and Chinese...).

:func:`find_secrets` returns the spans; :func:`redact` replaces them. Matches never
carry the secret text itself, so they are safe to log.

Must not import the store, the models, or any adapter.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class SecretMatch:
    """A secret found in a text: its kind and the character span. No secret text."""

    kind: str
    start: int
    end: int


def _rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


# (kind, pattern, group): group 0 = whole match is the secret, else that group.
_PATTERNS: list[tuple[str, re.Pattern[str], int]] = [
    ("anthropic-api-key", _rx(r"\bsk-ant-[A-Za-z0-9_\-]{20,}"), 0),
    (
        "openai-api-key",
        _rx(r"\bsk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_\-]*\d)[A-Za-z0-9_\-]{20,}"),
        0,
    ),
    ("github-token", _rx(r"\bgh[pousr]_[A-Za-z0-9]{30,}"), 0),
    ("github-fine-grained-pat", _rx(r"\bgithub_pat_[A-Za-z0-9_]{30,}"), 0),
    ("gitlab-token", _rx(r"\bgl(?:pat|ptt|dt|rt|soat|cbt|ft|imt|agent)-[A-Za-z0-9_\-]{20,}"), 0),
    ("slack-token", _rx(r"\bxox[abposre]-[A-Za-z0-9\-]{10,}"), 0),
    (
        "slack-webhook",
        _rx(r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_\-]{20,}"),
        0,
    ),
    ("stripe-secret-key", _rx(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"), 0),
    ("stripe-webhook-secret", _rx(r"\bwhsec_[A-Za-z0-9]{20,}"), 0),
    (
        "aws-access-key-id",
        _rx(r"\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b"),
        0,
    ),
    (
        "aws-secret-access-key",
        _rx(
            r"(?i:aws_?secret_?access_?key|aws_?secret|secret_?access_?key)[\"']?\s*[:=]\s*[\"']?"
            r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"
        ),
        1,
    ),
    ("google-api-key", _rx(r"\bAIza[0-9A-Za-z_\-]{35}"), 0),
    ("google-oauth-token", _rx(r"\bya29\.[0-9A-Za-z_\-]{20,}"), 0),
    ("google-oauth-secret", _rx(r"\bGOCSPX-[0-9A-Za-z_\-]{20,}"), 0),
    ("twilio-api-key", _rx(r"\bSK[0-9a-f]{32}\b"), 0),
    ("sendgrid-api-key", _rx(r"\bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}"), 0),
    ("npm-token", _rx(r"\bnpm_[A-Za-z0-9]{36}\b"), 0),
    ("pypi-token", _rx(r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{40,}"), 0),
    ("huggingface-token", _rx(r"\bhf_[A-Za-z0-9]{30,}\b"), 0),
    ("digitalocean-token", _rx(r"\bdo[pro]_v1_[a-f0-9]{64}\b"), 0),
    ("shopify-token", _rx(r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b"), 0),
    ("mailgun-api-key", _rx(r"\bkey-[0-9a-f]{32}\b"), 0),
    ("azure-storage-key", _rx(r"AccountKey=([A-Za-z0-9+/=]{40,})"), 1),
    (
        "private-key",
        _rx(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
            r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|.*\Z)",
            re.S,
        ),
        0,
    ),
    ("jwt", _rx(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), 0),
    (
        "connection-string-password",
        _rx(r"\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://[^\s:/@]+:([^\s@/]{3,})@[^\s]+"),
        0,
    ),
    ("bearer-token", _rx(r"(?i)\b(?:bearer|token)\s+([A-Za-z0-9._~+/\-]{24,}=*)"), 1),
    ("basic-auth-header", _rx(r"(?i)\bbasic\s+([A-Za-z0-9+/]{16,}={0,2})"), 1),
]

# ``password=…`` / ``api_key: …`` / ``密码是 …``: the value must look like a credential
# (see _credential_like), so prose such as "token: required" is not a secret.
_ASSIGNMENT = _rx(
    r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_\-])*(?:password|passwd|passphrase|pwd|pass|secret|"
    r"token|api[_\-]?key|apikey|access[_\-]?key|private[_\-]?key|client[_\-]?secret|"
    r"auth[_\-]?token|credentials?)(?:[_\-][A-Za-z0-9]+)*[\"']?\s*(?:[:=]|=>|is|was|:=)\s*"
    r"[\"'`]?([^\s\"'`,;]{8,})"
)
_ASSIGNMENT_ZH = _rx(
    r"(?:密码|口令|密钥|秘钥|令牌|token|Token|API ?[Kk]ey)\s*(?:是|为|：|:|=)\s*[\"'`「]?"
    r"([^\s\"'`」，。,;；]{6,})"
)
_PLACEHOLDER = _rx(r"^(?:<.*>|\$\{.*\}|\{\{.*\}\}|\*+|x{4,}|\.\.\.|…|%s|None|null|redacted)$", re.I)


def _credential_like(value: str) -> bool:
    """A value that looks generated, not a word: mixed classes and some entropy."""
    if _PLACEHOLDER.match(value) or "[redacted" in value.lower():
        return False
    classes = sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
            any(not c.isalnum() for c in value),
        )
    )
    if classes < 2 or len(value) < 8:
        return False
    if value.isalpha() and (value.islower() or value.istitle()):
        return False
    return shannon_entropy(value) >= 2.8


def shannon_entropy(value: str) -> float:
    if not value:
        return 0.0
    counts: dict[str, int] = {}
    for ch in value:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


@lru_cache(maxsize=1)
def _plugins() -> tuple:
    """detect-secrets detector instances (imported lazily: it is a sizeable import)."""
    try:
        from detect_secrets.plugins.artifactory import ArtifactoryDetector
        from detect_secrets.plugins.aws import AWSKeyDetector
        from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
        from detect_secrets.plugins.basic_auth import BasicAuthDetector
        from detect_secrets.plugins.cloudant import CloudantDetector
        from detect_secrets.plugins.discord import DiscordBotTokenDetector
        from detect_secrets.plugins.github_token import GitHubTokenDetector
        from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
        from detect_secrets.plugins.ibm_cloud_iam import IbmCloudIamDetector
        from detect_secrets.plugins.jwt import JwtTokenDetector
        from detect_secrets.plugins.mailchimp import MailchimpDetector
        from detect_secrets.plugins.npm import NpmDetector
        from detect_secrets.plugins.openai import OpenAIDetector
        from detect_secrets.plugins.private_key import PrivateKeyDetector
        from detect_secrets.plugins.pypi_token import PypiTokenDetector
        from detect_secrets.plugins.sendgrid import SendGridDetector
        from detect_secrets.plugins.slack import SlackDetector
        from detect_secrets.plugins.square_oauth import SquareOAuthDetector
        from detect_secrets.plugins.stripe import StripeDetector
        from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
        from detect_secrets.plugins.twilio import TwilioKeyDetector
    except ImportError:  # pragma: no cover - a declared dependency; patterns still apply
        return ()
    classes = (
        ArtifactoryDetector,
        AWSKeyDetector,
        AzureStorageKeyDetector,
        BasicAuthDetector,
        CloudantDetector,
        DiscordBotTokenDetector,
        GitHubTokenDetector,
        GitLabTokenDetector,
        IbmCloudIamDetector,
        JwtTokenDetector,
        MailchimpDetector,
        NpmDetector,
        OpenAIDetector,
        PrivateKeyDetector,
        PypiTokenDetector,
        SendGridDetector,
        SlackDetector,
        SquareOAuthDetector,
        StripeDetector,
        TelegramBotTokenDetector,
        TwilioKeyDetector,
    )
    out = []
    for cls in classes:
        plugin = cls()
        kind = "ds-" + re.sub(r"[^a-z0-9]+", "-", plugin.secret_type.lower()).strip("-")
        out.append((kind, plugin))
    return tuple(out)


def _plugin_findings(text: str) -> Iterable[SecretMatch]:
    for kind, plugin in _plugins():
        try:
            values = set(plugin.analyze_string(text))
        except Exception:  # noqa: BLE001 - a plugin bug must not let a secret through silently
            continue
        for value in values:
            if not isinstance(value, str) or len(value) < 6:
                continue
            start = text.find(value)
            while start != -1:
                yield SecretMatch(kind, start, start + len(value))
                start = text.find(value, start + 1)


def _merge(findings: list[SecretMatch]) -> list[SecretMatch]:
    """Overlapping spans become one; the earliest-starting (then longest) kind names it."""
    findings.sort(key=lambda f: (f.start, -(f.end - f.start)))
    merged: list[SecretMatch] = []
    for f in findings:
        if merged and f.start < merged[-1].end:
            last = merged[-1]
            if f.end > last.end:
                merged[-1] = SecretMatch(last.kind, last.start, f.end)
            continue
        merged.append(f)
    return merged


def find_secrets(text: str) -> list[SecretMatch]:
    """Every secret span in ``text`` (merged, in order). Never returns the secret text."""
    if not text:
        return []
    return list(_find_cached(text))


@lru_cache(maxsize=512)
def _find_cached(text: str) -> tuple[SecretMatch, ...]:
    # A turn's sentences are checked one by one and then again as the assembled note.
    return tuple(_find(text))


def _find(text: str) -> list[SecretMatch]:
    found: list[SecretMatch] = []
    for kind, rx, group in _PATTERNS:
        for m in rx.finditer(text):
            found.append(SecretMatch(kind, m.start(group), m.end(group)))
    for rx in (_ASSIGNMENT, _ASSIGNMENT_ZH):
        for m in rx.finditer(text):
            value = m.group(1)
            if _credential_like(value):
                found.append(SecretMatch("password-assignment", m.start(1), m.end(1)))
    found.extend(_plugin_findings(text))
    # detect-secrets' keyword plugin reports values such as "is" for prose; keep only
    # findings whose text is credential-shaped or came from a format-specific pattern.
    kept = [
        f for f in found if f.kind != "ds-secret-keyword" or _credential_like(text[f.start : f.end])
    ]
    return _merge(kept)


def has_secret(text: str) -> bool:
    return bool(find_secrets(text))


def redact(text: str, findings: list[SecretMatch] | None = None) -> str:
    """Replace every secret span with ``[redacted <kind>]``."""
    findings = find_secrets(text) if findings is None else findings
    out = []
    pos = 0
    for f in sorted(findings, key=lambda f: f.start):
        if f.start < pos:
            continue
        out.append(text[pos : f.start])
        out.append(f"[redacted {f.kind}]")
        pos = f.end
    out.append(text[pos:])
    return "".join(out)


def secret_kinds(text: str) -> list[str]:
    return sorted({f.kind for f in find_secrets(text)})
