#include "valueformat.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace treelock::dashboardpreview {

namespace {

struct Step {
    double size;
    const char* suffix;
};

// The largest step not above `magnitude` (the first one for smaller values).
template <std::size_t N>
Scale pick(const std::array<Step, N>& steps, double magnitude, double base, const QString& after)
{
    Step chosen = steps.front();
    for (const Step& s : steps)
        if (magnitude * base >= s.size)
            chosen = s;
    return {chosen.size / base, QString::fromLatin1(chosen.suffix) + after};
}

constexpr std::array<Step, 4> kCounts{{{1, ""}, {1e3, " K"}, {1e6, " Mil"}, {1e9, " Bil"}}};
constexpr std::array<Step, 7> kSeconds{
    {{1e-6, " µs"}, {1e-3, " ms"}, {1, " s"}, {60, " min"}, {3600, " hour"}, {86400, " day"}, {604800, " week"}}};
constexpr std::array<Step, 5> kBytes{
    {{1, " B"}, {1024, " KiB"}, {1024.0 * 1024, " MiB"}, {1024.0 * 1024 * 1024, " GiB"}, {1024.0 * 1024 * 1024 * 1024, " TiB"}}};

} // namespace

Scale scaleFor(const QString& unit, double magnitude)
{
    magnitude = std::abs(magnitude);
    if (unit == QLatin1String("s") || unit == QLatin1String("ms")) {
        const double base = unit == QLatin1String("ms") ? 1e-3 : 1;
        // Zero is written in the panel's own unit, not in microseconds.
        if (magnitude == 0)
            return {1, QStringLiteral(" ") + (unit == QLatin1String("ms") ? QStringLiteral("ms") : QStringLiteral("s"))};
        return pick(kSeconds, magnitude, base, QString());
    }
    if (unit == QLatin1String("bytes"))
        return pick(kBytes, magnitude, 1, QString());
    if (unit == QLatin1String("percent"))
        return {1, QStringLiteral("%")};
    if (unit == QLatin1String("percentunit"))
        return {0.01, QStringLiteral("%")};
    QString after;
    if (unit == QLatin1String("ops"))
        after = QStringLiteral(" ops/s");
    else if (unit == QLatin1String("opm"))
        after = QStringLiteral(" ops/min");
    else if (unit == QLatin1String("reqps"))
        after = QStringLiteral(" req/s");
    else if (!unit.isEmpty() && unit != QLatin1String("short") && unit != QLatin1String("none"))
        after = QLatin1Char(' ') + unit;
    return pick(kCounts, magnitude, 1, after);
}

QString formatScaled(double value, const Scale& scale, int decimals)
{
    const double scaled = value / scale.divisor;
    QString text = QString::number(scaled, 'f', std::max(0, decimals));
    if (text == QLatin1String("-0"))
        text = QStringLiteral("0");
    return text + scale.suffix;
}

QString formatValue(double value, const QString& unit, std::optional<int> decimals)
{
    const Scale scale = scaleFor(unit, value);
    if (decimals)
        return formatScaled(value, scale, *decimals);
    const double scaled = std::abs(value / scale.divisor);
    int digits = 0;
    if (scaled != 0 && scaled < 100)
        digits = std::clamp(2 - int(std::floor(std::log10(scaled))), 0, 2);
    QString text = formatScaled(value, scale, digits);
    // 1.50 → 1.5, 2.00 → 2: trailing zeros say nothing.
    if (digits > 0) {
        const qsizetype point = text.indexOf(QLatin1Char('.'));
        qsizetype end = point + 1 + digits;
        while (end > point + 1 && text.at(end - 1) == QLatin1Char('0'))
            --end;
        if (end == point + 1)
            end = point;
        text = text.left(end) + text.mid(point + 1 + digits);
    }
    return text;
}

int decimalsForStep(double step)
{
    if (step <= 0 || !std::isfinite(step))
        return 0;
    return std::clamp(-int(std::floor(std::log10(step) + 1e-9)), 0, 6);
}

double niceStep(double span, int count)
{
    if (span <= 0 || count <= 0)
        return 1;
    const double raw = span / count;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * power >= raw)
            return m * power;
    return 10 * power;
}

} // namespace treelock::dashboardpreview
