"""Treelock: hierarchical distributed locks on Redis — the Python client.

>>> import treelock
>>> with treelock.Client.from_url("redis://localhost:6379", project="docs") as client:
...     with client.lock([("X", "/A/C")], ttl_ms=10_000) as lease:
...         print(lease.fence)

Every rule of the lock lives in the Redis function library the C++ library and
every client load (composed from the repository's ``lua/``); this package checks input, calls it,
waits with wake-ups and keeps leases alive. See README.md.
"""

from .client import Client, default_owner, new_lease_id
from . import errors
from .errors import (AuthenticationError, ConnectionError, InvalidInput, InvalidPath, InvalidPolicy, ProtocolError, Refused,
                     ScriptError, TreelockError)
from .library import Library, embedded_library
from .policy import Policy, PolicyRule
from .rules import MODES, canonical_name, canonical_path, normalize_requests, quote_input
from .types import (Blocker, Lease, LeaseInfo, ReleaseResult, RenewResult, Snapshot, Status, WaiterInfo)
from .tls import InsecureTlsWarning, TlsOptions
from .url import RedisAddress

__version__ = "0.1.0"

__all__ = [
    "Client",
    "Lease",
    "Blocker",
    "ReleaseResult",
    "RenewResult",
    "Snapshot",
    "LeaseInfo",
    "WaiterInfo",
    "Status",
    "Policy",
    "PolicyRule",
    "Library",
    "embedded_library",
    "RedisAddress",
    "TlsOptions",
    "InsecureTlsWarning",
    *errors.__all__,
    "MODES",
    "canonical_path",
    "canonical_name",
    "normalize_requests",
    "quote_input",
    "default_owner",
    "new_lease_id",
]
