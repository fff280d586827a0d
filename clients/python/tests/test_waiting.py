"""Waiting acquires: registered waiters, wake-ups on release and expiry, giving up,
and fairness (a writer that waited holds back newer readers)."""

from __future__ import annotations

import threading
import time
from typing import Callable, List

import pytest
import redis

import treelock
from treelock import Refused
from treelock.client import next_retry_delay_us


def test_a_release_wakes_the_waiter_long_before_its_wait_ends(make_client: Callable[..., treelock.Client],
                                                               redis_server: str) -> None:
    alice, bob = make_client("alice"), make_client("bob")
    held = alice.acquire([("X", "/A")])
    listener = redis.Redis(unix_socket_path=redis_server[len("unix://"):]).pubsub()
    listener.subscribe(alice.wake_channel)
    released_at: List[float] = []

    def release_later() -> None:
        time.sleep(0.3)
        released_at.append(time.monotonic())
        assert alice.release(held).status == "ok"

    threading.Thread(target=release_later).start()
    started = time.monotonic()
    lease = bob.acquire([("X", "/A")], op="delete-folder", wait_ms=10000)
    granted_at = time.monotonic()
    assert lease.holds == 1 and lease.fence > held.fence
    assert granted_at - started < 2.0, "the waiter got in well before its 10 s wait ended"
    assert granted_at - released_at[0] < 0.2, "woken by the release, not by its backoff timer"
    kinds = []
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and "message" not in kinds:
        message = listener.get_message(timeout=0.1)
        if message:
            kinds.append(message["type"])
    assert "message" in kinds, "the release published a wake-up on tl:{project}:wake"
    listener.close()
    assert bob.snapshot().waiters == []


def test_a_waiter_is_listed_while_it_waits(make_client: Callable[..., treelock.Client]) -> None:
    alice, bob, carol = make_client("alice"), make_client("bob"), make_client("carol")
    held = alice.acquire([("X", "/A")], op="upload")
    outcome: List[object] = []
    waiter = threading.Thread(target=lambda: outcome.append(
        pytest.raises(Refused, bob.acquire, [("S", "/A/x")], op="copy-file", wait_ms=800).value))
    waiter.start()
    time.sleep(0.3)
    waiters = carol.snapshot().waiters
    assert len(waiters) == 1
    w = waiters[0]
    assert (w.owner, w.op, w.requests) == ("bob", "copy-file", [("S", "/A/x")])
    assert w.blocker.lease == held.id and w.blocker.owner == "alice" and w.blocker.wanted == ("S", "/A/x")
    assert len(w.id) == 32 and w.until_ms > w.last_attempt_ms
    waiter.join()
    refused = outcome[0]
    assert isinstance(refused, Refused) and refused.timed_out and refused.attempts > 1
    assert refused.blocker.lease == held.id
    assert str(refused).endswith("; still blocked after waiting 0.8 s")
    assert carol.snapshot().waiters == [], "giving up cancels the registration"


def test_an_expiry_wakes_a_waiter(make_client: Callable[..., treelock.Client]) -> None:
    alice, bob = make_client("alice"), make_client("bob")
    alice.acquire([("X", "/A")], ttl_ms=400)
    started = time.monotonic()
    assert bob.acquire([("X", "/A")], wait_ms=5000).holds == 1
    assert 0.3 < time.monotonic() - started < 1.5


def test_a_writer_that_waited_holds_back_newer_readers(make_client: Callable[..., treelock.Client]) -> None:
    r1, w, r2 = make_client("reader-1"), make_client("writer"), make_client("reader-2")
    reader = r1.acquire([("S", "/r/x")], op="copy-file")
    result: List[treelock.Lease] = []
    thread = threading.Thread(target=lambda: result.append(
        w.acquire([("X", "/r")], op="delete-folder", wait_ms=10000)))
    thread.start()
    time.sleep(0.3)
    b = pytest.raises(Refused, r2.acquire, [("S", "/r/y")], op="copy-file").value.blocker
    assert (b.owner, b.op, b.path, b.mode, b.expires_in_ms, b.queued) == \
        ("writer", "delete-folder", "/r", "X", 0, True)
    assert str(pytest.raises(Refused, r2.acquire, [("S", "/r/y")]).value) == \
        "waits behind writer's delete-folder (X /r), who has waited longer"
    assert r1.release(reader).status == "ok"
    thread.join(3)
    assert result and result[0].holds == 1
    b = pytest.raises(Refused, r2.acquire, [("S", "/r/y")]).value.blocker
    assert b.lease == result[0].id and not b.queued


def test_retry_delays_follow_the_cpp_rule() -> None:
    # Backoff doubles from min to max, jittered in [half, all], bounded by the
    # blocker's expiry + 1 ms and by the time left (core/src/retry.cpp).
    assert next_retry_delay_us(0, None, 10**9, 0, 5000, 250000) == 2500
    assert next_retry_delay_us(0, None, 10**9, 2500, 5000, 250000) == 5000
    assert next_retry_delay_us(10, None, 10**9, 0, 5000, 250000) == 125000
    assert next_retry_delay_us(10, 3, 10**9, 10**6, 5000, 250000) == 4000
    assert next_retry_delay_us(10, None, 700, 10**6, 5000, 250000) == 700


def test_a_holder_is_not_held_back_by_a_waiter_that_waits_for_it(
        make_client: Callable[..., treelock.Client]) -> None:
    # alice holds S /a/c; bob waits for X /a and, past the grace, holds back. alice's
    # next request conflicts only with bob's reservation: naming her lease, she goes on.
    alice, bob, carol = make_client("alice"), make_client("bob"), make_client("carol")
    first = alice.acquire([("S", "/a/c")], op="copy")
    granted: List[treelock.Lease] = []
    thread = threading.Thread(target=lambda: granted.append(bob.acquire([("X", "/a")], wait_ms=20000)))
    thread.start()
    try:
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and not any(w.holds_back for w in alice.snapshot().waiters):
            time.sleep(0.01)
        b = pytest.raises(Refused, alice.acquire, [("S", "/a/d")], op="copy").value.blocker
        assert b.owner == "bob" and b.queued
        second = alice.acquire([("S", "/a/d")], op="copy", holding=[first.id])
        assert second.holds == 1
        # carol names a lease of her own that bob does not wait for. (Naming alice's second
        # lease would race: bob keeps retrying, and his last blocker may become that lease.)
        unrelated = carol.acquire([("S", "/z")])
        assert pytest.raises(Refused, carol.acquire, [("S", "/a/e")], holding=[unrelated.id]).value.blocker.owner == "bob"
        with pytest.raises(treelock.InvalidInput, match="holding names 65 leases, at most 64 are allowed"):
            alice.acquire([("S", "/a/f")], holding=[first.id] * 65)
        alice.release(second)
    finally:
        alice.release(first)
        thread.join(20)
    assert granted and granted[0].holds == 1, "bob gets in once alice is done"
