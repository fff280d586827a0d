"""`treelock exporter` against a real redis-server: leases, waiters and refusals made
with the CLI, scrapes read with prometheus_client's text parser (Debian's
python3-prometheus-client), and the values compared with what `treelock locks`,
`waiting` and `contention` say. Also: counters that follow the events, a project
that disappears, Redis going down and coming back, and bad --listen values.

Run by ctest (tst_exporter), which sets TREELOCK_CLI; by hand:
TREELOCK_CLI=build/app/cli/treelock /usr/bin/python3 -m pytest tests/exporter
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

import pytest
from prometheus_client.parser import text_string_to_metric_families

MODES = ["IS", "IX", "S", "SIX", "X"]  # weakest first


def cli_path() -> str:
    path = os.environ.get("TREELOCK_CLI") or shutil.which("treelock")
    if not path:
        raise RuntimeError("TREELOCK_CLI is not set and treelock is not on PATH (ctest sets it)")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Redis:
    """A redis-server on a loopback port of its own, stopped and started again at will;
    with `certs`, it speaks only TLS and asks clients for a certificate of the test CA."""

    def __init__(self, certs: Path | None = None) -> None:
        self.folder = tempfile.mkdtemp(prefix="treelock-exporter-")
        self.port = free_port()
        self.certs = certs
        self.url = f"{'rediss' if certs else 'redis'}://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        listen = ["--port", str(self.port)]
        if self.certs:
            listen = ["--port", "0", "--tls-port", str(self.port), "--tls-cert-file", str(self.certs / "server.crt"),
                      "--tls-key-file", str(self.certs / "server.key"), "--tls-ca-cert-file",
                      str(self.certs / "ca.crt"), "--tls-auth-clients", "yes"]
        self.process = subprocess.Popen(
            ["redis-server", *listen, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", self.folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.02)

    def stop(self) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def command(self, *args: str) -> str:
        return subprocess.run(["redis-cli", "-p", str(self.port), *args], check=True, capture_output=True,
                              text=True).stdout


@pytest.fixture(scope="module")
def redis() -> Iterator[Redis]:
    server = Redis()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.folder, ignore_errors=True)


_projects = iter(range(1, 1000))


@pytest.fixture()
def project() -> str:
    return f"exp{next(_projects)}"


def tls_options(certs: Path) -> tuple[str, ...]:
    return ("--cacert", str(certs / "ca.crt"), "--cert", str(certs / "client.crt"), "--key", str(certs / "client.key"))


def treelock(redis: Redis, project: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    tls = tls_options(redis.certs) if redis.certs else ()
    done = subprocess.run([cli_path(), "--quiet", "--redis", redis.url, *tls, "--project", project, *args],
                          capture_output=True, text=True, timeout=60)
    if check and done.returncode != 0:
        raise AssertionError(f"treelock {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done


def cli_json(redis: Redis, project: str, *args: str) -> dict:
    return json.loads(treelock(redis, project, "--json", *args).stdout)


class Exporter:
    """`treelock exporter` on a free port; scrape() parses /metrics with prometheus_client.
    `globals` go before the command (TLS options, say)."""

    def __init__(self, redis: Redis, *args: str, globals: tuple[str, ...] = ()) -> None:
        self.process = subprocess.Popen([cli_path(), "--quiet", "--redis", redis.url, *globals, "exporter",
                                         "--listen", "127.0.0.1:0", *args],
                                        stderr=subprocess.PIPE, text=True)
        assert self.process.stderr is not None
        line = self.process.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/metrics", line)
        assert found, f"the exporter did not say where it listens: {line!r}"
        self.url = f"http://127.0.0.1:{found.group(1)}/metrics"

    def text(self) -> str:
        with urllib.request.urlopen(self.url, timeout=30) as answer:
            assert answer.status == 200
            return answer.read().decode()

    def scrape(self) -> dict[str, list]:
        """Samples by name; each sample as (labels, value)."""
        samples: dict[str, list] = {}
        for family in text_string_to_metric_families(self.text()):
            for s in family.samples:
                samples.setdefault(s.name, []).append((s.labels, s.value))
        return samples

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(30)


@pytest.fixture()
def start_exporter(redis: Redis) -> Iterator[Callable[..., Exporter]]:
    started: list[Exporter] = []

    def start(*args: str, on: Redis | None = None, globals: tuple[str, ...] = ()) -> Exporter:
        exporter = Exporter(on or redis, *args, globals=globals)
        started.append(exporter)
        return exporter

    yield start
    for exporter in started:
        if exporter.process.poll() is None:
            assert exporter.stop() == 0, "the exporter did not end cleanly on SIGTERM"


def value(samples: dict[str, list], name: str, **labels: str) -> float:
    found = [v for l, v in samples.get(name, []) if all(l.get(k) == w for k, w in labels.items())]
    assert len(found) == 1, f"{name}{labels}: {len(found)} samples in {samples.get(name)}"
    return found[0]


def eventually(check: Callable[[], object], timeout: float = 15) -> object:
    """Calls `check` until it returns without an AssertionError, and returns what it returned."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return check()
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def wait_for(predicate: Callable[[], object], what: str, timeout: float = 15) -> object:
    """Calls `predicate` until it returns something true, and returns that (an
    AssertionError, a sample not served yet, counts as not yet)."""
    def check() -> object:
        got = predicate()
        assert got, f"not within {timeout} s: {what}"
        return got

    return eventually(check, timeout)


