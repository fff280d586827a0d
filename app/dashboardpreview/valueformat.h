#pragma once

#include <QString>

#include <optional>

namespace treelock::dashboardpreview {

/// How the values of a unit are written at one size: value / divisor, then the suffix.
struct Scale {
    double divisor = 1;
    QString suffix;
};

/// The scale Grafana's unit `unit` (s, ms, short, ops, opm, bytes, percent, ...)
/// uses for values of about `magnitude` (an absolute value): seconds become ms,
/// min or hour, bytes KiB or MiB, counts K or Mil. An unknown unit is a count
/// followed by the unit's name.
Scale scaleFor(const QString& unit, double magnitude);

/// `value` at `scale` with `decimals` digits after the point.
QString formatScaled(double value, const Scale& scale, int decimals);

/// `value` in `unit` at the scale of its own size, with `decimals` digits or,
/// when not given, as many as three significant digits need (at most 2).
QString formatValue(double value, const QString& unit, std::optional<int> decimals);

/// Digits after the point that tell apart values `step` apart (already scaled).
int decimalsForStep(double step);

/// A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `count` parts.
double niceStep(double span, int count);

} // namespace treelock::dashboardpreview
