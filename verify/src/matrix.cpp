#include "treelock/matrix.h"

#include "matrixshared.h"

#include "treelock/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <sstream>

namespace treelock::verify::detail {
std::string_view embeddedMatrix(std::string_view name);
} // namespace treelock::verify::detail

namespace treelock {

using verify::detail::matrixIndex;
using verify::detail::seedSubText;

namespace {

constexpr std::array<std::string_view, 11> kEnglishNames{
    "create",      "upload",        "move folder", "move file",     "copy folder", "copy file",
    "rename folder", "rename file", "delete folder", "delete file", "purge recycle bin"};

constexpr std::string_view kAllowedSymbol = "\u221A";  // √
constexpr std::string_view kBlockedSymbol = "\u00D7";  // ×
constexpr std::string_view kIndependentSymbol = "/";

// --- JSON reading -----------------------------------------------------------

class MatrixReader {
public:
    [[noreturn]] void fail(const std::string& where, const std::string& reason) const
    {
        throw InvalidInput("seed matrix: " + (where.empty() ? "" : where + ": ") + reason);
    }

    const std::string& string(const nlohmann::json& object, const std::string& key,
                              const std::string& where) const
    {
        if (!object.contains(key))
            fail(where, "missing key " + quoteInput(key));
        const nlohmann::json& value = object.at(key);
        if (!value.is_string())
            fail(where + "." + key, std::string("must be a string, got ") + value.type_name());
        return value.get_ref<const std::string&>();
    }

    std::string optionalString(const nlohmann::json& object, const std::string& key,
                               const std::string& where) const
    {
        return object.contains(key) ? string(object, key, where) : std::string();
    }

    const nlohmann::json& array(const nlohmann::json& object, const std::string& key,
                                const std::string& where) const
    {
        if (!object.contains(key) || !object.at(key).is_array())
            fail(where, "needs an array " + quoteInput(key));
        return object.at(key);
    }

    std::vector<std::string> strings(const nlohmann::json& object, const std::string& key,
                                     const std::string& where) const
    {
        std::vector<std::string> out;
        const nlohmann::json& list = array(object, key, where);
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (!list.at(i).is_string())
                fail(where + "." + key + "[" + std::to_string(i) + "]", "must be a string");
            out.push_back(list.at(i).get<std::string>());
        }
        return out;
    }

    Operation operation(const nlohmann::json& object, const std::string& key,
                        const std::string& where) const
    {
        const std::string& name = string(object, key, where);
        const std::optional<Operation> op = parseOperation(name);
        if (!op)
            fail(where + "." + key, "unknown operation " + quoteInput(name));
        return *op;
    }

    OperationCall call(const nlohmann::json& object, const std::string& key,
                       const std::string& where) const
    {
        const std::string& text = string(object, key, where);
        try {
            return parseOperationCall(text);
        } catch (const InvalidInput& error) {
            fail(where + "." + key, error.what());
        }
    }
};

SeedSubCell readSubCell(const MatrixReader& reader, const nlohmann::json& doc,
                        const std::string& where, const SeedCell& cell)
{
    if (!doc.is_object())
        reader.fail(where, "must be an object");
    SeedSubCell sub;
    sub.object = reader.string(doc, "object", where);
    if (sub.object != "A" && sub.object != "B" && sub.object != "a")
        reader.fail(where + ".object", "must be \"A\", \"B\" or \"a\", got " + quoteInput(sub.object));
    if (doc.contains("labelled")) {
        if (!doc.at("labelled").is_boolean())
            reader.fail(where + ".labelled", "must be true or false");
        sub.labelled = doc.at("labelled").get<bool>();
    }
    const std::string& symbol = reader.string(doc, "seed", where);
    const std::optional<SeedVerdict> verdict = parseSeedVerdict(symbol);
    if (!verdict)
        reader.fail(where + ".seed", "must be \u221A, \u00D7 or /, got " + quoteInput(symbol));
    sub.seed = *verdict;
    sub.first = reader.call(doc, "first", where);
    sub.second = reader.call(doc, "second", where);
    if (sub.first.op != cell.row) {
        reader.fail(where + ".first", "must be a " + std::string(toString(cell.row))
                                          + " (the row's operation), got " + toString(sub.first));
    }
    if (sub.second.op != cell.column) {
        reader.fail(where + ".second", "must be a " + std::string(toString(cell.column))
                                           + " (the column's operation), got "
                                           + toString(sub.second));
    }
    sub.reading = reader.optionalString(doc, "reading", where);
    if (doc.contains("reasons")) {
        const nlohmann::json& reasons = doc.at("reasons");
        if (!reasons.is_object())
            reader.fail(where + ".reasons", "must be an object of profile -> text");
        for (const auto& item : reasons.items()) {
            if (!item.value().is_string() || item.value().get_ref<const std::string&>().empty())
                reader.fail(where + ".reasons." + item.key(), "must be a non-empty string");
            sub.reasons.emplace(item.key(), item.value().get<std::string>());
        }
    }
    return sub;
}

} // namespace

// --- verdicts and names -----------------------------------------------------

std::string_view toSymbol(SeedVerdict verdict) noexcept
{
    switch (verdict) {
    case SeedVerdict::Allowed:
        return kAllowedSymbol;
    case SeedVerdict::Blocked:
        return kBlockedSymbol;
    case SeedVerdict::Independent:
        break;
    }
    return kIndependentSymbol;
}

