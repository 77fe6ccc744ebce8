"""Verified forget under attack and under kill -9 (R24; acceptance 2 and 3).

A separate process swaps a note (or its folder) between the real thing and a symlink to an
outside victim with *identical bytes*, so only the race-free walk stands between forget and
the victim. Crash injection kills a forgetting process at each step and checks that the
tombstone and audit record were durable before the note went.
"""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from memlsp.core import forget as fg
from memlsp.core.forget import ForgetRefused, forget
from memlsp.core.store import Store

BODY = b"---\nname: target\ndescription: Target note\ntype: project\n---\nThe victim's twin.\n"
SHA = hashlib.sha256(BODY).hexdigest()
SWAPS = 3000

SWAPPER = textwrap.dedent(
    """
    import os, sys
    mode, note_dir, victim, stop, target = sys.argv[1:6]
    target = int(target)
    body = open(victim, "rb").read()
    name = os.path.join(note_dir, "target.md")
    swaps = 0
    while swaps < target and not os.path.exists(stop):
        if mode == "file":
            tmp = name + ".swap"
            with open(tmp, "wb") as fh:
                fh.write(body)
            os.replace(tmp, name)
            try:
                os.symlink(victim, tmp)
                os.replace(tmp, name)
            except FileExistsError:
                pass
        else:  # swap the folder holding the note for a symlink to the victim's folder
            real = note_dir
            parked = note_dir + ".parked"
            if not os.path.exists(os.path.join(real, "target.md")):
                with open(os.path.join(real, "target.md"), "wb") as fh:
                    fh.write(body)
            os.rename(real, parked)
            os.symlink(os.path.dirname(victim), real)
            os.unlink(real)
            os.rename(parked, real)
        swaps += 1
    print(swaps)
    """
)


def _victim(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "target.md"
    victim.write_bytes(BODY)
    return victim


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["file", "folder"])
def test_swapping_symlinks_never_touch_the_victim(tmp_path: Path, mode: str) -> None:
    store = Store(tmp_path / "memhome")
    scope = store.ensure_scope(store.global_scope())
    note_dir = scope.root / "inbox"
    (note_dir / "target.md").write_bytes(BODY)
    victim = _victim(tmp_path)
    victim_stat = victim.stat()
    script = tmp_path / "swapper.py"
    script.write_text(SWAPPER)
    stop = tmp_path / "stop"
    proc = subprocess.Popen(
        [sys.executable, str(script), mode, str(note_dir), str(victim), str(stop), str(SWAPS)],
        stdout=subprocess.PIPE,
        text=True,
    )
    outcomes: dict[str, int] = {}
    try:
        deadline = time.monotonic() + 120
        runs = 0
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                res = forget(store, "global/inbox/target.md", SHA)
                outcomes[res.status] = outcomes.get(res.status, 0) + 1
            except ForgetRefused as exc:
                outcomes[exc.reason] = outcomes.get(exc.reason, 0) + 1
            runs += 1
            assert victim.read_bytes() == BODY
    finally:
        stop.touch()
        out, _ = proc.communicate(timeout=30)
    swaps = int(out.strip())
    after = victim.stat()
    assert victim.read_bytes() == BODY
    assert (after.st_ino, after.st_nlink, after.st_mtime_ns) == (
        victim_stat.st_ino,
        victim_stat.st_nlink,
        victim_stat.st_mtime_ns,
    )
    assert sorted(p.name for p in victim.parent.iterdir()) == ["target.md"]
    assert swaps == SWAPS and runs >= 100, (swaps, runs)
    assert set(outcomes) <= {
        "forgotten",
        "already-forgotten",
        "symlink",
        "not-found",
        "stale-hash",
    }, outcomes
    # Every real deletion left evidence (the same path+hash is tombstoned once).
    if outcomes.get("forgotten"):
        assert fg.is_tombstoned(scope, SHA)
        ops = [
            json.loads(x)["op"] for x in (scope.state_dir / "audit.jsonl").read_text().splitlines()
        ]
        assert ops.count("forget") - ops.count("forget-aborted") == outcomes["forgotten"]


CRASHER = textwrap.dedent(
    """
    import os, signal, sys
    from memlsp.core.forget import verified as fg
    from memlsp.core.store import Store
    home, rel, sha, step = sys.argv[1:5]

    def hook(name):
        if name == step:
            os.kill(os.getpid(), signal.SIGKILL)

    fg._step_hook = hook
    fg.forget(Store(home), rel, sha)
    """
)

STEPS = ["validated", "tombstone-written", "audit-written", "renamed", "unlinked", "index-rebuilt"]


@pytest.mark.parametrize("step", STEPS)
def test_evidence_is_durable_before_the_note_goes(tmp_path: Path, step: str) -> None:
    store = Store(tmp_path / "memhome")
    scope = store.ensure_scope(store.global_scope())
    note = scope.root / "inbox/target.md"
    note.write_bytes(BODY)
    script = tmp_path / "crasher.py"
    script.write_text(CRASHER)
    proc = subprocess.run(
        [sys.executable, str(script), str(store.home), "global/inbox/target.md", SHA, step],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    tombs = scope.state_dir / "tombstones.jsonl"
    audit = scope.state_dir / "audit.jsonl"
    tombstoned = tombs.exists() and any(
        json.loads(x)["sha256"] == SHA for x in tombs.read_text().splitlines()
    )
    audited = audit.exists() and any(
        json.loads(x)["sha256"] == SHA for x in audit.read_text().splitlines()
    )
    gone = not note.exists()
    if gone:
        assert tombstoned and audited
    expected_gone = STEPS.index(step) >= STEPS.index("renamed")
    assert gone == expected_gone
    assert tombstoned == (STEPS.index(step) >= STEPS.index("tombstone-written"))
    # Recovery: forgetting again finishes the job (or says it is done) and leaves no copy.
    res = forget(store, "global/inbox/target.md", SHA)
    assert res.status == ("already-forgotten" if gone else "forgotten")
    assert not note.exists()
    assert [p.name for p in (scope.root / "inbox").iterdir()] == []
    assert len(tombs.read_text().splitlines()) == 1
