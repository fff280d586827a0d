#include "thrown.h"
#include "treelock/error.h"
#include "treelock/policy.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

using namespace treelock;

namespace treelock {
void PrintTo(const LockRequest& request, std::ostream* out)
{
    *out << toString(request);
}
} // namespace treelock

namespace {

using M = LockMode;
using Requests = std::vector<LockRequest>;
using Args = std::vector<std::string>;

// The seed's fixture tree (docs/semantics.md, "Operation policy"): /A/a.txt /A/C/c.txt /A/C/D/d.txt /A/C/E/ /B/
struct PlanCase {
    Operation op;
    Args args;
    Requests fine;
    Requests seed;
};

const std::vector<PlanCase>& planCases()
{
    static const std::vector<PlanCase> cases{
        {Operation::Create, {"/A/C", "n.txt"}, {{"/A/C/n.txt", M::X}}, {{"/A/C/n.txt", M::X}}},
        {Operation::Upload, {"/B", "u.txt"}, {{"/B/u.txt", M::X}}, {{"/B/u.txt", M::X}}},
        {Operation::MoveFolder,
         {"/A/C", "/B"},
         {{"/A/C", M::X}, {"/B/C", M::X}},
         {{"/A/C", M::X}, {"/B", M::SIX}, {"/B/C", M::X}}},
        {Operation::MoveFile,
         {"/A/a.txt", "/B"},
         {{"/A/a.txt", M::X}, {"/B/a.txt", M::X}},
         {{"/A/a.txt", M::X}, {"/B/a.txt", M::X}}},
        {Operation::CopyFolder,
         {"/A/C", "/B"},
         {{"/A/C", M::S}, {"/B/C", M::X}},
         {{"/A/C", M::S}, {"/B/C", M::X}}},
        {Operation::CopyFile,
         {"/A/C/c.txt", "/B"},
         {{"/A/C/c.txt", M::S}, {"/B/c.txt", M::X}},
         {{"/A/C/c.txt", M::S}, {"/B/c.txt", M::X}}},
        {Operation::RenameFolder,
         {"/A/C", "F"},
         {{"/A/C", M::X}, {"/A/F", M::X}},
         {{"/A/C", M::X}, {"/A/F", M::X}}},
        {Operation::RenameFile,
         {"/A/a.txt", "b.txt"},
         {{"/A/a.txt", M::X}, {"/A/b.txt", M::X}},
         {{"/A/a.txt", M::X}, {"/A/b.txt", M::X}}},
        {Operation::DeleteFolder, {"/A/C/E"}, {{"/A/C/E", M::X}}, {{"/A/C/E", M::X}}},
        {Operation::DeleteFile, {"/A/C/D/d.txt"}, {{"/A/C/D/d.txt", M::X}},
         {{"/A/C/D/d.txt", M::X}}},
        {Operation::Purge,
         {"A", "/a.txt"},
         {{"/.recycle/A", M::X}, {"/.recycle/a.txt", M::X}},
         {{"/.recycle/A", M::X}, {"/.recycle/a.txt", M::X}}},
    };
    return cases;
}

std::string describe(const OperationCall& call)
{
    std::string out(toString(call.op));
    for (const std::string& arg : call.args)
        out += " '" + arg + "'";
    return out;
}

// The message plan() throws, or "" if it succeeds.
std::string planError(const OperationCall& call, const PathOptions& options = {},
                      const Policy& policy = Policy::builtin("fine"))
{
    return test::messageThrownBy<InvalidInput>([&] { policy.plan(call, options); });
}

std::string pathRuleOf(const OperationCall& call, const PathOptions& options = {})
{
    return test::thrownBy<InvalidPath>([&] { Policy::builtin("fine").plan(call, options); },
                                       [](const InvalidPath& error) { return error.rule(); });
}

std::string policyError(const std::string& json)
{
    return test::messageThrownBy<InvalidPolicy>([&] { Policy::fromJson(json); });
}

// The fine profile as JSON, changed by `edit`.
std::string editedFine(const std::function<void(nlohmann::json&)>& edit)
{
    nlohmann::json doc = nlohmann::json::parse(Policy::builtin("fine").toJson());
    doc["name"] = "x";
    edit(doc);
    return doc.dump();
}

void expectSamePolicy(const Policy& a, const Policy& b)
{
    EXPECT_EQ(a.name(), b.name());
    EXPECT_EQ(a.recycleBin(), b.recycleBin());
    for (const Operation op : kAllOperations)
        EXPECT_EQ(a.rules(op), b.rules(op)) << toString(op);
}

} // namespace

