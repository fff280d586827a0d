#pragma once

#include <QString>

#include <array>
#include <utility>

namespace treelock::ui {

/// A core error message in Studio's words: the core names the CLI's options and
/// variables for what to change ("give that CA with --cacert"); in Studio the
/// same is a field of File › Connect…. Everything else is left as it is.
inline QString inStudioTerms(QString message)
{
    static const std::array<std::pair<const char*, const char*>, 6> replacements{{
        {"give that CA with --cacert", "give that CA in File › Connect… (CA file)"},
        {"give one with --cert and --key", "give one in File › Connect… (Client certificate, Client key)"},
        {"give the name to expect with --sni", "give the name to expect in File › Connect… (Server name)"},
        {"give a user and password in the URL or in TREELOCK_REDIS_USER and TREELOCK_REDIS_PASSWORD",
         "give a user and password in File › Connect…"},
        {"give it in the URL (?sentinel_password=) or in TREELOCK_SENTINEL_PASSWORD (and --sentinel-user or "
         "?sentinel_user= for a user)",
         "give it in File › Connect… (Sentinel password, and Sentinel user for a user)"},
        {"(for a plain port use a redis:// URL)", "(for a plain port use a redis:// URL in File › Connect…)"},
    }};
    for (const auto& [from, to] : replacements)
        message.replace(QString::fromUtf8(from), QString::fromUtf8(to));
    return message;
}

} // namespace treelock::ui
