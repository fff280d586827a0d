"""redis+sentinel:// smoke test: a real primary (no replicas) watched by one real
sentinel, both on loopback; the client finds the primary through the sentinel,
takes and releases leases, and waits with wake-ups there."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest
import redis

import treelock
from conftest import RedisProcess, free_port, new_project, ping_tcp


@pytest.fixture(scope="module")
def sentinel_url() -> Iterator[str]:
    folder = Path(tempfile.mkdtemp(prefix="treelock-py-sentinel-"))
    primary_port, sentinel_port = free_port(), free_port()
    primary = RedisProcess(["--port", str(primary_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                            "--dir", str(folder)], folder, lambda: ping_tcp(primary_port), "primary")
    config = folder / "sentinel.conf"
    config.write_text(f"port {sentinel_port}\nbind 127.0.0.1\ndir {folder}\n"
                      f"sentinel monitor tlmaster 127.0.0.1 {primary_port} 1\n"
                      "sentinel down-after-milliseconds tlmaster 1000\n")
    sentinel = RedisProcess([str(config), "--sentinel"], folder, lambda: ping_tcp(sentinel_port), "sentinel")
    try:
        asker = redis.Redis(host="127.0.0.1", port=sentinel_port)
        deadline = time.monotonic() + 10
        while asker.execute_command("SENTINEL", "GET-MASTER-ADDR-BY-NAME", "tlmaster") is None:
            assert time.monotonic() < deadline, "the sentinel does not know the primary"
            time.sleep(0.05)
        asker.close()
        yield f"redis+sentinel://127.0.0.1:{sentinel_port}/tlmaster"
    finally:
        sentinel.stop()
        primary.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_sentinel_url_finds_the_primary(sentinel_url: str) -> None:
    project = new_project()
    with treelock.Client.from_url(sentinel_url, project, owner="alice") as alice, \
            treelock.Client.from_url(sentinel_url, project, owner="bob") as bob:
        assert alice.url == sentinel_url
        lease = alice.acquire([("X", "/A")], op="upload")
        b = pytest.raises(treelock.Refused, bob.acquire, [("X", "/A/b")]).value.blocker
        assert (b.lease, b.owner, b.op) == (lease.id, "alice", "upload")

        threading.Timer(0.3, lambda: alice.release(lease)).start()
        started = time.monotonic()
        waited = bob.acquire([("X", "/A/b")], wait_ms=10000)
        assert waited.fence > lease.fence and time.monotonic() - started < 2
        assert [l.owner for l in alice.snapshot().leases] == ["bob"]
        with bob.lock([("S", "/C")], ttl_ms=300) as kept:
            time.sleep(0.5)
            assert not kept.lost


def test_an_unknown_master_name_is_a_connection_error(sentinel_url: str) -> None:
    url = sentinel_url.rsplit("/", 1)[0] + "/nosuchmaster"
    with treelock.Client.from_url(url, new_project(), failover_timeout_ms=300) as client:
        with pytest.raises(treelock.ConnectionError) as error:
            client.acquire([("X", "/A")])
    assert "nosuchmaster" in str(error.value)
