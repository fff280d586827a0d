#include "tlscontext.h"

#include "redisconnection.h"
#include "sentinel.h"
#include "treelock/error.h"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include <tuple>

namespace treelock::detail {

namespace {

/// The first verification failure of a handshake, with the certificate it was
/// about (OpenSSL keeps only the code).
struct VerifyFailure {
    int error = X509_V_OK;
    std::string serverSubject; ///< the server's own certificate
    std::string subject;       ///< the one that failed (the server's, or a CA in its chain)
    std::string issuer;
    std::string notBefore;
    std::string notAfter;
    std::string names;
};

void freeFailure(void*, void* ptr, CRYPTO_EX_DATA*, int, long, void*) { delete static_cast<VerifyFailure*>(ptr); }

int failureIndex()
{
    static const int index = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, &freeFailure);
    return index;
}

VerifyFailure* failureOf(SSL* ssl)
{
    return static_cast<VerifyFailure*>(SSL_get_ex_data(ssl, failureIndex()));
}

std::string nameText(const X509_NAME* name)
{
    if (!name)
        return {};
    BIO* bio = BIO_new(BIO_s_mem());
    const unsigned long flags = (XN_FLAG_RFC2253 & ~XN_FLAG_SEP_MASK & ~ASN1_STRFLGS_ESC_MSB) | XN_FLAG_SEP_CPLUS_SPC;
    X509_NAME_print_ex(bio, name, 0, flags);
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    std::string text(data, static_cast<std::size_t>(size > 0 ? size : 0));
    BIO_free(bio);
    return text;
}

std::string timeText(const ASN1_TIME* time)
{
    std::tm tm{};
    if (!time || ASN1_TIME_to_tm(time, &tm) != 1)
        return "?";
    char out[32];
    std::strftime(out, sizeof out, "%Y-%m-%d %H:%M:%S UTC", &tm);
    return out;
}

/// The certificate's DNS and IP names ("localhost, 127.0.0.1"), or its CN.
std::string namesOf(X509* cert)
{
    std::string out;
    auto* names = static_cast<GENERAL_NAMES*>(X509_get_ext_d2i(cert, NID_subject_alt_name, nullptr, nullptr));
    for (int i = 0; names && i < sk_GENERAL_NAME_num(names); ++i) {
        const GENERAL_NAME* name = sk_GENERAL_NAME_value(names, i);
        std::string one;
        if (name->type == GEN_DNS) {
            one.assign(reinterpret_cast<const char*>(ASN1_STRING_get0_data(name->d.dNSName)),
                       static_cast<std::size_t>(ASN1_STRING_length(name->d.dNSName)));
        } else if (name->type == GEN_IPADD) {
            char text[INET6_ADDRSTRLEN] = {};
            const int length = ASN1_STRING_length(name->d.iPAddress);
            const unsigned char* bytes = ASN1_STRING_get0_data(name->d.iPAddress);
            if (length == 4 || length == 16)
                inet_ntop(length == 4 ? AF_INET : AF_INET6, bytes, text, sizeof text);
            one = text;
        }
        if (!one.empty())
            out += (out.empty() ? "" : ", ") + one;
    }
    GENERAL_NAMES_free(names);
    if (out.empty())
        out = nameText(X509_get_subject_name(cert));
    return out;
}

int recordFailure(int preverified, X509_STORE_CTX* store)
{
    if (preverified)
        return 1;
    auto* ssl = static_cast<SSL*>(X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx()));
    VerifyFailure* failure = ssl ? failureOf(ssl) : nullptr;
    if (failure && failure->error == X509_V_OK) {
        failure->error = X509_STORE_CTX_get_error(store);
        // The name is checked on the server's own certificate, not the one that failed last.
        X509* cert = failure->error == X509_V_ERR_HOSTNAME_MISMATCH || failure->error == X509_V_ERR_IP_ADDRESS_MISMATCH
                         ? X509_STORE_CTX_get0_cert(store)
                         : X509_STORE_CTX_get_current_cert(store);
        if (X509* own = X509_STORE_CTX_get0_cert(store))
            failure->serverSubject = nameText(X509_get_subject_name(own));
        if (cert) {
            failure->subject = nameText(X509_get_subject_name(cert));
            failure->issuer = nameText(X509_get_issuer_name(cert));
            failure->notBefore = timeText(X509_get0_notBefore(cert));
            failure->notAfter = timeText(X509_get0_notAfter(cert));
            failure->names = namesOf(cert);
        }
    }
    return 0;
}

