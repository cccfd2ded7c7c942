#pragma once

/// What step 7's grid of heads tells assistive technology: one child per head in reading order
/// (layer 1's heads first), named by layer and head, the selected head selected; a head's
/// description says where the selected position looks in it, its largest weights first.

#include "accessibleitems.h"

#include <QCoreApplication>

namespace attention {

class HeadGrid;

class HeadGridAccessible : public AccessibleItemsWidget
{
    Q_DECLARE_TR_FUNCTIONS(HeadGridAccessible)

public:
    explicit HeadGridAccessible(HeadGrid *grid);

    QString text(QAccessible::Text t) const override;
    /// The selected head while the grid has the focus (the arrow keys move it).
    QAccessibleInterface *focusChild() const override;
    int itemCount() const override;
    QString itemText(int item, QAccessible::Text t) const override;
    QRect itemRect(int item) const override;
    bool isItemSelected(int item) const override;

private:
    HeadGrid *grid() const;
};

} // namespace attention
