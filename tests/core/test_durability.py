"""Durability and concurrency (SPEC R6): kill -9 during writes, several writers at once."""

from __future__ import annotations

import os
import random
import re
import signal
import time
import traceback
from pathlib import Path

import pytest
from memlsp.core import memory_md
from memlsp.core.errors import DurabilityError
from memlsp.core.fsutil import atomic_write, sweep_temp_files
from memlsp.core.notes import Note, parse_note
from memlsp.core.store import Store

NOTES = 12
VERSION = re.compile(r"version (\d+)")


def _writer(home: Path, ack_path: Path, start: int) -> None:
    """Child process: rewrite notes with increasing versions, acknowledging each."""
    store = Store(home)
    scope = store.global_scope()
    ack = os.open(ack_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    rng = random.Random(start)
    version = start
    while True:
        i = rng.randrange(NOTES)
        version += 1
        body = f"note {i} version {version}\n" + ("padding line\n" * rng.randrange(1, 400))
        store.write_note(
            scope,
            Note(name=f"note-{i}", description=f"Durability note {i}", type="project", body=body),
            section="",
        )
        os.write(ack, f"{i} {version}\n".encode())


def _acked(ack_path: Path) -> tuple[dict[int, int], int]:
    last: dict[int, int] = {}
    top = 0
    if ack_path.exists():
        for line in ack_path.read_text().splitlines():
            parts = line.split()
            if len(parts) == 2:
                i, v = int(parts[0]), int(parts[1])
                last[i] = max(last.get(i, 0), v)
                top = max(top, v)
    return last, top


@pytest.mark.slow
def test_sigkill_during_writes_never_tears_or_loses(tmp_path: Path) -> None:
    home = tmp_path / "home"
    ack_path = tmp_path / "acks.log"
    rng = random.Random(1234)
    kills = 0
    start = 0
    while kills < 220:
        pid = os.fork()
        if pid == 0:  # child
            try:
                _writer(home, ack_path, start)
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        kills += 1
        acked, top = _acked(ack_path)
        start = top + 1000  # versions stay monotonic across writers
        folder = home / "global"
        for i, version in acked.items():
            data = (folder / f"note-{i}.md").read_bytes()
            parsed = parse_note(data, stem=f"note-{i}")  # raises if torn
            seen = int(VERSION.search(parsed.body).group(1))
            assert seen >= version, f"note-{i}: acknowledged v{version} lost (file has v{seen})"
        for path in folder.glob("*.md"):
            if path.name != "MEMORY.md":
                parse_note(path.read_bytes(), stem=path.stem)
    assert kills >= 200
    store = Store(home)
    res = store.scan(store.global_scope())
    assert not [p for p in res.problems if p.severity == "error"]
    names = {e.note.name for e in res.entries}  # a killed writer may land an unacknowledged note
    assert {f"note-{i}" for i in _acked(ack_path)[0]} <= names
    sweep_temp_files(home / "global", older_than_s=0)
    assert not [p for p in (home / "global").iterdir() if p.name.endswith(".tmp")]


def _appender(home: Path, worker: int, ops: int, barrier: Path, workers: int) -> None:
    store = Store(home)
    scope = store.global_scope()
    for k in range(5):  # every worker races to create the same five topics: no twins
        store.write_note(
            scope,
            Note(name=f"topic-{k}", description=f"Shared topic {k}", type="project", body=""),
            section="",
        )
    # Creating an existing topic rewrites its body, so appends start once all have created.
    fd = os.open(barrier, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    os.write(fd, b"x")
    os.close(fd)
    while barrier.stat().st_size < workers:
        time.sleep(0.001)
    for j in range(ops):
        rel = f"global/topic-{(j + worker) % 5}.md"
        marker = f"w{worker}-op{j}"

        def add(note: Note, marker: str = marker) -> Note:
            note.body = (note.body.rstrip("\n") + f"\n{marker}").lstrip("\n")
            return note

        store.update_note(rel, add)


@pytest.mark.slow
def test_four_processes_lose_no_update(tmp_path: Path) -> None:
    home = tmp_path / "home"
    workers, ops = 4, 100
    pids = []
    for w in range(workers):
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                _appender(home, w, ops, tmp_path / "barrier", workers)
                code = 0
            except BaseException:  # os._exit skips the traceback: keep it for the assert
                (tmp_path / f"worker-{w}.err").write_text(traceback.format_exc())
            finally:
                os._exit(code)
        pids.append(pid)
    for w, pid in enumerate(pids):
        _, status = os.waitpid(pid, 0)
        err = tmp_path / f"worker-{w}.err"
        assert os.waitstatus_to_exitcode(status) == 0, err.read_text() if err.exists() else ""
    store = Store(home)
    scope = store.global_scope()
    entries = store.scan(scope).entries
    assert sorted(e.note.name for e in entries) == [f"topic-{k}" for k in range(5)]
    markers = [ln for e in entries for ln in e.note.body.splitlines() if ln.strip()]
    assert len(markers) == workers * ops
    assert set(markers) == {f"w{w}-op{j}" for w in range(workers) for j in range(ops)}
    assert scope.index_path.read_text() == memory_md.render_index(entries)


def test_failed_rename_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "note.md"
    atomic_write(target, "old")

    def broken_replace(src, dst) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(DurabilityError, match="previous version is kept"):
        atomic_write(target, "new")
    monkeypatch.undo()
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["note.md"]


def test_failed_fsync_aborts_and_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "note.md"
    atomic_write(target, "old")

    def broken_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(DurabilityError):
        atomic_write(target, "new")
    monkeypatch.undo()
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["note.md"]
