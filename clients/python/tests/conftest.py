"""Fixtures: a throwaway redis-server on a Unix socket for the whole session,
a fresh project (so a fresh lock space) for every test, and for the TLS tests
certificates (tests/support/make-test-certs.sh) and a server that speaks only
mutual TLS.

The server is the real /usr/bin/redis-server (no mocks of Redis). A test fails,
not skips, when it cannot start: the scripts install it.
"""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the package, without installing it

import treelock  # noqa: E402

#: The repository's root (clients/python/tests -> ../../..).
REPO = HERE.parents[2]


def redis_server_binary() -> str:
    """The redis-server to start: $TREELOCK_REDIS_SERVER, else the one on PATH."""
    found = os.environ.get("TREELOCK_REDIS_SERVER") or shutil.which("redis-server") or "/usr/bin/redis-server"
    if not os.path.exists(found):
        pytest.fail(f"redis-server not found ({found}): install it (apt-get install redis-server)")
    return found


class RedisProcess:
    """One redis-server child; stopped by stop()."""

    def __init__(self, args: List[str], folder: Path, ready: Callable[[], bool], what: str) -> None:
        self.folder = folder
        self.log = folder / f"{what}.log"
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen([redis_server_binary(), *args], stdout=out, stderr=subprocess.STDOUT,
                                            cwd=folder)
        deadline = time.monotonic() + 10
        while not ready():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"{what} did not start: {self.log.read_text(errors='replace')[-2000:]}")
            time.sleep(0.02)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def ping_unix(path: Path) -> bool:
    return _ping(lambda: _connect_unix(path))


def ping_tcp(port: int) -> bool:
    return _ping(lambda: socket.create_connection(("127.0.0.1", port), timeout=1))


def _connect_unix(path: Path) -> socket.socket:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(1)
    s.connect(str(path))
    return s


def _ping(connect: Callable[[], socket.socket]) -> bool:
    try:
        with connect() as s:
            s.sendall(b"PING\r\n")
            # A server whose default user is off answers NOAUTH: it is up all the same.
            return s.recv(64).startswith((b"+PONG", b"-NOAUTH"))
    except OSError:
        return False


def ping_tls(port: int, certs: Path) -> bool:
    """Whether a TLS server answers PING at 127.0.0.1:``port`` (its certificate
    unchecked; this client shows the test CA's client certificate)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.load_cert_chain(certs / "client.crt", certs / "client.key")
    return _ping(lambda: context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=1),
                                             server_hostname="127.0.0.1"))


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_unix_server(folder: Path, *extra: str) -> RedisProcess:
    """A redis-server on ``folder``/redis.sock, no TCP, no persistence."""
    sock = folder / "redis.sock"
    return RedisProcess(["--port", "0", "--unixsocket", str(sock), "--unixsocketperm", "700", "--save", "",
                         "--appendonly", "no", "--dir", str(folder), *extra], folder,
                        lambda: ping_unix(sock), "redis")


def tls_args(certs: Path, port: int, *, cert: str = "server", auth_clients: bool = True) -> List[str]:
    """redis-server arguments for TLS only on 127.0.0.1:``port``, presenting
    ``cert``.crt; replication (and a cluster's bus, with --tls-cluster) over TLS too."""
    return ["--port", "0", "--tls-port", str(port), "--bind", "127.0.0.1",
            "--tls-cert-file", str(certs / f"{cert}.crt"), "--tls-key-file", str(certs / f"{cert}.key"),
            "--tls-ca-cert-file", str(certs / "ca.crt"), "--tls-auth-clients", "yes" if auth_clients else "no",
            "--tls-replication", "yes"]


def client_tls(certs: Path) -> Dict[str, Any]:
    """The client options that trust the test CA and show the client certificate."""
    return dict(tls_ca_file=certs / "ca.crt", tls_cert_file=certs / "client.crt", tls_key_file=certs / "client.key")


def start_tls_server(folder: Path, certs: Path, port: int, **how: Any) -> RedisProcess:
    """A redis-server speaking only TLS on 127.0.0.1:``port`` (see tls_args), no persistence."""
    return RedisProcess([*tls_args(certs, port, **how), "--save", "", "--appendonly", "no", "--dir", str(folder)],
                        folder, lambda: ping_tls(port, certs), "redis-tls")


@pytest.fixture(scope="session")
def certs() -> Iterator[Path]:
    """A folder of test certificates: ca, cadir/, server, client, expired, wronghost,
    other-ca and rogue (tests/support/make-test-certs.sh)."""
    folder = Path(tempfile.mkdtemp(prefix="treelock-py-certs-"))
    made = subprocess.run(["bash", str(REPO / "tests" / "support" / "make-test-certs.sh"), str(folder)],
                          capture_output=True, text=True, timeout=60)
    if made.returncode != 0:
        pytest.fail(f"make-test-certs.sh failed: {made.stderr[-2000:]}")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def tls_server(certs: Path) -> Iterator[str]:
    """The URL of a redis-server that speaks only TLS and asks every client for a
    certificate of the test CA (give it client_tls(certs))."""
    folder = Path(tempfile.mkdtemp(prefix="treelock-py-tls-"))
    port = free_port()
    server = start_tls_server(folder, certs, port)
    try:
        yield f"rediss://127.0.0.1:{port}"
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[str]:
    """The URL of a redis-server that lives for the whole session."""
    folder = Path(tempfile.mkdtemp(prefix="treelock-py-"))
    server = start_unix_server(folder)
    try:
        yield f"unix://{folder / 'redis.sock'}"
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def new_project(prefix: str = "py") -> str:
    """A project id nobody used: a fresh, empty lock space on the shared server."""
    return f"{prefix}-{uuid.uuid4().hex[:16]}"


@pytest.fixture
def project() -> str:
    """A fresh project id for one test."""
    return new_project()


@pytest.fixture
def make_client(redis_server: str, project: str) -> Iterator[Callable[..., treelock.Client]]:
    """A factory of clients of this test's project (each with connections of its
    own); all are closed after the test."""
    made: List[treelock.Client] = []

    def make(owner: Optional[str] = None, **options: object) -> treelock.Client:
        client = treelock.Client.from_url(redis_server, project, owner=owner, **options)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def client(make_client: Callable[..., treelock.Client]) -> treelock.Client:
    """A client of this test's fresh project, owner "alice"."""
    return make_client("alice")
