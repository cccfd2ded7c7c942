// HeatmapWidget's input: the current cell and the keys that move it, the mouse, the tooltips,
// the focus and the context menu.

#include "heatmapexplanation.h"
#include "heatmapwidget.h"
#include "matrixmodel.h"

#include <QAccessible>
#include <QAction>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QToolTip>

namespace attention {

HeatmapCell HeatmapWidget::currentCell() const
{
    const int rows = m_model->rowCount();
    const int columns = m_model->columnCount();
    if (rows == 0 || columns == 0)
        return {};
    const HeatmapCell cell = m_current.value_or(HeatmapCell{std::max(m_selectedToken, 0), 0});
    return {std::clamp(cell.row, 0, rows - 1), std::clamp(cell.column, 0, columns - 1)};
}

void HeatmapWidget::setCurrentCell(int row, int column)
{
    m_current = HeatmapCell{row, column};
    m_current = currentCell();
    announceCurrentCell();
    update();
}

void HeatmapWidget::announceCurrentCell()
{
    if (!hasFocus() || m_model->rowCount() == 0)
        return;
    // The accessible table's children are its cells, row by row (see HeatmapAccessible).
    const HeatmapCell cell = currentCell();
    QAccessibleEvent focus(this, QAccessible::Focus);
    focus.setChild(cell.row * m_model->columnCount() + cell.column);
    QAccessible::updateAccessibility(&focus);
}

bool HeatmapWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const auto cell = mapping().cellAt(help->pos())) {
            QToolTip::showText(help->globalPos(), cellExplanation(cell->row, cell->column), this,
                               m_mapping.cellRect(cell->row, cell->column).toAlignedRect());
        } else if (const auto row = mapping().rowAt(help->pos())) {
            const bool withQuery = m_kind == Kind::Scores || m_kind == Kind::Weights;
            QToolTip::showText(help->globalPos(),
                               HeatmapExplanation::rowLabel(*m_scenario, *row, withQuery), this,
                               m_mapping.rowRect(*row).toAlignedRect());
        } else {
            QToolTip::showText(help->globalPos(), statusTip(), this);
        }
        return true;
    }
    return QWidget::event(event);
}

void HeatmapWidget::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    // After the focus event of the widget itself, which Qt sends once this returns: the last
    // word a screen reader hears is the cell's.
    QMetaObject::invokeMethod(this, &HeatmapWidget::announceCurrentCell, Qt::QueuedConnection);
    update();
}

void HeatmapWidget::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

void HeatmapWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        if (const auto row = mapping().rowAt(event->position())) {
            const auto cell = mapping().cellAt(event->position());
            m_current = cell ? *cell : HeatmapCell{*row, currentCell().column};
            Q_EMIT tokenSelected(*row);
            event->accept();
            return;
        }
    }
    QWidget::mousePressEvent(event);
}

void HeatmapWidget::keyPressEvent(QKeyEvent *event)
{
    const int rows = m_model->rowCount();
    const int columns = m_model->columnCount();
    if (rows == 0 || columns == 0 || event->modifiers() & ~Qt::KeypadModifier) {
        QWidget::keyPressEvent(event);
        return;
    }
    const HeatmapCell cell = currentCell();
    switch (event->key()) {
    case Qt::Key_Up:
        setCurrentCell(cell.row - 1, cell.column);
        break;
    case Qt::Key_Down:
        setCurrentCell(cell.row + 1, cell.column);
        break;
    case Qt::Key_Left:
        setCurrentCell(cell.row, cell.column - 1);
        break;
    case Qt::Key_Right:
        setCurrentCell(cell.row, cell.column + 1);
        break;
    case Qt::Key_Home:
        setCurrentCell(cell.row, 0);
        break;
    case Qt::Key_End:
        setCurrentCell(cell.row, columns - 1);
        break;
    case Qt::Key_PageUp:
        setCurrentCell(0, cell.column);
        break;
    case Qt::Key_PageDown:
        setCurrentCell(rows - 1, cell.column);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        Q_EMIT tokenSelected(cell.row);
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void HeatmapWidget::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(m_copyAction);
    menu.addAction(m_saveAction);
    if (m_kind == Kind::Weights) {
        menu.addSeparator();
        menu.addAction(m_fixedRangeAction);
    }
    menu.exec(event->globalPos());
}

} // namespace attention
