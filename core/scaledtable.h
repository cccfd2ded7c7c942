#pragma once

/// A shared table read through a factor and, when asked, the causal mask.
///
/// The scores of a pass are scale · Q Kᵀ with −∞ above the diagonal when causal: a view of the
/// raw products the pass keeps anyway. Read through this class they need no T × T table of their
/// own (32 MiB at T = 2048, written again on every slider step). With a factor of 1 and no mask
/// it is the table itself, so the heatmaps read weights and outputs the same way.

#include "types.h"

#include <limits>
#include <memory>

namespace attention {

class ScaledTable
{
public:
    /// An empty table (0 × 0).
    ScaledTable();
    /// `table` (null reads as empty) times `factor`; when `causal`, every entry right of the
    /// diagonal reads −∞.
    explicit ScaledTable(std::shared_ptr<const Matrix> table, double factor = 1.0,
                         bool causal = false);

    Index rows() const { return m_table->rows(); }
    Index cols() const { return m_table->cols(); }
    Index size() const { return m_table->size(); }

    /// One entry, exactly as scoresAndWeights() computes it.
    double operator()(Index row, Index column) const
    {
        return m_causal && column > row ? -std::numeric_limits<double>::infinity()
                                        : m_factor * (*m_table)(row, column);
    }
    /// Rows first … first + count − 1, made as a matrix (a band for pictures and files).
    Matrix middleRows(Index first, Index count) const;
    RowVector row(Index row) const;
    /// Every entry, made as a matrix.
    Matrix toMatrix() const;

    /// The table read through the factor and mask, shared (never copied).
    const std::shared_ptr<const Matrix> &source() const { return m_table; }
    double factor() const { return m_factor; }
    bool causal() const { return m_causal; }

private:
    std::shared_ptr<const Matrix> m_table;
    double m_factor = 1.0;
    bool m_causal = false;
};

} // namespace attention
