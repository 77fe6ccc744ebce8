"""Background jobs of the language server: extraction, dream, reindex (SPEC R11, R28).

A job is a plain blocking core function ``fn(cancel, progress)`` (see
:mod:`memlsp.core.runtime`). :meth:`JobRunner.submit` returns the job id at once; the job
then runs on a small worker pool, off the event loop, and

* is reported by ``memory/jobStatus`` notifications (queued -> running -> done | failed |
  cancelled), every state change, exactly once each;
* reports ``$/progress`` under a fresh uuid token when the client supports work-done
  progress (``begin`` ... ``end``; ``end`` is sent in ``finally``, whatever happens);
* is cancelled cooperatively: ``memory/cancelJob``, ``window/workDoneProgress/cancel`` or
  server shutdown set its cancel token, which the core checks at safe points;
* never kills the server: an exception is logged with its traceback and reported as
  ``failed`` with a one-line message.

Writers to one memory home run one at a time, in submission order (a FIFO asyncio lock per
home); readers never wait for them. The queue is bounded (``server.maxQueuedJobs``): a
submit beyond it raises :class:`JobQueueFull` (answered ``data.reason = "busy"``), and only
the last :data:`HISTORY` finished jobs are kept for ``memory/status``.
"""

from __future__ import annotations

import asyncio
import collections
import datetime as dt
import logging
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types

from ..core.errors import MemlspError
from ..core.runtime import Cancelled, CancelToken, background_priority
from ..core.service import iso, one_line
from . import messages

logger = logging.getLogger(__name__)

HISTORY = 50
PROGRESS_INTERVAL_S = 0.1  # at most ~10 $/progress reports per second per job
PROGRESS_CREATE_TIMEOUT_S = 5.0
# A writer job leaves this much time before the next one for one home starts: a queue of
# 200 extractions then never holds the GIL (and a shared CPU) back to back, so requests
# from the editor (recall on every chat turn) keep their latency.
WRITER_GAP_S = 0.02
ACTIVE = ("queued", "running")

JobFn = Callable[[CancelToken, Callable[..., None]], Any]

# Jobs give way to the editor's requests: at each safe point (every cancel check) and
# before a job starts, a job waits while requests are being served, up to this long, so a
# recall on a chat turn does not share the GIL (and a shared CPU) with a reindex or an
# extraction. Bounded, so a steady stream of requests cannot starve the jobs.
YIELD_MAX_S = 0.25
YIELD_POLL_S = 0.005


class YieldingToken(CancelToken):
    """A cancel token whose safe points also yield to requests in flight."""

    def __init__(self, busy: Callable[[], bool] | None = None) -> None:
        super().__init__()
        self._busy = busy or (lambda: False)

    def check(self) -> None:
        super().check()
        self.yield_to_requests()

    def yield_to_requests(self, max_s: float = YIELD_MAX_S) -> None:
        deadline = time.monotonic() + max_s
        while self._busy() and not self.cancelled and time.monotonic() < deadline:
            time.sleep(YIELD_POLL_S)


class JobQueueFull(MemlspError):
    reason = "busy"


@dataclass
class Job:
    id: str
    kind: str
    title: str
    home: str
    writer: bool
    state: str = "queued"
    message: str | None = None
    result: Any = None
    cancel: CancelToken = field(default_factory=YieldingToken)
    created: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    finished: dt.datetime | None = None
    progress_token: str | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)
    summarize: Callable[[Any], str | None] | None = None
    describe: Callable[[Any], str | None] | None = None
    detail: str | None = None

    def info(self) -> messages.JobInfo:
        return messages.JobInfo(
            job_id=self.id,
            kind=self.kind,
            state=self.state,
            message=self.message,
            created=iso(self.created),
            finished=iso(self.finished) if self.finished else None,
        )


