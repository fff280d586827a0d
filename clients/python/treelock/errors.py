"""The exceptions the Treelock client raises.

Every error derives from :class:`TreelockError`. Input that breaks a documented
rule raises :class:`InvalidInput` (also a :class:`ValueError`) with exactly the
message the C++ library words for the same rule, so one text serves every
client (tests/protocol/ compares them). A refused acquire raises
:class:`Refused`, which carries the :class:`~treelock.types.Blocker`.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .types import Blocker


class TreelockError(Exception):
    """Base of every error this package raises."""


class InvalidInput(TreelockError, ValueError):
    """Input that breaks a documented rule (path, mode, label, TTL, lease id, ...).

    The message names the input and the rule, worded as the C++ library words it.
    Raised before anything is sent to Redis: nothing is half-taken.
    """


class InvalidPath(InvalidInput):
    """A path or name that breaks a path rule; ``rule`` names it (``"relative"``, ...)."""

    def __init__(self, message: str, path: object, rule: str) -> None:
        super().__init__(message)
        #: The input as it was given (``str`` or ``bytes``).
        self.path = path
        #: The rule it breaks: empty, relative, control-character, invalid-utf8,
        #: dot-segment, too-long, too-many-segments, empty-name, slash-in-name.
        self.rule = rule


class InvalidPolicy(InvalidInput):
    """A policy document that breaks the policy format; the message names the key."""


class ConnectionError(TreelockError, builtins.ConnectionError):  # noqa: A001 - mirrors the C++ name
    """Redis could not be reached, or the connection broke during a call.

    ``url`` is the server's URL with the password replaced by ``***``. When the
    connection broke after a call was sent, its outcome is unknown.
    """

    def __init__(self, message: str, url: str = "") -> None:
        super().__init__(message)
        #: The URL of the server (password redacted).
        self.url = url


class AuthenticationError(ConnectionError):
    """The server requires credentials that were not given (NOAUTH), or refused
    the ones given. Waiting does not mend it: it is never retried."""


class ScriptError(TreelockError):
    """Redis refused a call or the function library (an error reply, e.g. NOPERM)."""


class ProtocolError(ScriptError):
    """A function of the library answered ``{-1, message}`` (arguments it refuses),
    a reply of an unexpected shape, or a project kept by a newer protocol.

    ``function`` names the Redis function that answered.
    """

    def __init__(self, message: str, function: str = "") -> None:
        super().__init__(message)
        #: The function that answered, e.g. ``tl_d3a5930f697b3713_acquire``.
        self.function = function


class Refused(TreelockError):
    """An acquire was refused: another lease (or an older waiter) is in the way.

    ``blocker`` says who and until when; ``timed_out`` is true when the acquire
    waited (``wait_ms > 0``) and its wait ran out.
    """

    def __init__(self, message: str, blocker: "Blocker", timed_out: bool = False,
                 attempts: int = 1) -> None:
        super().__init__(message)
        #: Who is in the way (the last refusal's blocker when the acquire waited).
        self.blocker = blocker
        #: True when the acquire waited and its wait ran out.
        self.timed_out = timed_out
        #: How many attempts the acquire made.
        self.attempts = attempts


__all__ = [
    "TreelockError",
    "AuthenticationError",
    "InvalidInput",
    "InvalidPath",
    "InvalidPolicy",
    "ConnectionError",
    "ScriptError",
    "ProtocolError",
    "Refused",
]
