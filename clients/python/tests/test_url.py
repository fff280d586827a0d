"""Redis URLs, without Redis: each form and each message exactly as
core/src/redis/redisurl.cpp words it (the expected texts are tests/core/tst_redisurl.cpp's)."""

from __future__ import annotations

import pytest

from treelock import InvalidInput, RedisAddress, TlsOptions
from treelock.url import redact_url


def error_of(url: str) -> str:
    return str(pytest.raises(InvalidInput, RedisAddress.parse, url).value)


@pytest.mark.parametrize("url", ["http://x", "redis:/h", "h:6379", ""])
def test_an_unknown_scheme_names_the_expected_forms(url: str) -> None:
    assert error_of(url) == (f'invalid Redis URL "{url}": expected redis[s]://[user:password@]host[:port][/db], '
                             "unix:///path, redis[s]+sentinel://host[:port][,host[:port]...]/MASTER or "
                             "redis[s]+cluster://host[:port][,host[:port]...]")


def test_rediss_means_tls_for_every_shape() -> None:
    one = RedisAddress.parse("rediss://u:secret-pw@cache.local:6380/2")
    assert (one.tls, one.host, one.port, one.db) == (True, "cache.local", 6380, 2)
    assert one.redacted() == "rediss://u:***@cache.local:6380/2"
    assert not RedisAddress.parse("redis://cache.local").tls

    sentinels = RedisAddress.parse("rediss+sentinel://u:pw@s1,s2:26380/mymaster")
    assert sentinels.tls and sentinels.is_sentinel and len(sentinels.sentinels) == 2
    assert sentinels.master_name == "mymaster"
    assert sentinels.redacted() == "rediss+sentinel://u:***@s1:26379,s2:26380/mymaster"

    cluster = RedisAddress.parse("rediss+cluster://n1:7000,n2:7001")
    assert cluster.tls and len(cluster.cluster_nodes) == 2
    assert cluster.redacted() == "rediss+cluster://n1:7000,n2:7001"


def test_tls_options_need_a_tls_url() -> None:
    tls = TlsOptions(ca_file="/etc/ca.pem", server_name="cache.example")
    address = RedisAddress.of("rediss://h:6380", tls=tls)
    assert address.tls and address.tls_options == tls
    for url in ("redis://u:secret-pw@h:6379", "unix:///tmp/r.sock"):
        message = str(pytest.raises(InvalidInput, RedisAddress.of, url, tls=tls).value)
        assert message == ('TLS options (CA, certificate, key, SNI or insecure) were given, but '
                           f'"{RedisAddress.parse(url).redacted()}" does not use TLS: use a rediss:// URL '
                           "(rediss+sentinel://, rediss+cluster://)")
        assert "secret-pw" not in message
    pytest.raises(InvalidInput, RedisAddress.of, "redis://h", tls=TlsOptions(insecure=True))
    assert not TlsOptions().given() and TlsOptions(insecure=True).given()


def test_sentinel_credentials_come_from_the_query_or_the_options() -> None:
    a = RedisAddress.parse("redis+sentinel://u:data-pw@s1,s2/m/1?sentinel_user=watch&sentinel_password=s%40pw")
    assert (a.user, a.password, a.sentinel_user, a.sentinel_password, a.db, a.master_name) == \
        ("u", "data-pw", "watch", "s@pw", 1, "m")
    assert a.redacted() == "redis+sentinel://u:***@s1:26379,s2:26379/m/1?sentinel_user=watch&sentinel_password=***"

    assert error_of("redis+sentinel://s1/m?sentinel_password=hush&colour=red") == (
        'invalid Redis URL "redis+sentinel://s1/m?sentinel_password=***&colour=red": unknown parameter "colour"; '
        "a Sentinel URL understands ?sentinel_user=U&sentinel_password=P")
    assert error_of("rediss+sentinel://s1/m?db=1") == (
        'invalid Redis URL "rediss+sentinel://s1/m?db=1": unknown parameter "db"; a Sentinel URL understands '
        "?sentinel_user=U&sentinel_password=P")

    url = "redis+sentinel://s1/m?sentinel_password=from-url"
    assert RedisAddress.of(url, sentinel_password="from-option").sentinel_password == "from-option"
    assert RedisAddress.of(url).sentinel_password == "from-url"
    message = str(pytest.raises(InvalidInput, RedisAddress.of, "redis://:pw@h", sentinel_password="x").value)
    assert message == ('sentinel credentials were given, but "redis://:***@h:6379" is not a Sentinel URL '
                       "(redis+sentinel:// or rediss+sentinel://)")


@pytest.mark.parametrize("url", ["redis://127.0.0.1:7000?db=2", "redis+cluster://n1:7000?db=2",
                                 "rediss://h?sentinel_password=x", "rediss+cluster://n1?db=2"])
def test_query_parameters_are_refused_outside_unix_sockets_and_sentinels(url: str) -> None:
    assert error_of(url) == (f'invalid Redis URL "{redact_url(url)}": query parameters are understood only by '
                             "unix:// (?db=N) and Sentinel URLs (?sentinel_user=U&sentinel_password=P); give the db "
                             "as a path, redis://host:port/N")
    assert RedisAddress.parse("unix:///tmp/r.sock?db=3").db == 3


def test_passwords_never_show() -> None:
    assert redact_url("rediss+sentinel://u:pw@s1/m?sentinel_user=a&sentinel_password=pw2") == \
        "rediss+sentinel://u:***@s1/m?sentinel_user=a&sentinel_password=***"
    assert redact_url("redis+sentinel://s1/m?sentinel_password=p1&sentinel_password=p2") == \
        "redis+sentinel://s1/m?sentinel_password=***&sentinel_password=***"
    for url in ("rediss://u:topsecret@h:99999", "rediss+sentinel://s1/m?sentinel_password=topsecret&x=1",
                "rediss+sentinel://s1/m?sentinel_password=topsecret%zz", "rediss+cluster://u:topsecret@n1/3"):
        message = error_of(url)
        assert "topsecret" not in message and "***" in message, message
