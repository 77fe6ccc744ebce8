"""The offline planner of the consolidate phase (SPEC R22), and what every planner is given.

A planner takes a :class:`PlanContext` (what orient and gather found) and returns a
:class:`~memlsp.core.dream.plan.Plan`; the model planner is in :mod:`.model_planner`. The
dream validates every plan the same way before it applies anything.

The **offline planner** is deterministic and explainable:

* *supersede* — two topic notes on the same topic where the newer one says that something
  changed ("moved", "raised", "no longer", "(was …)", 改为…) and the topic words or the
  values (numbers, dates) agree/disagree enough: the newer rule stays, the older note is
  folded into it as a superseded source (its old value is gone; the file is soft-deleted
  to the run's archive and can be restored);
* *merge* near-duplicates (very similar text, no change marker): the older file keeps its
  path and gains the paragraphs only the newer one had;
* *fold* each claimed inbox observation into the matching topic note (appending it,
  skipping what is already there, or replacing the paragraph it supersedes), or into a new
  topic note at the top level;
* rewrite leftover relative dates in the observations it folds with the write policy's
  rewriter (:func:`memlsp.core.policy.dates.absolutize`, which leaves recurring phrases
  such as "on Sunday nights" or 每周日 alone; a pluggable ``date_fn``), anchored at each
  observation's own time. Topic notes are left alone: measured on the
  eval corpus, their weekday phrases are rules ("reviews on Tuesday afternoons"), not
  dates, and rewriting them did harm;
* expire session records older than ``retention.sessionDays``.

It never removes more topic notes than the per-run cap: what is left is deferred to the
next dream (and counted).

Imports core types only; never the language server, the CLI or a model SDK.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from .. import matching
from ..heuristics.signals import SUPERSEDE
from ..notes import cut, one_line, slugify
from ..policy.dates import absolutize
from ..store import Entry
from ..text import similarity_tokens
from .gather import GatheredFact
from .plan import NoteSpec, Operation, Plan
from .similarity import Similarity, cosine, jaccard, name_words

DateFn = Callable[[str, dt.datetime], str]
"""Rewrites the relative dates of a text, anchored at a time: ``(text, anchor) -> text``."""


@dataclass
class PlanContext:
    now: dt.datetime
    topics: list[Entry]
    inbox: list[Entry]  # the claimed snapshot only
    expired_sessions: list[str]  # scope-relative session records past retention
    index_text: str
    findings: list[GatheredFact] = field(default_factory=list)
    max_deletes: int = 10


class Planner(Protocol):
    name: str

    def plan(self, ctx: PlanContext) -> Plan: ...


CHANGE = re.compile(
    r"\b(now|no longer|no more|replac(?:es|ed|ing)|moved|changed|switched|raised|lowered|"
    r"tightened|loosened|bump(?:ed)?|paused|cancel(?:l)?ed|dropped|postponed|pushed back|"
    r"slipped|delayed|reverted|superseded|upgraded|done|finished|completed|decided)\b|"
    r"\(was\b|\bwas \S+\)|改为|改成|不再|原来|取消|推迟|提前|调整|换成",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|\n")


def _head(description: str, body: str) -> str:
    """Description and the first two sentences: where a note says what changed."""
    first = [s for s in _SENTENCE.split(body.strip(), maxsplit=2) if s.strip()]
    return description + " " + " ".join(first[:2])


def value_tokens(text: str) -> set[str]:
    return {t for t in similarity_tokens(text) if any(c.isdigit() for c in t)}


def _paragraphs(body: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", body.strip()) if p.strip()]


def _norm(text: str) -> str:
    return one_line(text).casefold()


@dataclass
class _Topic:
    """A topic note as the planner evolves it."""

    path: str
    name: str
    type: str
    description: str
    body: str
    when: dt.datetime
    existing: bool
    original: tuple[str, str, str] | None = None  # description, type, body as on disk
    # Where each paragraph came from (normalised text -> path), so a replaced paragraph
    # names the file whose value it superseded.
    origin: dict[str, str] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    removed_into: str | None = None
    # two versions a team sync kept for a person to reconcile (conflictOf/conflictWith,
    # ADR 0005): never merged into each other or superseded by the dream
    under_review: bool = False

    @property
    def text(self) -> str:
        return f"{self.description}\n{self.body}"

    def changed(self) -> bool:
        return self.original != (self.description, self.type, self.body) or bool(self.sources)


@dataclass
class OfflinePlanner:
    """The rule-based planner; ``similarity`` and ``date_fn`` are pluggable."""

    similarity: Similarity = cosine
    date_fn: DateFn = absolutize
    same_topic_name: float = 0.5  # Jaccard of name words
    same_topic_text: float = 0.5  # similarity of descriptions (or 0.55 of whole notes)
    near_duplicate: float = 0.75  # similarity of whole notes
    already_present: float = 0.8  # an observation this close to a paragraph adds nothing
    name: str = "offline"
    deferred: int = 0

    # ---- topic relations ---------------------------------------------------------------
    def _scores(self, a: _Topic | Entry, b: _Topic) -> tuple[float, float, float]:
        a_name, a_desc, a_text = _fields(a)
        nj = jaccard(name_words(a_name), name_words(b.name))
        dc = self.similarity(a_desc, b.description)
        bc = self.similarity(a_text, b.text)
        return nj, dc, bc

    def same_topic(self, scores: tuple[float, float, float]) -> bool:
        nj, dc, bc = scores
        return (
            (nj >= self.same_topic_name and max(dc, bc) >= 0.2)
            or dc >= self.same_topic_text
            or bc >= self.same_topic_text + 0.05
        )

    def supersedes(self, newer_desc: str, newer_body: str, older_desc: str, scores) -> str | None:
        """The change marker when ``newer`` replaces ``older``'s rule, else None."""
        nj, dc, _bc = scores
        mark = CHANGE.search(_head(newer_desc, newer_body))
        if not mark:
            return None
        old_vals, new_vals = value_tokens(older_desc), value_tokens(newer_desc)
        conflict = bool(old_vals and new_vals and old_vals != new_vals)
        if conflict or nj >= self.same_topic_name or dc >= self.same_topic_text:
            return mark.group(0)
        return None

    # ---- the plan ----------------------------------------------------------------------
    def plan(self, ctx: PlanContext) -> Plan:
        self.deferred = 0
        topics: list[_Topic] = []
        for e in sorted(ctx.topics, key=lambda e: (e.timestamp, e.path)):
            t = _Topic(
                path=e.rel_in_scope,
                name=e.note.name,
                type=e.note.type,
                description=e.note.description,
                body=e.note.body.strip(),
                when=e.timestamp,
                existing=True,
                under_review=bool(e.note.meta.get("conflictOf") or e.note.meta.get("conflictWith")),
            )
            t.original = (t.description, t.type, t.body)
            t.origin = {_norm(p): t.path for p in _paragraphs(t.body)}
            topics.append(t)
        budget = [ctx.max_deletes]
        self._consolidate_topics(topics, budget)
        findings: dict[str, list[GatheredFact]] = {}
        for f in ctx.findings:
            findings.setdefault(f.question, []).append(f)
        taken = {t.path for t in topics}
        for entry in sorted(ctx.inbox, key=lambda e: (e.timestamp, e.path)):
            self._fold(entry, topics, taken, findings.get(entry.rel_in_scope, []), ctx)
        ops = [op for t in topics if (op := self._operation(t)) is not None]
        for path in sorted(ctx.expired_sessions):
            ops.append(
                Operation(
                    "delete",
                    path,
                    evidence=[path],
                    reason="session record past retention (retention.sessionDays)",
                )
            )
        return Plan(ops)

    def _consolidate_topics(self, topics: list[_Topic], budget: list[int]) -> None:
        pairs = []
        for i, older in enumerate(topics):
            for newer in topics[i + 1 :]:
                if older.under_review or newer.under_review:
                    continue
                scores = self._scores(older, newer)
                if _distinct(older.description, newer.description, newer.body):
                    continue
                if self.same_topic(scores) or scores[2] >= self.near_duplicate:
                    pairs.append((scores[2], older, newer, scores))
        for _score, older, newer, scores in sorted(pairs, key=lambda p: -p[0]):
            if older.removed_into or newer.removed_into:
                continue
            mark = self.supersedes(newer.description, newer.body, older.description, scores)
            if mark is None and scores[2] < self.near_duplicate:
                continue
            if budget[0] <= 0:
                self.deferred += 1
                continue
            budget[0] -= 1
            if mark is not None:
                newer.sources.append(older.path)
                newer.superseded.append(older.path)
                newer.evidence += [older.path, newer.path]
                newer.reasons.append(f"supersedes older {older.name} (newer rule: '{mark}')")
                older.removed_into = newer.path
            else:
                older.body = self._union(older.body, newer.body)
                older.description = newer.description
                older.sources.append(newer.path)
                older.evidence += [older.path, newer.path]
                older.reasons.append(f"merged near-duplicate {newer.name}")
                newer.removed_into = older.path

    def _union(self, body: str, extra: str) -> str:
        """``body`` plus the paragraphs of ``extra`` it lacks; a paragraph that restates
        one of ``body``'s and says more replaces it."""
        paragraphs = _paragraphs(body)
        for para in _paragraphs(extra):
            sims = [self.similarity(para, p) for p in paragraphs]
            if sims and max(sims) >= self.already_present:
                i = sims.index(max(sims))
                if _norm(paragraphs[i]) in _norm(para):
                    paragraphs[i] = para
            elif _norm(para) not in _norm("\n".join(paragraphs)):
                paragraphs.append(para)
        return "\n\n".join(paragraphs)

    def _fold(
        self,
        entry: Entry,
        topics: list[_Topic],
        taken: set[str],
        found: list[GatheredFact],
        ctx: PlanContext,
    ) -> None:
        path = entry.rel_in_scope
        when = entry.timestamp
        desc = self.date_fn(entry.note.description, when)
        body = self.date_fn(entry.note.body.strip(), when)
        if len(desc) > 150:
            desc = cut(desc, 150)
        extra = [f"Error seen in {f.session} (line {f.line}): {f.snippet}" for f in found]
        if extra:
            body = (body + "\n" + "\n".join(f"- {x}" for x in extra)).strip()
        # Appended to another note, the observation keeps its one-line summary too.
        para = body if _norm(desc).rstrip(".。") in _norm(body) else f"{desc}\n{body}".strip()
        evidence = [path, *(f.session for f in found)]
        best, best_scores = None, None
        for t in topics:
            if t.removed_into:
                continue
            if _distinct(t.description, desc, body):
                continue
            scores = self._scores(entry, t)
            if self.same_topic(scores) and (best_scores is None or scores[2] > best_scores[2]):
                best, best_scores = t, scores
        if best is None:
            name = _free_name(slugify(entry.note.name) or slugify(desc) or "note", taken)
            t = _Topic(
                path=f"{name}.md",
                name=name,
                type=entry.note.type,
                description=desc,
                body=body or desc,
                when=when,
                existing=False,
                sources=[path],
                origin={_norm(p): path for p in _paragraphs(body or desc)},
                evidence=evidence,
                reasons=[f"new topic from inbox {entry.file.name}"],
            )
            taken.add(t.path)
            topics.append(t)
            return
        best.sources.append(path)
        best.evidence += [*evidence, best.path] if best.existing else evidence
        paragraphs = _paragraphs(best.body)
        sims = [self.similarity(para, p) for p in paragraphs] or [0.0]
        closest = max(range(len(sims)), key=sims.__getitem__)
        if when >= best.when and (
            mark := self.supersedes(desc, body, best.description, best_scores)
        ):
            # The observation replaces the rule: the old value goes, it is not annotated.
            if len(paragraphs) <= 1 or sims[closest] < 0.2:
                replaced = paragraphs
                best.body = body
            else:
                replaced = [paragraphs[closest]]
                paragraphs[closest] = para
                best.body = "\n\n".join(paragraphs)
            gone = {best.origin.get(_norm(p), best.path) for p in replaced} or {best.path}
            best.superseded += sorted(gone)
            best.origin.update({_norm(p): path for p in _paragraphs(best.body)})
            best.description = desc
            best.when = when
            best.reasons.append(f"inbox {entry.file.name} supersedes its rule ('{mark}')")
        elif when < best.when and self.supersedes(best.description, best.body, desc, best_scores):
            best.superseded.append(path)
            best.reasons.append(f"inbox {entry.file.name} is older than the rule that replaced it")
        elif sims[closest] >= self.already_present or _norm(body) in _norm(best.body):
            best.reasons.append(f"inbox {entry.file.name} already recorded")
        else:
            best.body = (best.body + "\n\n" + para).strip()
            best.origin.update({_norm(p): path for p in _paragraphs(para)})
            best.when = max(best.when, when)
            best.reasons.append(f"folded inbox {entry.file.name}")

    def _operation(self, t: _Topic) -> Operation | None:
        if t.removed_into or not t.changed():
            return None
        reason = cut("; ".join(dict.fromkeys(t.reasons)) or "consolidated", 200)
        note = NoteSpec(t.description, t.type, t.body)
        evidence = list(dict.fromkeys(t.evidence or [t.path]))
        if not t.existing:
            kind = "create"
        elif any("/" not in s for s in t.sources):
            kind = "merge"
        else:
            kind = "update"
        superseded = [s for s in dict.fromkeys(t.superseded) if s in t.sources or s == t.path]
        return Operation(
            kind,
            t.path,
            evidence=evidence,
            reason=reason,
            note=note,
            sources=list(dict.fromkeys(t.sources)),
            superseded=superseded,
        )


