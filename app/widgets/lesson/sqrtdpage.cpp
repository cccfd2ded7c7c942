#include "sqrtdpage.h"

#include "heatmapwidget.h"
#include "numberformat.h"
#include "scenario.h"
#include "sqrtdcharts.h"
#include "sqrtdtable.h"

#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonValue>
#include <QLabel>
#include <QLineSeries>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace attention {

namespace {

/// Query rows measured per dimension when no trial count is fixed: at the default T = 5 the
/// trials of attention-cli sqrtd and of the lesson's section 4 (2000), so that the page and the
/// console print the same lesson table.
constexpr int automaticRows = int(SqrtDOptions{}.T) * SqrtDOptions{}.trials;
constexpr int minAutomaticTrials = 20;

/// "t₁", "t₂", …: token names with subscript digits.
QStringList tokenNames(int T)
{
    QStringList names;
    for (int i = 1; i <= T; ++i) {
        QString name = QStringLiteral("t");
        for (const QChar digit : QString::number(i))
            name += QChar(char16_t(0x2080 + digit.digitValue()));
        names.append(name);
    }
    return names;
}

} // namespace

SqrtDPage::SqrtDPage(QWidget *parent)
    : LessonPage(parent)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_dimensionLabel(new QLabel(this))
    , m_dimensionValue(new QLabel(this))
    , m_tokensLabel(new QLabel(this))
    , m_tokensSpin(new QSpinBox(this))
    , m_status(new QLabel(this))
    , m_charts(new SqrtDCharts(dimensions(), this))
    , m_unscaledHeatmap(new HeatmapWidget(HeatmapWidget::Kind::Weights, this))
    , m_scaledHeatmap(new HeatmapWidget(HeatmapWidget::Kind::Weights, this))
    , m_table(new SqrtDTable(tableDimensions(), this))
    , m_readout(new QLabel(this))
    , m_measurement(new SqrtDMeasurement(this))
    , m_rows(std::size_t(dimensions().size()))
{
    QHBoxLayout *controls = buildControls();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(controls);
    layout->addLayout(buildViews(), 1);

    connect(m_slider, &QSlider::valueChanged, this,
            [this](int index) { setDimension(dimensions().value(index, defaultDimension)); });
    // PageUp and PageDown go to the next power of two from any d, the steps of the lesson's
    // table; Home and End go to d = 1 and 4096.
    connect(m_slider, &QSlider::actionTriggered, this, [this](int action) {
        const bool up = action == QAbstractSlider::SliderPageStepAdd;
        if (!up && action != QAbstractSlider::SliderPageStepSub)
            return;
        const int d = dimensions().value(m_slider->value(), defaultDimension);
        int target = 1;
        while (up ? target <= d : 2 * target < d)
            target *= 2;
        m_slider->setSliderPosition(
            int(dimensions().indexOf(std::min(target, dimensions().last()))));
    });
    connect(m_tokensSpin, &QSpinBox::valueChanged, this, &SqrtDPage::setTokens);
    connect(m_measurement, &SqrtDMeasurement::runningChanged, this, &SqrtDPage::updateBusy);
    connect(m_measurement, &SqrtDMeasurement::curvesProgressed, this, [this](int done, int) {
        m_progressDone = done;
        refreshStatus();
    });
    connect(m_measurement, &SqrtDMeasurement::rowMeasured, this,
            [this](int i, const SqrtDRow &row) {
                m_rows[std::size_t(i)] = row;
                refreshCurves();
            });
    connect(m_measurement, &SqrtDMeasurement::curvesMeasured, this, &SqrtDPage::curvesMeasured);
    connect(
        m_measurement, &SqrtDMeasurement::trialDrawn, this,
        [this](int d, const std::shared_ptr<const SqrtDTrial> &trial) { showTrial(d, *trial); });

    applyFonts();
    retranslateUi();
}

