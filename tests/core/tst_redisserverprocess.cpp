// RedisServerProcess: the one way the tests, the bench and Studio start a
// private redis-server. Configuration, listeners, stop/start, cleanup, errors.

#include "treelock/error.h"
#include "treelock/redisprotocol.h"
#include "treelock/redisserverprocess.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

using namespace treelock;
namespace fs = std::filesystem;

namespace {

std::string configValue(redis::RawConnection& c, const std::string& name)
{
    const redis::Reply r = c.command({"CONFIG", "GET", name});
    return r.isArray() && r.size() == 2 ? r[1].text : "(missing)";
}

std::string errorOf(RedisServerConfig config)
{
    try {
        RedisServerProcess server(std::move(config));
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return {};
}

TEST(RedisServerProcess, startsWithTreelocksConfigurationOnASocket)
{
    RedisServerConfig config;
    config.folderPrefix = "tst-rsp";
    config.extraConfig = {"maxmemory 64mb"};
    RedisServerProcess server(config);
    EXPECT_TRUE(server.running());
    EXPECT_EQ(fs::path(server.directory()).filename().string().rfind("tst-rsp-", 0), 0u) << server.directory();
    EXPECT_EQ(server.socketPath(), server.directory() + "/redis.sock");
    EXPECT_EQ(server.url(), "unix://" + server.socketPath());
    EXPECT_EQ(server.port(), 0);
    redis::RawConnection c(server.url());
    EXPECT_EQ(c.text({"PING"}), "PONG");
    EXPECT_EQ(configValue(c, "maxmemory-policy"), "noeviction");
    EXPECT_EQ(configValue(c, "save"), "");
    EXPECT_EQ(configValue(c, "appendonly"), "no");
    EXPECT_EQ(configValue(c, "port"), "0");
    EXPECT_EQ(configValue(c, "maxmemory"), "67108864") << "extra lines are applied";
}

TEST(RedisServerProcess, tcpOnAFreeLoopbackPortAndAppendOnly)
{
    RedisServerConfig config;
    config.tcp = true;
    config.appendOnly = true;
    RedisServerProcess server(config);
    ASSERT_GT(server.port(), 0);
    EXPECT_EQ(server.tcpUrl(), "redis://127.0.0.1:" + std::to_string(server.port()));
    redis::RawConnection c(server.tcpUrl());
    EXPECT_EQ(configValue(c, "appendonly"), "yes");
    EXPECT_EQ(configValue(c, "appendfsync"), "everysec");
}

TEST(RedisServerProcess, restartKeepsSocketAndPortAndAofData)
{
    RedisServerConfig config;
    config.tcp = true;
    config.appendOnly = true;
    RedisServerProcess server(config);
    const int port = server.port();
    const pid_t first = server.pid();
    {
        redis::RawConnection c(server.url());
        EXPECT_EQ(c.text({"SET", "k", "v"}), "OK");
    }
    server.stop();
    EXPECT_FALSE(server.running());
    EXPECT_EQ(server.pid(), -1);
    EXPECT_FALSE(fs::exists(server.socketPath()));
    server.start();
    EXPECT_NE(server.pid(), first);
    EXPECT_EQ(server.port(), port);
    redis::RawConnection c(server.tcpUrl());
    EXPECT_EQ(c.text({"GET", "k"}), "v") << "a clean stop writes the AOF";
    server.restart(/*crash=*/true);
    EXPECT_TRUE(server.running());
}

TEST(RedisServerProcess, destructorStopsTheServerAndRemovesItsFolder)
{
    std::string dir;
    pid_t pid = -1;
    {
        RedisServerProcess server{RedisServerConfig{}};
        dir = server.directory();
        pid = server.pid();
        ASSERT_TRUE(fs::exists(dir + "/redis.conf"));
    }
    EXPECT_FALSE(fs::exists(dir));
    EXPECT_NE(::kill(pid, 0), 0) << "the server still runs";
}

TEST(RedisServerProcess, aGivenFolderIsUsedAndKept)
{
    const fs::path dir = fs::temp_directory_path() / ("tst-rsp-given-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    {
        RedisServerConfig config;
        config.workingDirectory = dir.string();
        RedisServerProcess server(config);
        EXPECT_EQ(server.socketPath(), (dir / "redis.sock").string());
    }
    EXPECT_TRUE(fs::exists(dir / "redis.conf"));
    fs::remove_all(dir);
}

// Studio relies on this: its private server must not outlive the worker
// thread that started it, even if Studio is killed.
TEST(RedisServerProcess, parentDeathSignalFiresWhenTheStartingThreadEnds)
{
    RedisServerConfig config;
    config.parentDeathSignal = SIGTERM;
    std::unique_ptr<RedisServerProcess> server;
    std::thread([&] { server = std::make_unique<RedisServerProcess>(config); }).join();
    const pid_t pid = server->pid();
    int status = 0;
    pid_t done = 0;
    for (int i = 0; i < 500 && done == 0; ++i) {
        done = ::waitpid(pid, &status, WNOHANG);
        if (done == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(done, pid) << "redis-server still runs after its starting thread ended";
}

TEST(RedisServerProcess, missingExecutableIsNamed)
{
    RedisServerConfig config;
    config.executable = "no-such-redis-server";
    EXPECT_EQ(errorOf(config), "redis-server (no-such-redis-server) could not be run: is it installed?");
    config.executable = "/nonexistent/redis-server";
    EXPECT_NE(errorOf(config).find("(/nonexistent/redis-server) could not be run"), std::string::npos);
}

TEST(RedisServerProcess, badConfigurationQuotesTheServersLog)
{
    RedisServerConfig config;
    config.extraConfig = {"no-such-directive yes"};
    const std::string message = errorOf(config);
    EXPECT_NE(message.find("exited at start"), std::string::npos) << message;
    EXPECT_NE(message.find("no-such-directive"), std::string::npos) << message;
}

TEST(RedisServerProcess, serverWithTheDefaultUserOffCountsAsUp)
{
    RedisServerConfig config;
    config.extraConfig = {"user default off"};
    RedisServerProcess server(config);
    // Up, and a connection without credentials is told why it cannot go on.
    try {
        redis::RawConnection c(server.url());
        c.command({"PING"});
        ADD_FAILURE() << "a connection without credentials was accepted";
    } catch (const AuthenticationError& e) {
        EXPECT_NE(std::string(e.what()).find("NOAUTH"), std::string::npos) << e.what();
    }
}

TEST(RedisServerProcess, freeLoopbackPortsAreUsable)
{
    const int port = freeLoopbackPort();
    EXPECT_GT(port, 0);
    EXPECT_LE(port, 65535);
}

} // namespace
