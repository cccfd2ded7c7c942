#include "sqrtdcharts.h"

#include "colormap.h"
#include "focusmark.h"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <cmath>

namespace attention {

namespace {

/// The d axis of both charts: a little room beyond 1 and 4096 so the end markers show whole.
constexpr double dimensionAxisMin = 0.75;
constexpr double dimensionAxisMax = 5500.0;
/// The std axis: from below the std at d = 1 (1) to above √4096 = 64.
constexpr double stdAxisMin = 0.5;
constexpr double stdAxisMax = 128.0;
/// The measured points on the curves, in pixels.
constexpr qreal pointSize = 5.0;

QColor stdColor()
{
    return QColor(Colormap::viridis(0.3));
}

QColor unscaledColor()
{
    return QColor(0xd9, 0x5f, 0x02); // orange, apart from viridis' blues and greens
}

QColor scaledColor()
{
    return QColor(Colormap::viridis(0.3));
}

void hideFromLegend(QChart *chart, QAbstractSeries *series)
{
    for (QLegendMarker *marker : chart->legend()->markers(series))
        marker->setVisible(false);
}

void prepareChart(QChart *chart)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
}

} // namespace

SqrtDCharts::SqrtDCharts(const QList<int> &dimensions, QWidget *parent)
    : QObject(parent)
    , m_dimensions(dimensions)
    , m_stdView(new QChartView(parent))
    , m_weightView(new QChartView(parent))
    , m_stdDimensionAxis(new QLogValueAxis)
    , m_stdAxis(new QLogValueAxis)
    , m_weightDimensionAxis(new QLogValueAxis)
    , m_weightAxis(new QValueAxis)
    , m_stdSeries(new QLineSeries)
    , m_sqrtSeries(new QLineSeries)
    , m_stdMarkerLine(new QLineSeries)
    , m_stdMarker(new QScatterSeries)
    , m_unscaledSeries(new QLineSeries)
    , m_scaledSeries(new QLineSeries)
    , m_uniformSeries(new QLineSeries)
    , m_weightMarkerLine(new QLineSeries)
    , m_weightMarker(new QScatterSeries)
{
    for (QLogValueAxis *axis : {m_stdDimensionAxis, m_weightDimensionAxis}) {
        axis->setBase(4.0);
        axis->setRange(dimensionAxisMin, dimensionAxisMax);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(-1);
    }
    buildSpreadChart();
    buildWeightChart();
    for (QChartView *view : {m_stdView, m_weightView}) {
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(320, 240);
        FocusMark::install(view);
    }
}

void SqrtDCharts::buildSpreadChart()
{
    // The spread of q·k: measured points and the √d curve, log-log.
    QChart *chart = m_stdView->chart();
    prepareChart(chart);
    QPen stdPen(stdColor(), 2.5);
    m_stdSeries->setPen(stdPen);
    m_stdSeries->setPointsVisible(true);
    m_stdSeries->setMarkerSize(pointSize);
    QPen sqrtPen(QColor(0x33, 0x33, 0x33), 1.8, Qt::DashLine);
    m_sqrtSeries->setPen(sqrtPen);
    QList<QPointF> sqrtPoints;
    for (int d : m_dimensions)
        sqrtPoints.append(QPointF(d, std::sqrt(double(d))));
    m_sqrtSeries->replace(sqrtPoints);
    m_stdAxis->setBase(4.0); // as the d axis; base 2 has too many labels at the classroom zoom
    m_stdAxis->setRange(stdAxisMin, stdAxisMax);
    m_stdAxis->setLabelFormat(QStringLiteral("%g"));
    m_stdAxis->setMinorTickCount(-1);

    // The current d: a thin vertical line and a ring on the measured point.
    const QPen markerLinePen(QColor(0xc0, 0x20, 0x20), 1.5, Qt::DotLine);
    m_stdMarkerLine->setPen(markerLinePen);
    m_weightMarkerLine->setPen(markerLinePen);
    for (QScatterSeries *marker : {m_stdMarker, m_weightMarker}) {
        marker->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        marker->setMarkerSize(15);
        marker->setColor(Qt::transparent);
        marker->setBorderColor(QColor(0xc0, 0x20, 0x20));
        QPen ring(QColor(0xc0, 0x20, 0x20), 2.5);
        marker->setPen(ring);
    }

    // √d last of the two, so it is drawn over the measured points.
    for (QAbstractSeries *series : std::initializer_list<QAbstractSeries *>{
             m_stdSeries, m_sqrtSeries, m_stdMarkerLine, m_stdMarker})
        chart->addSeries(series);
    chart->addAxis(m_stdDimensionAxis, Qt::AlignBottom);
    chart->addAxis(m_stdAxis, Qt::AlignLeft);
    for (QAbstractSeries *series : chart->series()) {
        series->attachAxis(m_stdDimensionAxis);
        series->attachAxis(m_stdAxis);
    }
    // The current d is the red line that the slider moves, named in the tooltip: out of the
    // legend, which then holds its two entries whole at the classroom zoom. The chart's title
    // says what the vertical axis measures, so its own title is not drawn.
    hideFromLegend(chart, m_stdMarker);
    hideFromLegend(chart, m_stdMarkerLine);
    m_stdAxis->setTitleVisible(false);
}

