"""Fixtures: a throwaway redis-server on a Unix socket for the whole session,
and a fresh project (so a fresh lock space) for every test.

The server is the real /usr/bin/redis-server (no mocks of Redis). A test fails,
not skips, when it cannot start: the scripts install it.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Callable, Iterator, List, Optional

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
