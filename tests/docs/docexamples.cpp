#include "docexamples.h"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

#ifndef TREELOCK_SOURCE_DIR_FALLBACK
#error "TREELOCK_SOURCE_DIR_FALLBACK must name the source tree"
#endif

namespace treelock::test {

namespace {

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

bool startsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

} // namespace

std::filesystem::path sourceDir()
{
    const char* dir = std::getenv("TREELOCK_SOURCE_DIR");
    return dir ? std::filesystem::path(dir) : std::filesystem::path(TREELOCK_SOURCE_DIR_FALLBACK);
}

std::string readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<DocBlock> fencedBlocks(const std::string& markdown)
{
    std::vector<DocBlock> blocks;
    const std::vector<std::string> lines = splitLines(markdown);
    std::optional<DocBlock> current;
    std::string fence;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        // Fences may be indented (inside a list item); their content keeps its own indentation.
        const std::string& raw = lines[i];
        const auto first = raw.find_first_not_of(' ');
        const std::string line = first == std::string::npos ? std::string() : raw.substr(first);
        if (!current) {
            if (startsWith(line, "```")) {
                current = DocBlock{static_cast<int>(i + 1), line.substr(3), {}};
                fence = raw.substr(0, first);
            }
            continue;
        }
        if (line == "```") {
            blocks.push_back(std::move(*current));
            current.reset();
            continue;
        }
        current->lines.push_back(startsWith(raw, fence) ? raw.substr(fence.size()) : raw);
    }
    return blocks;
}

std::vector<DocExample> consoleExamples(const std::string& markdown)
{
    static const std::regex exitMarker(R"(\(exit ([0-9]+)\))");
    std::vector<DocExample> examples;
    for (const DocBlock& block : fencedBlocks(markdown)) {
        if (block.info != "console")
            continue;
        std::vector<std::string> output;
        bool open = false; // an example of this block is collecting its output
        const auto finish = [&] {
            if (!open)
                return;
            open = false;
            while (!output.empty() && output.back().empty())
                output.pop_back();
            examples.back().outputEnd = examples.back().outputBegin + static_cast<int>(output.size());
            std::smatch match;
            if (!output.empty() && std::regex_match(output.back(), match, exitMarker)) {
                examples.back().expectedExit = std::stoi(match[1]);
                output.pop_back();
            }
            for (const auto& line : output)
                examples.back().expectedOutput += line + "\n";
            output.clear();
        };
        bool continued = false;
        for (std::size_t i = 0; i < block.lines.size(); ++i) {
            const std::string& line = block.lines[i];
            if (continued) {
                examples.back().command += "\n" + line;
                continued = !line.empty() && line.back() == '\\';
                examples.back().outputBegin = block.line + 2 + static_cast<int>(i);
                continue;
            }
            if (startsWith(line, "$ ")) {
                finish();
                DocExample example;
                example.line = block.line + 1 + static_cast<int>(i);
                example.command = line.substr(2);
                example.outputBegin = example.line + 1;
                continued = !line.empty() && line.back() == '\\';
                examples.push_back(std::move(example));
                open = true;
                continue;
            }
            output.push_back(line);
        }
        finish();
    }
    return examples;
}

std::string maskVolatile(std::string text)
{
    static const std::vector<std::pair<std::regex, std::string>> rules{
        {std::regex(R"(\b[0-9]{13,}-[0-9]+\b)"), "<stream-id>"},
        {std::regex(R"([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z)"), "<time>"},
        {std::regex(R"(\b[0-9a-f]{32}\b)"), "<lease>"},
        {std::regex(R"(\b[0-9a-f]{8}\b)"), "<lease8>"},
        {std::regex(R"(\b[0-9]{13,}\b)"), "<number>"},
        {std::regex(R"(\b[0-9]+\.[0-9] s\b)"), "<seconds> s"},
        {std::regex(R"(\b[0-9]+(\.[0-9]+)? ms\b)"), "<ms> ms"},
        {std::regex(R"("expires_in_ms": ?[0-9]+)"), "\"expires_in_ms\":<ms>"},
        {std::regex(R"(host=[^ \n]+)"), "host=<host>"},
    };
    for (const auto& [pattern, replacement] : rules)
        text = std::regex_replace(text, pattern, replacement);
    return text;
}

} // namespace treelock::test
