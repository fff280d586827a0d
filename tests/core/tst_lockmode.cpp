#include "thrown.h"
#include "treelock/error.h"
#include "treelock/lockmode.h"
#include "treelock/path.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace treelock;

namespace {

using M = LockMode;

// The documented order, independent of combine(): IS < IX < SIX < X, IS < S < SIX.
bool coveredBy(LockMode a, LockMode b)
{
    switch (a) {
    case M::IS:
        return true;
    case M::IX:
        return b == M::IX || b == M::SIX || b == M::X;
    case M::S:
        return b == M::S || b == M::SIX || b == M::X;
    case M::SIX:
        return b == M::SIX || b == M::X;
    case M::X:
        return b == M::X;
    }
    return false;
}

std::string messageOf(std::string_view spec)
{
    return test::messageThrownBy<InvalidInput>([&] { parseLockSpec(spec); });
}

} // namespace

namespace treelock {
void PrintTo(LockMode mode, std::ostream* out)
{
    *out << toString(mode);
}
void PrintTo(const LockRequest& request, std::ostream* out)
{
    *out << toString(request);
}
} // namespace treelock

TEST(LockMode, compatibilityTableOfDesign)
{
    // Rows: held; columns: requested; order IS IX S SIX X (docs/semantics.md, "Paths and modes").
    const bool expected[5][5] = {{true, true, true, true, false},
                                 {true, true, false, false, false},
                                 {true, false, true, false, false},
                                 {true, false, false, false, false},
                                 {false, false, false, false, false}};
    for (std::size_t held = 0; held < 5; ++held) {
        for (std::size_t requested = 0; requested < 5; ++requested) {
            EXPECT_EQ(compatible(kAllModes[held], kAllModes[requested]), expected[held][requested])
                << toString(kAllModes[held]) << " held, " << toString(kAllModes[requested])
                << " requested";
        }
    }
}

TEST(LockMode, compatibilityIsSymmetric)
{
    for (const LockMode a : kAllModes) {
        for (const LockMode b : kAllModes)
            EXPECT_EQ(compatible(a, b), compatible(b, a)) << toString(a) << " " << toString(b);
    }
}

TEST(LockMode, intentionOfEachMode)
{
    EXPECT_EQ(intentionOf(M::IS), M::IS);
    EXPECT_EQ(intentionOf(M::S), M::IS);
    EXPECT_EQ(intentionOf(M::IX), M::IX);
    EXPECT_EQ(intentionOf(M::SIX), M::IX);
    EXPECT_EQ(intentionOf(M::X), M::IX);
}

TEST(LockMode, combineIsTheLatticeJoin)
{
    EXPECT_EQ(combine(M::IX, M::S), M::SIX);
    EXPECT_EQ(combine(M::IS, M::IX), M::IX);
    EXPECT_EQ(combine(M::IS, M::S), M::S);
    EXPECT_EQ(combine(M::S, M::SIX), M::SIX);
    EXPECT_EQ(combine(M::IX, M::SIX), M::SIX);
    EXPECT_EQ(combine(M::SIX, M::X), M::X);
    EXPECT_EQ(combine(M::IS, M::X), M::X);
}

TEST(LockMode, combineIsCommutativeIdempotentAssociative)
{
    for (const LockMode a : kAllModes) {
        EXPECT_EQ(combine(a, a), a) << toString(a);
        for (const LockMode b : kAllModes) {
            EXPECT_EQ(combine(a, b), combine(b, a)) << toString(a) << " " << toString(b);
            for (const LockMode c : kAllModes) {
                EXPECT_EQ(combine(combine(a, b), c), combine(a, combine(b, c)))
                    << toString(a) << " " << toString(b) << " " << toString(c);
            }
        }
    }
}

TEST(LockMode, combineIsTheLeastUpperBound)
{
    for (const LockMode a : kAllModes) {
        for (const LockMode b : kAllModes) {
            const LockMode join = combine(a, b);
            EXPECT_TRUE(coveredBy(a, join) && coveredBy(b, join));
            // The join excludes at least everything a or b excludes...
            for (const LockMode other : kAllModes) {
                if (!compatible(a, other) || !compatible(b, other)) {
                    EXPECT_FALSE(compatible(join, other))
                        << toString(a) << " v " << toString(b) << " vs " << toString(other);
                }
            }
            // ... and every other upper bound is above it.
            for (const LockMode upper : kAllModes) {
                if (coveredBy(a, upper) && coveredBy(b, upper)) {
                    EXPECT_TRUE(coveredBy(join, upper))
                        << toString(a) << " v " << toString(b) << " <= " << toString(upper);
                }
            }
        }
    }
}

TEST(LockMode, namesRoundTrip)
{
    const std::vector<std::string> names{"IS", "IX", "S", "SIX", "X"};
    for (std::size_t i = 0; i < kAllModes.size(); ++i) {
        EXPECT_EQ(toString(kAllModes[i]), names[i]);
        EXPECT_EQ(parseLockMode(names[i]), kAllModes[i]);
    }
    for (const char* bad : {"", "x", "is", "Six", "XX", " X", "X ", "SI", "IXS"})
        EXPECT_EQ(parseLockMode(bad), std::nullopt) << bad;
}

