"""The client against a real redis-server: grants, refusals, statuses, expiry,
force-release, fences, bad input (nothing written), errors of the wire."""

from __future__ import annotations

import builtins
import getpass
import socket
import threading
import time
from typing import Callable

import pytest
import redis

import treelock
from conftest import free_port, new_project, start_unix_server
from treelock import InvalidInput, Refused


def raw(redis_server: str) -> redis.Redis:
    """A plain redis-py connection to the test server, to look at keys directly."""
    return redis.Redis(unix_socket_path=redis_server[len("unix://"):])


def project_keys(redis_server: str, project: str) -> list:
    return sorted(raw(redis_server).keys("tl:{" + project + "}:*"))


# ---------------------------------------------------------------- grants and refusals


def test_a_grant_names_its_lease(client: treelock.Client) -> None:
    lease = client.acquire([("X", "/A/C")], op="move-folder", ttl_ms=20000)
    assert len(lease.id) == 32 and int(lease.id, 16) >= 0
    assert lease.holds == 1 and lease.ttl_ms == 20000 and lease.requests == [("X", "/A/C")]
    assert lease.owner == "alice" and lease.op == "move-folder"
    now = client.server_time_ms()
    assert now + 18000 <= lease.expires_at_ms <= now + 20000
    assert lease.fence > 1_600_000_000_000_000  # µs since the epoch, or above


def test_a_refusal_names_the_blocker(make_client: Callable[..., treelock.Client]) -> None:
    alice, bob = make_client("alice"), make_client("bob")
    held = alice.acquire([("X", "/A/C")], op="move-folder")
    with pytest.raises(Refused) as refused:
        bob.acquire([("X", "/A/C/D/d.txt"), ("X", "/Z")], op="upload")
    b = refused.value.blocker
    assert (b.lease, b.owner, b.op, b.path, b.mode) == (held.id, "alice", "move-folder", "/A/C", "X")
    assert (b.clash_path, b.held_mode, b.wanted, b.queued) == ("/A/C", "X", ("X", "/A/C/D/d.txt"), False)
    assert 25000 <= b.expires_in_ms <= 30000
    assert not refused.value.timed_out
    assert str(refused.value).startswith(
        f"blocked by lease {held.id[:8]} (owner alice, op move-folder) holding X on /A/C, expires in ")
    # All or nothing: /Z was not taken.
    assert bob.acquire([("X", "/Z")]).holds == 1


def test_an_intention_clash_names_the_lease_below(make_client: Callable[..., treelock.Client]) -> None:
    alice, bob = make_client("alice"), make_client("bob")
    held = alice.acquire([("X", "/A/C/D/d.txt")], op="upload")
    b = pytest.raises(Refused, bob.acquire, [("X", "/A")], op="delete-folder").value.blocker
    assert (b.lease, b.path, b.mode, b.clash_path, b.held_mode) == (held.id, "/A/C/D/d.txt", "X", "/A", "IX")


def test_reentrant_acquire_counts_holds(client: treelock.Client) -> None:
    first = client.acquire([("X", "/A")])
    again = client.acquire([("X", "/A")], lease_id=first.id)
    assert again.id == first.id and again.holds == 2 and again.fence == first.fence
    assert client.release(first) == treelock.ReleaseResult("ok", 1)
    assert client.release(first) == treelock.ReleaseResult("ok", 0)
    with pytest.raises(InvalidInput, match="lease id in use with other requests"):
        third = client.acquire([("X", "/B")])
        client.acquire([("X", "/C")], lease_id=third.id)


def test_an_acquire_run_again_with_its_lease_id_as_call_id_gets_the_same_grant(client: treelock.Client) -> None:
    lease_id = treelock.new_lease_id()
    first = client.acquire([("X", "/A")], lease_id=lease_id, call_id=lease_id)
    again = client.acquire([("X", "/A")], lease_id=lease_id, call_id=lease_id)
    assert (again.id, again.fence, again.holds) == (lease_id, first.fence, 1)
    assert [l.holds for l in client.snapshot().leases] == [1]
    assert client.release(lease_id) == treelock.ReleaseResult("ok", 0)


