"""Three languages on one project: the C++ CLI, this Python process and a Node process
(node_peer.js) take leases on the same project of a real redis-server. Each one's lease
blocks the others, refusals name the other's owner, a Python release wakes a Node
waiter, Node readers do not starve a Python writer, and `treelock locks` (the snapshot
Studio shows) lists every lease with its owner and host.

Run by ctest (tst_interop), which sets TREELOCK_CLI; by hand:
TREELOCK_CLI=build/app/cli/treelock /usr/bin/python3 -m pytest tests/interop
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "clients" / "python"))

import treelock  # noqa: E402  (the checkout's client, on the path above)


def cli_path() -> str:
    path = os.environ.get("TREELOCK_CLI") or shutil.which("treelock")
    if not path:
        raise RuntimeError("TREELOCK_CLI is not set and treelock is not on PATH (ctest sets it)")
    return path


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    folder = tempfile.mkdtemp(prefix="treelock-interop-")
    sock = os.path.join(folder, "redis.sock")
    server = subprocess.Popen(
        ["redis-server", "--port", "0", "--unixsocket", sock, "--save", "", "--appendonly", "no",
         "--dir", folder],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not os.path.exists(sock):
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("redis-server did not start")
        time.sleep(0.02)
    try:
        yield f"unix://{sock}"
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


_projects = iter(range(1, 1000))


@pytest.fixture()
def project() -> str:
    return f"interop{next(_projects)}"


class NodePeer:
    """The Node process: one JSON command a line in, one JSON answer a line out."""

    def __init__(self, url: str, project: str) -> None:
        self._process = subprocess.Popen(
            ["node", str(ROOT / "tests" / "interop" / "node_peer.js"), url, project],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self._answers: dict[str, queue.Queue[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self._serial = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.wait_for("ready", 20)

    def _queue(self, key: str) -> queue.Queue[dict[str, Any]]:
        with self._lock:
            return self._answers.setdefault(key, queue.Queue())

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            answer = json.loads(line)
            self._queue(str(answer["id"])).put(answer)

    def send(self, command: str, **args: Any) -> str:
        with self._lock:
            self._serial += 1
            key = str(self._serial)
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps({"id": key, "do": command, "args": args}) + "\n")
        self._process.stdin.flush()
        return key

    def wait_for(self, key: str, timeout: float) -> dict[str, Any]:
        try:
            return self._queue(key).get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"the Node process gave no answer to command {key} in {timeout} s") from None

    def call(self, command: str, timeout: float = 20, **args: Any) -> dict[str, Any]:
        return self.wait_for(self.send(command, **args), timeout)

    def close(self) -> None:
        assert self._process.stdin is not None
        self._process.stdin.close()
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            self._process.kill()


@pytest.fixture()
def node(redis_url: str, project: str) -> Iterator[NodePeer]:
    peer = NodePeer(redis_url, project)
    yield peer
    peer.close()


@pytest.fixture()
def python(redis_url: str, project: str) -> Iterator[treelock.Client]:
    client = treelock.Client.from_url(redis_url, project=project)
    yield client
    client.close()


def cli(url: str, project: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([cli_path(), "--redis", url, "--project", project, "--quiet", *args],
                          capture_output=True, text=True, timeout=60)


def test_each_language_is_refused_by_the_others_and_told_who_holds(redis_url: str, project: str,
                                                                  python: treelock.Client,
                                                                  node: NodePeer) -> None:
    taken = cli(redis_url, project, "acquire", "--owner", "cpp-user", "--ttl", "60000", "--lock", "X:/cpp")
    assert taken.returncode == 0, taken.stderr
    cpp_lease = taken.stdout.strip()
    py_lease = python.acquire(owner="py-user", op="upload", requests=[("X", "/py")], ttl_ms=60000)
    node_lease = node.call("acquire", owner="node-user", op="delete-folder", requests=[["X", "/node"]],
                           ttlMs=60000)
    assert "granted" in node_lease, node_lease

    # C++ refused by Python's and Node's leases.
    for path, owner in (("/py/x", "py-user"), ("/node", "node-user")):
        refused = cli(redis_url, project, "--json", "acquire", "--owner", "cpp-user", "--lock", f"X:{path}")
        assert refused.returncode == 3, refused.stderr
        assert json.loads(refused.stdout)["blocker"]["owner"] == owner
    # Python refused by C++'s and Node's.
    for path, owner, op in (("/cpp/a", "cpp-user", "lock"), ("/node/b", "node-user", "delete-folder")):
        with pytest.raises(treelock.Refused) as refused:
            python.acquire(owner="py-user", requests=[("S", path)])
        assert refused.value.blocker.owner == owner
        assert refused.value.blocker.op == op
    # Node refused by C++'s and Python's.
    for path, owner, lease in (("/cpp", "cpp-user", cpp_lease), ("/py", "py-user", py_lease.id)):
        answer = node.call("acquire", owner="node-user", requests=[["X", path]])
        assert answer.get("refused", {}).get("owner") == owner, answer
        assert answer["refused"]["lease"] == lease

    # Each releases its own lease; then the others get in.
    assert cli(redis_url, project, "release", cpp_lease).returncode == 0
    assert python.release(py_lease).status == "ok"
    assert node.call("release", id=node_lease["granted"]["id"]).get("status") == "ok"
    assert "granted" in node.call("acquire", owner="node-user", requests=[["X", "/cpp"]], ttlMs=60000)
    python.acquire(owner="py-user", requests=[("X", "/node")], ttl_ms=60000)


def test_a_python_release_wakes_a_node_waiter(python: treelock.Client, node: NodePeer) -> None:
    held = python.acquire(owner="py-user", requests=[("X", "/shared")], ttl_ms=60000)
    waiting = node.send("acquire", owner="node-user", op="rename-folder", requests=[["X", "/shared"]],
                        ttlMs=60000, waitMs=20000)
    deadline = time.monotonic() + 10
    while not python.snapshot().waiters:
        assert time.monotonic() < deadline, "the Node waiter never registered"
        time.sleep(0.02)
    assert python.snapshot().waiters[0].owner == "node-user"

    released_at = time.monotonic()
    assert python.release(held).status == "ok"
    answer = node.wait_for(waiting, 20)
    woken_after = time.monotonic() - released_at
    assert "granted" in answer, answer
    # Woken by the release, not by its 20 s wait running out (nor a slow backoff).
    assert woken_after < 5, woken_after
    assert not python.snapshot().waiters


def test_node_readers_do_not_starve_a_python_writer(python: treelock.Client, node: NodePeer) -> None:
    readers = node.send("readers", count=4, ms=4000, prefix="/f")
    time.sleep(0.5)  # the readers hold /f's children from now on, hand over hand
    assert len([lease for lease in python.snapshot().leases if lease.owner.startswith("reader-")]) >= 1
    started = time.monotonic()
    lease = python.acquire(owner="py-writer", op="delete-folder", requests=[("X", "/f")], ttl_ms=60000,
                           wait_ms=3500)
    waited = time.monotonic() - started
    python.release(lease)
    report = node.wait_for(readers, 30)
    assert "error" not in report, report
    # The writer got in while the readers were still at it (they run 4 s; its wait was
    # 3.5 s), and the readers went on after it: held back, not broken.
    assert waited < 3.5, waited
    assert report["heldBack"] >= 1, report
    assert report["cycles"] > 40, report


def test_every_lease_is_listed_with_its_owner_and_host(redis_url: str, project: str,
                                                       python: treelock.Client, node: NodePeer) -> None:
    host = socket.gethostname()
    python.acquire(requests=[("X", "/from/python")], ttl_ms=60000)
    assert "granted" in node.call("acquire", requests=[["X", "/from/node"]], ttlMs=60000)
    assert cli(redis_url, project, "acquire", "--owner", f"cpp@{host}", "--ttl", "60000",
               "--lock", "X:/from/cpp").returncode == 0

    listed = cli(redis_url, project, "--json", "locks")
    assert listed.returncode == 0, listed.stderr
    leases = json.loads(listed.stdout)["leases"]
    owners = {lease["requests"][0]["path"]: lease["owner"] for lease in leases}
    assert set(owners) == {"/from/python", "/from/node", "/from/cpp"}
    for path, owner in owners.items():
        assert owner.endswith("@" + host), (path, owner)


def readme_example(language: str) -> str:
    """The README's example program in `language` ("python" or "js"), as printed."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## From Python and Node", 1)[1].split("\n## ", 1)[0]
    blocks = section.split(f"```{language}\n")
    assert len(blocks) == 2, f"one ```{language} block expected in the README's client section"
    return blocks[1].split("```", 1)[0]


