"""The write policy (SPEC R7–R9): one gate every write path calls before persisting.

:func:`check_candidate` runs, in order: the poisoning guard (hidden characters,
exfiltration-shaped links, instructions from untrusted content), secret detection, the
exclusion list, and the absolute-date rewrite. It returns a :class:`Verdict`; callers
persist ``verdict.cleaned_text`` only when ``verdict.ok``. Reasons are stable strings:

``refused-secret`` · ``refused-excluded:<category>`` · ``refused-poisoning:<category>`` ·
``quarantined-untrusted`` (kept only as quoted data marked untrusted, never as a rule) ·
``refused-empty``

A verdict never carries the refused text, so it can be logged and returned to callers.

Must not import the store, the models or any adapter.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from . import dates, exclusions, poisoning, secrets
from .exclusions import CATEGORIES, Exclusion, classify_exclusion
from .instructions import stated_in_repo
from .secrets import SecretMatch, find_secrets, redact

__all__ = [
    "CATEGORIES",
    "Exclusion",
    "SecretMatch",
    "Verdict",
    "check_candidate",
    "classify_exclusion",
    "dates",
    "exclusions",
    "find_secrets",
    "poisoning",
    "redact",
    "secrets",
]


@dataclass(frozen=True)
class Verdict:
    status: str  # "ok" | "refused" | "quarantined"
    reason: str  # "" when ok; else a stable reason (see the module docstring)
    cleaned_text: str  # dates absolutized; "" when refused
    category: str = ""  # exclusion or poisoning category, "secret", or ""
    message: str = ""  # for a person; never echoes the refused text

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def _refused(reason: str, category: str, message: str) -> Verdict:
    return Verdict("refused", reason, "", category, message)


def check_candidate(
    text: str,
    *,
    source: str = "user",
    now: dt.datetime | dt.date | None = None,
    check_exclusions: bool = True,
    allow_quarantine: bool = False,
    repo_root: Path | str | None = None,
) -> Verdict:
    """Decide whether ``text`` may be persisted as memory, and in which form.

    ``source`` is who wrote the text: ``user`` is trusted; ``assistant``, ``tool``,
    ``web``, ``file``, ``pasted`` are not (instructions inside them are never rules).
    ``now`` is the turn's timestamp for R9; without it dates are left as they are.
    ``allow_quarantine``: untrusted instructions come back as ``quarantined`` with the
    text quoted and marked untrusted, instead of ``refused``.
    ``repo_root``: the repository the text was said in; a fact its instruction files
    (CLAUDE.md, AGENTS.md, …) already state is refused as ``in-repo-docs``.
    """
    if not text or not text.strip():
        return _refused("refused-empty", "", "nothing to remember: the text is empty")
    poison = poisoning.inspect(text, source=source)
    if poison is not None and poison.category in ("hidden-characters", "exfiltration-link"):
        return _refused(f"refused-poisoning:{poison.category}", poison.category, poison.detail)
    found = find_secrets(text)
    if found:
        kinds = ", ".join(sorted({f.kind for f in found}))
        return _refused(
            "refused-secret", "secret", f"it contains a secret ({kinds}); secrets are never stored"
        )
    if poison is not None:
        if allow_quarantine and poison.category == "untrusted-instruction":
            return Verdict(
                "quarantined",
                "quarantined-untrusted",
                poisoning.quote_untrusted(text, source=source),
                poison.category,
                poison.detail,
            )
        return _refused(f"refused-poisoning:{poison.category}", poison.category, poison.detail)
    if check_exclusions:
        excl = classify_exclusion(text)
        if excl is not None:
            return _refused(excl.code, excl.category, excl.reason)
        where = stated_in_repo(text, repo_root)
        if where is not None:
            return _refused(
                "refused-excluded:in-repo-docs",
                "in-repo-docs",
                f"the repository's {where} already says this; it is not stored twice",
            )
    cleaned = dates.absolutize(text, now) if now is not None else text
    return Verdict("ok", "", cleaned)
