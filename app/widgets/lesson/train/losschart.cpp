#include "losschart.h"

#include "chartcallout.h"
#include "focusmark.h"
#include "keptruns.h"
#include "numberformat.h"
#include "trainingsession.h"

#include <QAreaSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

const QColor trainColor(0x1f, 0x77, 0xb4);      // blue
const QColor validationColor(0xd6, 0x5f, 0x00); // orange
const QColor baselineColor(0x60, 0x60, 0x60);   // grey
const QColor inductionColor(0x2c, 0xa0, 0x2c);  // green
const QColor fallColor(0xd6, 0x5f, 0x00, 0x38); // the validation's orange, faint

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
    , m_fallTop(new QLineSeries(this)) // QAreaSeries does not own its upper line
    , m_fall(new QAreaSeries(m_fallTop))
    , m_induction(lineSeries(inductionColor, 2.0, Qt::SolidLine))
    , m_shownStep(lineSeries(baselineColor, 1.0, Qt::DotLine))
    , m_stepAxis(new QValueAxis)
    , m_lossAxis(new QValueAxis)
    , m_ratioAxis(new QValueAxis)
{
    QChart *chart = this->chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->addAxis(m_stepAxis, Qt::AlignBottom);
    chart->addAxis(m_lossAxis, Qt::AlignLeft);
    chart->addAxis(m_ratioAxis, Qt::AlignRight);
    // Qt Charts garbles a "×" in its printf-style format; the legend says "induction ×".
    m_ratioAxis->setLabelFormat(QStringLiteral("%d"));
    m_ratioAxis->setLinePenColor(inductionColor);
    m_ratioAxis->setVisible(false);
    m_fall->setBrush(fallColor);
    m_fall->setPen(Qt::NoPen);
    m_stepAxis->setLabelFormat(QStringLiteral("%d"));
    m_stepAxis->setTickType(QValueAxis::TicksDynamic); // whole steps: see stepTickInterval()
    m_stepAxis->setTickAnchor(0.0);
    m_lossAxis->setLabelFormat(QStringLiteral("%.1f"));
    m_best->setColor(validationColor);
    m_best->setBorderColor(Qt::black);
    m_best->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_best->setMarkerSize(13.0);
    // The shading first: every line is drawn over it.
    for (QAbstractSeries *series :
         {static_cast<QAbstractSeries *>(m_fall), static_cast<QAbstractSeries *>(m_shownStep),
          static_cast<QAbstractSeries *>(m_baseline), static_cast<QAbstractSeries *>(m_train),
          static_cast<QAbstractSeries *>(m_validation), static_cast<QAbstractSeries *>(m_best)}) {
        chart->addSeries(series);
        series->attachAxis(m_stepAxis);
        series->attachAxis(m_lossAxis);
    }
    chart->addSeries(m_induction);
    m_induction->attachAxis(m_stepAxis);
    m_induction->attachAxis(m_ratioAxis);
    // The best validation, the fastest fall and the shown step are marked, not listed: the
    // legend keeps room for the lines (the chart's tooltip tells what the shading is).
    for (QAbstractSeries *series :
         {static_cast<QAbstractSeries *>(m_best), static_cast<QAbstractSeries *>(m_shownStep),
          static_cast<QAbstractSeries *>(m_fall)})
        for (QLegendMarker *marker : chart->legend()->markers(series))
            marker->setVisible(false);
    // The hovered point's value, drawn on the chart: the view's own tooltip says what it shows.
    m_callout = std::make_unique<ChartCallout>(chart);
    connectHovers();
    setRenderHint(QPainter::Antialiasing);
    setMinimumWidth(320); // the height follows the font: applyFonts()
    FocusMark::install(this);
    connect(chart, &QChart::plotAreaChanged, this, &LossChart::fitLossTitle);
    retranslateUi();
}

LossChart::~LossChart() = default;

QString LossChart::calloutText() const
{
    return m_callout->text();
}

void LossChart::connectHovers()
{
    connect(m_train, &QLineSeries::hovered, this, [this](const QPointF &point, bool state) {
        showValue(tr("training loss"), m_train, point, state);
    });
    connect(m_validation, &QLineSeries::hovered, this, [this](const QPointF &point, bool state) {
        showValue(tr("validation loss"), m_validation, point, state);
    });
    connect(m_best, &QScatterSeries::hovered, this, [this](const QPointF &point, bool state) {
        showValue(tr("best validation loss"), m_best, point, state);
    });
    connect(m_induction, &QLineSeries::hovered, this, [this](const QPointF &point, bool state) {
        if (!state)
            return m_callout->hide();
        m_callout->show(
            *this, point, m_induction,
            tr("step %1: the strongest head of layer 2 and up puts %2× a "
               "uniform head's weight on the character after the earlier copy")
                .arg(locale().toString(qRound(point.x())), NumberFormat::ratio(point.y())),
            inductionColor);
    });
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

    high = std::max(high, m_keptHigh);
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

    const double steps =
        std::max(stepAxisEnd(session.stepsDone(), session.totalSteps()), m_keptSteps);
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
    m_lossTop = m_lossAxis->max();
    showFallAndInduction(session, m_lossTop);
}

