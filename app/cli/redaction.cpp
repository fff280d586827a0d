#include "redaction.h"

#include "treelock/redisengine.h"

#include <algorithm>

namespace treelock::cli {

namespace {

constexpr std::size_t kMinScrubbedSecret = 4;

} // namespace

std::vector<std::string> secretsOf(const std::vector<std::string>& urls, const Environment& environment)
{
    std::vector<std::string> secrets;
    for (const std::string* password : {&environment.redisPassword, &environment.sentinelPassword})
        if (!password->empty())
            secrets.push_back(*password);
    std::vector<std::string> candidates = urls;
    candidates.push_back(environment.redisUrl);
    for (const std::string& url : candidates) {
        try {
            const RedisAddress address = RedisAddress::parse(url);
            for (const std::string* password : {&address.password, &address.sentinelPassword})
                if (!password->empty())
                    secrets.push_back(*password);
        } catch (const std::exception&) {
            // Malformed: the raw text below still counts.
        }
        const auto scheme = url.find("://");
        const auto at = url.rfind('@');
        if (scheme != std::string::npos && at != std::string::npos && at >= scheme + 3) {
            const std::string userInfo = url.substr(scheme + 3, at - scheme - 3);
            const auto colon = userInfo.find(':');
            const std::string password = colon == std::string::npos ? userInfo : userInfo.substr(colon + 1);
            if (!password.empty())
                secrets.push_back(password);
        }
        const std::string key = "sentinel_password=";
        if (const auto from = url.find(key); from != std::string::npos) {
            const auto start = from + key.size();
            const auto end = url.find('&', start);
            secrets.push_back(url.substr(start, end == std::string::npos ? std::string::npos : end - start));
        }
    }
    // Shorter ones are not searched for: "***" in place of every "ab" would
    // mangle lease ids and numbers, and hiding them would protect nothing.
    std::erase_if(secrets, [](const std::string& secret) { return secret.size() < kMinScrubbedSecret; });
    // Longest first, so a password containing another is replaced whole.
    std::sort(secrets.begin(), secrets.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    return secrets;
}

std::string redact(std::string text, const std::vector<std::string>& secrets)
{
    for (const auto& secret : secrets) {
        for (auto at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3))
            text.replace(at, secret.size(), "***");
    }
    return text;
}

} // namespace treelock::cli
