#include "barchartview.h"

#include "focusmark.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

namespace attention {

BarChartView::BarChartView(const QColor &color, QWidget *parent)
    : QChartView(parent)
    , m_bars(new QBarSet(QString()))
    , m_categories(new QBarCategoryAxis)
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
    chart->addAxis(m_categories, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    series->attachAxis(m_categories);
    series->attachAxis(m_values);
    m_values->setRange(0.0, 1.0);
    m_values->setTickCount(3); // 0, the middle and the top: more would not fit at 110 px
    setRenderHint(QPainter::Antialiasing);
    // Enough for the bars and both axes' labels; a short, zoomed window gives the rest of its
    // height to the loss chart and the heads above. The axes have no titles: at these heights
    // Qt Charts would cut them short, and the caption above each chart says what it shows.
    setMinimumHeight(110);
    FocusMark::install(this);
}

void BarChartView::setBars(const QStringList &categories, const QList<qreal> &values)
{
    m_bars->remove(0, m_bars->count());
    m_bars->append(values);
    m_categories->setCategories(categories);
}

} // namespace attention
