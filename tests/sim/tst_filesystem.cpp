// The simulated file system: the 11 operations, preconditions, fencing.
#include "treelock/error.h"
#include "treelock/sim/filesystem.h"

#include <gtest/gtest.h>

using namespace treelock;
using namespace treelock::sim;

namespace {

FileSystem seedFs() { return FileSystem::fromPaths(FileSystem::seedTree()); }

FsStatus run(FileSystem& fs, Operation op, std::vector<std::string> args, std::uint64_t fence = 0)
{
    return fs.perform(OperationCall{op, std::move(args)}, fence).status;
}

} // namespace

TEST(FileSystem, SeedTreeHasFoldersFilesAndRecycleBin)
{
    const FileSystem fs = seedFs();
    EXPECT_EQ(fs.kind("/A"), EntryKind::Folder);
    EXPECT_EQ(fs.kind("/A/C/D/d.txt"), EntryKind::File);
    EXPECT_EQ(fs.kind("/A/C/E"), EntryKind::Folder);
    EXPECT_EQ(fs.kind("/.recycle"), EntryKind::Folder);
    EXPECT_EQ(fs.files().size(), 3u);
    // "/", /A, /A/C, /A/C/D, /A/C/E, /B (the recycle bin is not a live folder)
    EXPECT_EQ(fs.folders().size(), 6u);
}

TEST(FileSystem, CreateAddsAFolder)
{
    FileSystem fs = seedFs();
    EXPECT_EQ(run(fs, Operation::Create, {"/B", "new"}), FsStatus::Ok);
    EXPECT_EQ(fs.kind("/B/new"), EntryKind::Folder);
    EXPECT_EQ(run(fs, Operation::Create, {"/B", "new"}), FsStatus::Failed) << "name taken";
    EXPECT_EQ(run(fs, Operation::Create, {"/nowhere", "x"}), FsStatus::Failed) << "no such folder";
}

TEST(FileSystem, UploadAddsOrOverwritesAFile)
{
    FileSystem fs = seedFs();
    EXPECT_EQ(run(fs, Operation::Upload, {"/B", "b.txt"}, 5), FsStatus::Ok);
    EXPECT_EQ(fs.kind("/B/b.txt"), EntryKind::File);
    const auto before = fs.entry("/A/a.txt")->version;
    EXPECT_EQ(run(fs, Operation::Upload, {"/A", "a.txt"}, 6), FsStatus::Ok);
    EXPECT_EQ(fs.entry("/A/a.txt")->version, before + 1);
    EXPECT_EQ(fs.entry("/A/a.txt")->fence, 6u);
    EXPECT_EQ(run(fs, Operation::Upload, {"/A", "C"}), FsStatus::Failed) << "a folder has that name";
}

TEST(FileSystem, MoveFolderMovesTheSubtree)
{
    FileSystem fs = seedFs();
    EXPECT_EQ(run(fs, Operation::MoveFolder, {"/A/C", "/B"}), FsStatus::Ok);
    EXPECT_FALSE(fs.exists("/A/C"));
    EXPECT_FALSE(fs.exists("/A/C/D/d.txt"));
    EXPECT_EQ(fs.kind("/B/C/D/d.txt"), EntryKind::File);
    EXPECT_EQ(fs.kind("/B/C/E"), EntryKind::Folder);
    EXPECT_TRUE(fs.exists("/A/a.txt"));
    EXPECT_EQ(run(fs, Operation::MoveFolder, {"/B", "/B/C"}), FsStatus::Failed) << "into its own subtree";
    EXPECT_EQ(run(fs, Operation::MoveFolder, {"/A/a.txt", "/B"}), FsStatus::Failed) << "a file";
}

TEST(FileSystem, MoveFileMovesOneFile)
{
    FileSystem fs = seedFs();
    EXPECT_EQ(run(fs, Operation::MoveFile, {"/A/a.txt", "/B"}), FsStatus::Ok);
    EXPECT_FALSE(fs.exists("/A/a.txt"));
    EXPECT_EQ(fs.kind("/B/a.txt"), EntryKind::File);
    EXPECT_EQ(run(fs, Operation::MoveFile, {"/A/C", "/B"}), FsStatus::Failed) << "a folder";
}