/// Refuses to ask a terminal for a key's passphrase.
int noPassphrase(char*, int, int, void*) { return 0; }

/// The file's modification time, or InvalidInput naming it and the option.
long long checkedFile(const std::string& path, const char* what, const char* option, bool folder = false)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw InvalidInput(std::string(what) + " \"" + path + "\" (" + option + ") cannot be read: "
                           + std::strerror(errno));
    if (folder != S_ISDIR(st.st_mode))
        throw InvalidInput(std::string(what) + " \"" + path + "\" (" + option + ") is "
                           + (folder ? "not a folder" : "a folder, not a file"));
    if (!folder && ::access(path.c_str(), R_OK) != 0)
        throw InvalidInput(std::string(what) + " \"" + path + "\" (" + option + ") cannot be read: "
                           + std::strerror(errno));
    return static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
}

/// OpenSSL's last error reason, after `what` failed, as InvalidInput.
[[noreturn]] void refuseFile(const std::string& what)
{
    const unsigned long code = ERR_peek_last_error();
    const char* text = code ? ERR_reason_error_string(code) : nullptr;
    const std::string reason = text ? text : "";
    ERR_clear_error();
    throw InvalidInput(what + (reason.empty() ? "" : " (" + reason + ")"));
}

using ContextKey = std::tuple<std::string, std::string, std::string, std::string, bool, long long, long long,
                              long long, long long>;

std::shared_ptr<SSL_CTX> buildContext(const TlsOptions& o)
{
    std::shared_ptr<SSL_CTX> ctx(SSL_CTX_new(TLS_client_method()), &SSL_CTX_free);
    if (!ctx)
        throw ConnectionError("cannot create a TLS context (out of memory?)");
    SSL_CTX_set_min_proto_version(ctx.get(), TLS1_2_VERSION);
    SSL_CTX_set_default_passwd_cb(ctx.get(), &noPassphrase);
    // A server that closes without close_notify has closed all the same.
    SSL_CTX_set_options(ctx.get(), SSL_OP_IGNORE_UNEXPECTED_EOF);
    if (!o.caFile.empty() || !o.caDir.empty()) {
        if (SSL_CTX_load_verify_locations(ctx.get(), o.caFile.empty() ? nullptr : o.caFile.c_str(),
                                          o.caDir.empty() ? nullptr : o.caDir.c_str())
            != 1)
            refuseFile(o.caFile.empty() ? "the TLS CA folder \"" + o.caDir + "\" (--cacertdir) cannot be used"
                                        : "the TLS CA file \"" + o.caFile + "\" (--cacert) holds no PEM certificate");
    } else if (SSL_CTX_set_default_verify_paths(ctx.get()) != 1) {
        refuseFile("the system's CA store cannot be read: give a CA with --cacert");
    }
    if (!o.certFile.empty()) {
        if (SSL_CTX_use_certificate_chain_file(ctx.get(), o.certFile.c_str()) != 1)
            refuseFile("the TLS client certificate \"" + o.certFile + "\" (--cert) is not a PEM certificate");
        if (SSL_CTX_use_PrivateKey_file(ctx.get(), o.keyFile.c_str(), SSL_FILETYPE_PEM) != 1
            || SSL_CTX_check_private_key(ctx.get()) != 1) {
            const unsigned long code = ERR_peek_last_error();
            if (ERR_GET_LIB(code) == ERR_LIB_X509 && ERR_GET_REASON(code) == X509_R_KEY_VALUES_MISMATCH)
                refuseFile("the TLS client key \"" + o.keyFile + "\" (--key) does not belong to the certificate \""
                           + o.certFile + "\" (--cert)");
            refuseFile("the TLS client key \"" + o.keyFile
                       + "\" (--key) is not an unencrypted PEM private key (a key with a passphrase must be "
                         "decrypted first: openssl pkey -in KEY -out KEY.plain)");
        }
    }
    SSL_CTX_set_verify(ctx.get(), o.insecure ? SSL_VERIFY_NONE : SSL_VERIFY_PEER, o.insecure ? nullptr : &recordFailure);
    return ctx;
}

