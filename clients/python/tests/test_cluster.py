"""redis+cluster:// against a real three-node Redis Cluster on loopback. The
functions run on the node serving the project's slot, the library is loaded on
every primary, and waiters are woken through sharded pub/sub (SPUBLISH/SSUBSCRIBE).
Over TLS (rediss+cluster://, the cluster bus too), a call whose slot moved to a
node the client never spoke to follows the MOVED there over TLS."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

import pytest
import redis

import treelock
from conftest import RedisProcess, client_tls, new_project, ping_tcp, ping_tls, tls_args


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


class Cluster:
    """Three primaries made a cluster by redis-cli, and ``spare`` more nodes that
    hold no slot; with ``certs``, all of them speak only mutual TLS, bus included."""

    def __init__(self, certs: Optional[Path] = None, spare: int = 0) -> None:
        cli = shutil.which("redis-cli")
        if cli is None:
            pytest.fail("redis-cli not found: install it (apt-get install redis-tools)")
        self.certs = certs
        self.folder = Path(tempfile.mkdtemp(prefix="treelock-py-cluster-"))
        self.ports = _cluster_ports(3 + spare)
        self.nodes: List[RedisProcess] = []
        try:
            for port in self.ports:
                node_dir = self.folder / str(port)
                node_dir.mkdir()
                listen = [*tls_args(certs, port), "--tls-cluster", "yes"] if certs else \
                    ["--port", str(port), "--bind", "127.0.0.1"]
                up = (lambda p=port: ping_tls(p, certs)) if certs else (lambda p=port: ping_tcp(p))
                self.nodes.append(RedisProcess([*listen, "--cluster-enabled", "yes", "--cluster-config-file",
                                                "nodes.conf", "--save", "", "--appendonly", "no", "--dir",
                                                str(node_dir)], node_dir, up, "node"))
            tls = ["--tls", "--cacert", str(certs / "ca.crt"), "--cert", str(certs / "client.crt"), "--key",
                   str(certs / "client.key")] if certs else []
            created = subprocess.run([cli, "--cluster", "create", *[f"127.0.0.1:{p}" for p in self.ports[:3]],
                                      "--cluster-yes", *tls], capture_output=True, text=True, timeout=60)
            assert created.returncode == 0, created.stdout + created.stderr
            for port in self.ports[3:]:
                self.node(port).execute_command("CLUSTER", "MEET", "127.0.0.1", str(self.ports[0]))
            deadline = time.monotonic() + 20
            for port in self.ports:
                node = self.node(port)
                while (b"cluster_state:ok" not in node.execute_command("CLUSTER", "INFO")
                       or len(node.execute_command("CLUSTER", "NODES").splitlines()) < len(self.ports)):
                    assert time.monotonic() < deadline, "the cluster did not come up"
                    time.sleep(0.1)
        except BaseException:
            self.stop()
            raise

    def node(self, port: int) -> Any:
        """A plain redis-py client of the node at ``port``."""
        options: Dict[str, Any] = {}
        if self.certs:
            options = dict(ssl=True, ssl_ca_certs=str(self.certs / "ca.crt"),
                           ssl_certfile=str(self.certs / "client.crt"), ssl_keyfile=str(self.certs / "client.key"))
        return redis.Redis(host="127.0.0.1", port=port, socket_timeout=10, **options)

    def url(self) -> str:
        scheme = "rediss+cluster" if self.certs else "redis+cluster"
        return f"{scheme}://127.0.0.1:{self.ports[0]},127.0.0.1:{self.ports[1]}"

    def migrate(self, slot: int, source: int, target: int) -> None:
        """Moves ``slot`` with its keys from the node at ``source`` to the one at
        ``target`` (CLUSTER SETSLOT and MIGRATE, as redis-cli --cluster reshard does)."""
        src, dst = self.node(source), self.node(target)
        source_id, target_id = (n.execute_command("CLUSTER", "MYID").decode() for n in (src, dst))
        dst.execute_command("CLUSTER", "SETSLOT", slot, "IMPORTING", source_id)
        src.execute_command("CLUSTER", "SETSLOT", slot, "MIGRATING", target_id)
        keys = src.execute_command("CLUSTER", "GETKEYSINSLOT", slot, 1000)
        if keys:
            src.execute_command("MIGRATE", "127.0.0.1", target, "", 0, 10000, "KEYS", *keys)
        for port in [target, source, *[p for p in self.ports if p not in (source, target)]]:
            self.node(port).execute_command("CLUSTER", "SETSLOT", slot, "NODE", target_id)

    def owner(self, slot: int) -> int:
        """The port of the node that serves ``slot``."""
        for first, last, primary, *_ in self.node(self.ports[0]).execute_command("CLUSTER", "SLOTS"):
            if first <= slot <= last:
                return int(primary[1])
        raise AssertionError(f"no node serves slot {slot}")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster_url() -> Iterator[str]:
    cluster = Cluster()
    try:
        yield cluster.url()
    finally:
        cluster.stop()


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


def test_over_tls_a_moved_slot_is_followed_to_a_node_never_spoken_to(certs: Path) -> None:
    cluster = Cluster(certs, spare=1)
    try:
        project = new_project()
        with treelock.Client.from_url(cluster.url(), project, owner="alice", **client_tls(certs)) as alice, \
                treelock.Client.from_url(cluster.url(), project, owner="bob", **client_tls(certs)) as bob:
            lease = alice.acquire([("X", "/A")])
            slot = cluster.node(cluster.ports[0]).execute_command("CLUSTER", "KEYSLOT", alice.key("state"))
            spare = cluster.ports[3]
            cluster.migrate(slot, cluster.owner(slot), spare)
            assert cluster.owner(slot) == spare
            # Both calls get MOVED to the spare node, which has neither a connection of
            # theirs nor the library: they follow over TLS and load it there.
            assert pytest.raises(treelock.Refused, bob.acquire, [("X", "/A/b")]).value.blocker.lease == lease.id
            assert alice.release(lease).status == "ok"
            assert bob.acquire([("X", "/A/b")]).fence > lease.fence
            assert cluster.node(spare).execute_command("EXISTS", alice.key("state")) == 1
    finally:
        cluster.stop()
