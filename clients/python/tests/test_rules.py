"""The input rules, without Redis: each message exactly as the C++ library words it
(the expected texts are those of tests/core/tst_path.cpp, tst_quote.cpp and the
functions in core/src/lockplan.cpp, lockmode.cpp and leaseid.cpp)."""

from __future__ import annotations

import pytest

from treelock import InvalidInput, InvalidPath, canonical_name, canonical_path, normalize_requests, quote_input
from treelock.rules import (combine, compatible, validate_label, validate_lease_id, validate_lock_delay,
                            validate_project, validate_ttl, validate_wait)


@pytest.mark.parametrize("given, canonical", [
    ("/", "/"),
    ("///", "/"),
    ("/A/", "/A"),
    ("//A//C///", "/A/C"),
    ("/A/CD", "/A/CD"),
    ("/a-b/(c)/100%/[x]/.hidden/a.b.c/*/+/|/~", "/a-b/(c)/100%/[x]/.hidden/a.b.c/*/+/|/~"),
    ("/%s%d/a..b/...", "/%s%d/a..b/..."),
    ("/with space/ trailing ", "/with space/ trailing "),
    ("/文件夹/子目录/文件.txt", "/文件夹/子目录/文件.txt"),
    ("/cafe\u0301", "/caf\u00e9"),
    ("/\u212b", "/\u00c5"),
    ("/A\u030a", "/\u00c5"),
    ("/\U0001F600", "/\U0001F600"),
    ("/\u00a0", "/\u00a0"),
    (b"/cafe\xcc\x81", "/caf\u00e9"),
])
def test_good_paths_canonicalise(given, canonical):
    assert canonical_path(given) == canonical
    assert canonical_path(canonical) == canonical


@pytest.mark.parametrize("given, rule", [
    ("", "empty"), ("A", "relative"), (" /A", "relative"), (".", "relative"),
    ("/.", "dot-segment"), ("/..", "dot-segment"), ("/A/./B", "dot-segment"), ("/A/.//", "dot-segment"),
    ("/A\0B", "control-character"), ("/A\tB", "control-character"), ("/A\x7f", "control-character"),
    ("/A\u0085", "control-character"), (b"/A\xc2\x9f", "control-character"),
    (b"/A\xff", "invalid-utf8"), (b"/A\x80", "invalid-utf8"), (b"/A\xc3", "invalid-utf8"),
    (b"/A\xe6\x96", "invalid-utf8"), (b"/\xc0\xaf", "invalid-utf8"), (b"/\xe0\x80\xaf", "invalid-utf8"),
    (b"/\xed\xa0\x80", "invalid-utf8"), (b"/\xf4\x90\x80\x80", "invalid-utf8"), ("/A\udcff", "invalid-utf8"),
    ("/" + "a" * 4096, "too-long"), ("/a" * 257, "too-many-segments"),
])
def test_bad_paths_name_their_rule(given, rule):
    with pytest.raises(InvalidPath) as caught:
        canonical_path(given)
    assert caught.value.rule == rule
    assert caught.value.path == given
    assert f"(rule {rule})" in str(caught.value)


@pytest.mark.parametrize("given, message", [
    ("A/b", 'invalid path "A/b": a path must be absolute (start with "/") (rule relative)'),
    ("/A/../B", 'invalid path "/A/../B": ".." segments are not allowed (rule dot-segment)'),
    ("", 'invalid path "": the path is empty (rule empty)'),
    ("/A\0B", 'invalid path "/A\\x00B": control character U+0000 at byte 2 is not allowed (rule control-character)'),
    ("/A\u0085", 'invalid path "/A\\xc2\\x85": control character U+0085 at byte 2 is not allowed '
                 '(rule control-character)'),
    (b"/A\xff", 'invalid path "/A\\xff": not valid UTF-8 at byte 2 (rule invalid-utf8)'),
    ("/\"q\"\x7f", 'invalid path "/\\"q\\"\\x7f": control character U+007F at byte 4 is not allowed '
                   '(rule control-character)'),
    ("/a" * 257, 'invalid path "' + "/a" * 128 + '"... (514 bytes): 257 segments, at most 256 are allowed '
                 '(rule too-many-segments)'),
])
def test_path_messages(given, message):
    with pytest.raises(InvalidInput) as caught:
        canonical_path(given)
    assert str(caught.value) == message


def test_a_huge_path_gives_a_short_message():
    message = str(pytest.raises(InvalidPath, canonical_path, "/" + "a" * 100000).value)
    assert len(message) < 400
    assert "100001 bytes" in message and "rule too-long" in message
    assert message.endswith("100001 bytes after canonicalisation, at most 4096 are allowed (rule too-long)")


