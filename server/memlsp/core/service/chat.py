"""The chat-turn use cases (SPEC R11–R17, R25): a session starts, a turn is recalled for,
a turn completed (extraction, as a job), the history was compacted, the session ended
(autosave and the dream gate's counter), and a whole transcript replayed.

Each automatic entry point asks the rollout level once (one ``rollout.decision`` event) and
hands that decision down; nothing below decides again. Must not import pygls, lsprotocol,
argparse or an adapter.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .. import listing
from ..rollout import EntryPoint
from ..runtime import CancelToken, ProgressSink
from . import events
from .base import ServiceBase, agent_name
from .results import Job, Recalled, SessionSaved, SessionStart, Skipped

if TYPE_CHECKING:  # imported where used, so that start-up does not load extraction
    from ..extract import ExtractResult, Message


class ChatUseCases(ServiceBase):
    def session_started(self, session_id: str, workspace: str | None = None) -> SessionStart:
        """R14: the index to hand to the model (only at rollout ``on``); a (re)started
        session id begins with nothing injected (R17)."""
        self._bind_session(session_id, workspace, restart=True)
        scopes = self.session_scopes(workspace)
        decision = self.decide(EntryPoint.INJECTION)
        if decision.run:
            self.recaller(workspace).start_session(session_id)
        text = listing.session_index(self.store, scopes) if decision.inject else ""
        return SessionStart(index=text, rollout=self._settings.rollout, scopes=scopes)

    def recall(
        self,
        session_id: str | None,
        message: str,
        *,
        workspace: str | None = None,
        open_files: Sequence[str] = (),
        already_read: Sequence[str] = (),
        first_turn: bool | None = None,
        on_purpose: bool = False,
    ) -> Recalled:
        """R15: the notes to inject for this turn. A chat turn (``on_purpose=False``) follows
        the rollout level: off → nothing runs; shadow and dry-run compute but inject nothing.
        A person asking (``memlsp recall``, a tool call) is refused only under managed off.
        ``session_id=None`` is a one-off recall: a fresh session nothing is recorded in.
        ``silence`` on the result says why nothing was injected; one ``recall.completed``
        telemetry event per recall that ran."""
        if on_purpose:
            self.require(EntryPoint.RECALL)
            inject = True
        else:
            decision = self.decide(EntryPoint.INJECTION)
            if not decision.run:
                return Recalled([], "", 0, skipped="rollout-off", silence="rollout-off")
            inject = decision.inject
        one_off = session_id is None
        if one_off:
            session_id, ws = f"once-{uuid.uuid4().hex}", workspace
        else:
            ws = self.session_workspace(session_id, workspace)
        started = time.perf_counter()
        res = self.recaller(ws).recall(
            session_id,
            message,
            open_files=list(open_files),
            already_read=list(already_read),
            first_turn=first_turn,
            record=inject and not one_off,
        )
        level = self._settings.rollout
        events.recall_event(
            entry_point="recall" if on_purpose else "injection",
            rollout=level,
            memories=res.memories,
            injected=inject,
            # what kept this turn silent: the recall's own reason first (in shadow too)
            silence=res.silence or (None if inject else _rollout_silence(level)),
            selector=res.selector,
            first_turn=res.first_turn,
            duration_ms=(time.perf_counter() - started) * 1000,
        )
        if not inject:
            # Nothing was injected, so nothing was spent: what would be left had it been.
            left = int(res.budget_left) + len(res.reminder.encode("utf-8"))
            why = _rollout_silence(level)
            return Recalled([], "", left, skipped=f"rollout-{level}", silence=why)
        return Recalled(res.memories, res.reminder, int(res.budget_left), res.skipped, res.silence)

    def turn_completed(
        self,
        session_id: str,
        turn: int,
        messages: Iterable[Message],
        *,
        memory_written: bool = False,
        workspace: str | None = None,
        agent: str | None = None,
    ) -> Job | Skipped:
        """R11: a completed turn's extraction, as a job that never blocks the chat."""
        decision = self.decide(EntryPoint.EXTRACTION)
        if not decision.run:
            return Skipped("rollout-off")
        if memory_written:
            return Skipped("memory-written")  # R11: the main model already wrote memory
        ws = self.session_workspace(session_id, workspace)
        store, scope = self.store, self.project_scope(ws)
        repo_root = self.project(ws).root
        if self.decide(EntryPoint.INJECTION, record=False).run:
            self.recaller(ws)  # exists before the job, so the job keeps it current
        provider, timeout = self.provider(), self._settings.model.timeout_seconds
        review = self._settings.review == "required"  # R37: proposals wait as pending items
        turn_messages = list(messages)

        def run(cancel: CancelToken, progress: ProgressSink) -> ExtractResult:
            cancel.check()
            progress("extracting", 10)
            started = time.perf_counter()
            with self._writing([scope, store.global_scope()]):
                result = self._extract_turn(
                    store,
                    scope,
                    session_id=session_id,
                    turn=turn,
                    messages=turn_messages,
                    provider=provider,
                    global_scope=store.global_scope(),
                    timeout=timeout,
                    dry_run=not decision.write,
                    review=review,
                    repo_root=repo_root,
                    agent=agent_name(agent),
                )
                took = (time.perf_counter() - started) * 1000
                events.extraction_event(result, trigger="automatic", duration_ms=took)
                if result.written or result.updated or result.deleted:
                    progress("updating the recall index", 90)
                    cancel.yield_to_requests()  # the note is written: no cancelling now
                    self._written([scope, store.global_scope()])
            progress("done", 100)
            return result

        return Job(
            "extract", "Remembering from the last turn", str(store.home), run, extract_summary
        )

    def compacted(self, session_id: str) -> None:
        """R17: notes injected before the compaction may be injected again (nothing is
        touched when an administrator's managed settings turned memlsp off)."""
        if self._settings.managed.off:
            return
        self.recaller(self.session_workspace(session_id)).compacted(session_id)

    def session_ended(
        self,
        session_id: str,
        messages: Iterable[Message],
        *,
        workspace: str | None = None,
        agent: str | None = None,
    ) -> SessionSaved:
        """R12: the session record (no model call), and one more session for R13's gate."""
        ws = self._end_session(session_id) or workspace
        decision = self.decide(EntryPoint.AUTOSAVE)
        if not decision.write:
            return SessionSaved(skipped=f"rollout-{self._settings.rollout}")
        scope = self.project_scope(ws)
        from ..autosave import autosave_session
        from ..dream import note_session_ended

        res = autosave_session(
            self.store,
            scope,
            session_id=session_id,
            messages=list(messages),
            agent=agent_name(agent),
        )
        note_session_ended(scope)  # trivial sessions count too (they leave no record, R12)
        if res.path:
            self._written([scope], warm=False)
        return SessionSaved(path=res.path, skipped=res.skipped)

    def replay_transcript(
        self,
        messages: Sequence[Message],
        *,
        session_id: str,
        autosave: bool = True,
        workspace: str | Path | None = None,
        agent: str | None = "cli",
    ) -> tuple[list[ExtractResult], SessionSaved | None]:
        """Learn from a whole transcript as the server would have, turn by turn (each user
        message with the replies after it; clock = the turn's time), then autosave. A person
        asked for it: refused only under managed ``off``."""
        from ..replay import replay_session, turns_of

        self.require(EntryPoint.REMEMBER)
        store, scope = self.store, self.project_scope(workspace)
        started = time.perf_counter()
        results, res = replay_session(
            store,
            scope,
            turns_of(messages),
            session_id=session_id,
            provider=self.provider(),
            autosave=autosave,
            review=self._settings.review == "required",
            repo_root=self.project(workspace).root,
            agent=agent_name(agent),
        )
        # one event per turn; the replay is not timed per turn, so each gets the mean
        took = (time.perf_counter() - started) * 1000 / max(1, len(results))
        for result in results:
            events.extraction_event(result, trigger="person", duration_ms=took)
        self._written([scope, store.global_scope()], warm=False)
        saved = None if res is None else SessionSaved(path=res.path, skipped=res.skipped)
        return results, saved


def extract_summary(result: ExtractResult) -> str:
    """One line for a finished extraction (counts, no note text)."""
    if result.skipped:
        return f"skipped: {result.skipped}"
    verb = "would write" if result.dry_run else "wrote"
    changed = len(result.planned) if result.dry_run else len(result.written)
    parts = [f"{verb} {changed}", f"updated {len(result.updated)}"]
    if result.deleted:
        parts.append(f"deleted {len(result.deleted)}")
    if result.held:
        parts.append(f"held {len(result.held)} for review")
    if result.refused:
        parts.append(f"refused {len(result.refused)}")
    text = ", ".join(parts) + f" (provider {result.provider}"
    return text + (", fell back to offline)" if result.degraded else ")")


def _rollout_silence(level):
    """Why a rollout level kept recall's notes out (imported on use: ``memlsp.core.recall``
    loads numpy and the retrieval index, which start-up does not need)."""
    from ..recall.silence import rollout_silence

    return rollout_silence(level)
