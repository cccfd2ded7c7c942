#pragma once

/// The small bar charts of step 7 (a head's weight by offset, the next character's probability):
/// one set of bars over named categories, a value axis from 0, no legend, no animation.

#include <QChartView>

class QBarCategoryAxis;
class QBarSet;
class QValueAxis;

namespace attention {

class BarChartView : public QChartView
{
public:
    explicit BarChartView(const QColor &color, QWidget *parent = nullptr);

    /// Shows `values` over `categories` (as many of each).
    void setBars(const QStringList &categories, const QList<qreal> &values);

    QBarSet *bars() const { return m_bars; }
    QBarCategoryAxis *categoryAxis() const { return m_categories; }
    QValueAxis *valueAxis() const { return m_values; }

private:
    QBarSet *m_bars;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
};

} // namespace attention
