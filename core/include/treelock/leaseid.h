#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace treelock {

/// A lease id: 128 bits from the OS random source, as 32 lower-case hex digits.
/// It is the capability to release or renew the lease.
using LeaseId = std::string;

/// A fresh id from getrandom(2). Throws Error if the OS source fails.
LeaseId newLeaseId();

/// The id of 16 bytes (the 128 bits, first byte first): its hex digits. Other
/// sizes are written out in full just the same.
LeaseId leaseIdOfBytes(std::string_view bytes);

/// True for exactly 32 lower-case hex digits.
bool isValidLeaseId(std::string_view id) noexcept;

/// How many characters of an id shortLeaseId keeps.
inline constexpr std::size_t kShortLeaseIdChars = 8;

/// First kShortLeaseIdChars characters, for logs and tables (never log more than needed).
std::string shortLeaseId(std::string_view id);

/// True for the start of a possible id as tables show it: kShortLeaseIdChars to
/// 32 lower-case hex digits (a whole id is one too).
bool isLeaseIdStart(std::string_view start) noexcept;

/// Project ids: 1-64 characters of [A-Za-z0-9_.-]. Throws InvalidInput naming the id.
void validateProject(std::string_view project);

} // namespace treelock
