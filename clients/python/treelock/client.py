"""The Treelock client: acquire, wait, renew, release, inspect.

Every rule of the lock lives in the Redis function library; this module checks
input (so bad input never reaches Redis), builds the calls, decodes the
replies, waits with wake-ups as the C++ ``LockClient`` does, and keeps leases
alive with a watchdog thread.
"""

from __future__ import annotations

import contextlib
import getpass
import random
import secrets
import socket
import threading
import time
import warnings
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from .connection import Tally, Wire, WakeSubscription
from .errors import InvalidInput, ProtocolError, Refused, TreelockError
from .library import Library, embedded_library
from .policy import Policy
from .rules import (MAX_HOLDING, Request, checked_modes, normalize_requests, to_bytes, parse_requests_text, requests_text,
                    validate_call_id, validate_label, validate_lease_id, validate_lock_delay, validate_project,
                    validate_renew_every, validate_ttl, validate_wait)
from .types import (Blocker, Lease, LeaseInfo, ReleaseResult, RenewResult, Snapshot, Status, WaiterInfo,
                    seconds_text)
from .tls import InsecureTlsWarning, PathText, tls_options
from .url import RedisAddress
from .watchdog import Watchdog, renewal_period_ms

#: Default TTL of a lease.
DEFAULT_TTL_MS = 30_000
#: How long a waiting acquire's registration lasts between two attempts.
DEFAULT_WAIT_REFRESH_MS = 2_000
#: Expired leases an acquire reaps before its check (as the C++ library).
REAP_BATCH = 16
#: Leases per snapshot page.
SNAPSHOT_PAGE = 5_000
#: Backoff between attempts of a waiting acquire when no wake-up comes (jittered).
MIN_BACKOFF_MS = 5
MAX_BACKOFF_MS = 250

_STATUS: Dict[int, Status] = {1: "ok", 2: "expired", 3: "live"}

LeaseRef = Union[Lease, str]


def default_owner() -> str:
    """"<user>@<host>", so operators see who and where in Studio."""
    try:
        user = getpass.getuser()
    except Exception:  # no login name in the environment or the password database
        user = "anonymous"
    return f"{user}@{socket.gethostname()}"


def new_lease_id() -> str:
    """A fresh random lease id: 32 lower-case hex digits (128 bits)."""
    return secrets.token_hex(16)


def new_call_id() -> str:
    """A call id for one call and its repeats: 64 random bits as 16 hex digits."""
    return secrets.token_hex(8)


def wire_lease_id(lease_id: str) -> bytes:
    """A lease id as the functions take it: a NUL byte, then its 16 bytes."""
    return b"\0" + bytes.fromhex(lease_id)


def lease_id_of_wire(wire: Any) -> str:
    """The hex id of a wire form; a text that is not one is returned as it is ("" stays "")."""
    if isinstance(wire, bytes) and len(wire) == 17 and wire[0] == 0:
        return wire[1:].hex()
    return _text(wire)


def next_retry_delay_us(attempt: int, blocker_expires_in_ms: Optional[int], remaining_us: int,
                        rand: int, min_backoff_us: int, max_backoff_us: int) -> int:
    """The pause before the next attempt of a waiting acquire (core/src/retry.cpp):
    exponential backoff from ``min_backoff_us`` to ``max_backoff_us``, jittered
    between half and all of it, at most until the blocker expires (plus 1 ms)
    and never past the wait's end."""
    cap = max(max_backoff_us, min_backoff_us)
    backoff = min_backoff_us
    i = 0
    while i < attempt and backoff < cap:
        backoff = min(backoff * 2, cap)
        i += 1
    delay = backoff // 2 + rand % (backoff // 2 + 1)
    if blocker_expires_in_ms is not None:
        delay = min(delay, blocker_expires_in_ms * 1000 + 1000)
    return max(0, min(delay, remaining_us))


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)


def _int(value: Any) -> int:
    if isinstance(value, bytes):
        return int(value)
    return int(value) if value is not None else 0


def _ended(code: Any, tally: Tally) -> Status:
    """The status a release or force-release answered, as its caller must read it: a
    repeat that found no lease ("unknown") after an answer was lost means the first
    attempt ended the lease ("gone")."""
    status = _STATUS.get(_int(code), "unknown")
    return "gone" if status == "unknown" and tally.lost else status


