"""The input rules, checked in the client before anything is sent to Redis.

A port of the C++ library's rules (core/src/path.cpp, lockmode.cpp, lockplan.cpp,
leaseid.cpp, error.cpp) with the same messages, word for word: tests/protocol/
compares the texts of every client. Pure functions, no I/O.

Paths may be given as ``str`` or ``bytes``; a ``str`` is checked as its UTF-8
encoding (lone surrogates, as ``surrogateescape`` makes them, become the bytes
they stand for, and so are reported as invalid UTF-8).
"""

from __future__ import annotations

import math
import unicodedata
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

from .errors import InvalidInput, InvalidPath

#: The lock modes, in the order of their counts on a node (and of clash checks).
MODES: Tuple[str, ...] = ("IS", "IX", "S", "SIX", "X")

#: At most this many bytes in a canonical path.
MAX_PATH_BYTES = 4096
#: At most this many segments in a canonical path.
MAX_PATH_SEGMENTS = 256
#: At most this many distinct paths in one lease.
MAX_REQUESTS = 64
#: At most this many leases an acquire names as held by its caller (kMaxHolding).
MAX_HOLDING = 64
#: At most this many bytes in a call id (kMaxCallId).
MAX_CALL_ID_BYTES = 64
#: Shortest and longest TTL (also the bounds of waits, wait refreshes and lock-delays).
MIN_TTL_MS = 10
MAX_TTL_MS = 86_400_000
#: The shortest renewal period a grant may say (acquire's ARGV 12); 0 says none.
MIN_RENEW_EVERY_MS = 10
#: At most this many bytes in a label (owner, operation, operator, host, reason).
MAX_LABEL_BYTES = 256
#: How much of an input a message quotes, in bytes.
QUOTED_INPUT_BYTES = 256
#: A project id: at most this many characters.
MAX_PROJECT_CHARS = 64

Text = Union[str, bytes]
#: One lock request: (mode, path).
Request = Tuple[str, str]

_HEX = "0123456789abcdef"

#                IS     IX     S      SIX    X
_COMPATIBLE = {
    "IS": (True, True, True, True, False),
    "IX": (True, True, False, False, False),
    "S": (True, False, True, False, False),
    "SIX": (True, False, False, False, False),
    "X": (False, False, False, False, False),
}
_COMBINE = {
    "IS": ("IS", "IX", "S", "SIX", "X"),
    "IX": ("IX", "IX", "SIX", "SIX", "X"),
    "S": ("S", "SIX", "S", "SIX", "X"),
    "SIX": ("SIX", "SIX", "SIX", "SIX", "X"),
    "X": ("X", "X", "X", "X", "X"),
}


# ---------------------------------------------------------------- text


