"""The CPU-heavy part of background jobs in a worker process (ADR 0006), for a long-lived
surface.

The language server answers the editor (recall on every chat turn, hovers) on Python
threads that share one GIL with its background jobs. An offline extraction is ~90 ms of
pure-Python CPU a turn (reading the scope's notes, matching topics, checking the policy),
and a reindex parses every note of the home; run on a job thread, that work holds the GIL
while a recall waits for it — and a niced thread holding the GIL is scheduled late on a
busy machine, so the recall waits longer still. :class:`WorkerProcess` runs
:func:`.extract.turn.extract_turn` and one scope's reindex in one child process instead
(spawned on first use, kept, at a lower CPU priority as a whole process): the server's job
threads only wait for its answer, and keep their cancel checks and progress between calls.
Notes are written by the child exactly as in-process (atomic writes under the scope's file
lock, which works across processes); the caller syncs its indexes afterwards, as before.

Only offline extraction runs there: a model provider (``anthropic``, ``editor``) mostly
waits on the network, and the editor's bridge lives in the server. When the child cannot
be started or dies, the work runs in-process (a warning, once) — never lost.

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .extract import ExtractResult, extract_turn
from .records import Scope
from .reindex import index_scope
from .store import Store

log = logging.getLogger(__name__)

CHILD_NICE = 10
PARENT_POLL_S = 0.5

# the child's stores, one per memory home and mounts (each keeps its parse cache warm)
_STORES: dict[tuple[str, tuple[str, ...]], Store] = {}


def _child_init(parent: int) -> None:
    """In the child: stdin/stdout may be the language server's transport — nothing here
    may read or write them; the whole process yields the CPU to the server; and it ends
    when the server does, however the server ended (a SIGKILL runs no clean-up)."""
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(2, 1)
    os.close(devnull)
    try:
        os.nice(CHILD_NICE)
    except OSError:
        pass
    threading.Thread(target=_exit_with, args=(parent,), name="parent-watch", daemon=True).start()


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os._exit(0)  # every write is atomic (R6): stopping anywhere loses nothing


def _child_store(home: str, mounts: tuple[str, ...], history_days: int, cache: bool) -> Store:
    store = _STORES.get((home, mounts))
    if store is None:
        store = _STORES[(home, mounts)] = Store(home, mounts)
    store.history_days = history_days
    store.write_parse_cache = cache
    return store


def _extract_in_child(where: tuple, scope: Scope, kwargs: dict[str, Any]) -> ExtractResult:
    return extract_turn(_child_store(*where), scope, **kwargs)


def _index_in_child(where: tuple, scope: Scope) -> tuple[int, bool]:
    return index_scope(_child_store(*where), scope)


def _ready() -> bool:
    return True


class WorkerProcess:
    """One child process running store work (offline extraction, reindexing), one call at
    a time (thread-safe)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.failed = False  # the child could not run: extractions run in-process

    def _executor(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self._pool is None and not self.failed:
                try:
                    self._pool = ProcessPoolExecutor(
                        max_workers=1,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=_child_init,
                        initargs=(os.getpid(),),
                    )
                except (OSError, ValueError) as exc:
                    self._give_up(exc)
            return self._pool

    def start(self) -> bool:
        """Start the child now (it imports the extraction modules once); False when it
        cannot run."""
        pool = self._executor()
        if pool is None:
            return False
        try:
            return pool.submit(_ready).result()
        except (BrokenProcessPool, OSError) as exc:
            self._broken(exc)
            return False

    def extract(
        self, store: Store, scope: Scope, *, mounts: Sequence[str] = (), **kwargs: Any
    ) -> ExtractResult:
        """:func:`.extract.turn.extract_turn` (offline: no ``provider``) in the child, else
        here."""
        done = self._call(_extract_in_child, store, mounts, scope, kwargs)
        return extract_turn(store, scope, **kwargs) if done is None else done

    def index_scope(
        self, store: Store, scope: Scope, *, mounts: Sequence[str] = ()
    ) -> tuple[int, bool]:
        """:func:`.reindex.index_scope` in the child, else here."""
        done = self._call(_index_in_child, store, mounts, scope)
        return index_scope(store, scope) if done is None else done

    def _call(self, fn, store: Store, mounts: Sequence[str], *args: Any) -> Any:
        pool = self._executor()
        if pool is None:
            return None
        where = (
            str(store.home),
            tuple(str(m) for m in mounts),
            store.history_days,
            getattr(store, "write_parse_cache", True),
        )
        try:
            return pool.submit(fn, where, *args).result()
        except (BrokenProcessPool, OSError) as exc:
            self._broken(exc)
            return None

    def _broken(self, exc: BaseException) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
            self._give_up(exc)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _give_up(self, exc: BaseException) -> None:
        if not self.failed:
            log.warning("worker process unavailable (%s); background jobs run in-process", exc)
        self.failed = True

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
