#pragma once

/// The keyboard's cell on a heatmap: where it is, how the keys move it and how it is drawn.
///
/// The arrow keys move it by one cell, Home/End to the row's first/last cell, Page Up/Page Down
/// to the column's; it is clamped to the matrix, and until a key or a click places it, it stands
/// on the selected row's first cell. The widget marks it while it has the focus (a frame around
/// the whole heatmap and a thick one around the cell) and never in an export.

#include "heatmapmapping.h"

#include <QColor>
#include <optional>

class QPainter;
class QRectF;

namespace attention {

class HeatmapCursor
{
public:
    /// The cell in a matrix of `rows` × `columns` whose selected row is `selectedRow` (−1: none);
    /// {0, 0} when the matrix is empty.
    HeatmapCell cell(int rows, int columns, int selectedRow) const;
    /// Places it on `cell`, clamped to a matrix of `rows` × `columns`.
    void place(HeatmapCell cell, int rows, int columns);
    /// Keeps a placed cell inside a matrix that became `rows` × `columns`.
    void fit(int rows, int columns);

    /// Moves it as `key` asks; false for a key that does not move it (Enter, a letter…).
    bool move(int key, int rows, int columns, int selectedRow);

    /// Draws the focus frame of width `frameWidth` inside `rect` and, unless `cell` is null, the
    /// current cell's frame: the highlight colour with a white line inside, seen on dark and
    /// bright cells alike.
    static void paint(QPainter &painter, const QRectF &rect, const QRectF *cell,
                      const QColor &highlight, int frameWidth);

private:
    std::optional<HeatmapCell> m_placed; ///< set by a key or a click
};

} // namespace attention