def to_bytes(text: Text) -> bytes:
    """``text`` as bytes: UTF-8 for a ``str`` (lone surrogates as the bytes they stand for)."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def _utf8_char(data: bytes, at: int) -> Optional[Tuple[int, int]]:
    """The code point starting at ``at`` and its length in strict UTF-8 (no
    overlongs, surrogates or values above U+10FFFF), or None (utf8proc_iterate's rule)."""
    lead = data[at]
    if lead < 0x80:
        return lead, 1
    if lead >= 0xC2 and lead <= 0xDF:
        length, cp = 2, lead & 0x1F
    elif lead >= 0xE0 and lead <= 0xEF:
        length, cp = 3, lead & 0x0F
    elif lead >= 0xF0 and lead <= 0xF4:
        length, cp = 4, lead & 0x07
    else:
        return None
    if at + length > len(data):
        return None
    for k in range(1, length):
        byte = data[at + k]
        if byte & 0xC0 != 0x80:
            return None
        cp = (cp << 6) | (byte & 0x3F)
    if length == 3 and (cp < 0x800 or 0xD800 <= cp <= 0xDFFF):
        return None
    if length == 4 and (cp < 0x10000 or cp > 0x10FFFF):
        return None
    return cp, length


def quote_input(text: Text, max_bytes: int = QUOTED_INPUT_BYTES) -> str:
    """User input quoted for a message, printable whatever it holds.

    ``text`` in double quotes; valid UTF-8 is kept, control characters (C0, DEL,
    C1) and bytes that are not UTF-8 become ``\\xNN``, ``"`` and ``\\`` are
    escaped. Input longer than ``max_bytes`` is cut after the character that
    starts before the limit and followed by ``... (N bytes)``. O(len(text)).
    """
    data = to_bytes(text)
    out: List[str] = ['"']
    i = 0
    while i < len(data) and i < max_bytes:
        byte = data[i]
        if byte < 0x20 or byte == 0x7F:
            out.append("\\x" + _HEX[byte >> 4] + _HEX[byte & 0xF])
            i += 1
            continue
        if byte < 0x80:
            if byte in (0x22, 0x5C):
                out.append("\\")
            out.append(chr(byte))
            i += 1
            continue
        char = _utf8_char(data, i)
        if char is None:
            out.append("\\x" + _HEX[byte >> 4] + _HEX[byte & 0xF])
            i += 1
            continue
        cp, length = char
        if 0x80 <= cp <= 0x9F:
            out.extend("\\x" + _HEX[b >> 4] + _HEX[b & 0xF] for b in data[i:i + length])
        else:
            out.append(chr(cp))
        i += length
    out.append('"')
    if i < len(data):
        out.append(f"... ({len(data)} bytes)")
    return "".join(out)


# ---------------------------------------------------------------- paths


def _is_control(cp: int) -> bool:
    return cp < 0x20 or 0x7F <= cp <= 0x9F


def _path_error(original: Text, what: str, rule: str, reason: str) -> InvalidPath:
    return InvalidPath(f"invalid {what} {quote_input(original)}: {reason} (rule {rule})", original, rule)


def _check_characters(original: Text, data: bytes, what: str) -> None:
    """Strict UTF-8 and no NUL, C0, DEL or C1 control characters; the first
    offending position decides the rule."""
    at = 0
    size = len(data)
    while at < size:
        byte = data[at]
        if byte < 0x80:
            if _is_control(byte):
                raise _path_error(original, what, "control-character",
                                  f"control character U+{byte:04X} at byte {at} is not allowed")
            at += 1
            continue
        char = _utf8_char(data, at)
        if char is None:
            raise _path_error(original, what, "invalid-utf8", f"not valid UTF-8 at byte {at}")
        cp, length = char
        if _is_control(cp):
            raise _path_error(original, what, "control-character",
                              f"control character U+{cp:04X} at byte {at} is not allowed")
        at += length


def _normalize(segment: bytes, case_insensitive: bool) -> bytes:
    """NFC (and case folding if asked) of a segment that passed the character rules."""
    if segment.isascii():
        return segment.lower() if case_insensitive else segment
    text = segment.decode("utf-8")
    if case_insensitive:
        text = text.casefold()
    return unicodedata.normalize("NFC", text).encode("utf-8")


def _check_dot_segment(original: Text, segment: bytes, what: str) -> None:
    if segment in (b".", b".."):
        raise _path_error(original, what, "dot-segment",
                          f'"{segment.decode()}" segments are not allowed')


def _text_bytes(value: Text, what: str, empty_rule: str) -> bytes:
    """The bytes of a path or name, refused when it is not text or is empty."""
    if not isinstance(value, (str, bytes)):
        raise InvalidPath(f"invalid {what} {quote_input(repr(value))}: a {what} must be text (rule not-text)",
                          value, "not-text")
    data = to_bytes(value)
    if not data:
        raise _path_error(value, what, empty_rule, f"the {what} is empty")
    return data


def canonical_path(path: Text, *, case_insensitive: bool = False) -> str:
    """The canonical form of ``path``, or :class:`InvalidPath` naming the rule it breaks.

    Canonical: absolute, no empty segment, no ``.`` or ``..``, no trailing ``/``,
    valid UTF-8 in NFC (case-folded when ``case_insensitive``), no control
    characters, at most 4096 bytes and 256 segments. Repeated and trailing
    slashes are dropped. O(len(path)).
    """
    what = "path"
    data = _text_bytes(path, what, "empty")
    if data[0] != 0x2F:
        raise _path_error(path, what, "relative", 'a path must be absolute (start with "/")')
    _check_characters(path, data, what)
    parts: List[bytes] = []
    for segment in data.split(b"/"):
        if not segment:
            continue
        _check_dot_segment(path, segment, what)
        parts.append(_normalize(segment, case_insensitive))
    result = b"/" + b"/".join(parts)
    if len(result) > MAX_PATH_BYTES:
        raise _path_error(path, what, "too-long",
                          f"{len(result)} bytes after canonicalisation, at most {MAX_PATH_BYTES} are allowed")
    if len(parts) > MAX_PATH_SEGMENTS:
        raise _path_error(path, what, "too-many-segments",
                          f"{len(parts)} segments, at most {MAX_PATH_SEGMENTS} are allowed")
    return result.decode("utf-8")


def canonical_name(name: Text, *, case_insensitive: bool = False) -> str:
    """The canonical form of one path segment (a new name), or :class:`InvalidPath`."""
    what = "name"
    data = _text_bytes(name, what, "empty-name")
    if b"/" in data:
        raise _path_error(name, what, "slash-in-name", 'a name must not contain "/"')
    _check_dot_segment(name, data, what)
    _check_characters(name, data, what)
    result = _normalize(data, case_insensitive)
    if len(result) + 1 > MAX_PATH_BYTES:
        raise _path_error(name, what, "too-long",
                          f"{len(result)} bytes after canonicalisation, at most {MAX_PATH_BYTES - 1} are allowed")
    return result.decode("utf-8")


def is_ancestor(ancestor: str, path: str) -> bool:
    """Whether ``ancestor`` is a proper ancestor of ``path`` (whole segments)."""
    if len(ancestor) >= len(path) or not path.startswith(ancestor):
        return False
    return ancestor == "/" or path[len(ancestor)] == "/"


def parent_path(path: str) -> str:
    """The folder holding ``path`` ("/" for a top-level item and for the root)."""
    at = path.rfind("/")
    return "/" if at <= 0 else path[:at]


def base_name(path: str) -> str:
    """The last segment of ``path``."""
    return path[path.rfind("/") + 1:]


def join_path(folder: str, name: str) -> str:
    """``folder`` + "/" + ``name`` (one slash)."""
    return (folder if folder.endswith("/") else folder + "/") + name


# ---------------------------------------------------------------- modes and requests


def parse_mode(mode: object) -> str:
    """``mode`` if it is one of IS IX S SIX X, else :class:`InvalidInput`."""
    if isinstance(mode, str) and mode in _COMPATIBLE:
        return mode
    shown = mode if isinstance(mode, (str, bytes)) else str(mode)
    raise InvalidInput(f"invalid lock mode {quote_input(shown)}: it must be one of IS IX S SIX X")


def compatible(held: str, requested: str) -> bool:
    """Whether ``held`` and ``requested`` may be held together on one node."""
    return _COMPATIBLE[held][MODES.index(requested)]


def intention_of(mode: str) -> str:
    """The intention a request leaves on its proper ancestors: IS for S and IS, else IX."""
    return "IS" if mode in ("IS", "S") else "IX"


def combine(a: str, b: str) -> str:
    """The weakest mode that covers both (two requests on one path merge into it)."""
    return _COMBINE[a][MODES.index(b)]


def _split_request(request: object) -> Tuple[object, object]:
    if isinstance(request, (str, bytes)) or not isinstance(request, Sequence) or len(request) != 2:
        raise InvalidInput(f"invalid lock request {quote_input(repr(request))}: "
                           "expected a (mode, path) pair such as (\"X\", \"/A/C\")")
    return request[0], request[1]


def checked_modes(requests: Iterable[Sequence[object]]) -> List[Tuple[str, object]]:
    """``requests`` as (mode, path) pairs with every mode checked (paths as given).

    Modes come first: the C++ library takes them as enum values, so a bad mode is
    refused where the request is made, before any other rule is checked."""
    pairs = [_split_request(r) for r in requests]
    return [(parse_mode(mode), path) for mode, path in pairs]


def normalize_requests(requests: Iterable[Sequence[object]], *,
                       case_insensitive: bool = False) -> List[Request]:
    """The requests of one lease in canonical form: modes checked, paths
    canonical, one request per path (duplicates merged with :func:`combine`),
    sorted by the bytes of the path, 1 to 64 of them. O(n log n)."""
    pairs = checked_modes(requests)
    if not pairs:
        raise InvalidInput("no lock requests: a lease needs at least one")
    merged: Dict[str, str] = {}
    for mode, path in pairs:
        canonical = canonical_path(path, case_insensitive=case_insensitive)  # type: ignore[arg-type]
        merged[canonical] = combine(merged[canonical], mode) if canonical in merged else mode
    if len(merged) > MAX_REQUESTS:
        raise InvalidInput(f"too many lock requests: {len(merged)} distinct paths, at most "
                           f"{MAX_REQUESTS} are allowed in one lease")
    return [(merged[p], p) for p in sorted(merged, key=lambda p: p.encode("utf-8"))]


def requests_text(requests: Sequence[Request]) -> str:
    """"MODE PATH" lines joined by newlines: how the functions take and store requests."""
    return "\n".join(f"{mode} {path}" for mode, path in requests)


def parse_requests_text(text: str) -> List[Request]:
    """Inverse of :func:`requests_text` (an empty text gives no requests)."""
    result: List[Request] = []
    for line in text.split("\n") if text else []:
        mode, _, path = line.partition(" ")
        result.append((mode, path))
    return result


# ---------------------------------------------------------------- numbers and labels


def _whole_ms(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput(f"{what} {quote_input(repr(value))} is not a number of milliseconds")
    if isinstance(value, float):
        if not math.isfinite(value) or value != int(value):
            raise InvalidInput(f"{what} {value!r} ms is not a whole number of milliseconds")
        return int(value)
    return value


def validate_ttl(ttl_ms: object, what: str = "ttl") -> int:
    """``ttl_ms`` if it is within 10 ms .. 24 h, else :class:`InvalidInput`."""
    ttl = _whole_ms(ttl_ms, what)
    if ttl < MIN_TTL_MS or ttl > MAX_TTL_MS:
        raise InvalidInput(f"{what} {ttl} ms is out of range: it must be between "
                           f"{MIN_TTL_MS} and {MAX_TTL_MS} ms")
    return ttl


def validate_wait(wait_ms: object, refresh_ms: object) -> Tuple[int, int]:
    """``wait_ms`` (0 .. 24 h) and the waiter refresh (10 ms .. 24 h)."""
    wait = _whole_ms(wait_ms, "wait")
    if wait < 0 or wait > MAX_TTL_MS:
        raise InvalidInput(f"wait {wait} ms is out of range: it must be between 0 and {MAX_TTL_MS} ms")
    return wait, validate_ttl(refresh_ms, "wait refresh")


def validate_lock_delay(delay_ms: object) -> int:
    """A force-release's lock-delay: 0 .. 24 h."""
    delay = _whole_ms(delay_ms, "lock-delay")
    if delay < 0 or delay > MAX_TTL_MS:
        raise InvalidInput(f"lock-delay {delay} ms is out of range: it must be between 0 and {MAX_TTL_MS} ms")
    return delay


def validate_label(what: str, value: object, required: bool = False) -> str:
    """A label (owner, operation, operator, host, reason): at most 256 bytes,
    without NUL or newline, and not empty when ``required``. Never cut."""
    if not isinstance(value, str):
        raise InvalidInput(f"{what} {quote_input(repr(value))} is not text")
    data = to_bytes(value)
    if required and not data:
        raise InvalidInput(f"{what} is required and must not be empty")
    if len(data) > MAX_LABEL_BYTES:
        raise InvalidInput(f"{what} {quote_input(data)} is too long: {len(data)} bytes, at most "
                           f"{MAX_LABEL_BYTES} are allowed")
    if b"\0" in data or b"\n" in data:
        raise InvalidInput(f"{what} {quote_input(data)} contains NUL or a newline, which labels must not contain")
    return value


# ---------------------------------------------------------------- lease ids and projects


def is_valid_lease_id(lease_id: object) -> bool:
    """Whether ``lease_id`` is 32 lower-case hex digits."""
    return (isinstance(lease_id, str) and len(lease_id) == 32
            and all(c in _HEX for c in lease_id))


def validate_lease_id(lease_id: object, what: str = "lease id") -> str:
    """``lease_id`` if it is 32 lower-case hex digits, else :class:`InvalidInput`."""
    if not is_valid_lease_id(lease_id):
        shown = lease_id if isinstance(lease_id, (str, bytes)) else repr(lease_id)
        raise InvalidInput(f"{what} {quote_input(shown)} is malformed: it must be 32 lower-case hex digits")
    return lease_id  # type: ignore[return-value]


def validate_call_id(call_id: object) -> bytes:
    """The bytes of ``call_id`` (a ``str`` as UTF-8, or ``bytes``) if it is at most 64
    bytes without NUL, else :class:`InvalidInput` in the C++ library's words (lockplan.cpp)."""
    if not isinstance(call_id, (str, bytes)):
        raise InvalidInput(f"call id {quote_input(repr(call_id))} is not text")
    data = to_bytes(call_id)
    if len(data) > MAX_CALL_ID_BYTES:
        raise InvalidInput(f"call id of {len(data)} bytes is too long: at most {MAX_CALL_ID_BYTES} are allowed")
    if b"\0" in data:
        raise InvalidInput("call id must not contain NUL")
    return data


def validate_renew_every(renew_every_ms: object, ttl_ms: int) -> int:
    """How often the holder says it renews the lease: 0 (it does not say) or 10 ms
    up to ``ttl_ms``, else :class:`InvalidInput` in the C++ library's words."""
    period = _whole_ms(renew_every_ms, "renewal period")
    if period != 0 and (period < MIN_RENEW_EVERY_MS or period > ttl_ms):
        raise InvalidInput(f"renewal period {period} ms is out of range: it must be 0 (none) or between "
                           f"{MIN_RENEW_EVERY_MS} ms and the ttl ({ttl_ms} ms)")
    return period


def _is_project_byte(b: int) -> bool:
    return (0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A or 0x30 <= b <= 0x39
            or b in (0x5F, 0x2E, 0x2D))


def validate_project(project: object) -> str:
    """``project`` if it is 1-64 characters of ``A-Z a-z 0-9 _ . -``, else :class:`InvalidInput`."""
    if not isinstance(project, str):
        raise InvalidInput(f"invalid project id {quote_input(repr(project))}: it is not text "
                           "(project ids are 1-64 characters of A-Z a-z 0-9 _ . -)")
    data = to_bytes(project)

    def fail(reason: str) -> InvalidInput:
        return InvalidInput(f"invalid project id {quote_input(data)}: {reason} "
                            "(project ids are 1-64 characters of A-Z a-z 0-9 _ . -)")

    if not data:
        raise fail("it is empty")
    if len(data) > MAX_PROJECT_CHARS:
        raise fail(f"{len(data)} characters, at most {MAX_PROJECT_CHARS} are allowed")
    for i, b in enumerate(data):
        if not _is_project_byte(b):
            raise fail(f"character at position {i} is not allowed")
    return project
