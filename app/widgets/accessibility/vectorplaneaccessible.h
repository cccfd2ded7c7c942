#pragma once

/// What the vector plane tells assistive technology: its combo boxes, then one child per drawn
/// arrow (the queries, then the keys), named as the hover text names the vector
/// ("q(光) = [1.00, 0.00]"); the selected query's arrow is selected, and each key says the weight
/// the selected query gives it. The plane's description sums up what is drawn.

#include "accessibleitems.h"

#include <QCoreApplication>

namespace attention {

class VectorPlane;

class VectorPlaneAccessible : public AccessibleItemsWidget
{
    Q_DECLARE_TR_FUNCTIONS(VectorPlaneAccessible)

public:
    explicit VectorPlaneAccessible(VectorPlane *plane);

    QString text(QAccessible::Text t) const override;
    int itemCount() const override;
    QString itemText(int item, QAccessible::Text t) const override;
    QRect itemRect(int item) const override;
    bool isItemSelected(int item) const override;

private:
    VectorPlane *plane() const;
    /// The arrow of item `item`: a query or a key, and its token.
    struct Arrow
    {
        bool query = true;
        int token = -1;
    };
    Arrow arrow(int item) const;
};

} // namespace attention
