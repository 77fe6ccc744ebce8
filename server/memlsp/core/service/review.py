"""Review before trust (SPEC R37): list the pending items automatic extraction proposed
under ``review: required``, and decide each — accept, reject, or edit then accept.

Accepting writes the proposed note through the normal write path: the write policy
(:func:`memlsp.core.policy.check_candidate`) and check-before-write
(:meth:`memlsp.core.store.Store.write_note`, R10), atomically, then removes the item; the
recall index syncs at once. An update keeps the target note's file name. A crash between
the write and the removal leaves the item pending; accepting it again changes nothing.
Rejecting deletes the item and keeps no trace of its text. Editing accepts the text a
person gave instead (the whole note with frontmatter, or plain text for the body), checked
like ``remember``.

Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import copy

from .. import pending
from ..errors import InvalidRequestError, NoteFormatError, RefusedError
from ..notes import Note, cut, iso, parse_note, utcnow
from ..policy import check_candidate
from ..rollout import EntryPoint
from ..store import Entry, Scope
from .base import ServiceBase
from .results import ReviewDecided, ReviewRecord

DECISIONS = ("accept", "reject", "edit")


class ReviewUseCases(ServiceBase):
    def review(
        self, scope: str | None = None, *, workspace: str | None = None
    ) -> list[ReviewRecord]:
        """The pending items of the named scopes (default: every scope), oldest first."""
        store = self.store
        scopes = [s for s in self.scopes_named(scope, workspace) if s.root.is_dir()]
        return [self._record(item) for item in pending.items(store, scopes)]

    def pending_count(self, scopes: list[Scope]) -> int:
        return sum(pending.count(s) for s in scopes)

    def review_decide(self, item_id: str, decision: str, text: str | None = None) -> ReviewDecided:
        """Accept, reject or edit one pending item. Refusals: ``invalid-decision``,
        ``missing-text`` (edit without text), ``unknown-item``; an edited text the write
        policy declines, or an accepted one whose text was forgotten since (``forgotten``),
        keeps the item and raises :class:`RefusedError`."""
        if decision not in DECISIONS:
            raise InvalidRequestError(
                f"decision must be accept, reject or edit, not {decision!r}",
                reason="invalid-decision",
            )
        if decision == "edit" and (text is None or not text.strip()):
            raise InvalidRequestError(
                "edit needs the text to accept instead", reason="missing-text"
            )
        if decision != "reject":
            # a person writes a note: refused only under managed off (a reject removes data,
            # which never loosens a policy, so it runs like forget)
            self.require(EntryPoint.REMEMBER)
        item = pending.find(self.store, item_id)
        if decision == "reject":
            pending.reject(item)
            return ReviewDecided(item.id, decision)
        note = _edited(item, text) if decision == "edit" else _checked(item.note)
        scope, section = self._destination(item)
        from ..forget import tombstoned_text

        if decision == "accept" and tombstoned_text(scope, note.body):
            # forgotten since it was proposed: accepting must not bring it back (R24)
            raise RefusedError(
                "not accepted: a note with this text was forgotten; reject the item",
                reason="forgotten",
            )
        store = self.store
        res = store.write_note(scope, _final(item, note, self._target(item)), section=section)
        pending.discard(item)
        self._written([scope])
        return ReviewDecided(
            item.id, decision, path=res.path, action=res.action, warning=res.warning
        )

    # ---- helpers ---------------------------------------------------------------------------
    def _target(self, item: pending.PendingItem) -> Entry | None:
        """The note an update rewrites, when it is still there."""
        if item.kind != "update" or not item.target:
            return None
        try:
            scope = self.store.scope_of(item.target)
        except Exception:  # noqa: BLE001 - a target outside every scope: treated as gone
            return None
        for entry in self.store.scan(scope).entries:
            if entry.path == item.target and entry.section in ("", "inbox"):
                return entry
        return None

    def _destination(self, item: pending.PendingItem) -> tuple[Scope, str]:
        target = self._target(item)
        if target is not None:
            return target.scope, target.section
        return item.scope, item.section

    def _record(self, item: pending.PendingItem) -> ReviewRecord:
        target = self._target(item)
        merged = _merged(_final(item, item.note, target), target) if item.kind == "update" else None
        agent = item.note.meta.get("agent")
        return ReviewRecord(
            id=item.id,
            path=item.path,
            kind=item.kind,
            description=item.note.description,
            type=item.note.type,
            name=item.note.name,
            scope=item.scope.rel,
            target=item.target,
            diff=pending.diff(self.store, item, merged),
            source=str(item.note.meta.get("source") or "extraction"),
            agent=str(agent) if agent else None,
            created=iso(item.proposed),
        )


def _final(item: pending.PendingItem, note: Note, target: Entry | None) -> Note:
    """The note to write: an update keeps the target's file name (so check-before-write
    rewrites that note rather than adding a twin)."""
    note = copy.deepcopy(note)
    if target is not None:
        note.name = target.note.name
    return note


def _merged(note: Note, target: Entry | None) -> Note:
    """What :meth:`Store.write_note` would leave on disk for an update (for the diff)."""
    if target is None:
        return note
    meta = dict(target.note.meta)
    meta.update({k: v for k, v in note.meta.items() if v not in (None, "", [])})
    meta["created"] = target.note.meta.get("created") or note.meta.get("created")
    return Note(target.note.name, note.description, note.type, note.body, meta)


def _checked(note: Note) -> Note:
    """The policy gate on an accepted proposal: the file may have been edited on disk since
    extraction checked it, so secrets and poisoning are checked again."""
    verdict = check_candidate(f"{note.description}\n{note.body}", check_exclusions=False)
    if not verdict.ok:
        raise RefusedError(f"not accepted: {verdict.message}", reason=verdict.reason)
    return note


def _edited(item: pending.PendingItem, text: str | None) -> Note:
    """The note a person's edit describes: a whole note (frontmatter and body) or plain
    text (the new body; its first line the description), checked like ``remember``."""
    text = (text or "").strip()
    base = item.note
    if text.startswith("---"):
        try:
            parsed = parse_note(text.encode("utf-8"))
        except NoteFormatError as exc:
            raise InvalidRequestError(
                f"the edited note cannot be read: {exc}", reason="invalid-note"
            ) from exc
        meta = {k: v for k, v in parsed.meta.items() if k != "review"}
        description, type_, body = parsed.description, parsed.type, parsed.body
    else:
        meta = dict(base.meta)
        description, type_, body = text.splitlines()[0], base.type, text
    now = utcnow()
    verdict = check_candidate(f"{description}\n{body}", source="user", now=now)
    if not verdict.ok:
        raise RefusedError(
            f"not accepted: {verdict.message}", reason=verdict.reason, category=verdict.category
        )
    desc = check_candidate(description, now=now, check_exclusions=False).cleaned_text
    body = check_candidate(body, now=now, check_exclusions=False).cleaned_text
    meta["created"] = base.meta.get("created") or iso(now)
    note = Note(base.name, cut(desc, 150), type_, body, meta)
    note.validate()
    return note
