// The permission matrix as text: JSON, Markdown, CSV, the terminal grid and the
// generated document.

#include "treelock/matrix.h"

#include "matrixshared.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <sstream>

namespace treelock {

using verify::detail::matrixIndex;
using verify::detail::seedSubText;

namespace {

std::string symbolFor(bool allowed)
{
    return std::string(toSymbol(allowed ? SeedVerdict::Allowed : SeedVerdict::Blocked));
}

std::string resultWord(bool allowed)
{
    return allowed ? "allowed" : "blocked";
}

std::string rowLabel(const SeedCell& cell)
{
    return std::string(chineseName(cell.row)) + " " + std::string(englishName(cell.row)) + " ("
           + cell.rowObject + ")";
}

std::string columnLabel(Operation op)
{
    return std::string(chineseName(op)) + " " + std::string(englishName(op));
}

std::string clashText(const ScenarioOutcome& outcome)
{
    if (!outcome.blocker)
        return {};
    const Blocker& b = *outcome.blocker;
    return "at " + b.clashPath + ": held " + std::string(toString(b.heldMode)) + ", wanted "
           + toString(b.wanted) + " (first operation's " + toString(LockRequest{b.path, b.mode})
           + ")";
}

// --- Markdown helpers -------------------------------------------------------

std::string markdownEscape(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

std::string code(std::string_view text)
{
    return "`" + std::string(text) + "`";
}

std::string markdownGridCell(const std::vector<const MatrixEntry*>& subs)
{
    std::string out;
    for (const MatrixEntry* entry : subs) {
        if (!out.empty())
            out += " ";
        const std::string seed = seedSubText(*entry->subCell);
        if (entry->agrees)
            out += seed;
        else
            out += "**" + seed + "\u2192" + symbolFor(entry->outcome.allowed) + "**";
    }
    return out;
}

// Sub-cells of one cell, in order, from a derived matrix.
std::vector<std::vector<const MatrixEntry*>> entriesByCell(const DerivedMatrix& matrix)
{
    std::vector<std::vector<const MatrixEntry*>> cells(kAllOperations.size()
                                                       * kAllOperations.size());
    for (const MatrixEntry& entry : matrix.entries) {
        cells[matrixIndex(entry.cell->row) * kAllOperations.size() + matrixIndex(entry.cell->column)]
            .push_back(&entry);
    }
    return cells;
}

std::string summaryLine(const DerivedMatrix& matrix)
{
    return std::to_string(matrix.agreeing()) + " of " + std::to_string(matrix.entries.size())
           + " sub-cells agree with the seed, " + std::to_string(matrix.differing()) + " differ";
}

std::string markdownGrid(const DerivedMatrix& matrix)
{
    std::ostringstream out;
    out << "| 操作对象 object | 操作 operation |";
    for (const Operation op : kAllOperations)
        out << " " << columnLabel(op) << " |";
    out << "\n|---|---|";
    for (std::size_t i = 0; i < kAllOperations.size(); ++i)
        out << "---|";
    out << "\n";
    const auto cells = entriesByCell(matrix);
    for (const Operation row : kAllOperations) {
        const std::vector<const MatrixEntry*>& first = cells[matrixIndex(row) * kAllOperations.size()];
        out << "| " << markdownEscape(first.front()->cell->rowObject) << " | " << columnLabel(row)
            << " |";
        for (const Operation column : kAllOperations)
            out << " " << markdownGridCell(cells[matrixIndex(row) * kAllOperations.size() + matrixIndex(column)]) << " |";
        out << "\n";
    }
    return out.str();
}

std::string markdownDifferences(const DerivedMatrix& matrix)
{
    std::ostringstream out;
    out << "| row (first) | column (second) | object | scenario | seed | engine | clash | reason |\n"
        << "|---|---|---|---|---|---|---|---|\n";
    for (const MatrixEntry& entry : matrix.entries) {
        if (entry.agrees)
            continue;
        out << "| " << markdownEscape(rowLabel(*entry.cell)) << " | "
            << columnLabel(entry.cell->column) << " | " << entry.subCell->object << " | "
            << code(toString(entry.subCell->first)) << " then "
            << code(toString(entry.subCell->second)) << " | " << toSymbol(entry.subCell->seed)
            << " | " << symbolFor(entry.outcome.allowed) << " | "
            << (entry.outcome.blocker ? markdownEscape(clashText(entry.outcome)) : "") << " | "
            << (entry.reason.empty() ? "**(no reason recorded)**" : markdownEscape(entry.reason))
            << " |\n";
    }
    return out.str();
}

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

// Display width for the plain-text grid: one column per code point, two for East
// Asian wide and fullwidth ones (the seed's "/A，a.txt").
// A table's head cells for the profiles (" `fine` | `seed` |"), then `middle`, then
// one "---|" per profile.
void profileHeads(std::ostream& out, const std::vector<DerivedMatrix>& derived, std::string_view middle)
{
    for (const DerivedMatrix& matrix : derived)
        out << " `" << matrix.profile << "` |";
    out << middle;
    for (std::size_t i = 0; i < derived.size(); ++i)
        out << "---|";
}

std::size_t displayWidth(std::string_view text)
{
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        char32_t cp = length == 1 ? lead : lead & (0xFF >> (length + 1));
        for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF)
                          || (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF)
                          || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60)
                          || (cp >= 0xFFE0 && cp <= 0xFFE6);
        width += wide ? 2 : 1;
        i += length;
    }
    return width;
}

