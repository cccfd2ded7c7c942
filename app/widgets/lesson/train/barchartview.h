#pragma once

/// The small bar charts of step 7 (a head's weight by offset, the next character's probability):
/// one set of bars, a value axis from 0, no legend, no animation, the axes labelled in the
/// widget's font (it follows the zoom). No label is ever cut short:
///  - bars over names (characters) label every bar, and the chart is never narrower than that
///    needs;
///  - bars over the numbers 0, 1, 2… (offsets) are placed on a number axis whose labels thin to
///    every second, fourth or eighth number where they would not all fit.

#include <QChartView>

class QAbstractAxis;
class QBarCategoryAxis;
class QBarSet;
class QValueAxis;

namespace attention {

class BarChartView : public QChartView
{
public:
    enum class Axis
    {
        Names,   ///< one label per bar, each shown
        Numbers, ///< bar i stands at the number i; its labels may thin
    };

    explicit BarChartView(const QColor &color, Axis axis = Axis::Names, QWidget *parent = nullptr);

    /// Shows `values` over `names` (as many of each); with Axis::Numbers the names are the
    /// numbers 0, 1, 2… as text (a screen reader reads them).
    void setBars(const QStringList &names, const QList<qreal> &values);

    /// Each bar's name, shown or not: also what a screen reader says for it.
    QStringList names() const { return m_names; }

    QBarSet *bars() const { return m_bars; }
    QValueAxis *valueAxis() const { return m_values; }

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// The width a label takes on the axis: the widest name, and Qt Charts' room around it.
    int labelShare() const;
    /// Sets the minimum width and, on a number axis, the label step for the present width.
    void fitLabels();
    /// The axes' labels in the widget's font, and the minimum height they need.
    void applyFont();

    QBarSet *m_bars;
    QBarCategoryAxis *m_categories = nullptr; ///< Axis::Names
    QValueAxis *m_numbers = nullptr;          ///< Axis::Numbers
    QValueAxis *m_values;
    QStringList m_names;
};

} // namespace attention
