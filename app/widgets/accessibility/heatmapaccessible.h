#pragma once

/// What a heatmap tells assistive technology: a table whose children are its cells, row by row
/// (child index = row · columns + column), each a table cell with its row and column, the
/// tokens as row and column headers, the shown number as its value and "光 → 明: 0.30" as its
/// name; the selected query's cells are selected, the current cell (HeatmapWidget::currentCell())
/// is the focused child while the heatmap has the focus. Selecting a row through the interface
/// does what a click does.
///
/// Cells and headers are made when first asked for and registered with QAccessible; they read
/// the widget each time, so a recompute needs no update, and they are dropped when the shape or
/// the labels change (HeatmapWidget sends a QAccessibleTableModelChangeEvent).

#include <QAccessibleWidget>
#include <QCoreApplication>
#include <QHash>

namespace attention {

class HeatmapWidget;

class HeatmapAccessible : public QAccessibleWidget, public QAccessibleTableInterface
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapAccessible)

public:
    explicit HeatmapAccessible(HeatmapWidget *heatmap);
    ~HeatmapAccessible() override;

    HeatmapWidget *heatmap() const;

    // QAccessibleInterface
    QString text(QAccessible::Text t) const override;
    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;
    QAccessibleInterface *focusChild() const override;
    void *interface_cast(QAccessible::InterfaceType t) override;
    /// "SetFocus" also brings the heatmap's window to the front, as GTK's grab_focus does, so a
    /// screen reader's request lands the keyboard on the current cell.
    void doAction(const QString &actionName) override;

    // QAccessibleTableInterface
    QAccessibleInterface *caption() const override { return nullptr; }
    QAccessibleInterface *summary() const override { return nullptr; }
    QAccessibleInterface *cellAt(int row, int column) const override;
    int selectedCellCount() const override;
    QList<QAccessibleInterface *> selectedCells() const override;
    QString columnDescription(int column) const override;
    QString rowDescription(int row) const override;
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override;
    int columnCount() const override;
    int rowCount() const override;
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override;
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int row) const override;
    bool selectRow(int row) override;
    bool selectColumn(int) override { return false; }
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent *event) override;

    /// The header of row or column `section`: a RowHeader or ColumnHeader named by its token.
    QAccessibleInterface *header(Qt::Orientation orientation, int section) const;
    /// The screen rectangle of cell (row, column), or of a header section (−1 for the other).
    QRect cellScreenRect(int row, int column) const;

private:
    void clearCache();

    mutable QHash<int, QAccessible::Id> m_cells;   ///< by child index
    mutable QHash<int, QAccessible::Id> m_headers; ///< rows as −1 − row, columns as column
};

} // namespace attention
