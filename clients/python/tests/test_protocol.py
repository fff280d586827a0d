"""The protocol conformance suite on the Python client.

Reads every ``tests/protocol/*.json`` of the repository (format: tests/protocol/README.md;
``$TREELOCK_PROTOCOL_DIR`` names another folder) and runs each case as one test on a
fresh project of the session's redis-server. Every named client of a case is a
``treelock.Client`` of its own (its own connections) on that project. The C++ library
runs the same files (tests/core/tst_protocol.cpp), and this runner answers as that
one does: the same answer keys, the same defaults, the same matching.
"""

from __future__ import annotations

import json
import os
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

import pytest

import treelock
from conftest import REPO, client_tls, new_project

PROTOCOL_DIR = Path(os.environ.get("TREELOCK_PROTOCOL_DIR") or REPO / "tests" / "protocol")

#: The verbs tests/protocol/README.md defines.
VERBS = ("acquire", "operation", "release", "renew", "force_release", "leases", "sleep", "await")


class Case(NamedTuple):
    file: str
    name: str
    steps: List[Dict[str, Any]]


def load_cases(folder: Path) -> List[Case]:
    """Every case of every ``*.json`` in ``folder``, files in name order."""
    cases = []
    for path in sorted(folder.glob("*.json")):
        document = json.loads(path.read_text("utf-8"))
        for case in document["cases"]:
            cases.append(Case(path.name, case["name"], case["steps"]))
    return cases


# ---------------------------------------------------------------- the long-input forms


def text(value: Any) -> str:
    """A string argument: as given, or ``{"repeat": s, "times": n}``."""
    if isinstance(value, dict) and "repeat" in value:
        return value["repeat"] * value["times"]
    return value


def requests_arg(value: Any) -> List[Tuple[str, str]]:
    """A ``requests`` argument: ``[[mode, path], ...]`` or ``{"numbered", "prefix", "count"}``."""
    if isinstance(value, dict):
        return [(value["numbered"], f"{value['prefix']}{i}") for i in range(1, value["count"] + 1)]
    return [(r[0], text(r[1])) for r in value]


# ---------------------------------------------------------------- matching


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: a boolean is no number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number(value: Any, variables: Dict[str, Any]) -> Optional[float]:
    if _is_number(value):
        return value
    if isinstance(value, str) and value.startswith("$") and _is_number(variables.get(value)):
        return variables[value]
    return None


def match(expected: Any, actual: Any, variables: Dict[str, Any], where: str) -> Optional[str]:
    """None when ``actual`` matches ``expected`` (README, "Expectations"), else why not.
    Unbound placeholders in ``expected`` bind in ``variables``."""
    def mismatch() -> str:
        return f"{where}: expected {json.dumps(expected, ensure_ascii=False)}, got {json.dumps(actual, ensure_ascii=False)}"

    if isinstance(expected, str):
        if expected == "*":
            return None
        if expected.startswith("$"):
            if expected not in variables:
                variables[expected] = actual
                return None
            if _equal(variables[expected], actual):
                return None
            return f"{where}: {expected} is {json.dumps(variables[expected])}, got {json.dumps(actual)}"
        return None if _equal(expected, actual) else mismatch()
    if isinstance(expected, dict) and ({"between", "gt", "lt"} & expected.keys()):
        if not _is_number(actual):
            return mismatch()
        if "between" in expected:
            lo, hi = expected["between"]
            if actual < lo or actual > hi:
                return mismatch()
        for key, above in (("gt", True), ("lt", False)):
            if key in expected:
                bound = _number(expected[key], variables)
                if bound is None or not (actual > bound if above else actual < bound):
                    return mismatch()
        return None
    if isinstance(expected, dict) and expected.keys() == {"prefix", "suffix"}:
        if not isinstance(actual, str):
            return mismatch()
        ok = actual.startswith(expected["prefix"]) and actual.endswith(expected["suffix"])
        return None if ok else mismatch()
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return mismatch()
        for key, value in expected.items():
            if key not in actual:
                return f"{where}: no {json.dumps(key)} in {json.dumps(actual, ensure_ascii=False)}"
            why = match(value, actual[key], variables, f"{where}.{key}")
            if why:
                return why
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return mismatch()
        for i, (e, a) in enumerate(zip(expected, actual)):
            why = match(e, a, variables, f"{where}[{i}]")
            if why:
                return why
        return None
    return None if _equal(expected, actual) else mismatch()