def _blocker(reply: Sequence[Any], first: int) -> Blocker:
    """A blocker as acquire and the waiter records list it: {id, owner, op, path,
    mode, expires_in_ms, clash path, held mode, wanted path, wanted mode, queued}."""
    r = list(reply[first:first + 11])
    if len(r) < 11:
        raise ProtocolError(f"a blocker of {len(r)} values, 11 expected")
    return Blocker(
        lease=lease_id_of_wire(r[0]),
        owner=_text(r[1]),
        op=_text(r[2]),
        path=_text(r[3]),
        mode=_text(r[4]) or "X",
        expires_in_ms=_int(r[5]),
        clash_path=_text(r[6]),
        held_mode=_text(r[7]) or "X",
        wanted=(_text(r[9]) or "X", _text(r[8])),
        queued=_int(r[10]) == 1,
    )


@dataclass
class _Attempt:
    """What one acquire call to Redis answered."""

    granted: bool
    fence: int = 0
    expires_at_ms: int = 0
    holds: int = 0
    blocker: Optional[Blocker] = None


class Client:
    """A Treelock client on one project of one Redis topology.

    Thread-safe: calls from several threads share a connection pool. A
    :meth:`lock` block keeps its lease alive from a watchdog thread that the
    client starts on first use and stops in :meth:`close`.

    Create it with :meth:`from_url`; use it as a context manager to close it.
    """

    def __init__(self, address: RedisAddress, project: str = "default", *, owner: Optional[str] = None,
                 case_insensitive: bool = False, connect_timeout_ms: int = 2000,
                 command_timeout_ms: int = 5000, failover_timeout_ms: int = 15000,
                 wait_refresh_ms: int = DEFAULT_WAIT_REFRESH_MS, library: Optional[Library] = None) -> None:
        validate_project(project)
        self._owner = validate_label("owner", owner) if owner is not None else \
            validate_label("owner (the default, <user>@<host>)", default_owner())
        validate_ttl(wait_refresh_ms, "wait refresh")
        self._project = project
        self._prefix = "tl:{" + project + "}:"
        self._case_insensitive = case_insensitive
        self._wait_refresh_ms = wait_refresh_ms
        self._library = library or embedded_library()
        self._wire = Wire(address, self._library, project, connect_timeout_s=connect_timeout_ms / 1000,
                          command_timeout_s=command_timeout_ms / 1000,
                          failover_timeout_s=failover_timeout_ms / 1000)
        if address.tls and address.tls_options.insecure:
            warnings.warn(f"TLS to {self._wire.url} verifies nothing (tls_insecure): the connection is encrypted, "
                          "but to whoever answers", InsecureTlsWarning, stacklevel=2)
        k = self._prefix
        self._common_keys: Tuple[str, ...] = (k + "state", k + "expiry", k + "events")
        self._waiter_keys: Tuple[str, ...] = self._common_keys + (k + "waiters", k + "hot")
        self._checked = False
        self._check_lock = threading.Lock()
        self._watchdog: Optional[Watchdog] = None
        self._watchdog_lock = threading.Lock()
        self._closed = False

    @classmethod
    def from_url(cls, url: str, project: str = "default", *, owner: Optional[str] = None,
                 tls_ca_file: Optional[PathText] = None, tls_ca_dir: Optional[PathText] = None,
                 tls_cert_file: Optional[PathText] = None, tls_key_file: Optional[PathText] = None,
                 tls_server_name: Optional[str] = None, tls_insecure: bool = False,
                 sentinel_user: Optional[str] = None, sentinel_password: Optional[str] = None,
                 **options: Any) -> "Client":
        """A client of ``project`` on the Redis at ``url``.

        URLs: ``redis://[user:pass@]host:port[/db]``, ``unix:///path/redis.sock``,
        ``redis+sentinel://s1:26379,s2:26379/mastername[/db][?sentinel_user=U&sentinel_password=P]``,
        ``redis+cluster://n1:7000,n2:7001``, and ``rediss://``, ``rediss+sentinel://``,
        ``rediss+cluster://`` for the same over TLS. ``owner`` labels this client's
        leases (default ``"<user>@<host>"``).

        TLS (rediss URLs only): ``tls_ca_file`` / ``tls_ca_dir`` are the CAs to trust
        instead of the system's, ``tls_cert_file`` and ``tls_key_file`` a client
        certificate, ``tls_server_name`` the name to send and verify (default: the
        host), ``tls_insecure`` skips verification (and warns). ``sentinel_user`` and
        ``sentinel_password`` are the sentinels' own credentials (Sentinel URLs only;
        they win over the URL's query).

        Options: ``case_insensitive``, ``connect_timeout_ms``, ``command_timeout_ms``,
        ``failover_timeout_ms``, ``wait_refresh_ms``. Raises :class:`InvalidInput` for
        a bad URL, project or owner, for options the URL does not take, and for a
        CA, certificate or key file that cannot be read.
        """
        tls = tls_options(tls_ca_file, tls_ca_dir, tls_cert_file, tls_key_file, tls_server_name, tls_insecure)
        address = RedisAddress.of(url, tls=tls, sentinel_user=sentinel_user, sentinel_password=sentinel_password)
        validate_project(project)
        return cls(address, project, owner=owner, **options)

    # ------------------------------------------------------------ properties

    @property
    def project(self) -> str:
        """The project id."""
        return self._project

    @property
    def owner(self) -> str:
        """The owner label used when a call names none."""
        return self._owner

    @property
    def url(self) -> str:
        """The Redis URL, password redacted."""
        return self._wire.url

    @property
    def library(self) -> Library:
        """The function library this client calls."""
        return self._library

    @property
    def wake_channel(self) -> str:
        """The project's wake-up channel: tl:{project}:wake."""
        return self._prefix + "wake"

    def key(self, name: str) -> str:
        """The project's key ``name``: tl:{project}:state, expiry, events, waiters, hot."""
        return self._prefix + name

    # ------------------------------------------------------------ lifecycle

    def close(self) -> None:
        """Stops the watchdog (leases it kept are not released) and closes the connections."""
        self._closed = True
        with self._watchdog_lock:
            watchdog, self._watchdog = self._watchdog, None
        if watchdog:
            watchdog.stop()
        self._wire.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Client({self.url!r}, project={self._project!r})"

    # ------------------------------------------------------------ calls

    def _prepare(self) -> None:
        """Once per client: refuse a Redis Cluster node reached by a plain URL (it
        would work only until the project's slot moved), and a project kept in the
        layout of an earlier version (keys nodes, who, leases), whose locks this one
        would not see."""
        if self._checked:
            return
        with self._check_lock:
            if self._checked:
                return
            if not self._wire.address.is_cluster:
                self._wire.refuse_cluster_node()
            older = [self._prefix + name for name in ("nodes", "who", "leases")]
            if int(self._wire.command("EXISTS", *older)):  # one slot: the keys share the hash tag
                raise InvalidInput(
                    f"project {self._project} on Redis at {self.url} holds locks in the layout of an earlier "
                    f"Treelock version ({older[0]} and others): release them with that version, or delete the "
                    f"project's keys ({self._prefix}*), then connect again")
            self._checked = True

    def _fcall(self, verb: str, waiter_keys: bool, *args: Any, tally: Optional[Tally] = None) -> List[Any]:
        if self._closed:
            raise TreelockError("the client is closed")
        self._prepare()
        keys = self._waiter_keys if waiter_keys else self._common_keys
        return self._wire.fcall(verb, keys, (self._wire.publish_command,) + args, tally)

    def server_time_ms(self) -> int:
        """Redis's clock (``TIME``) in ms: the clock every expiry is in."""
        seconds, micros = self._wire.command("TIME")
        return _int(seconds) * 1000 + _int(micros) // 1000

    def _attempt(self, requests: Sequence[Request], owner: str, op: str, ttl_ms: int, lease_id: str,
                 wait_ms: int, refresh_ms: int, holding: Sequence[str], call_id: bytes,
                 renew_every_ms: int) -> _Attempt:
        # ARGV 10, the leases the caller holds (empty: none), then ARGV 11, the call id
        # that makes sending the call again safe: it cannot add a hold twice; ARGV 12,
        # when the holder says how often it renews the lease.
        held = b"".join(wire_lease_id(h) for h in holding)
        renews = (renew_every_ms,) if renew_every_ms > 0 else ()
        reply = self._fcall("acquire", True, wire_lease_id(lease_id), to_bytes(owner), to_bytes(op),
                            ttl_ms, REAP_BATCH, wait_ms,
                            requests_text(requests).encode("utf-8"), refresh_ms, held, call_id, *renews)
        code = _int(reply[0])
        if code == 1:
            return _Attempt(True, fence=_int(reply[1]), expires_at_ms=_int(reply[2]), holds=_int(reply[3]))
        if code == 0:
            return _Attempt(False, blocker=_blocker(reply, 1))
        raise ProtocolError(f"function {self._library.function('acquire')} answered code {code}",
                            self._library.function("acquire"))

    def acquire(self, requests: Iterable[Sequence[str]], *, owner: Optional[str] = None,
                ttl_ms: int = DEFAULT_TTL_MS, wait_ms: int = 0, op: str = "lock",
                lease_id: Optional[str] = None, holding: Sequence[str] = (),
                call_id: Optional[Union[str, bytes]] = None, renew_every_ms: int = 0) -> Lease:
        """Takes every request of ``requests`` (``(mode, path)`` pairs) in one lease, all or nothing.

        With ``wait_ms > 0`` a refused acquire waits as the C++ ``LockClient``
        does: every attempt asks for the same lease id, so the project registers
        it as a waiter (listed in snapshots; past the project's grace it holds
        back newer conflicting requests); it sleeps on the project's wake-up
        channel with jittered backoff bounded by the blocker's expiry, and
        cancels its registration when it gives up. ``lease_id`` (32 hex digits)
        asks for that id: a live lease of the same id and requests is re-entered
        (``holds`` + 1). ``holding`` names the ids of leases the caller already
        holds (at most 64): a waiter that waits for one of them does not hold
        this call back, so the two never wait for each other.

        The call is sent again when its answer is lost (see :meth:`release`), with
        the same ``call_id`` (at most 64 bytes without NUL; by default 16 random hex
        digits, drawn for each call), so it takes effect once. A caller that may
        run the same acquire again as a whole (a process that died and starts over)
        gives ``lease_id`` and a ``call_id`` of its own, the lease id will do: the
        repeat answers the same grant (its fence, its holds), never a second hold.
        Each lease remembers the call id of its last change of holds only.

        ``renew_every_ms`` says how often the caller will renew the lease (0, the
        default: it does not say; else 10 ms up to ``ttl_ms``). Once such a lease has
        gone 1.5 periods without a renewal, fairness presumes its holder dead: a
        waiter it blocks no longer holds back newer requests. The lease still
        excludes until it expires. :meth:`lock` says its watchdog's period itself.

        Raises :class:`Refused` (with the blocker) when refused, and
        :class:`InvalidInput` for bad input, before anything reaches Redis.
        """
        lease, _ = self._acquire(requests, owner, ttl_ms, wait_ms, op, lease_id, holding, call_id, renew_every_ms)
        return lease

    def _acquire(self, requests: Iterable[Sequence[str]], owner: Optional[str], ttl_ms: int, wait_ms: int,
                 op: str, lease_id: Optional[str], holding: Sequence[str] = (),
                 call_id: Optional[Union[str, bytes]] = None, renew_every_ms: object = 0,
                 watchdog: bool = False) -> Tuple[Lease, float]:
        # The C++ library's order: modes (enum values there), the wait (LockClient),
        # then the engine's checks: requests, ttl, owner, operation, lease id,
        # holding, call id, renewal period. A lease the watchdog will keep says the
        # watchdog's period.
        pairs = checked_modes(requests)
        wait, refresh = validate_wait(wait_ms, self._wait_refresh_ms)
        normal = normalize_requests(pairs, case_insensitive=self._case_insensitive)
        ttl = validate_ttl(ttl_ms)
        owner = validate_label("owner", self._owner if owner is None else owner)
        op = validate_label("operation", op)
        if lease_id is not None:
            validate_lease_id(lease_id)
        held = list(holding)
        if len(held) > MAX_HOLDING:
            raise InvalidInput(f"holding names {len(held)} leases, at most {MAX_HOLDING} are allowed")
        for h in held:
            validate_lease_id(h)
        call = validate_call_id(call_id) if call_id is not None else b""
        renew_every = renewal_period_ms(ttl) if watchdog else validate_renew_every(renew_every_ms, ttl)
        lease_id = lease_id or new_lease_id()
        # One call id for every attempt: a refused attempt records none, a granted one
        # is the call its repeats name.
        return self._acquire_checked(normal, owner, op, ttl, wait, refresh, lease_id, held,
                                     call or new_call_id().encode(), renew_every)

    def _acquire_checked(self, normal: List[Request], owner: str, op: str, ttl: int, wait: int, refresh: int,
                         lease_id: str, holding: Sequence[str], call_id: bytes,
                         renew_every_ms: int) -> Tuple[Lease, float]:
        waits = wait > 0
        deadline = time.monotonic() + wait / 1000
        subscription: Optional[WakeSubscription] = None
        retry = 0
        attempts = 0

        def give_up() -> None:
            if waits:
                try:
                    self._fcall("cancel_wait", True, wire_lease_id(lease_id))
                except TreelockError:
                    pass  # unreachable: the registration ends by itself after the refresh

        try:
            while True:
                started = time.monotonic()
                # A waiting acquire says so up to its last attempt (at least 1 ms), so
                # that attempt still counts as the waiter's.
                wait_now = max(1, int((deadline - started) * 1000)) if waits else 0
                try:
                    result = self._attempt(normal, owner, op, ttl, lease_id, wait_now, refresh if waits else 0,
                                           holding, call_id, renew_every_ms)
                except BaseException:
                    give_up()
                    raise
                attempts += 1
                if result.granted:
                    lease = Lease(id=lease_id, fence=result.fence, expires_at_ms=result.expires_at_ms, ttl_ms=ttl,
                                  holds=result.holds, requests=list(normal), owner=owner, op=op)
                    return lease, started
                blocker = result.blocker
                assert blocker is not None
                now = time.monotonic()
                if now >= deadline:
                    give_up()
                    message = blocker.describe()
                    if waits:
                        message += f"; still blocked after waiting {seconds_text(wait)}"
                    raise Refused(message, blocker, timed_out=waits, attempts=attempts)
                if subscription is None:
                    # Subscribe, then try again at once: a release between the refused
                    # attempt and the subscription would otherwise go unnoticed.
                    try:
                        subscription = self._wire.subscribe(self.wake_channel)
                    except BaseException:
                        give_up()
                        raise
                    continue
                expires_in = blocker.expires_in_ms if blocker.lease and not blocker.queued else None
                # The next attempt comes well within the registration's refresh period.
                max_backoff_us = max(min(MAX_BACKOFF_MS * 1000, refresh * 1000 // 3), 1000)
                delay_us = next_retry_delay_us(retry, expires_in, int((deadline - now) * 1_000_000),
                                               random.getrandbits(64), max(1000, MIN_BACKOFF_MS * 1000),
                                               max_backoff_us)
                retry += 1
                subscription.wait(delay_us / 1_000_000)
        finally:
            if subscription is not None:
                subscription.close()

    def acquire_operation(self, operation: str, *paths: str, owner: Optional[str] = None,
                          profile: str = "fine", policy: Optional[Policy] = None, ttl_ms: int = DEFAULT_TTL_MS,
                          wait_ms: int = 0, lease_id: Optional[str] = None, holding: Sequence[str] = (),
                          call_id: Optional[Union[str, bytes]] = None, renew_every_ms: int = 0) -> Lease:
        """Plans ``operation`` on ``paths`` with a policy (the built-in ``profile``,
        or ``policy``) exactly as the C++ library does, and acquires the plan
        with the operation's name as the lease's op.

        ``client.acquire_operation("move-folder", "/A/C", "/B")`` takes X on /A/C
        and X on /B/C with the fine profile (the default, as the CLI's); with
        ``profile="seed"`` also SIX on /B.
        """
        requests = (policy or Policy.builtin(profile)).plan(operation, paths,
                                                            case_insensitive=self._case_insensitive)
        return self.acquire(requests, owner=owner, ttl_ms=ttl_ms, wait_ms=wait_ms, op=operation,
                            lease_id=lease_id, holding=holding, call_id=call_id, renew_every_ms=renew_every_ms)

    @staticmethod
    def _id_of(lease: LeaseRef) -> str:
        return validate_lease_id(lease.id if isinstance(lease, Lease) else lease)

    def release(self, lease: LeaseRef) -> ReleaseResult:
        """Drops one hold of ``lease`` (a :class:`Lease` or its id); the last hold frees its paths.

        Status "ok" (with the holds left), "unknown" (no such lease, or it was
        revoked), "expired" (it had expired and was reaped now) or "gone": the
        answer was lost and the call, sent again, found no lease: the first
        attempt ended it (a success).

        Every call is sent again when its answer is lost (the connection broke or
        timed out once it was sent), on a new connection, pausing 25 ms doubling
        to 400 ms, until ``failover_timeout_ms`` passes; then
        :class:`ConnectionError` says the outcome is unknown. A release carries a
        call id of its own, so a repeat drops no second hold.
        """
        lease_id = self._id_of(lease)
        if isinstance(lease, Lease) and lease.lost:
            return ReleaseResult("unknown", 0)  # its watchdog found it gone: nothing to call
        tally = Tally()
        reply = self._fcall("release", False, wire_lease_id(lease_id), new_call_id(), tally=tally)
        result = ReleaseResult(_ended(reply[0], tally), _int(reply[1]) if len(reply) > 1 else 0)
        if isinstance(lease, Lease):
            with lease._mutex:
                lease.holds = result.remaining_holds
        if result.remaining_holds == 0:
            self._forget(lease_id)
        return result

    def renew(self, lease: LeaseRef, ttl_ms: Optional[int] = None) -> RenewResult:
        """Extends a live lease to now + ``ttl_ms`` (default: its own TTL, which
        ``ttl_ms`` also replaces). Status "ok", "unknown" or "expired"."""
        lease_id = self._id_of(lease)
        ttl = validate_ttl(ttl_ms) if ttl_ms is not None else 0
        reply = self._fcall("renew", False, wire_lease_id(lease_id), ttl)
        result = RenewResult(_STATUS.get(_int(reply[0]), "unknown"), _int(reply[1]) if len(reply) > 1 else 0)
        if result.status == "ok" and isinstance(lease, Lease):
            with lease._mutex:
                lease.expires_at_ms = result.expires_at_ms
                if ttl:
                    lease.ttl_ms = ttl
        return result

    def force_release(self, lease: LeaseRef, *, operator: str, reason: str, host: str = "",
                      admin: bool = False, lock_delay_ms: int = 0) -> ReleaseResult:
        """An operator releases a lease; audited in the project's event stream.

        An expired lease is reaped ("ok"); a live one only with ``admin``
        (else "live", nothing changes). With ``lock_delay_ms`` > 0 a live lease
        is revoked but keeps its paths blocked that long. "unknown" when there is
        no such lease or it was revoked already; "gone" when the answer was lost
        and the call, sent again, found the lease ended by its first attempt.
        """
        lease_id = self._id_of(lease)
        # The C++ library's order (validateForce): lease id, operator, host, reason, lock-delay.
        validate_label("operator", operator, True)
        validate_label("host", host)
        validate_label("reason", reason, True)
        delay = validate_lock_delay(lock_delay_ms)
        tally = Tally()
        reply = self._fcall("force_release", False, wire_lease_id(lease_id), to_bytes(operator),
                            to_bytes(host), to_bytes(reason), "1" if admin else "0", delay, tally=tally)
        return ReleaseResult(_ended(reply[0], tally), 0)

    def cancel_wait(self, lease: LeaseRef) -> bool:
        """Ends the waiter registered under ``lease``'s id; True if there was one."""
        reply = self._fcall("cancel_wait", True, wire_lease_id(self._id_of(lease)))
        return _int(reply[0]) == 1

    def snapshot(self) -> Snapshot:
        """Every lease record by (expiry, id), including expired-unreaped and
        revoked ones, and every registered waiter, oldest first. Pages through
        large projects 5,000 leases a call."""
        leases: List[LeaseInfo] = []
        waiters: List[WaiterInfo] = []
        server_time = 0
        offset = 0
        while True:
            reply = self._fcall("snapshot", True, offset, SNAPSHOT_PAGE)
            if offset == 0:
                server_time = _int(reply[0])
                for w in reply[2] or []:
                    waiters.append(WaiterInfo(
                        id=lease_id_of_wire(w[0]), owner=_text(w[1]), op=_text(w[2]),
                        requests=parse_requests_text(_text(w[3])), since_us=_int(w[4]),
                        last_attempt_ms=_int(w[5]), until_ms=_int(w[6]), holds_back=_int(w[7]) == 1,
                        blocker=_blocker(w[8], 0)))
                waiters.sort(key=lambda w: w.since_us)
            total = _int(reply[1])
            for r in reply[3:]:
                leases.append(LeaseInfo(
                    id=lease_id_of_wire(r[0]), owner=_text(r[1]), op=_text(r[2]),
                    requests=parse_requests_text(_text(r[3])), ttl_ms=_int(r[4]), created_at_ms=_int(r[5]),
                    expires_at_ms=_int(r[6]), fence=_int(r[7]), holds=_int(r[8]), revoked=_int(r[9]) == 1))
            offset += SNAPSHOT_PAGE
            if offset >= total:
                return Snapshot(server_time, leases, waiters)

    # ------------------------------------------------------------ kept leases

    @contextlib.contextmanager
    def lock(self, requests: Iterable[Sequence[str]], *, owner: Optional[str] = None,
             ttl_ms: int = DEFAULT_TTL_MS, wait_ms: int = 0, op: str = "lock",
             on_lost: Optional[Callable[[Lease, str], None]] = None) -> Iterator[Lease]:
        """Acquires (see :meth:`acquire`), keeps the lease alive while the block
        runs, and releases it on exit.

        A watchdog thread renews the lease every ``ttl_ms / 3``, and the grant says
        so (``renew_every_ms``, at least 10 ms; see :meth:`acquire`): should the
        process die inside the block, a waiter the lease blocks stops holding back
        newer requests after 1.5 periods. When a renewal finds the lease gone
        (revoked, reaped, or unreachable past its TTL), it sets ``lease.lost`` and
        calls ``on_lost(lease, status)`` from the watchdog thread, status
        "unknown" or "expired"; the block is not interrupted.
        """
        lease, started = self._acquire(requests, owner, ttl_ms, wait_ms, op, None, watchdog=True)
        yield from self._kept(lease, started, on_lost)

    @contextlib.contextmanager
    def lock_operation(self, operation: str, *paths: str, owner: Optional[str] = None, profile: str = "fine",
                       policy: Optional[Policy] = None, ttl_ms: int = DEFAULT_TTL_MS, wait_ms: int = 0,
                       on_lost: Optional[Callable[[Lease, str], None]] = None) -> Iterator[Lease]:
        """:meth:`lock` for a policy operation, planned as :meth:`acquire_operation` plans it."""
        requests = (policy or Policy.builtin(profile)).plan(operation, paths,
                                                            case_insensitive=self._case_insensitive)
        lease, started = self._acquire(requests, owner, ttl_ms, wait_ms, operation, None, watchdog=True)
        yield from self._kept(lease, started, on_lost)

    def _kept(self, lease: Lease, started: float,
              on_lost: Optional[Callable[[Lease, str], None]]) -> Iterator[Lease]:
        self._watchdog_for().keep(lease, started, on_lost)
        try:
            yield lease
        except BaseException:
            self._forget(lease.id)
            if not lease.lost:
                with contextlib.suppress(TreelockError):
                    self.release(lease)
            raise
        self._forget(lease.id)
        if not lease.lost:
            self.release(lease)

    def _watchdog_for(self) -> Watchdog:
        with self._watchdog_lock:
            if self._closed:
                raise TreelockError("the client is closed")
            if self._watchdog is None:
                self._watchdog = Watchdog(self)
            return self._watchdog

    def _forget(self, lease_id: str) -> None:
        watchdog = self._watchdog
        if watchdog is not None:
            watchdog.forget(lease_id)