def readme_runs() -> list[str]:
    """The output the README shows for hold.py, hold.js and hold.py again, fences masked."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## From Python and Node", 1)[1]
    block = section.split("\n```\n$ ", 1)[1].split("\n```", 1)[0]
    runs = [run.split("\n", 1)[1] + "\n" for run in ("$ " + block).split("\n$ ")]
    assert len(runs) == 3, runs
    return [re.sub(r"fence \d+", "fence F", run) for run in runs]


def test_the_readme_examples_refuse_each_other(redis_url: str, project: str) -> None:
    # The examples name project "demo" (Studio's); here it is this test's own.
    python_code = readme_example("python").replace('project="demo"', f'project="{project}"')
    node_code = readme_example("js").replace("project: 'demo'", f"project: '{project}'")
    assert project in python_code and project in node_code
    env = {**os.environ, "TREELOCK_REDIS": redis_url, "PYTHONPATH": str(ROOT / "clients" / "python")}
    # hold.js requires './clients/node', so it lives in the top folder as the README says.
    hold_js = ROOT / f".tst-interop-hold-{os.getpid()}.js"
    with tempfile.TemporaryDirectory() as folder:
        hold_py = Path(folder) / "hold.py"
        hold_py.write_text(python_code, encoding="utf-8")
        hold_js.write_text(node_code, encoding="utf-8")
        try:
            def run(*command: str) -> str:
                done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
                assert done.returncode == 0, done.stderr
                return done.stdout

            first = run(sys.executable, str(hold_py))
            second = run("node", str(hold_js))
            third = run(sys.executable, str(hold_py))
        finally:
            hold_js.unlink(missing_ok=True)
    # What the README shows the three runs print, fences aside.
    fence = re.compile(r"fence \d+")
    assert [fence.sub("fence F", run) for run in (first, second, third)] == readme_runs(), (first, second, third)

    listed = cli(redis_url, project, "--json", "locks")
    owners = sorted(lease["owner"] for lease in json.loads(listed.stdout)["leases"])
    assert owners == ["alice (python)", "bob (node)"], listed.stdout
