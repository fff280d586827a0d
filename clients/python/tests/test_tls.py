"""rediss:// against real TLS servers: what connects, and every way it does not,
each failing fast with a message that names the problem and shows no password.

Servers (all on loopback, certificates of tests/support/make-test-certs.sh): one
that asks every client for a certificate (the session's tls_server), one that
presents an expired certificate, one whose certificate is for other.invalid, and
one without TLS."""

from __future__ import annotations

import shutil
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, Iterator

import pytest

import treelock
from conftest import RedisProcess, client_tls, free_port, new_project, ping_tcp, start_tls_server

PASSWORD = "hunter2-not-shown"
#: Generous, so that "fails fast" means the failure was recognised, not waited out.
CONNECT_TIMEOUT_MS = 4000


@pytest.fixture(scope="module")
def servers(certs: Path, tls_server: str) -> Iterator[Dict[str, int]]:
    """The ports of: mutual (tls_server), expired, wronghost, plain."""
    folder = Path(tempfile.mkdtemp(prefix="treelock-py-tls-errors-"))
    ports = {"mutual": int(tls_server.rsplit(":", 1)[1]), "expired": free_port(), "wronghost": free_port(),
             "plain": free_port()}
    started = []
    try:
        for name in ("expired", "wronghost"):
            (folder / name).mkdir()
            started.append(start_tls_server(folder / name, certs, ports[name], cert=name, auth_clients=False))
        plain = ports["plain"]
        started.append(RedisProcess(["--port", str(plain), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                     "--dir", str(folder)], folder, lambda: ping_tcp(plain), "plain"))
        yield ports
    finally:
        for server in started:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def failure_of(url: str, **options: Any) -> str:
    """The message of the ConnectionError that the first call on ``url`` raises;
    asserts it came well within the connect timeout."""
    started = time.monotonic()
    with treelock.Client.from_url(url, new_project(), connect_timeout_ms=CONNECT_TIMEOUT_MS, **options) as client:
        with pytest.raises(treelock.ConnectionError) as caught:
            client.acquire([("X", "/A")])
    took = time.monotonic() - started
    message = str(caught.value)
    assert took < CONNECT_TIMEOUT_MS / 1000 / 2, f"{took:.2f} s for: {message}"
    assert PASSWORD not in message, message
    return message


def test_mutual_tls_grants(tls_server: str, certs: Path) -> None:
    project = new_project()
    with treelock.Client.from_url(tls_server, project, owner="alice", **client_tls(certs)) as alice, \
            treelock.Client.from_url(tls_server, project, owner="bob", **client_tls(certs)) as bob:
        lease = alice.acquire([("X", "/A")])
        assert pytest.raises(treelock.Refused, bob.acquire, [("X", "/A/b")]).value.blocker.lease == lease.id
        alice.release(lease)
        assert bob.acquire([("X", "/A/b")], wait_ms=2000).fence > lease.fence


def test_a_hashed_ca_folder_and_a_server_name_verify_too(servers: Dict[str, int], certs: Path) -> None:
    url = f"rediss://127.0.0.1:{servers['wronghost']}"
    with treelock.Client.from_url(url, new_project(), tls_ca_dir=certs / "cadir",
                                  tls_server_name="other.invalid") as client:
        assert client.acquire([("X", "/A")]).fence > 0


def test_insecure_connects_to_anyone_and_warns(servers: Dict[str, int], certs: Path) -> None:
    url = f"rediss://127.0.0.1:{servers['expired']}"
    for _ in range(2):  # each client made says it
        with pytest.warns(treelock.InsecureTlsWarning, match="verifies nothing"):
            client = treelock.Client.from_url(url, new_project(), tls_insecure=True)
        with client:
            assert client.acquire([("X", "/A")]).fence > 0


def test_an_unknown_ca_is_named(servers: Dict[str, int], certs: Path) -> None:
    port = servers["mutual"]
    message = failure_of(f"rediss://:{PASSWORD}@127.0.0.1:{port}", **{**client_tls(certs),
                                                                        "tls_ca_file": certs / "other-ca.crt"})
    assert message.startswith(f"cannot reach Redis at rediss://:***@127.0.0.1:{port}: 127.0.0.1:{port}: the server's "
                              "certificate is not signed by a CA this client trusts ("), message
    assert message.endswith("): give its CA with tls_ca_file"), message


