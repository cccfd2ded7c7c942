#include "costpage.h"

#include "costchart.h"
#include "costmemorytable.h"
#include "numberformat.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
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

int kernelIndex(Kernel kernel)
{
    return static_cast<int>(kernel);
}

} // namespace

CostPage::CostPage(QWidget *parent)
    : LessonPage(parent)
    , m_measurement(new CostMeasurement(this))
    , m_settingsBox(new QGroupBox(this))
    , m_largestLabel(new QLabel(this))
    , m_largestCombo(new QComboBox(this))
    , m_kernelsLabel(new QLabel(this))
    , m_dimensionLabel(new QLabel(this))
    , m_dimensionCombo(new QComboBox(this))
    , m_causalBox(new QCheckBox(this))
    , m_threadsLabel(new QLabel(this))
    , m_threadsSpin(new QSpinBox(this))
    , m_runButton(new QPushButton(this))
    , m_cancelButton(new QPushButton(this))
    , m_progress(new QProgressBar(this))
    , m_readout(new QLabel(this))
    , m_chart(new CostChart(this))
    , m_tableTitle(new QLabel(this))
    , m_table(new CostMemoryTable(CostMemoryTable::Quantity::Memory, this))
    , m_timeTable(new CostMemoryTable(CostMemoryTable::Quantity::Time, this))
    , m_tables(new QTabWidget(this))
{
    // The settings on the left; the readout, the chart and the memory table on the right.
    QWidget *left = buildSettings();
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
    layout->addWidget(left);
    layout->addLayout(right, 1);

    connect(m_largestCombo, &QComboBox::activated, this, &CostPage::onLargestChosen);
    connect(m_runButton, &QPushButton::clicked, this, &CostPage::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &CostPage::cancel);
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
            [this](int done, int total) { m_progress->setValue(done * progressSteps / total); });
    connect(m, &CostMeasurement::pointMeasured, this, &CostPage::addPoint);
    connect(m, &CostMeasurement::finished, this, [this] {
        m_status = Status::Finished;
        m_progress->setValue(progressSteps);
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

QList<int> CostPage::cleanLengths(QList<int> lengths)
{
    lengths.erase(std::remove_if(lengths.begin(), lengths.end(),
                                 [](int T) { return T < 1 || T > CostPage::largestLength; }),
                  lengths.end());
    std::sort(lengths.begin(), lengths.end());
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
    return lengths;
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
    const QList<int> cleaned = cleanLengths(lengths);
    if (cleaned.isEmpty())
        return;
    m_lengths = cleaned;
    syncLengthCombo();
}

void CostPage::setKernelEnabled(Kernel kernel, bool enabled)
{
    m_kernelBoxes.at(kernelIndex(kernel))->setChecked(enabled);
}

bool CostPage::isKernelEnabled(Kernel kernel) const
{
    return m_kernelBoxes.at(kernelIndex(kernel))->isChecked();
}

QList<Kernel> CostPage::kernels() const
{
    QList<Kernel> kernels;
    for (Kernel kernel : allKernels())
        if (isKernelEnabled(kernel))
            kernels.append(kernel);
    return kernels;
}

QCheckBox *CostPage::kernelCheckBox(Kernel kernel) const
{
    return m_kernelBoxes.at(kernelIndex(kernel));
}

QLineSeries *CostPage::series(Kernel kernel) const
{
    return m_chart->series(kernel);
}

void CostPage::setDimension(int d)
{
    const int index = m_dimensionCombo->findData(d);
    if (index >= 0)
        m_dimensionCombo->setCurrentIndex(index);
}

int CostPage::dimension() const
{
    return m_dimensionCombo->currentData().toInt();
}

void CostPage::setCausal(bool causal)
{
    m_causalBox->setChecked(causal);
}

bool CostPage::isCausal() const
{
    return m_causalBox->isChecked();
}

void CostPage::setThreads(int threads)
{
    m_threadsSpin->setValue(threads); // clamped to 0…cores
}

int CostPage::threads() const
{
    return m_threadsSpin->value();
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

void CostPage::updateRunButton()
{
    m_runButton->setEnabled(!isBusy() && !kernels().isEmpty());
}

void CostPage::run()
{
    Run run;
    run.lengths = m_lengths;
    run.kernels = kernels();
    run.d = dimension();
    run.causal = isCausal();
    run.threads = threads() > 0 ? threads() : std::max(1, availableCores());
    if (run.lengths.isEmpty() || run.kernels.isEmpty())
        return;

    m_results = run;
    m_status = Status::Running;
    m_progress->setValue(0);
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
    m_settingsBox->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    updateRunButton();
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

void CostPage::reset()
{
    m_measurement->cancel();
    m_lengths = lengthsUpTo(defaultLargest);
    syncLengthCombo();
    for (Kernel kernel : allKernels())
        setKernelEnabled(kernel, true);
    setDimension(defaultDimension);
    setCausal(false);
    setThreads(defaultThreads);
    m_repeat = defaultRepeat;
    m_budgetMs = defaultBudgetMs;
    m_results = Run();
    m_status = Status::Idle;
    m_progress->setValue(0);
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
    retranslateSettings();
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

void CostPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::FontChange)
        applyFonts();
    LessonPage::changeEvent(event);
}

} // namespace attention
