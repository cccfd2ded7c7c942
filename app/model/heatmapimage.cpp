#include "heatmapimage.h"

#include "colormap.h"
#include "tablepool.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attention {

namespace {

constexpr double minusInfinity = -std::numeric_limits<double>::infinity();

/// The finite minimum and maximum of the cells added (±∞ and NaN left out).
struct FiniteRange
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();

    void add(const Eigen::Ref<const RowVector> &cells)
    {
        if (cells.size() == 0)
            return;
        const double rowLo = cells.minCoeff();
        const double rowHi = cells.maxCoeff();
        if (std::isfinite(rowLo) && std::isfinite(rowHi)) { // the usual case, vectorised
            lo = std::min(lo, rowLo);
            hi = std::max(hi, rowHi);
            return;
        }
        for (const double x : cells)
            if (std::isfinite(x))
                lo = std::min(lo, x), hi = std::max(hi, x);
    }
};

/// The own range from the finite minimum and maximum (lo > hi: there were none).
std::pair<double, double> ownRange(double lo, double hi, const HeatmapScale &scale)
{
    if (lo > hi)
        return {0.0, 1.0};
    if (lo < hi)
        return {lo, hi};
    if (scale.weights)
        return {0.0, 1.0};
    return {lo - 1.0, hi + 1.0}; // all equal (zero queries, say): the one value in the middle
}

/// line(x) = max(line(x), factor × the largest of block x of `cells`), blocks of `block` cells
/// (the last one may be shorter); `scratch` is room for the work.
void poolRow(const Eigen::Ref<const RowVector> &cells, int block, double factor,
             Eigen::Ref<RowVector> line, RowVector &scratch)
{
    using Strided = Eigen::Map<const RowVector, 0, Eigen::InnerStride<>>;
    const Index full = cells.size() / block;
    if (block == 1) {
        line.head(full) = line.head(full).cwiseMax(cells * factor);
        return;
    }
    scratch = Strided(cells.data(), full, Eigen::InnerStride<>(block));
    for (int k = 1; k < block; ++k)
        scratch = scratch.cwiseMax(Strided(cells.data() + k, full, Eigen::InnerStride<>(block)));
    line.head(full) = line.head(full).cwiseMax(scratch * factor);
    if (full * block < cells.size())
        line(full) =
            std::max(line(full), factor * cells.tail(cells.size() - full * block).maxCoeff());
}

/// log₂ of the pooled x · n, clamped to ±relativeSpan; −∞ (masked) stays. In single precision,
/// which is vectorised: a colour step is 1/32 of a unit here, far above its rounding.
void toRelative(Eigen::Ref<RowVector> line)
{
    constexpr float span = float(HeatmapScale::relativeSpan);
    const Eigen::ArrayXf logs =
        (line.array().cast<float>().log() * float(1.0 / M_LN2)).max(-span).min(span);
    line = (line.array() == minusInfinity).select(minusInfinity, logs.cast<double>().transpose());
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
    FiniteRange range;
    for (Index r = 0; r < m.rows(); ++r)
        range.add(m.row(r));
    return ownRange(range.lo, range.hi, scale);
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
    const Index rows = m.rows();
    const Index columns = m.cols();
    const int block = heatmapBlock(rows, columns);
    result.block = block;
    const int width = int((columns + block - 1) / block);
    const int height = int((rows + block - 1) / block);
    // First the blocks' largest values (and the range, on the way through the cells); then the
    // log on the relative scale, one per pixel; then the colours.
    Matrix pooled = TablePool::take(height, width);
    RowVector scratch;
    FiniteRange range;
    for (int y = 0; y < height; ++y) {
        auto line = pooled.row(y);
        line.setConstant(minusInfinity); // −∞: masked, drawn grey
        for (Index r = Index(y) * block; r < std::min(rows, Index(y + 1) * block); ++r) {
            // The relative scale's x · n (n = the keys row r sees) is n × the block's largest x.
            const Index visible = scale.masked ? std::min<Index>(r + 1, columns) : columns;
            const auto cells = m.row(r).head(visible);
            if (!scale.relative && !scale.unitRange)
                range.add(cells);
            poolRow(cells, block, scale.relative ? double(visible) : 1.0, line, scratch);
        }
        if (scale.relative)
            toRelative(line);
    }
    std::tie(result.minimum, result.maximum) = scale.relative || scale.unitRange
                                                   ? heatmapRange(m, scale)
                                                   : ownRange(range.lo, range.hi, scale);
    result.image = QImage(width, height, QImage::Format_RGB32);
    for (int y = 0; y < height; ++y)
        Colormap::colors(pooled.row(y).data(), width, result.minimum, result.maximum,
                         reinterpret_cast<QRgb *>(result.image.scanLine(y)));
    TablePool::give(std::move(pooled));
    return result;
}

} // namespace attention