def test_fences_rise_with_every_grant(make_client: Callable[..., treelock.Client]) -> None:
    clients = [make_client(f"u{i}") for i in range(3)]
    fences = [clients[i % 3].acquire([("X", f"/f{i}")]).fence for i in range(10)]
    assert fences == sorted(fences) and len(set(fences)) == 10


def test_default_owner_names_user_and_host(make_client: Callable[..., treelock.Client]) -> None:
    client = make_client()
    assert client.owner == f"{getpass.getuser()}@{socket.gethostname()}"
    client.acquire([("S", "/x")])
    assert client.snapshot().leases[0].owner == client.owner


# ---------------------------------------------------------------- release, renew, expiry


def test_release_and_renew_statuses(client: treelock.Client) -> None:
    lease = client.acquire([("X", "/A")], ttl_ms=1000)
    renewed = client.renew(lease, 60000)
    assert renewed.status == "ok" and lease.expires_at_ms == renewed.expires_at_ms
    assert lease.ttl_ms == 60000
    assert client.renew(lease.id).status == "ok"
    assert client.release(lease.id) == ("ok", 0)
    assert client.release(lease) == ("unknown", 0)
    assert client.renew(lease) == ("unknown", 0)
    assert client.release("0123456789abcdef" * 2).status == "unknown"


def test_a_short_lease_expires(make_client: Callable[..., treelock.Client]) -> None:
    alice, bob = make_client("alice"), make_client("bob")
    short = alice.acquire([("X", "/A")], ttl_ms=50)
    other = alice.acquire([("X", "/B")], ttl_ms=50)
    pytest.raises(Refused, bob.acquire, [("X", "/A/b")])
    time.sleep(0.15)
    assert alice.renew(other).status == "expired"  # expired, reaped now
    assert alice.release(other).status == "unknown"
    assert bob.acquire([("X", "/A/b")]).holds == 1  # expired: it blocks nothing
    assert alice.release(short).status == "unknown"  # reaped by bob's acquire


# ---------------------------------------------------------------- force-release


def test_force_release(make_client: Callable[..., treelock.Client], redis_server: str) -> None:
    alice, op, bob = make_client("alice"), make_client("oncall"), make_client("bob")
    lease = alice.acquire([("X", "/A/C")])
    assert op.force_release(lease.id, operator="oncall", reason="stuck").status == "live"
    pytest.raises(Refused, bob.acquire, [("X", "/A/C")])
    assert op.force_release(lease.id, operator="oncall", reason="stuck", host="desk-3", admin=True).status == "ok"
    assert bob.acquire([("X", "/A/C")]).holds == 1
    assert alice.renew(lease).status == "unknown"
    assert op.force_release(lease.id, operator="oncall", reason="again", admin=True).status == "unknown"
    events = raw(redis_server).xrange(alice.key("events"))
    forced = [fields for _, fields in events if fields[b"type"] == b"force"]
    assert forced and forced[0][b"by"] == b"oncall" and forced[0][b"was_live"] == b"1"


def test_a_lock_delay_keeps_paths_blocked(make_client: Callable[..., treelock.Client]) -> None:
    alice, op, bob = make_client("alice"), make_client("oncall"), make_client("bob")
    lease = alice.acquire([("X", "/A")])
    assert op.force_release(lease, operator="oncall", reason="hung", admin=True, lock_delay_ms=300).status == "ok"
    b = pytest.raises(Refused, bob.acquire, [("X", "/A/b")]).value.blocker
    assert b.lease == lease.id and 0 <= b.expires_in_ms <= 300
    assert [l.revoked for l in bob.snapshot().leases] == [True]
    with pytest.raises(InvalidInput, match="lease id is revoked"):
        alice.acquire([("X", "/A")], lease_id=lease.id)
    time.sleep(0.4)
    assert bob.acquire([("X", "/A/b")]).holds == 1


# ---------------------------------------------------------------- bad input