TEST(Policy, operationNamesRoundTrip)
{
    const std::vector<std::string> cli{"create",      "upload",        "move-folder",
                                       "move-file",   "copy-folder",   "copy-file",
                                       "rename-folder", "rename-file", "delete-folder",
                                       "delete-file", "purge"};
    const std::vector<std::string> chinese{"新建",       "上传",         "移动文件夹", "移动文件",
                                           "复制文件夹", "复制文件",     "重命名文件夹",
                                           "重命名文件", "删除文件夹",   "删除文件",
                                           "回收站清除"};
    ASSERT_EQ(kAllOperations.size(), cli.size());
    for (std::size_t i = 0; i < kAllOperations.size(); ++i) {
        EXPECT_EQ(toString(kAllOperations[i]), cli[i]);
        EXPECT_EQ(chineseName(kAllOperations[i]), chinese[i]);
        EXPECT_EQ(parseOperation(cli[i]), kAllOperations[i]);
    }
    EXPECT_EQ(parseOperation("move"), std::nullopt);
    EXPECT_EQ(parseOperation("Create"), std::nullopt);
    EXPECT_EQ(parseOperation(""), std::nullopt);
}

TEST(Policy, targetNamesRoundTrip)
{
    const std::vector<std::pair<Target, std::string>> targets{
        {Target::Source, "source"}, {Target::SourceParent, "source-parent"},
        {Target::Folder, "folder"}, {Target::New, "new"}, {Target::Item, "item"}};
    for (const auto& [target, name] : targets) {
        EXPECT_EQ(toString(target), name);
        EXPECT_EQ(parseTarget(name), target);
    }
    EXPECT_EQ(parseTarget("parent"), std::nullopt);
    EXPECT_EQ(parseTarget("Source"), std::nullopt);
}

TEST(Policy, builtinProfiles)
{
    EXPECT_EQ(Policy::builtinNames(), (std::vector<std::string>{"fine", "seed"}));
    EXPECT_EQ(Policy::builtin().name(), "fine");
    EXPECT_EQ(Policy::builtin("fine").name(), "fine");
    EXPECT_EQ(Policy::builtin("seed").name(), "seed");
    EXPECT_EQ(Policy::builtin("fine").recycleBin(), "/.recycle");
    EXPECT_EQ(Policy::builtin("seed").recycleBin(), "/.recycle");
    EXPECT_THROW(Policy::builtin("coarse"), InvalidInput);
    EXPECT_THROW(Policy::builtin(""), InvalidInput);
}

TEST(Policy, fineRulesAreTheDesignTable)
{
    const Policy fine = Policy::builtin("fine");
    using R = std::vector<PolicyRule>;
    const R xNew{{Target::New, M::X}};
    const R xSourceXNew{{Target::Source, M::X}, {Target::New, M::X}};
    const R sSourceXNew{{Target::Source, M::S}, {Target::New, M::X}};
    EXPECT_EQ(fine.rules(Operation::Create), xNew);
    EXPECT_EQ(fine.rules(Operation::Upload), xNew);
    EXPECT_EQ(fine.rules(Operation::MoveFolder), xSourceXNew);
    EXPECT_EQ(fine.rules(Operation::MoveFile), xSourceXNew);
    EXPECT_EQ(fine.rules(Operation::CopyFolder), sSourceXNew);
    EXPECT_EQ(fine.rules(Operation::CopyFile), sSourceXNew);
    EXPECT_EQ(fine.rules(Operation::RenameFolder), xSourceXNew);
    EXPECT_EQ(fine.rules(Operation::RenameFile), xSourceXNew);
    EXPECT_EQ(fine.rules(Operation::DeleteFolder), (R{{Target::Source, M::X}}));
    EXPECT_EQ(fine.rules(Operation::DeleteFile), (R{{Target::Source, M::X}}));
    EXPECT_EQ(fine.rules(Operation::Purge), (R{{Target::Item, M::X}}));
}

