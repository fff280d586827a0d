// The function library is one body of bytes for every client: what the C++ library
// composes from lua/ and loads into Redis is what the Python and Node clients compose
// from the same files by the rule of docs/protocol.md ("The library").

#include "process.h"
#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

using namespace treelock;
using namespace std::chrono_literals;

namespace {

std::string sourceDir()
{
    const char* dir = std::getenv("TREELOCK_SOURCE_DIR");
    if (dir == nullptr)
        throw std::runtime_error("TREELOCK_SOURCE_DIR is not set (ctest sets it)");
    return dir;
}

/// What a client's composer writes to stdout, run from the source tree.
std::string composedBy(const std::string& program)
{
    const test::CommandResult r = test::runCommand("cd '" + sourceDir() + "' && " + program);
    if (r.exitCode != 0)
        throw std::runtime_error(program + " failed (" + std::to_string(r.exitCode) + "): " + r.output);
    return r.output;
}

TEST(Library, thePythonClientComposesTheSameBytes)
{
    const std::string python = composedBy(
        std::string(TREELOCK_PYTHON)
        + " -c 'import importlib.util, pathlib, sys; "
          "spec = importlib.util.spec_from_file_location(\"c\", \"clients/python/treelock/composer.py\"); "
          "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
          "sys.stdout.buffer.write(m.compose(pathlib.Path(\"lua\")))'");
    const redis::Library& library = redis::embeddedLibrary();
    ASSERT_EQ(python.size(), library.body.size());
    EXPECT_TRUE(python == library.body) << "clients/python/treelock/composer.py composes other bytes";
}

TEST(Library, theNodeClientComposesTheSameBytes)
{
    const std::string node = composedBy(std::string(TREELOCK_NODE)
                                        + " -e 'process.stdout.write(require(\"./clients/node/lib/composer\")"
                                          ".compose(\"lua\"))'");
    const redis::Library& library = redis::embeddedLibrary();
    ASSERT_EQ(node.size(), library.body.size());
    EXPECT_TRUE(node == library.body) << "clients/node/lib/composer.js composes other bytes";
}

TEST(Library, namesItsVersionAndProtocol)
{
    const redis::Library& library = redis::embeddedLibrary();
    EXPECT_EQ(library.body.rfind("#!lua name=" + library.name + "\n", 0), 0u);
    EXPECT_EQ(library.name.size(), 3u + 16u);
    EXPECT_NE(library.body.find("\nlocal PROTOCOL = 1\n"), std::string::npos);
    for (const redis::Script script : redis::allScripts()) {
        EXPECT_NE(library.body.find("function_name = '" + library.function(script) + "'"), std::string::npos)
            << library.function(script);
    }
}

// What the server holds after the C++ engine's first call is the library, byte for
// byte: FUNCTION LIST WITHCODE gives back the loaded code.
TEST(Library, theEngineLoadsExactlyTheLibrary)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    AcquireOptions options;
    options.owner = "cpp";
    ASSERT_TRUE(engine.acquire({{"/A", LockMode::X}}, options).granted);

    redis::RawConnection c(server.url());
    const redis::Reply list = c.command({"FUNCTION", "LIST", "WITHCODE"});
    ASSERT_TRUE(list.isArray()) << list.describe();
    ASSERT_EQ(list.size(), 1u) << list.describe();
    const redis::Reply& entry = list[0];
    std::string name, code;
    for (std::size_t i = 0; i + 1 < entry.size(); i += 2) {
        if (entry[i].text == "library_name")
            name = entry[i + 1].text;
        if (entry[i].text == "library_code")
            code = entry[i + 1].text;
    }
    EXPECT_EQ(name, redis::embeddedLibrary().name);
    EXPECT_TRUE(code == redis::embeddedLibrary().body) << "the server holds other code than the library";
}

// A project whose counters have a layout this protocol does not know (a later
// protocol's) is refused with TLPROTOCOL and left as it was.
TEST(Library, refusesAProjectOfAnUnknownLayout)
{
    test::RedisServer server;
    RedisEngine engine(test::redisOptionsFor(server), "p");
    redis::RawConnection c(server.url());
    const std::string later(56, '\x01');
    ASSERT_TRUE(c.command({"HSET", "tl:{p}:state", "#m", later}).is(1));
    AcquireOptions options;
    options.owner = "cpp";
    try {
        engine.acquire({{"/A", LockMode::X}}, options);
        FAIL() << "a project of an unknown layout was granted";
    } catch (const Error& error) {
        const std::string what = error.what();
        EXPECT_NE(what.find("TLPROTOCOL"), std::string::npos) << what;
        EXPECT_NE(what.find("56 bytes"), std::string::npos) << what;
        EXPECT_NE(what.find("protocol 1"), std::string::npos) << what;
    }
    EXPECT_EQ(c.text({"HGET", "tl:{p}:state", "#m"}), later);
    EXPECT_TRUE(c.command({"HGET", "tl:{p}:state", "/A"}).isNil());
}

} // namespace
