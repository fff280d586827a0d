"""Redis URLs, as the Treelock CLI takes them (a port of core/src/redis/redisurl.cpp).

Understood forms::

    redis://[[user]:password@]host[:port][/db]      host may be [IPv6]
    unix:///absolute/path.sock[?db=N]
    redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/MASTER[/db]
                     [?sentinel_user=U&sentinel_password=P]
        (sentinels, default port 26379; the credentials before @ are the data
        nodes', the query's the sentinels')
    redis+cluster://[[user]:password@]host[:port][,host[:port]...]
        (any nodes of a Redis Cluster, default port 6379; db is always 0)

and rediss://, rediss+sentinel://, rediss+cluster:// for the same over TLS (to
the sentinels and every cluster node too). User and password may be %-escaped.
Messages are the C++ library's, with the passwords shown as ``***``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple, Union

from .errors import InvalidInput
from .tls import TlsOptions

_SENTINEL_PORT = 26379
_HEXDIGITS = "0123456789abcdefABCDEF"


@dataclass(frozen=True)
class HostPort:
    """One Redis server reached over TCP."""

    host: str
    port: int

    def text(self) -> str:
        """"host:port", with [ ] around an IPv6 host."""
        return (f"[{self.host}]" if ":" in self.host else self.host) + f":{self.port}"


@dataclass
class RedisAddress:
    """A parsed Redis URL (see the module's documentation for the forms)."""

    unix_socket: bool = False
    #: Host name, or the socket path for a Unix socket; empty for Sentinel and Cluster.
    host: str = ""
    port: int = 6379
    db: int = 0
    user: Union[str, bytes] = ""
    password: Union[str, bytes] = ""
    #: Every connection, to sentinels and cluster nodes too, is TLS (rediss).
    tls: bool = False
    #: How TLS connections verify the server and prove this client (rediss only).
    tls_options: TlsOptions = field(default_factory=TlsOptions)
    #: Sentinel: the sentinels' own credentials (empty: none).
    sentinel_user: Union[str, bytes] = ""
    sentinel_password: Union[str, bytes] = ""
    #: Sentinel: the sentinels to ask, and the name they monitor the primary under.
    sentinels: List[HostPort] = field(default_factory=list)
    master_name: str = ""
    #: Redis Cluster: nodes to learn the slot map from.
    cluster_nodes: List[HostPort] = field(default_factory=list)

    @property
    def is_sentinel(self) -> bool:
        """Whether this is a redis+sentinel:// (or rediss+sentinel://) address."""
        return bool(self.sentinels)

    @property
    def is_cluster(self) -> bool:
        """Whether this is a redis+cluster:// (or rediss+cluster://) address."""
        return bool(self.cluster_nodes)

    @classmethod
    def parse(cls, url: str) -> "RedisAddress":
        """Parses ``url``; :class:`~treelock.InvalidInput` names the URL (password hidden) and the rule."""
        return _parse(url)

    @classmethod
    def of(cls, url: str, *, tls: Optional[TlsOptions] = None, sentinel_user: Union[str, bytes, None] = None,
           sentinel_password: Union[str, bytes, None] = None) -> "RedisAddress":
        """``url`` parsed, with the sentinel credentials given (when set) in place of the
        URL's ``?sentinel_user=`` and ``?sentinel_password=``, and ``tls``. Raises
        :class:`~treelock.InvalidInput` for sentinel credentials on a URL that is no
        Sentinel URL, and for TLS options on a URL without TLS."""
        address = _parse(url)
        if sentinel_user or sentinel_password:
            if not address.is_sentinel:
                raise InvalidInput(f'sentinel credentials were given, but "{address.redacted()}" is not a Sentinel '
                                   "URL (redis+sentinel:// or rediss+sentinel://)")
            if sentinel_user:
                address.sentinel_user = sentinel_user
            if sentinel_password:
                address.sentinel_password = sentinel_password
        tls = tls or TlsOptions()
        if tls.given() and not address.tls:
            raise InvalidInput(f'TLS options (CA, certificate, key, SNI or insecure) were given, but '
                               f'"{address.redacted()}" does not use TLS: use a rediss:// URL '
                               "(rediss+sentinel://, rediss+cluster://)")
        address.tls_options = tls
        return address

    def redacted(self) -> str:
        """The URL with the password replaced by ``***`` (safe to show)."""
        if self.unix_socket:
            return "unix://" + self.host + (f"?db={self.db}" if self.db else "")
        user = _shown(self.user)
        cred = ""
        if self.user or self.password:
            cred = user + ("" if not self.password else ":***") + "@"
        db_part = f"/{self.db}" if self.db else ""
        if self.is_sentinel:
            hosts = ",".join(s.text() for s in self.sentinels)
            query = []
            if self.sentinel_user:
                query.append("sentinel_user=" + _shown(self.sentinel_user))
            if self.sentinel_password:
                query.append("sentinel_password=***")
            return (_scheme(self.tls, "+sentinel://") + cred + hosts + "/" + self.master_name + db_part
                    + ("?" + "&".join(query) if query else ""))
        if self.is_cluster:
            return _scheme(self.tls, "+cluster://") + cred + ",".join(n.text() for n in self.cluster_nodes)
        return _scheme(self.tls, "://") + cred + HostPort(self.host, self.port).text() + db_part

    def __repr__(self) -> str:  # never show the password
        return f"RedisAddress({self.redacted()!r})"


def _scheme(tls: bool, rest: str) -> str:
    """"redis" or "rediss", then ``rest``."""
    return ("rediss" if tls else "redis") + rest


def _shown(value: Union[str, bytes]) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def _fail(shown: str, reason: str) -> InvalidInput:
    return InvalidInput(f'invalid Redis URL "{shown}": {reason}')


def _from_chars(text: str, base: int = 10) -> Tuple[int, int]:
    """std::from_chars on an int: the value and how many characters it read (0: none)."""
    digits = "0123456789" if base == 10 else _HEXDIGITS
    i = 1 if text.startswith("-") else 0
    start = i
    while i < len(text) and text[i] in digits:
        i += 1
    if i == start:
        return 0, 0
    return int(text[:i], base), i


def _percent_decode(text: str, shown: str) -> Union[str, bytes]:
    out = bytearray()
    i = 0
    raw = text.encode("utf-8", "surrogateescape")
    while i < len(raw):
        if raw[i] == 0x25:  # '%'
            pair = raw[i + 1:i + 3].decode("latin-1")
            value, used = _from_chars(pair, 16)
            if i + 2 >= len(raw) or used != 2:
                raise _fail(shown, "bad %-escape")
            out.append(value & 0xFF)
            i += 3
        else:
            out.append(raw[i])
            i += 1
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        return bytes(out)


def _parse_number(text: str, shown: str, what: str, lo: int, hi: int) -> int:
    value, used = _from_chars(text)
    if not text or used != len(text) or value < lo or value > hi:
        raise _fail(shown, f"{what} must be a number from {lo} to {hi}")
    return value


def redact_url(url: str) -> str:
    """``url`` with its passwords replaced by ``***``: the one before ``@`` (a bare
    ``password@`` hides all of it) and a Sentinel URL's ``sentinel_password=``."""
    out = _redact_credentials(url)
    if "?" not in out:
        return out
    key = "sentinel_password="
    at = out.find(key, out.find("?"))
    while at >= 0:
        start = at + len(key)
        end = out.find("&", start)
        out = out[:start] + "***" + (out[end:] if end >= 0 else "")
        at = out.find(key, at + 1)
    return out


def _redact_credentials(url: str) -> str:
    scheme = url.find("://")
    if scheme < 0:
        return url
    host_start = scheme + 3
    authority_end = url.find("/", host_start)
    at = url.rfind("@", 0, len(url) if authority_end < 0 else authority_end + 1)
    if at < 0 or at < host_start:
        return url
    colon = url.find(":", host_start)
    mask_from = colon + 1 if 0 <= colon < at else host_start
    return url[:mask_from] + "***" + url[at:]


def _parse_host_port(text: str, shown: str, default_port: int) -> HostPort:
    port = default_port
    if text.startswith("["):
        close = text.find("]")
        if close < 0:
            raise _fail(shown, "unclosed [ in host")
        host = text[1:close]
        after = text[close + 1:]
        if after:
            if not after.startswith(":"):
                raise _fail(shown, "junk after ]")
            port = _parse_number(after[1:], shown, "port", 1, 65535)
    else:
        colon = text.rfind(":")
        host = text if colon < 0 else text[:colon]
        if colon >= 0:
            port = _parse_number(text[colon + 1:], shown, "port", 1, 65535)
    if not host:
        raise _fail(shown, "host is missing")
    return HostPort(host, port)


def _take_credentials(authority: str, address: RedisAddress, shown: str) -> str:
    at = authority.rfind("@")
    if at < 0:
        return authority
    cred = authority[:at]
    colon = cred.find(":")
    if colon < 0:
        address.password = _percent_decode(cred, shown)
    else:
        address.user = _percent_decode(cred[:colon], shown)
        address.password = _percent_decode(cred[colon + 1:], shown)
    return authority[at + 1:]


def _is_master_name_char(c: str) -> bool:
    return c.isascii() and (c.isalnum() or c in "_-.")


def _host_list(hosts: str, shown: str, default_port: int, what: str) -> List[HostPort]:
    result = []
    for one in hosts.split(","):
        if not one:
            raise _fail(shown, f"{what}'s host is missing")
        result.append(_parse_host_port(one, shown, default_port))
    return result


def _hosts_and_path(rest: str, address: RedisAddress, shown: str) -> Tuple[str, Optional[str]]:
    """The host list that starts ``rest`` (a URL after its scheme; its credentials
    taken into ``address``) and what follows the ``/`` after it (None without one)."""
    slash = rest.find("/")
    hosts = _take_credentials(rest if slash < 0 else rest[:slash], address, shown)
    return hosts, None if slash < 0 else rest[slash + 1:]


def _take_sentinel_query(query: str, address: RedisAddress, shown: str) -> None:
    """The sentinels' credentials from ``query`` ("sentinel_user=U&sentinel_password=P")."""
    for pair in query.split("&"):
        name, eq, value = pair.partition("=")
        decoded = _percent_decode(value, shown) if eq else ""
        if name == "sentinel_user":
            address.sentinel_user = decoded
        elif name == "sentinel_password":
            address.sentinel_password = decoded
        else:
            raise _fail(shown, f'unknown parameter "{name}"; a Sentinel URL understands '
                               "?sentinel_user=U&sentinel_password=P")


def _parse_sentinel(url: str, shown: str, tls: bool) -> RedisAddress:
    address = RedisAddress(host="", port=0, tls=tls)
    rest, q, query = url[len(_scheme(tls, "+sentinel://")):].partition("?")
    if q:
        _take_sentinel_query(query, address, shown)
    hosts, path = _hosts_and_path(rest, address, shown)
    path = path or ""
    db_slash = path.find("/")
    address.master_name = path if db_slash < 0 else path[:db_slash]
    if not address.master_name:
        raise _fail(shown, "the primary's name is missing; expected "
                           "redis+sentinel://host[:port][,host[:port]...]/MASTER[/db]")
    if not all(_is_master_name_char(c) for c in address.master_name):
        raise _fail(shown, f"the primary's name \"{address.master_name}\" may hold only letters, digits, "
                           "'_', '-' and '.'")
    if db_slash >= 0 and db_slash + 1 < len(path):
        address.db = _parse_number(path[db_slash + 1:], shown, "db", 0, 1 << 20)
    address.sentinels = _host_list(hosts, shown, _SENTINEL_PORT, "a sentinel")
    return address


def _parse_cluster(url: str, shown: str, tls: bool) -> RedisAddress:
    address = RedisAddress(host="", port=0, tls=tls)
    hosts, db = _hosts_and_path(url[len(_scheme(tls, "+cluster://")):], address, shown)
    if db and db != "0":
        raise _fail(shown, "a Redis Cluster URL takes nothing after its nodes (a cluster has only db 0); "
                           "expected redis+cluster://host[:port][,host[:port]...]")
    address.cluster_nodes = _host_list(hosts, shown, 6379, "a cluster node")
    return address


def _parse(url: str) -> RedisAddress:
    if not isinstance(url, str):
        raise InvalidInput(f"invalid Redis URL {url!r}: expected text")
    address = RedisAddress()
    shown = redact_url(url)
    if url.startswith("unix://"):
        address.unix_socket = True
        rest = url[7:]
        q = rest.find("?")
        if q >= 0:
            query = rest[q + 1:]
            rest = rest[:q]
            if not query.startswith("db="):
                raise _fail(shown, "only ?db=N is understood")
            address.db = _parse_number(query[3:], shown, "db", 0, 1 << 20)
        if not rest.startswith("/"):
            raise _fail(shown, "unix:// needs an absolute socket path (unix:///path/to.sock)")
        address.host = rest
        address.port = 0
        return address
    for tls in (False, True):
        if url.startswith(_scheme(tls, "+sentinel://")):
            return _parse_sentinel(url, shown, tls)
    if "?" in url:
        raise _fail(shown, "query parameters are understood only by unix:// (?db=N) and Sentinel URLs "
                           "(?sentinel_user=U&sentinel_password=P); give the db as a path, redis://host:port/N")
    for tls in (False, True):
        if url.startswith(_scheme(tls, "+cluster://")):
            return _parse_cluster(url, shown, tls)
    address.tls = url.startswith("rediss://")
    if not address.tls and not url.startswith("redis://"):
        raise _fail(shown, "expected redis[s]://[user:password@]host[:port][/db], unix:///path, "
                           "redis[s]+sentinel://host[:port][,host[:port]...]/MASTER or "
                           "redis[s]+cluster://host[:port][,host[:port]...]")
    rest = url[9 if address.tls else 8:]
    slash = rest.find("/")
    host_part = _take_credentials(rest if slash < 0 else rest[:slash], address, shown)
    if slash >= 0:
        db = rest[slash + 1:]
        if db:
            address.db = _parse_number(db, shown, "db", 0, 1 << 20)
    node = _parse_host_port(host_part, shown, 6379)
    address.host, address.port = node.host, node.port
    return address
