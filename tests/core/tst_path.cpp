#include "thrown.h"
#include "treelock/error.h"
#include "treelock/path.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace treelock;

namespace {

// The rule an input breaks, or "" if it canonicalises.
std::string ruleOf(std::string_view input, const PathOptions& options = {})
{
    return test::thrownBy<InvalidPath>([&] { canonicalPath(input, options); },
                                       [](const InvalidPath& error) { return error.rule(); });
}

std::string nameRuleOf(std::string_view input, const PathOptions& options = {})
{
    return test::thrownBy<InvalidPath>([&] { canonicalName(input, options); },
                                       [](const InvalidPath& error) { return error.rule(); });
}

std::string messageOf(std::string_view input)
{
    return test::messageThrownBy<InvalidPath>([&] { canonicalPath(input); });
}

std::string repeat(std::string_view part, std::size_t times)
{
    std::string out;
    for (std::size_t i = 0; i < times; ++i)
        out += part;
    return out;
}

struct GoodPath {
    std::string input;
    std::string canonical;
};

struct BadPath {
    std::string input;
    std::string rule;
};

} // namespace

TEST(Path, canonicalisesGoodPaths)
{
    const std::vector<GoodPath> cases{
        {"/", "/"},
        {"///", "/"},
        {"/A", "/A"},
        {"/A/", "/A"},
        {"//A//C///", "/A/C"},
        {"/A/C/D/d.txt", "/A/C/D/d.txt"},
        {"/A/CD", "/A/CD"},
        {"/a-b/(c)/100%/[x]/.hidden/a.b.c/*/+/|/~", "/a-b/(c)/100%/[x]/.hidden/a.b.c/*/+/|/~"},
        {"/%s%d/a..b/...", "/%s%d/a..b/..."},
        {"/with space/ trailing ", "/with space/ trailing "},
        {"/文件夹/子目录/文件.txt", "/文件夹/子目录/文件.txt"},
        {"/プロジェクト/한국어", "/プロジェクト/한국어"},
        {"/caf\u00e9", "/caf\u00e9"},
        {"/cafe\u0301", "/caf\u00e9"},
        {"/\u212b", "/\u00c5"},      // ANGSTROM SIGN -> A WITH RING (canonical singleton)
        {"/A\u030a", "/\u00c5"},
        {"/\U0001F600", "/\U0001F600"},
        {"/\u00a0", "/\u00a0"},      // first code point after the C1 block
        {"/Case/Kept", "/Case/Kept"},
    };
    for (const GoodPath& c : cases) {
        EXPECT_EQ(canonicalPath(c.input), c.canonical) << "input: " << c.input;
        EXPECT_TRUE(isCanonicalPath(c.canonical)) << c.canonical;
        EXPECT_EQ(canonicalPath(c.canonical), c.canonical) << "idempotent: " << c.canonical;
    }
}

TEST(Path, rejectsBadPathsWithTheirRule)
{
    const std::vector<BadPath> cases{
        {"", "empty"},
        {"A", "relative"},
        {"A/B", "relative"},
        {" /A", "relative"},
        {".", "relative"},
        {"/.", "dot-segment"},
        {"/..", "dot-segment"},
        {"/A/./B", "dot-segment"},
        {"/A/../B", "dot-segment"},
        {"/A/..", "dot-segment"},
        {"/A/.//", "dot-segment"},
        {std::string("/A\0B", 4), "control-character"},
        {std::string("/\0", 2), "control-character"},
        {"/A\x01", "control-character"},
        {"/A\tB", "control-character"},
        {"/A\nB", "control-character"},
        {"/A\x1f", "control-character"},
        {"/A\x7f", "control-character"},
        {"/A\xc2\x80", "control-character"},   // U+0080
        {"/A\xc2\x85", "control-character"},   // U+0085 NEXT LINE
        {"/A\xc2\x9f", "control-character"},   // U+009F
        {"/A\xff", "invalid-utf8"},
        {"/A\xfe", "invalid-utf8"},
        {"/A\x80", "invalid-utf8"},            // lone continuation byte
        {"/A\xc3", "invalid-utf8"},            // truncated 2-byte sequence
        {"/A\xe6\x96", "invalid-utf8"},        // truncated 3-byte sequence
        {"/A\xc3(", "invalid-utf8"},           // bad continuation
        {"/\xc0\xaf", "invalid-utf8"},         // overlong "/"
        {"/\xc1\xbf", "invalid-utf8"},         // overlong 0x7F
        {"/\xe0\x80\xaf", "invalid-utf8"},     // overlong "/" (3 bytes)
        {"/\xf0\x80\x80\xaf", "invalid-utf8"}, // overlong "/" (4 bytes)
        {"/\xc0\x80", "invalid-utf8"},         // overlong NUL
        {"/\xed\xa0\x80", "invalid-utf8"},     // UTF-16 surrogate D800
        {"/\xf4\x90\x80\x80", "invalid-utf8"}, // above U+10FFFF
        {"/\xf8\x88\x80\x80\x80", "invalid-utf8"}, // 5-byte form
    };
    for (const BadPath& c : cases)
        EXPECT_EQ(ruleOf(c.input), c.rule) << "input: " << ::testing::PrintToString(c.input);
}

