"""The conformance runner itself: a case file of our own, in a temporary folder,
runs as the README says, and an answer that differs from the expectation fails."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_protocol import load_cases, match, run_case

SAMPLE = {
    "title": "runner self-test",
    "cases": [
        {
            "name": "bindings, long-input forms, async and await",
            "steps": [
                {"client": "a", "do": "acquire",
                 "args": {"owner": "alice", "op": "move-folder", "requests": [["X", "/A/C"]], "lease": "L1"},
                 "expect": {"granted": {"fence": "$F1", "holds": 1, "expires_in_ms": {"between": [25000, 30000]}}}},
                {"client": "b", "do": "acquire", "args": {"owner": "bob", "requests": [["X", "/A/C/D"]]},
                 "expect": {"refused": {"lease": "$L1", "owner": "alice", "op": "move-folder", "path": "/A/C",
                                        "mode": "X", "clash_path": "/A/C", "held_mode": "X",
                                        "wanted": ["X", "/A/C/D"], "queued": False, "expires_in_ms": "*"}}},
                {"client": "b", "do": "acquire", "async": "W",
                 "args": {"owner": "bob", "requests": [["X", "/A"]], "wait_ms": 5000, "lease": "L2"}},
                {"do": "sleep", "args": {"ms": 200}},
                {"client": "c", "do": "leases",
                 "expect": {"leases": [{"lease": "$L1", "fence": "$F1", "requests": [["X", "/A/C"]]}],
                            "waiters": [{"owner": "bob", "requests": [["X", "/A"]]}]}},
                {"client": "a", "do": "release", "args": {"lease": "L1"},
                 "expect": {"status": "ok", "remaining_holds": 0}},
                {"client": "b", "do": "await", "args": {"task": "W", "within_ms": 1500},
                 "expect": {"granted": {"fence": {"gt": "$F1"}}}},
                {"client": "b", "do": "renew", "args": {"lease": "L2", "ttl_ms": 1000},
                 "expect": {"status": "ok", "expires_in_ms": {"between": [500, 1000]}}},
                {"client": "a", "do": "acquire",
                 "args": {"owner": {"repeat": "o", "times": 257}, "requests": [["X", "/B"]]},
                 "expect": {"error": {"prefix": "owner \"ooo", "suffix": "at most 256 are allowed"}}},
                {"client": "a", "do": "acquire",
                 "args": {"owner": "alice", "requests": {"numbered": "S", "prefix": "/n", "count": 3}},
                 "expect": {"granted": {"holds": 1}}},
                {"client": "a", "do": "leases", "expect": {"leases": [{"lease": "$L2"}, {"requests": [
                    ["S", "/n1"], ["S", "/n2"], ["S", "/n3"]]}]}},
            ],
        },
        {
            "name": "a wrong expectation fails",
            "steps": [
                {"client": "a", "do": "acquire", "args": {"owner": "alice", "requests": [["X", "/A"]]},
                 "expect": {"refused": {"owner": "nobody"}}},
            ],
        },
        {
            "name": "a bound placeholder must match again",
            "steps": [
                {"client": "a", "do": "acquire", "args": {"owner": "alice", "requests": [["X", "/A"]]},
                 "expect": {"granted": {"fence": "$F"}}},
                {"client": "a", "do": "acquire", "args": {"owner": "alice", "requests": [["X", "/B"]]},
                 "expect": {"granted": {"fence": "$F"}}},
            ],
        },
    ],
}


@pytest.fixture
def sample_cases(tmp_path: Path) -> list:
    (tmp_path / "sample.json").write_text(json.dumps(SAMPLE), "utf-8")
    (tmp_path / "notes.txt").write_text("not a case file", "utf-8")
    cases = load_cases(tmp_path)
    assert [c.name for c in cases] == [c["name"] for c in SAMPLE["cases"]]
    return cases


def test_a_sample_file_runs(sample_cases: list, redis_server: str) -> None:
    run_case(sample_cases[0], redis_server)


def test_a_wrong_answer_fails_and_says_where(sample_cases: list, redis_server: str) -> None:
    with pytest.raises(AssertionError, match=r"step 1 \(acquire\): no \"refused\""):
        run_case(sample_cases[1], redis_server)
    with pytest.raises(AssertionError, match=r"step 2 \(acquire\).*\$F is"):
        run_case(sample_cases[2], redis_server)


def test_matching_rules() -> None:
    v: dict = {}
    assert match({"a": 1}, {"a": 1, "b": 2}, v, "x") is None
    assert match([1, 2], [1, 2, 3], v, "x") is not None
    assert match(True, 1, v, "x") is not None, "a boolean is no number"
    assert match(1, 1.0, v, "x") is None
    assert match("$N", 5, v, "x") is None and v["$N"] == 5
    assert match({"gt": "$N"}, 6, v, "x") is None
    assert match({"lt": "$N"}, 6, v, "x") is not None
    assert match({"gt": "$unbound"}, 6, v, "x") is not None
    assert match({"between": [1, 3]}, 3, v, "x") is None
    assert match({"between": [1, 3]}, "3", v, "x") is not None
    assert match("*", None, v, "x") is None
    assert match({"prefix": "ab", "suffix": "yz"}, "abcxyz", v, "x") is None
    assert match({"prefix": "ab", "suffix": "yz"}, "abc", v, "x") is not None