_REPLACES = re.compile(
    r"\b(?:now|no longer|replac(?:es|ed|ing)|moved|changed|switched|raised|lowered|tightened|"
    r"loosened|bump(?:ed)?|postponed|pushed back|slipped|delayed|superseded|upgraded)\b|"
    r"\(was\b|\bwas \S+\)|改为|改成|不再|原来|推迟|提前|调整|换成",
    re.I,
)


def _distinct(older_desc: str, newer_desc: str, newer_body: str) -> bool:
    """Two notes about different subjects (search-api vs billing-api), however alike their
    wording: never merged, folded or superseded into one another."""
    # Only an explicit "this replaces that" (not a status word like "done") lets a name
    # or a value differ.
    head = _head(newer_desc, newer_body)
    change = bool(SUPERSEDE.search(head) or _REPLACES.search(head))
    return matching.conflict(older_desc, newer_desc, supersede=change) is not None


def _fields(item: _Topic | Entry) -> tuple[str, str, str]:
    if isinstance(item, _Topic):
        return item.name, item.description, item.text
    return item.note.name, item.note.description, f"{item.note.description}\n{item.note.body}"


def _free_name(name: str, taken: set[str]) -> str:
    candidate, i = name, 2
    while f"{candidate}.md" in taken:
        candidate = f"{name}-{i}"
        i += 1
    return candidate


__all__ = [
    "CHANGE",
    "DateFn",
    "OfflinePlanner",
    "PlanContext",
    "Planner",
    "value_tokens",
]
