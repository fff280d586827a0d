#include "thrown.h"
#include "treelock/error.h"
#include "treelock/leaseid.h"

#include <gtest/gtest.h>

#include <string>
#include <unordered_set>

using namespace treelock;

namespace {

std::string projectMessageOf(std::string_view project)
{
    return test::messageThrownBy<InvalidInput>([&] { validateProject(project); });
}

} // namespace

TEST(LeaseId, newIdIs32LowerCaseHexDigits)
{
    const LeaseId id = newLeaseId();
    ASSERT_EQ(id.size(), 32u);
    for (const char c : id)
        EXPECT_TRUE((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')) << id;
    EXPECT_TRUE(isValidLeaseId(id));
}

TEST(LeaseId, tenThousandIdsAreDistinct)
{
    std::unordered_set<LeaseId> ids;
    for (int i = 0; i < 10000; ++i) {
        const LeaseId id = newLeaseId();
        ASSERT_TRUE(isValidLeaseId(id)) << id;
        ids.insert(id);
    }
    EXPECT_EQ(ids.size(), 10000u);
}

TEST(LeaseId, everyHexDigitShowsUp)
{
    // 3,200 random digits miss one of the 16 with probability below 1e-80.
    std::unordered_set<char> digits;
    for (int i = 0; i < 100; ++i) {
        for (const char c : newLeaseId())
            digits.insert(c);
    }
    EXPECT_EQ(digits.size(), 16u);
}

TEST(LeaseId, validity)
{
    EXPECT_TRUE(isValidLeaseId("0123456789abcdef0123456789abcdef"));
    EXPECT_FALSE(isValidLeaseId(""));
    EXPECT_FALSE(isValidLeaseId("0123456789abcdef0123456789abcde"));
    EXPECT_FALSE(isValidLeaseId("0123456789abcdef0123456789abcdef0"));
    EXPECT_FALSE(isValidLeaseId("0123456789ABCDEF0123456789abcdef"));
    EXPECT_FALSE(isValidLeaseId("0123456789abcdeg0123456789abcdef"));
    EXPECT_FALSE(isValidLeaseId("0123456789abcdef0123456789abcde "));
    EXPECT_FALSE(isValidLeaseId(std::string_view("0123456789abcdef0123456789abcde\0", 32)));
}

TEST(LeaseId, shortIdIsTheFirstEightCharacters)
{
    EXPECT_EQ(shortLeaseId("0123456789abcdef0123456789abcdef"), "01234567");
    EXPECT_EQ(shortLeaseId("abc"), "abc");
    EXPECT_EQ(shortLeaseId(""), "");
}

TEST(LeaseId, validProjects)
{
    for (const std::string& project :
         {std::string("a"), std::string("default"), std::string("Drive_1.backup-2"),
          std::string("..."), std::string(64, 'x')}) {
        EXPECT_NO_THROW(validateProject(project)) << project;
    }
}

TEST(LeaseId, invalidProjectsAreNamed)
{
    for (const std::string& project :
         {std::string(""), std::string(65, 'x'), std::string("a b"), std::string("a/b"),
          std::string("a{b}"), std::string("a:b"), std::string("项目"), std::string("a\nb"),
          std::string("a\0b", 3)}) {
        EXPECT_THROW(validateProject(project), InvalidInput) << ::testing::PrintToString(project);
    }
    const std::string braces = projectMessageOf("a{b}");
    EXPECT_NE(braces.find("\"a{b}\""), std::string::npos) << braces;
    EXPECT_NE(braces.find("1-64 characters of A-Z a-z 0-9 _ . -"), std::string::npos) << braces;
    EXPECT_NE(projectMessageOf("").find("empty"), std::string::npos);
    EXPECT_NE(projectMessageOf(std::string(65, 'x')).find("65 characters"), std::string::npos);
    EXPECT_NE(projectMessageOf("a\nb").find("\"a\\x0ab\""), std::string::npos)
        << projectMessageOf("a\nb");
}
