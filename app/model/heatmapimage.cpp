#include "heatmapimage.h"

#include "colormap.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attention {

namespace {

constexpr double minusInfinity = -std::numeric_limits<double>::infinity();

/// The finite minimum and maximum of `m` (±∞ and NaN left out); {0, 1} when there is none.
std::pair<double, double> finiteRange(const Eigen::Ref<const Matrix> &m)
{
    constexpr double infinity = std::numeric_limits<double>::infinity();
    const auto a = m.array();
    const auto finite = a.isFinite();
    const double lo = finite.select(a, infinity).minCoeff();
    const double hi = finite.select(a, -infinity).maxCoeff();
    if (lo > hi)
        return {0.0, 1.0};
    return {lo, hi};
}

/// Row `row` of `m` before the logarithm: x · n on the relative scale (n = the keys the row
/// sees), x elsewhere; −∞ where masked.
void pooledInput(const Eigen::Ref<const Matrix> &m, const HeatmapScale &scale, Index row,
                 Eigen::Ref<RowVector> out)
{
    const Index columns = m.cols();
    const Index visible = scale.masked ? std::min<Index>(row + 1, columns) : columns;
    out.head(visible) = m.row(row).head(visible);
    if (scale.relative)
        out.head(visible) *= double(visible);
    out.tail(columns - visible).setConstant(minusInfinity);
}

/// line(x) = max(line(x), the largest of `values`' block x), blocks of `block` entries.
void poolInto(const RowVector &values, int block, Eigen::Ref<RowVector> line)
{
    const Index full = values.size() / block;
    const Eigen::Map<const Matrix> blocks(values.data(), full, block); // row x: block x
    line.head(full) = line.head(full).cwiseMax(blocks.rowwise().maxCoeff().transpose());
    if (full < line.size())
        line(full) = std::max(line(full), values.tail(values.size() - full * block).maxCoeff());
}

/// log₂ of the pooled x · n, clamped to ±relativeSpan; −∞ (masked) stays.
void toRelative(Eigen::Ref<RowVector> line)
{
    constexpr double span = HeatmapScale::relativeSpan;
    line = (line.array() == minusInfinity)
               .select(minusInfinity, (line.array().log() / M_LN2).cwiseMax(-span).cwiseMin(span));
}

} // namespace

int heatmapBlock(Index rows, Index columns)
{
    const Index largest = std::max(rows, columns);
    return int(std::max<Index>(1, (largest + HeatmapImage::maxSide - 1) / HeatmapImage::maxSide));
}

std::pair<double, double> heatmapRange(const Eigen::Ref<const Matrix> &m, const HeatmapScale &scale)
{
    if (scale.relative)
        return {-HeatmapScale::relativeSpan, HeatmapScale::relativeSpan};
    if (scale.unitRange)
        return {0.0, 1.0};
    const auto [lo, hi] = finiteRange(m);
    if (lo < hi)
        return {lo, hi};
    if (scale.weights)
        return {0.0, 1.0};
    return {lo - 1.0, hi + 1.0}; // all equal (zero queries, say): the one value in the middle
}

double heatmapShownValue(const Eigen::Ref<const Matrix> &m, const HeatmapScale &scale, Index row,
                         Index column)
{
    if (scale.masked && column > row)
        return minusInfinity;
    const double x = m(row, column);
    if (!scale.relative)
        return x;
    // The weight as a multiple of its row's uniform weight 1/n, n = the keys the row sees.
    const double keys = scale.masked ? double(row + 1) : double(m.cols());
    return std::clamp(std::log2(x * keys), -HeatmapScale::relativeSpan, HeatmapScale::relativeSpan);
}

HeatmapImage heatmapImage(const Eigen::Ref<const Matrix> &m, const HeatmapScale &scale)
{
    HeatmapImage result;
    result.scale = scale;
    std::tie(result.minimum, result.maximum) = heatmapRange(m, scale);
    const Index rows = m.rows();
    const Index columns = m.cols();
    const int block = heatmapBlock(rows, columns);
    result.block = block;
    const int width = int((columns + block - 1) / block);
    const int height = int((rows + block - 1) / block);
    result.image = QImage(width, height, QImage::Format_RGB32);
    RowVector input(columns);
    RowVector line(width);
    for (int y = 0; y < height; ++y) {
        if (block == 1) {
            pooledInput(m, scale, y, line);
        } else {
            line.setConstant(minusInfinity);
            for (Index r = Index(y) * block; r < std::min(rows, Index(y + 1) * block); ++r) {
                pooledInput(m, scale, r, input);
                poolInto(input, block, line);
            }
        }
        if (scale.relative)
            toRelative(line);
        Colormap::colors(line.data(), width, result.minimum, result.maximum,
                         reinterpret_cast<QRgb *>(result.image.scanLine(y)));
    }
    return result;
}

} // namespace attention
