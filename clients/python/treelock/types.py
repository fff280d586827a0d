"""The values the client hands back: leases, blockers, results, snapshots.

Times are integers of milliseconds (``_ms``) in the server's clock (Redis
``TIME``), except ``since_us`` of a waiter. Statuses are the strings ``"ok"``,
``"unknown"`` (no such lease, released, reaped or revoked), ``"expired"`` (it
had expired and was reaped now), ``"live"`` (force-release without admin of
a live lease) and ``"gone"`` (a release or force-release whose answer was lost,
sent again, found no lease: its first attempt ended it; a success).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import List, NamedTuple, Optional, Tuple

try:  # Python 3.8+
    from typing import Literal
except ImportError:  # pragma: no cover
    from typing_extensions import Literal  # type: ignore

#: What release, renew and force-release answer.
Status = Literal["ok", "unknown", "expired", "live", "gone"]

#: One lock request: (mode, path).
Request = Tuple[str, str]


@dataclass(frozen=True)
class Blocker:
    """Who is in the way of a refused acquire.

    For a clash at (``clash_path``, ``held_mode``): the lease that holds it
    (``lease``, ``owner``, ``op``), the first of its requests that leaves
    ``held_mode`` there (``path``, ``mode``) and how long it still lives
    (``expires_in_ms``). ``queued`` is true when the one in the way is an older
    waiter (its lease id is the id it waits for; ``expires_in_ms`` is 0).
    ``lease``, ``owner``, ``op`` and ``path`` are empty and ``mode`` "X" when no
    holder can be named. ``wanted`` is the refused request.
    """

    lease: str
    owner: str
    op: str
    path: str
    mode: str
    expires_in_ms: int
    clash_path: str
    held_mode: str
    wanted: Request
    queued: bool

    def describe(self) -> str:
        """One line saying who blocks, as the ``treelock`` CLI prints it."""
        if not self.lease:
            return f"blocked by an unidentified lease holding {self.held_mode} on {self.clash_path}"
        who = f"{self.owner or '-'}'s {self.op or '-'} ({self.mode} {self.path})"
        if self.queued:
            return f"waits behind {who}, who has waited longer"
        return (f"blocked by lease {self.lease[:8]} (owner {self.owner or '-'}, op {self.op or '-'}) "
                f"holding {self.mode} on {self.path}, expires in {seconds_text(self.expires_in_ms)}")


def seconds_text(ms: int) -> str:
    """"12.3 s": a duration in seconds with one decimal (never negative)."""
    tenths = max(0, (ms + 50) // 100)
    return f"{tenths // 10}.{tenths % 10} s"


@dataclass(eq=False)
class Lease:
    """A granted lease: the capability to renew and release it is its ``id``.

    ``expires_at_ms`` moves when the lease is renewed through this object's
    client (its watchdog included); ``lost`` turns true when a watchdog renewal
    finds the lease gone. Thread-safe to read.
    """

    #: 32 lower-case hex digits.
    id: str
    #: The fencing token: strictly increasing per project with every grant.
    fence: int
    #: When it expires, in server time (ms since the epoch).
    expires_at_ms: int
    #: The TTL it was granted (and is renewed) with.
    ttl_ms: int
    #: How many times it is held (a reentrant acquire of the same id adds one).
    holds: int
    #: The normalised requests: canonical paths, one per path, sorted.
    requests: List[Request]
    owner: str = ""
    op: str = "lock"
    #: True once a watchdog renewal found the lease gone (see Client.lock).
    lost: bool = False
    #: What that renewal answered ("unknown" or "expired"), else None.
    lost_status: Optional[str] = None
    _mutex: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def __str__(self) -> str:
        return self.id


class ReleaseResult(NamedTuple):
    """What release and force-release answer."""

    status: Status
    #: Holds left after a release of a reentrant lease (0: its paths are free).
    remaining_holds: int = 0


class RenewResult(NamedTuple):
    """What renew answers; ``expires_at_ms`` is 0 unless the status is "ok"."""

    status: Status
    expires_at_ms: int = 0


@dataclass(frozen=True)
class LeaseInfo:
    """One lease as a snapshot lists it (live, expired-unreaped and revoked alike)."""

    id: str
    owner: str
    op: str
    requests: List[Request]
    ttl_ms: int
    created_at_ms: int
    expires_at_ms: int
    fence: int
    holds: int
    revoked: bool


@dataclass(frozen=True)
class WaiterInfo:
    """A registered waiter: a refused acquire that waits, under the id it asks for."""

    id: str
    owner: str
    op: str
    requests: List[Request]
    #: Server time of its first refusal, in µs.
    since_us: int
    last_attempt_ms: int
    #: When its registration runs out unless it tries again.
    until_ms: int
    #: Whether it holds back newer conflicting requests (it waited past the grace).
    holds_back: bool
    #: What refused its last attempt.
    blocker: Blocker


@dataclass(frozen=True)
class Snapshot:
    """The project's leases by (expiry, id), and its waiters, oldest first."""

    server_time_ms: int
    leases: List[LeaseInfo]
    waiters: List[WaiterInfo]
