#pragma once

/// The layout arithmetic of HeadPage, apart from its widgets: two rows of heatmaps (X, W_q, W_k,
/// W_v above; q, k, v, weights, output below) share the room so that every matrix is drawn with
/// cells of one size, and the shapes compare at a glance. When the bottom row can spare the room,
/// the weights get cells large enough for their numbers and the other matrices of that row share
/// what is left.
///
/// HeadPage measures its heatmaps into Rows, calls balance() and turns the widths and heights it
/// returns into layout stretch factors.

#include <QtGlobal>
#include <array>
#include <vector>

namespace attention {

struct HeadLayout
{
    /// One heatmap: its matrix's shape and the room it takes besides the cells.
    struct Item
    {
        int columns = 0;
        int rows = 0;
        qreal overhead = 0;       ///< the width besides the cells: labels, legend, padding
        qreal heightOverhead = 0; ///< the height besides the cells: title, caption, key labels
        bool isWeights = false;   ///< the weights heatmap, which may get larger cells
    };
    /// One row of heatmaps, left to right.
    struct Row
    {
        std::vector<Item> items;
        qreal spacing = 0; ///< between two neighbouring items
    };
    /// What balance() decides.
    struct Result
    {
        qreal cell = 0;       ///< the cell size of every matrix but those below
        qreal bottomCell = 0; ///< the cell of the bottom row's other matrices (≤ cell)
        qreal weightCell = 0; ///< the weights' cell
        /// Per row, per item: the width it should get (at least 1).
        std::array<std::vector<int>, 2> widths;
        /// Per row: the height it should get (at least 1).
        std::array<int, 2> heights{};
    };

    std::array<Row, 2> rows; ///< top, bottom
    qreal width = 0;         ///< the width of either row
    qreal height = 0;        ///< the height of both rows together
    /// The smallest cell in which the weights' numbers (0.00 … 1.00) are written.
    qreal numberCell = 0;
    /// The weights' columns (T).
    int weightColumns = 0;

    Result balance() const;
};

} // namespace attention
