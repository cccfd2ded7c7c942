#include "heatmapaccessible.h"

#include "heatmapwidget.h"
#include "matrixmodel.h"

namespace attention {

namespace {

/// One cell of a heatmap.
class HeatmapCellAccessible : public QAccessibleInterface, public QAccessibleTableCellInterface
{
public:
    HeatmapCellAccessible(const HeatmapAccessible *table, int row, int column)
        : m_table(table)
        , m_row(row)
        , m_column(column)
    {}

    bool isValid() const override
    {
        return m_table->isValid() && m_row < m_table->rowCount() &&
               m_column < m_table->columnCount();
    }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_table->window(); }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override { return table(); }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    void setText(QAccessible::Text, const QString &) override {}
    QAccessible::Role role() const override { return QAccessible::Cell; }
    QRect rect() const override
    {
        return isValid() ? m_table->cellScreenRect(m_row, m_column) : QRect();
    }

    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        const HeatmapWidget *heatmap = m_table->heatmap();
        switch (t) {
        case QAccessible::Name:
            return HeatmapAccessible::tr("%1 → %2: %3")
                .arg(m_table->rowDescription(m_row), m_table->columnDescription(m_column),
                     valueText());
        case QAccessible::Value:
            return valueText();
        case QAccessible::Description:
            return heatmap->cellExplanation(m_row, m_column);
        default:
            return {};
        }
    }

    QAccessible::State state() const override
    {
        QAccessible::State state;
        if (!isValid()) {
            state.invalid = true;
            return state;
        }
        const HeatmapWidget *heatmap = m_table->heatmap();
        state.invisible = !heatmap->isVisible();
        state.readOnly = true;
        state.selectable = true;
        state.focusable = true;
        state.selected = isSelected();
        const HeatmapCell current = heatmap->currentCell();
        state.focused = heatmap->hasFocus() && current.row == m_row && current.column == m_column;
        return state;
    }

    void *interface_cast(QAccessible::InterfaceType t) override
    {
        if (t == QAccessible::TableCellInterface)
            return static_cast<QAccessibleTableCellInterface *>(this);
        return nullptr;
    }

    // QAccessibleTableCellInterface
    bool isSelected() const override { return m_table->isRowSelected(m_row); }
    QList<QAccessibleInterface *> columnHeaderCells() const override
    {
        return {m_table->header(Qt::Horizontal, m_column)};
    }
    QList<QAccessibleInterface *> rowHeaderCells() const override
    {
        return {m_table->header(Qt::Vertical, m_row)};
    }
    int columnIndex() const override { return m_column; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override
    {
        return const_cast<HeatmapAccessible *>(m_table);
    }

private:
    /// The number as the heatmap shows it, or "masked" for a cell the causal mask hides.
    QString valueText() const
    {
        const HeatmapWidget *heatmap = m_table->heatmap();
        const QString shown = heatmap->model()->index(m_row, m_column).data().toString();
        if (!heatmap->isMasked(m_row, m_column))
            return shown;
        return HeatmapAccessible::tr("%1, masked").arg(shown);
    }

    const HeatmapAccessible *m_table;
    int m_row;
    int m_column;
};

/// A row or column header of a heatmap: the token (or value dimension) it stands for.
class HeatmapHeaderAccessible : public QAccessibleInterface
{
public:
    HeatmapHeaderAccessible(const HeatmapAccessible *table, Qt::Orientation orientation,
                            int section)
        : m_table(table)
        , m_orientation(orientation)
        , m_section(section)
    {}