TEST(Policy, seedDiffersFromFineOnlyInFolderMoves)
{
    const Policy fine = Policy::builtin("fine");
    const Policy seed = Policy::builtin("seed");
    for (const Operation op : kAllOperations) {
        if (op == Operation::MoveFolder) {
            EXPECT_EQ(seed.rules(op), (std::vector<PolicyRule>{{Target::Source, M::X},
                                                               {Target::Folder, M::SIX},
                                                               {Target::New, M::X}}))
                << toString(op);
        } else {
            EXPECT_EQ(seed.rules(op), fine.rules(op)) << toString(op);
        }
    }
}

TEST(Policy, everyOperationPlansTheDocumentedRequests)
{
    std::vector<Operation> covered;
    for (const PlanCase& c : planCases()) {
        const OperationCall call{c.op, c.args};
        EXPECT_EQ(Policy::builtin("fine").plan(call), c.fine) << "fine: " << describe(call);
        EXPECT_EQ(Policy::builtin("seed").plan(call), c.seed) << "seed: " << describe(call);
        covered.push_back(c.op);
    }
    EXPECT_EQ(covered, std::vector<Operation>(kAllOperations.begin(), kAllOperations.end()));
}

TEST(Policy, planCanonicalisesArguments)
{
    const Policy fine = Policy::builtin("fine");
    EXPECT_EQ(fine.plan({Operation::MoveFolder, {"//A/C/", "/B//"}}),
              (Requests{{"/A/C", M::X}, {"/B/C", M::X}}));
    EXPECT_EQ(fine.plan({Operation::Create, {"/A", "cafe\u0301"}}),
              (Requests{{"/A/caf\u00e9", M::X}}));
    EXPECT_EQ(fine.plan({Operation::CopyFile, {"/A/100% (1) [x]+*.txt", "/B"}}),
              (Requests{{"/A/100% (1) [x]+*.txt", M::S}, {"/B/100% (1) [x]+*.txt", M::X}}));
    EXPECT_EQ(fine.plan({Operation::MoveFolder, {"/文件夹/子目录", "/B"}}),
              (Requests{{"/B/子目录", M::X}, {"/文件夹/子目录", M::X}}));
    EXPECT_EQ(fine.plan({Operation::MoveFolder, {"/A/C", "/B"}}, PathOptions{true}),
              (Requests{{"/a/c", M::X}, {"/b/c", M::X}}));
}

TEST(Policy, movesBetweenSiblingsWithCommonPrefixAreAllowed)
{
    const Policy fine = Policy::builtin("fine");
    EXPECT_EQ(fine.plan({Operation::MoveFolder, {"/A/C", "/A/CD"}}),
              (Requests{{"/A/C", M::X}, {"/A/CD/C", M::X}}));
    // Moving up to an ancestor: the seed's SIX on /A sits above the moved folder.
    EXPECT_EQ(Policy::builtin("seed").plan({Operation::MoveFolder, {"/A/C/E", "/A"}}),
              (Requests{{"/A", M::SIX}, {"/A/C/E", M::X}, {"/A/E", M::X}}));
}

TEST(Policy, argumentCountsAreChecked)
{
    EXPECT_EQ(planError({Operation::MoveFolder, {"/A"}}),
              "move-folder needs SRC DSTFOLDER, got 1 argument");
    EXPECT_EQ(planError({Operation::Create, {}}), "create needs FOLDER NAME, got 0 arguments");
    EXPECT_EQ(planError({Operation::Upload, {"/A", "b", "c"}}),
              "upload needs FOLDER NAME, got 3 arguments");
    EXPECT_EQ(planError({Operation::CopyFile, {}}),
              "copy-file needs SRC DSTFOLDER, got 0 arguments");
    EXPECT_EQ(planError({Operation::RenameFile, {"/A/a.txt"}}),
              "rename-file needs SRC NEWNAME, got 1 argument");
    EXPECT_EQ(planError({Operation::DeleteFile, {"/A", "/B"}}),
              "delete-file needs PATH, got 2 arguments");
    EXPECT_EQ(planError({Operation::DeleteFolder, {}}),
              "delete-folder needs PATH, got 0 arguments");
    EXPECT_EQ(planError({Operation::Purge, {}}), "purge needs ITEM..., got 0 arguments");
}

