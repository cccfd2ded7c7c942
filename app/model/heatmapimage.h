#pragma once

/// The cells of a heatmap as a picture: one pixel per cell, coloured on the heatmap's scale.
///
/// Built with the result on the worker that computed it (ScenarioDocument, the compare view), so
/// that the GUI thread only paints it. Past maxSide cells a side, one pixel stands for a block
/// of cells and shows their largest value, so a sharp weight is never averaged away. On the
/// relative scale the pooling comes before the logarithm (log₂ is increasing, so the largest
/// logarithm is the logarithm of the largest value): one log per pixel, not one per cell.

#include "scaledtable.h"
#include "types.h"

#include <QImage>
#include <memory>
#include <utility>

namespace attention {

/// How a matrix's numbers become colours.
struct HeatmapScale
{
    /// Past this many keys the weights are near 1/T and one flat colour on any linear scale, so
    /// each weight is coloured relative to its row's uniform weight 1/n (n = the keys that row
    /// sees) on a log₂ scale from 1/16× to 16×.
    static constexpr Index relativeScaleKeys = 64;
    static constexpr double relativeSpan = 4.0; ///< log₂ 16

    bool masked = false;    ///< cells above the diagonal are hidden (−∞, grey)
    bool relative = false;  ///< log₂(weight × n), clamped to ±relativeSpan
    bool unitRange = false; ///< a fixed 0–1 scale, else the matrix's own finite range
    bool weights = false;   ///< weights: all-equal cells get the 0–1 scale, not one around them

    /// The weights' scale for T tokens: relative past relativeScaleKeys, else 0–1 if `fixedRange`
    /// or their own range.
    static HeatmapScale forWeights(Index tokens, bool causal, bool fixedRange = true)
    {
        HeatmapScale scale;
        scale.masked = causal && tokens > 1;
        scale.relative = tokens > relativeScaleKeys;
        scale.unitRange = fixedRange && !scale.relative;
        scale.weights = true;
        return scale;
    }

    bool operator==(const HeatmapScale &other) const
    {
        return masked == other.masked && relative == other.relative &&
               unitRange == other.unitRange && weights == other.weights;
    }
};

struct HeatmapImage
{
    /// Past this many cells a side, a pixel stands for a block of cells (at most 4 MiB).
    static constexpr int maxSide = 1024;

    HeatmapScale scale;
    QImage image;         ///< one pixel per cell or per block (Format_RGB32)
    int block = 1;        ///< cells per pixel along each side
    double minimum = 0.0; ///< the value coloured darkest
    double maximum = 1.0; ///< … and brightest
    /// On the cells' own range, every finite cell had one value (the range is one either side
    /// of it, and every pixel has the middle colour).
    bool flat = false;
};

using SharedHeatmapImage = std::shared_ptr<const HeatmapImage>;

/// Cells per pixel along each side for a rows × columns matrix: 1 up to maxSide a side.
int heatmapBlock(Index rows, Index columns);

/// The colour range of `m` on `scale`: ±relativeSpan on the relative scale, 0–1 with unitRange,
/// else the finite minimum to maximum; when all finite cells are equal, 0–1 for weights and one
/// either side of the value for the rest.
std::pair<double, double> heatmapRange(const Eigen::Ref<const Matrix> &m,
                                       const HeatmapScale &scale);

/// The value cell (row, column) of `m` is coloured by: −∞ when masked, log₂(x · n) on the
/// relative scale (clamped), else x itself.
double heatmapShownValue(const ScaledTable &m, const HeatmapScale &scale, Index row, Index column);

/// The picture of `m` on `scale` in the range heatmapRange() gives.
HeatmapImage heatmapImage(const Eigen::Ref<const Matrix> &m, const HeatmapScale &scale);
/// The same of a table read through its factor and mask, made a band of rows at a time.
HeatmapImage heatmapImage(const ScaledTable &m, const HeatmapScale &scale);

/// heatmapImage() a band of rows at a time, for a computation that makes the matrix band by
/// band: each band is pooled while it is still in the cache, instead of reading a T × T table
/// from memory again for each picture.
///
///     HeatmapImageBuilder builder(T, T, scale);
///     for (first = 0; first < T; first += band)
///         builder.add(m.middleRows(first, band));   // rows in order, any band sizes
///     HeatmapImage image = builder.finish();
class HeatmapImageBuilder
{
public:
    HeatmapImageBuilder(Index rows, Index columns, const HeatmapScale &scale);
    ~HeatmapImageBuilder();
    HeatmapImageBuilder(const HeatmapImageBuilder &) = delete;
    HeatmapImageBuilder &operator=(const HeatmapImageBuilder &) = delete;

    /// The next cells.rows() rows of the matrix (cells.cols() == columns).
    void add(const Eigen::Ref<const Matrix> &cells);
    /// The picture, once every row was added; the builder is spent.
    HeatmapImage finish();

private:
    /// True when the scale's range is known before the cells (relative, or 0–1).
    bool rangeKnownAhead() const;

    HeatmapScale m_scale;
    Index m_rows;
    Index m_columns;
    int m_block;
    Index m_nextRow = 0;
    /// The blocks' largest values (logarithms on the relative scale): every pixel line until
    /// the range is known, or on a fixed range one line, coloured into m_image once complete.
    Matrix m_pooled;
    QImage m_image; ///< the picture so far, on a fixed range
    RowVector m_scratch;
    double m_lo;
    double m_hi;
};

} // namespace attention