    bool isValid() const override
    {
        return m_table->isValid() &&
               m_section <
                   (m_orientation == Qt::Vertical ? m_table->rowCount() : m_table->columnCount());
    }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_table->window(); }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override
    {
        return const_cast<HeatmapAccessible *>(m_table);
    }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    void setText(QAccessible::Text, const QString &) override {}
    QAccessible::Role role() const override
    {
        return m_orientation == Qt::Vertical ? QAccessible::RowHeader : QAccessible::ColumnHeader;
    }
    QRect rect() const override
    {
        if (!isValid())
            return {};
        return m_orientation == Qt::Vertical ? m_table->cellScreenRect(m_section, -1)
                                             : m_table->cellScreenRect(-1, m_section);
    }
    QString text(QAccessible::Text t) const override
    {
        if (!isValid() || (t != QAccessible::Name && t != QAccessible::Description))
            return {};
        return m_orientation == Qt::Vertical ? m_table->rowDescription(m_section)
                                             : m_table->columnDescription(m_section);
    }
    QAccessible::State state() const override
    {
        QAccessible::State state;
        state.invalid = !isValid();
        state.readOnly = true;
        return state;
    }

private:
    const HeatmapAccessible *m_table;
    Qt::Orientation m_orientation;
    int m_section;
};

} // namespace

HeatmapAccessible::HeatmapAccessible(HeatmapWidget *heatmap)
    : QAccessibleWidget(heatmap, QAccessible::Table)
{}

HeatmapAccessible::~HeatmapAccessible()
{
    clearCache();
}

HeatmapWidget *HeatmapAccessible::heatmap() const
{
    return static_cast<HeatmapWidget *>(widget());
}

void HeatmapAccessible::clearCache()
{
    for (const QAccessible::Id id : std::as_const(m_cells))
        QAccessible::deleteAccessibleInterface(id);
    for (const QAccessible::Id id : std::as_const(m_headers))
        QAccessible::deleteAccessibleInterface(id);
    m_cells.clear();
    m_headers.clear();
}

QString HeatmapAccessible::text(QAccessible::Text t) const
{
    const QString own = QAccessibleWidget::text(t);
    if (!own.isEmpty() || !isValid())
        return own;
    switch (t) {
    case QAccessible::Name:
        return heatmap()->title();
    case QAccessible::Description:
        return heatmap()->caption();
    default:
        return own;
    }
}

int HeatmapAccessible::rowCount() const
{
    return isValid() ? heatmap()->model()->rowCount() : 0;
}

int HeatmapAccessible::columnCount() const
{
    return isValid() ? heatmap()->model()->columnCount() : 0;
}

int HeatmapAccessible::childCount() const
{
    return rowCount() * columnCount();
}

QAccessibleInterface *HeatmapAccessible::child(int index) const
{
    const int columns = columnCount();
    if (index < 0 || index >= childCount() || columns == 0)
        return nullptr;
    return cellAt(index / columns, index % columns);
}

int HeatmapAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    if (!child || child->parent() != this || child->role() != QAccessible::Cell)
        return -1;
    auto *cell = const_cast<QAccessibleInterface *>(child)->tableCellInterface();
    return cell ? cell->rowIndex() * columnCount() + cell->columnIndex() : -1;
}

QAccessibleInterface *HeatmapAccessible::cellAt(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return nullptr;
    const int index = row * columnCount() + column;
    if (const auto it = m_cells.constFind(index); it != m_cells.constEnd())
        return QAccessible::accessibleInterface(*it);
    QAccessibleInterface *cell = new HeatmapCellAccessible(this, row, column);
    m_cells.insert(index, QAccessible::registerAccessibleInterface(cell));
    return cell;
}

QAccessibleInterface *HeatmapAccessible::header(Qt::Orientation orientation, int section) const
{
    const int count = orientation == Qt::Vertical ? rowCount() : columnCount();
    if (section < 0 || section >= count)
        return nullptr;
    const int key = orientation == Qt::Vertical ? -1 - section : section;
    if (const auto it = m_headers.constFind(key); it != m_headers.constEnd())
        return QAccessible::accessibleInterface(*it);
    QAccessibleInterface *header = new HeatmapHeaderAccessible(this, orientation, section);
    m_headers.insert(key, QAccessible::registerAccessibleInterface(header));
    return header;
}

