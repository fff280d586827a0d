#pragma once

#include "treelock/redisserverprocess.h"
#include "treelock/redisurl.h"

#include <string>

namespace treelock::test {

/// The test certificates of tests/support/make-test-certs.sh (a CA, a server
/// certificate for localhost, 127.0.0.1 and ::1, a client certificate, and the
/// bad ones: expired, for another host, from an unknown CA), made once per
/// process in a temporary folder that goes with it. Throws std::runtime_error
/// when openssl cannot make them.
class TlsFiles {
public:
    static const TlsFiles& get();

    /// The file `name` ("ca.crt", "client.key", "cadir"...) in the folder.
    std::string path(const std::string& name) const { return m_dir + "/" + name; }
    const std::string& directory() const noexcept { return m_dir; }
    /// A server's TLS set-up: the certificate `name` ("server", "expired",
    /// "wronghost", "rogue"), trusting the test CA for clients and peers.
    RedisServerTls server(bool authClients = false, const std::string& name = "server") const;
    /// What a client gives: the test CA, and the client certificate when `withCertificate`.
    TlsOptions client(bool withCertificate = true) const;

private:
    TlsFiles();
    std::string m_dir;
};

} // namespace treelock::test
