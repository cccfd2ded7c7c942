#include "costpage.h"

#include "costchart.h"
#include "costmemorytable.h"
#include "costrunjson.h"
#include "costsettings.h"
#include "numberformat.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace attention {

namespace {

constexpr int defaultLargest = 4000;
const QList<int> exerciseLengths{1000, 2000, 4000};
constexpr int defaultRepeat = 5;
/// What one point may take: long enough for a steady median, short enough for a class.
constexpr double defaultBudgetMs = 1000.0;

} // namespace

CostPage::CostPage(QWidget *parent)
    : LessonPage(parent)
    , m_measurement(new CostMeasurement(this))
    , m_settings(new CostSettings(this))
    , m_readout(new QLabel(this))
    , m_chart(new CostChart(this))
    , m_tableTitle(new QLabel(this))
    , m_table(new CostMemoryTable(CostMemoryTable::Quantity::Memory, this))
    , m_timeTable(new CostMemoryTable(CostMemoryTable::Quantity::Time, this))
    , m_tables(new QTabWidget(this))
{
    // The settings on the left; the readout, the chart and the memory table on the right.
    m_tableTitle->setWordWrap(true);
    m_readout->setWordWrap(true);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *right = new QVBoxLayout;
    right->addWidget(m_readout);
    right->addWidget(m_chart, 1);
    // The measured times as numbers (exercise 3 compares them), and the memory, in two tabs.
    m_tables->addTab(m_timeTable, QString());
    m_tables->addTab(m_table, QString());
    connect(m_tables, &QTabWidget::currentChanged, this, &CostPage::retranslateUi);
    right->addWidget(m_tableTitle);
    right->addWidget(m_tables);

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_settings);
    layout->addLayout(right, 1);

    connect(m_settings, &CostSettings::runClicked, this, &CostPage::run);
    connect(m_settings, &CostSettings::cancelClicked, this, &CostPage::cancel);
    connectJob();

    applyFonts();
    reset();
    retranslateUi();
}

void CostPage::connectJob()
{
    CostMeasurement *m = m_measurement;
    connect(m, &CostMeasurement::runningChanged, this, &CostPage::onRunningChanged);
    connect(m, &CostMeasurement::progressChanged, this,
            [this](int done, int total) { progressBar()->setValue(done * progressSteps / total); });
    connect(m, &CostMeasurement::pointMeasured, this, &CostPage::addPoint);
    connect(m, &CostMeasurement::finished, this, [this] {
        m_status = Status::Finished;
        progressBar()->setValue(progressSteps);
        updateReadout();
        Q_EMIT runFinished();
    });
    connect(m, &CostMeasurement::cancelled, this, [this] {
        m_status = Status::Cancelled;
        rebuildTable(); // the cells still waiting show that they were not measured
        updateReadout();
    });
}

CostPage::~CostPage()
{
    // Stop the worker before the members its deliveries use go away.
    delete m_measurement;
}

int CostPage::maxLength(Kernel kernel)
{
    return costMaxLength(kernel);
}

QList<int> CostPage::lengthsUpTo(int largest)
{
    QList<int> lengths;
    for (int T = smallestLength; T <= largest; T *= 2)
        lengths.append(T);
    return lengths;
}

void CostPage::setLengths(const QList<int> &lengths)
{
    m_settings->setLengths(lengths);
}

QList<int> CostPage::lengths() const
{
    return m_settings->lengths();
}

void CostPage::setKernelEnabled(Kernel kernel, bool enabled)
{
    m_settings->setKernelEnabled(kernel, enabled);
}

bool CostPage::isKernelEnabled(Kernel kernel) const
{
    return m_settings->isKernelEnabled(kernel);
}

QList<Kernel> CostPage::kernels() const
{
    return m_settings->kernels();
}

QCheckBox *CostPage::kernelCheckBox(Kernel kernel) const
{
    return m_settings->kernelCheckBox(kernel);
}

void CostPage::setDimension(int d)
{
    m_settings->setDimension(d);
}

int CostPage::dimension() const
{
    return m_settings->dimension();
}

void CostPage::setCausal(bool causal)
{
    m_settings->setCausal(causal);
}

bool CostPage::isCausal() const
{
    return m_settings->isCausal();
}

