// TLS against real redis-servers that speak only TLS, with certificates the
// fixture makes with openssl (tests/support/make-test-certs.sh): leases over
// mutual TLS, what a client verifies by default, and every way a connection
// can go wrong, each a clear error within the connect timeout.

#include "redisserver.h"
#include "thrown.h"
#include "tlsfiles.h"
#include "treelock/error.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"
#include "treelock/redistls.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kConnectTimeout = 2000ms;
constexpr const char* kPassword = "tls-test-secret-pw";

const test::TlsFiles& files() { return test::TlsFiles::get(); }

/// A TLS-only server with certificate `name` and a password; `authClients`
/// wants a client certificate.
std::unique_ptr<test::RedisServer> tlsServer(bool authClients, const std::string& name = "server")
{
    return std::make_unique<test::RedisServer>(test::RedisServer::Options{
        .tcp = true, .extraConfig = {std::string("requirepass ") + kPassword}, .tls = files().server(authClients, name)});
}

RedisOptions optionsFor(const std::string& url, TlsOptions tls)
{
    RedisOptions options;
    options.url = url;
    options.password = kPassword;
    options.tls = std::move(tls);
    options.connectTimeout = kConnectTimeout;
    return options;
}

/// "rediss://127.0.0.1:PORT" with another host.
std::string withHost(const test::RedisServer& server, const std::string& host)
{
    return "rediss://" + host + ":" + std::to_string(server.port());
}

struct Failure {
    std::string message;
    std::chrono::milliseconds took{0};
};

/// What connecting with `options` throws as `Error`, and how long it took.
template <typename Error>
Failure failureOf(const RedisOptions& options)
{
    const auto started = Clock::now();
    Failure f;
    f.message = test::messageThrownBy<Error>([&] { RedisEngine engine(options, "tls"); });
    f.took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
    return f;
}

/// Checks what every failure must be: named, within the connect timeout, and
/// free of the password and of the key's contents.
void expectClearFailure(const Failure& f, const std::string& expected)
{
    EXPECT_NE(f.message.find(expected), std::string::npos) << f.message;
    EXPECT_LT(f.took, kConnectTimeout + 500ms) << f.message;
    EXPECT_EQ(f.message.find(kPassword), std::string::npos) << f.message;
    EXPECT_EQ(f.message.find("PRIVATE KEY"), std::string::npos) << f.message;
}

} // namespace

TEST(Tls, mutualTlsCarriesLeasesAndShowsTheCertificate)
{
    const auto server = tlsServer(/*authClients=*/true);
    const RedisOptions options = optionsFor(server->tcpUrl(), files().client());
    RedisEngine alice(options, "tls");
    RedisEngine bob(options, "tls");
    const AcquireResult held = alice.acquire({{"/A/C", LockMode::X}}, {.owner = "alice", .ttl = 30s});
    ASSERT_TRUE(held.granted);
    const AcquireResult refused = bob.acquire({{"/A/C/D/d.txt", LockMode::X}}, {.owner = "bob", .ttl = 30s});
    ASSERT_FALSE(refused.granted);
    EXPECT_EQ(refused.blocker->lease, held.grant.lease);
    EXPECT_EQ(alice.release(held.grant.lease).status, LeaseStatus::Ok);
    EXPECT_TRUE(bob.acquire({{"/A/C/D/d.txt", LockMode::X}}, {.owner = "bob", .ttl = 30s}).granted);

    const TlsPeer peer = inspectTls(options);
    EXPECT_EQ(peer.subject, "CN=localhost, O=Treelock tests");
    EXPECT_EQ(peer.issuer, "CN=Treelock test CA, O=Treelock tests");
    EXPECT_TRUE(peer.protocol == "TLSv1.3" || peer.protocol == "TLSv1.2") << peer.protocol;
    EXPECT_TRUE(peer.verified);
    EXPECT_NE(peer.notAfter.find(" UTC"), std::string::npos) << peer.notAfter;
}

TEST(Tls, theHostNameAnAddressOrTheSniNameIsVerified)
{
    const auto server = tlsServer(false);
    // The certificate names localhost, 127.0.0.1 and ::1: a DNS name and an IP SAN.
    for (const std::string host : {"localhost", "127.0.0.1"})
        EXPECT_NO_THROW(RedisEngine(optionsFor(withHost(*server, host), files().client(false)), "tls")) << host;
    // A name it does not hold is refused, even with the right CA.
    TlsOptions sni = files().client(false);
    sni.serverName = "cache.example";
    expectClearFailure(failureOf<TlsError>(optionsFor(server->tcpUrl(), sni)),
                       "the server's certificate is not for cache.example (it names localhost, 127.0.0.1, ::1): "
                       "connect by one of those names, or give the name to expect with --sni");
}

TEST(Tls, aCaFolderIsTrustedAsAFileIs)
{
    const auto server = tlsServer(false);
    TlsOptions tls;
    tls.caDir = files().path("cadir");
    RedisEngine engine(optionsFor(server->tcpUrl(), tls), "tls");
    EXPECT_TRUE(engine.acquire({{"/A", LockMode::S}}, {.owner = "alice", .ttl = 30s}).granted);
}

TEST(Tls, anUnknownCaIsNamedWithTheFix)
{
    const auto server = tlsServer(false);
    // Neither the system's store nor another CA knows the test CA.
    expectClearFailure(failureOf<TlsError>(optionsFor(server->tcpUrl(), {})),
                       "the server's certificate (CN=localhost, O=Treelock tests) is signed by a CA this client does "
                       "not trust (CN=Treelock test CA, O=Treelock tests; trusted: the system's CA store): give that "
                       "CA with --cacert");
    TlsOptions other;
    other.caFile = files().path("other-ca.crt");
    expectClearFailure(failureOf<TlsError>(optionsFor(server->tcpUrl(), other)),
                       "trusted: the CAs of " + files().path("other-ca.crt"));
}

