"""The watchdog: renews the leases a client keeps (``Client.lock``) every ttl/3 on
one daemon thread, and reports the ones it finds lost."""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Dict, Optional

from .errors import TreelockError
from .rules import MIN_RENEW_EVERY_MS
from .types import Lease

if TYPE_CHECKING:
    from .client import Client

log = logging.getLogger("treelock")


def renewal_period_ms(ttl_ms: int) -> int:
    """The period the watchdog renews a lease of ``ttl_ms`` at, ttl/3, as its grant
    says it (acquire's ARGV 12): in whole ms rounded up, at least 10 ms. Fairness
    presumes the lease dead once 1.5 of these pass without a renewal."""
    return max(MIN_RENEW_EVERY_MS, -(-ttl_ms // 3))


@dataclass
class _Kept:
    lease: Lease
    on_lost: Optional[Callable[[Lease, str], None]]
    valid_until: float  # local estimate of the expiry (monotonic)
    next_renew: float


class Watchdog:
    """Renews kept leases every ttl/3 on one daemon thread; owned by a Client."""

    def __init__(self, client: "Client") -> None:
        self._client = client
        self._kept: Dict[str, _Kept] = {}
        self._cond = threading.Condition()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name=f"treelock-watchdog-{client.project}", daemon=True)
        self._thread.start()

    def keep(self, lease: Lease, started: float, on_lost: Optional[Callable[[Lease, str], None]]) -> None:
        with self._cond:
            ttl = lease.ttl_ms / 1000
            self._kept[lease.id] = _Kept(lease, on_lost, started + ttl, started + ttl / 3)
            self._cond.notify_all()

    def forget(self, lease_id: str) -> None:
        with self._cond:
            self._kept.pop(lease_id, None)

    def stop(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join()

    def _run(self) -> None:
        with self._cond:
            while not self._stopping:
                now = time.monotonic()
                due = [k for k in self._kept.values() if k.next_renew <= now]
                if due:
                    self._cond.release()
                    try:
                        for kept in due:
                            self._renew(kept)
                    finally:
                        self._cond.acquire()
                    continue
                nxt = min([k.next_renew for k in self._kept.values()] + [now + 1.0])
                self._cond.wait(max(0.0, nxt - now))

    def _renew(self, kept: _Kept) -> None:
        lease = kept.lease
        with self._cond:
            if self._kept.get(lease.id) is not kept:
                return
        ttl = lease.ttl_ms / 1000
        started = time.monotonic()
        try:
            result = self._client.renew(lease, lease.ttl_ms)
            status = result.status
        except TreelockError as error:
            # Unreachable server or a refused call: retry soon, until the local
            # estimate of the expiry passes; then the lease is lost.
            now = time.monotonic()
            if now < kept.valid_until:
                log.warning("treelock: renewing lease %s failed (%s); retrying", lease.id[:8], error)
                kept.next_renew = now + max(0.005, ttl / 10)
                return
            status = "expired"
        if status == "ok":
            kept.valid_until = started + ttl
            kept.next_renew = started + ttl / 3
            return
        with self._cond:
            if self._kept.get(lease.id) is not kept:
                return
            del self._kept[lease.id]
        with lease._mutex:
            lease.lost = True
            lease.lost_status = status
        log.warning("treelock: lease %s is lost (%s)", lease.id[:8], status)
        if kept.on_lost is not None:
            try:
                kept.on_lost(lease, status)
            except Exception:
                log.exception("treelock: on_lost callback of lease %s raised", lease.id[:8])
