"""Composes the Treelock function library from the repository's ``lua/`` folder, by the
rule docs/protocol.md gives ("The library") and the C++ library follows: the prologue's
files joined, then each verb's file wrapped as a function and registered with its
flags, the name a 64-bit FNV-1a hash of the whole body with a placeholder in its place.

No imports beyond the standard library: ``setup.py`` runs it to put ``library.lua`` into
the package it builds, and a checkout composes at run time (tst_library checks that the
bytes equal what the C++ library loads).
"""

from __future__ import annotations

from pathlib import Path
from typing import Tuple

#: The files of the prologue, in the order they are joined.
PROLOGUE: Tuple[str, ...] = ("common", "leases", "waiters", "hotpaths")

#: The verbs, in the library's order, with their functions' flags.
VERBS: Tuple[Tuple[str, str], ...] = (
    ("acquire", "{}"),
    ("release", "{'allow-oom'}"),
    ("renew", "{'allow-oom'}"),
    ("force_release", "{'allow-oom'}"),
    ("sweep", "{'allow-oom'}"),
    ("snapshot", "{'no-writes'}"),
    ("fsck", "{}"),
    ("configure", "{}"),
    ("cancel_wait", "{'allow-oom'}"),
    ("contention", "{'no-writes'}"),
)

_PLACEHOLDER = b"tl_################"


def _fnv1a(data: bytes) -> int:
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def compose(lua: Path) -> bytes:
    """The library's bytes from the sources in ``lua`` (the prologue's files and one file per verb)."""
    body = b"#!lua name=" + _PLACEHOLDER + b"\n" + b"".join((lua / f"{part}.lua").read_bytes() for part in PROLOGUE)
    for verb, flags in VERBS:
        name = verb.encode()
        body += (b"\nlocal function " + name + b"(KEYS, ARGV)\n" + (lua / f"{verb}.lua").read_bytes()
                 + b"\nend\nredis.register_function{function_name = '" + _PLACEHOLDER + b"_" + name
                 + b"', callback = " + name + b", flags = " + flags.encode() + b"}\n")
    return body.replace(_PLACEHOLDER, b"tl_%016x" % _fnv1a(body))
