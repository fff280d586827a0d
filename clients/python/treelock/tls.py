"""TLS for rediss:// URLs: the options, the context made of them, the handshake,
and what a failed handshake means in words a person understands.

Plain standard library (ssl, socket); connection.py plugs it into redis-py. The
options are the C++ library's ``treelock::TlsOptions``: by default the server's
chain is verified against the system's CA store and its name (DNS or IP SAN)
against the host connected to, with TLS 1.2 or later.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
import ssl
import time
from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple, Union

from .errors import InvalidInput

PathText = Union[str, "os.PathLike[str]"]

#: A handshake with no answer for this long (or a quarter of the connect timeout,
#: when shorter) asks the port in plain text whether a Redis without TLS listens there.
STALL_S = 0.25

# The OpenSSL reasons of a peer that answered a ClientHello with something other than TLS.
_NOT_TLS = ("WRONG_VERSION_NUMBER", "RECORD_LAYER_FAILURE", "UNKNOWN_PROTOCOL", "PACKET_LENGTH_TOO_LONG",
            "HTTP_REQUEST", "UNEXPECTED_RECORD")
# Verification results (X509_V_ERR_*) that say no trusted CA signed the server's chain.
_UNTRUSTED = {2, 18, 19, 20, 21}
_EXPIRED, _NOT_YET_VALID, _HOSTNAME_MISMATCH, _IP_MISMATCH = 10, 9, 62, 64


@dataclass(frozen=True)
class TlsOptions:
    """How a rediss:// connection proves the server and itself. Every file is PEM;
    a missing or unreadable one is :class:`~treelock.InvalidInput` naming it."""

    #: CAs to trust instead of the system's (redis-cli --cacert).
    ca_file: str = ""
    #: A folder of hashed CA files (--cacertdir; ``openssl rehash``).
    ca_dir: str = ""
    #: A client certificate, for servers that ask for one (--cert), and its key (--key).
    cert_file: str = ""
    key_file: str = ""
    #: The name sent in the handshake (SNI) and looked for in the server's
    #: certificate; empty: the host connected to (--sni).
    server_name: str = ""
    #: Skip every verification of the server (--insecure): encrypted, but to
    #: whoever answers. Each client made with it warns.
    insecure: bool = False

    def given(self) -> bool:
        """Whether anything differs from the defaults."""
        return self != TlsOptions()

    def __repr__(self) -> str:  # the file names are no secret, but keep it short
        given = [f"{k}={v!r}" for k, v in vars(self).items() if v]
        return f"TlsOptions({', '.join(given)})"


def tls_options(ca_file: Optional[PathText] = None, ca_dir: Optional[PathText] = None,
                cert_file: Optional[PathText] = None, key_file: Optional[PathText] = None,
                server_name: Optional[str] = None, insecure: bool = False) -> TlsOptions:
    """TlsOptions of keyword arguments that may be None or path-like."""
    def text(value: Optional[PathText]) -> str:
        return "" if value is None else os.fspath(value)
    return TlsOptions(text(ca_file), text(ca_dir), text(cert_file), text(key_file), server_name or "",
                      bool(insecure))


class InsecureTlsWarning(UserWarning):
    """A client was made with ``tls_insecure``: its connections are encrypted, but
    to whoever answers."""


class TlsError(Exception):
    """A TLS handshake that failed for a reason that waiting does not mend: the
    message says what, where (host:port) and what to change. Not an OSError, and not
    one of redis-py's ConnectionErrors, so that no layer in between retries it or
    words it again."""


# ---------------------------------------------------------------- the context


def client_context(options: TlsOptions) -> ssl.SSLContext:
    """An SSLContext for ``options``; reads every file now. InvalidInput names a file
    that is missing, unreadable or not what it should be."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if options.ca_file or options.ca_dir:
        if options.ca_file:
            _readable(options.ca_file, "CA file", "tls_ca_file")
            try:
                context.load_verify_locations(cafile=options.ca_file)
            except ssl.SSLError:
                raise InvalidInput(f'the TLS CA file "{options.ca_file}" (tls_ca_file) holds no PEM certificate') \
                    from None
        if options.ca_dir:
            if not os.path.isdir(options.ca_dir) or not os.access(options.ca_dir, os.R_OK | os.X_OK):
                raise InvalidInput(f'the TLS CA folder "{options.ca_dir}" (tls_ca_dir) is not a folder this '
                                   "process can read")
            context.load_verify_locations(capath=options.ca_dir)
    else:
        context.load_default_certs()
    if options.cert_file or options.key_file:
        if not (options.cert_file and options.key_file):
            raise InvalidInput("a client certificate needs both tls_cert_file and tls_key_file")
        _readable(options.cert_file, "certificate file", "tls_cert_file")
        _readable(options.key_file, "key file", "tls_key_file")
        try:
            context.load_cert_chain(options.cert_file, options.key_file, password=_no_passphrase)
        except ssl.SSLError as error:
            why = ("the key is not the certificate's" if "KEY_VALUES_MISMATCH" in str(error.reason)
                   else "one of them is no PEM certificate or unencrypted PEM key")
            raise InvalidInput(f'the TLS client certificate "{options.cert_file}" (tls_cert_file) and key '
                               f'"{options.key_file}" (tls_key_file) cannot be used: {why}') from None
    if options.insecure:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def _readable(path: str, what: str, option: str) -> None:
    try:
        with open(path, "rb"):
            pass
    except OSError as error:
        raise InvalidInput(f'cannot read the TLS {what} "{path}" ({option}): {error.strerror}') from None