TEST(FileSystem, CopyFolderDuplicatesTheSubtree)
{
    FileSystem fs = seedFs();
    const auto size = fs.size();
    EXPECT_EQ(run(fs, Operation::CopyFolder, {"/A/C", "/B"}), FsStatus::Ok);
    EXPECT_TRUE(fs.exists("/A/C/D/d.txt"));
    EXPECT_TRUE(fs.exists("/B/C/D/d.txt"));
    EXPECT_EQ(fs.size(), size + 5); // C, c.txt, D, d.txt, E
    EXPECT_EQ(run(fs, Operation::CopyFolder, {"/A/C", "/B"}), FsStatus::Failed) << "name taken";
}

TEST(FileSystem, CopyFileDuplicatesOneFile)
{
    FileSystem fs = seedFs();
    EXPECT_EQ(run(fs, Operation::CopyFile, {"/A/a.txt", "/B"}), FsStatus::Ok);
    EXPECT_TRUE(fs.exists("/A/a.txt"));
    EXPECT_TRUE(fs.exists("/B/a.txt"));
}

TEST(FileSystem, RenameFolderRenamesTheSubtree)
{
    FileSystem fs = seedFs();
    EXPECT_EQ(run(fs, Operation::RenameFolder, {"/A/C", "Z"}), FsStatus::Ok);
    EXPECT_TRUE(fs.exists("/A/Z/D/d.txt"));
    EXPECT_FALSE(fs.exists("/A/C"));
    EXPECT_EQ(run(fs, Operation::RenameFolder, {"/A/Z", "a.txt"}), FsStatus::Failed) << "name taken";
}

TEST(FileSystem, RenameFileRenamesOneFile)
{
    FileSystem fs = seedFs();
    EXPECT_EQ(run(fs, Operation::RenameFile, {"/A/a.txt", "b.txt"}), FsStatus::Ok);
    EXPECT_TRUE(fs.exists("/A/b.txt"));
    EXPECT_FALSE(fs.exists("/A/a.txt"));
}

TEST(FileSystem, DeleteMovesIntoTheRecycleBinAndPurgeRemoves)
{
    FileSystem fs = seedFs();
    const FsResult deleted = fs.perform(OperationCall{Operation::DeleteFolder, {"/A/C"}}, 0);
    ASSERT_EQ(deleted.status, FsStatus::Ok);
    EXPECT_FALSE(fs.exists("/A/C"));
    const std::string binned = deleted.planned.destination;
    EXPECT_TRUE(isAncestor("/.recycle", binned)) << binned;
    EXPECT_TRUE(fs.exists(binned + "/D/d.txt"));
    ASSERT_EQ(fs.recycled().size(), 1u);

    EXPECT_EQ(run(fs, Operation::DeleteFile, {"/A/a.txt"}), FsStatus::Ok);
    EXPECT_EQ(fs.recycled().size(), 2u);
    EXPECT_EQ(fs.files().size(), 0u) << "binned files are not live files";

    EXPECT_EQ(run(fs, Operation::Purge, {"/" + baseName(binned)}), FsStatus::Ok);
    EXPECT_FALSE(fs.exists(binned));
    EXPECT_FALSE(fs.exists(binned + "/D/d.txt"));
    EXPECT_EQ(fs.recycled().size(), 1u);
    EXPECT_EQ(run(fs, Operation::Purge, {"/" + baseName(binned)}), FsStatus::Failed) << "already purged";
    EXPECT_EQ(run(fs, Operation::DeleteFolder, {"/"}), FsStatus::Failed);
    EXPECT_EQ(run(fs, Operation::DeleteFolder, {"/.recycle"}), FsStatus::Failed);
}

TEST(FileSystem, TwoDeletesOfTheSameNameGetDistinctBinEntries)
{
    FileSystem fs = FileSystem::fromPaths({"/A/x.txt", "/B/x.txt"});
    const auto a = fs.perform(OperationCall{Operation::DeleteFile, {"/A/x.txt"}}, 0);
    const auto b = fs.perform(OperationCall{Operation::DeleteFile, {"/B/x.txt"}}, 0);
    ASSERT_EQ(a.status, FsStatus::Ok);
    ASSERT_EQ(b.status, FsStatus::Ok);
    EXPECT_NE(a.planned.destination, b.planned.destination);
}

