#include "losschart.h"

#include "focusmark.h"
#include "numberformat.h"
#include "trainingsession.h"

#include <QChart>
#include <QCursor>
#include <QFontMetricsF>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

const QColor trainColor(0x1f, 0x77, 0xb4);      // blue
const QColor validationColor(0xd6, 0x5f, 0x00); // orange
const QColor baselineColor(0x60, 0x60, 0x60);   // grey

QLineSeries *lineSeries(const QColor &color, qreal width, Qt::PenStyle style)
{
    auto *series = new QLineSeries;
    QPen pen(color);
    pen.setWidthF(width);
    pen.setStyle(style);
    series->setPen(pen);
    return series;
}

/// The least 1, 2 or 5 × 10^k that is at least `wanted` (> 0).
double roundUp(double wanted)
{
    const double decade = std::pow(10.0, std::floor(std::log10(wanted)));
    for (const double nice : {1.0, 2.0, 5.0})
        if (nice * decade >= wanted)
            return nice * decade;
    return 10.0 * decade;
}

} // namespace

LossChart::LossChart(QWidget *parent)
    : QChartView(parent)
    , m_train(lineSeries(trainColor, 2.0, Qt::SolidLine))
    , m_validation(lineSeries(validationColor, 2.5, Qt::SolidLine))
    , m_baseline(lineSeries(baselineColor, 1.5, Qt::DashLine))
    , m_best(new QScatterSeries)
    , m_stepAxis(new QValueAxis)
    , m_lossAxis(new QValueAxis)
{
    QChart *chart = this->chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->addAxis(m_stepAxis, Qt::AlignBottom);
    chart->addAxis(m_lossAxis, Qt::AlignLeft);
    m_stepAxis->setLabelFormat(QStringLiteral("%d"));
    m_stepAxis->setTickType(QValueAxis::TicksDynamic); // whole steps: see stepTickInterval()
    m_stepAxis->setTickAnchor(0.0);
    m_lossAxis->setLabelFormat(QStringLiteral("%.1f"));
    m_best->setColor(validationColor);
    m_best->setBorderColor(Qt::black);
    m_best->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_best->setMarkerSize(13.0);
    for (QXYSeries *series :
         {static_cast<QXYSeries *>(m_baseline), static_cast<QXYSeries *>(m_train),
          static_cast<QXYSeries *>(m_validation), static_cast<QXYSeries *>(m_best)}) {
        chart->addSeries(series);
        series->attachAxis(m_stepAxis);
        series->attachAxis(m_lossAxis);
    }
    // The best validation is marked, not listed: the legend keeps room for the three lines.
    for (QLegendMarker *marker : chart->legend()->markers(m_best))
        marker->setVisible(false);
    connect(m_train, &QLineSeries::hovered, this, [this](const QPointF &point, bool state) {
        showValue(tr("training loss"), point, state);
    });
    connect(m_validation, &QLineSeries::hovered, this, [this](const QPointF &point, bool state) {
        showValue(tr("validation loss"), point, state);
    });
    connect(m_best, &QScatterSeries::hovered, this, [this](const QPointF &point, bool state) {
        showValue(tr("best validation loss"), point, state);
    });
    setRenderHint(QPainter::Antialiasing);
    // Above the selected head's panel on a 1280×720 screen (a title bar less): room for the
    // curves, both axes and the legend, and the panel below keeps what it needs.
    setMinimumSize(320, 160);
    FocusMark::install(this);
    connect(chart, &QChart::plotAreaChanged, this, &LossChart::fitLossTitle);
    retranslateUi();
}

int LossChart::blockLength(int steps)
{
    return std::max(1, steps / 250);
}

void LossChart::showSession(const TrainingSession &session)
{
    const std::vector<double> &losses = session.trainLosses();
    const int block = blockLength(session.totalSteps());
    QList<QPointF> train;
    double high = 0.0;
    for (std::size_t first = 0; first + block <= losses.size(); first += std::size_t(block)) {
        double sum = 0.0;
        for (int i = 0; i < block; ++i)
            sum += losses[first + std::size_t(i)];
        train.append(QPointF(double(first + std::size_t(block)), sum / block));
        high = std::max(high, sum / block);
    }
    m_train->replace(train);

    QList<QPointF> validation;
    for (const ValidationPoint &v : session.validations()) {
        validation.append(QPointF(v.step, v.loss));
        high = std::max(high, v.loss);
    }
    m_validation->replace(validation);
    if (session.bestStep() > 0 && !validation.isEmpty())
        m_best->replace({QPointF(session.bestStep(), session.bestLoss())});
    else
        m_best->clear();

    const double steps = stepAxisEnd(session.stepsDone(), session.totalSteps());
    const double baseline = session.unigramLoss();
    if (std::isfinite(baseline) && baseline > 0.0) {
        m_baseline->replace({QPointF(0.0, baseline), QPointF(steps, baseline)});
        high = std::max(high, baseline);
    } else {
        m_baseline->clear();
    }
    m_stepAxis->setRange(0.0, steps);
    m_stepAxis->setTickInterval(stepTickInterval(steps));
    m_lossAxis->setRange(0.0, high > 0.0 ? std::ceil(high * 1.05) : 1.0);
    m_lossAxis->applyNiceNumbers(); // ticks at round losses
}

double LossChart::stepAxisEnd(int done, int total)
{
    // A quarter more than the steps done, rounded up to 1, 2 or 5 × 10^k, and never past the
    // run's end: a long run's first steps are not a dot at the left edge.
    return std::min(roundUp(std::max(10.0, 1.25 * done)), double(std::max(1, total)));
}

double LossChart::stepTickInterval(double end)
{
    // 1, 2 or 5 × 10^k steps between the labels, at most five intervals: each label stands on
    // the whole step it names (with a fixed tick count an axis to 10 wrote 2.5 as "2").
    return roundUp(std::max(1.0, end / 5.0));
}

void LossChart::showValue(const QString &what, const QPointF &point, bool state)
{
    if (!state)
        return;
    QToolTip::showText(
        QCursor::pos(),
        tr("step %1: %2 %3")
            .arg(locale().toString(qRound(point.x())), what, NumberFormat::loss(point.y())),
        this);
}

void LossChart::retranslateUi()
{
    m_train->setName(tr("training"));
    m_validation->setName(tr("validation"));
    m_baseline->setName(tr("unigram"));
    m_best->setName(tr("best validation"));
    m_stepAxis->setTitleText(tr("training step"));
    fitLossTitle();
    setToolTip(tr("Hover a point for its step and loss. Validation rising while training falls "
                  "is over-fitting: the model learns its training text by heart."));
}

void LossChart::fitLossTitle()
{
    // Qt Charts elides what is longer than the plot is high; a shorter wording says more.
    const QString wordings[] = {tr("loss (nats per character)"), tr("loss (nats)"), tr("loss")};
    const qreal room = chart()->plotArea().height();
    const QFontMetricsF metrics(m_lossAxis->titleFont());
    QString title = wordings[0];
    if (room > 0)
        for (const QString &wording : wordings) {
            title = wording;
            if (metrics.horizontalAdvance(wording) <= room)
                break;
        }
    if (m_lossAxis->titleText() != title)
        m_lossAxis->setTitleText(title);
}

void LossChart::applyFonts(const QFont &font)
{
    for (QValueAxis *axis : {m_stepAxis, m_lossAxis}) {
        axis->setLabelsFont(font);
        axis->setTitleFont(font);
    }
    chart()->legend()->setFont(font);
    fitLossTitle();
}

} // namespace attention
