#include "headlayout.h"

#include <algorithm>

namespace attention {

namespace {

/// The sums over one row: its columns, its tallest matrix, its overheads.
struct RowExtent
{
    int columns = 0;
    int rows = 0;
    qreal overhead = 0;       ///< the items' overheads and the spacing between them
    qreal heightOverhead = 0; ///< the largest of the items'
};

RowExtent extentOf(const HeadLayout::Row &row)
{
    RowExtent extent;
    for (const HeadLayout::Item &item : row.items) {
        extent.columns += item.columns;
        extent.rows = std::max(extent.rows, item.rows);
        extent.overhead += item.overhead;
        extent.heightOverhead = std::max(extent.heightOverhead, item.heightOverhead);
    }
    extent.overhead += row.spacing * std::max<qreal>(0, qreal(row.items.size()) - 1);
    return extent;
}

} // namespace

HeadLayout::Result HeadLayout::balance() const
{
    // One cell size: the largest at which both rows fit.
    const std::array<RowExtent, 2> extents = {extentOf(rows[0]), extentOf(rows[1])};
    qreal cell = (height - extents[0].heightOverhead - extents[1].heightOverhead) /
                 std::max(1, extents[0].rows + extents[1].rows);
    for (const RowExtent &extent : extents)
        cell = std::min(cell, (width - extent.overhead) / std::max(1, extent.columns));
    cell = std::max(cell, 1.0);

    // The weights are what the step computes: when the row can spare the room, they get cells
    // large enough for their numbers, and the other matrices of the row share what is left.
    Result result;
    result.cell = cell;
    result.bottomCell = cell;
    result.weightCell = cell;
    const int others = extents[1].columns - weightColumns;
    if (numberCell > cell && others > 0) {
        const qreal rest = (width - extents[1].overhead - weightColumns * numberCell) / others;
        const qreal tallest = std::max(weightColumns * numberCell, extents[1].rows * rest);
        const bool fitsHeight = extents[0].rows * cell + extents[0].heightOverhead + tallest +
                                    extents[1].heightOverhead <=
                                height;
        if (rest >= 0.75 * cell && fitsHeight) {
            result.weightCell = numberCell;
            result.bottomCell = std::min(cell, rest);
        }
    }

    // Each item as wide as its columns need, each row as tall as its tallest matrix.
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const qreal rowCell = r == 0 ? result.cell : result.bottomCell;
        qreal rowHeight = 0;
        for (const Item &item : rows[r].items) {
            const qreal itemCell = item.isWeights ? result.weightCell : rowCell;
            result.widths[r].push_back(std::max(1, int(item.columns * itemCell + item.overhead)));
            rowHeight = std::max(rowHeight, item.rows * itemCell);
        }
        result.heights[r] = std::max(1, int(rowHeight + extents[r].heightOverhead));
    }
    return result;
}

} // namespace attention