TEST(Tls, anExpiredCertificateSaysWhenItExpired)
{
    const auto server = tlsServer(false, "expired");
    const Failure f = failureOf<TlsError>(optionsFor(server->tcpUrl(), files().client(false)));
    expectClearFailure(f, "the server's certificate (CN=localhost (expired), O=Treelock tests) expired on ");
}

TEST(Tls, aCertificateForAnotherHostIsRefusedUnlessThatNameIsExpected)
{
    const auto server = tlsServer(false, "wronghost");
    expectClearFailure(failureOf<TlsError>(optionsFor(server->tcpUrl(), files().client(false))),
                       "the server's certificate is not for 127.0.0.1 (it names other.invalid)");
    TlsOptions sni = files().client(false);
    sni.serverName = "other.invalid";
    EXPECT_NO_THROW(RedisEngine(optionsFor(server->tcpUrl(), sni), "tls"));
}

TEST(Tls, insecureSkipsVerificationButStillEncrypts)
{
    const auto server = tlsServer(false, "rogue");
    TlsOptions insecure;
    insecure.insecure = true;
    const RedisOptions options = optionsFor(server->tcpUrl(), insecure);
    RedisEngine engine(options, "tls");
    EXPECT_TRUE(engine.acquire({{"/A", LockMode::X}}, {.owner = "alice", .ttl = 30s}).granted);
    EXPECT_FALSE(inspectTls(options).verified);
    // By name, with a certificate for another name: still connects (and sends
    // the name as SNI, for a proxy that routes by it).
    RedisOptions byName = optionsFor(withHost(*server, "localhost"), insecure);
    byName.tls.serverName = "cache.example";
    EXPECT_TRUE(RedisEngine(byName, "tls").acquire({{"/B", LockMode::X}}, {.owner = "alice", .ttl = 30s}).granted);
}

TEST(Tls, aServerThatWantsAClientCertificateSaysSo)
{
    const auto server = tlsServer(/*authClients=*/true);
    const Failure missing = failureOf<TlsError>(optionsFor(server->tcpUrl(), files().client(false)));
    expectClearFailure(missing, "the server requires a client certificate: give one with --cert and --key");
    // Whichever command met the refusal, it is part of connecting.
    EXPECT_NE(missing.message.find(": cannot connect: the server requires"), std::string::npos) << missing.message;
    TlsOptions rogue = files().client(false);
    rogue.certFile = files().path("rogue.crt");
    rogue.keyFile = files().path("rogue.key");
    expectClearFailure(failureOf<TlsError>(optionsFor(server->tcpUrl(), rogue)),
                       "the server refused the client certificate " + files().path("rogue.crt"));
}

TEST(Tls, tlsAtAPlainPortAndPlainAtATlsPortAreNamed)
{
    test::RedisServer plain({.tcp = true, .extraConfig = {std::string("requirepass ") + kPassword}});
    const std::string plainAsTls = "rediss://127.0.0.1:" + std::to_string(plain.port());
    expectClearFailure(failureOf<TlsError>(optionsFor(plainAsTls, files().client(false))),
                       "does the server speak TLS on this port? (for a plain port use a redis:// URL)");

    const auto server = tlsServer(false);
    const std::string tlsAsPlain = "redis://127.0.0.1:" + std::to_string(server->port());
    expectClearFailure(failureOf<ConnectionError>(optionsFor(tlsAsPlain, {})),
                       "does this port accept only TLS? (then use a rediss:// URL)");
}

TEST(Tls, filesThatCannotBeUsedAreInvalidInputNamingThem)
{
    const auto server = tlsServer(false);
    const auto with = [&](auto change) {
        TlsOptions tls = files().client();
        change(tls);
        return failureOf<InvalidInput>(optionsFor(server->tcpUrl(), tls));
    };
    expectClearFailure(with([](TlsOptions& t) { t.caFile = "/nonexistent/ca.pem"; }),
                       "the TLS CA file \"/nonexistent/ca.pem\" (--cacert) cannot be read: No such file or directory");
    expectClearFailure(with([](TlsOptions& t) { t.certFile = "/nonexistent/client.crt"; }),
                       "the TLS client certificate \"/nonexistent/client.crt\" (--cert) cannot be read");
    expectClearFailure(with([](TlsOptions& t) { t.keyFile.clear(); }),
                       "a TLS client certificate (--cert) was given without its key (--key)");
    expectClearFailure(with([&](TlsOptions& t) { t.keyFile = files().path("rogue.key"); }),
                       "the TLS client key \"" + files().path("rogue.key")
                           + "\" (--key) does not belong to the certificate \"" + files().path("client.crt") + "\"");
    expectClearFailure(with([&](TlsOptions& t) { t.caFile = files().path("client.key"); }),
                       "(--cacert) holds no PEM certificate");
    expectClearFailure(with([&](TlsOptions& t) { t.caDir = files().path("ca.crt"); }), "is not a folder");
}

TEST(Tls, passwordsNeverAppearInErrors)
{
    const auto server = tlsServer(false);
    RedisOptions options = optionsFor(server->tcpUrl(), files().client(false));
    options.password = "not-the-" + std::string(kPassword);
    const Failure refused = failureOf<AuthenticationError>(options);
    expectClearFailure(refused, "authentication failed");
    EXPECT_EQ(refused.message.find(options.password), std::string::npos) << refused.message;
}
