"""The maintenance use cases: dream (a person's, and the automatic gate's), restore,
reindex, start-up recovery, the citation check, model health and the R35 evaluations.

Long work comes back as a :class:`~.results.Job` (``run(cancel, progress)``) so every
surface hosts it its own way — the language server's job runner, the CLI inline with
progress on stderr. Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import pending, telemetry, telemetry_stats
from ..citations import Checker
from ..errors import InvalidRequestError, MemlspError
from ..fsutil import file_lock, first_link, leftovers, sweep_temp_files
from ..git import toplevel as git_toplevel
from ..rollout import EntryPoint
from ..runtime import CancelToken, ProgressSink
from ..store import SECTIONS, Scope, Store
from . import events
from .base import ServiceBase
from .results import Job

if TYPE_CHECKING:  # imported where used, so that start-up does not load the dream
    from .. import dream as dream_mod

HEALTH_SYSTEM = "You are a health check. Reply with the single word OK and nothing else."


class MaintenanceUseCases(ServiceBase):
    # ---- dream ----------------------------------------------------------------------------------
    def dream_job(
        self,
        *,
        force: bool = False,
        dry_run: bool = False,
        scope: Scope | None = None,
        workspace: str | None = None,
    ) -> Job:
        """A dream a person asked for: it runs at once (R13, SPEC §11 — explicit commands
        are never gated; the 24 h / 5-session gate governs only the automatic dream, so
        ``force`` is accepted and changes nothing), refused only under managed off. With a
        model provider the plan comes from the model, validated strictly; the offline plan
        when it is rejected."""
        del force  # kept for callers that still pass it
        self.require(EntryPoint.DREAM)
        return self._dream_job(scope or self.project_scope(workspace), True, dry_run)

    def due_dream_jobs(self, scopes: list[Scope]) -> list[Job]:
        """The automatic dream (R13, R25): one job per scope whose gate is due — a dry run
        at ``dry-run``; none at ``off``. Blocking (reads each gate)."""
        from .. import dream as dream_mod

        decision = self.decide(EntryPoint.AUTO_DREAM)
        if not decision.run:
            return []
        settings = self._settings
        due = [
            s
            for s in scopes
            if s.root.is_dir() and dream_mod.should_dream(s, settings=settings).due
        ]
        return [self._dream_job(s, False, not decision.write) for s in due]

    def _dream_job(self, scope: Scope, force: bool, dry_run: bool) -> Job:
        from .. import dream as dream_mod

        store, settings = self.store, self._settings
        planner = dream_mod.planner_for(settings, bridge=self.model_bridge())

        def run(cancel: CancelToken, progress: ProgressSink) -> dream_mod.DreamResult:
            # a cancelled dream raises DreamCancelled, a runtime.Cancelled
            started = time.perf_counter()
            result = dream_mod.dream(
                store,
                scope,
                force=force,
                dry_run=dry_run,
                planner=planner,
                settings=settings,
                progress=progress,
                cancel=cancel,
            )
            took = (time.perf_counter() - started) * 1000
            events.dream_event(result, trigger="person" if force else "automatic", duration_ms=took)
            if result.applied and not dry_run:
                self._written([scope], warm=False)
                self._after_dream(scope, cancel, progress)
            return result

        return Job(
            "dream", f"Dreaming ({scope.rel})", str(store.home), run, dream_summary, dream_detail
        )

    def restore(
        self, run_id: str, path: str | None = None, *, global_: bool = False, workspace=None
    ):
        """R38: bring back what a dream run archived or soft-deleted — every file, or one
        ``path`` — within ``retention.softDeleteDays``."""
        from .. import dream as dream_mod

        self.require(EntryPoint.DREAM)
        scope = self.store.global_scope() if global_ else self.project_scope(workspace)
        result = dream_mod.restore(
            self.store,
            scope,
            run_id,
            path,
            soft_delete_days=self._settings.retention.soft_delete_days,
        )
        if result.restored:
            self._written([scope], warm=False)
        return scope, result

    def recover_dreams(self) -> dict[str, Any]:
        """Roll an unfinished dream journal of any scope forward or back (at start-up)."""
        from .. import dream as dream_mod

        return dream_mod.recover_all(self.store)

    def sweep_leftovers(self) -> list[str]:
        """Remove the temporary files of interrupted writes (they may hold note text), each
        scope's under its lock; home-relative paths of what was removed. A scope without
        leftovers is not touched (not even its lock file). Runs at start-up and in doctor."""
        store, removed = self.store, []
        for scope in store.scopes() if store.home.is_dir() else []:
            folders = [scope.root / s for s in SECTIONS] + [pending.folder(scope), scope.state_dir]
            if not any(leftovers(f) for f in folders) or first_link(scope.lock_path):
                continue
            with file_lock(scope.lock_path, timeout_s=5.0):
                for folder in folders:
                    removed += [store.rel(p) for p in sweep_temp_files(folder)]
        return removed

    # ---- indexes ----------------------------------------------------------------------------------
    def reindex_job(self, scope: str | None = None) -> Job:
        from ..reindex import reindex_scopes

        self.require(EntryPoint.INDEX)
        store = self.store
        scopes = None if scope in (None, "", "all") else self.scopes_named(scope)

        def run(cancel: CancelToken, progress: ProgressSink):
            worker = self.worker()  # the parsing runs there, scope by scope (ADR 0006)
            index = None
            if worker is not None:
                mounts = self._settings.extra_scopes

                def index(home: Store, scope: Scope) -> tuple[int, bool]:
                    return worker.index_scope(home, scope, mounts=mounts)

            # MEMORY.md is rewritten: the Recallers see their folders change, and the rescan
            # that follows belongs on this thread, not on a chat turn's recall
            with self._writing(store.scopes() if scopes is None else scopes):
                result = reindex_scopes(
                    store, scopes, cancel=cancel, progress=progress, index=index
                )
                self._written(result.changed)
            return result

        return Job("reindex", "Rebuilding memory indexes", str(store.home), run)

    # ---- citations -------------------------------------------------------------------------------
    def workspace_root(self, explicit: str | Path | None = None) -> Path:
        """The folder citations are checked against: the given one, else the git work tree
        holding the default folder, else that folder."""
        if explicit is not None:
            return Path(explicit).resolve()
        here = self.default_folder()
        return git_toplevel(here) or here

    def checker(
        self, folder: str | Path | None = None, *, on_purpose: bool = True, **kwargs: Any
    ) -> Checker:
        """A citation checker (R29) of a workspace folder and its project scope. A check a
        person runs is refused under managed off; the editor's diagnostics only read."""
        if on_purpose:
            self.require(EntryPoint.CHECK)
        return Checker(self.workspace_root(folder), self.store, **kwargs)

    def stale_lookup(self, folder: str | Path | None = None) -> Callable[[str], int | None]:
        """How many stale citations each note has (R29) for ``memlsp ls`` and the browser:
        one check of this workspace that reuses the warm checker a surface keeps, else the
        symbol index persisted in the project scope (only changed files are re-parsed).
        ``None`` for a note the check does not judge (another project's, a session
        record) — and for every note when this workspace has no project scope yet and no
        folder is mounted (nothing to check; without a project scope the check saves no
        symbol index, so a read creates nothing either way)."""
        root = self.workspace_root(folder)
        checker = self.checker_lookup(root) if self.checker_lookup else None
        if not isinstance(checker, Checker):
            checker = Checker(root, self.store)
            if not checker.project.root.is_dir() and not self.store.mounted_scopes():
                return lambda _path: None
            checker.check_all()
        report = checker.report()
        counts = Counter(f.note for f in report.findings)
        return lambda path: counts.get(path, 0) if checker.judged(path) else None

    def require_fix(self) -> None:
        """A citation quick fix rewrites a note (on disk, or through the editor's edit):
        refused, like every write a person asks for, under managed off."""
        self.require(EntryPoint.FIX)

    # ---- models -----------------------------------------------------------------------------------
    def ping_model(self) -> tuple[str | None, MemlspError | None]:
        """One tiny prompt to the configured (non-editor) provider: (reply, error)."""
        from ..models import ModelRequest

        settings = self._settings
        try:
            reply = self.provider("select").complete(
                ModelRequest(
                    system=HEALTH_SYSTEM,
                    stable_context="",
                    messages=[{"role": "user", "content": "ping"}],
                    max_tokens=8,
                    timeout=settings.model.timeout_seconds,
                )
            )
        except MemlspError as exc:  # no key, HTTP error, timeout: an answer, not a crash
            return None, exc
        return reply.text, None

    # ---- telemetry (R27) ---------------------------------------------------------------------------
    def telemetry_stats(self, since_days: float | None = None) -> dict:
        """``memlsp stats``: the local telemetry sink summarised for judging a rollout
        (recall hit and injection rates, notes per turn, latency percentiles, extraction
        writes and refusals, dreams); only the last ``since_days`` days when given."""
        if since_days is not None and not (math.isfinite(since_days) and since_days > 0):
            raise InvalidRequestError(
                "--since takes a positive number of days", reason="invalid-since"
            )
        sink = telemetry.settings_sink(self._settings, self.store.home)
        report = telemetry_stats.stats(sink, since_days=since_days)
        report["enabled"] = self._settings.telemetry.enabled
        return report

    # ---- evaluation (R35) --------------------------------------------------------------------------
    def evaluate_recall(self, corpus: Path, queries: Path, *, progress=None) -> dict:
        """Score recall on a data set (JSONL files, eval/README.md) in a temporary home,
        with this service's ``recall.*`` settings."""
        from ..evaluate.datasets import corpus_rows, query_rows
        from ..evaluate.recall_eval import evaluate

        try:
            rows = corpus_rows(corpus), query_rows(queries)
        except ValueError as exc:
            raise MemlspError(str(exc), reason="bad-data-set") from exc
        return evaluate(*rows, progress=progress, params=self._settings.recall)

    def evaluate_scenarios(self, path: Path, *, proxy: bool = False, ids=None) -> dict:
        """Replay scenarios through extraction, then probe recall (or the stored text), with
        this service's ``recall.*`` settings."""
        from ..evaluate.datasets import scenario_rows
        from ..evaluate.scenarios import recall_with, run_scenarios, stored_text_proxy

        try:
            rows = scenario_rows(path)
        except ValueError as exc:
            raise MemlspError(str(exc), reason="bad-data-set") from exc
        known = {str(row["id"]) for row in rows}
        for wanted in ids or ():
            if str(wanted) not in known:  # a typo would score nothing and look like success
                raise MemlspError(
                    f"no scenario with id {wanted!r} in {path}", reason="unknown-scenario"
                )
        probe = stored_text_proxy if proxy else recall_with(self._settings.recall)
        return run_scenarios(path, probe, ids=ids)


def dream_detail(result: dream_mod.DreamResult) -> str | None:
    """A dry run's plan as a unified diff (R38: a dry run a person can read); else None."""
    return result.diff if result.status == "dry-run" else None


def dream_summary(result: dream_mod.DreamResult) -> str:
    """One line for a finished dream."""
    if result.status == "skipped":
        return f"skipped: {result.reason}"
    before = result.counts_before.get("inbox")
    after = result.counts_after.get("inbox")
    text = f"{result.status} (run {result.run_id}): {len(result.applied)} operation(s)"
    if before is not None and after is not None:
        text += f", inbox {before} -> {after}"
    if result.warning:
        text += f"; warning: {result.warning}"
    return text
