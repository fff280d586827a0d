#pragma once

#include "treelock/redisurl.h"

#include <string>

namespace treelock {

/// What a TLS server showed in its handshake.
struct TlsPeer {
    std::string subject;  ///< "CN=localhost, O=Treelock tests"
    std::string issuer;
    std::string notAfter; ///< "2036-11-25 12:22:31 UTC"
    std::string protocol; ///< "TLSv1.3"
    /// false when TlsOptions::insecure skipped verification.
    bool verified = false;
};

/// Connects once to the server `options` reach (the primary for Sentinel, a
/// node for Cluster) and tells its certificate. Throws as connecting does, and
/// InvalidInput for a URL without TLS.
TlsPeer inspectTls(const RedisOptions& options);

} // namespace treelock