def test_quote_input_cuts_after_a_whole_character():
    assert quote_input("ab\u00e9c", 3) == '"ab\u00e9"... (5 bytes)'
    assert quote_input(b"\xe6\x96") == '"\\xe6\\x96"'
    assert quote_input('a"b\\c') == '"a\\"b\\\\c"'


def test_names():
    assert canonical_name("cafe\u0301") == "caf\u00e9"
    assert str(pytest.raises(InvalidPath, canonical_name, "a/b").value) == \
        'invalid name "a/b": a name must not contain "/" (rule slash-in-name)'
    assert pytest.raises(InvalidPath, canonical_name, "").value.rule == "empty-name"
    assert pytest.raises(InvalidPath, canonical_name, "..").value.rule == "dot-segment"


def test_case_insensitive_paths_fold():
    assert canonical_path("/Caf\u00c9/ABC", case_insensitive=True) == "/caf\u00e9/abc"


def test_requests_normalise():
    assert normalize_requests([("X", "/B"), ("S", "//A/"), ("IX", "/A"), ("IS", "/B/")]) == \
        [("SIX", "/A"), ("X", "/B")]
    assert normalize_requests([("X", "/b"), ("X", "/B"), ("X", "/\u00e9"), ("X", "/z")]) == \
        [("X", "/B"), ("X", "/b"), ("X", "/z"), ("X", "/\u00e9")]


def test_request_messages():
    assert str(pytest.raises(InvalidInput, normalize_requests, [("Q", "/A")]).value) == \
        'invalid lock mode "Q": it must be one of IS IX S SIX X'
    assert str(pytest.raises(InvalidInput, normalize_requests, []).value) == \
        "no lock requests: a lease needs at least one"
    assert str(pytest.raises(InvalidInput, normalize_requests, [("X", f"/p{i}") for i in range(65)]).value) == \
        "too many lock requests: 65 distinct paths, at most 64 are allowed in one lease"
    # 65 requests on 64 distinct paths are fine.
    assert len(normalize_requests([("X", f"/p{i}") for i in range(64)] + [("S", "/p0")])) == 64
    # Modes are checked before paths, as the C++ library parses them first.
    assert "lock mode" in str(pytest.raises(InvalidInput, normalize_requests, [("X", "A"), ("Q", "/A")]).value)


def test_mode_tables():
    assert compatible("IS", "SIX") and not compatible("IX", "S") and not compatible("X", "IS")
    assert combine("S", "IX") == "SIX" and combine("IS", "X") == "X"


def test_number_and_label_messages():
    assert str(pytest.raises(InvalidInput, validate_ttl, 5).value) == \
        "ttl 5 ms is out of range: it must be between 10 and 86400000 ms"
    assert str(pytest.raises(InvalidInput, validate_ttl, 86400001).value) == \
        "ttl 86400001 ms is out of range: it must be between 10 and 86400000 ms"
    assert str(pytest.raises(InvalidInput, validate_wait, -1, 2000).value) == \
        "wait -1 ms is out of range: it must be between 0 and 86400000 ms"
    assert str(pytest.raises(InvalidInput, validate_wait, 0, 5).value) == \
        "wait refresh 5 ms is out of range: it must be between 10 and 86400000 ms"
    assert str(pytest.raises(InvalidInput, validate_lock_delay, -1).value) == \
        "lock-delay -1 ms is out of range: it must be between 0 and 86400000 ms"
    assert str(pytest.raises(InvalidInput, validate_label, "owner", "x" * 257).value) == \
        'owner "' + "x" * 256 + '"... (257 bytes) is too long: 257 bytes, at most 256 are allowed'
    assert str(pytest.raises(InvalidInput, validate_label, "operation", "a\nb").value) == \
        'operation "a\\x0ab" contains NUL or a newline, which labels must not contain'
    assert str(pytest.raises(InvalidInput, validate_label, "reason", "", True).value) == \
        "reason is required and must not be empty"
    assert validate_label("owner", "\u00e9" * 128) == "\u00e9" * 128  # 256 bytes


def test_lease_id_and_project_messages():
    assert str(pytest.raises(InvalidInput, validate_lease_id, "xyz").value) == \
        'lease id "xyz" is malformed: it must be 32 lower-case hex digits'
    assert pytest.raises(InvalidInput, validate_lease_id, "A" * 32)
    assert validate_lease_id("0123456789abcdef" * 2)
    assert str(pytest.raises(InvalidInput, validate_project, "").value) == \
        'invalid project id "": it is empty (project ids are 1-64 characters of A-Z a-z 0-9 _ . -)'
    assert str(pytest.raises(InvalidInput, validate_project, "a b").value) == \
        'invalid project id "a b": character at position 1 is not allowed ' \
        '(project ids are 1-64 characters of A-Z a-z 0-9 _ . -)'
    assert "65 characters, at most 64" in str(pytest.raises(InvalidInput, validate_project, "p" * 65).value)