def test_an_expired_certificate_is_named(servers: Dict[str, int], certs: Path) -> None:
    port = servers["expired"]
    message = failure_of(f"rediss://u:{PASSWORD}@127.0.0.1:{port}", tls_ca_file=certs / "ca.crt")
    assert f"127.0.0.1:{port}: the server's certificate expired on 20" in message, message
    assert message.endswith(" UTC"), message


def test_a_certificate_for_another_host_is_named(servers: Dict[str, int], certs: Path) -> None:
    port = servers["wronghost"]
    message = failure_of(f"rediss://:{PASSWORD}@127.0.0.1:{port}", tls_ca_file=certs / "ca.crt")
    assert f"127.0.0.1:{port}: the server's certificate is not for 127.0.0.1 (it names other.invalid)" in message
    message = failure_of(f"rediss://127.0.0.1:{servers['mutual']}", tls_server_name="db.example",
                         **client_tls(certs))
    assert "the server's certificate is not for db.example (it names localhost, 127.0.0.1, ::1)" in message


def test_a_missing_client_certificate_is_named(servers: Dict[str, int], certs: Path) -> None:
    message = failure_of(f"rediss://:{PASSWORD}@127.0.0.1:{servers['mutual']}", tls_ca_file=certs / "ca.crt")
    assert "the server requires a client certificate (" in message, message
    assert message.endswith("): give one with tls_cert_file and tls_key_file"), message


def test_a_refused_client_certificate_is_named(servers: Dict[str, int], certs: Path) -> None:
    for _ in range(3):  # the refusal races the first command: it must be named every time
        message = failure_of(f"rediss://:{PASSWORD}@127.0.0.1:{servers['mutual']}", tls_ca_file=certs / "ca.crt",
                             tls_cert_file=certs / "rogue.crt", tls_key_file=certs / "rogue.key")
        assert f"the server refused the client certificate {certs / 'rogue.crt'} (" in message, message


def test_tls_at_a_plain_port_is_named(servers: Dict[str, int], certs: Path) -> None:
    port = servers["plain"]
    message = failure_of(f"rediss://:{PASSWORD}@127.0.0.1:{port}", tls_ca_file=certs / "ca.crt")
    assert message == (f"cannot reach Redis at rediss://:***@127.0.0.1:{port}: 127.0.0.1:{port}: the server does "
                       "not speak TLS on this port: use redis://")


def test_plain_at_a_tls_port_is_named(servers: Dict[str, int]) -> None:
    port = servers["mutual"]
    message = failure_of(f"redis://:{PASSWORD}@127.0.0.1:{port}")
    assert message == (f"cannot reach Redis at redis://:***@127.0.0.1:{port}: 127.0.0.1:{port}: the server speaks "
                       "TLS on this port: use rediss://")


@pytest.mark.parametrize("option, what", [("tls_ca_file", "CA file"), ("tls_cert_file", "certificate file"),
                                          ("tls_key_file", "key file")])
def test_a_missing_file_is_invalid_input_naming_it(option: str, what: str, certs: Path, tmp_path: Path) -> None:
    options: Dict[str, Any] = {**client_tls(certs), option: tmp_path / "nowhere.pem"}
    with pytest.raises(treelock.InvalidInput) as caught:
        treelock.Client.from_url(f"rediss://:{PASSWORD}@127.0.0.1:1", new_project(), **options)
    assert str(caught.value) == (f'cannot read the TLS {what} "{tmp_path / "nowhere.pem"}" ({option}): '
                                 "No such file or directory")


def test_unusable_files_are_invalid_input(certs: Path, tmp_path: Path) -> None:
    def refusal(**options: Any) -> str:
        make: Callable[..., treelock.Client] = treelock.Client.from_url
        return str(pytest.raises(treelock.InvalidInput, make, "rediss://127.0.0.1:1", **options).value)

    assert refusal(tls_ca_file=certs / "client.key") == \
        f'the TLS CA file "{certs / "client.key"}" (tls_ca_file) holds no PEM certificate'
    key = (certs / "server.key").read_text()
    message = refusal(tls_cert_file=certs / "client.crt", tls_key_file=certs / "server.key")
    assert message.endswith("cannot be used: the key is not the certificate's") and key not in message
    assert refusal(tls_cert_file=certs / "client.crt") == \
        "a client certificate needs both tls_cert_file and tls_key_file"
    assert refusal(tls_ca_dir=tmp_path / "none") == \
        f'the TLS CA folder "{tmp_path / "none"}" (tls_ca_dir) is not a folder this process can read'
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no insecure warning for a client never made
        pytest.raises(treelock.InvalidInput, treelock.Client.from_url, "redis://h", tls_insecure=True)