def _no_passphrase() -> bytes:
    return b""  # an encrypted key fails to load instead of asking on the terminal


# ---------------------------------------------------------------- the handshake


class TlsClient:
    """Makes the TLS connections of one client: one context, its options."""

    def __init__(self, options: TlsOptions) -> None:
        self.options = options
        self.context = client_context(options)

    def __deepcopy__(self, memo: object) -> "TlsClient":
        return self  # redis-py copies connection settings; one context serves every connection

    def handshake(self, sock: socket.socket, host: str, port: int, connect_timeout: Optional[float],
                  command_timeout: Optional[float]) -> ssl.SSLSocket:
        """TLS over the connected ``sock`` within ``connect_timeout``. Raises TlsError
        for a server this client must not or cannot talk to (the socket is closed)."""
        budget = connect_timeout or 10.0
        deadline = time.monotonic() + budget
        tls = self.context.wrap_socket(sock, server_hostname=self.options.server_name or host,
                                       do_handshake_on_connect=False)
        asked = False
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TlsError(f"{_where(host, port)}: no TLS handshake within {int(budget * 1000)} ms")
                tls.settimeout(left if asked else min(left, STALL_S, budget / 4))
                try:
                    tls.do_handshake()
                    break
                except socket.timeout:
                    if not asked:
                        asked = True
                        if speaks_plain_redis(host, port, left):
                            raise TlsError(f"{_where(host, port)}: the server does not speak TLS on this port: "
                                           "use redis://") from None
        except ssl.SSLError as error:
            failure = self.failure(error, host, port, budget)
            tls.close()
            if failure is None:
                raise
            raise failure from None
        except BaseException:
            tls.close()
            raise
        tls.settimeout(command_timeout)
        return tls

    def failure(self, error: BaseException, host: str, port: int, timeout: float) -> Optional[TlsError]:
        """What an ssl error of a handshake (or of the first read, where TLS 1.3 servers
        refuse a client certificate) means; None for an error that may pass by itself."""
        if isinstance(error, ssl.SSLCertVerificationError):
            return TlsError(f"{_where(host, port)}: {self._refused_server(error, host, port, timeout)}")
        reason = str(getattr(error, "reason", "") or "")
        if not reason or isinstance(error, ssl.SSLEOFError):
            return None
        if reason in _NOT_TLS:
            return TlsError(f"{_where(host, port)}: the server does not speak TLS on this port: use redis://")
        said = reason.lower().replace("_", " ")
        if "ALERT" in reason:
            if "CERTIFICATE_REQUIRED" in reason or ("HANDSHAKE_FAILURE" in reason and not self.options.cert_file):
                return TlsError(f"{_where(host, port)}: the server requires a client certificate ({said}): give "
                                "one with tls_cert_file and tls_key_file")
            if self.options.cert_file and any(word in reason for word in
                                              ("UNKNOWN_CA", "CERTIFICATE", "ACCESS_DENIED", "HANDSHAKE_FAILURE",
                                               "DECRYPT_ERROR")):
                return TlsError(f"{_where(host, port)}: the server refused the client certificate "
                                f"{self.options.cert_file} ({said})")
        return TlsError(f"{_where(host, port)}: the TLS handshake failed ({said})")

    def refusal_after_handshake(self, error: BaseException, host: str, port: int,
                                timeout: float) -> Optional[TlsError]:
        """What it means that a connection broke before its first answer, right after
        its handshake: a TLS 1.3 server checks the client's certificate only then, and
        its alert is lost when the connection closes under a command this client sent.
        None when TLS is not why."""
        found = ssl_error_in(error)
        if found is not None and not isinstance(found, ssl.SSLEOFError):
            failure = self.failure(found, host, port, timeout)
            if failure is not None:
                return failure
        return self.diagnose(host, port, timeout)

    def diagnose(self, host: str, port: int, timeout: float) -> Optional[TlsError]:
        """A fresh handshake that sends nothing and waits for the server's verdict on
        this client: its session ticket (accepted) or an alert (refused)."""
        try:
            sock = socket.create_connection((host, port), timeout=timeout)
        except OSError:
            return None
        try:
            tls = self.handshake(sock, host, port, timeout, timeout)
        except TlsError as failure:
            return failure
        except OSError:
            return None
        with tls:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                tls.settimeout(0.05)
                try:
                    tls.recv(1)
                    return None  # an answer or the end, but no alert: not TLS's doing
                except socket.timeout:
                    session = tls.session
                    if session is not None and session.has_ticket:
                        return None
                except ssl.SSLError as alert:
                    return self.failure(alert, host, port, timeout)
                except OSError:
                    return None
        return None

    def _refused_server(self, error: ssl.SSLCertVerificationError, host: str, port: int, timeout: float) -> str:
        code = error.verify_code
        said = error.verify_message
        name = self.options.server_name or host
        if code in _UNTRUSTED:
            return (f"the server's certificate is not signed by a CA this client trusts ({said}): give its CA with "
                    "tls_ca_file")
        if code in (_EXPIRED, _NOT_YET_VALID, _HOSTNAME_MISMATCH, _IP_MISMATCH):
            cert = Certificate.of(peer_certificate(host, port, self.options.server_name, timeout))
            if code == _EXPIRED:
                return f"the server's certificate expired on {cert.not_after if cert else '(unknown)'}"
            if code == _NOT_YET_VALID:
                return f"the server's certificate is not valid before {cert.not_before if cert else '(unknown)'}"
            names = ", ".join(cert.names) if cert and cert.names else "no host name or address"
            return f"the server's certificate is not for {name} (it names {names}): connect by one of those names, " \
                   "or give the name to verify with tls_server_name"
        return f"the server's certificate was refused ({said})"