bool isIpAddress(const std::string& host)
{
    unsigned char buffer[16];
    return inet_pton(AF_INET, host.c_str(), buffer) == 1 || inet_pton(AF_INET6, host.c_str(), buffer) == 1;
}

std::string expectedName(const TlsOptions& options, const std::string& host)
{
    return options.serverName.empty() ? host : options.serverName;
}

std::string verifyFailureText(const VerifyFailure& f, const TlsOptions& o, const std::string& host)
{
    const std::string trusted = o.caFile.empty() && o.caDir.empty()
                                    ? std::string("the system's CA store")
                                    : "the CAs of " + (o.caFile.empty() ? o.caDir : o.caFile);
    switch (f.error) {
    case X509_V_ERR_CERT_HAS_EXPIRED:
        return "the server's certificate (" + f.subject + ") expired on " + f.notAfter;
    case X509_V_ERR_CERT_NOT_YET_VALID:
        return "the server's certificate (" + f.subject + ") is not valid before " + f.notBefore
               + ": is this machine's clock right?";
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
        return "the server's certificate is not for " + expectedName(o, host) + " (it names " + f.names
               + "): connect by one of those names, or give the name to expect with --sni";
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    case X509_V_ERR_CERT_UNTRUSTED:
        return "the server's certificate (" + f.serverSubject + ") is signed by a CA this client does not trust ("
               + (f.subject == f.serverSubject ? f.issuer : f.subject) + "; trusted: " + trusted
               + "): give that CA with --cacert";
    default:
        return "the server's certificate (" + f.subject + ") was not accepted: "
               + X509_verify_cert_error_string(f.error);
    }
}

} // namespace

std::shared_ptr<SSL_CTX> tlsContext(const TlsOptions& o)
{
    const long long caFile = o.caFile.empty() ? 0 : checkedFile(o.caFile, "the TLS CA file", "--cacert");
    const long long caDir = o.caDir.empty() ? 0 : checkedFile(o.caDir, "the TLS CA folder", "--cacertdir", true);
    if (o.certFile.empty() != o.keyFile.empty())
        throw InvalidInput(o.certFile.empty() ? "a TLS client key (--key) was given without its certificate (--cert)"
                                              : "a TLS client certificate (--cert) was given without its key (--key)");
    const long long cert = o.certFile.empty() ? 0 : checkedFile(o.certFile, "the TLS client certificate", "--cert");
    const long long key = o.keyFile.empty() ? 0 : checkedFile(o.keyFile, "the TLS client key", "--key");
    const ContextKey k{o.caFile, o.caDir, o.certFile, o.keyFile, o.insecure, caFile, caDir, cert, key};
    static std::mutex mutex;
    static std::map<ContextKey, std::shared_ptr<SSL_CTX>> contexts;
    std::lock_guard lock(mutex);
    auto& slot = contexts[k];
    if (!slot)
        slot = buildContext(o);
    return slot;
}

void expectServerName(SSL* ssl, const TlsOptions& options, const std::string& host)
{
    SSL_set_ex_data(ssl, failureIndex(), new VerifyFailure);
    const std::string name = expectedName(options, host);
    if (isIpAddress(name)) {
        if (!options.insecure)
            X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), name.c_str());
        return;
    }
    // SNI even when nothing is verified: a proxy in front of the server may
    // route by it. SSL_set_tlsext_host_name, without the macro's C cast.
    SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, const_cast<char*>(name.c_str()));
    if (!options.insecure)
        SSL_set1_host(ssl, name.c_str());
}

