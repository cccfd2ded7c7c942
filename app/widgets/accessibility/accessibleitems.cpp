#include "accessibleitems.h"

#include <QWidget>

namespace attention {

namespace {

/// One painted item of an AccessibleItemsWidget: everything it says comes from its parent.
class AccessibleItem : public QAccessibleInterface
{
public:
    AccessibleItem(const AccessibleItemsWidget *parent, int index)
        : m_parent(parent)
        , m_index(index)
    {}

    const AccessibleItemsWidget *owner() const { return m_parent; }
    int index() const { return m_index; }

    bool isValid() const override { return m_parent->isValid() && m_index < m_parent->itemCount(); }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_parent->window(); }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override
    {
        return const_cast<AccessibleItemsWidget *>(m_parent);
    }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QString text(QAccessible::Text t) const override
    {
        return isValid() ? m_parent->itemText(m_index, t) : QString();
    }
    void setText(QAccessible::Text, const QString &) override {}
    QRect rect() const override { return isValid() ? m_parent->itemRect(m_index) : QRect(); }
    QAccessible::Role role() const override { return m_parent->itemRole(); }
    QAccessible::State state() const override
    {
        QAccessible::State state;
        if (!isValid()) {
            state.invalid = true;
            return state;
        }
        state.invisible = m_parent->state().invisible;
        state.selectable = true;
        state.selected = m_parent->isItemSelected(m_index);
        state.readOnly = true;
        return state;
    }

private:
    const AccessibleItemsWidget *m_parent;
    int m_index;
};

} // namespace

AccessibleItemsWidget::AccessibleItemsWidget(QWidget *widget, QAccessible::Role role,
                                             QAccessible::Role itemRole)
    : QAccessibleWidget(widget, role)
    , m_itemRole(itemRole)
{}

AccessibleItemsWidget::~AccessibleItemsWidget()
{
    for (const QAccessible::Id id : std::as_const(m_items))
        QAccessible::deleteAccessibleInterface(id);
}

int AccessibleItemsWidget::childCount() const
{
    return QAccessibleWidget::childCount() + itemCount();
}

QAccessibleInterface *AccessibleItemsWidget::child(int index) const
{
    const int widgets = QAccessibleWidget::childCount();
    return index < widgets ? QAccessibleWidget::child(index) : item(index - widgets);
}

int AccessibleItemsWidget::indexOfChild(const QAccessibleInterface *child) const
{
    if (const auto *item = dynamic_cast<const AccessibleItem *>(child))
        return item->owner() == this && item->index() < itemCount()
                   ? QAccessibleWidget::childCount() + item->index()
                   : -1;
    return QAccessibleWidget::indexOfChild(child);
}

QAccessibleInterface *AccessibleItemsWidget::childAt(int x, int y) const
{
    for (int i = 0; i < QAccessibleWidget::childCount(); ++i) {
        QAccessibleInterface *widget = QAccessibleWidget::child(i);
        if (widget && widget->isValid() && widget->rect().contains(x, y))
            return widget;
    }
    // Items with a place of their own; the last one drawn is on top.
    const QRect whole = rect();
    for (int i = itemCount() - 1; i >= 0; --i) {
        const QRect box = itemRect(i);
        if (box != whole && box.contains(x, y))
            return item(i);
    }
    return nullptr;
}

QRect AccessibleItemsWidget::itemRect(int) const
{
    return rect();
}

bool AccessibleItemsWidget::isItemSelected(int) const
{
    return false;
}

QAccessibleInterface *AccessibleItemsWidget::item(int item) const
{
    if (item < 0 || item >= itemCount())
        return nullptr;
    if (const auto it = m_items.constFind(item); it != m_items.constEnd())
        return QAccessible::accessibleInterface(*it);
    QAccessibleInterface *created = new AccessibleItem(this, item);
    m_items.insert(item, QAccessible::registerAccessibleInterface(created));
    return created;
}

} // namespace attention
