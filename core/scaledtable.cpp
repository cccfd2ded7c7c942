#include "scaledtable.h"

#include "attention.h"

namespace attention {

ScaledTable::ScaledTable()
    : m_table(std::make_shared<const Matrix>())
{}

ScaledTable::ScaledTable(std::shared_ptr<const Matrix> table, double factor, bool causal)
    : m_table(table ? std::move(table) : std::make_shared<const Matrix>())
    , m_factor(factor)
    , m_causal(causal)
{}

Matrix ScaledTable::middleRows(Index first, Index count) const
{
    Matrix band = m_factor * m_table->middleRows(first, count);
    if (m_causal)
        maskFutureKeys(band, first);
    return band;
}

RowVector ScaledTable::row(Index row) const
{
    return middleRows(row, 1);
}

Matrix ScaledTable::toMatrix() const
{
    return middleRows(0, rows());
}

} // namespace attention
