#include "costchart.h"

#include "chartcallout.h"
#include "costmeasurement.h"
#include "focusmark.h"
#include "numberformat.h"

#include <QChart>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

namespace attention {

namespace {

QColor kernelColor(Kernel kernel)
{
    switch (kernel) {
    case Kernel::Naive:
        return QColor(0xd6, 0x5f, 0x00); // orange
    case Kernel::Materialized:
        return QColor(0x7b, 0x3f, 0xa0); // purple
    case Kernel::Tiled:
        return QColor(0x1f, 0x77, 0xb4); // blue
    }
    return Qt::black;
}

/// A log axis range around [low, high] with some margin that holds at least two powers of ten,
/// so the axis always carries two labels.
std::pair<double, double> logRange(double low, double high, double margin)
{
    low /= margin;
    high *= margin;
    const auto decadesInside = [](double a, double b) {
        return std::floor(std::log10(b)) - std::ceil(std::log10(a)) + 1;
    };
    if (decadesInside(low, high) < 2)
        low = std::pow(10.0, std::floor(std::log10(low)));
    if (decadesInside(low, high) < 2)
        high = std::pow(10.0, std::ceil(std::log10(high)));
    return {low, high};
}

QLogValueAxis *logAxis()
{
    auto *axis = new QLogValueAxis;
    axis->setBase(10.0);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setMinorTickCount(8);
    return axis;
}

} // namespace

CostChart::CostChart(QWidget *parent)
    : QChartView(parent)
    , m_guide(new QLineSeries)
    , m_lengthAxis(logAxis())
    , m_timeAxis(logAxis())
{
    // One series per kernel and the T² guide, on log-log axes.
    QChart *chart = this->chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->addAxis(m_lengthAxis, Qt::AlignBottom);
    chart->addAxis(m_timeAxis, Qt::AlignLeft);
    for (Kernel kernel : allKernels()) {
        auto *series = new QLineSeries;
        QPen pen(kernelColor(kernel));
        pen.setWidthF(2.5);
        series->setPen(pen);
        series->setPointsVisible(true);
        series->setMarkerSize(9.0);
        chart->addSeries(series);
        series->attachAxis(m_lengthAxis);
        series->attachAxis(m_timeAxis);
        m_series.append(series);
        connect(
            series, &QLineSeries::hovered, this,
            [this, kernel](const QPointF &point, bool state) { showValue(kernel, point, state); });
    }
    QPen guidePen(QColor(0x60, 0x60, 0x60));
    guidePen.setStyle(Qt::DashLine);
    guidePen.setWidthF(1.5);
    m_guide->setPen(guidePen);
    chart->addSeries(m_guide);
    m_guide->attachAxis(m_lengthAxis);
    m_guide->attachAxis(m_timeAxis);
    setRenderHint(QPainter::Antialiasing);
    // A line series' bounding rectangle holds its line, not its markers, so partial updates
    // would leave a marker half outside it (at the first and last T, or where a point moves as
    // the axes grow) clipped or stale. The chart is small and changes a few times a second: it is
    // repainted whole.
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setMinimumSize(400, 300);
    FocusMark::install(this);
    // The hovered point's value, drawn on the chart: the view's own tooltip (what the axes mean)
    // took the place of a tooltip with the value.
    m_callout = std::make_unique<ChartCallout>(chart);
}

CostChart::~CostChart() = default;

QString CostChart::calloutText() const
{
    return m_callout->text();
}

double CostChart::fittedSlope(const QList<QPointF> &points)
{
    return costSlope(points);
}

QLineSeries *CostChart::series(Kernel kernel) const
{
    return m_series.at(static_cast<int>(kernel));
}

void CostChart::showValue(Kernel kernel, const QPointF &point, bool state)
{
    if (!state) {
        m_callout->hide();
        return;
    }
    m_callout->show(*this, point, series(kernel),
                    CostPage::tr("%1 at T = %2: %3 ms")
                        .arg(CostPage::kernelTitle(kernel), locale().toString(qRound(point.x())))
                        .arg(NumberFormat::milliseconds(point.y())),
                    kernelColor(kernel));
}

void CostChart::showRun(const CostPage::Run &run)
{
    updateSeries(run);
    updateAxes(run);
}

void CostChart::updateSeries(const CostPage::Run &run)
{
    QList<QPointF> all;
    for (Kernel kernel : allKernels()) {
        const QList<QPointF> points = run.measured(kernel);
        QLineSeries *line = series(kernel);
        line->replace(points);
        const double slope = fittedSlope(points);
        line->setName(std::isnan(slope)
                          ? CostPage::kernelTitle(kernel)
                          : CostPage::tr("%1: slope %2")
                                .arg(CostPage::kernelTitle(kernel), NumberFormat::slope(slope)));
        line->setVisible(run.kernels.contains(kernel) || !points.isEmpty());
        all += points;
    }

    // The guide: c·T² through the geometric mean of every point, across the measured T.
    m_guide->setName(CostPage::tr("∝ T² (slope 2)"));
    if (all.isEmpty()) {
        m_guide->clear();
        m_guide->setVisible(false);
        return;
    }
    double lowT = all.first().x();
    double highT = lowT;
    for (const QPointF &p : all) {
        lowT = std::min(lowT, p.x());
        highT = std::max(highT, p.x());
    }
    const double c = costCoefficient(all, 2.0);
    m_guide->replace({QPointF(lowT, c * lowT * lowT), QPointF(highT, c * highT * highT)});
    m_guide->setVisible(highT > lowT);
}

void CostChart::updateAxes(const CostPage::Run &run)
{
    // T: the run's lengths, known from the start, so the axis does not move while points come.
    if (run.lengths.isEmpty()) {
        m_lengthAxis->setRange(100.0, 10000.0);
    } else {
        const auto [low, high] = logRange(run.lengths.first(), run.lengths.last(), 1.25);
        m_lengthAxis->setRange(low, high);
    }
    // Time: every point and the guide.
    double low = std::numeric_limits<double>::infinity();
    double high = 0.0;
    for (const CostPage::Point &p : run.points) {
        low = std::min(low, p.ms);
        high = std::max(high, p.ms);
    }
    if (m_guide->isVisible())
        for (const QPointF &p : m_guide->points()) {
            low = std::min(low, p.y());
            high = std::max(high, p.y());
        }
    if (high <= 0.0) {
        m_timeAxis->setRange(0.1, 1000.0);
    } else {
        const auto [from, to] = logRange(low, high, 1.6);
        m_timeAxis->setRange(from, to);
    }
}

void CostChart::retranslateUi()
{
    m_lengthAxis->setTitleText(CostPage::tr("T (sequence length)"));
    m_timeAxis->setTitleText(CostPage::tr("time (ms)"));
    setToolTip(CostPage::tr("Both axes are logarithmic: time ∝ T^k is a straight line of "
                            "slope k. Hover a point for its value."));
}

void CostChart::applyFonts(const QFont &font)
{
    QFont titleFont = font;
    titleFont.setBold(true);
    titleFont.setPointSizeF(font.pointSizeF() * 1.1);
    chart()->setTitleFont(titleFont);
    for (QLogValueAxis *axis : {m_lengthAxis, m_timeAxis}) {
        axis->setLabelsFont(font);
        axis->setTitleFont(font);
    }
    chart()->legend()->setFont(font);
}

} // namespace attention