BAD_ACQUIRES = [
    (dict(requests=[("X", "A/b")]), 'invalid path "A/b": a path must be absolute (start with "/") (rule relative)'),
    (dict(requests=[("X", "")]), 'invalid path "": the path is empty (rule empty)'),
    (dict(requests=[("X", "/A/./B")]), 'invalid path "/A/./B": "." segments are not allowed (rule dot-segment)'),
    (dict(requests=[("X", "/A/b\x01c")]),
     'invalid path "/A/b\\x01c": control character U+0001 at byte 4 is not allowed (rule control-character)'),
    (dict(requests=[("X", b"/A/\xff")]), 'invalid path "/A/\\xff": not valid UTF-8 at byte 3 (rule invalid-utf8)'),
    (dict(requests=[("X", "/ok"), ("S", "/" + "a" * 4096)]),
     'invalid path "/' + "a" * 255 + '"... (4097 bytes): 4097 bytes after canonicalisation, at most 4096 are '
     'allowed (rule too-long)'),
    (dict(requests=[("X", "/a" * 257)]),
     'invalid path "' + "/a" * 128 + '"... (514 bytes): 257 segments, at most 256 are allowed '
     '(rule too-many-segments)'),
    (dict(requests=[("Q", "/A")]), 'invalid lock mode "Q": it must be one of IS IX S SIX X'),
    (dict(requests=[]), "no lock requests: a lease needs at least one"),
    (dict(requests=[("X", f"/p{i}") for i in range(65)]),
     "too many lock requests: 65 distinct paths, at most 64 are allowed in one lease"),
    (dict(requests=[("X", "/A")], ttl_ms=5), "ttl 5 ms is out of range: it must be between 10 and 86400000 ms"),
    (dict(requests=[("X", "/A")], wait_ms=-1), "wait -1 ms is out of range: it must be between 0 and 86400000 ms"),
    (dict(requests=[("X", "/A")], owner="al\nice"),
     'owner "al\\x0aice" contains NUL or a newline, which labels must not contain'),
    (dict(requests=[("X", "/A")], op="o" * 257),
     'operation "' + "o" * 256 + '"... (257 bytes) is too long: 257 bytes, at most 256 are allowed'),
    (dict(requests=[("X", "/A")], lease_id="xyz"),
     'lease id "xyz" is malformed: it must be 32 lower-case hex digits'),
    (dict(requests=[("X", "/A")], call_id="é" * 33), "call id of 66 bytes is too long: at most 64 are allowed"),
    (dict(requests=[("X", "/A")], call_id="a\0b"), "call id must not contain NUL"),
    (dict(requests=[("X", "/A")], holding=["xyz"], call_id="c" * 65),
     'lease id "xyz" is malformed: it must be 32 lower-case hex digits'),
    (dict(requests=[("X", "/A")], ttl_ms=1000, renew_every_ms=1001),
     "renewal period 1001 ms is out of range: it must be 0 (none) or between 10 ms and the ttl (1000 ms)"),
    (dict(requests=[("X", "/A")], renew_every_ms=-10),
     "renewal period -10 ms is out of range: it must be 0 (none) or between 10 ms and the ttl (30000 ms)"),
    (dict(requests=[("X", "/A")], renew_every_ms="10"), 'renewal period "\'10\'" is not a number of milliseconds'),
    (dict(requests=[("X", "/A")], call_id="c" * 65, renew_every_ms=1),
     "call id of 65 bytes is too long: at most 64 are allowed"),
]


@pytest.mark.parametrize("call, message", BAD_ACQUIRES, ids=[m[:40] for _, m in BAD_ACQUIRES])
def test_bad_input_is_refused_before_redis(call: dict, message: str, client: treelock.Client,
                                           redis_server: str) -> None:
    with pytest.raises(InvalidInput) as error:
        client.acquire(**call)
    assert str(error.value) == message
    assert isinstance(error.value, ValueError)
    assert project_keys(redis_server, client.project) == []  # nothing written, not even a counter
    snap = client.snapshot()
    assert snap.leases == [] and snap.waiters == []