TEST(Policy, rootIsNeverASource)
{
    for (const OperationCall& call :
         std::vector<OperationCall>{{Operation::MoveFolder, {"/", "/B"}},
                                    {Operation::CopyFolder, {"///", "/B"}},
                                    {Operation::RenameFolder, {"/", "R"}},
                                    {Operation::DeleteFolder, {"/"}}}) {
        const std::string error = planError(call);
        EXPECT_NE(error.find("the root \"/\""), std::string::npos)
            << describe(call) << ": " << error;
    }
}

TEST(Policy, noMoveOrCopyIntoOwnSubtree)
{
    EXPECT_EQ(planError({Operation::MoveFolder, {"/A/C", "/A/C/D"}}),
              "move-folder: cannot move \"/A/C\" into its own subtree \"/A/C/D\"");
    EXPECT_EQ(planError({Operation::CopyFolder, {"/A/C", "/A/C/D/"}}),
              "copy-folder: cannot copy \"/A/C\" into its own subtree \"/A/C/D\"");
    EXPECT_EQ(planError({Operation::MoveFolder, {"/A/C", "/A/C"}}),
              "move-folder: cannot move \"/A/C\" into itself");
    EXPECT_EQ(planError({Operation::MoveFolder, {"/A", "/A/C/D"}}),
              "move-folder: cannot move \"/A\" into its own subtree \"/A/C/D\"");
    EXPECT_NE(planError({Operation::MoveFolder, {"/A/C", "/a/c/d"}}, PathOptions{true}), "");
    EXPECT_EQ(planError({Operation::MoveFolder, {"/A/C", "/a/c/d"}}), "");
}

TEST(Policy, destinationEqualToSourceIsRefused)
{
    for (const Operation op : {Operation::MoveFile, Operation::CopyFile}) {
        const std::string error = planError({op, {"/A/a.txt", "/A/"}});
        EXPECT_NE(error.find("the destination equals the source"), std::string::npos)
            << toString(op) << ": " << error;
    }
    EXPECT_NE(planError({Operation::MoveFolder, {"/A/C", "/A"}}), "");
    EXPECT_EQ(planError({Operation::RenameFile, {"/A/a.txt", "a.txt"}}),
              "rename-file: cannot rename \"/A/a.txt\" to \"a.txt\": the new name is the current "
              "name");
    EXPECT_NE(planError({Operation::RenameFolder, {"/A/C", "C"}}), "");
    EXPECT_NE(planError({Operation::RenameFile, {"/A/caf\u00e9", "cafe\u0301"}}), "");
}

TEST(Policy, caseOnlyRenameInCaseInsensitiveProject)
{
    const PathOptions folding{true};
    // Same node after folding, but a real rename: one X on it.
    const OperationCall call{Operation::RenameFile, {"/A/readme", "README"}};
    EXPECT_EQ(Policy::builtin("fine").plan(call, folding), (Requests{{"/a/readme", M::X}}));
    EXPECT_NE(planError({Operation::RenameFile, {"/A/readme", "readme"}}, folding), "");
    EXPECT_NE(planError({Operation::RenameFile, {"/A/README", "README"}}, folding), "");
}

TEST(Policy, badPathsAndNamesCarryTheirRule)
{
    EXPECT_EQ(pathRuleOf({Operation::MoveFolder, {"A/C", "/B"}}), "relative");
    EXPECT_EQ(pathRuleOf({Operation::MoveFolder, {"/A/C", "/B/../A"}}), "dot-segment");
    EXPECT_EQ(pathRuleOf({Operation::Create, {"/A", ""}}), "empty-name");
    EXPECT_EQ(pathRuleOf({Operation::Create, {"/A", "x/y"}}), "slash-in-name");
    EXPECT_EQ(pathRuleOf({Operation::RenameFile, {"/A/a.txt", "x/y"}}), "slash-in-name");
    EXPECT_EQ(pathRuleOf({Operation::RenameFile, {"/A/a.txt", ".."}}), "dot-segment");
    EXPECT_EQ(pathRuleOf({Operation::Upload, {"/A", std::string("a\0b", 3)}}), "control-character");
    EXPECT_EQ(pathRuleOf({Operation::DeleteFile, {"/A/\xff"}}), "invalid-utf8");
    EXPECT_EQ(pathRuleOf({Operation::Create, {"/" + std::string(4093, 'a'), "bb"}}), "too-long");
    // "/" + 4092 x "a" + "/bb" is exactly 4096 bytes.
    EXPECT_EQ(pathRuleOf({Operation::Create, {"/" + std::string(4092, 'a'), "bb"}}), "");
    std::string deep;
    for (int i = 0; i < 256; ++i)
        deep += "/d";
    EXPECT_EQ(pathRuleOf({Operation::Create, {deep, "n"}}), "too-many-segments");
    EXPECT_EQ(pathRuleOf({Operation::MoveFile, {"/A/a.txt", deep}}), "too-many-segments");

    const std::string error = planError({Operation::MoveFolder, {"A/C", "/B"}});
    EXPECT_EQ(error.rfind("move-folder SRC: invalid path \"A/C\"", 0), 0u) << error;
    EXPECT_NE(planError({Operation::MoveFolder, {"/A", "B"}}).find("DSTFOLDER"), std::string::npos);
}