TEST(FileSystem, AccessSetsFollowTheOperationsMeaning)
{
    FileSystem fs = seedFs();
    const auto move = fs.begin(OperationCall{Operation::MoveFolder, {"/A/C", "/B"}}, 0).planned.access;
    EXPECT_EQ(move.writes, (std::vector<std::string>{"/A/C", "/B/C"}));
    EXPECT_TRUE(move.reads.empty());
    const auto copy = fs.begin(OperationCall{Operation::CopyFolder, {"/A/C", "/B"}}, 0).planned.access;
    EXPECT_EQ(copy.reads, (std::vector<std::string>{"/A/C"}));
    EXPECT_EQ(copy.writes, (std::vector<std::string>{"/B/C"}));
}

TEST(FileSystem, FencingRejectsAnOlderTokenOnATouchedNode)
{
    FileSystem fs = seedFs();
    EXPECT_EQ(run(fs, Operation::Upload, {"/A/C/D", "d.txt"}, 20), FsStatus::Ok);
    EXPECT_EQ(run(fs, Operation::Upload, {"/A/C/D", "d.txt"}, 19), FsStatus::Rejected);
    EXPECT_EQ(fs.fencingRejections(), 1u);
    // Moving the folder that holds it touches it too.
    EXPECT_EQ(run(fs, Operation::MoveFolder, {"/A/C", "/B"}, 18), FsStatus::Rejected);
    // Other nodes are not affected.
    EXPECT_EQ(run(fs, Operation::Upload, {"/A", "a.txt"}, 3), FsStatus::Ok);
    // A subtree write with a newer token fences everything below it.
    EXPECT_EQ(run(fs, Operation::MoveFolder, {"/A/C", "/B"}, 30), FsStatus::Ok);
    EXPECT_EQ(run(fs, Operation::Create, {"/A/C/D", "late"}, 25), FsStatus::Rejected);
    EXPECT_EQ(fs.fencingRejections(), 3u);
    // Token 0 (no lock) is never fenced.
    EXPECT_EQ(run(fs, Operation::Upload, {"/B/C/D", "d.txt"}, 0), FsStatus::Ok);
}

TEST(FileSystem, FencingRejectsAWriteUnderANewerRead)
{
    FileSystem fs = seedFs();
    const auto copy = fs.begin(OperationCall{Operation::CopyFolder, {"/A/C", "/B"}}, 10);
    ASSERT_EQ(copy.status, FsStatus::Ok);
    EXPECT_EQ(run(fs, Operation::Upload, {"/A/C", "c.txt"}, 9), FsStatus::Rejected);
    // Reads with an older token are fine after a newer read.
    EXPECT_EQ(fs.begin(OperationCall{Operation::CopyFile, {"/A/C/c.txt", "/B"}}, 8).status, FsStatus::Ok);
}

TEST(FileSystem, ApplyChecksTheFenceAgain)
{
    FileSystem fs = seedFs();
    const auto paused = fs.begin(OperationCall{Operation::Upload, {"/A/C/D", "d.txt"}}, 5);
    ASSERT_EQ(paused.status, FsStatus::Ok);
    EXPECT_EQ(run(fs, Operation::Upload, {"/A/C/D", "d.txt"}, 6), FsStatus::Ok);
    EXPECT_EQ(fs.apply(paused.planned).status, FsStatus::Rejected);
    fs.forgetFencesBelow(7);
    EXPECT_EQ(fs.apply(paused.planned).status, FsStatus::Ok) << "records below 7 were dropped";
}

TEST(FileSystem, FirstEntriesSkipsRootAndRecycleBin)
{
    FileSystem fs = seedFs();
    ASSERT_EQ(run(fs, Operation::DeleteFolder, {"/B"}), FsStatus::Ok);
    EXPECT_EQ(fs.firstEntries(EntryKind::Folder, 3), (std::vector<std::string>{"/A", "/A/C", "/A/C/D"}));
    EXPECT_EQ(fs.firstEntries(EntryKind::File, 1), (std::vector<std::string>{"/A/C/D/d.txt"}));
}

TEST(FileSystem, MaxEntriesMakesGrowthFailCleanly)
{
    FileSystem fs = FileSystem::fromPaths(FileSystem::seedTree(), FileSystem::Options{"/.recycle", 12});
    EXPECT_EQ(run(fs, Operation::CopyFolder, {"/A/C", "/B"}), FsStatus::Failed);
    EXPECT_EQ(run(fs, Operation::Create, {"/B", "x"}), FsStatus::Ok);
}