QHBoxLayout *SqrtDPage::buildControls()
{
    // d on a slider over dimensions(), T in a spin box, the measuring status.
    m_slider->setRange(0, int(dimensions().size()) - 1);
    m_slider->setPageStep(2); // a factor of 2 in d
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(2);
    m_slider->setValue(int(dimensions().indexOf(defaultDimension)));
    m_dimensionLabel->setBuddy(m_slider);
    m_dimensionValue->setMinimumWidth(
        m_dimensionValue->fontMetrics().horizontalAdvance(QStringLiteral("d = 00000")));
    QFont valueFont = m_dimensionValue->font();
    valueFont.setBold(true);
    m_dimensionValue->setFont(valueFont);
    m_tokensSpin->setRange(minTokens, maxTokens);
    m_tokensSpin->setValue(defaultTokens);
    m_tokensLabel->setBuddy(m_tokensSpin);
    m_status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_dimensionLabel);
    controls->addWidget(m_slider, 3);
    controls->addWidget(m_dimensionValue);
    controls->addSpacing(16);
    controls->addWidget(m_tokensLabel);
    controls->addWidget(m_tokensSpin);
    controls->addSpacing(16);
    controls->addWidget(m_status, 2);
    return controls;
}

QGridLayout *SqrtDPage::buildViews()
{
    // The charts above, the heatmaps and the table with the readout below.
    m_readout->setWordWrap(true);
    m_readout->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_readout->setTextFormat(Qt::PlainText);

    auto *heatmaps = new QHBoxLayout;
    heatmaps->setSpacing(6);
    heatmaps->addWidget(m_unscaledHeatmap);
    heatmaps->addWidget(m_scaledHeatmap);
    auto *tableColumn = new QVBoxLayout;
    tableColumn->addWidget(m_table);
    tableColumn->addWidget(m_readout, 1);

    auto *views = new QGridLayout;
    views->setSpacing(8);
    views->addWidget(m_charts->spreadView(), 0, 0);
    views->addWidget(m_charts->weightView(), 0, 1);
    views->addLayout(heatmaps, 1, 0);
    views->addLayout(tableColumn, 1, 1);
    views->setRowStretch(0, 6);
    views->setRowStretch(1, 4);
    views->setColumnStretch(0, 1);
    views->setColumnStretch(1, 1);
    return views;
}

SqrtDPage::~SqrtDPage()
{
    // Stop the workers before anything they deliver to is destroyed.
    delete m_measurement;
}

const QList<int> &SqrtDPage::dimensions()
{
    static const QList<int> list = [] {
        QList<int> values;
        for (int power = 0; power <= 12; ++power) {
            const int d = 1 << power;
            values.append(d);
            const int between = int(std::lround(d * std::sqrt(2.0)));
            if (power < 12 && between != d && between != 2 * d)
                values.append(between);
        }
        return values;
    }();
    return list;
}

const QList<int> &SqrtDPage::tableDimensions()
{
    static const QList<int> list{16, 64, 256, 1024};
    return list;
}

int SqrtDPage::automaticTrials(int T)
{
    return std::max(minAutomaticTrials, (automaticRows + T / 2) / std::max(T, 1));
}

int SqrtDPage::dimension() const
{
    return dimensions().value(m_slider->value(), defaultDimension);
}

void SqrtDPage::setDimension(int d)
{
    // The nearest entry on a log scale.
    const double target = std::log(double(std::max(d, 1)));
    int best = 0;
    for (int i = 1; i < dimensions().size(); ++i) {
        if (std::abs(std::log(double(dimensions().at(i))) - target) <
            std::abs(std::log(double(dimensions().at(best))) - target))
            best = i;
    }
    if (m_slider->value() != best) {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(best);
    }
    refreshMarker();
    refreshTable();
    refreshReadout();
    if (dimension() == m_requestedDimension)
        return;
    m_requestedDimension = dimension();
    requestTrial();
}

int SqrtDPage::tokens() const
{
    return m_tokensSpin->value();
}