def test_bad_input_of_the_other_calls(client: treelock.Client, redis_server: str) -> None:
    lease = client.acquire([("X", "/A")])
    keys = project_keys(redis_server, client.project)
    cases = [
        (lambda: client.release("xyz"), 'lease id "xyz" is malformed: it must be 32 lower-case hex digits'),
        (lambda: client.renew("ABCDEF0123456789" * 2),
         'lease id "ABCDEF0123456789ABCDEF0123456789" is malformed: it must be 32 lower-case hex digits'),
        (lambda: client.renew(lease, 5), "ttl 5 ms is out of range: it must be between 10 and 86400000 ms"),
        (lambda: client.force_release(lease, operator="", reason="r"), "operator is required and must not be empty"),
        (lambda: client.force_release(lease, operator="o", reason=""), "reason is required and must not be empty"),
        (lambda: client.force_release(lease, operator="o", reason="r", host="a\nb"),
         'host "a\\x0ab" contains NUL or a newline, which labels must not contain'),
        (lambda: client.force_release(lease, operator="o", reason="r", lock_delay_ms=-5),
         "lock-delay -5 ms is out of range: it must be between 0 and 86400000 ms"),
        (lambda: client.cancel_wait("nope"), 'lease id "nope" is malformed: it must be 32 lower-case hex digits'),
    ]
    for call, message in cases:
        assert str(pytest.raises(InvalidInput, call).value) == message
    assert project_keys(redis_server, client.project) == keys
    assert [l.id for l in client.snapshot().leases] == [lease.id]


def test_a_bad_project_or_url_is_refused(redis_server: str) -> None:
    assert str(pytest.raises(InvalidInput, treelock.Client.from_url, redis_server, "a b").value) == \
        'invalid project id "a b": character at position 1 is not allowed ' \
        '(project ids are 1-64 characters of A-Z a-z 0-9 _ . -)'
    assert str(pytest.raises(InvalidInput, treelock.Client.from_url, "redis://u:pw@h:6380",
                             tls_ca_file="/etc/ca.pem").value) == \
        'TLS options (CA, certificate, key, SNI or insecure) were given, but "redis://u:***@h:6380" does not use ' \
        'TLS: use a rediss:// URL (rediss+sentinel://, rediss+cluster://)'


# ---------------------------------------------------------------- snapshot


