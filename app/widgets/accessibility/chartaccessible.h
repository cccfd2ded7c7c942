#pragma once

/// What a chart (any QChartView: the weights chart, the lesson's loss, cost and bar charts) tells
/// assistive technology: its title as the name, its axes as the description, and one child per
/// thing it draws: each bar of a bar series ("明: 0.30"), each line or set of points (its name,
/// and its points as "x: y" pairs, or a summary past a few dozen).

#include "accessibleitems.h"

#include <QCoreApplication>

QT_BEGIN_NAMESPACE
class QAbstractSeries;
class QChartView;
QT_END_NAMESPACE

namespace attention {

class ChartAccessible : public AccessibleItemsWidget
{
    Q_DECLARE_TR_FUNCTIONS(ChartAccessible)

public:
    explicit ChartAccessible(QChartView *view);

    /// Past this many points a line's description sums it up rather than listing every point.
    static constexpr int listedPoints = 24;

    QString text(QAccessible::Text t) const override;
    int itemCount() const override;
    QString itemText(int item, QAccessible::Text t) const override;

private:
    QChartView *view() const;
    /// The series an item belongs to and, for a bar, the bar's index in it (−1 for a line).
    struct Part
    {
        QAbstractSeries *series = nullptr;
        int bar = -1;
        int set = -1;
    };
    Part part(int item) const;
};

} // namespace attention