void SqrtDPage::setTokens(int T)
{
    T = std::clamp(T, minTokens, maxTokens);
    if (m_tokensSpin->value() != T) {
        const QSignalBlocker blocker(m_tokensSpin);
        m_tokensSpin->setValue(T);
    }
    if (T == m_requestedTokens)
        return;
    m_requestedTokens = T;
    requestCurves();
    requestTrial();
}

int SqrtDPage::trials() const
{
    return m_fixedTrials > 0 ? m_fixedTrials : automaticTrials(tokens());
}

void SqrtDPage::setTrials(int trials)
{
    const int fixed = std::max(trials, 0);
    if (fixed == m_fixedTrials)
        return;
    m_fixedTrials = fixed;
    requestCurves(); // the heatmaps' trial does not depend on the count
}

SqrtDOptions SqrtDPage::measureOptions() const
{
    SqrtDOptions options;
    options.T = tokens();
    options.trials = trials();
    options.seed = seed;
    options.causal = false;
    return options;
}

std::optional<SqrtDRow> SqrtDPage::measuredRow(int i) const
{
    if (i < 0 || std::size_t(i) >= m_rows.size())
        return std::nullopt;
    return m_rows[std::size_t(i)];
}

void SqrtDPage::applyFonts()
{
    m_charts->applyFont(font());
    QFont larger = font();
    if (font().pointSizeF() > 0)
        larger.setPointSizeF(font().pointSizeF() * 1.1);
    m_readout->setFont(larger);
    m_table->fitToFont(larger);
}

void SqrtDPage::retranslateUi()
{
    m_dimensionLabel->setText(tr("Dimension &d:"));
    m_slider->setToolTip(tr("The width d of every query and key. The charts mark this d; the "
                            "heatmaps show one random trial at it."));
    m_tokensLabel->setText(tr("&Tokens per trial T:"));
    m_tokensSpin->setToolTip(tr("How many queries and keys each random trial draws. Changing T "
                                "measures the curves again."));

    m_charts->retranslateUi();

    refreshMarker();
    refreshStatus();
    refreshReadout();
    refreshCaptions();
    applyFonts();
}

void SqrtDPage::refreshCaptions()
{
    if (m_shownTrialDimension > 0) {
        m_unscaledHeatmap->setCaption(
            tr("one trial at d = %1: softmax(q·k)").arg(m_shownTrialDimension));
        m_scaledHeatmap->setCaption(tr("the same trial: softmax(q·k / √d)"));
    } else {
        m_unscaledHeatmap->setCaption(tr("softmax(q·k)"));
        m_scaledHeatmap->setCaption(tr("softmax(q·k / √d)"));
    }
}

void SqrtDPage::apply(int d, int T)
{
    setTokens(T);
    setDimension(d);
}

void SqrtDPage::requestCurves()
{
    m_curvesStale = true;
    if (isVisible())
        startCurves();
}

void SqrtDPage::requestTrial()
{
    m_trialStale = true;
    if (isVisible())
        startTrial();
}

void SqrtDPage::startCurves()
{
    m_curvesStale = false;
    std::fill(m_rows.begin(), m_rows.end(), std::nullopt);
    m_progressDone = 0;
    refreshCurves();

    const SqrtDOptions options = measureOptions();
    const QList<int> list = dimensions();
    m_measurement->measureCurves(options, list);
    refreshStatus();
}

void SqrtDPage::startTrial()
{
    m_trialStale = false;
    const int d = dimension();
    const SqrtDOptions options = measureOptions();
    m_measurement->drawTrial(d, options);
}

void SqrtDPage::showTrial(int d, const SqrtDTrial &trial)
{
    Scenario scenario;
    scenario.tokens = tokenNames(int(trial.queries.rows()));
    scenario.queries = trial.queries;
    scenario.keys = trial.keys;
    ScenarioResult result;
    result.weights = trial.unscaledWeights;
    m_unscaledHeatmap->setScenario(scenario, result);
    scenario.divideBySqrtD = true;
    result.weights = trial.scaledWeights;
    m_scaledHeatmap->setScenario(scenario, result);
    m_shownTrialDimension = d;
    refreshCaptions();
    Q_EMIT trialShown(d);
}