TEST(Path, limitsBytesAfterCanonicalisation)
{
    const std::string exact = "/" + std::string(kMaxPathBytes - 1, 'a');
    ASSERT_EQ(exact.size(), 4096u);
    EXPECT_EQ(canonicalPath(exact), exact);
    EXPECT_TRUE(isCanonicalPath(exact));

    const std::string over = "/" + std::string(kMaxPathBytes, 'a');
    ASSERT_EQ(over.size(), 4097u);
    EXPECT_EQ(ruleOf(over), "too-long");
    EXPECT_FALSE(isCanonicalPath(over));

    // Collapsed slashes do not count...
    EXPECT_EQ(canonicalPath("//" + exact + "///"), exact);
    // ... and composition shortens: "e" + U+0301 (3 bytes) becomes U+00E9 (2 bytes).
    const std::string decomposed = std::string("/") + repeat("e\u0301", 2047) + "a";
    EXPECT_EQ(decomposed.size(), 6143u);
    EXPECT_EQ(canonicalPath(decomposed).size(), kMaxPathBytes);
    EXPECT_EQ(ruleOf(decomposed + "a"), "too-long");
}

TEST(Path, limitsSegments)
{
    const std::string exact = repeat("/s", kMaxPathSegments);
    EXPECT_EQ(canonicalPath(exact), exact);
    EXPECT_EQ(splitPath(exact).size(), 256u);
    EXPECT_TRUE(isCanonicalPath(exact));

    EXPECT_EQ(ruleOf(repeat("/s", kMaxPathSegments + 1)), "too-many-segments");
    EXPECT_FALSE(isCanonicalPath(repeat("/s", kMaxPathSegments + 1)));
    // Empty segments are not segments.
    EXPECT_EQ(canonicalPath(repeat("//s", kMaxPathSegments)), exact);
}

TEST(Path, normalisesToNfc)
{
    EXPECT_EQ(canonicalPath("/e\u0301"), canonicalPath("/\u00e9"));
    EXPECT_EQ(canonicalPath("/e\u0301"), "/\u00e9");
    // Canonical reordering of combining marks (dot below before dot above).
    EXPECT_EQ(canonicalPath("/q\u0307\u0323"), canonicalPath("/q\u0323\u0307"));
    // NFC keeps compatibility characters (this is not NFKC).
    EXPECT_EQ(canonicalPath("/\ufb01"), "/\ufb01");
    EXPECT_NE(canonicalPath("/\u00e9"), canonicalPath("/E\u0301"));
}

