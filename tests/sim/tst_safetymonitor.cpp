// The safety monitor: conflicts between in-flight operations, and fencing.
#include "treelock/sim/safetymonitor.h"

#include <gtest/gtest.h>

using namespace treelock;
using namespace treelock::sim;

namespace {
Access writes(std::vector<std::string> w) { return Access{{}, std::move(w)}; }
Access reads(std::vector<std::string> r) { return Access{std::move(r), {}}; }
} // namespace

TEST(SafetyMonitor, DisjointWritesAreNoViolation)
{
    SafetyMonitor m;
    EXPECT_EQ(m.enter(1, Operation::Create, 0, writes({"/A/x"})), 0);
    EXPECT_EQ(m.enter(2, Operation::Create, 0, writes({"/A/y"})), 0);
    EXPECT_EQ(m.enter(3, Operation::Create, 0, writes({"/A/xy"})), 0) << "whole segments";
    EXPECT_EQ(m.violations(), 0u);
}

TEST(SafetyMonitor, AncestorAndDescendantWritesConflict)
{
    SafetyMonitor m;
    m.enter(1, Operation::MoveFolder, 0, writes({"/A/C", "/B/C"}));
    EXPECT_EQ(m.enter(2, Operation::Upload, 0, writes({"/A/C/D/d.txt"})), 1);
    EXPECT_EQ(m.enter(3, Operation::DeleteFolder, 0, writes({"/A"})), 2) << "conflicts with 1 and 2";
    EXPECT_EQ(m.violations(), 3u);
    EXPECT_EQ(m.recentViolations().front().path, "/A/C");
    EXPECT_EQ(m.recentViolations().back().path, "/A/C/D/d.txt");
}

TEST(SafetyMonitor, ReadsConflictOnlyWithWrites)
{
    SafetyMonitor m;
    m.enter(1, Operation::CopyFolder, 0, Access{{"/A/C"}, {"/B/C"}});
    EXPECT_EQ(m.enter(2, Operation::CopyFile, 0, Access{{"/A/C/c.txt"}, {"/B/c.txt"}}), 0);
    EXPECT_EQ(m.enter(3, Operation::Upload, 0, writes({"/A/C/D/d.txt"})), 1);
    m.leave(3, true);
    m.leave(1, true);
    m.leave(2, true);
    EXPECT_EQ(m.inFlightCount(), 0u);
    EXPECT_EQ(m.enter(4, Operation::Upload, 0, writes({"/A/C/D/d.txt"})), 0);
}

TEST(SafetyMonitor, NewerTokenSupersedesOlderInsteadOfViolating)
{
    SafetyMonitor m;
    m.enter(1, Operation::Upload, 5, writes({"/A/C/D/d.txt"}));
    EXPECT_EQ(m.enter(2, Operation::Upload, 9, writes({"/A/C/D/d.txt"})), 0);
    EXPECT_TRUE(m.superseded(1));
    EXPECT_EQ(m.lowestFence(), 5u);
    EXPECT_EQ(m.leave(1, false), 0) << "the file system refused its write";
    EXPECT_EQ(m.violations(), 0u);
    m.enter(3, Operation::Upload, 10, writes({"/B/x"}));
    m.enter(4, Operation::Upload, 11, writes({"/B/x"}));
    EXPECT_EQ(m.leave(3, true), 1) << "a superseded write that lands is a violation";
}

TEST(SafetyMonitor, UnfencedConflictIsAViolation)
{
    SafetyMonitor m;
    m.enter(1, Operation::Upload, 5, writes({"/A/a.txt"}));
    EXPECT_EQ(m.enter(2, Operation::DeleteFile, 0, writes({"/A/a.txt"})), 1);
}

TEST(SafetyMonitor, RootRegionOverlapsEverything)
{
    SafetyMonitor m;
    m.enter(1, Operation::Create, 0, reads({"/"}));
    EXPECT_EQ(m.enter(2, Operation::Create, 0, writes({"/Z/q"})), 1);
}
