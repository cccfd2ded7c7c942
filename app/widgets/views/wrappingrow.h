#pragma once

/// A row of groups of controls that wraps onto more rows when the window is too narrow for it,
/// as text does: the groups keep their order, each starts a new row only when it does not fit
/// after the one before, and a vertical line separates neighbours in a row.
///
/// Usage: `auto *row = new WrappingRow(parent); QWidget *group = row->addGroup({{label, 0},
/// {slider, 1}}, 3);` — the group's widgets are laid out side by side (with their stretch), and
/// the group stretches by `stretch` within its row. Hiding a group (group->hide()) takes it and its
/// line out. The row's minimum width is that of its widest group, so it never holds a window
/// wider than that; its height follows the rows it needs.

#include <QList>
#include <QPair>
#include <QWidget>

class QVBoxLayout;

namespace attention {

class WrappingRow : public QWidget
{
    Q_OBJECT

public:
    explicit WrappingRow(QWidget *parent = nullptr);

    /// Appends a group of `widgets` (each with its stretch), which the row takes as children;
    /// returns the group, to hide or show it.
    QWidget *addGroup(const QList<QPair<QWidget *, int>> &widgets, int stretch);
    /// How many rows the groups take at the row's current width.
    int rowCount() const;

    QSize minimumSizeHint() const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Group
    {
        QWidget *widget;
        QWidget *separator; ///< the line before it, when it follows another group in its row
        int stretch;
    };

    /// Which visible groups start a row at `width`.
    QList<bool> rowStarts(int width) const;
    /// Puts the groups in rows for `width`; does nothing if they are there already, unless
    /// `force`.
    void arrange(int width, bool force = false);

    QVBoxLayout *m_rows;
    QList<Group> m_groups;
    QList<bool> m_starts; ///< the arrangement shown
};

} // namespace attention
