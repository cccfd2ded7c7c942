#include "colormap.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace attention {

namespace {

/// Viridis at t = 0, 0.1, …, 1 (the matplotlib map's published samples).
constexpr std::array<QRgb, 11> anchors = {
    0x440154, 0x482475, 0x414487, 0x355f8d, 0x2a788e, 0x21918c,
    0x22a884, 0x44bf70, 0x7ad151, 0xbddf26, 0xfde725,
};

std::array<QRgb, Colormap::size> buildTable()
{
    std::array<QRgb, Colormap::size> table{};
    for (int i = 0; i < Colormap::size; ++i) {
        const double x = double(i) / (Colormap::size - 1) * (anchors.size() - 1);
        const int lo = std::min(int(x), int(anchors.size()) - 2);
        const double f = x - lo;
        const auto mix = [f](int a, int b) { return int(std::lround(a + (b - a) * f)); };
        const QRgb a = anchors[lo];
        const QRgb b = anchors[lo + 1];
        table[i] = qRgb(mix(qRed(a), qRed(b)), mix(qGreen(a), qGreen(b)), mix(qBlue(a), qBlue(b)));
    }
    return table;
}

/// sRGB channel (0…255) to linear light.
double linear(int channel)
{
    const double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

} // namespace

const std::array<QRgb, Colormap::size> &Colormap::table()
{
    static const std::array<QRgb, size> table = buildTable();
    return table;
}

QRgb Colormap::viridis(double t)
{
    const std::array<QRgb, size> &colors = table();
    if (!(t > 0.0)) // also NaN
        return colors.front();
    if (t >= 1.0)
        return colors.back();
    return colors[static_cast<std::size_t>(t * (size - 1) + 0.5)];
}

void Colormap::colors(const double *values, Index count, double minimum, double maximum,
                      QRgb *colors)
{
    constexpr double minusInfinity = -std::numeric_limits<double>::infinity();
    const std::array<QRgb, size> &colorTable = table();
    const double span = maximum - minimum;
    const Eigen::Map<const Eigen::ArrayXd> x(values, count);
    // viridis() of each clamped position, a whole row at a time: t ≤ 0 (and NaN) is the first
    // colour, t ≥ 1 the last, an empty range the middle one.
    const Eigen::ArrayXd t =
        span > 0.0 ? ((x - minimum) / span).min(1.0).eval() : Eigen::ArrayXd::Constant(count, 0.5);
    const Eigen::ArrayXi index = (t > 0.0).select(t * (size - 1) + 0.5, 0.0).cast<int>();
    for (Index i = 0; i < count; ++i)
        colors[i] = x[i] == minusInfinity ? maskedColor : colorTable[std::size_t(index[i])];
}

QColor Colormap::textColorOn(QRgb background)
{
    const double luminance = 0.2126 * linear(qRed(background)) +
                             0.7152 * linear(qGreen(background)) +
                             0.0722 * linear(qBlue(background));
    // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05); they are equal
    // at L ≈ 0.179.
    return luminance > 0.179 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace attention