TEST(LockMode, normalizeCanonicalisesMergesAndSorts)
{
    const std::vector<LockRequest> input{{"/B//", M::IS},
                                         {"/A/C/", M::IX},
                                         {"/A/CD", M::X},
                                         {"/A/C", M::S},
                                         {"/cafe\u0301", M::S},
                                         {"/caf\u00e9", M::S},
                                         {"/", M::IS}};
    const std::vector<LockRequest> expected{{"/", M::IS},
                                            {"/A/C", M::SIX},
                                            {"/A/CD", M::X},
                                            {"/B", M::IS},
                                            {"/caf\u00e9", M::S}};
    EXPECT_EQ(normalizeRequests(input, {}), expected);
}

TEST(LockMode, normalizeSortsByBytes)
{
    const std::vector<LockRequest> input{
        {"/\u00e9", M::X}, {"/z", M::X}, {"/A/C/D", M::X}, {"/A-B", M::X}, {"/A", M::X}};
    const std::vector<LockRequest> expected{
        {"/A", M::X}, {"/A-B", M::X}, {"/A/C/D", M::X}, {"/z", M::X}, {"/\u00e9", M::X}};
    EXPECT_EQ(normalizeRequests(input, {}), expected);
}

TEST(LockMode, normalizeFoldsCaseWhenAsked)
{
    const std::vector<LockRequest> input{{"/A", M::IX}, {"/a", M::S}};
    EXPECT_EQ(normalizeRequests(input, PathOptions{true}),
              (std::vector<LockRequest>{{"/a", M::SIX}}));
    EXPECT_EQ(normalizeRequests(input, {}).size(), 2u);
}

TEST(LockMode, normalizeRejectsEmptyTooManyAndBadPaths)
{
    EXPECT_THROW(normalizeRequests({}, {}), InvalidInput);

    std::vector<LockRequest> many;
    for (std::size_t i = 0; i < kMaxRequests; ++i)
        many.push_back({"/p" + std::to_string(i), M::X});
    EXPECT_EQ(normalizeRequests(many, {}).size(), kMaxRequests);
    // Duplicates merge before the limit is checked.
    many.push_back({"/p0/", M::S});
    EXPECT_EQ(normalizeRequests(many, {}).size(), kMaxRequests);
    many.push_back({"/p" + std::to_string(kMaxRequests), M::X});
    EXPECT_THROW(normalizeRequests(many, {}), InvalidInput);

    try {
        normalizeRequests({{"/A", M::X}, {"/A/../B", M::X}}, {});
        FAIL() << "no exception";
    } catch (const InvalidPath& error) {
        EXPECT_EQ(error.rule(), "dot-segment");
        EXPECT_EQ(error.path(), "/A/../B");
    }
}

TEST(LockMode, parseLockSpecSplitsAtFirstColon)
{
    EXPECT_EQ(parseLockSpec("X:/A/C"), (LockRequest{"/A/C", M::X}));
    EXPECT_EQ(parseLockSpec("SIX:/"), (LockRequest{"/", M::SIX}));
    EXPECT_EQ(parseLockSpec("IS:/A//C/"), (LockRequest{"/A/C", M::IS}));
    EXPECT_EQ(parseLockSpec("S:/a:b/c:"), (LockRequest{"/a:b/c:", M::S}));
    EXPECT_EQ(parseLockSpec("IX:/cafe\u0301"), (LockRequest{"/caf\u00e9", M::IX}));
}

TEST(LockMode, parseLockSpecErrorsNameTheSpec)
{
    const std::string badMode = messageOf("Q:/A");
    EXPECT_NE(badMode.find("\"Q:/A\""), std::string::npos) << badMode;
    EXPECT_NE(badMode.find("MODE must be one of IS IX S SIX X"), std::string::npos) << badMode;
    EXPECT_NE(messageOf("x:/A").find("MODE must be one of"), std::string::npos);
    EXPECT_NE(messageOf(":/A").find("MODE must be one of"), std::string::npos);

    const std::string noColon = messageOf("/A/C");
    EXPECT_NE(noColon.find("\"/A/C\""), std::string::npos) << noColon;
    EXPECT_NE(noColon.find("MODE:PATH"), std::string::npos) << noColon;

    try {
        parseLockSpec("X:A/C");
        FAIL() << "no exception";
    } catch (const InvalidPath& error) {
        EXPECT_EQ(error.rule(), "relative");
        EXPECT_NE(std::string(error.what()).find("\"X:A/C\""), std::string::npos) << error.what();
    }
    try {
        parseLockSpec("X:");
        FAIL() << "no exception";
    } catch (const InvalidPath& error) {
        EXPECT_EQ(error.rule(), "empty");
    }
}

TEST(LockMode, requestToStringRoundTrips)
{
    EXPECT_EQ(toString(LockRequest{"/A/C", M::X}), "X:/A/C");
    EXPECT_EQ(toString(LockRequest{"/", M::SIX}), "SIX:/");
    for (const LockMode mode : kAllModes) {
        const LockRequest request{"/A/b c/文件", mode};
        EXPECT_EQ(parseLockSpec(toString(request)), request);
    }
}
