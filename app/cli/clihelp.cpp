// The text of `treelock --help` and `treelock help COMMAND`: the overview, and each
// command's help as declared.

#include "cliparser.h"

#include "commanddeclarations.h"

#include "treelock/error.h"

#include <algorithm>
#include <string>

namespace treelock::cli {

namespace {

// "  acquire        take locks ...": one line per command, in declaration order.
std::string commandList()
{
    std::string list;
    for (const CommandDeclaration& command : commandDeclarations())
        list += "  " + command.name + std::string(15 - std::min<std::size_t>(command.name.size(), 13), ' ')
                + command.summary + "\n";
    return list;
}

} // namespace

std::string helpText(std::string_view topic)
{
    if (topic.empty()) {
        return "usage: treelock [--redis URL] [--project NAME] [--json] [--quiet]\n"
               "                [--case-insensitive] [--min-replicas N] [--replica-timeout MS]\n"
               "                [--cacert FILE] [--cacertdir DIR] [--cert FILE --key FILE]\n"
               "                [--sni NAME] [--insecure] [--sentinel-user NAME]\n"
               "                COMMAND ...\n"
               "\n"
               "Hierarchical locks on Redis.\n"
               "\n"
               "commands:\n"
               + commandList() +
               "\n"
               "global options:\n"
               "  --redis URL          redis://[user:password@]host[:port][/db],\n"
               "                       unix:///path/to.sock[?db=N],\n"
               "                       redis+sentinel://[user:password@]host[:port][,...]/MASTER[/db] or\n"
               "                       redis+cluster://[user:password@]host[:port][,...];\n"
               "                       rediss in place of redis for TLS\n"
               "                       (default: $TREELOCK_REDIS, else redis://127.0.0.1:6379)\n"
               "  --project NAME       1-64 characters of A-Z a-z 0-9 _ . - (default: default)\n"
               "  --json               machine-readable output\n"
               "  -q, --quiet          no warning lines (server configuration, unused options)\n"
               "  --case-insensitive   paths that differ only in case name one node\n"
               "  --min-replicas N     a grant, renewal or release counts once N replicas have it;\n"
               "                       a grant fewer acknowledge is rolled back, exit 7\n"
               "                       (default: $TREELOCK_MIN_REPLICAS, else 0: no wait)\n"
               "  --replica-timeout MS how long to wait for them (default 100)\n"
               "  --cacert FILE        TLS: trust the CAs in FILE (PEM) instead of the system's\n"
               "  --cacertdir DIR      TLS: trust the CAs in DIR (hashed, as openssl rehash makes)\n"
               "  --cert FILE          TLS: the client certificate (PEM), with --key FILE its key\n"
               "  --sni NAME           TLS: the server name to send and verify (default: the host)\n"
               "  --insecure           TLS: do not verify the server (a warning each time)\n"
               "  --sentinel-user NAME Sentinel: the sentinels' own user; their password comes\n"
               "                       from the URL's ?sentinel_password= or\n"
               "                       $TREELOCK_SENTINEL_PASSWORD\n"
               "  -h, --help           this help; treelock help COMMAND for a command\n"
               "  --version            print the version\n"
               "\n"
               "environment: TREELOCK_REDIS, TREELOCK_REDIS_USER, TREELOCK_REDIS_PASSWORD,\n"
               "TREELOCK_MIN_REPLICAS, TREELOCK_TLS_CACERT, TREELOCK_TLS_CACERTDIR,\n"
               "TREELOCK_TLS_CERT, TREELOCK_TLS_KEY, TREELOCK_TLS_SNI, TREELOCK_TLS_INSECURE,\n"
               "TREELOCK_SENTINEL_USER, TREELOCK_SENTINEL_PASSWORD, USER\n"
               "exit codes: 0 ok, 1 internal error, 2 invalid input, 3 conflict (or --wait\n"
               "timed out), 4 lease unknown or expired, 5 Redis unreachable, 6 fsck found\n"
               "differences or check-history a violation, 7 not acknowledged by enough\n"
               "replicas (rolled back)\n";
    }
    for (const CommandDeclaration& command : commandDeclarations()) {
        if (command.name == topic)
            return command.help;
    }
    throw UsageError("unknown command " + quoteInput(topic) + " (try treelock --help)");
}

} // namespace treelock::cli