void CostPage::setThreads(int threads)
{
    m_settings->setThreads(threads);
}

int CostPage::threads() const
{
    return m_settings->threads();
}

QPushButton *CostPage::runButton() const
{
    return m_settings->runButton();
}

QPushButton *CostPage::cancelButton() const
{
    return m_settings->cancelButton();
}

QProgressBar *CostPage::progressBar() const
{
    return m_settings->progressBar();
}

QComboBox *CostPage::largestCombo() const
{
    return m_settings->largestCombo();
}

QLineSeries *CostPage::series(Kernel kernel) const
{
    return m_chart->series(kernel);
}

void CostPage::setRepeat(int repeat, double budgetMs)
{
    m_repeat = std::max(1, repeat);
    m_budgetMs = budgetMs;
}

bool CostPage::isBusy() const
{
    return m_measurement->isRunning();
}

void CostPage::run()
{
    Run run;
    run.lengths = lengths();
    run.kernels = kernels();
    run.d = dimension();
    run.causal = isCausal();
    run.threads = threads() > 0 ? threads() : std::max(1, availableCores());
    if (run.lengths.isEmpty() || run.kernels.isEmpty())
        return;

    m_results = run;
    m_status = Status::Running;
    progressBar()->setValue(0);
    showResults();

    m_measurement->start(run, m_repeat, m_budgetMs);
}

void CostPage::cancel()
{
    m_measurement->cancel();
}

void CostPage::startExercise(int index)
{
    Q_UNUSED(index) // the step has one
    setLengths(exerciseLengths);
    if (kernels().isEmpty())
        for (Kernel kernel : allKernels())
            setKernelEnabled(kernel, true);
    run();
}

void CostPage::onRunningChanged(bool running)
{
    m_settings->setRunning(running);
    Q_EMIT busyChanged(running);
}

QList<QPointF> CostPage::measured(Kernel kernel) const
{
    return m_results.measured(kernel);
}

void CostPage::addPoint(const Point &point)
{
    m_results.points.append(point);
    showResults();
    Q_EMIT pointAdded(point);
}

void CostPage::showResults()
{
    m_chart->showRun(m_results);
    rebuildTable();
    updateReadout();
}

QString CostPage::kernelTitle(Kernel kernel)
{
    switch (kernel) {
    case Kernel::Naive:
        return tr("naive");
    case Kernel::Materialized:
        return tr("materialized");
    case Kernel::Tiled:
        return tr("tiled");
    }
    return QString();
}

qint64 CostPage::tableBytes(int T)
{
    return costTableBytes(T);
}

void CostPage::rebuildTable()
{
    m_table->showRun(m_results, m_status == Status::Running);
    m_timeTable->showRun(m_results, m_status == Status::Running);
    // The tabs as tall as the tables (as tall as their rows), so the chart gets the rest.
    m_tables->setFixedHeight(m_tables->tabBar()->sizeHint().height() +
                             m_timeTable->maximumHeight() +
                             2 * m_tables->style()->pixelMetric(QStyle::PM_DefaultFrameWidth) + 2);
}

QChartView *CostPage::chartView() const
{
    return m_chart;
}

QChart *CostPage::chart() const
{
    return m_chart->chart();
}

QLineSeries *CostPage::guideSeries() const
{
    return m_chart->guideSeries();
}

QLogValueAxis *CostPage::lengthAxis() const
{
    return m_chart->lengthAxis();
}

QLogValueAxis *CostPage::timeAxis() const
{
    return m_chart->timeAxis();
}

QTableWidget *CostPage::memoryTable() const
{
    return m_table;
}

QTableWidget *CostPage::timeTable() const
{
    return m_timeTable;
}

