#include "barchartview.h"

#include "focusmark.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>
#include <algorithm>

namespace attention {

BarChartView::BarChartView(const QColor &color, Axis axis, QWidget *parent)
    : QChartView(parent)
    , m_bars(new QBarSet(QString()))
    , m_values(new QValueAxis)
{
    auto *series = new QBarSeries;
    m_bars->setColor(color);
    series->append(m_bars);
    QChart *chart = this->chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->legend()->hide();
    chart->addSeries(series);
    QAbstractAxis *x = nullptr;
    if (axis == Axis::Names) {
        x = m_categories = new QBarCategoryAxis;
    } else {
        // Bars on a number axis stand at their index (Qt Charts): bar i at the number i.
        x = m_numbers = new QValueAxis;
        m_numbers->setTickType(QValueAxis::TicksDynamic);
        m_numbers->setTickAnchor(0.0);
        m_numbers->setLabelFormat(QStringLiteral("%.0f"));
        m_numbers->setMinorTickCount(0);
    }
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(m_values);
    m_values->setRange(0.0, 1.0);
    m_values->setTickCount(3); // 0, the middle and the top: more would not fit at 110 px
    setRenderHint(QPainter::Antialiasing);
    // The axes have no titles: at these heights Qt Charts would cut them short, and the
    // caption above each chart says what it shows.
    FocusMark::install(this);
    applyFont();
}

void BarChartView::applyFont()
{
    chart()->axes(Qt::Horizontal).value(0)->setLabelsFont(font());
    m_values->setLabelsFont(font());
    // Enough for the bars and both axes' labels in the present font (the zoom): squeezed
    // lower, Qt Charts draws the labels over what is below the chart.
    setMinimumHeight(std::max(110, 8 * QFontMetrics(font()).height()));
    fitLabels();
}

void BarChartView::setBars(const QStringList &names, const QList<qreal> &values)
{
    m_bars->remove(0, m_bars->count());
    m_bars->append(values);
    m_names = names;
    // A screen reader names each bar by it (chartaccessible.cpp), its label shown or not.
    m_bars->setProperty("names", names);
    if (m_categories)
        m_categories->setCategories(names);
    else
        m_numbers->setRange(-0.5, double(names.size()) - 0.5);
    fitLabels();
}

void BarChartView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        applyFont();
    QChartView::changeEvent(event);
}

void BarChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    fitLabels();
}

int BarChartView::labelShare() const
{
    // Qt Charts gives a label its share of the axis less twice its padding and measures it as
    // rich text (with the document's margins): about a line's height more than the text.
    const QFontMetrics metrics(font());
    int widest = 0;
    for (const QString &name : m_names)
        widest = std::max(widest, metrics.horizontalAdvance(name));
    return widest + metrics.height() + 2;
}

void BarChartView::fitLabels()
{
    const QFontMetrics metrics(font());
    const int share = labelShare();
    const int values = metrics.horizontalAdvance(QStringLiteral("0.00")) + 2 * metrics.height();
    const int count = std::max(1, int(m_names.size()));
    if (m_categories) {
        setMinimumWidth(count * share + values);
        return;
    }
    // At most every eighth number labelled (0, 8, 16 of 17 offsets), else every second or
    // fourth when there is room, else every one.
    constexpr int widestStep = 8;
    setMinimumWidth((count + widestStep - 1) / widestStep * share + values);
    const int room = std::max(1, width() - values);
    int step = 1;
    while (step < widestStep && (count + step - 1) / step * share > room)
        step *= 2;
    if (m_numbers->tickInterval() != step)
        m_numbers->setTickInterval(step);
}

} // namespace attention