void SqrtDCharts::buildWeightChart()
{
    // The largest weight per row, unscaled and scaled, on 0–1, with 1/T as the floor.
    QChart *chart = m_weightView->chart();
    prepareChart(chart);
    m_unscaledSeries->setPen(QPen(unscaledColor(), 2.5));
    m_unscaledSeries->setPointsVisible(true);
    m_unscaledSeries->setMarkerSize(pointSize);
    m_scaledSeries->setPen(QPen(scaledColor(), 2.5));
    m_scaledSeries->setPointsVisible(true);
    m_scaledSeries->setMarkerSize(pointSize);
    m_uniformSeries->setPen(QPen(QColor(0x80, 0x80, 0x80), 1.5, Qt::DashLine));
    // A little above 1, so that a point at 1 (one-hot) shows whole: the plot clips its markers.
    m_weightAxis->setRange(0.0, 1.08);
    m_weightAxis->setTickType(QValueAxis::TicksDynamic);
    m_weightAxis->setTickAnchor(0.0);
    m_weightAxis->setTickInterval(0.2);
    m_weightAxis->setLabelFormat(QStringLiteral("%.1f"));
    for (QAbstractSeries *series : std::initializer_list<QAbstractSeries *>{
             m_uniformSeries, m_unscaledSeries, m_scaledSeries, m_weightMarkerLine, m_weightMarker})
        chart->addSeries(series);
    chart->addAxis(m_weightDimensionAxis, Qt::AlignBottom);
    chart->addAxis(m_weightAxis, Qt::AlignLeft);
    for (QAbstractSeries *series : chart->series()) {
        series->attachAxis(m_weightDimensionAxis);
        series->attachAxis(m_weightAxis);
    }
    hideFromLegend(chart, m_weightMarker);
    hideFromLegend(chart, m_weightMarkerLine);
    m_weightAxis->setTitleVisible(false);
}

void SqrtDCharts::showRows(const std::vector<std::optional<SqrtDRow>> &rows, int tokens)
{
    QList<QPointF> spread;
    QList<QPointF> unscaled;
    QList<QPointF> scaled;
    for (std::size_t i = 0; i < rows.size() && i < std::size_t(m_dimensions.size()); ++i) {
        if (!rows[i])
            continue;
        const double d = m_dimensions.at(qsizetype(i));
        spread.append(QPointF(d, rows[i]->stdDev));
        unscaled.append(QPointF(d, rows[i]->maxWeightUnscaled));
        scaled.append(QPointF(d, rows[i]->maxWeightScaled));
    }
    m_stdSeries->replace(spread);
    m_unscaledSeries->replace(unscaled);
    m_scaledSeries->replace(scaled);
    const double even = 1.0 / tokens;
    m_uniformSeries->replace({QPointF(dimensionAxisMin, even), QPointF(dimensionAxisMax, even)});
}

void SqrtDCharts::markDimension(int d, const std::optional<SqrtDRow> &row)
{
    m_stdMarkerLine->replace({QPointF(d, stdAxisMin), QPointF(d, stdAxisMax)});
    m_weightMarkerLine->replace({QPointF(d, 0.0), QPointF(d, 1.0)});
    const QString name = tr("current d = %1").arg(d);
    m_stdMarkerLine->setName(name);
    m_weightMarkerLine->setName(name);
    if (row) {
        m_stdMarker->replace({QPointF(d, row->stdDev)});
        m_weightMarker->replace(
            {QPointF(d, row->maxWeightUnscaled), QPointF(d, row->maxWeightScaled)});
    } else {
        m_stdMarker->clear();
        m_weightMarker->clear();
    }
}

void SqrtDCharts::retranslateUi()
{
    m_stdView->chart()->setTitle(tr("Spread of the dot products q·k (log scale)"));
    m_stdDimensionAxis->setTitleText(tr("dimension d (log scale)"));
    m_stdAxis->setTitleText(tr("standard deviation (log scale)"));
    m_stdSeries->setName(tr("measured std of q·k"));
    m_sqrtSeries->setName(tr("√d"));
    m_stdView->setToolTip(tr("Each point is the standard deviation of all q·k of many random "
                             "trials at that d. The dashed line is √d; the red line and ring "
                             "mark the d the slider sets."));

    m_weightView->chart()->setTitle(tr("Largest weight in a row (mean)"));
    m_weightDimensionAxis->setTitleText(tr("dimension d (log scale)"));
    m_weightAxis->setTitleText(tr("mean largest weight"));
    m_unscaledSeries->setName(tr("softmax(q·k)"));
    m_scaledSeries->setName(tr("softmax(q·k / √d)"));
    m_uniformSeries->setName(tr("even weights, 1/T"));
    m_weightView->setToolTip(tr("Near 1, one key takes all the weight of its row; at 1/T every "
                                "key gets the same. The red line and rings mark the d the "
                                "slider sets."));
}

void SqrtDCharts::applyFont(const QFont &font)
{
    QFont titleFont = font;
    titleFont.setBold(true);
    if (font.pointSizeF() > 0)
        titleFont.setPointSizeF(font.pointSizeF() * 1.1);
    for (QChartView *view : {m_stdView, m_weightView}) {
        view->chart()->setTitleFont(titleFont);
        view->chart()->legend()->setFont(font);
        for (QAbstractAxis *axis : view->chart()->axes()) {
            axis->setLabelsFont(font);
            axis->setTitleFont(font);
        }
    }
}

} // namespace attention
