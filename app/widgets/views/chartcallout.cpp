#include "chartcallout.h"

#include <QBrush>
#include <QChart>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>
#include <QWidget>
#include <algorithm>

namespace attention {

ChartCallout::ChartCallout(QChart *chart)
    : m_chart(chart)
    , m_box(new QGraphicsRectItem(chart))
    , m_text(new QGraphicsSimpleTextItem(m_box))
{
    m_box->setZValue(20);
    m_box->hide();
}

void ChartCallout::show(const QWidget &view, const QPointF &point, QAbstractSeries *series,
                        const QString &text, const QColor &color)
{
    m_text->setFont(view.font());
    m_text->setBrush(view.palette().brush(QPalette::ToolTipText));
    m_text->setText(text);
    constexpr qreal padding = 4;
    const QRectF bounds = m_text->boundingRect();
    m_text->setPos(padding, padding);
    m_box->setRect(0, 0, bounds.width() + 2 * padding, bounds.height() + 2 * padding);
    m_box->setBrush(view.palette().brush(QPalette::ToolTipBase));
    m_box->setPen(QPen(color, 1.5));
    // Above and to the right of the point, kept inside the plot.
    const QRectF plot = m_chart->plotArea();
    const QPointF at = m_chart->mapToPosition(point, series);
    const QRectF box = m_box->rect();
    m_box->setPos(
        std::clamp(at.x() + 8, plot.left(), std::max(plot.left(), plot.right() - box.width())),
        std::clamp(at.y() - box.height() - 8, plot.top(),
                   std::max(plot.top(), plot.bottom() - box.height())));
    m_box->show();
}

void ChartCallout::hide()
{
    m_box->hide();
}

QString ChartCallout::text() const
{
    return m_box->isVisible() ? m_text->text() : QString();
}

} // namespace attention