def _where(host: str, port: int) -> str:
    return (f"[{host}]" if ":" in host else host) + f":{port}"


def tls_failure_in(error: Optional[BaseException]) -> Optional[TlsError]:
    """The TlsError that ``error`` is or was raised from, if any."""
    seen = 0
    while error is not None and seen < 8:
        if isinstance(error, TlsError):
            return error
        error = error.__cause__ or error.__context__
        seen += 1
    return None


def ssl_error_in(error: Optional[BaseException]) -> Optional[ssl.SSLError]:
    """The ssl.SSLError that ``error`` is or was raised from, if any."""
    seen = 0
    while error is not None and seen < 8:
        if isinstance(error, ssl.SSLError):
            return error
        error = error.__cause__ or error.__context__
        seen += 1
    return None


# ---------------------------------------------------------------- probes


def speaks_plain_redis(host: str, port: int, timeout: float) -> bool:
    """Whether a Redis without TLS answers PING at host:port (a TLS server drops the
    connection at once)."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            sock.sendall(b"PING\r\n")
            return sock.recv(1)[:1] in (b"+", b"-")
    except OSError:
        return False


def speaks_tls(host: str, port: int, timeout: float) -> bool:
    """Whether a TLS server answers a handshake at host:port (nothing verified)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            with context.wrap_socket(sock, server_hostname=host):
                return True
    except ssl.SSLError as error:
        return "ALERT" in str(getattr(error, "reason", "") or "")  # it answered in TLS: an alert
    except OSError:
        return False


