#pragma once

/// The value of a hovered point of a chart, drawn on the chart beside the point as a small box
/// in the tooltip's colours, framed in the series' colour and kept inside the plot (the Qt
/// Charts callout): a chart view's own tooltip, which says what the chart shows, would take the
/// place of a QToolTip with the value.

#include <QColor>
#include <QString>

class QAbstractSeries;
class QChart;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QPointF;
class QWidget;

namespace attention {

class ChartCallout
{
public:
    /// A hidden callout on `chart`, which owns its items.
    explicit ChartCallout(QChart *chart);

    /// Shows `text` beside `point` of `series`, in `view`'s font and palette, framed in `color`.
    void show(const QWidget &view, const QPointF &point, QAbstractSeries *series,
              const QString &text, const QColor &color);
    void hide();
    /// The text shown, empty while hidden.
    QString text() const;

private:
    QChart *m_chart;
    QGraphicsRectItem *m_box;
    QGraphicsSimpleTextItem *m_text;
};

} // namespace attention