bool SqrtDPage::isBusy() const
{
    return m_measurement->isBusy();
}

void SqrtDPage::updateBusy()
{
    const bool busy = isBusy();
    refreshStatus();
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

void SqrtDPage::refreshCurves()
{
    m_charts->showRows(m_rows, tokens());
    refreshMarker();
    refreshTable();
    refreshReadout();
}

void SqrtDPage::refreshMarker()
{
    const int d = dimension();
    m_charts->markDimension(d, measuredRow(int(dimensions().indexOf(d))));
    m_dimensionValue->setText(tr("d = %1").arg(d));
}

void SqrtDPage::refreshTable()
{
    m_table->showRows([this](int d) { return measuredRow(int(dimensions().indexOf(d))); },
                      dimension());
}

QLineSeries *SqrtDPage::stdSeries() const
{
    return m_charts->stdSeries();
}

QLineSeries *SqrtDPage::sqrtSeries() const
{
    return m_charts->sqrtSeries();
}

QLineSeries *SqrtDPage::unscaledSeries() const
{
    return m_charts->unscaledSeries();
}

QLineSeries *SqrtDPage::scaledSeries() const
{
    return m_charts->scaledSeries();
}

QChartView *SqrtDPage::stdChartView() const
{
    return m_charts->spreadView();
}

QChartView *SqrtDPage::weightChartView() const
{
    return m_charts->weightView();
}

QTableWidget *SqrtDPage::table() const
{
    return m_table;
}

void SqrtDPage::refreshReadout()
{
    const int d = dimension();
    const std::optional<SqrtDRow> row = measuredRow(int(dimensions().indexOf(d)));
    if (!row) {
        m_readout->setText(tr("d = %1: measuring…").arg(d));
        return;
    }
    m_readout->setText(tr("At d = %1 the dot products q·k have a standard deviation of %2 "
                          "(√d = %3). The largest weight in a row averages %4 without "
                          "scaling and %5 after dividing by √d.")
                           .arg(d)
                           .arg(NumberFormat::value(row->stdDev),
                                NumberFormat::value(std::sqrt(double(d))),
                                NumberFormat::weight(row->maxWeightUnscaled),
                                NumberFormat::weight(row->maxWeightScaled)));
}

void SqrtDPage::refreshStatus()
{
    if (m_measurement->isMeasuringCurves()) {
        m_status->setText(tr("Measuring %1 trials per d: %2 of %3 dimensions…")
                              .arg(trials())
                              .arg(m_progressDone)
                              .arg(dimensions().size()));
    } else if (m_curvesStale) {
        m_status->clear();
    } else {
        m_status->setText(tr("%1 random trials per d, seed %2").arg(trials()).arg(quint64(seed)));
    }
}

QJsonObject SqrtDPage::saveState() const
{
    QJsonObject state;
    state.insert(QStringLiteral("d"), dimension());
    state.insert(QStringLiteral("T"), tokens());
    return state;
}

void SqrtDPage::restoreState(const QJsonObject &state)
{
    // A field that is missing, not a whole number or out of range keeps its default.
    const auto wholeNumber = [&state](const QString &key, int min, int max, int fallback) {
        const QJsonValue value = state.value(key);
        if (!value.isDouble())
            return fallback;
        const double x = value.toDouble();
        if (!(x >= min && x <= max) || x != std::floor(x))
            return fallback;
        return int(x);
    };
    apply(wholeNumber(QStringLiteral("d"), 1, 4096, defaultDimension),
          wholeNumber(QStringLiteral("T"), minTokens, maxTokens, defaultTokens));
}

void SqrtDPage::reset()
{
    apply(defaultDimension, defaultTokens);
}

void SqrtDPage::showEvent(QShowEvent *event)
{
    LessonPage::showEvent(event);
    if (m_curvesStale)
        startCurves();
    if (m_trialStale)
        startTrial();
}

} // namespace attention
