#pragma once

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace treelock::test {

/// Simulated storage that checks fencing tokens, shared between processes: one
/// file per resource holding the highest fence that wrote to it. A write with a
/// fence below that is rejected (the writer's lease was lost and someone newer
/// wrote since). Access is serialised with flock(2). Thread-safe, process-safe.
class FencedStore {
public:
    explicit FencedStore(std::string file) : m_file(std::move(file)) {}

    /// True if accepted (fence >= every fence seen), false if rejected.
    bool write(std::uint64_t fence) const
    {
        const int fd = ::open(m_file.c_str(), O_RDWR | O_CREAT, 0600);
        if (fd < 0)
            throw std::runtime_error("cannot open " + m_file);
        ::flock(fd, LOCK_EX);
        char buffer[32] = {};
        const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
        const std::uint64_t highest = n > 0 ? std::strtoull(buffer, nullptr, 10) : 0;
        bool accepted = fence >= highest;
        if (accepted) {
            const std::string text = std::to_string(fence) + "\n";
            accepted = ::ftruncate(fd, 0) == 0
                       && ::pwrite(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size());
        }
        ::flock(fd, LOCK_UN);
        ::close(fd);
        return accepted;
    }

private:
    std::string m_file;
};

} // namespace treelock::test