void LossChart::showFallAndInduction(const TrainingSession &session, double top)
{
    QList<QPointF> induction;
    double highest = 0.0;
    for (const ValidationPoint &v : session.validations())
        if (const double strongest = v.strongestLaterInduction(); strongest >= 0.0) {
            induction.append(QPointF(v.step, strongest));
            highest = std::max(highest, strongest);
        }
    const tiny::LossFall fall = session.fastestFall();
    if (fall.found()) {
        m_fallTop->replace({QPointF(fall.fromStep, top), QPointF(fall.toStep, top)});
        m_fall->setName(tr("fastest fall: %1 nats").arg(NumberFormat::loss(fall.drop())));
    } else {
        m_fallTop->clear();
    }
    m_fall->setVisible(fall.found());
    m_induction->replace(induction);
    const bool shown = !induction.isEmpty();
    m_induction->setVisible(shown);
    m_ratioAxis->setVisible(shown);
    for (QLegendMarker *marker : chart()->legend()->markers(m_induction))
        marker->setVisible(shown);
    m_ratioAxis->setRange(0.0, std::max(10.0, std::ceil(highest * 1.1)));
    m_ratioAxis->applyNiceNumbers();
}

void LossChart::setKeptRuns(const std::vector<KeptRun> &runs, const QStringList &names)
{
    for (QLineSeries *series : m_kept + m_keptTrain) {
        chart()->removeSeries(series);
        delete series;
    }
    m_kept.clear();
    m_keptTrain.clear();
    m_keptSteps = 0.0;
    m_keptHigh = 0.0;
    // Faint, and dashed each its own way: the run training now stays the one that stands out.
    // The training loss fainter still and out of the legend, which names each run once.
    const Qt::PenStyle styles[] = {Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    const auto add = [this](QLineSeries *series, const QString &name) {
        series->setName(name);
        chart()->addSeries(series);
        series->attachAxis(m_stepAxis);
        series->attachAxis(m_lossAxis);
        connect(series, &QLineSeries::hovered, this,
                [this, series](const QPointF &point, bool state) {
                    showValue(series->name(), series, point, state);
                });
    };
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const QString name = i < std::size_t(names.size()) ? names[int(i)] : QString();
        QColor faintTrain = trainColor;
        faintTrain.setAlpha(0x50);
        QLineSeries *train = lineSeries(faintTrain, 1.0, styles[i % 3]);
        train->replace(QList<QPointF>(runs[i].trainLoss.begin(), runs[i].trainLoss.end()));
        for (const QPointF &point : runs[i].trainLoss)
            m_keptHigh = std::max(m_keptHigh, point.y());
        add(train, tr("%1, training loss").arg(name));
        for (QLegendMarker *marker : chart()->legend()->markers(train))
            marker->setVisible(false);
        m_keptTrain.append(train);
        QColor faint = validationColor;
        faint.setAlpha(0x80);
        QLineSeries *series = lineSeries(faint, 2.0, styles[i % 3]);
        QList<QPointF> points;
        for (const ValidationPoint &v : runs[i].validations) {
            points.append(QPointF(v.step, v.loss));
            m_keptHigh = std::max(m_keptHigh, v.loss);
        }
        series->replace(points);
        m_keptSteps = std::max(m_keptSteps, double(runs[i].stepsDone));
        add(series, name);
        m_kept.append(series);
    }
}

void LossChart::setShownStep(int step)
{
    if (step < 0)
        m_shownStep->clear();
    else
        m_shownStep->replace({QPointF(step, 0.0), QPointF(step, m_lossTop)});
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

void LossChart::showValue(const QString &what, QXYSeries *series, const QPointF &point, bool state)
{
    if (!state)
        return m_callout->hide();
    m_callout->show(
        *this, point, series,
        tr("step %1: %2 %3")
            .arg(locale().toString(qRound(point.x())), what, NumberFormat::loss(point.y())),
        series->color());
}

void LossChart::retranslateUi()
{
    m_train->setName(tr("training"));
    m_validation->setName(tr("validation"));
    m_baseline->setName(tr("unigram"));
    m_best->setName(tr("best validation"));
    m_induction->setName(tr("induction ×"));
    m_stepAxis->setTitleText(tr("training step"));
    fitLossTitle();
    setToolTip(tr("Hover a point for its step and loss. Validation rising while training falls "
                  "is over-fitting: the model learns its training text by heart. The shaded "
                  "stretch is where the validation loss fell fastest; the green line, on the "
                  "right axis, how strongly the best head of layer 2 and up reads the character "
                  "after the earlier copy of the current one (an induction head)."));
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
    for (QValueAxis *axis : {m_stepAxis, m_lossAxis, m_ratioAxis}) {
        axis->setLabelsFont(font);
        axis->setTitleFont(font);
    }
    chart()->legend()->setFont(font);
    // Room for the curves, both axes' labels and titles and the legend in this font (the zoom):
    // 200 px at 1280×720 under a title bar; squeezed lower, Qt Charts cuts its labels to "…".
    setMinimumHeight(std::max(200, 14 * QFontMetrics(font).height()));
    fitLossTitle();
}

} // namespace attention