std::string padded(const std::string& text, std::size_t width)
{
    const std::size_t used = displayWidth(text);
    return text + std::string(used < width ? width - used : 0, ' ');
}

} // namespace

// --- output -----------------------------------------------------------------

std::string matrixToJson(const DerivedMatrix& matrix)
{
    const auto requests = [](const std::vector<LockRequest>& plan) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const LockRequest& request : plan)
            list.push_back(toString(request));
        return list;
    };
    const auto operation = [](Operation op) {
        nlohmann::ordered_json item;
        item["operation"] = std::string(toString(op));
        item["chinese"] = std::string(chineseName(op));
        item["english"] = std::string(englishName(op));
        return item;
    };
    const auto textOrNull = [](const std::string& text) {
        return text.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(text);
    };

    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const MatrixEntry& entry : matrix.entries) {
        const SeedCell& cell = *entry.cell;
        const SeedSubCell& sub = *entry.subCell;
        nlohmann::ordered_json item;
        item["profile"] = matrix.profile;
        item["row"] = operation(cell.row);
        item["row"]["object"] = cell.rowObject;
        item["column"] = operation(cell.column);
        item["object"] = sub.object;
        item["seed_cell"] = cell.text;
        item["seed"] = std::string(toSymbol(sub.seed));
        item["expected"] = resultWord(expectsAllowed(sub.seed));
        item["engine"] = resultWord(entry.outcome.allowed);
        item["agrees"] = entry.agrees;
        item["first"] = {{"call", toString(sub.first)}, {"plan", requests(entry.outcome.firstPlan)}};
        item["second"] = {{"call", toString(sub.second)},
                          {"plan", requests(entry.outcome.secondPlan)}};
        if (entry.outcome.blocker) {
            const Blocker& b = *entry.outcome.blocker;
            nlohmann::ordered_json clash;
            clash["path"] = b.clashPath;
            clash["held"] = std::string(toString(b.heldMode));
            clash["wanted"] = toString(b.wanted);
            clash["blocking_request"] = toString(LockRequest{b.path, b.mode});
            clash["blocking_operation"] = b.operation;
            item["clash"] = std::move(clash);
        } else {
            item["clash"] = nullptr;
        }
        item["reason"] = textOrNull(entry.reason);
        item["reading"] = textOrNull(sub.reading);
        list.push_back(std::move(item));
    }
    return list.dump(2) + "\n";
}

std::string matrixToMarkdown(const DerivedMatrix& matrix)
{
    std::ostringstream out;
    out << "## Profile `" << matrix.profile << "`\n\n"
        << summaryLine(matrix) << ".\n\n"
        << "Each cell shows the seed's text; a sub-cell where the engine differs is bold, with "
           "the engine's answer after the arrow (`B×→√`: the seed blocks, the engine allows).\n\n"
        << markdownGrid(matrix) << "\n";
    out << "### Differences under `" << matrix.profile << "`\n\n";
    if (matrix.differing() == 0)
        out << "None.\n";
    else
        out << markdownDifferences(matrix);
    return out.str();
}

std::string matrixToCsv(const DerivedMatrix& matrix)
{
    std::ostringstream out;
    out << "profile,row,row_chinese,row_object,column,column_chinese,object,seed_cell,seed,"
           "expected,engine,agrees,first,second,first_plan,second_plan,clash_path,held_mode,"
           "wanted,blocking_request,reason,reading\r\n";
    for (const MatrixEntry& entry : matrix.entries) {
        const SeedCell& cell = *entry.cell;
        const SeedSubCell& sub = *entry.subCell;
        const std::optional<Blocker>& b = entry.outcome.blocker;
        const std::vector<std::string> fields{
            matrix.profile,
            std::string(toString(cell.row)),
            std::string(chineseName(cell.row)),
            cell.rowObject,
            std::string(toString(cell.column)),
            std::string(chineseName(cell.column)),
            sub.object,
            cell.text,
            std::string(toSymbol(sub.seed)),
            resultWord(expectsAllowed(sub.seed)),
            resultWord(entry.outcome.allowed),
            entry.agrees ? "yes" : "no",
            toString(sub.first),
            toString(sub.second),
            toString(entry.outcome.firstPlan, " "),
            toString(entry.outcome.secondPlan, " "),
            b ? b->clashPath : std::string(),
            b ? std::string(toString(b->heldMode)) : std::string(),
            b ? toString(b->wanted) : std::string(),
            b ? toString(LockRequest{b->path, b->mode}) : std::string(),
            entry.reason,
            sub.reading};
        for (std::size_t i = 0; i < fields.size(); ++i)
            out << (i ? "," : "") << csvField(fields[i]);
        out << "\r\n";
    }
    return out.str();
}