std::string describeTlsFailure(SSL* ssl, int result, int savedErrno, const TlsOptions& options,
                               const std::string& host)
{
    const int kind = SSL_get_error(ssl, result);
    const unsigned long code = ERR_peek_last_error();
    ERR_clear_error();
    if (const VerifyFailure* failure = failureOf(ssl); failure && failure->error != X509_V_OK)
        return verifyFailureText(*failure, options, host);
    if (kind == SSL_ERROR_ZERO_RETURN || (kind == SSL_ERROR_SYSCALL && savedErrno == 0))
        return SSL_is_init_finished(ssl) ? std::string("connection closed")
                                         : "the server closed the connection during the TLS handshake";
    if (kind == SSL_ERROR_SYSCALL)
        return std::strerror(savedErrno);
    const int reason = ERR_GET_REASON(code);
    const bool gaveCertificate = !options.certFile.empty();
    switch (reason) {
    case SSL_R_TLSV13_ALERT_CERTIFICATE_REQUIRED:
        return "the server requires a client certificate: give one with --cert and --key";
    case SSL_R_SSLV3_ALERT_BAD_CERTIFICATE:
    case SSL_R_TLSV1_ALERT_UNKNOWN_CA:
    case SSL_R_SSLV3_ALERT_CERTIFICATE_UNKNOWN:
    case SSL_R_SSLV3_ALERT_CERTIFICATE_EXPIRED:
    case SSL_R_SSLV3_ALERT_CERTIFICATE_REVOKED:
    case SSL_R_SSLV3_ALERT_UNSUPPORTED_CERTIFICATE:
        return gaveCertificate ? "the server refused the client certificate " + options.certFile + " ("
                                     + ERR_reason_error_string(code)
                                     + "): give one signed by a CA the server trusts"
                               : "the server requires a client certificate: give one with --cert and --key";
    case SSL_R_SSLV3_ALERT_HANDSHAKE_FAILURE:
        return gaveCertificate ? std::string("the server refused the TLS handshake (handshake failure)")
                               : "the server refused the TLS handshake (handshake failure): does it require a "
                                 "client certificate? give one with --cert and --key";
    case SSL_R_WRONG_VERSION_NUMBER:
    case SSL_R_PACKET_LENGTH_TOO_LONG:
    case SSL_R_RECORD_LENGTH_MISMATCH:
    case SSL_R_HTTP_REQUEST:
        return "the server does not speak TLS on this port (its answer is not a TLS record): use a redis:// URL, "
               "or the server's TLS port";
    default:
        break;
    }
    char text[256] = {};
    ERR_error_string_n(code, text, sizeof text);
    return std::string("TLS failed: ") + (code ? text : "unknown error");
}

TlsPeer peerOf(SSL* ssl, bool verified)
{
    TlsPeer peer;
    peer.protocol = SSL_get_version(ssl);
    peer.verified = verified;
    if (X509* cert = SSL_get1_peer_certificate(ssl)) {
        peer.subject = nameText(X509_get_subject_name(cert));
        peer.issuer = nameText(X509_get_issuer_name(cert));
        peer.notAfter = timeText(X509_get0_notAfter(cert));
        X509_free(cert);
    }
    return peer;
}

} // namespace treelock::detail

namespace treelock {

TlsPeer inspectTls(const RedisOptions& options)
{
    const RedisAddress address = RedisAddress::of(options);
    if (!address.tls)
        throw InvalidInput("\"" + address.redacted() + "\" does not use TLS: there is no certificate to show");
    detail::RedisConnection connection(
        detail::currentPrimary(address, options.connectTimeout, options.commandTimeout), options.connectTimeout,
        options.commandTimeout);
    return *connection.tlsPeer();
}

} // namespace treelock