def peer_certificate(host: str, port: int, server_name: str, timeout: float) -> Optional[bytes]:
    """The certificate the server at host:port presents (DER), fetched without
    verifying it, to say what is wrong with it; None when it cannot be had."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            with context.wrap_socket(sock, server_hostname=server_name or host) as tls:
                return tls.getpeercert(binary_form=True)
    except OSError:
        return None


# ---------------------------------------------------------------- what a certificate says


@dataclass(frozen=True)
class Certificate:
    """The parts of an X.509 certificate a failure message names."""

    not_before: str
    not_after: str
    #: Its subjectAltName DNS names and IP addresses, in order.
    names: Tuple[str, ...]

    @classmethod
    def of(cls, der: Optional[bytes]) -> Optional["Certificate"]:
        """The certificate in ``der``; None when it cannot be read."""
        if not der:
            return None
        try:
            return _read_certificate(der)
        except (IndexError, ValueError):
            return None


_SAN_OID = bytes.fromhex("0603551d11")  # OBJECT IDENTIFIER 2.5.29.17, subjectAltName


def _items(data: bytes, start: int, end: int) -> Iterator[Tuple[int, int, int]]:
    """The DER items between ``start`` and ``end``: (tag, content start, content end)."""
    at = start
    while at < end:
        tag = data[at]
        length = data[at + 1]
        at += 2
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(data[at:at + count], "big")
            at += count
        if at + length > end:
            raise ValueError("truncated DER")
        yield tag, at, at + length
        at += length


def _read_certificate(der: bytes) -> Certificate:
    _, cert_start, cert_end = next(_items(der, 0, len(der)))
    _, tbs_start, tbs_end = next(_items(der, cert_start, cert_end))
    fields = list(_items(der, tbs_start, tbs_end))
    if fields[0][0] == 0xA0:  # [0] version
        fields = fields[1:]
    # serial, signature algorithm, issuer, validity, subject, key, then [1] [2] [3]
    validity = [_time(der[s:e], tag) for tag, s, e in _items(der, fields[3][1], fields[3][2])]
    names: List[str] = []
    for tag, start, end in fields[6:]:
        if tag == 0xA3:  # [3] extensions
            names = _san_names(der, start, end)
    return Certificate(validity[0], validity[1], tuple(names))


def _san_names(der: bytes, start: int, end: int) -> List[str]:
    _, seq_start, seq_end = next(_items(der, start, end))
    for _, ext_start, ext_end in _items(der, seq_start, seq_end):
        if der[ext_start:ext_start + len(_SAN_OID)] != _SAN_OID:
            continue
        value = [item for item in _items(der, ext_start, ext_end) if item[0] == 0x04][-1]  # OCTET STRING
        _, names_start, names_end = next(_items(der, value[1], value[2]))
        names = []
        for tag, s, e in _items(der, names_start, names_end):
            if tag == 0x82:  # [2] dNSName
                names.append(der[s:e].decode("ascii", "replace"))
            elif tag == 0x87:  # [7] iPAddress
                names.append(str(ipaddress.ip_address(der[s:e])))
        return names
    return []


def _time(raw: bytes, tag: int) -> str:
    text = raw.decode("ascii")
    layout = "%y%m%d%H%M%SZ" if tag == 0x17 else "%Y%m%d%H%M%SZ"  # UTCTime or GeneralizedTime
    moment = datetime.datetime.strptime(text, layout)
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")