QAccessibleInterface *HeatmapAccessible::childAt(int x, int y) const
{
    if (!isValid())
        return nullptr;
    const QPoint local = heatmap()->mapFromGlobal(QPoint(x, y));
    if (const auto cell = heatmap()->mapping().cellAt(QPointF(local)))
        return cellAt(cell->row, cell->column);
    return nullptr;
}

QAccessibleInterface *HeatmapAccessible::focusChild() const
{
    if (!isValid() || !heatmap()->hasFocus() || rowCount() == 0)
        return nullptr;
    const HeatmapCell current = heatmap()->currentCell();
    return cellAt(current.row, current.column);
}

void *HeatmapAccessible::interface_cast(QAccessible::InterfaceType t)
{
    if (t == QAccessible::TableInterface)
        return static_cast<QAccessibleTableInterface *>(this);
    return QAccessibleWidget::interface_cast(t);
}

void HeatmapAccessible::doAction(const QString &actionName)
{
    if (actionName == QAccessibleActionInterface::setFocusAction() && isValid() &&
        heatmap()->isEnabled() && heatmap()->isVisible()) {
        heatmap()->activateWindow();
        heatmap()->setFocus(Qt::OtherFocusReason);
        return;
    }
    QAccessibleWidget::doAction(actionName);
}

QRect HeatmapAccessible::cellScreenRect(int row, int column) const
{
    const HeatmapMapping &mapping = heatmap()->mapping();
    QRectF box;
    if (row >= 0 && column >= 0) {
        box = mapping.cellRect(row, column);
    } else if (row >= 0) { // the row's label, left of the grid
        const QRectF whole = mapping.rowRect(row);
        box = QRectF(whole.left(), whole.top(), mapping.gridRect().left() - whole.left(),
                     whole.height());
    } else { // the column's label, above the grid
        const QRectF cell = mapping.cellRect(0, column);
        box = QRectF(cell.left(), 0, cell.width(), mapping.gridRect().top());
    }
    return QRect(heatmap()->mapToGlobal(box.topLeft().toPoint()), box.size().toSize());
}

int HeatmapAccessible::selectedCellCount() const
{
    return selectedRowCount() * columnCount();
}

QList<QAccessibleInterface *> HeatmapAccessible::selectedCells() const
{
    QList<QAccessibleInterface *> cells;
    for (const int row : selectedRows())
        for (int column = 0; column < columnCount(); ++column)
            cells.append(cellAt(row, column));
    return cells;
}

QString HeatmapAccessible::columnDescription(int column) const
{
    return isValid() ? heatmap()->model()->columnLabels().value(column) : QString();
}

QString HeatmapAccessible::rowDescription(int row) const
{
    return isValid() ? heatmap()->model()->rowLabels().value(row) : QString();
}

int HeatmapAccessible::selectedRowCount() const
{
    return int(selectedRows().size());
}

QList<int> HeatmapAccessible::selectedRows() const
{
    if (!isValid())
        return {};
    const int row = heatmap()->selectedToken();
    return row >= 0 && row < rowCount() ? QList<int>{row} : QList<int>{};
}

bool HeatmapAccessible::isRowSelected(int row) const
{
    return isValid() && row >= 0 && row == heatmap()->selectedToken();
}

bool HeatmapAccessible::selectRow(int row)
{
    if (!isValid() || row < 0 || row >= rowCount())
        return false;
    Q_EMIT heatmap()->tokenSelected(row); // as a click on the row does
    return true;
}

void HeatmapAccessible::modelChange(QAccessibleTableModelChangeEvent *event)
{
    // Cells read the widget when asked, so new numbers need nothing; new labels or a new shape
    // drop the cells, which may no longer exist.
    if (event->modelChangeType() != QAccessibleTableModelChangeEvent::DataChanged)
        clearCache();
}

} // namespace attention