TEST(Policy, purgeItemsAreRelativeToTheRecycleBin)
{
    const Policy fine = Policy::builtin("fine");
    EXPECT_EQ(fine.plan({Operation::Purge, {"A"}}), fine.plan({Operation::Purge, {"/A"}}));
    EXPECT_EQ(fine.plan({Operation::Purge, {"A/C//c.txt", "B"}}),
              (Requests{{"/.recycle/A/C/c.txt", M::X}, {"/.recycle/B", M::X}}));
    EXPECT_EQ(fine.plan({Operation::Purge, {"A", "/A/"}}), (Requests{{"/.recycle/A", M::X}}));
    EXPECT_EQ(pathRuleOf({Operation::Purge, {"../A"}}), "dot-segment");
    EXPECT_EQ(pathRuleOf({Operation::Purge, {"A/../../B"}}), "dot-segment");
    for (const std::string item : {"", "/", "//"}) {
        const std::string error = planError({Operation::Purge, {"A", item}});
        EXPECT_NE(error.find("the recycle bin itself"), std::string::npos) << error;
    }
    std::vector<std::string> many;
    for (std::size_t i = 0; i <= kMaxRequests; ++i)
        many.push_back("item" + std::to_string(i));
    EXPECT_THROW(fine.plan({Operation::Purge, many}), InvalidInput);
    many.pop_back();
    EXPECT_EQ(fine.plan({Operation::Purge, many}).size(), kMaxRequests);
}

TEST(Policy, purgeTakesAPathInTheRecycleBinAsItIs)
{
    const Policy fine = Policy::builtin("fine");
    EXPECT_EQ(fine.plan({Operation::Purge, {"/.recycle/a"}}), (Requests{{"/.recycle/a", M::X}}));
    EXPECT_EQ(fine.plan({Operation::Purge, {"/.recycle/a"}}), fine.plan({Operation::Purge, {"a"}}));
    EXPECT_EQ(fine.plan({Operation::Purge, {".recycle/a/b", "/.recycle//c/"}}),
              (Requests{{"/.recycle/a/b", M::X}, {"/.recycle/c", M::X}}));
    // A folder of the same name inside the bin is named by its full path.
    EXPECT_EQ(fine.plan({Operation::Purge, {"/.recycle/.recycle/a"}}), (Requests{{"/.recycle/.recycle/a", M::X}}));
    // Only the whole first segment counts: "/.recycled" is an item inside the bin.
    EXPECT_EQ(fine.plan({Operation::Purge, {"/.recycled"}}), (Requests{{"/.recycle/.recycled", M::X}}));
    const std::string error = planError({Operation::Purge, {"/.recycle"}});
    EXPECT_NE(error.find("the recycle bin itself"), std::string::npos) << error;
    EXPECT_NE(error.find("\"/.recycle/A\" all mean"), std::string::npos) << error;
    // Case folding applies to the bin's prefix too.
    EXPECT_EQ(fine.plan({Operation::Purge, {"/.RECYCLE/A"}}, PathOptions{true}),
              (Requests{{"/.recycle/a", M::X}}));
}

TEST(Policy, recycleBinComesFromTheDocument)
{
    const Policy trash = Policy::fromJson(
        editedFine([](nlohmann::json& doc) { doc["recycle_bin"] = "//Trash/can/"; }));
    EXPECT_EQ(trash.recycleBin(), "/Trash/can");
    EXPECT_EQ(trash.plan({Operation::Purge, {"x"}}), (Requests{{"/Trash/can/x", M::X}}));

    const Policy defaulted =
        Policy::fromJson(editedFine([](nlohmann::json& doc) { doc.erase("recycle_bin"); }));
    EXPECT_EQ(defaulted.recycleBin(), "/.recycle");
}