std::string matrixToText(const DerivedMatrix& matrix)
{
    const auto cells = entriesByCell(matrix);
    std::vector<std::vector<std::string>> grid;
    std::vector<std::string> head{"row \\ column"};
    for (const Operation op : kAllOperations)
        head.emplace_back(verify::detail::kShortOperationNames[matrixIndex(op)]);
    grid.push_back(std::move(head));
    for (const Operation row : kAllOperations) {
        const SeedCell& first = *cells[matrixIndex(row) * kAllOperations.size()].front()->cell;
        std::vector<std::string> line{std::string(verify::detail::kShortOperationNames[matrixIndex(row)]) + " "
                                      + first.rowObject};
        for (const Operation column : kAllOperations) {
            std::string text;
            for (const MatrixEntry* entry :
                 cells[matrixIndex(row) * kAllOperations.size() + matrixIndex(column)]) {
                if (!text.empty())
                    text += " ";
                text += seedSubText(*entry->subCell);
                if (!entry->agrees)
                    text += "\u2192" + symbolFor(entry->outcome.allowed) + "!";
            }
            line.push_back(std::move(text));
        }
        grid.push_back(std::move(line));
    }
    std::vector<std::size_t> widths(grid.front().size(), 0);
    for (const auto& line : grid) {
        for (std::size_t i = 0; i < line.size(); ++i)
            widths[i] = std::max(widths[i], displayWidth(line[i]));
    }

    std::ostringstream out;
    out << "Permission matrix, profile " << matrix.profile << ": " << summaryLine(matrix) << ".\n"
        << "Seed's text per cell; \"B\u00D7\u2192\u221A!\" marks a sub-cell where the engine "
           "differs (the seed blocks, the engine allows).\n\n";
    for (const auto& line : grid) {
        std::string text;
        for (std::size_t i = 0; i < line.size(); ++i)
            text += (i ? "  " : "") + padded(line[i], widths[i]);
        while (!text.empty() && text.back() == ' ')
            text.pop_back();
        out << text << "\n";
    }
    if (matrix.differing() > 0) {
        out << "\nDifferences:\n";
        for (const MatrixEntry& entry : matrix.entries) {
            if (entry.agrees)
                continue;
            out << "\n" << toString(entry.cell->row) << " x " << toString(entry.cell->column)
                << " [" << entry.subCell->object << "]: seed " << toSymbol(entry.subCell->seed)
                << ", engine " << resultWord(entry.outcome.allowed) << "\n"
                << "  " << toString(entry.subCell->first) << "  ["
                << toString(entry.outcome.firstPlan, ", ") << "]\n"
                << "  " << toString(entry.subCell->second) << "  ["
                << toString(entry.outcome.secondPlan, ", ") << "]\n";
            if (entry.outcome.blocker)
                out << "  clash " << clashText(entry.outcome) << "\n";
            out << "  reason: " << (entry.reason.empty() ? "(none recorded)" : entry.reason)
                << "\n";
        }
    }
    return out.str();
}

