"""redis+cluster:// smoke test: a real three-node Redis Cluster on loopback. The
functions run on the node serving the project's slot, the library is loaded on
every primary, and waiters are woken through sharded pub/sub (SPUBLISH/SSUBSCRIBE)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Iterator, List

import pytest
import redis

import treelock
from conftest import RedisProcess, new_project, ping_tcp


def _port_pair_free(port: int) -> bool:
    for p in (port, port + 10000):  # the node and its cluster bus
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", p))
            except OSError:
                return False
    return True


def _cluster_ports(count: int) -> List[int]:
    ports: List[int] = []
    while len(ports) < count:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            candidate = s.getsockname()[1] % 30000 + 20000
        if candidate not in ports and _port_pair_free(candidate):
            ports.append(candidate)
    return ports


@pytest.fixture(scope="module")
def cluster_url() -> Iterator[str]:
    cli = shutil.which("redis-cli")
    if cli is None:
        pytest.fail("redis-cli not found: install it (apt-get install redis-tools)")
    folder = Path(tempfile.mkdtemp(prefix="treelock-py-cluster-"))
    ports = _cluster_ports(3)
    nodes = []
    try:
        for port in ports:
            node_dir = folder / str(port)
            node_dir.mkdir()
            nodes.append(RedisProcess(["--port", str(port), "--bind", "127.0.0.1", "--cluster-enabled", "yes",
                                       "--cluster-config-file", "nodes.conf", "--save", "", "--appendonly", "no",
                                       "--dir", str(node_dir)], node_dir, lambda p=port: ping_tcp(p), "node"))
        created = subprocess.run([cli, "--cluster", "create", *[f"127.0.0.1:{p}" for p in ports], "--cluster-yes"],
                                 capture_output=True, text=True, timeout=60)
        assert created.returncode == 0, created.stdout + created.stderr
        deadline = time.monotonic() + 20
        for port in ports:
            node = redis.Redis(host="127.0.0.1", port=port)
            while b"cluster_state:ok" not in node.execute_command("CLUSTER", "INFO"):
                assert time.monotonic() < deadline, "the cluster did not come up"
                time.sleep(0.1)
            node.close()
        yield f"redis+cluster://127.0.0.1:{ports[0]},127.0.0.1:{ports[1]}"
    finally:
        for node in nodes:
            node.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_cluster_url_serves_projects_on_their_slots(cluster_url: str) -> None:
    for _ in range(3):  # projects on different slots, so different nodes
        project = new_project()
        with treelock.Client.from_url(cluster_url, project, owner="alice") as alice, \
                treelock.Client.from_url(cluster_url, project, owner="bob") as bob:
            lease = alice.acquire([("X", "/A")], op="upload")
            b = pytest.raises(treelock.Refused, bob.acquire, [("X", "/A/b")]).value.blocker
            assert (b.lease, b.owner) == (lease.id, "alice")
            threading.Timer(0.3, lambda: alice.release(lease)).start()
            started = time.monotonic()
            assert bob.acquire([("X", "/A/b")], wait_ms=10000).fence > lease.fence
            assert time.monotonic() - started < 2, "woken through SSUBSCRIBE"
            assert [l.owner for l in alice.snapshot().leases] == ["bob"]


def test_a_plain_url_at_a_cluster_node_is_refused(cluster_url: str) -> None:
    node = cluster_url[len("redis+cluster://"):].split(",")[0]
    with treelock.Client.from_url(f"redis://{node}", new_project()) as client:
        with pytest.raises(treelock.InvalidInput) as error:
            client.acquire([("X", "/A")])
    assert str(error.value) == (f"Redis at redis://{node} is a Redis Cluster node: connect with a "
                                "redis+cluster:// URL (naming this node will do)")