class JobRunner:
    """Owns the jobs of one server. All methods are called on the event loop thread."""

    def __init__(self, server, *, max_workers: int = 2) -> None:
        self._server = server
        # jobs run niced: recall and hover answer first (issue 19, bench/lsp_responsiveness.py)
        self._executor = ThreadPoolExecutor(
            max_workers=max_workers, thread_name_prefix="job", initializer=background_priority
        )
        self._active: dict[str, Job] = {}
        self._history: collections.OrderedDict[str, Job] = collections.OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self.max_queued = 32
        self.writer_gap = WRITER_GAP_S

    def requests_in_flight(self) -> bool:
        return getattr(self._server, "_in_flight", 0) > 0

    # ---- queries ---------------------------------------------------------------------------
    def get(self, job_id: str) -> Job | None:
        return self._active.get(job_id) or self._history.get(job_id)

    def jobs(self) -> list[Job]:
        return [*self._active.values(), *reversed(self._history.values())]

    # ---- submit / cancel ---------------------------------------------------------------------
    def submit(
        self,
        kind: str,
        fn: JobFn,
        *,
        title: str,
        home: str,
        writer: bool = True,
        on_done: Callable[[Job], None] | None = None,
        summarize: Callable[[Any], str | None] | None = None,
        detail: Callable[[Any], str | None] | None = None,
    ) -> Job:
        if len(self._active) >= self.max_queued:
            raise JobQueueFull(
                f"{len(self._active)} jobs are already queued or running; try again later"
            )
        job = Job(
            id=uuid.uuid4().hex[:12],
            kind=kind,
            title=title,
            home=home,
            writer=writer,
            cancel=YieldingToken(self.requests_in_flight),
        )
        self._active[job.id] = job
        self._notify(job)
        job.summarize = summarize or _summary
        job.describe = detail
        task = asyncio.ensure_future(self._run(job, fn, on_done))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    def submit_service_job(self, job) -> Job:
        """A :class:`memlsp.core.service.Job` (kind, title, run, summarize, detail)."""
        return self.submit(
            job.kind,
            job.run,
            title=job.title,
            home=job.home,
            summarize=job.summarize,
            detail=job.detail,
        )

    def cancel(self, job_id: str) -> Job | None:
        job = self.get(job_id)
        if job is not None and job.state in ACTIVE:
            job.cancel.cancel()
        return job

    def cancel_all(self) -> None:
        for job in list(self._active.values()):
            job.cancel.cancel()

    async def wait(self, job_id: str, timeout: float | None = None) -> Job | None:
        job = self.get(job_id)
        if job is not None:
            await asyncio.wait_for(job.done.wait(), timeout)
        return job

    def shutdown(self) -> None:
        self.cancel_all()
        self._executor.shutdown(wait=False, cancel_futures=True)

    # ---- running ------------------------------------------------------------------------------
    def _lock(self, home: str) -> asyncio.Lock:
        return self._locks.setdefault(home, asyncio.Lock())

    async def _run(self, job: Job, fn: JobFn, on_done) -> None:
        progress = _Progress(self._server, job)
        try:
            if job.writer:
                async with self._lock(job.home):
                    try:
                        await self._execute(job, fn, progress)
                    finally:
                        await asyncio.sleep(self.writer_gap)
            else:
                await self._execute(job, fn, progress)
        except asyncio.CancelledError:
            job.state, job.message = "cancelled", "the server stopped"
        except Exception as exc:  # noqa: BLE001 - a failing job must not take the server down
            logger.exception("job %s (%s) failed", job.id, job.kind)
            job.state, job.message = "failed", _describe(exc)
        finally:
            if job.state == "failed":
                # Before the final status and progress end, so a client that sees the job
                # fail already holds the reason in its log (the wire keeps this order).
                self._server.log(f"memlsp: {job.title} failed: {job.message}", error=True)
            await progress.end(job)
            job.finished = dt.datetime.now(dt.UTC)
            self._active.pop(job.id, None)
            self._history[job.id] = job
            while len(self._history) > HISTORY:
                self._history.popitem(last=False)
            self._notify(job)
            job.done.set()
            if on_done is not None:
                try:
                    on_done(job)
                except Exception:  # noqa: BLE001
                    logger.exception("on_done of job %s failed", job.id)

    async def _execute(self, job: Job, fn: JobFn, progress: _Progress) -> None:
        if job.cancel.cancelled:
            job.state, job.message = "cancelled", "cancelled before it started"
            return
        deadline = time.monotonic() + YIELD_MAX_S
        while self.requests_in_flight() and time.monotonic() < deadline:
            await asyncio.sleep(YIELD_POLL_S)
        job.state = "running"
        self._notify(job)
        await progress.begin(job)
        loop = asyncio.get_running_loop()
        try:
            job.result = await loop.run_in_executor(
                self._executor, fn, job.cancel, progress.sink(loop)
            )
            job.state = "done"
            job.message = (job.summarize or _summary)(job.result)
            if job.describe is not None:
                job.detail = job.describe(job.result)
        except Cancelled:
            job.state, job.message = "cancelled", "cancelled on request"

    def _notify(self, job: Job) -> None:
        self._server.notify_job(
            messages.JobStatusParams(
                job_id=job.id,
                kind=job.kind,
                state=job.state,
                message=job.message,
                detail=job.detail,
            )
        )


def _describe(exc: BaseException) -> str:
    reason = getattr(exc, "reason", None)
    text = one_line(str(exc)) or type(exc).__name__
    return f"{text} [{reason}]" if reason else f"{type(exc).__name__}: {text}"


def _summary(result: Any) -> str | None:
    summary = getattr(result, "summary", None)
    if callable(summary):
        return str(summary())
    return None


class _Progress:
    """``$/progress`` for one job, when the client supports it; thread-safe sink."""

    def __init__(self, server, job: Job) -> None:
        self._server = server
        self._began = False
        self._last = 0.0
        self._job_token: str | None = None

    async def begin(self, job: Job) -> None:
        if not self._server.client_supports_progress():
            return
        token = str(uuid.uuid4())
        progress = self._server.work_done_progress
        try:
            await asyncio.wait_for(progress.create_async(token), PROGRESS_CREATE_TIMEOUT_S)
        except Exception as exc:  # noqa: BLE001 - no progress bar is not an error
            logger.info("client refused a progress token: %s", exc)
            progress.tokens.pop(token, None)
            return
        job.progress_token = self._job_token = token
        # window/workDoneProgress/cancel resolves this future: stop the job.
        future = progress.tokens.get(token)
        if future is not None:
            future.add_done_callback(lambda _f: job.cancel.cancel())
        progress.begin(
            token,
            types.WorkDoneProgressBegin(title=job.title, cancellable=True, percentage=0),
        )
        self._began = True

    def sink(self, loop: asyncio.AbstractEventLoop):
        def report(message: str | None = None, percentage: int | None = None) -> None:
            if not self._began:
                return
            now = time.monotonic()
            if now - self._last < PROGRESS_INTERVAL_S and percentage != 100:
                return
            self._last = now
            value = types.WorkDoneProgressReport(message=message, percentage=percentage)
            loop.call_soon_threadsafe(self._report, value)

        return report

    def _report(self, value) -> None:
        token = self._job_token
        if self._began and token is not None:
            self._server.work_done_progress.report(token, value)

    async def end(self, job: Job) -> None:
        if not self._began or job.progress_token is None:
            return
        self._began = False
        progress = self._server.work_done_progress
        try:
            progress.end(
                job.progress_token, types.WorkDoneProgressEnd(message=job.message or job.state)
            )
        finally:
            # pygls keeps every token forever; drop ours so a long session stays bounded.
            progress.tokens.pop(job.progress_token, None)
