"""The fenced lease (SPEC R20): tokens only grow, a live lease refuses a second holder,
an expired or superseded holder cannot renew, check or release (it writes nothing)."""

from __future__ import annotations

import json

import pytest
from memlsp.core import lease as L
from memlsp.core.state import read_state, update_state
from memlsp.core.store import Store


class Clock:
    def __init__(self, t: float = 1_800_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def scope(tmp_path):
    store = Store(tmp_path)
    return store.ensure_scope(store.global_scope())


def test_lease_file_format_is_the_contract(scope):
    clock = Clock()
    lease = L.acquire(
        scope, run_id="r1", holder="h:1", ttl_s=60, paths=["inbox/b.md", "a.md"], clock=clock
    )
    data = json.loads(L.lease_path(scope).read_text())
    assert set(data) == {"holder", "token", "run_id", "acquired", "expires", "paths"}
    assert data["holder"] == "h:1" and data["run_id"] == "r1" and data["token"] == lease.token
    assert data["acquired"].endswith("Z") and data["expires"].endswith("Z")
    assert data["paths"] == ["a.md", "inbox/b.md"]
    assert read_state(scope)["lease_token"] == lease.token


def test_live_lease_refuses_and_expired_is_taken_over_with_a_larger_token(scope):
    clock = Clock()
    first = L.acquire(scope, run_id="r1", holder="elsewhere:1", ttl_s=10, clock=clock)
    with pytest.raises(L.LeaseHeldError) as err:
        L.acquire(scope, run_id="r2", ttl_s=10, clock=clock)
    assert err.value.reason == "lease-held"
    clock.t += 11
    second = L.acquire(scope, run_id="r2", ttl_s=10, clock=clock)
    assert second.token > first.token
    with pytest.raises(L.LeaseLost):
        L.check(scope, first.token, clock=clock)
    with pytest.raises(L.LeaseLost):
        L.renew(scope, first, clock=clock)
    assert L.release(scope, first) is False
    assert L.read_lease(scope).token == second.token


def test_expired_holder_cannot_check_or_renew(scope):
    clock = Clock()
    lease = L.acquire(scope, run_id="r1", holder="elsewhere:1", ttl_s=5, clock=clock)
    assert L.check(scope, lease.token, clock=clock).run_id == "r1"
    renewed = L.renew(scope, lease, ttl_s=5, paths=["x.md"], clock=clock)
    assert renewed.paths == ["x.md"]
    clock.t += 6
    with pytest.raises(L.LeaseLost, match="expired"):
        L.check(scope, lease.token, clock=clock)
    with pytest.raises(L.LeaseLost):
        L.renew(scope, lease, clock=clock)


def test_token_counter_survives_a_removed_lease_and_keeps_other_keys(scope):
    update_state(scope, lambda s: s.update({"runs": [{"run_id": "old"}], "other": 1}))
    a = L.acquire(scope, run_id="r1", ttl_s=5)
    assert L.release(scope, a) is True
    assert not L.lease_path(scope).exists()
    b = L.acquire(scope, run_id="r2", ttl_s=5)
    assert b.token == a.token + 1
    state = read_state(scope)
    assert state["runs"] == [{"run_id": "old"}] and state["other"] == 1


def test_dead_local_holder_does_not_block(scope):
    import socket
    import subprocess

    proc = subprocess.Popen(["true"])
    proc.wait()
    pid = proc.pid
    L.acquire(scope, run_id="r1", holder=f"{socket.gethostname()}:{pid}", ttl_s=300)
    again = L.acquire(scope, run_id="r2", ttl_s=300)
    assert again.run_id == "r2"
