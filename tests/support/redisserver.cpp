#include "redisserver.h"

#include "process.h"

#include <csignal>

namespace treelock::test {

namespace {

RedisServerConfig configOf(RedisServer::Options options)
{
    RedisServerConfig config;
    config.tcp = options.tcp;
    config.appendOnly = options.appendOnly;
    config.extraConfig = std::move(options.extraConfig);
    config.tls = std::move(options.tls);
    // The server must not outlive a test that crashes or is killed.
    config.parentDeathSignal = SIGKILL;
    return config;
}

} // namespace

RedisServer::RedisServer() : RedisServer(Options{}) {}

RedisServer::RedisServer(Options options) : m_process(configOf(std::move(options))) {}

RedisServer::~RedisServer() { m_process.stop(/*crash=*/true); }

std::string RedisServer::cli(const std::vector<std::string>& args) const
{
    std::string command = "redis-cli -s '" + socketPath() + "'";
    for (const auto& arg : args) {
        std::string quoted;
        for (char c : arg)
            quoted += (c == '\'') ? std::string("'\\''") : std::string(1, c);
        command += " '" + quoted + "'";
    }
    return runCommand(command + " 2>&1").output;
}

} // namespace treelock::test
