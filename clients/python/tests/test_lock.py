"""Client.lock(): the watchdog keeps a short lease alive, reports its loss, and the
block's exit releases it."""

from __future__ import annotations

import threading
import time
from typing import Callable, List, Tuple

import pytest

import treelock
from treelock import Refused


def test_the_watchdog_keeps_a_short_lease_alive(make_client: Callable[..., treelock.Client]) -> None:
    alice, bob = make_client("alice"), make_client("bob")
    with alice.lock([("X", "/A")], ttl_ms=300, op="upload") as lease:
        first_expiry = lease.expires_at_ms
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            b = pytest.raises(Refused, bob.acquire, [("X", "/A/x")]).value.blocker
            assert b.lease == lease.id
            time.sleep(0.05)
        assert not lease.lost
        assert lease.expires_at_ms > first_expiry + 500, "renewed every ttl/3"
        assert [l.id for l in bob.snapshot().leases] == [lease.id]
    assert bob.snapshot().leases == [], "released on exit"
    assert bob.acquire([("X", "/A/x")]).holds == 1


def test_the_watchdog_reports_a_lost_lease(make_client: Callable[..., treelock.Client]) -> None:
    alice, oncall = make_client("alice"), make_client("oncall")
    lost: List[Tuple[treelock.Lease, str]] = []
    called = threading.Event()

    def on_lost(lease: treelock.Lease, status: str) -> None:
        lost.append((lease, status))
        called.set()

    with alice.lock([("X", "/A")], ttl_ms=300, on_lost=on_lost) as lease:
        assert oncall.force_release(lease.id, operator="oncall", reason="test", admin=True).status == "ok"
        assert called.wait(1.0), "the next renewal (every 100 ms) finds the lease gone"
        assert lease.lost and lease.lost_status == "unknown"
        assert lost == [(lease, "unknown")]
        assert alice.release(lease) == ("unknown", 0)
    assert oncall.snapshot().leases == []


def test_an_exception_in_the_block_releases_the_lease(client: treelock.Client) -> None:
    with pytest.raises(KeyError):
        with client.lock([("X", "/A")]):
            raise KeyError("boom")
    assert client.snapshot().leases == []


def test_lock_waits_and_refuses_like_acquire(make_client: Callable[..., treelock.Client]) -> None:
    alice, bob = make_client("alice"), make_client("bob")
    held = alice.acquire([("X", "/A")], ttl_ms=200)
    with bob.lock([("S", "/A/b")], wait_ms=3000) as lease:
        assert lease.fence > held.fence
        with pytest.raises(Refused):
            with alice.lock([("X", "/A")]):
                pass  # pragma: no cover


def test_lock_operation_plans_with_the_policy(client: treelock.Client) -> None:
    with client.lock_operation("move-folder", "/A/C", "/B", profile="seed") as lease:
        assert lease.requests == [("X", "/A/C"), ("SIX", "/B"), ("X", "/B/C")]
        assert client.snapshot().leases[0].op == "move-folder"
    assert client.snapshot().leases == []


def test_close_stops_the_watchdog(make_client: Callable[..., treelock.Client]) -> None:
    client = make_client("alice")
    with client.lock([("X", "/A")]):
        pass
    watchdog = client._watchdog
    assert watchdog is not None and watchdog._thread.is_alive()
    client.close()
    assert not watchdog._thread.is_alive()


def test_a_lease_whose_watchdog_stopped_no_longer_makes_its_waiter_hold_others_back(
        make_client: Callable[..., treelock.Client]) -> None:
    # The grant says the watchdog's period (ttl/3: 500 ms). While it renews, bob, who
    # waits for alice's lease, holds carol back; once alice's process dies inside its
    # block and 1.5 periods pass without a renewal, carol gets in while alice's lease
    # still excludes.
    alice, bob, carol, dave = make_client("alice"), make_client("bob"), make_client("carol"), make_client("dave")
    kept = alice.lock([("X", "/a/x")], ttl_ms=1500, op="upload")
    lease = kept.__enter__()
    granted: List[treelock.Lease] = []
    thread = threading.Thread(target=lambda: granted.append(
        bob.acquire([("X", "/a")], op="delete-folder", wait_ms=10000)))
    thread.start()
    try:
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and not any(w.holds_back for w in carol.snapshot().waiters):
            time.sleep(0.01)
        time.sleep(0.8)  # more than 1.5 periods, renewed all along
        b = pytest.raises(Refused, carol.acquire, [("X", "/a/y")]).value.blocker
        assert (b.owner, b.op, b.queued) == ("bob", "delete-folder", True)

        alice.close()  # the watchdog stops, the lease stays: as if the process died
        mine = None
        while mine is None and [l.id for l in carol.snapshot().leases] == [lease.id]:
            try:
                mine = carol.acquire([("X", "/a/y")])
            except Refused:
                time.sleep(0.02)
        assert mine is not None, "bob stopped holding carol back before alice's lease expired"
        b = pytest.raises(Refused, dave.acquire, [("X", "/a/x")]).value.blocker
        assert (b.lease, b.queued) == (lease.id, False), "alice's lease still excludes"
        assert carol.release(mine).status == "ok"
    finally:
        thread.join(12)
    assert granted and granted[0].holds == 1, "bob gets in once alice's lease expires"