def strongest(requests: list[dict]) -> str:
    return max((r["mode"] for r in requests), key=MODES.index)


def test_a_scrape_says_what_locks_waiting_and_contention_say(redis: Redis, project: str, start_exporter) -> None:
    treelock(redis, project, "acquire", "--owner", "alice", "--op", "delete-folder", "/A", "--ttl", "60000")
    treelock(redis, project, "acquire", "--owner", "dan", "--op", "copy-file", "/B/f.txt", "/C", "--ttl", "60000")
    # Refused twice on /A and once under /C; bob waits on /A.
    for owner in ("carol", "erin"):
        assert treelock(redis, project, "acquire", "--owner", owner, "--op", "delete-folder", "/A",
                        check=False).returncode == 3
    assert treelock(redis, project, "acquire", "--owner", "fay", "--op", "delete-folder", "/C",
                    check=False).returncode == 3
    waiter = subprocess.Popen([cli_path(), "--quiet", "--redis", redis.url, "--project", project, "acquire",
                               "--owner", "bob", "--op", "delete-folder", "/A", "--wait", "60000"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: cli_json(redis, project, "waiting")["waiters"], "bob waiting")
        exporter = start_exporter("--project", project)

        def matches() -> tuple[dict, dict, dict, dict]:
            samples = exporter.scrape()
            locks = cli_json(redis, project, "locks")
            waiting = cli_json(redis, project, "waiting")
            contention = cli_json(redis, project, "contention", "--top", "256")
            assert value(samples, "treelock_up") == 1
            by_mode = {mode: 0 for mode in MODES}
            for lease in locks["leases"]:
                by_mode[strongest(lease["requests"])] += 1
            for mode in MODES:
                assert value(samples, "treelock_leases", project=project, mode=mode) == by_mode[mode], mode
            assert value(samples, "treelock_waiters", project=project) == len(waiting["waiters"]) == 1
            return samples, locks, waiting, contention

        samples, locks, waiting, contention = eventually(matches)
        oldest = max(locks["server_time_ms"] - l["created_ms"] for l in locks["leases"]) / 1000
        assert value(samples, "treelock_oldest_lease_age_seconds", project=project) == pytest.approx(oldest, abs=2)
        assert value(samples, "treelock_longest_wait_seconds", project=project) == pytest.approx(
            waiting["waiters"][0]["waited_ms"] / 1000, abs=2)
        assert value(samples, "treelock_expired_leases", project=project) == 0
        # The hot paths are contention's, with its rate; the refusal counter starts at its totals.
        hot = {l["path"]: v for l, v in samples["treelock_hot_path_refusals_per_minute"] if l["project"] == project}
        assert set(hot) == {p["path"] for p in contention["paths"]}
        for p in contention["paths"]:
            assert hot[p["path"]] == pytest.approx(p["per_minute"], rel=0.05), p["path"]
        # The refusal counter starts at the exporter's first read of the table, and counts from there.
        assert value(samples, "treelock_refusals_total", project=project) == 0
        assert treelock(redis, project, "acquire", "--owner", "gil", "--op", "delete-folder", "/A",
                        check=False).returncode == 3
        assert value(exporter.scrape(), "treelock_refusals_total", project=project) == 1
        # Every family is announced once, with its type.
        text = exporter.text()
        assert text.count("# TYPE treelock_grants_total counter") == 1
        assert text.count("# TYPE treelock_leases gauge") == 1
    finally:
        waiter.kill()
        waiter.wait()


def test_counters_follow_grants_releases_expiries_and_forced_releases(redis: Redis, project: str,
                                                                      start_exporter) -> None:
    treelock(redis, project, "acquire", "--owner", "seed", "--op", "create", "/seed", "x", "--ttl", "60000")
    exporter = start_exporter("--project", project)
    wait_for(lambda: value(exporter.scrape(), "treelock_leases", project=project, mode="X") == 1, "the first list")
    base = exporter.scrape()
    for i in range(3):
        lease = treelock(redis, project, "acquire", "--owner", "u", "--op", "create", f"/d{i}", "f", "--ttl",
                         "60000").stdout.strip()
        treelock(redis, project, "release", lease)
    forced = treelock(redis, project, "acquire", "--owner", "stuck", "--op", "delete-folder", "/S", "--ttl",
                      "60000").stdout.strip()
    treelock(redis, project, "force-release", forced, "--admin", "--reason", "stuck in a test")
    treelock(redis, project, "acquire", "--owner", "gone", "--op", "delete-folder", "/E", "--ttl", "300")

    def counted(expiries: int) -> Callable[[], dict]:
        def check() -> dict:
            now = exporter.scrape()
            for name, added in (("treelock_grants_total", 5), ("treelock_releases_total", 3),
                                ("treelock_force_releases_total", 1), ("treelock_expiries_total", expiries)):
                assert value(now, name, project=project) - value(base, name, project=project) == added, name
            return now
        return check

    time.sleep(0.5)  # past the 300 ms lease's expiry
    now = eventually(counted(0))
    # The expired lease is still on the server until something reaps it: a gauge says so.
    assert value(now, "treelock_expired_leases", project=project) == 1
    assert len(cli_json(redis, project, "locks")["leases"]) == 2
    treelock(redis, project, "sweep")
    # Reaped: the gauge goes back to 0 and the expiry is counted.
    now = eventually(counted(1))
    assert value(now, "treelock_expired_leases", project=project) == 0


def test_a_project_that_disappears_drops_its_series(redis: Redis, project: str, start_exporter) -> None:
    other = f"{project}-stays"
    for p in (project, other):
        treelock(redis, p, "acquire", "--owner", "a", "--op", "delete-folder", "/A", "--ttl", "60000")
    exporter = start_exporter()  # every project on the server

    def both() -> None:
        projects = {l["project"] for l, _ in exporter.scrape().get("treelock_waiters", [])}
        assert {project, other} <= projects

    eventually(both)
    keys = redis.command("--scan", "--pattern", f"tl:{{{project}}}:*").split()
    assert keys
    redis.command("DEL", *keys)

    def dropped() -> None:
        samples = exporter.scrape()
        assert all(l.get("project") != project for series in samples.values() for l, _ in series)
        assert value(samples, "treelock_waiters", project=other) == 0

    eventually(dropped)


def test_redis_down_is_up_0_and_an_error_not_a_crash(redis: Redis, project: str, start_exporter) -> None:
    treelock(redis, project, "acquire", "--owner", "a", "--op", "delete-folder", "/A", "--ttl", "60000")
    exporter = start_exporter("--project", project)
    wait_for(lambda: value(exporter.scrape(), "treelock_up") == 1, "treelock_up 1")
    errors = value(exporter.scrape(), "treelock_exporter_scrape_errors_total")
    redis.stop()
    try:
        samples = exporter.scrape()
        assert value(samples, "treelock_up") == 0
        assert value(samples, "treelock_exporter_scrape_errors_total") == errors + 1
        assert "treelock_leases" not in samples or not samples["treelock_leases"]
        assert exporter.process.poll() is None, "the exporter ended when Redis went away"
    finally:
        redis.start()
    # The server came back empty (no persistence): up again, and the project is gone.
    wait_for(lambda: value(exporter.scrape(), "treelock_up") == 1, "treelock_up 1 again")
    assert value(exporter.scrape(), "treelock_exporter_projects") == 0


def test_a_server_out_of_reach_is_up_0_even_with_no_project_and_the_log_says_why(start_exporter) -> None:
    nobody = Redis()
    nobody.stop()  # its port answers nothing now
    try:
        exporter = start_exporter(on=nobody)
        samples = exporter.scrape()
        assert value(samples, "treelock_up") == 0
        assert value(samples, "treelock_exporter_scrape_errors_total") == 1
        assert value(samples, "treelock_exporter_info", redis=nobody.url) == 1
        exporter.scrape()
        assert exporter.stop() == 0
        assert exporter.process.stderr is not None
        log = exporter.process.stderr.read()
        assert log.count("cannot read Redis:") == 1, log  # once, not at every scrape
        assert str(nobody.port) in log, log
    finally:
        shutil.rmtree(nobody.folder, ignore_errors=True)


def test_a_named_project_missing_from_the_server_is_logged(redis: Redis, project: str, start_exporter) -> None:
    treelock(redis, project, "acquire", "--owner", "a", "--op", "delete-folder", "/A", "--ttl", "60000")
    exporter = start_exporter("--project", project, "--project", "nosuch")
    samples = exporter.scrape()
    assert value(samples, "treelock_exporter_projects") == 1
    assert value(samples, "treelock_up") == 1
    assert exporter.stop() == 0
    assert exporter.process.stderr is not None
    log = exporter.process.stderr.read()
    assert "project nosuch is not on the server" in log, log
    assert f"project {project} is not" not in log, log


def test_hot_paths_are_bounded_by_the_option(redis: Redis, project: str, start_exporter) -> None:
    for i in range(5):
        treelock(redis, project, "acquire", "--owner", "h", "--op", "delete-folder", f"/P{i}", "--ttl", "60000")
        for _ in range(i + 1):
            treelock(redis, project, "acquire", "--owner", "r", "--op", "delete-folder", f"/P{i}", check=False)
    exporter = start_exporter("--project", project, "--hot-paths", "2")
    samples = exporter.scrape()
    paths = {l["path"] for l, _ in samples["treelock_hot_path_refusals_per_minute"] if l["project"] == project}
    assert paths == {"/P4", "/P3"}  # the two most refused
    for _ in range(3):  # on a path the metrics do not name: counted all the same
        treelock(redis, project, "acquire", "--owner", "r", "--op", "delete-folder", "/P0", check=False)
    assert value(exporter.scrape(), "treelock_refusals_total", project=project) == 3


def test_a_scraped_lease_held_for_an_hour_fires_the_alert_in_promtool(redis: Redis, project: str,
                                                                      start_exporter, tmp_path: Path) -> None:
    """The exporter's own sample, as Prometheus would store it scrape after scrape for an
    hour (its age rising a second a second, as two real scrapes show), run through
    resources/monitoring/alerts.yml with `promtool test rules`: the long-lease alert fires
    for that project."""
    promtool = shutil.which("promtool")
    assert promtool, "promtool is missing (Debian's package prometheus; scripts/setup installs it)"
    treelock(redis, project, "acquire", "--owner", "stuck", "--op", "delete-folder", "/S", "--ttl", "86400000")
    exporter = start_exporter("--project", project)
    first = wait_for(lambda: value(exporter.scrape(), "treelock_oldest_lease_age_seconds", project=project),
                     "the lease's age")
    time.sleep(2)
    second = value(exporter.scrape(), "treelock_oldest_lease_age_seconds", project=project)
    assert 1 <= second - first <= 10, (first, second)  # its age follows the clock
    [(labels, _)] = [(l, v) for l, v in exporter.scrape()["treelock_oldest_lease_age_seconds"]
                     if l["project"] == project]
    series = "treelock_oldest_lease_age_seconds{" + ",".join(
        f'{k}="{v}"' for k, v in sorted({**labels, "job": "treelock", "instance": "exporter:9481"}.items())) + "}"
    rules = Path(__file__).resolve().parents[2] / "resources" / "monitoring" / "alerts.yml"
    age = int(second)  # below 60: the alert's summary then says "1h 0m <age>s" at minute 60
    assert age < 60
    (tmp_path / "stuck.test.yml").write_text(f"""rule_files:
  - {rules}
evaluation_interval: 1m
tests:
  - interval: 1m
    input_series:
      - series: '{series}'
        values: '{age}+60x70'
    alert_rule_test:
      - eval_time: 10m
        alertname: TreelockLeaseHeldTooLong
        exp_alerts: []
      - eval_time: 60m
        alertname: TreelockLeaseHeldTooLong
        exp_alerts:
          - exp_labels:
              severity: warning
              job: treelock
              instance: exporter:9481
              project: {project}
            exp_annotations:
              summary: 'Treelock project {project}: a lease held for 1h 0m {age}s'
              description: >-
                The oldest lease of project {project} was granted 1h 0m {age}s ago; leases
                normally live seconds to minutes. Find it and its owner with
                `treelock --project {project} locks --json | jq '.leases | min_by(.created_ms)'`,
                and whom it blocks with `treelock --project {project} waiting`. Ask its
                owner; if its holder is hung or gone, revoke it with
                `treelock --project {project} force-release LEASE --admin --reason TEXT`.
""")
    done = subprocess.run([promtool, "test", "rules", str(tmp_path / "stuck.test.yml")], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_tls_only_server_is_read_with_the_clis_tls_options(project: str, start_exporter) -> None:
    certs = Path(tempfile.mkdtemp(prefix="treelock-exporter-certs-"))
    made = subprocess.run(["bash", str(Path(__file__).resolve().parents[1] / "support" / "make-test-certs.sh"),
                           str(certs)], capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    server = Redis(certs)
    try:
        treelock(server, project, "acquire", "--owner", "tess", "--op", "delete-folder", "/T", "--ttl", "60000")
        exporter = start_exporter("--project", project, on=server, globals=tls_options(certs))

        def read() -> dict:
            s = exporter.scrape()
            assert value(s, "treelock_up") == 1
            assert value(s, "treelock_leases", project=project, mode="X") == 1
            return s

        samples = eventually(read)
        assert value(samples, "treelock_waiters", project=project) == 0
        # Without a client certificate the server refuses the handshake: up 0, and the exporter goes on.
        refused = start_exporter("--project", project, on=server, globals=("--cacert", str(certs / "ca.crt")))
        assert value(refused.scrape(), "treelock_up") == 0
        assert refused.process.poll() is None
    finally:
        server.stop()
        shutil.rmtree(server.folder, ignore_errors=True)
        shutil.rmtree(certs, ignore_errors=True)


@pytest.mark.parametrize("listen, says", [
    ("9481", "it has no port"),
    ("127.0.0.1:99999", "the port must be a whole number from 0 to 65535"),
    ("example.com:80", "is not an IPv4 address"),
    ("[::1]:9481", "the HTTP server listens on IPv4 only"),
    ("", "is not HOST:PORT"),
])
def test_a_bad_listen_value_is_named_with_exit_2(redis: Redis, listen: str, says: str) -> None:
    done = subprocess.run([cli_path(), "--redis", redis.url, "exporter", "--listen", listen], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2, done.stderr
    assert "--listen" in done.stderr and says in done.stderr, done.stderr


def test_a_port_in_use_is_named_with_exit_2(redis: Redis) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([cli_path(), "--redis", redis.url, "exporter", "--listen", f"127.0.0.1:{port}"],
                              capture_output=True, text=True, timeout=30)
    assert done.returncode == 2, done.stderr
    assert f"cannot listen on 127.0.0.1:{port}: the port is taken by another program" in done.stderr, done.stderr
