#include "treelock/leaseid.h"

#include "treelock/error.h"

#include <sys/random.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace treelock {

namespace {

constexpr std::size_t kLeaseIdBytes = 16;
constexpr std::size_t kMaxProjectChars = 64;

bool isProjectChar(char c) noexcept
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'
           || c == '.' || c == '-';
}

[[noreturn]] void throwInvalidProject(std::string_view project, const std::string& reason)
{
    throw InvalidInput("invalid project id " + quoteInput(project) + ": " + reason
                       + " (project ids are 1-64 characters of A-Z a-z 0-9 _ . -)");
}

} // namespace

LeaseId newLeaseId()
{
    std::array<unsigned char, kLeaseIdBytes> random{};
    std::size_t filled = 0;
    while (filled < random.size()) {
        const ssize_t got = getrandom(random.data() + filled, random.size() - filled, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            throw Error(std::string("getrandom failed: ") + std::strerror(errno));
        }
        filled += static_cast<std::size_t>(got);
    }
    return leaseIdOfBytes(std::string_view(reinterpret_cast<const char*>(random.data()), random.size()));
}

LeaseId leaseIdOfBytes(std::string_view bytes)
{
    static constexpr char kHex[] = "0123456789abcdef";
    LeaseId id;
    id.reserve(2 * bytes.size());
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        id += kHex[byte >> 4];
        id += kHex[byte & 0xf];
    }
    return id;
}

bool isLeaseIdStart(std::string_view start) noexcept
{
    if (start.size() < kShortLeaseIdChars || start.size() > 2 * kLeaseIdBytes)
        return false;
    for (const char c : start) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

bool isValidLeaseId(std::string_view id) noexcept
{
    return id.size() == 2 * kLeaseIdBytes && isLeaseIdStart(id);
}

std::string shortLeaseId(std::string_view id)
{
    return std::string(id.substr(0, kShortLeaseIdChars));
}

void validateProject(std::string_view project)
{
    if (project.empty())
        throwInvalidProject(project, "it is empty");
    if (project.size() > kMaxProjectChars) {
        throwInvalidProject(project, std::to_string(project.size()) + " characters, at most "
                                         + std::to_string(kMaxProjectChars) + " are allowed");
    }
    for (std::size_t i = 0; i < project.size(); ++i) {
        if (!isProjectChar(project[i])) {
            throwInvalidProject(project, "character at position " + std::to_string(i)
                                             + " is not allowed");
        }
    }
}

} // namespace treelock
