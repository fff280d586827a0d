"""The Treelock function library: the bytes every client loads into Redis.

They are composed from the repository's ``lua/`` folder (``composer.py``, the rule of
docs/protocol.md): at run time in a checkout, and into the package as ``library.lua``
when pip builds it (``setup.py``). Either way they equal what the C++ library loads
(tst_library). The first line, ``#!lua name=tl_<16 hex>``, names the library; each
verb is the function ``<name>_<verb>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Optional

from .composer import compose
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


def checkout_lua() -> Optional[Path]:
    """The repository's ``lua/`` folder when this package runs from a checkout
    (``PYTHONPATH=clients/python``), else None."""
    here = Path(__file__).resolve().parent
    root = here.parents[2]
    lua = root / "lua"
    if here == root / "clients" / "python" / "treelock" and (lua / "common.lua").is_file():
        return lua
    return None


@lru_cache(maxsize=1)
def embedded_library() -> Library:
    """This package's library (made once): composed from the checkout's ``lua/``, or
    the ``library.lua`` an installed package carries."""
    lua = checkout_lua()
    if lua is not None:
        return Library.from_bytes(compose(lua))
    packaged = resources.files(__package__).joinpath("library.lua")
    if not packaged.is_file():
        raise ProtocolError("this treelock package has no library.lua and is not in a checkout: "
                            "install it with pip, which composes the library")
    return Library.from_bytes(packaged.read_bytes())
