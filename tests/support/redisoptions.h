#pragma once

#include "redisserver.h"

#include "treelock/redisurl.h"

namespace treelock::test {

/// Options that reach `server` on its Unix socket, every other one at its default.
inline RedisOptions redisOptionsFor(const RedisServer& server)
{
    RedisOptions options;
    options.url = server.url();
    return options;
}

} // namespace treelock::test
