#include "tlsfiles.h"

#include "process.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace treelock::test {

namespace {

struct Folder {
    std::string path;
    ~Folder()
    {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

} // namespace

TlsFiles::TlsFiles()
{
    static Folder folder;
    std::string pattern = (std::filesystem::temp_directory_path() / "treelock-certs-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
        throw std::runtime_error("cannot create a folder for the test certificates");
    folder.path = m_dir = pattern;
    const CommandResult made = runCommand(std::string("'") + TREELOCK_TEST_CERTS_SCRIPT + "' '" + m_dir + "' 2>&1");
    if (made.exitCode != 0)
        throw std::runtime_error("make-test-certs.sh failed (is openssl installed?): " + made.output);
}

const TlsFiles& TlsFiles::get()
{
    static const TlsFiles files;
    return files;
}

RedisServerTls TlsFiles::server(bool authClients, const std::string& name) const
{
    RedisServerTls tls;
    tls.certFile = path(name + ".crt");
    tls.keyFile = path(name + ".key");
    tls.caFile = path("ca.crt");
    tls.authClients = authClients;
    return tls;
}

TlsOptions TlsFiles::client(bool withCertificate) const
{
    TlsOptions options;
    options.caFile = path("ca.crt");
    if (withCertificate) {
        options.certFile = path("client.crt");
        options.keyFile = path("client.key");
    }
    return options;
}

} // namespace treelock::test
