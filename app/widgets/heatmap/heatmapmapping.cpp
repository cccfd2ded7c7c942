#include "heatmapmapping.h"

#include "colormap.h"

#include <QSizeF>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace attention {

void HeatmapMapping::setRange(double minimum, double maximum)
{
    m_minimum = minimum;
    m_maximum = maximum;
}

std::pair<double, double> HeatmapMapping::finiteRange(const Eigen::Ref<const Matrix> &m)
{
    constexpr double infinity = std::numeric_limits<double>::infinity();
    if (m.size() == 0)
        return {0.0, 1.0};
    // Vectorised: masked scores (−∞) and +∞ left out by a select; a NaN would make either end
    // not finite, and then the careful loop below decides.
    const auto a = m.array();
    const double fastLo = (a == -infinity).select(infinity, a).minCoeff();
    const double fastHi = (a == infinity).select(-infinity, a).maxCoeff();
    if (std::isfinite(fastLo) && std::isfinite(fastHi))
        return {fastLo, fastHi};
    double lo = infinity;
    double hi = -lo;
    for (Index r = 0; r < m.rows(); ++r) {
        for (Index c = 0; c < m.cols(); ++c) {
            const double x = m(r, c);
            if (std::isfinite(x)) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
        }
    }
    if (lo > hi)
        return {0.0, 1.0};
    return {lo, hi};
}

int HeatmapMapping::labelStep(qreal cell, qreal widestLabel, qreal readable)
{
    if (!(cell > 0))
        return 1;
    const int whole = std::max(1, int(std::ceil(widestLabel / cell)));
    const int elided = std::max(1, int(std::ceil(std::min(widestLabel, readable) / cell)));
    return whole < 2 * elided ? whole : elided;
}

bool HeatmapMapping::rowLabelled(int row, int step, int selected)
{
    if (row == selected)
        return true;
    if (selected >= 0 && std::abs(row - selected) < step)
        return false;
    return row % std::max(1, step) == 0;
}

double HeatmapMapping::normalized(double value) const
{
    const double span = m_maximum - m_minimum;
    if (!(span > 0.0))
        return 0.5;
    return std::clamp((value - m_minimum) / span, 0.0, 1.0);
}

QRgb HeatmapMapping::color(double value) const
{
    if (value == -std::numeric_limits<double>::infinity())
        return maskedColor;
    return Colormap::viridis(normalized(value));
}

void HeatmapMapping::colors(const double *values, Index count, QRgb *colors) const
{
    Colormap::colors(values, count, m_minimum, m_maximum, colors);
}

void HeatmapMapping::setLayout(const QRectF &area, int rows, int columns,
                               const HeatmapMargins &margins)
{
    m_rows = std::max(rows, 0);
    m_columns = std::max(columns, 0);
    m_rowLabels = margins.rowLabels;
    const QRectF inner =
        area.adjusted(margins.padding, margins.padding, -margins.padding, -margins.padding);
    const qreal left = inner.left() + margins.rowLabels;
    const qreal top = inner.top() + margins.title + margins.columnLabels;
    const qreal width = std::max<qreal>(inner.right() - margins.legend - left, 0);
    const qreal height = std::max<qreal>(inner.bottom() - top, 0);
    if (m_rows == 0 || m_columns == 0) {
        m_cell = 0;
        m_grid = QRectF(left, top, 0, 0);
        return;
    }
    m_cell = std::min(width / m_columns, height / m_rows);
    // Whole pixels per cell once cells are big enough to notice, so the grid looks even.
    if (m_cell >= 4)
        m_cell = std::floor(m_cell);
    const QSizeF grid(m_cell * m_columns, m_cell * m_rows);
    // Centre horizontally, keep the grid right under its column labels.
    m_grid = QRectF(QPointF(std::round(left + (width - grid.width()) / 2), std::round(top)), grid);
}

QRectF HeatmapMapping::cellRect(int row, int column) const
{
    return QRectF(m_grid.left() + column * m_cell, m_grid.top() + row * m_cell, m_cell, m_cell);
}

QRectF HeatmapMapping::rowRect(int row) const
{
    return QRectF(m_grid.left() - m_rowLabels, m_grid.top() + row * m_cell,
                  m_rowLabels + m_grid.width(), m_cell);
}

std::optional<HeatmapCell> HeatmapMapping::cellAt(const QPointF &point) const
{
    if (m_cell <= 0 || !m_grid.contains(point))
        return std::nullopt;
    const int column = std::min(int((point.x() - m_grid.left()) / m_cell), m_columns - 1);
    const int row = std::min(int((point.y() - m_grid.top()) / m_cell), m_rows - 1);
    return HeatmapCell{row, column};
}

std::optional<int> HeatmapMapping::rowAt(const QPointF &point) const
{
    if (m_cell <= 0 || point.x() < m_grid.left() - m_rowLabels || point.x() >= m_grid.right() ||
        point.y() < m_grid.top() || point.y() >= m_grid.bottom())
        return std::nullopt;
    return std::min(int((point.y() - m_grid.top()) / m_cell), m_rows - 1);
}

bool HeatmapMapping::fitsInCell(const QSizeF &textSize) const
{
    return textSize.width() + 4 <= m_cell && textSize.height() + 2 <= m_cell;
}

} // namespace attention
