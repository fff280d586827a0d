"""The wire: one Redis topology (server, Sentinel, Cluster), the function
library, FCALL with its error handling, and the wake-up subscription.

Everything here speaks redis-py; the rest of the package speaks Treelock.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Type, Union

import redis
import redis.exceptions as rx
from redis.connection import Connection
from redis.sentinel import MasterNotFoundError, Sentinel, SentinelManagedConnection

from .errors import AuthenticationError, ConnectionError, InvalidInput, ProtocolError, ScriptError
from .library import Library
from .tls import TlsClient, TlsError, speaks_tls, tls_failure_in
from .url import HostPort, RedisAddress

try:  # redis-py 4.1 and later
    from redis.cluster import ClusterNode, RedisCluster
    from redis.crc import key_slot
except ImportError:  # pragma: no cover - an old redis-py: no Cluster support
    RedisCluster = None  # type: ignore[assignment,misc]

Arg = Union[str, bytes, int]

#: The script's refusals of a lease id that are the caller's input, not a
#: client's mistake: raised as InvalidInput with the function's own words.
_INPUT_REFUSALS = ("lease id is revoked", "lease id in use with other requests")

# Errors of redis-py that mean the server was not reached or the connection broke.
_NETWORK_ERRORS: Tuple[Type[BaseException], ...] = (rx.ConnectionError, rx.TimeoutError)
if RedisCluster is not None:
    _NETWORK_ERRORS += (rx.RedisClusterException, rx.ClusterDownError, rx.ClusterError,
                        rx.SlotNotCoveredError)


class _HandledByTreelock(logging.Filter):
    """Drops redis-py's report of the one error reply the client expects and handles:
    "Function not found" (the library gets loaded, the call made again). redis-py 4.3's
    cluster client logs every error reply with a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Function not found" not in str(record.msg)


if RedisCluster is not None:
    logging.getLogger("redis.cluster").addFilter(_HandledByTreelock())

    class _ClusterClient(RedisCluster):  # type: ignore[misc,valid-type]
        """RedisCluster that routes FCALL by its first key without asking the
        server (COMMAND GETKEYS would cost a round trip per call)."""

        def determine_slot(self, *args: Any) -> int:
            if args and args[0] in ("FCALL", "FCALL_RO") and len(args) > 3 and int(args[2]) > 0:
                return key_slot(self.encoder.encode(args[3]))
            return super().determine_slot(*args)


class Tally:
    """What happened to one call on its way: how many of its answers were lost (the
    call was sent again after each). A release that finds no lease after one was
    lost ended the lease with its first attempt."""

    def __init__(self) -> None:
        self.lost = 0


class _LostAnswers(threading.local):
    """Per thread: answers lost on a cluster's connections. redis-py's cluster client
    sends a call again by itself when its connection fails, out of Wire.command's sight."""

    count = 0


_LOST = _LostAnswers()


