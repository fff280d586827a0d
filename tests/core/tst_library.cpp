// The function library is one file, byte-identical for every client: lua/library.lua and
// the copies the Python and Node clients ship are exactly what the C++ library composes
// from lua/ and loads into Redis (docs/protocol.md, "Versions and loading").

#include "redisoptions.h"
#include "redisserver.h"
#include "treelock/error.h"
#include "treelock/redisengine.h"
#include "treelock/redisprotocol.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
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

std::string readFile(const std::string& relative)
{
    std::ifstream in(sourceDir() + "/" + relative, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + relative);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

class LibraryFile : public ::testing::TestWithParam<const char*> {};

TEST_P(LibraryFile, isWhatTheCppLibraryComposes)
{
    const std::string file = readFile(GetParam());
    const redis::Library& library = redis::embeddedLibrary();
    // A difference means lua/ changed without scripts/make-library being run.
    ASSERT_EQ(file.size(), library.body.size()) << GetParam() << ": run scripts/make-library";
    EXPECT_TRUE(file == library.body) << GetParam() << ": run scripts/make-library";
}

INSTANTIATE_TEST_SUITE_P(EveryClient, LibraryFile,
                         ::testing::Values("lua/library.lua", "clients/python/treelock/library.lua",
                                           "clients/node/library.lua"));

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

// What the server holds after the C++ engine's first call is the committed file, byte
// for byte: FUNCTION LIST WITHCODE gives back the loaded code.
TEST(Library, theEngineLoadsExactlyTheCommittedFile)
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
    EXPECT_TRUE(code == readFile("lua/library.lua")) << "the server holds other code than lua/library.lua";
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
