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

3. The same, once more, inside base64, hex and full-width text (:mod:`.encoded`).

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
from importlib import resources

from ..lazyre import lazy_compile
from .encoded import encoded_findings


@dataclass(frozen=True)
class SecretMatch:
    """A secret found in a text: its kind and the character span. No secret text."""

    kind: str
    start: int
    end: int


_FLAGS = {"i": re.I, "s": re.S, "-": 0}


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[str, re.Pattern[str], int], ...]:
    """The format table (``secret_formats.tsv``, package data): (kind, pattern, group)."""
    text = resources.files(__package__).joinpath("secret_formats.tsv").read_text("utf-8")
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, group, flags, pattern = line.split("\t", 3)
        mask = 0
        for f in flags:
            mask |= _FLAGS[f]
        out.append((kind, re.compile(pattern, mask), int(group)))
    return tuple(out)


def format_kinds() -> list[str]:
    """Every kind in the format table (for docs and tests)."""
    return [kind for kind, _, _ in _patterns()]


# ``password=…`` / ``api_key: …`` / ``密码是 …``: the value must look like a credential
# (see _credential_like), so prose such as "token: required" is not a secret.
_ASSIGNMENT = lazy_compile(
    r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_\-])*(?:password|passwd|passphrase|pwd|pass|secret|"
    r"token|api[_\-]?key|apikey|access[_\-]?key|private[_\-]?key|client[_\-]?secret|"
    r"auth[_\-]?token|credentials?)(?:[_\-][A-Za-z0-9]+)*[\"']?\s*(?:[:=]|=>|is|was|:=)\s*"
    r"[\"'`]?([^\s\"'`,;]{8,})"
)
_ASSIGNMENT_ZH = lazy_compile(
    r"(?:密码|口令|密钥|秘钥|令牌|凭据|凭证|token|Token|API ?[Kk]ey)\s*(?:是|为|：|:|=)\s*[\"'`「]?"
    r"([^\s\"'`」，。,;；]{6,})"
)
# Context + entropy: a generated-looking token within a few words after a credential word.
_CONTEXT = lazy_compile(
    r"(?i)(?:password|passwd|passphrase|pwd|secret|token|api[ _\-]?key|apikey|access[ _\-]?key|"
    r"private[ _\-]?key|credentials?|auth|bearer|signing[ _\-]?key|session[ _\-]?key|"
    r"密码|口令|密钥|秘钥|令牌|凭据|凭证|私钥|暗号|(key))"
    r"(?:[^\n]{0,40}?)(?<![A-Za-z0-9+/_\-])([A-Za-z0-9+/=_\-.~!@#$%^&*]{12,})"
)
# A sign-in pair: "the staging login is admin@example.test / <password>", "creds: ci-bot:<pw>":
# within a few words after a sign-in word, a generated-looking value right after "/", ":" or
# "|" (each such value is looked at, not just the first).
_PAIR_WORD = lazy_compile(
    r"(?i)(?:log[ -]?in|logon|sign[ -]?in|creds|credentials?|account|username|user)\b|登录|账号|账户"
)
# Links: a URL with a scheme or "www.", and a domain followed by a path (exclusions masks
# both before looking for repository paths; here a link's path segment is not a password).
URL = lazy_compile(r"\b[a-z][a-z0-9+.\-]*://\S+|\bwww\.\S+", re.I)
DOMAIN_PATH = lazy_compile(r"\b[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,}(?::\d+)?/\S*", re.I)
_PAIR_VALUE = lazy_compile(r"(?:/|:|\|)\s*([^\s,;:/|'\"`]{8,})")
_PLACEHOLDER = lazy_compile(
    r"^(?:<.*>|\$\{.*\}|\{\{.*\}\}|\*+|x{4,}|\.\.\.|…|%s|None|null|redacted)$", re.I
)
_PLACEHOLDER_WORDS = lazy_compile(
    r"(?i)<[^>]*>|\$\{|\{\{|%[A-Z_]+%|your[_\-]?|changeme|change[_\-]me|placeholder|"
    r"redacted|replace[_\-]?me|^(?:password|passwd|pass|secret|pwd|user|admin|root|test|"
    r"token|demo|none|null|empty|pw)$|^\$\w+$|^%\w+%$"
)
# Filler a placeholder is padded with: runs of one character, ellipses.
_FILLER = lazy_compile(r"(.)\1{5,}|\*{3,}|\.{3,}|…")
_KEY_BLOCK = ("private-key", "putty-private-key", "base64-key-lines", "private-key-escaped")