void CostPage::updateReadout()
{
    const Run &r = m_results;
    m_chart->chart()->setTitle(
        r.lengths.isEmpty()
            ? tr("Time of one attention pass")
            : tr("Time of one attention pass (d = %1, %2, %n thread(s))", nullptr, r.threads)
                  .arg(r.d)
                  .arg(r.causal ? tr("causal") : tr("no mask")));

    QStringList slopes;
    for (Kernel kernel : allKernels()) {
        const double slope = CostChart::fittedSlope(r.measured(kernel));
        if (!std::isnan(slope))
            slopes.append(tr("%1 %2").arg(kernelTitle(kernel), NumberFormat::slope(slope)));
    }
    QString text = statusText();
    if (m_status != Status::Running && !slopes.isEmpty()) {
        const QString fit = tr("Fitted slopes: %1. A slope of 2 means doubling T multiplies "
                               "the time by 4.")
                                .arg(slopes.join(tr(", ")));
        text = text.isEmpty() ? fit : tr("%1 %2").arg(text, fit);
    }
    m_readout->setText(text);
}

QString CostPage::statusText() const
{
    const Run &r = m_results;
    const int count = int(r.points.size());
    switch (m_status) {
    case Status::Idle:
        return count == 0 ? tr("Choose the lengths and kernels, then press Run. Each point is the "
                               "median time of one attention pass on this computer.")
                          : QString();
    case Status::Running:
        if (count == 0)
            return tr("Timing…");
        return tr("Timing… %1 at T = %2 took %3 ms.")
            .arg(kernelTitle(r.points.last().kernel), locale().toString(r.points.last().T),
                 NumberFormat::milliseconds(r.points.last().ms));
    case Status::Finished:
        break;
    case Status::Cancelled:
        return tr("Cancelled after %n point(s).", nullptr, count);
    }
    return QString();
}

QJsonObject CostPage::saveState() const
{
    QJsonObject state;
    state.insert(QStringLiteral("lengths"), costLengthsToJson(lengths()));
    state.insert(QStringLiteral("kernels"), costKernelsToJson(kernels()));
    state.insert(QStringLiteral("d"), dimension());
    state.insert(QStringLiteral("causal"), isCausal());
    state.insert(QStringLiteral("threads"), threads());

    state.insert(QStringLiteral("results"), costRunToJson(m_results));
    return state;
}

void CostPage::restoreState(const QJsonObject &state)
{
    reset();
    const QList<int> lengths = costLengthsFromJson(state.value(QStringLiteral("lengths")));
    if (!lengths.isEmpty())
        setLengths(lengths);
    if (const auto chosen = costKernelsFromJson(state.value(QStringLiteral("kernels"))))
        for (Kernel kernel : allKernels())
            setKernelEnabled(kernel, chosen->contains(kernel));
    setDimension(state.value(QStringLiteral("d")).toInt(defaultDimension));
    setCausal(state.value(QStringLiteral("causal")).toBool(false));
    const int threads = state.value(QStringLiteral("threads")).toInt(-1);
    setThreads(threads >= 0 ? threads : defaultThreads);

    m_results =
        costRunFromJson(state.value(QStringLiteral("results")).toObject(), defaultDimension);
    m_status = Status::Idle;
    // The bar says how much of the restored run was measured, as it did when it stopped.
    progressBar()->setValue(int(std::lround(m_results.completed() * progressSteps)));
    showResults();
}

void CostPage::reset()
{
    m_measurement->cancel();
    setLengths(lengthsUpTo(defaultLargest));
    for (Kernel kernel : allKernels())
        setKernelEnabled(kernel, true);
    setDimension(defaultDimension);
    setCausal(false);
    setThreads(defaultThreads);
    m_repeat = defaultRepeat;
    m_budgetMs = defaultBudgetMs;
    m_results = Run();
    m_status = Status::Idle;
    progressBar()->setValue(0);
    showResults();
}

void CostPage::applyFonts()
{
    m_chart->applyFonts(font());
    m_table->applyFont(font());
    m_timeTable->applyFont(font());
    rebuildTable(); // its height follows the rows'
}

void CostPage::retranslateUi()
{
    m_chart->retranslateUi();
    m_tables->setTabText(0, tr("Time"));
    m_tables->setTabText(1, tr("Memory"));
    m_tableTitle->setText(
        m_tables->currentIndex() == 0
            ? tr("Time of one attention pass in milliseconds (the median of the timed runs): "
                 "compare the kernels at each T, and how each grows as T doubles")
            : tr("Memory: what a T×T score table takes in float32, against what each kernel "
                 "allocated beyond q, k, v and the output"));
    m_table->retranslateUi();
    m_timeTable->retranslateUi();
    showResults();
}

} // namespace attention
