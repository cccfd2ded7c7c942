#pragma once

/// The arithmetic of a heatmap, apart from painting: value → colour and cell ↔ pixel.
///
/// HeatmapMapping is a plain value: it knows the colour range and where the grid of cells lies,
/// and answers "what colour is 0.3", "where is cell (2, 4)" and "which cell is under this
/// pixel". HeatmapWidget only paints what it says, so the mapping can be tested on its own.

#include "colormap.h"
#include "types.h"

#include <QRectF>
#include <QRgb>
#include <optional>

namespace attention {

/// A cell of a heatmap: row = query (or token), column = key (or value dimension).
/// Which matrix of the attention pass a heatmap shows.
enum class HeatmapKind
{
    Scores,  ///< (T, T) scaled, masked dot products; −∞ where masked
    Weights, ///< (T, T) softmax of each score row
    Values,  ///< (T, d_v) the values v
    Output,  ///< (T, d_v) weights · v
};

struct HeatmapCell
{
    int row = 0;
    int column = 0;

    bool operator==(const HeatmapCell &other) const
    {
        return row == other.row && column == other.column;
    }
};

/// The space a heatmap gives its parts, in pixels; the rest goes to the grid.
struct HeatmapMargins
{
    qreal title = 0;        ///< height of the title lines above everything
    qreal columnLabels = 0; ///< height of the key labels above the grid
    qreal rowLabels = 0;    ///< width of the query labels left of the grid
    qreal legend = 0;       ///< width of the colour legend right of the grid
    qreal padding = 4;      ///< around the whole picture
};

class HeatmapMapping
{
public:
    /// Colour of masked (−∞) cells: a neutral grey, outside the viridis range.
    static constexpr QRgb maskedColor = Colormap::maskedColor;

    HeatmapMapping() = default;

    // Value → colour --------------------------------------------------------------------------

    /// Values from `minimum` (dark) to `maximum` (bright); an empty range maps everything to the
    /// middle colour.
    void setRange(double minimum, double maximum);
    double minimum() const { return m_minimum; }
    double maximum() const { return m_maximum; }
    /// The smallest and largest finite entries of `m`, or [0, 1] when there are none.
    static std::pair<double, double> finiteRange(const Eigen::Ref<const Matrix> &m);
    /// Every how many columns a key is labelled: as far apart as the widest label needs so that
    /// none overlap, unless labels cut short to `readable` (one character and "…") could be
    /// shown at least twice as often: then one long key is elided and the short ones are not
    /// left out. Keys of about the same width (t0 … t2047) are thus labelled whole, not all
    /// cut to the same "t1…".
    static int labelStep(qreal cell, qreal widestLabel, qreal readable);
    /// Whether row `row` of rows labelled every `step`-th is labelled, with the row `selected`
    /// (−1: none) always labelled: the others closer to it than `step` rows give way, so that
    /// no label is drawn over another.
    static bool rowLabelled(int row, int step, int selected);

    /// Where `value` lies in the range, clamped to [0, 1]; 0.5 for an empty range.
    double normalized(double value) const;
    /// The colour of `value`; −∞ (a masked score) gives maskedColor.
    QRgb color(double value) const;
    /// color() of each of `count` values into `colors`, for a whole image row at a time.
    void colors(const double *values, Index count, QRgb *colors) const;

    // Cell ↔ pixel ----------------------------------------------------------------------------

    /// Lays out a rows × columns grid in `area` after the margins: square cells, as large as
    /// fit, the grid centred in the space left.
    void setLayout(const QRectF &area, int rows, int columns, const HeatmapMargins &margins);
    int rows() const { return m_rows; }
    int columns() const { return m_columns; }
    /// The grid of cells, in pixels.
    QRectF gridRect() const { return m_grid; }
    qreal cellSize() const { return m_cell; }
    QRectF cellRect(int row, int column) const;
    /// The whole row: its label and its cells.
    QRectF rowRect(int row) const;
    /// The cell under `point`, if any.
    std::optional<HeatmapCell> cellAt(const QPointF &point) const;
    /// The row whose cells or label are under `point`, if any.
    std::optional<int> rowAt(const QPointF &point) const;
    /// True when a text of `textSize` fits inside one cell with a little room to spare.
    bool fitsInCell(const QSizeF &textSize) const;

private:
    double m_minimum = 0.0;
    double m_maximum = 1.0;
    QRectF m_grid;
    qreal m_cell = 0;
    qreal m_rowLabels = 0;
    int m_rows = 0;
    int m_columns = 0;
};

} // namespace attention