TEST(Policy, otherTargetsReachThePlan)
{
    const Policy custom = Policy::fromJson(editedFine([](nlohmann::json& doc) {
        doc["operations"]["copy-file"] = {{{"target", "source"}, {"mode", "S"}},
                                          {{"target", "source-parent"}, {"mode", "IS"}},
                                          {{"target", "folder"}, {"mode", "IX"}},
                                          {{"target", "new"}, {"mode", "X"}},
                                          {{"target", "new"}, {"mode", "S"}}};
        doc["operations"]["create"] = {{{"target", "folder"}, {"mode", "S"}},
                                       {{"target", "folder"}, {"mode", "IX"}},
                                       {{"target", "new"}, {"mode", "X"}}};
        doc["operations"]["delete-file"] = {{{"target", "source-parent"}, {"mode", "IX"}},
                                            {{"target", "source"}, {"mode", "X"}}};
    }));
    EXPECT_EQ(custom.plan({Operation::CopyFile, {"/A/C/c.txt", "/B"}}),
              (Requests{{"/A/C", M::IS}, {"/A/C/c.txt", M::S}, {"/B", M::IX}, {"/B/c.txt", M::X}}));
    EXPECT_EQ(custom.plan({Operation::Create, {"/A", "n"}}),
              (Requests{{"/A", M::SIX}, {"/A/n", M::X}}));
    EXPECT_EQ(custom.plan({Operation::DeleteFile, {"/a.txt"}}),
              (Requests{{"/", M::IX}, {"/a.txt", M::X}}));
}

TEST(Policy, jsonRoundTrips)
{
    for (const std::string& name : Policy::builtinNames()) {
        const Policy original = Policy::builtin(name);
        const std::string json = original.toJson();
        const Policy again = Policy::fromJson(json);
        expectSamePolicy(original, again);
        EXPECT_EQ(again.toJson(), json);
    }
    const Policy custom = Policy::fromJson(editedFine([](nlohmann::json& doc) {
        doc["recycle_bin"] = "/Papierkorb";
        doc["operations"]["purge"] = {{{"target", "item"}, {"mode", "SIX"}}};
    }));
    expectSamePolicy(custom, Policy::fromJson(custom.toJson()));
    EXPECT_EQ(custom.name(), "x");
}

TEST(Policy, malformedJsonIsRefused)
{
    for (const std::string json : {"", "{", "not json", "{\"name\": \"x\",}", "[]", "42", "null"}) {
        const std::string error = policyError(json);
        EXPECT_NE(error, "") << json;
        EXPECT_EQ(error.rfind("policy", 0), 0u) << error;
    }
    EXPECT_NE(policyError("{").find("malformed JSON"), std::string::npos);
    EXPECT_NE(policyError(R"({"operations": {}})").find("name: missing"), std::string::npos);
    EXPECT_NE(policyError(R"({"name": 7, "operations": {}})").find("name: must be a string"),
              std::string::npos);
    EXPECT_NE(policyError(R"({"name": "", "operations": {}})").find("name: must not be empty"),
              std::string::npos);
}

