#include "serverinfo.h"

namespace treelock::bench {

std::vector<std::pair<std::string, std::string>> infoSection(redis::RawConnection& client,
                                                            std::string_view section)
{
    const std::string text = client.text({"INFO", section});
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t from = 0;
    while (from < text.size()) {
        std::size_t nl = text.find('\n', from);
        if (nl == std::string::npos)
            nl = text.size();
        std::string line = text.substr(from, nl - from);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const auto colon = line.find(':');
        if (!line.empty() && line[0] != '#' && colon != std::string::npos)
            out.emplace_back(line.substr(0, colon), line.substr(colon + 1));
        from = nl + 1;
    }
    return out;
}

CommandStat commandStat(const std::vector<std::pair<std::string, std::string>>& info,
                        std::string_view command)
{
    const std::string key = "cmdstat_" + std::string(command);
    CommandStat stat;
    for (const auto& [k, v] : info) {
        if (k != key)
            continue;
        // calls=10,usec=100,usec_per_call=10.00,rejected_calls=0,failed_calls=0
        auto field = [&v](std::string_view name) -> std::uint64_t {
            const std::string tag = std::string(name) + "=";
            std::size_t at = 0;
            while ((at = v.find(tag, at)) != std::string::npos) {
                if (at == 0 || v[at - 1] == ',')
                    return std::stoull(v.substr(at + tag.size()));
                at += tag.size();
            }
            return 0;
        };
        stat.calls = field("calls");
        stat.usec = field("usec");
    }
    return stat;
}

} // namespace treelock::bench
