"""The Treelock function library: the bytes every client loads into Redis.

``library.lua`` beside this module is a byte-for-byte copy of the repository's
``lua/library.lua`` (written by ``scripts/make-library``; a test keeps them
equal). Its first line, ``#!lua name=tl_<16 hex>``, names the library; each verb
is the function ``<name>_<verb>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .errors import ProtocolError

#: The verbs of the library, each one Redis function.
VERBS = ("acquire", "release", "renew", "force_release", "sweep", "snapshot", "fsck",
         "configure", "cancel_wait", "contention")

_SHEBANG = b"#!lua name="


@dataclass(frozen=True)
class Library:
    """One version of the function library."""

    #: "tl_<16 hex>": changes whenever any function's text changes.
    name: str
    #: The text FUNCTION LOAD takes.
    body: bytes

    def function(self, verb: str) -> str:
        """The Redis function of ``verb``: "<name>_<verb>"."""
        return f"{self.name}_{verb}"

    @classmethod
    def from_bytes(cls, body: bytes) -> "Library":
        """The library whose text is ``body`` (its first line names it)."""
        first = body.split(b"\n", 1)[0]
        if not first.startswith(_SHEBANG) or not first[len(_SHEBANG):].startswith(b"tl_"):
            raise ProtocolError("library.lua does not start with \"#!lua name=tl_...\"")
        return cls(first[len(_SHEBANG):].decode("ascii").strip(), body)


@lru_cache(maxsize=1)
def embedded_library() -> Library:
    """The library shipped with this package (read once)."""
    body = resources.files(__package__).joinpath("library.lua").read_bytes()
    return Library.from_bytes(body)
