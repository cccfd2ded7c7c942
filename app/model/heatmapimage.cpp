#include "heatmapimage.h"

#include "colormap.h"
#include "tablepool.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attention {

namespace {

constexpr double minusInfinity = -std::numeric_limits<double>::infinity();

/// The finite minimum and maximum of `cells` folded into lo and hi (±∞ and NaN left out).
void addFiniteRange(const Eigen::Ref<const RowVector> &cells, double &lo, double &hi)
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

/// The range of a scale that does not depend on the cells (relative or unitRange).
std::pair<double, double> fixedRange(const HeatmapScale &scale)
{
    if (scale.relative)
        return {-HeatmapScale::relativeSpan, HeatmapScale::relativeSpan};
    return {0.0, 1.0};
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
    // The cast first, on its own: Eigen does not vectorise a log of a cast, and calls logf once
    // per pixel (most of a weights picture's time at T = 1024).
    Eigen::ArrayXf logs = line.transpose().array().cast<float>();
    logs = (logs.log() * float(1.0 / M_LN2)).max(-span).min(span);
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
    if (scale.relative || scale.unitRange)
        return fixedRange(scale);
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (Index r = 0; r < m.rows(); ++r)
        addFiniteRange(m.row(r), lo, hi);
    return ownRange(lo, hi, scale);
}

double heatmapShownValue(const ScaledTable &m, const HeatmapScale &scale, Index row, Index column)
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
    HeatmapImageBuilder builder(m.rows(), m.cols(), scale);
    builder.add(m);
    return builder.finish();
}

HeatmapImage heatmapImage(const ScaledTable &m, const HeatmapScale &scale)
{
    constexpr Index bandRows = 16;
    HeatmapImageBuilder builder(m.rows(), m.cols(), scale);
    for (Index first = 0; first < m.rows(); first += bandRows)
        builder.add(m.middleRows(first, std::min(bandRows, m.rows() - first)));
    return builder.finish();
}

HeatmapImageBuilder::HeatmapImageBuilder(Index rows, Index columns, const HeatmapScale &scale)
    : m_scale(scale)
    , m_rows(rows)
    , m_columns(columns)
    , m_block(heatmapBlock(rows, columns))
    , m_lo(std::numeric_limits<double>::infinity())
    , m_hi(-std::numeric_limits<double>::infinity())
{
    const Index width = (columns + m_block - 1) / m_block;
    const Index height = (rows + m_block - 1) / m_block;
    // On a fixed range each pixel line is coloured as soon as it is complete: one line of
    // blocks is kept instead of all of them (8 MiB at T = 2048).
    if (rangeKnownAhead()) {
        m_image = QImage(int(width), int(height), QImage::Format_RGB32);
        std::tie(m_lo, m_hi) = fixedRange(m_scale);
    }
    m_pooled = TablePool::take(rangeKnownAhead() ? 1 : height, width);
}

HeatmapImageBuilder::~HeatmapImageBuilder()
{
    if (m_pooled.size() > 0)
        TablePool::give(std::move(m_pooled));
}

bool HeatmapImageBuilder::rangeKnownAhead() const
{
    return m_scale.relative || m_scale.unitRange;
}

void HeatmapImageBuilder::add(const Eigen::Ref<const Matrix> &cells)
{
    // First the blocks' largest values (and the range, on the way through the cells); the log
    // on the relative scale once a pixel line is complete, one per pixel; the colours then on a
    // fixed range, else at the end.
    const bool fixed = rangeKnownAhead();
    for (Index i = 0; i < cells.rows(); ++i) {
        const Index r = m_nextRow++;
        const Index y = r / m_block;
        auto line = m_pooled.row(fixed ? 0 : y);
        if (r % m_block == 0)
            line.setConstant(minusInfinity); // −∞: masked, drawn grey
        // The relative scale's x · n (n = the keys row r sees) is n × the block's largest x.
        const Index visible = m_scale.masked ? std::min<Index>(r + 1, m_columns) : m_columns;
        const auto row = cells.row(i).head(visible);
        if (!fixed)
            addFiniteRange(row, m_lo, m_hi);
        poolRow(row, m_block, m_scale.relative ? double(visible) : 1.0, line, m_scratch);
        const bool lineDone = (r + 1) % m_block == 0 || r + 1 == m_rows;
        if (m_scale.relative && lineDone)
            toRelative(line);
        if (fixed && lineDone)
            Colormap::colors(line.data(), int(line.size()), m_lo, m_hi,
                             reinterpret_cast<QRgb *>(m_image.scanLine(int(y))));
    }
}

HeatmapImage HeatmapImageBuilder::finish()
{
    HeatmapImage result;
    result.scale = m_scale;
    result.block = m_block;
    if (rangeKnownAhead()) {
        std::tie(result.minimum, result.maximum) = std::pair(m_lo, m_hi);
        result.image = std::move(m_image);
    } else {
        std::tie(result.minimum, result.maximum) = ownRange(m_lo, m_hi, m_scale);
        result.flat = m_lo == m_hi && !m_scale.weights;
        const int width = int(m_pooled.cols());
        const int height = int(m_pooled.rows());
        result.image = QImage(width, height, QImage::Format_RGB32);
        for (int y = 0; y < height; ++y)
            Colormap::colors(m_pooled.row(y).data(), width, result.minimum, result.maximum,
                             reinterpret_cast<QRgb *>(result.image.scanLine(y)));
    }
    TablePool::give(std::move(m_pooled));
    m_pooled = Matrix();
    return result;
}

} // namespace attention