# ---------------------------------------------------------------- running a case


def blocker_json(b: treelock.Blocker) -> Dict[str, Any]:
    """A blocker as the README names its keys ("" for what no holder can name)."""
    return {"lease": b.lease, "owner": b.owner, "op": b.op, "path": b.path,
            "mode": "" if not b.lease and not b.path else b.mode,
            "expires_in_ms": b.expires_in_ms, "clash_path": b.clash_path, "held_mode": b.held_mode,
            "wanted": [b.wanted[0], b.wanted[1]], "queued": b.queued}


class CaseRun:
    """One case's clients (one treelock.Client per name, made on first use) and its
    lease names. Steps may run on several threads (``async``)."""

    def __init__(self, url: str, project: str, options: Optional[Dict[str, Any]] = None) -> None:
        self._url = url
        self._project = project
        self._options = options or {}
        self._clients: Dict[str, treelock.Client] = {}
        self._lock = threading.Lock()
        self.ids: Dict[str, str] = {}

    def client(self, name: str) -> treelock.Client:
        with self._lock:
            if name not in self._clients:
                self._clients[name] = treelock.Client.from_url(self._url, self._project, **self._options)
            return self._clients[name]

    def close(self) -> None:
        for client in self._clients.values():
            client.close()

    def lease_arg(self, args: Dict[str, Any]) -> str:
        name = text(args["lease"])
        with self._lock:
            return self.ids.get(name, name)

    def run(self, client_name: str, verb: str, args: Dict[str, Any]) -> Dict[str, Any]:
        """The answer of one step, as the README names it."""
        client = self.client(client_name)
        try:
            if verb in ("acquire", "operation"):
                return self._acquire(client, verb, args)
            if verb == "release":
                r = client.release(self.lease_arg(args))
                return {"status": r.status, "remaining_holds": r.remaining_holds}
            if verb == "renew":
                renewed = client.renew(self.lease_arg(args), args.get("ttl_ms"))
                answer: Dict[str, Any] = {"status": renewed.status}
                if renewed.status == "ok":
                    answer["expires_in_ms"] = renewed.expires_at_ms - client.server_time_ms()
                return answer
            if verb == "force_release":
                forced = client.force_release(self.lease_arg(args), operator=text(args["operator"]),
                                              reason=text(args["reason"]), host=text(args.get("host", "")),
                                              admin=args.get("admin", False),
                                              lock_delay_ms=args.get("lock_delay_ms", 0))
                return {"status": forced.status}
            if verb == "leases":
                snap = client.snapshot()
                return {
                    "leases": [{"lease": l.id, "owner": l.owner, "op": l.op,
                                "requests": [list(r) for r in l.requests], "fence": l.fence}
                               for l in snap.leases],
                    "waiters": [{"lease": w.id, "owner": w.owner, "op": w.op,
                                 "requests": [list(r) for r in w.requests]} for w in snap.waiters],
                }
        except treelock.InvalidInput as error:
            return {"error": str(error)}
        raise AssertionError(f"unknown verb {verb!r}")

    def _acquire(self, client: treelock.Client, verb: str, args: Dict[str, Any]) -> Dict[str, Any]:
        owner = text(args["owner"]) if "owner" in args else "anonymous"
        ttl = args.get("ttl_ms", 30000)
        wait = args.get("wait_ms", 0)
        holding = [self.lease_arg({"lease": held}) for held in args.get("holding", [])]
        # "as" names the lease this acquire asks for (a re-entry); "call" is its call id.
        lease_id = self.lease_arg({"lease": args["as"]}) if "as" in args else None
        call_id = text(args["call"]) if "call" in args else None
        renew_every = args.get("renew_every_ms", 0)
        try:
            if verb == "operation":
                lease = client.acquire_operation(args["operation"], *args["paths"], owner=owner,
                                                 profile=args.get("profile", "seed"), ttl_ms=ttl, wait_ms=wait,
                                                 lease_id=lease_id, holding=holding, call_id=call_id,
                                                 renew_every_ms=renew_every)
            else:
                lease = client.acquire(requests_arg(args["requests"]), owner=owner,
                                       op=text(args["op"]) if "op" in args else "lock", ttl_ms=ttl, wait_ms=wait,
                                       lease_id=lease_id, holding=holding, call_id=call_id,
                                       renew_every_ms=renew_every)
        except treelock.Refused as refused:
            return {"refused": blocker_json(refused.blocker)}
        return {"granted": {"lease": lease.id, "fence": lease.fence, "holds": lease.holds,
                            "expires_in_ms": lease.expires_at_ms - client.server_time_ms()}}


