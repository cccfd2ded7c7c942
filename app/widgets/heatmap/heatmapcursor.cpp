#include "heatmapcursor.h"

#include <QPainter>
#include <QPen>
#include <algorithm>

namespace attention {

HeatmapCell HeatmapCursor::cell(int rows, int columns, int selectedRow) const
{
    if (rows <= 0 || columns <= 0)
        return {};
    const HeatmapCell cell = m_placed.value_or(HeatmapCell{std::max(selectedRow, 0), 0});
    return {std::clamp(cell.row, 0, rows - 1), std::clamp(cell.column, 0, columns - 1)};
}

void HeatmapCursor::place(HeatmapCell cell, int rows, int columns)
{
    m_placed = HeatmapCell{std::clamp(cell.row, 0, std::max(rows - 1, 0)),
                           std::clamp(cell.column, 0, std::max(columns - 1, 0))};
}

void HeatmapCursor::fit(int rows, int columns)
{
    if (m_placed)
        place(*m_placed, rows, columns);
}

bool HeatmapCursor::move(int key, int rows, int columns, int selectedRow)
{
    const HeatmapCell now = cell(rows, columns, selectedRow);
    HeatmapCell next = now;
    switch (key) {
    case Qt::Key_Up:
        --next.row;
        break;
    case Qt::Key_Down:
        ++next.row;
        break;
    case Qt::Key_Left:
        --next.column;
        break;
    case Qt::Key_Right:
        ++next.column;
        break;
    case Qt::Key_Home:
        next.column = 0;
        break;
    case Qt::Key_End:
        next.column = columns - 1;
        break;
    case Qt::Key_PageUp:
        next.row = 0;
        break;
    case Qt::Key_PageDown:
        next.row = rows - 1;
        break;
    default:
        return false;
    }
    place(next, rows, columns);
    return true;
}

void HeatmapCursor::paint(QPainter &painter, const QRectF &rect, const QRectF *cell,
                          const QColor &highlight, int frameWidth)
{
    painter.setPen(QPen(highlight, frameWidth));
    painter.setBrush(Qt::NoBrush);
    const qreal inset = frameWidth / 2.0;
    painter.drawRect(rect.adjusted(inset, inset, -inset, -inset));
    if (!cell)
        return;
    const qreal outer = 1.5 * frameWidth;
    painter.setPen(QPen(highlight, outer));
    painter.drawRect(cell->adjusted(outer / 2, outer / 2, -outer / 2, -outer / 2));
    painter.setPen(QPen(Qt::white, 1.5));
    painter.drawRect(cell->adjusted(outer + 0.75, outer + 0.75, -outer - 0.75, -outer - 0.75));
}

} // namespace attention