class _TalliedConnection(Connection):
    """A connection that counts, per thread, the answers it failed to read: the call
    was sent (a reply of LOADING is an answer, not a loss)."""

    def read_response(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().read_response(*args, **kwargs)
        except rx.BusyLoadingError:
            raise
        except (rx.ConnectionError, rx.TimeoutError, OSError):
            _LOST.count += 1
            raise


class _TlsConnection(_TalliedConnection):
    """A redis-py connection over TLS: the handshake within the connect timeout, and
    a refusal by either side (of the server's certificate, or of this client's)
    raised as TlsError, which nothing retries."""

    def __init__(self, *, tls: TlsClient, **kwargs: Any) -> None:
        self._tls = tls
        self._answered = False
        super().__init__(**kwargs)

    def _connect(self) -> Any:
        sock = super()._connect()
        self._answered = False
        return self._tls.handshake(sock, self.host, self.port, self.socket_connect_timeout, self.socket_timeout)

    def send_packed_command(self, *args: Any, **kwargs: Any) -> None:
        with self._refusals():
            super().send_packed_command(*args, **kwargs)

    def read_response(self, *args: Any, **kwargs: Any) -> Any:
        with self._refusals():
            reply = super().read_response(*args, **kwargs)
        self._answered = True
        return reply

    @contextlib.contextmanager
    def _refusals(self) -> Iterator[None]:
        try:
            yield
        except rx.ConnectionError as error:
            if self._answered:
                raise
            failure = self._tls.refusal_after_handshake(error, self.host, self.port,
                                                        self.socket_connect_timeout or 10.0)
            if failure is None:
                raise
            raise failure from error


class _SentinelTlsConnection(SentinelManagedConnection, _TlsConnection):
    """A connection to the primary that the sentinels name, over TLS."""


class _Sentinel(Sentinel):
    """redis-py's Sentinel asking sentinels reached as this client reaches them (TLS,
    credentials of their own). A sentinel that refuses TLS is passed over like one
    that is down; when none named the primary, that refusal is what is raised."""

    def __init__(self, sentinels: List[Any], **connection_kwargs: Any) -> None:
        super().__init__([], **connection_kwargs)
        self.sentinels = sentinels

    def discover_master(self, service_name: str) -> Tuple[str, int]:
        # Every sentinel is asked, and the primary named with the highest config epoch
        # wins: just after a failover a sentinel may still name the old primary, which,
        # restarted, says it is a primary until the sentinels demote it.
        refused: Optional[TlsError] = None
        best: Optional[Tuple[int, int, Any]] = None  # (epoch, sentinel index, state)
        for i, sentinel in enumerate(self.sentinels):
            try:
                masters = sentinel.sentinel_masters()
            except rx.AuthenticationError:
                raise  # the sentinels' credentials are wrong or missing: no other sentinel mends that
            except (rx.ConnectionError, rx.TimeoutError):
                continue
            except TlsError as error:
                refused = refused or error
                continue
            state = masters.get(service_name)
            if state and self.check_master_state(state, service_name):
                epoch = int(state.get("config-epoch", -1))
                if best is None or epoch > best[0]:
                    best = (epoch, i, state)
        if best is not None:
            _, i, state = best
            self.sentinels.insert(0, self.sentinels.pop(i))  # asked first next time
            return state["ip"], state["port"]
        if refused is not None:
            raise refused
        raise MasterNotFoundError(f"No master found for {service_name!r}")


class Wire:
    """One project's view of a Redis topology. Thread-safe: redis-py's
    connection pools hand each caller a connection of its own."""

    def __init__(self, address: RedisAddress, library: Library, project: str, *, connect_timeout_s: float,
                 command_timeout_s: float, failover_timeout_s: float) -> None:
        self.address = address
        self.project = project
        self.library = library
        self.url = address.redacted()
        self.failover_timeout_s = failover_timeout_s
        self._cluster = address.is_cluster
        self._connect_timeout_s = connect_timeout_s
        #: Whether a call went through: until then a dropped connection may mean a TLS port.
        self._reached = False
        #: TLS connections of this client (rediss URLs); reads the CA, certificate and key now.
        self._tls = TlsClient(address.tls_options) if address.tls else None
        common: Dict[str, Any] = dict(socket_connect_timeout=connect_timeout_s, socket_timeout=command_timeout_s,
                                      decode_responses=False)
        credentials: Dict[str, Any] = dict(username=address.user or None, password=address.password or None)
        with self.translated():
            if address.unix_socket:
                self.redis: Any = redis.Redis(unix_socket_path=address.host, db=address.db,
                                              **credentials, **common)
            elif address.is_sentinel:
                sentinels = [self._server(node, username=address.sentinel_user or None,
                                          password=address.sentinel_password or None, **common)
                             for node in address.sentinels]
                sentinel = _Sentinel(sentinels, **common)
                primary: Dict[str, Any] = {}
                if self._tls is not None:
                    primary["connection_class"] = functools.partial(_SentinelTlsConnection, tls=self._tls)
                self.redis = sentinel.master_for(address.master_name, db=address.db, **primary, **credentials)
            elif address.is_cluster:
                if RedisCluster is None:  # pragma: no cover
                    raise InvalidInput(f"Redis at {self.url}: this redis-py has no Redis Cluster support")
                nodes = [ClusterNode(n.host, n.port) for n in address.cluster_nodes]
                connection_class: Any = _TalliedConnection
                if self._tls is not None:
                    connection_class = functools.partial(_TlsConnection, tls=self._tls)
                # RedisCluster makes its nodes' pools of connection_class only when it was
                # given a URL; one without TLS, so that the class stays this one.
                self.redis = _ClusterClient(startup_nodes=nodes, url=f"redis://{address.cluster_nodes[0].text()}",
                                            connection_class=connection_class, **credentials, **common)
                self._reached = True
            else:
                self.redis = self._server(HostPort(address.host, address.port), db=address.db,
                                          **credentials, **common)

    def _server(self, node: HostPort, **options: Any) -> Any:
        """A redis.Redis of one server, over TLS for a rediss URL."""
        if self._tls is None:
            return redis.Redis(host=node.host, port=node.port, **options)
        pool = redis.ConnectionPool(connection_class=functools.partial(_TlsConnection, tls=self._tls),
                                    host=node.host, port=node.port, **options)
        return redis.Redis(connection_pool=pool)

    @property
    def publish_command(self) -> str:
        """How the functions wake waiters: SPUBLISH on a cluster, else PUBLISH."""
        return "SPUBLISH" if self._cluster else "PUBLISH"

    @property
    def subscribe_command(self) -> str:
        """SSUBSCRIBE on a cluster, else SUBSCRIBE."""
        return "SSUBSCRIBE" if self._cluster else "SUBSCRIBE"

    @contextlib.contextmanager
    def translated(self) -> Iterator[None]:
        """Turns redis-py's network errors into :class:`treelock.ConnectionError`."""
        try:
            yield
        except TlsError as error:
            raise ConnectionError(f"cannot reach Redis at {self.url}: {error}", self.url) from error
        except rx.AuthenticationError as error:
            if "Authentication required" in str(error):
                raise AuthenticationError(f"Redis at {self.url} requires authentication (NOAUTH): give a user "
                                          "and password in the URL", self.url) from error
            raise AuthenticationError(f"Redis at {self.url}: authentication failed: {error}", self.url) from error
        except rx.ResponseError as error:
            # redis-py reports refused credentials (AUTH at connect) as a plain reply error.
            if str(error).startswith("WRONGPASS"):
                raise AuthenticationError(f"Redis at {self.url}: authentication failed: {error}", self.url) from error
            raise
        except _NETWORK_ERRORS as error:
            failure = tls_failure_in(error) or self._tls_port(error)
            if failure is not None:
                raise ConnectionError(f"cannot reach Redis at {self.url}: {failure}", self.url) from failure
            raise ConnectionError(f"cannot reach Redis at {self.url}: {error}", self.url) from error

    def _tls_port(self, error: BaseException) -> Optional[TlsError]:
        """A plain URL whose first server dropped the connection before any call went
        through: a TlsError when that server speaks TLS."""
        a = self.address
        if self._reached or a.tls or a.unix_socket or isinstance(error, rx.TimeoutError):
            return None
        first = (a.sentinels or a.cluster_nodes or [HostPort(a.host, a.port)])[0]
        if not speaks_tls(first.host, first.port, self._connect_timeout_s):
            return None
        return TlsError(f"{first.text()}: the server speaks TLS on this port: use rediss://")

    # ------------------------------------------------------------ commands

    def command(self, *args: Arg, tally: Optional["Tally"] = None, **options: Any) -> Any:
        """A plain command on the primary (the slot's owner on a cluster), sent again
        until it is answered or the failover timeout passes (docs/protocol.md,
        "Repeating a call"): a call whose answer was lost (the connection broke or
        timed out once it was sent) goes again on a new connection, as does one that
        did not run (LOADING; behind Sentinel no primary, READONLY, MASTERDOWN; on a
        cluster any connection failure). Every command sent through here must be safe
        to repeat, as reads are and the library's functions are with a call id.

        A single server that cannot be reached before anything was sent fails at
        once, as does a refusal of credentials or of TLS. ``tally`` counts the answers
        lost on the way; when the timeout passes with one lost, the error says the
        outcome is unknown.
        """
        deadline = time.monotonic() + self.failover_timeout_s
        seen = 0  # answers lost, as this loop sees them (not on a cluster: its connections count)
        before = _LOST.count

        def lost() -> int:
            return _LOST.count - before if self._cluster else seen

        attempt = 0
        while True:
            try:
                with self.translated():
                    reply = self.redis.execute_command(*args, **options)
                self._reached = True
                if tally is not None:
                    tally.lost += lost()
                return reply
            except AuthenticationError:
                raise
            except ConnectionError as error:
                cause = error.__cause__
                if isinstance(cause, TlsError):
                    raise
                failure: Exception = error
                if isinstance(cause, rx.BusyLoadingError):
                    pass  # LOADING: the server reads its data; the call did not run
                elif _not_sent(cause):
                    if not (self.address.is_sentinel or self._cluster or seen):
                        raise  # a server that is not there is said at once
                else:
                    seen += 1
            except rx.ResponseError as error:
                # READONLY, LOADING, MASTERDOWN: no primary here now; the call did not run.
                if not (self.address.is_sentinel and _not_primary(error)):
                    raise
                with contextlib.suppress(Exception):
                    self.redis.connection_pool.disconnect()
                failure = error
            if not _pause(attempt, deadline):
                timeout_ms = int(self.failover_timeout_s * 1000)
                if lost():
                    raise ConnectionError(f"{failure}; the call was sent and no answer to it came within "
                                          f"{timeout_ms} ms of trying again: its outcome is unknown",
                                          self.url) from failure
                if self.address.is_sentinel:
                    raise ConnectionError(f"cannot reach the primary of {self.url}: {failure} (no primary "
                                          f"answered within {timeout_ms} ms of asking the sentinels)",
                                          self.url) from failure
                raise failure
            attempt += 1

    def refuse_cluster_node(self) -> None:
        """Refuses a server that says cluster_enabled:1 (a plain URL at a cluster
        node works only until the project's slot moves). Not checked when the user
        may not run INFO."""
        try:
            info = self.command("INFO", "cluster")
        except rx.ResponseError:
            return
        if isinstance(info, dict):  # redis-py parses INFO into a dict of numbers and texts
            enabled = str(info.get("cluster_enabled", 0)) == "1"
        else:
            enabled = "cluster_enabled:1" in _text(info)
        if enabled:
            raise InvalidInput(f"Redis at {self.url} is a Redis Cluster node: connect with a redis+cluster:// URL "
                               "(naming this node will do)")

    def fcall(self, verb: str, keys: Sequence[Arg], args: Sequence[Arg], tally: Optional[Tally] = None) -> List[Any]:
        """FCALL of ``verb``'s function, sent again as :meth:`command` says; loads the
        library when the server lacks it ("Function not found") and tries once more.
        Maps ``{-1, message}`` to :class:`ProtocolError` (or :class:`InvalidInput` for
        the id refusals)."""
        function = self.library.function(verb)
        for attempt in range(2):
            try:
                reply = self.command("FCALL", function, len(keys), *keys, *args, tally=tally)
            except rx.ResponseError as error:
                text = str(error)
                if "Function not found" in text and attempt == 0:
                    self.load_library()
                    continue
                raise self._refusal(function, text) from None
            if not isinstance(reply, list) or not reply:
                raise ProtocolError(f"function {function} answered {reply!r}, not a list", function)
            if reply[0] == -1:
                message = _text(reply[1]) if len(reply) > 1 else ""
                if message.startswith(_INPUT_REFUSALS):
                    raise InvalidInput(message)
                raise ProtocolError(f"function {function} refused its arguments: {message}", function)
            return reply
        raise ScriptError(f"Redis keeps losing the Treelock function library {self.library.name} "
                          "(\"Function not found\" after FUNCTION LOAD)")

    def _refusal(self, function: str, text: str) -> Exception:
        if text.startswith("TLPROTOCOL"):  # a newer protocol keeps this project: reported as it is
            return ProtocolError(text, function)
        if not self._cluster and (text.startswith("MOVED ") or text.startswith("ASK ")):
            return InvalidInput(f"Redis at {self.url} is a Redis Cluster node that does not serve project {self.project} "
                                f"({text}): connect with a redis+cluster:// URL")
        return ScriptError(f"Redis refused script {function[len(self.library.name) + 1:]}: {text}")

    def load_library(self) -> None:
        """FUNCTION LOAD of this client's library (never REPLACE). A library of
        the same name already there is this code: fine. On a cluster, every primary."""
        if self._cluster:
            with self.translated():
                nodes = self.redis.get_primaries()
            for node in nodes:
                self._load_on(lambda *a: self.redis.execute_command(*a, target_nodes=node))
        else:
            self._load_on(self.command)

    def _load_on(self, run: Callable[..., Any]) -> None:
        try:
            with self.translated():
                run("FUNCTION", "LOAD", self.library.body)
        except rx.ResponseError as error:
            text = str(error)
            if "already exists" in text:
                return
            hint = ""
            if "unknown command" in text:
                hint = " (Redis 7.0 or later is needed)"
            elif isinstance(error, rx.NoPermissionError) or "NOPERM" in text or "no permissions" in text:
                hint = (f" ({self._libraries_held(run)}; this user may not FUNCTION LOAD: connect once with a "
                        "user that may, such as the admin user of docs/security.md)")
            raise ScriptError(f"cannot load the Treelock function library {self.library.name}: {text}{hint}") \
                from None

    def _libraries_held(self, run: Callable[..., Any]) -> str:
        try:
            with self.translated():
                reply = run("FUNCTION", "LIST", "LIBRARYNAME", "tl_*")  # a glob pattern
        except (rx.ResponseError, ConnectionError):
            return "this user may not list the server's Treelock libraries either"
        names = sorted(set(_library_names(reply)))
        if not names:
            return "this server holds no Treelock library"
        return "this server holds the Treelock libraries " + ", ".join(names) + " but not this one"

    # ------------------------------------------------------------ wake-ups

    def subscribe(self, channel: str) -> "WakeSubscription":
        """A subscription to ``channel`` on a connection of its own."""
        return WakeSubscription(self, channel)

    def _new_connection(self, routing_key: str) -> Connection:
        if self._cluster:
            with self.translated():
                node = self.redis.get_node_from_key(routing_key)
                pool = self.redis.get_redis_connection(node).connection_pool
        else:
            pool = self.redis.connection_pool
        kwargs = dict(pool.connection_kwargs)
        kwargs["socket_timeout"] = None  # reads wait as long as can_read() said
        return pool.connection_class(**kwargs)

    def close(self) -> None:
        """Closes every connection."""
        with contextlib.suppress(Exception):
            self.redis.close()


class WakeSubscription:
    """A (S)SUBSCRIBE to the project's wake-up channel on its own connection.
    Not thread-safe: one waiting acquire owns it."""

    def __init__(self, wire: Wire, channel: str) -> None:
        self._wire = wire
        self._channel = channel
        self._connection: Optional[Connection] = None
        self._subscribe()

    def _subscribe(self) -> None:
        with self._wire.translated():
            connection = self._wire._new_connection(self._channel)
            try:
                connection.connect()
                connection.send_command(self._wire.subscribe_command, self._channel)
                # Wait for the confirmation: the caller tries again right after,
                # and a release before the server subscribed us would go unseen.
                if not connection.can_read(timeout=5.0):
                    raise ConnectionError(f"no answer to {self._wire.subscribe_command} {self._channel} "
                                          f"from Redis at {self._wire.url}", self._wire.url)
                connection.read_response()
            except rx.ResponseError as error:
                connection.disconnect()
                raise ConnectionError(f"Redis at {self._wire.url} refused {self._wire.subscribe_command} "
                                      f"{self._channel}: {error}", self._wire.url) from None
            except BaseException:
                connection.disconnect()
                raise
        self._connection = connection

    def wait(self, timeout_s: float) -> bool:
        """Waits up to ``timeout_s`` for a wake-up; True when one came (or the
        subscription broke: the caller's next attempt tells what happened)."""
        deadline = time.monotonic() + max(0.0, timeout_s)
        try:
            if self._connection is None:
                self._subscribe()
            assert self._connection is not None
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not self._connection.can_read(timeout=left):
                    return False
                reply = self._connection.read_response()
                if isinstance(reply, list) and reply:
                    kind = _text(reply[0])
                    if kind in ("message", "smessage"):
                        return True
                    if kind == "sunsubscribe":  # the slot moved: subscribe again on the next wait
                        self._drop()
                        return True
        except (ConnectionError, rx.ConnectionError, rx.TimeoutError, OSError):
            self._drop()
            return True

    def _drop(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.disconnect()
            self._connection = None

    def close(self) -> None:
        """Ends the subscription (closes its connection)."""
        self._drop()


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)


def _library_names(reply: Any) -> Iterator[str]:
    """The library_name values anywhere in a FUNCTION LIST reply."""
    if isinstance(reply, dict):
        for key, value in reply.items():
            if _text(key) == "library_name":
                yield _text(value)
            else:
                yield from _library_names(value)
    elif isinstance(reply, (list, tuple)):
        for i, item in enumerate(reply):
            if _text(item) == "library_name" and i + 1 < len(reply):
                yield _text(reply[i + 1])
            elif isinstance(item, (list, tuple, dict)):
                yield from _library_names(item)


def _not_sent(error: Optional[BaseException]) -> bool:
    """Whether a redis-py error behind Sentinel means the call did not run: no
    primary found, no connection made, or the server said it is no primary."""
    if error is None:
        return False
    if type(error).__name__ in ("MasterNotFoundError", "ReadOnlyError"):
        return True
    text = str(error)
    return "connecting to" in text or "previous master is now a slave" in text


def _not_primary(error: BaseException) -> bool:
    """Whether an error reply means the server is not (or not yet) a primary that serves."""
    if type(error).__name__ in ("ReadOnlyError", "BusyLoadingError"):
        return True
    return str(error).startswith(("READONLY", "LOADING", "MASTERDOWN"))


def _pause(attempt: int, deadline: float) -> bool:
    """Sleeps 25 ms, doubling to 400 ms, within ``deadline``; False once it has passed."""
    now = time.monotonic()
    if now >= deadline:
        return False
    time.sleep(min(0.025 * (1 << min(attempt, 4)), deadline - now))
    return True