def run_case(case: Case, url: str, project: Optional[str] = None, **options: Any) -> None:
    """Runs ``case``'s steps in order, with clients made by ``Client.from_url(url,
    project, **options)``; an AssertionError names the first step that did not give
    the answer the case expects."""
    run = CaseRun(url, project or new_project("proto"), options)
    variables: Dict[str, Any] = {}
    tasks: Dict[str, Tuple[Future, Dict[str, Any]]] = {}
    pool = ThreadPoolExecutor(max_workers=8, thread_name_prefix="protocol-async")

    def bind(args: Dict[str, Any], answer: Dict[str, Any]) -> None:
        if "lease" in args and "granted" in answer:
            name = args["lease"]
            with run._lock:
                run.ids[name] = answer["granted"]["lease"]
            variables["$" + name] = answer["granted"]["lease"]

    try:
        for number, step in enumerate(case.steps, 1):
            verb = step["do"]
            args = step.get("args", {})
            where = f"{case.file}: {case.name}: step {number} ({verb})"
            if verb not in VERBS:
                raise AssertionError(f"{where}: unknown verb")
            if verb == "sleep":
                time.sleep(args["ms"] / 1000)
                continue
            if verb == "await":
                future, task_args = tasks[args["task"]]
                within = args.get("within_ms", 60000) / 1000
                try:
                    answer = future.result(timeout=within)
                except FutureTimeout:
                    raise AssertionError(f"{where}: task {args['task']} did not finish within "
                                         f"{args.get('within_ms', 60000)} ms") from None
                bind(task_args, answer)
            elif "async" in step:
                tasks[step["async"]] = (pool.submit(run.run, step["client"], verb, args), args)
                continue
            else:
                answer = run.run(step["client"], verb, args)
                bind(args, answer)
            if "expect" in step:
                why = match(step["expect"], answer, variables, where)
                if why:
                    raise AssertionError(f"{why}\n  answer: {json.dumps(answer, ensure_ascii=False)}")
    finally:
        pool.shutdown(wait=True)
        run.close()


CASES = load_cases(PROTOCOL_DIR) if PROTOCOL_DIR.is_dir() else []


@pytest.fixture(params=["unix", "mutual-tls"])
def protocol_server(request: pytest.FixtureRequest) -> Tuple[str, Dict[str, Any]]:
    """Where the cases run: the session's server on a Unix socket, and a server that
    speaks only TLS and asks for this client's certificate."""
    if request.param == "unix":
        return request.getfixturevalue("redis_server"), {}
    return request.getfixturevalue("tls_server"), client_tls(request.getfixturevalue("certs"))


@pytest.mark.parametrize("case", CASES, ids=[f"{c.file[:-5]}: {c.name}" for c in CASES])
def test_protocol_case(case: Case, protocol_server: Tuple[str, Dict[str, Any]]) -> None:
    url, options = protocol_server
    run_case(case, url, **options)


def test_the_suite_is_there_and_uses_only_known_verbs() -> None:
    assert CASES, f"no protocol cases in {PROTOCOL_DIR}"
    used = {step["do"] for case in CASES for step in case.steps}
    assert used <= set(VERBS), f"verbs this runner does not know: {sorted(used - set(VERBS))}"