std::optional<SeedVerdict> parseSeedVerdict(std::string_view symbol) noexcept
{
    if (symbol == kAllowedSymbol)
        return SeedVerdict::Allowed;
    if (symbol == kBlockedSymbol)
        return SeedVerdict::Blocked;
    if (symbol == kIndependentSymbol)
        return SeedVerdict::Independent;
    return std::nullopt;
}

bool expectsAllowed(SeedVerdict verdict) noexcept
{
    return verdict != SeedVerdict::Blocked;
}

std::string_view englishName(Operation op) noexcept
{
    return kEnglishNames[matrixIndex(op)];
}

OperationCall parseOperationCall(std::string_view text)
{
    std::vector<std::string> words;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        words.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    for (const std::string& word : words) {
        if (word.empty()) {
            throw InvalidInput("operation call " + quoteInput(text)
                               + ": operation and arguments must be separated by single spaces");
        }
    }
    const std::optional<Operation> op = parseOperation(words.front());
    if (!op) {
        throw InvalidInput("operation call " + quoteInput(text) + ": unknown operation "
                           + quoteInput(words.front()));
    }
    return OperationCall{*op, std::vector<std::string>(words.begin() + 1, words.end())};
}

// --- the seed's table -------------------------------------------------------

const SeedMatrix& SeedMatrix::builtin()
{
    static const SeedMatrix matrix = fromJson(verify::detail::embeddedMatrix("seed-expected"));
    return matrix;
}

SeedMatrix SeedMatrix::fromJson(std::string_view json)
{
    const MatrixReader reader;
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(json);
    } catch (const nlohmann::json::exception& error) {
        reader.fail("", std::string("malformed JSON: ") + error.what());
    }
    if (!doc.is_object())
        reader.fail("", "must be an object");
    if (reader.string(doc, "format", "") != "treelock-seed-matrix")
        reader.fail("format", "must be \"treelock-seed-matrix\"");
    if (!doc.contains("version") || doc.at("version") != 1)
        reader.fail("version", "must be 1");

    const nlohmann::json& operations = reader.array(doc, "operations", "");
    if (operations.size() != kAllOperations.size())
        reader.fail("operations", "must list the 11 operations");
    for (std::size_t i = 0; i < operations.size(); ++i) {
        const std::string where = "operations[" + std::to_string(i) + "]";
        const Operation op = reader.operation(operations.at(i), "name", where);
        if (op != kAllOperations[i])
            reader.fail(where, "operations must follow the seed's column order");
        if (reader.string(operations.at(i), "chinese", where) != chineseName(op))
            reader.fail(where + ".chinese", "must be " + std::string(chineseName(op)));
        if (reader.string(operations.at(i), "english", where) != englishName(op))
            reader.fail(where + ".english", "must be " + std::string(englishName(op)));
    }

    SeedMatrix matrix;
    matrix.m_fixture = reader.strings(doc, "fixture", "");
    matrix.m_notes = reader.strings(doc, "notes", "");

    const nlohmann::json& cells = reader.array(doc, "cells", "");
    if (cells.size() != kAllOperations.size() * kAllOperations.size())
        reader.fail("cells", "must hold the 121 cells of the 11 x 11 table");
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const nlohmann::json& item = cells.at(i);
        std::string where = "cells[" + std::to_string(i) + "]";
        if (!item.is_object())
            reader.fail(where, "must be an object");
        SeedCell cell;
        cell.row = reader.operation(item, "row", where);
        cell.column = reader.operation(item, "column", where);
        if (cell.row != kAllOperations[i / kAllOperations.size()]
            || cell.column != kAllOperations[i % kAllOperations.size()]) {
            reader.fail(where, "cells must be row-major in the seed's order");
        }
        where += " (" + std::string(toString(cell.row)) + " x " + std::string(toString(cell.column)) + ")";
        cell.rowObject = reader.string(item, "row_object", where);
        cell.text = reader.string(item, "seed", where);
        const nlohmann::json& subs = reader.array(item, "sub", where);
        if (subs.empty())
            reader.fail(where + ".sub", "needs at least one sub-cell");
        std::string rebuilt;
        std::set<std::string> objects;
        for (std::size_t j = 0; j < subs.size(); ++j) {
            SeedSubCell sub =
                readSubCell(reader, subs.at(j), where + ".sub[" + std::to_string(j) + "]", cell);
            if (!objects.insert(sub.object).second)
                reader.fail(where + ".sub", "object " + sub.object + " appears twice");
            if (!sub.labelled && subs.size() > 1)
                reader.fail(where + ".sub", "a cell with several sub-cells labels each one");
            rebuilt += seedSubText(sub);
            cell.subCells.push_back(std::move(sub));
        }
        if (rebuilt != cell.text) {
            reader.fail(where + ".seed", "the sub-cells spell " + quoteInput(rebuilt)
                                             + ", the cell says " + quoteInput(cell.text));
        }
        matrix.m_cells.push_back(std::move(cell));
    }
    return matrix;
}

const SeedCell& SeedMatrix::cell(Operation row, Operation column) const
{
    return m_cells.at(matrixIndex(row) * kAllOperations.size() + matrixIndex(column));
}

std::size_t SeedMatrix::subCellCount() const noexcept
{
    std::size_t count = 0;
    for (const SeedCell& cell : m_cells)
        count += cell.subCells.size();
    return count;
}

} // namespace treelock
