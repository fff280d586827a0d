#pragma once

#include "treelock/redistls.h"
#include "treelock/redisurl.h"

#include <memory>
#include <string>

struct ssl_ctx_st;
struct ssl_st;

namespace treelock::detail {

/// An OpenSSL client context for one set of TlsOptions: TLS 1.2 or later, the
/// CAs to trust (the system's unless a file or folder is given), the client
/// certificate, and peer verification unless `insecure`. Built once per set
/// of options and file versions (a renewed certificate is read again), shared
/// by every connection; thread-safe.
/// Throws InvalidInput naming a file that is missing, unreadable, not PEM,
/// protected by a passphrase, or a key that does not match its certificate.
std::shared_ptr<ssl_ctx_st> tlsContext(const TlsOptions& options);

/// Makes `ssl` verify the server's name: `serverName` when given, else `host`
/// (an IP address is matched against the certificate's IP SANs and sent as
/// no SNI; a DNS name is sent as SNI and matched against the DNS SANs). With
/// `insecure` only the SNI is set.
void expectServerName(ssl_st* ssl, const TlsOptions& options, const std::string& host);

/// Why a handshake or a read on `ssl` failed (`result` is what the OpenSSL
/// call returned), in words that name the cause and the fix: an unknown CA, an
/// expired certificate, a name it does not hold, a refused client certificate,
/// a server that does not speak TLS. Clears OpenSSL's error queue.
std::string describeTlsFailure(ssl_st* ssl, int result, int savedErrno, const TlsOptions& options,
                               const std::string& host);

/// The server certificate's subject, issuer, expiry and protocol on a
/// connected `ssl`.
TlsPeer peerOf(ssl_st* ssl, bool verified);

} // namespace treelock::detail
