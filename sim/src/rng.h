#pragma once

#include <cstddef>
#include <cstdint>

namespace treelock::sim::detail {

/// splitmix64: small, fast, and the same sequence on every platform.
class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) : m_state(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

private:
    std::uint64_t m_state;
};

} // namespace treelock::sim::detail
