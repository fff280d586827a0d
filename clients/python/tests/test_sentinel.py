"""redis+sentinel:// against a real primary watched by one real sentinel, all on
loopback: the client finds the primary through the sentinel, takes and releases
leases, and waits with wake-ups there. Over TLS (rediss+sentinel://), with a
replica, a password for the data nodes and another for the sentinel, the same
client follows a failover."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

import pytest
import redis

import treelock
from conftest import RedisProcess, client_tls, free_port, new_project, ping_tcp, ping_tls, tls_args

DATA_PASSWORD = "data-pw-not-shown"
SENTINEL_PASSWORD = "sentinel-pw-not-shown"


class SentinelGroup:
    """A primary, ``replicas`` replicas and one sentinel watching them as tlmaster;
    with ``certs``, every one of them speaks only mutual TLS, with ``passwords`` the
    data nodes require DATA_PASSWORD and the sentinel SENTINEL_PASSWORD."""

    def __init__(self, certs: Optional[Path] = None, replicas: int = 0, passwords: bool = False) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="treelock-py-sentinel-"))
        self.certs = certs
        self.passwords = passwords
        self.processes: List[RedisProcess] = []
        try:
            self._start(replicas)
        except BaseException:
            self.stop()
            raise

    def _listen(self, port: int) -> List[str]:
        return tls_args(self.certs, port) if self.certs else ["--port", str(port), "--bind", "127.0.0.1"]

    def _up(self, port: int) -> bool:
        return ping_tls(port, self.certs) if self.certs else ping_tcp(port)

    def _start(self, replicas: int) -> None:
        self.primary_port = free_port()
        auth = ["--requirepass", DATA_PASSWORD, "--masterauth", DATA_PASSWORD] if self.passwords else []
        for i in range(replicas + 1):
            port = self.primary_port if i == 0 else free_port()
            folder = self.folder / f"node{i}"
            folder.mkdir()
            follow = ["--replicaof", "127.0.0.1", str(self.primary_port)] if i else []
            self.processes.append(RedisProcess([*self._listen(port), *auth, *follow, "--save", "", "--appendonly",
                                                "no", "--repl-diskless-sync-delay", "0", "--dir", str(folder)], folder, lambda p=port: self._up(p),
                                               f"node{i}"))
        self.port = free_port()
        lines = [f"{' '.join(self._listen(self.port)).replace('--', chr(10))}", f"dir {self.folder}",
                 f"sentinel monitor tlmaster 127.0.0.1 {self.primary_port} 1",
                 "sentinel down-after-milliseconds tlmaster 1000", "sentinel failover-timeout tlmaster 10000"]
        if self.passwords:
            lines += [f"requirepass {SENTINEL_PASSWORD}", f"sentinel sentinel-pass {SENTINEL_PASSWORD}",
                      f"sentinel auth-pass tlmaster {DATA_PASSWORD}"]
        config = self.folder / "sentinel.conf"
        config.write_text("\n".join(lines) + "\n")
        self.processes.append(RedisProcess([str(config), "--sentinel"], self.folder, lambda: self._up(self.port),
                                           "sentinel"))
        self.wait_for(lambda: self.primary() is not None and len(self.ask("SENTINEL", "REPLICAS", "tlmaster")) ==
                      replicas, "the sentinel does not know the primary and its replicas")

    def ask(self, *command: str) -> Any:
        """One command to the sentinel."""
        options: Dict[str, Any] = dict(password=SENTINEL_PASSWORD if self.passwords else None, socket_timeout=5)
        if self.certs:
            options.update(ssl=True, ssl_ca_certs=str(self.certs / "ca.crt"), ssl_certfile=str(self.certs / "client.crt"),
                           ssl_keyfile=str(self.certs / "client.key"))
        with redis.Redis(host="127.0.0.1", port=self.port, **options) as sentinel:
            return sentinel.execute_command(*command)

    def primary(self) -> Optional[int]:
        """The port of the primary the sentinel names."""
        named = self.ask("SENTINEL", "GET-MASTER-ADDR-BY-NAME", "tlmaster")
        return int(named[1]) if named else None

    @staticmethod
    def wait_for(condition: Any, what: str, within_s: float = 20) -> None:
        deadline = time.monotonic() + within_s
        while not condition():
            assert time.monotonic() < deadline, what
            time.sleep(0.05)

    def url(self, scheme: str = "redis+sentinel") -> str:
        credentials = f":{DATA_PASSWORD}@" if self.passwords else ""
        return f"{scheme}://{credentials}127.0.0.1:{self.port}/tlmaster"

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def sentinel_url() -> Iterator[str]:
    group = SentinelGroup()
    try:
        yield group.url()
    finally:
        group.stop()


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


def _failover_accepted(group: SentinelGroup) -> bool:
    try:
        group.ask("SENTINEL", "FAILOVER", "tlmaster")
        return True
    except redis.ResponseError:
        return False


def test_a_tls_group_with_a_sentinel_password_follows_a_failover(certs: Path) -> None:
    group = SentinelGroup(certs, replicas=1, passwords=True)
    try:
        url = group.url("rediss+sentinel") + f"?sentinel_password={SENTINEL_PASSWORD}"
        project = new_project()
        with treelock.Client.from_url(url, project, owner="alice", failover_timeout_ms=30000,
                                      **client_tls(certs)) as client:
            assert client.url == (f"rediss+sentinel://:***@127.0.0.1:{group.port}/tlmaster?sentinel_password=***")
            before = client.acquire([("X", "/before")])
            old = group.primary()
            # The replica has the grant before the primary steps down.
            group.wait_for(lambda: _replica_info(group, certs).get("master_link_status") == "up",
                           "the replica is not linked")
            # Until the sentinel has seen the replica in sync it answers NOGOODSLAVE.
            group.wait_for(lambda: _failover_accepted(group), "SENTINEL FAILOVER was never accepted")
            group.wait_for(lambda: group.primary() not in (None, old), "no failover")
            after = client.acquire([("X", "/after")])
            assert after.fence > before.fence
            assert {l.owner for l in client.snapshot().leases} == {"alice"}
        # The sentinel's password is its own: the data nodes' does not open it.
        with treelock.Client.from_url(group.url("rediss+sentinel"), project, failover_timeout_ms=2000,
                                      sentinel_password=DATA_PASSWORD, **client_tls(certs)) as wrong:
            with pytest.raises(treelock.AuthenticationError) as caught:
                wrong.acquire([("X", "/A")])
            message = str(caught.value)
            assert "authentication failed" in message, message
            assert DATA_PASSWORD not in message and SENTINEL_PASSWORD not in message
    finally:
        group.stop()


def _replica_info(group: SentinelGroup, certs: Path) -> Dict[str, Any]:
    """INFO replication of the replica (the node that is not the primary now)."""
    primary = group.primary()
    for process in group.processes[:-1]:
        port = int(process.process.args[process.process.args.index("--tls-port") + 1])
        if port != primary:
            with redis.Redis(host="127.0.0.1", port=port, password=DATA_PASSWORD, ssl=True,
                             ssl_ca_certs=str(certs / "ca.crt"), ssl_certfile=str(certs / "client.crt"),
                             ssl_keyfile=str(certs / "client.key")) as node:
                return node.info("replication")
    return {}


def test_the_primary_named_with_the_newest_epoch_wins() -> None:
    """A sentinel that still names an older primary (here: one watching another group
    under the same name, which never failed over, listed first) is outvoted by the
    config epoch of a sentinel that saw a failover."""
    newer = SentinelGroup(replicas=1)
    older = SentinelGroup()
    try:
        old = newer.primary()
        newer.wait_for(lambda: _failover_accepted(newer), "SENTINEL FAILOVER was never accepted")
        newer.wait_for(lambda: newer.primary() not in (None, old), "no failover")
        state = lambda group: dict(zip(*[iter(group.ask("SENTINEL", "MASTER", "tlmaster"))] * 2))
        newer.wait_for(lambda: b"failover" not in state(newer)[b"flags"], "the failover does not end")
        assert int(state(newer)[b"config-epoch"]) > int(state(older)[b"config-epoch"])
        url = f"redis+sentinel://127.0.0.1:{older.port},127.0.0.1:{newer.port}/tlmaster"
        project = new_project()
        with treelock.Client.from_url(url, project, owner="alice", failover_timeout_ms=20000) as client:
            client.acquire([("X", "/A")])
        for group, holds in ((newer, True), (older, False)):
            with redis.Redis(host="127.0.0.1", port=group.primary(), socket_timeout=5) as primary:
                assert bool(primary.keys(f"*{project}*")) == holds, group.primary()
    finally:
        older.stop()
        newer.stop()