TEST(Path, foldsCaseWhenAsked)
{
    const PathOptions folding{true};
    EXPECT_EQ(canonicalPath("/A/C", folding), "/a/c");
    EXPECT_EQ(canonicalPath("/A/C", folding), canonicalPath("/a/c", folding));
    EXPECT_EQ(canonicalPath("/Caf\u00c9", folding), canonicalPath("/cafe\u0301", folding));
    EXPECT_EQ(canonicalPath("/STRASSE", folding), canonicalPath("/stra\u00dfe", folding));
    EXPECT_EQ(canonicalPath("/\u0391\u0392", folding), "/\u03b1\u03b2");
    EXPECT_EQ(canonicalPath("/文件", folding), "/文件");
    EXPECT_NE(canonicalPath("/A/C"), canonicalPath("/a/c"));
    for (const char* input : {"/A/B", "/\u01f0", "/\u1e9e", "/\u0130x", "/Caf\u00c9"}) {
        const std::string once = canonicalPath(input, folding);
        EXPECT_EQ(canonicalPath(once, folding), once) << "idempotent: " << input;
    }
    EXPECT_EQ(ruleOf("/A/../B", folding), "dot-segment");
}

TEST(Path, messagesNameThePathAndRule)
{
    EXPECT_EQ(messageOf("/A/../B"),
              "invalid path \"/A/../B\": \"..\" segments are not allowed (rule dot-segment)");
    EXPECT_EQ(messageOf("A/B"),
              "invalid path \"A/B\": a path must be absolute (start with \"/\") (rule relative)");
    const std::string nul = messageOf(std::string("/A\0B", 4));
    EXPECT_NE(nul.find("\"/A\\x00B\""), std::string::npos) << nul;
    EXPECT_NE(nul.find("rule control-character"), std::string::npos) << nul;
    const std::string bad = messageOf("/A\xff");
    EXPECT_NE(bad.find("\"/A\\xff\""), std::string::npos) << bad;
    EXPECT_NE(bad.find("rule invalid-utf8"), std::string::npos) << bad;
    EXPECT_NE(messageOf("/A\xc2\x85").find("\\xc2\\x85"), std::string::npos);
    EXPECT_NE(messageOf("/\"q\"\x7f").find("\"/\\\"q\\\"\\x7f\""), std::string::npos)
        << messageOf("/\"q\"\x7f");
    // Messages stay printable and short however long the input is.
    const std::string huge = messageOf("/" + std::string(100000, 'a'));
    EXPECT_LT(huge.size(), 400u);
    EXPECT_NE(huge.find("100001 bytes"), std::string::npos) << huge;
    EXPECT_NE(huge.find("rule too-long"), std::string::npos);

    try {
        canonicalPath("/A/./B");
        FAIL() << "no exception";
    } catch (const InvalidInput& error) {
        const auto* path = dynamic_cast<const InvalidPath*>(&error);
        ASSERT_NE(path, nullptr);
        EXPECT_EQ(path->path(), "/A/./B");
        EXPECT_EQ(path->rule(), "dot-segment");
    }
}

TEST(Path, canonicalNameChecksOneSegment)
{
    EXPECT_EQ(canonicalName("a.txt"), "a.txt");
    EXPECT_EQ(canonicalName("cafe\u0301"), "caf\u00e9");
    EXPECT_EQ(canonicalName("Read Me (1) [x] 100%.txt"), "Read Me (1) [x] 100%.txt");
    EXPECT_EQ(canonicalName("README", PathOptions{true}), "readme");
    EXPECT_EQ(canonicalName("..."), "...");
    EXPECT_EQ(canonicalName(".hidden"), ".hidden");

    const std::vector<BadPath> cases{
        {"", "empty-name"},
        {"/", "slash-in-name"},
        {"a/b", "slash-in-name"},
        {"/a", "slash-in-name"},
        {".", "dot-segment"},
        {"..", "dot-segment"},
        {std::string("a\0", 2), "control-character"},
        {"a\x7f", "control-character"},
        {"a\xc2\x80", "control-character"},
        {"a\xff", "invalid-utf8"},
        {"\xc0\xae", "invalid-utf8"}, // overlong "."
        {std::string(kMaxPathBytes, 'n'), "too-long"},
    };
    for (const BadPath& c : cases)
        EXPECT_EQ(nameRuleOf(c.input), c.rule) << "input: " << ::testing::PrintToString(c.input);
    EXPECT_EQ(nameRuleOf(std::string(kMaxPathBytes - 1, 'n')), "");
}