def test_snapshot_pages_through_leases(client: treelock.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    import treelock.client as module
    monkeypatch.setattr(module, "SNAPSHOT_PAGE", 2)
    leases = [client.acquire([("S", f"/p{i}")], ttl_ms=10000 + i) for i in range(5)]
    snap = client.snapshot()
    assert [l.id for l in snap.leases] == [l.id for l in leases]
    first = snap.leases[0]
    assert (first.owner, first.op, first.requests, first.ttl_ms, first.holds, first.revoked) == \
        ("alice", "lock", [("S", "/p0")], 10000, 1, False)
    assert first.fence == leases[0].fence and first.expires_at_ms == leases[0].expires_at_ms
    assert abs(snap.server_time_ms - client.server_time_ms()) < 1000


# ---------------------------------------------------------------- the wire


def test_connection_problems_name_the_url_without_password() -> None:
    port = free_port()
    client = treelock.Client.from_url(f"redis://u:secret@127.0.0.1:{port}/2", "p", connect_timeout_ms=500)
    with pytest.raises(treelock.ConnectionError) as error:
        client.acquire([("X", "/A")])
    assert isinstance(error.value, builtins.ConnectionError)
    assert f"redis://u:***@127.0.0.1:{port}/2" in str(error.value) and "secret" not in str(error.value)
    assert error.value.url == f"redis://u:***@127.0.0.1:{port}/2"
    client.close()


def test_a_flushed_server_gets_the_library_again(client: treelock.Client, redis_server: str) -> None:
    raw(redis_server).execute_command("FUNCTION", "FLUSH", "SYNC")
    assert client.acquire([("X", "/A")]).holds == 1
    names = [entry for entry in raw(redis_server).execute_command("FUNCTION", "LIST", "LIBRARYNAME", "tl_*")]
    assert client.library.name.encode() in repr(names).encode()


def test_a_user_that_may_not_load_is_told_which_libraries_the_server_has(redis_server: str) -> None:
    admin = raw(redis_server)
    admin.execute_command("FUNCTION", "FLUSH", "SYNC")
    admin.execute_command("FUNCTION", "LOAD",
                          "#!lua name=tl_0123456789abcdef\n"
                          "redis.register_function('tl_0123456789abcdef_acquire', function() return 1 end)")
    admin.execute_command("ACL", "SETUSER", "limited", "on", ">pw", "~*", "&*", "+@all", "-function|load")
    try:
        address = treelock.RedisAddress.parse(redis_server)
        address.user, address.password = "limited", "pw"
        with treelock.Client(address, new_project()) as limited:
            with pytest.raises(treelock.ScriptError) as error:
                limited.acquire([("X", "/A")])
        text = str(error.value)
        assert limited.library.name in text and "tl_0123456789abcdef" in text, text
        assert "may not FUNCTION LOAD" in text
    finally:
        admin.execute_command("ACL", "DELUSER", "limited")
        admin.execute_command("FUNCTION", "DELETE", "tl_0123456789abcdef")


def test_credentials_the_server_needs_or_refuses_are_named(tmp_path, redis_server: str) -> None:
    server = start_unix_server(tmp_path, "--user", "default", "off")
    try:
        with treelock.Client.from_url(f"unix://{tmp_path}/redis.sock", new_project()) as anonymous:
            with pytest.raises(treelock.AuthenticationError, match=r"requires authentication \(NOAUTH\)"):
                anonymous.acquire([("X", "/A")])
    finally:
        server.stop()
    address = treelock.RedisAddress.parse(redis_server)
    address.user, address.password = "nobody", "wrong-pw"
    with treelock.Client(address, new_project()) as stranger:
        with pytest.raises(treelock.AuthenticationError) as error:
            stranger.acquire([("X", "/A")])
    assert "authentication failed" in str(error.value) and "wrong-pw" not in str(error.value)


def test_a_refusal_of_the_function_names_it(client: treelock.Client) -> None:
    with pytest.raises(treelock.ProtocolError) as error:
        client._fcall("snapshot", True, -1, 5)
    assert error.value.function == client.library.function("snapshot")
    assert str(error.value) == (f"function {client.library.name}_snapshot refused its arguments: "
                                "an integer offset >= 0 and page size 1..5000 expected")


def test_a_project_of_the_older_layout_is_refused(redis_server: str, project: str) -> None:
    raw(redis_server).hset("tl:{" + project + "}:nodes", "/A|X", 1)
    with treelock.Client.from_url(redis_server, project) as client:
        with pytest.raises(InvalidInput, match="holds locks in the layout of an earlier Treelock version"):
            client.acquire([("X", "/A")])


def test_a_project_of_a_newer_protocol_is_reported_as_it_is(client: treelock.Client, redis_server: str) -> None:
    raw(redis_server).hset(client.key("state"), "#m", b"\0" * 56)  # a counters layout protocol 1 does not know
    with pytest.raises(treelock.ProtocolError) as error:
        client.acquire([("X", "/A")])
    assert str(error.value).startswith("TLPROTOCOL the project's counters are 56 bytes, a layout this library "
                                       "(protocol 1) does not know")
    assert error.value.function == client.library.function("acquire")


def test_the_library_is_composed_from_the_checkouts_lua(client: treelock.Client) -> None:
    from conftest import REPO
    from treelock.composer import VERBS as COMPOSED
    assert treelock.library.checkout_lua() == REPO / "lua"
    body = client.library.body
    assert body.startswith(f"#!lua name={client.library.name}\n".encode())
    from treelock.composer import PROLOGUE
    assert body.count(b"".join((REPO / "lua" / f"{part}.lua").read_bytes() for part in PROLOGUE)) == 1
    assert [verb for verb, _ in COMPOSED] == list(treelock.library.VERBS)
    for verb in treelock.library.VERBS:
        assert f"function_name = '{client.library.function(verb)}'".encode() in body
        assert (REPO / "lua" / f"{verb}.lua").read_bytes() in body
    # The function that loaded it answers: the server holds exactly these bytes.
    client.acquire([("X", "/A")])
    listed = client._wire.command("FUNCTION", "LIST", "LIBRARYNAME", client.library.name, "WITHCODE")
    assert listed and dict(zip(listed[0][::2], listed[0][1::2]))[b"library_code"] == body


def test_threads_share_a_client(client: treelock.Client) -> None:
    errors = []

    def work(i: int) -> None:
        try:
            for k in range(30):
                lease = client.acquire([("X", f"/t{i}/n{k}")])
                assert client.release(lease).status == "ok"
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and client.snapshot().leases == []