def is_placeholder(value: str) -> bool:
    """A documented stand-in, not a credential: ``<your-token>``, ``sk_test_xxxxxxxx``,
    ``changeme``, ``${API_TOKEN}``, ``********``; a single repeated character; a padded
    value with little left once the padding is removed."""
    if _PLACEHOLDER.match(value) or _PLACEHOLDER_WORDS.search(value):
        return True
    if _FILLER.search(value):
        # Padded: a placeholder when little is left once the padding is removed
        # ("sk_test_xxxxxxxxxxxxxxxx"), a key when most of it is still generated.
        rest = _FILLER.sub("", value)
        return len(_strip_prefix(rest)) < 12 or shannon_entropy(rest) < 2.5
    tail = re.split(r"[_\-.]", value)[-1] if len(value) > 12 else value
    core = tail if len(tail) >= 8 else value
    return len(set(core)) <= 1


def _credential_like(value: str) -> bool:
    """A value that looks generated, not a word: mixed classes and some entropy."""
    if is_placeholder(value) or "[redacted" in value.lower():
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
    if _wordy(value):
        return False
    return shannon_entropy(value) >= 2.8


def _wordy(value: str) -> bool:
    """An identifier or an expression made of words (``os.environ[``, ``user_id_v2``,
    ``GITHUB_TOKEN=``, ``localhost/db``), not a generated value."""
    pieces = [p for p in re.split(r"[^A-Za-z0-9]+", value) if p]
    if not pieces:
        return True
    for p in pieces:
        if p.isdigit() and len(p) <= 4:
            continue  # "eu-central-1", "v2"
        letters = p.strip("0123456789")
        if len(p) - len(letters) > 2 or not letters.isalpha():
            return False
        if not (letters.islower() or letters.isupper() or letters.istitle()):
            return False
    return True


def _high_entropy(value: str) -> bool:
    """The context layer's test: generated, not a word, a path or a version."""
    value = value.rstrip(".=")
    if len(value) < 12 or not _credential_like(value):
        return False
    if (
        re.fullmatch(r"[a-z]+(?:[_\-.][a-z]+)+", value)
        or value.count(".") >= 2
        and not any(c.isupper() for c in value)
    ):
        return False  # snake/kebab words, dotted names and versions
    return shannon_entropy(value) >= 3.2


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


_MAX_DEPTH = 2  # base64 of base64 is still looked into; deeper is not


def _find(text: str, depth: int = 0) -> list[SecretMatch]:
    found: list[SecretMatch] = []
    for kind, rx, group in _patterns():
        for m in rx.finditer(text):
            g = next((i for i in range(1, (m.lastindex or 0) + 1) if m.group(i)), 0) if group else 0
            found.append(SecretMatch(kind, m.start(g), m.end(g)))
    for rx in (_ASSIGNMENT, _ASSIGNMENT_ZH):
        for m in rx.finditer(text):
            if _credential_like(m.group(1)):
                found.append(SecretMatch("password-assignment", m.start(1), m.end(1)))
    links = [u.span() for rx in (URL, DOMAIN_PATH) for u in rx.finditer(text)]
    for w in _PAIR_WORD.finditer(text):
        for m in _PAIR_VALUE.finditer(text, w.end(), min(len(text), w.end() + 80)):
            if any(a <= m.start(1) < b for a, b in links):
                continue  # a path segment of a link, not a password
            if _credential_like(m.group(1)):
                found.append(SecretMatch("sign-in-pair", m.start(1), m.end(1)))
    for m in _CONTEXT.finditer(text):
        value = m.group(2)
        if m.group(1) and re.fullmatch(r"[0-9a-fA-F\-]+", value):
            continue  # a bare "key" next to a hash or a UUID: a cache or lookup key
        if _high_entropy(value):
            found.append(SecretMatch("keyword-high-entropy", m.start(2), m.end(2)))
    found.extend(_plugin_findings(text))
    if depth < _MAX_DEPTH:
        # base64, hex and full-width forms: a secret anyone can decode is still a secret
        for kind, start, end in encoded_findings(text, lambda t: _find(t, depth + 1)):
            found.append(SecretMatch(kind, start, end))
    # detect-secrets' keyword plugin reports values such as "is" for prose; keep only
    # findings whose text is credential-shaped or came from a format-specific pattern.
    kept = []
    for f in found:
        value = text[f.start : f.end]
        if f.kind == "ds-secret-keyword" and not _credential_like(value):
            continue
        if f.kind not in _KEY_BLOCK and is_placeholder(_strip_prefix(value)):
            continue
        kept.append(f)
    return _merge(kept)


_PREFIX = lazy_compile(r"^(?:[A-Za-z]{1,12}[_\-.]){1,3}(?=[A-Za-z0-9])")


def _strip_prefix(value: str) -> str:
    """``sk_test_xxxxxxxx`` → ``xxxxxxxx``: the part that would carry the entropy."""
    rest = _PREFIX.sub("", value)
    return rest if len(rest) >= 8 else value


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
