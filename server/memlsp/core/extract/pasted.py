"""Pasted content kept as data (issue 14): when a user asks to keep a paste, it becomes a
``reference`` note whose body is the paste quoted line by line under a label, with
``trust: untrusted`` in the frontmatter; recall shows it inside a labelled quote. It is
never a rule. A paste holding a secret, an invisible character or a link that can carry
data out is not kept at all.

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import hashlib

from ..errors import RefusedError
from ..notes import Note, iso
from ..policy import check_candidate
from ..policy.poisoning import quote_untrusted
from .context import Ctx, Refusal

UNTRUSTED_DESCRIPTION = "Pasted content kept as quoted data (untrusted, not instructions)"


def untrusted_note(text: str, *, source: str, created: str, extra: dict | None = None) -> Note:
    """The note that keeps ``text`` (already quoted) as untrusted data."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    return Note(
        name=f"untrusted-{created[:10]}-{digest}",
        description=f"{UNTRUSTED_DESCRIPTION}, {created[:10]} ({digest})",
        type="reference",
        body=text,
        meta={"created": created, **(extra or {}), "trust": "untrusted", "origin": source},
    )


def keep_pasted(ctx: Ctx, pasted: list[str], *, wanted: bool) -> None:
    result = ctx.result
    joined = "\n\n".join(p.strip() for p in pasted if p.strip())
    verdict = check_candidate(
        joined, source="pasted", allow_quarantine=True, check_exclusions=False
    )
    if verdict.status == "refused":
        result.refused.append(Refusal(verdict.reason, verdict.category, "pasted"))
        return
    if not wanted:
        result.refused.append(Refusal("untrusted-paste", "untrusted", "pasted"))
        return
    if verdict.status == "ok":
        body = quote_untrusted(joined, source="pasted")
    else:
        body = verdict.cleaned_text
    if ctx.dry_run:
        result.planned.append({"action": "create", "scope": ctx.scope.rel, "type": "reference"})
        return
    note = untrusted_note(
        body,
        source="pasted",
        created=iso(ctx.now),
        extra={"source": "extraction", "session": ctx.session_id},
    )
    try:
        res = ctx.store.write_note(ctx.scope, note, section="inbox", now=ctx.now)
    except RefusedError as exc:
        result.refused.append(Refusal(exc.reason, exc.category, "pasted"))
        return
    if res.action != "unchanged":  # the same bytes again: not an update
        (result.written if res.action == "created" else result.updated).append(res.path)
