"""Calls whose answers are lost. A proxy (reply_dropper.py) passes a call to a real
redis-server, lets it run, swallows the answer and drops the connection; CLIENT KILL
drops a connection whose call waits behind CLIENT PAUSE. Each time the client must
learn the outcome by sending the same call again, and the call must take effect
once: no second lease, no second hold, no hold dropped twice."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, Iterator, List

import pytest
import redis

import treelock
from conftest import new_project, start_unix_server
from reply_dropper import ReplyDropper


@pytest.fixture(scope="module")
def server_socket() -> Iterator[str]:
    """A redis-server of this module's own: CLIENT PAUSE and CLIENT KILL touch nobody else."""
    folder = Path(tempfile.mkdtemp(prefix="treelock-py-lost-"))
    server = start_unix_server(folder)
    try:
        yield str(folder / "redis.sock")
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def proxy(server_socket: str) -> Iterator[ReplyDropper]:
    with ReplyDropper(server_socket) as dropper:
        yield dropper


@pytest.fixture
def clients(server_socket: str) -> Iterator[Callable[..., treelock.Client]]:
    """Makes clients of one fresh project: through a URL given, or straight to the server."""
    project = new_project("lost")
    made: List[treelock.Client] = []

    def make(url: str = "", **options: object) -> treelock.Client:
        client = treelock.Client.from_url(url or f"unix://{server_socket}", project, owner="alice", **options)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


def leases_of(clients: Callable[..., treelock.Client]) -> List[treelock.LeaseInfo]:
    """The project's leases, read straight from the server, past the proxy."""
    return clients().snapshot().leases


def events_of(server_socket: str, client: treelock.Client, kind: str) -> int:
    """How many events of type ``kind`` the project's stream holds."""
    entries = redis.Redis(unix_socket_path=server_socket).xrange(client.key("events"))
    return sum(1 for _, fields in entries if fields.get(b"type") == kind.encode())


def test_an_acquire_whose_answer_was_lost_is_granted_once(proxy: ReplyDropper, clients, server_socket: str) -> None:
    client = clients(proxy.url)
    proxy.drop_answers_to("_acquire\r\n")
    lease = client.acquire([("X", "/a")])
    assert proxy.dropped == 1, "the answer was not dropped: the test tested nothing"
    assert lease.holds == 1
    leases = leases_of(clients)
    assert [(l.id, l.fence, l.holds) for l in leases] == [(lease.id, lease.fence, 1)], \
        "a second lease, another grant, or a second hold"
    assert events_of(server_socket, client, "grant") == 1
    assert client.release(lease) == treelock.ReleaseResult("ok", 0)
    assert leases_of(clients) == []


def test_a_reentrant_acquire_whose_answer_was_lost_adds_one_hold(proxy: ReplyDropper, clients) -> None:
    client = clients(proxy.url)
    first = client.acquire([("S", "/a")])
    proxy.drop_answers_to("_acquire\r\n")
    again = client.acquire([("S", "/a")], lease_id=first.id)
    assert proxy.dropped == 1
    assert (again.id, again.fence, again.holds) == (first.id, first.fence, 2)
    assert [l.holds for l in leases_of(clients)] == [2]


def test_a_release_of_one_of_two_holds_whose_answer_was_lost_drops_one(proxy: ReplyDropper, clients) -> None:
    client = clients(proxy.url)
    first = client.acquire([("S", "/a")])
    client.acquire([("S", "/a")], lease_id=first.id)
    proxy.drop_answers_to("_release\r\n")
    assert client.release(first.id) == treelock.ReleaseResult("ok", 1), "the repeat dropped a second hold"
    assert proxy.dropped == 1
    assert [l.holds for l in leases_of(clients)] == [1]


def test_a_release_that_freed_the_lease_answers_gone(proxy: ReplyDropper, clients, server_socket: str) -> None:
    client = clients(proxy.url)
    lease = client.acquire([("X", "/a")])
    proxy.drop_answers_to("_release\r\n")
    assert client.release(lease.id) == treelock.ReleaseResult("gone", 0)
    assert proxy.dropped == 1
    assert leases_of(clients) == []
    assert events_of(server_socket, client, "release") == 1
    # Without a lost answer, a release of that lease is what it always was.
    assert client.release(lease.id).status == "unknown"


def test_a_force_release_that_ran_answers_gone(proxy: ReplyDropper, clients, server_socket: str) -> None:
    client = clients(proxy.url)
    lease = client.acquire([("X", "/a")])
    proxy.drop_answers_to("_force_release\r\n")
    forced = client.force_release(lease.id, operator="op", reason="stuck", admin=True)
    assert proxy.dropped == 1
    assert forced.status == "gone"
    assert events_of(server_socket, client, "force") == 1, "forced twice, or not at all"


def test_every_answer_lost_until_the_failover_timeout_is_an_unknown_outcome(proxy: ReplyDropper, clients) -> None:
    client = clients(proxy.url, failover_timeout_ms=300)
    proxy.drop_answers_to("_acquire\r\n", 1000)
    with pytest.raises(treelock.ConnectionError) as error:
        client.acquire([("X", "/a")])
    assert str(error.value).endswith("; the call was sent and no answer to it came within 300 ms of trying "
                                     "again: its outcome is unknown"), str(error.value)
    assert proxy.dropped > 1, "the call was not sent again"
    assert [l.holds for l in leases_of(clients)] == [1], "every repeat must find the first grant"


def test_a_call_waiting_behind_client_pause_is_sent_again_after_client_kill(clients, server_socket: str) -> None:
    client = clients()
    assert client.acquire([("S", "/warm")]).holds == 1  # connected, the library loaded
    admin = redis.Redis(unix_socket_path=server_socket)
    admin.execute_command("CLIENT", "PAUSE", 600, "WRITE")
    outcome: List[object] = []

    def acquire() -> None:
        try:
            outcome.append(client.acquire([("X", "/a")]))
        except treelock.TreelockError as error:
            outcome.append(error)

    acquiring = threading.Thread(target=acquire)
    acquiring.start()
    time.sleep(0.2)  # the call is sent and waits behind the pause
    killed = admin.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
    acquiring.join(10)
    assert killed >= 1, "no connection killed: the test tested nothing"
    assert len(outcome) == 1 and isinstance(outcome[0], treelock.Lease), f"the acquire failed: {outcome}"
    assert sorted(l.holds for l in leases_of(clients)) == [1, 1]