std::string matrixDocument(const SeedMatrix& seed)
{
    std::vector<DerivedMatrix> derived;
    for (const std::string& name : Policy::builtinNames())
        derived.push_back(deriveMatrix(seed, Policy::builtin(name)));

    std::ostringstream out;
    out << "# Permission matrix: the seed's table, checked against the engine\n\n"
        << "<!-- Generated by `treelock matrix --markdown`. Do not edit: change "
           "resources/matrix/seed-expected.json or the generator (verify/src/matrixreport.cpp) and "
           "regenerate; the test tst_matrix fails when this file is not the generator's "
           "output. -->\n\n"
        << "QA's question: while someone runs operation X here, may someone else run "
           "operation Y there? The seed (the article \"redis实现分布式文件夹锁\" this project started from) answers it in an 11 x 11 table. "
           "Treelock derives the answer from its lock plans: every sub-cell of the table is a "
           "concrete scenario on a scratch project of the in-process engine (`MemoryEngine`), "
           "the row's operation granted first, the column's attempted while it is held. The "
           "seed's table, the scenarios and the reasons are data: "
           "`resources/matrix/seed-expected.json`, embedded in core.\n\n"
        << "- `treelock matrix [--profile fine|seed]` prints one profile as a grid with the "
           "differences; `--json` as a list of cells (row and column operation, object, seed "
           "expectation, engine result, both lock plans, clash, reason); `--markdown` with a "
           "profile prints that profile's section, without one this whole page.\n"
        << "- Treelock Studio's \"Permission matrix\" view shows the same grid, replays a cell "
           "on a scratch project and exports Markdown and CSV.\n\n";

    out << "## Summary\n\n| profile | sub-cells | agree | differ |\n|---|---|---|---|\n";
    for (const DerivedMatrix& matrix : derived) {
        out << "| `" << matrix.profile << "` | " << matrix.entries.size() << " | "
            << matrix.agreeing() << " | " << matrix.differing() << " |\n";
    }
    out << "\nThe table has 121 cells; cells that name several objects (`A×B√`) are split "
           "into one sub-cell per object, "
        << seed.subCellCount() << " in all.\n\n";

    out << "## How the table is read\n\n";
    for (const std::string& note : seed.notes())
        out << "- " << note << "\n";
    out << "\nFixture tree:";
    for (const std::string& path : seed.fixture())
        out << " " << code(path);
    out << "\n\n";

    for (const DerivedMatrix& matrix : derived)
        out << matrixToMarkdown(matrix) << "\n";

    out << "## Asymmetric pairs in the seed\n\n"
           "Two sub-cells are mirrors when one's first operation is the other's second and "
           "the other way round, on the same paths (names of new items aside). The engine "
           "answers both the same way (compatibility is symmetric; `tst_matrix` checks it); "
           "the seed does not for these pairs, so under any profile at least one of each pair "
           "differs:\n\n"
           "| cell | seed | mirror cell | seed |\n|---|---|---|---|\n";
    for (const AsymmetricPair& pair : asymmetricSeedPairs(seed)) {
        out << "| " << markdownEscape(rowLabel(*pair.cell)) << " x "
            << columnLabel(pair.cell->column) << " [" << pair.subCell->object << "]: "
            << code(toString(pair.subCell->first)) << " then "
            << code(toString(pair.subCell->second)) << " | " << toSymbol(pair.subCell->seed)
            << " | " << markdownEscape(rowLabel(*pair.mirrorCell)) << " x "
            << columnLabel(pair.mirrorCell->column) << " [" << pair.mirrorSubCell->object
            << "]: " << code(toString(pair.mirrorSubCell->first)) << " then "
            << code(toString(pair.mirrorSubCell->second)) << " | "
            << toSymbol(pair.mirrorSubCell->seed) << " |\n";
    }

    out << "\n## Lock plans\n\nEvery call the scenarios use, planned by each profile.\n\n"
        << "| call |";
    profileHeads(out, derived, "\n|---|");
    out << "\n";
    std::vector<std::string> calls;
    std::set<std::string> seen;
    for (const SeedCell& cell : seed.cells()) {
        for (const SeedSubCell& sub : cell.subCells) {
            for (const OperationCall* call : {&sub.first, &sub.second}) {
                if (seen.insert(toString(*call)).second)
                    calls.push_back(toString(*call));
            }
        }
    }
    for (const std::string& call : calls) {
        out << "| " << code(call) << " |";
        for (const std::string& name : Policy::builtinNames())
            out << " " << toString(Policy::builtin(name).plan(parseOperationCall(call)), ", ") << " |";
        out << "\n";
    }

    out << "\n## Every scenario\n\n| # | row | column | object | first | second | seed |";
    profileHeads(out, derived, " reading |\n|---|---|---|---|---|---|---|");
    out << "---|\n";
    for (std::size_t i = 0; i < derived.front().entries.size(); ++i) {
        const MatrixEntry& entry = derived.front().entries[i];
        out << "| " << (i + 1) << " | " << toString(entry.cell->row) << " | "
            << toString(entry.cell->column) << " | " << entry.subCell->object << " | "
            << code(toString(entry.subCell->first)) << " | "
            << code(toString(entry.subCell->second)) << " | " << toSymbol(entry.subCell->seed)
            << " |";
        for (const DerivedMatrix& matrix : derived) {
            const MatrixEntry& mine = matrix.entries[i];
            out << " " << (mine.agrees ? "" : "**") << symbolFor(mine.outcome.allowed)
                << (mine.agrees ? "" : "**");
            if (mine.outcome.blocker) {
                out << " " << mine.outcome.blocker->clashPath << " "
                    << toString(mine.outcome.blocker->heldMode);
            }
            out << " |";
        }
        out << " " << markdownEscape(entry.subCell->reading) << " |\n";
    }
    return out.str();
}

} // namespace treelock
