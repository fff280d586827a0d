"""Operation policies: the shipped copies, the plans and their errors (as
core/src/policy.cpp words them), and acquire_operation on a real server."""

from __future__ import annotations

import pytest

import treelock
from conftest import REPO
from treelock import InvalidInput, InvalidPolicy, Policy


def test_the_policy_copies_equal_the_repositorys() -> None:
    shipped = sorted(p.name for p in (REPO / "clients" / "python" / "treelock" / "policies").glob("*.json"))
    source = sorted(p.name for p in (REPO / "resources" / "policies").glob("*.json"))
    assert shipped == source
    for name in source:
        assert (REPO / "clients" / "python" / "treelock" / "policies" / name).read_bytes() == \
            (REPO / "resources" / "policies" / name).read_bytes(), f"copy resources/policies/{name} again"


@pytest.mark.parametrize("profile, operation, args, plan", [
    ("seed", "move-folder", ["/A/C", "/B"], [("X", "/A/C"), ("SIX", "/B"), ("X", "/B/C")]),
    ("fine", "move-folder", ["/A/C", "/B"], [("X", "/A/C"), ("X", "/B/C")]),
    ("fine", "copy-file", ["/A/a.txt", "/B"], [("S", "/A/a.txt"), ("X", "/B/a.txt")]),
    ("fine", "rename-folder", ["/A/C", "E"], [("X", "/A/C"), ("X", "/A/E")]),
    ("fine", "create", ["/A", "new.txt"], [("X", "/A/new.txt")]),
    ("seed", "delete-folder", ["/A/C/"], [("X", "/A/C")]),
    ("fine", "purge", ["A", "/B", "/.recycle/C"], [("X", "/.recycle/A"), ("X", "/.recycle/B"),
                                                    ("X", "/.recycle/C")]),
])
def test_plans(profile: str, operation: str, args: list, plan: list) -> None:
    assert Policy.builtin(profile).plan(operation, args) == plan


@pytest.mark.parametrize("operation, args, message", [
    ("move-folder", ["/A/C"], "move-folder needs SRC DSTFOLDER, got 1 argument"),
    ("purge", [], "purge needs ITEM..., got 0 arguments"),
    ("move-folder", ["/", "/B"], 'move-folder: cannot move the root "/"'),
    ("move-folder", ["/A", "/A/C"], 'move-folder: cannot move "/A" into its own subtree "/A/C"'),
    ("move-file", ["/A/a", "/A"], 'move-file: cannot move "/A/a" into "/A": it is already there '
                                  '(the destination equals the source)'),
    ("create", ["/A", "x/y"], 'create NAME: invalid name "x/y": a name must not contain "/" (rule slash-in-name)'),
    ("rename-file", ["A/b", "c"],
     'rename-file SRC: invalid path "A/b": a path must be absolute (start with "/") (rule relative)'),
    ("rename-file", ["/A/b", "b"], 'rename-file: cannot rename "/A/b" to "b": the new name is the current name'),
    ("purge", ["/.recycle"], 'purge: item "/.recycle" names the recycle bin itself; give items inside it '
                             '("A", "/A" and "/.recycle/A" all mean "/.recycle/A")'),
    ("explode", ["/A"], 'unknown operation "explode": expected one of create, upload, move-folder, move-file, '
                        'copy-folder, copy-file, rename-folder, rename-file, delete-folder, delete-file, purge'),
])
def test_plan_errors(operation: str, args: list, message: str) -> None:
    assert str(pytest.raises(InvalidInput, Policy.builtin("seed").plan, operation, args).value) == message


def test_unknown_profile_and_bad_documents() -> None:
    assert str(pytest.raises(InvalidInput, Policy.builtin, "coarse").value) == \
        'unknown policy profile "coarse" (built-in profiles: fine, seed)'
    assert str(pytest.raises(InvalidPolicy, Policy.from_json, '{"name": "x", "operations": {"move": []}}').value) \
        == 'policy "x": operations.move: unknown operation (known: create, upload, move-folder, move-file, ' \
           'copy-folder, copy-file, rename-folder, rename-file, delete-folder, delete-file, purge)'
    assert str(pytest.raises(InvalidPolicy, Policy.from_json,
                             '{"name": "x", "operations": {"create": [{"target": "new", "mode": "Q"}]}}').value) \
        == 'policy "x": operations.create[0].mode: "Q" is not a lock mode (one of IS IX S SIX X)'


def test_acquire_operation_takes_the_plan(make_client) -> None:
    alice, bob = make_client("alice"), make_client("bob")
    assert alice.acquire_operation("move-folder", "/X/C", "/Y").requests == [("X", "/X/C"), ("X", "/Y/C")]
    lease = alice.acquire_operation("move-folder", "/A/C", "/B", profile="seed")
    assert lease.op == "move-folder" and lease.requests == [("X", "/A/C"), ("SIX", "/B"), ("X", "/B/C")]
    info = [i for i in bob.snapshot().leases if i.id == lease.id][0]
    assert (info.op, info.requests) == ("move-folder", lease.requests)
    b = pytest.raises(treelock.Refused, bob.acquire_operation, "create", "/B", "y.txt", profile="seed").value.blocker
    assert (b.lease, b.op, b.path, b.mode) == (lease.id, "move-folder", "/B", "SIX")
    assert bob.acquire_operation("copy-file", "/B/b.txt", "/E").holds == 1
    assert alice.release(lease).status == "ok"
    assert bob.acquire_operation("create", "/B", "y.txt").op == "create"
