"""Rollout levels (SPEC R25, §11): which entry points run, write and inject at each level.

The level governs the *automatic* entry points — per-turn extraction, session-end
autosave, per-turn injection (recall on a chat turn) and the automatic dream:

=========  ======================================  ========================================
level      extraction / autosave / auto-dream       injection
=========  ======================================  ========================================
off        nothing runs                             nothing runs
dry-run    runs, writes nothing, logs counts        runs, injects nothing, logs counts
shadow     runs and writes                          runs (for measurement), injects nothing
on         runs and writes                          runs and injects
=========  ======================================  ========================================

Commands a person runs on purpose (remember, recall, forget, dream, check, eval, index,
fix) work at every level. When managed settings say ``off`` (or failed closed) they are refused too —
except forget: removing data never loosens a policy, and refusing it would keep data an
administrator wanted off.

This module must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from . import telemetry
from .errors import MemlspError
from .settings import Settings


class EntryPoint(enum.StrEnum):
    EXTRACTION = "extraction"  # per-turn extraction (R11)
    AUTOSAVE = "autosave"  # session-end autosave (R12)
    INJECTION = "injection"  # per-turn recall injected into a chat turn (R15)
    AUTO_DREAM = "auto-dream"  # the dream gate firing by itself (R13)
    REMEMBER = "remember"
    RECALL = "recall"
    FORGET = "forget"
    DREAM = "dream"
    CHECK = "check"
    EVAL = "eval"
    INDEX = "index"  # regenerate MEMORY.md (memlsp index, memory/reindex)
    FIX = "fix"  # a citation quick fix that rewrites a note (memlsp.fixCitation)


AUTOMATIC = frozenset(
    {EntryPoint.EXTRACTION, EntryPoint.AUTOSAVE, EntryPoint.INJECTION, EntryPoint.AUTO_DREAM}
)
WRITERS = frozenset(
    {
        EntryPoint.EXTRACTION,
        EntryPoint.AUTOSAVE,
        EntryPoint.AUTO_DREAM,
        EntryPoint.REMEMBER,
        EntryPoint.FORGET,
        EntryPoint.DREAM,
        EntryPoint.INDEX,
        EntryPoint.FIX,
    }
)
INJECTORS = frozenset({EntryPoint.INJECTION, EntryPoint.RECALL})


@dataclass(frozen=True)
class Decision:
    """``run``: do the work at all; ``write``: may change files; ``inject``: may hand notes
    to the model or the person; ``log_counts``: record counts of what would have happened
    (dry-run). ``why`` is a stable kebab-case explanation."""

    run: bool
    write: bool
    inject: bool
    log_counts: bool
    why: str


class RolloutRefused(MemlspError):
    reason = "managed-off"


def decide(entry_point: EntryPoint | str, settings: Settings, *, record: bool = True) -> Decision:
    """What ``entry_point`` may do under ``settings`` (the effective, managed-merged ones)."""
    ep = EntryPoint(entry_point)
    decision = _decide(ep, settings.rollout, settings.managed.off)
    if record:
        telemetry.emit(
            "rollout.decision",
            entry_point=ep.value,
            level=settings.rollout,
            run=decision.run,
            write=decision.write,
            inject=decision.inject,
            managed_off=settings.managed.off,
        )
    return decision


def _decide(ep: EntryPoint, level: str, managed_off: bool) -> Decision:
    writes = ep in WRITERS
    injects = ep in INJECTORS
    if ep not in AUTOMATIC:
        if managed_off and ep is not EntryPoint.FORGET:
            return Decision(False, False, False, False, "managed-off")
        return Decision(True, writes, injects, False, "manual-command")
    if level == "off":
        return Decision(False, False, False, False, "rollout-off")
    if level == "dry-run":
        return Decision(True, False, False, True, "rollout-dry-run")
    if level == "shadow":
        return Decision(True, writes, False, False, "rollout-shadow")
    if level == "on":
        return Decision(True, writes, injects, False, "rollout-on")
    raise ValueError(f"unknown rollout level {level!r}")


def require(entry_point: EntryPoint | str, settings: Settings) -> Decision:
    """For commands a person runs: the decision, or :class:`RolloutRefused` when it may not
    run (managed settings say off)."""
    decision = decide(entry_point, settings)
    if not decision.run:
        detail = "; ".join(settings.managed.diagnostics) or "managed settings set rollout off"
        raise RolloutRefused(f"memlsp is turned off by your administrator ({detail})")
    return decision


__all__ = ["AUTOMATIC", "Decision", "EntryPoint", "RolloutRefused", "decide", "require"]