TEST(Path, isCanonicalPathRejectsNonCanonicalForms)
{
    for (const char* path : {"", "A", "/A/", "//A", "/A//B", "/A/./B", "/A/..", "/cafe\u0301",
                             "/A\x01", "/A\xff", "/A\xc2\x80"}) {
        EXPECT_FALSE(isCanonicalPath(path)) << ::testing::PrintToString(path);
    }
    for (const char* path : {"/", "/A", "/A/C/D", "/caf\u00e9", "/文件夹", "/a-b(1)"})
        EXPECT_TRUE(isCanonicalPath(path)) << path;
}

TEST(Path, ancestorTestsUseWholeSegments)
{
    EXPECT_TRUE(isAncestor("/A/C", "/A/C/D"));
    EXPECT_TRUE(isAncestor("/A", "/A/C/D/d.txt"));
    EXPECT_FALSE(isAncestor("/A/C", "/A/CD"));
    EXPECT_FALSE(isAncestor("/A/C", "/A/C"));
    EXPECT_FALSE(isAncestor("/A/C/D", "/A/C"));
    EXPECT_FALSE(isAncestor("/A/C", "/A/C-D"));
    EXPECT_FALSE(isAncestor("/A/C", "/B/A/C"));
    EXPECT_TRUE(isAncestor("/", "/A"));
    EXPECT_TRUE(isAncestor("/", "/A/C"));
    EXPECT_FALSE(isAncestor("/", "/"));
    EXPECT_FALSE(isAncestor("/A", "/"));
    EXPECT_TRUE(isAncestor("/a%", "/a%/b"));
    EXPECT_FALSE(isAncestor("/a.", "/ab/c"));

    EXPECT_TRUE(isWithin("/A/C", "/A/C"));
    EXPECT_TRUE(isWithin("/A/C/D", "/A/C"));
    EXPECT_FALSE(isWithin("/A/CD", "/A/C"));
    EXPECT_FALSE(isWithin("/A", "/A/C"));
    EXPECT_TRUE(isWithin("/", "/"));
    EXPECT_TRUE(isWithin("/B", "/"));
}

TEST(Path, ancestorsOfListsRootFirst)
{
    EXPECT_EQ(ancestorsOf("/"), std::vector<std::string>{});
    EXPECT_EQ(ancestorsOf("/A"), std::vector<std::string>{"/"});
    EXPECT_EQ(ancestorsOf("/A/C"), (std::vector<std::string>{"/", "/A"}));
    EXPECT_EQ(ancestorsOf("/A/C/D/d.txt"),
              (std::vector<std::string>{"/", "/A", "/A/C", "/A/C/D"}));
    EXPECT_EQ(ancestorsOf("/文件夹/子"), (std::vector<std::string>{"/", "/文件夹"}));
}

TEST(Path, parentBaseJoinSplit)
{
    EXPECT_EQ(parentPath("/A/C"), "/A");
    EXPECT_EQ(parentPath("/A"), "/");
    EXPECT_EQ(parentPath("/"), "/");
    EXPECT_EQ(parentPath("/A/C/D/d.txt"), "/A/C/D");

    EXPECT_EQ(baseName("/A/C"), "C");
    EXPECT_EQ(baseName("/A"), "A");
    EXPECT_EQ(baseName("/"), "");
    EXPECT_EQ(baseName("/A/C/D/d.txt"), "d.txt");

    EXPECT_EQ(joinPath("/", "A"), "/A");
    EXPECT_EQ(joinPath("/A/C", "D"), "/A/C/D");
    EXPECT_EQ(joinPath(parentPath("/A/C"), baseName("/A/C")), "/A/C");

    EXPECT_EQ(splitPath("/"), std::vector<std::string>{});
    EXPECT_EQ(splitPath("/A"), std::vector<std::string>{"A"});
    EXPECT_EQ(splitPath("/A/C/d.txt"), (std::vector<std::string>{"A", "C", "d.txt"}));
}