TEST(Policy, documentErrorsNameTheKey)
{
    struct Case {
        std::function<void(nlohmann::json&)> edit;
        std::string message;
    };
    const std::vector<Case> cases{
        {[](nlohmann::json& doc) { doc["operations"]["move-folder"][1]["mode"] = "Q"; },
         "policy \"x\": operations.move-folder[1].mode: \"Q\" is not a lock mode"},
        {[](nlohmann::json& doc) { doc["operations"]["create"][0]["mode"] = "x"; },
         "policy \"x\": operations.create[0].mode: \"x\" is not a lock mode"},
        {[](nlohmann::json& doc) { doc["operations"]["create"][0]["mode"] = 4; },
         "policy \"x\": operations.create[0].mode: must be a string"},
        {[](nlohmann::json& doc) { doc["operations"]["create"][0].erase("mode"); },
         "policy \"x\": operations.create[0].mode: missing"},
        {[](nlohmann::json& doc) { doc["operations"]["create"][0].erase("target"); },
         "policy \"x\": operations.create[0].target: missing"},
        {[](nlohmann::json& doc) { doc["operations"]["create"][0]["target"] = "parent"; },
         "policy \"x\": operations.create[0].target: \"parent\" is not a target"},
        {[](nlohmann::json& doc) { doc["operations"]["create"][0]["why"] = "typo"; },
         "policy \"x\": operations.create[0].why: unknown key"},
        {[](nlohmann::json& doc) { doc["operations"]["create"][0] = "X"; },
         "policy \"x\": operations.create[0]: must be an object"},
        {[](nlohmann::json& doc) { doc["operations"]["create"] = nlohmann::json::array(); },
         "policy \"x\": operations.create: needs at least one rule"},
        {[](nlohmann::json& doc) { doc["operations"]["create"] = "X"; },
         "policy \"x\": operations.create: must be an array"},
        {[](nlohmann::json& doc) { doc["operations"].erase("purge"); },
         "policy \"x\": operations.purge: missing"},
        {[](nlohmann::json& doc) { doc["operations"]["move"] = doc["operations"]["move-file"]; },
         "policy \"x\": operations.move: unknown operation"},
        {[](nlohmann::json& doc) { doc["operations"] = nlohmann::json::array(); },
         "policy \"x\": operations: must be an object"},
        {[](nlohmann::json& doc) { doc.erase("operations"); }, "policy \"x\": operations: missing"},
        {[](nlohmann::json& doc) { doc["recycleBin"] = "/t"; },
         "policy \"x\": recycleBin: unknown key"},
        {[](nlohmann::json& doc) { doc["recycle_bin"] = "t"; },
         "policy \"x\": recycle_bin: invalid path \"t\""},
        {[](nlohmann::json& doc) { doc["recycle_bin"] = "/"; },
         "policy \"x\": recycle_bin: must not be the root"},
        {[](nlohmann::json& doc) { doc["recycle_bin"] = 1; },
         "policy \"x\": recycle_bin: must be a string"},
        {[](nlohmann::json& doc) { doc["description"] = {1, 2}; },
         "policy \"x\": description: must be a string or an array of strings"},
        // Targets that do not exist for the operation.
        {[](nlohmann::json& doc) { doc["operations"]["rename-file"][0]["target"] = "folder"; },
         "policy \"x\": operations.rename-file[0].target: \"folder\" is not a target of "
         "rename-file (valid: source, source-parent, new)"},
        {[](nlohmann::json& doc) { doc["operations"]["delete-folder"][0]["target"] = "new"; },
         "policy \"x\": operations.delete-folder[0].target: \"new\" is not a target of "
         "delete-folder (valid: source, source-parent)"},
        {[](nlohmann::json& doc) { doc["operations"]["create"][0]["target"] = "source"; },
         "policy \"x\": operations.create[0].target: \"source\" is not a target of create "
         "(valid: folder, new)"},
        {[](nlohmann::json& doc) { doc["operations"]["purge"][0]["target"] = "source"; },
         "policy \"x\": operations.purge[0].target: \"source\" is not a target of purge "
         "(valid: item)"},
        {[](nlohmann::json& doc) { doc["operations"]["move-file"][0]["target"] = "item"; },
         "policy \"x\": operations.move-file[0].target: \"item\" is not a target of move-file "
         "(valid: source, source-parent, folder, new)"},
    };
    for (const Case& c : cases) {
        const std::string json = editedFine(c.edit);
        const std::string error = policyError(json);
        EXPECT_EQ(error.substr(0, c.message.size()), c.message) << json;
    }
}

TEST(Policy, descriptionsAreAccepted)
{
    EXPECT_NO_THROW(Policy::fromJson(
        editedFine([](nlohmann::json& doc) { doc["description"] = "one line"; })));
    EXPECT_NO_THROW(Policy::fromJson(editedFine([](nlohmann::json& doc) {
        doc["description"] = {"a", "b"};
    })));
}

TEST(Policy, defaultConstructedPolicyPlansNothing)
{
    const Policy empty;
    EXPECT_TRUE(empty.rules(Operation::Create).empty());
    EXPECT_THROW(empty.plan({Operation::Create, {"/A", "n"}}), InvalidInput);
}
