#pragma once

/// An accessible widget whose painted parts are children of their own: the arrows of the vector
/// plane, the heads of step 7's grid, the bars and lines of a chart.
///
/// AccessibleItemsWidget is a QAccessibleWidget whose children are the widget's own child
/// widgets (combo boxes, say) followed by itemCount() items. Each item is an AccessibleItem
/// that asks its parent for its texts, place and state, so a subclass only says what the items
/// are. Item interfaces are made when first asked for, registered with QAccessible (so that a
/// bridge such as AT-SPI can refer to them) and deleted with their parent.

#include <QAccessibleWidget>
#include <QHash>

namespace attention {

class AccessibleItemsWidget : public QAccessibleWidget
{
public:
    AccessibleItemsWidget(QWidget *widget, QAccessible::Role role, QAccessible::Role itemRole);
    ~AccessibleItemsWidget() override;

    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;

    /// How many painted items there are now.
    virtual int itemCount() const = 0;
    /// The name, description or value of item `item`.
    virtual QString itemText(int item, QAccessible::Text text) const = 0;
    /// Where item `item` is on the screen (global coordinates); the whole widget by default.
    virtual QRect itemRect(int item) const;
    /// True when item `item` is the selected one (the selected query, the selected head).
    virtual bool isItemSelected(int item) const;
    QAccessible::Role itemRole() const { return m_itemRole; }

    /// The interface of item `item` (kept until the parent goes), or null when out of range.
    QAccessibleInterface *item(int item) const;

private:
    QAccessible::Role m_itemRole;
    mutable QHash<int, QAccessible::Id> m_items;
};

} // namespace attention
