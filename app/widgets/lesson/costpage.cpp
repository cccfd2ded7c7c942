#include "costpage.h"

#include "bench.h"
#include "latestjob.h"
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
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace attention {

namespace {

/// The "largest T" choices; T doubles from 250 up to the one chosen.
const QList<int> largestChoices{1000, 2000, 4000, 8000, 16000};
constexpr int defaultLargest = 4000;
const QList<int> exerciseLengths{1000, 2000, 4000};
const QList<int> dimensionChoices{32, 64, 128};
constexpr int defaultDimension = 64;
constexpr int defaultRepeat = 5;
/// One core by default: its times grow as cleanly as T² does, where threads that have to wait
/// for each other add the noise of everything else the machine runs.
constexpr int defaultThreads = 1;
/// What one point may take: long enough for a steady median, short enough for a class.
constexpr double defaultBudgetMs = 1000.0;
constexpr int progressSteps = 1000;

/// Table columns: T, the T×T table, then one per kernel.
constexpr int lengthColumn = 0;
constexpr int tableColumn = 1;
constexpr int firstKernelColumn = 2;

int kernelIndex(Kernel kernel)
{
    return static_cast<int>(kernel);
}

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

/// Sorted, without duplicates, inside 1…largestLength.
QList<int> cleanLengths(QList<int> lengths)
{
    lengths.erase(std::remove_if(lengths.begin(), lengths.end(),
                                 [](int T) { return T < 1 || T > CostPage::largestLength; }),
                  lengths.end());
    std::sort(lengths.begin(), lengths.end());
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
    return lengths;
}

QJsonArray lengthsToJson(const QList<int> &lengths)
{
    QJsonArray array;
    for (int T : lengths)
        array.append(T);
    return array;
}

/// The valid lengths of a JSON array; empty for anything else.
QList<int> lengthsFromJson(const QJsonValue &value)
{
    QList<int> lengths;
    for (const QJsonValue &item : value.toArray()) {
        const double T = item.toDouble(-1.0);
        if (T == std::floor(T) && T >= 1 && T <= CostPage::largestLength)
            lengths.append(static_cast<int>(T));
    }
    return cleanLengths(lengths);
}

QJsonArray kernelsToJson(const QList<Kernel> &kernels)
{
    QJsonArray array;
    for (Kernel kernel : kernels)
        array.append(QString::fromLatin1(kernelName(kernel)));
    return array;
}

std::optional<Kernel> kernelFromJson(const QJsonValue &value)
{
    return kernelFromName(value.toString().toStdString());
}

/// The known kernels of a JSON array, in the order of allKernels(); nullopt if not an array.
std::optional<QList<Kernel>> kernelsFromJson(const QJsonValue &value)
{
    if (!value.isArray())
        return std::nullopt;
    QList<Kernel> kernels;
    for (const QJsonValue &item : value.toArray())
        if (const auto kernel = kernelFromJson(item))
            kernels.append(*kernel);
    QList<Kernel> ordered;
    for (Kernel kernel : allKernels())
        if (kernels.contains(kernel))
            ordered.append(kernel);
    return ordered;
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

/// The points of a chart series as the core's curve points.
std::vector<CurvePoint> curvePoints(const QList<QPointF> &points)
{
    std::vector<CurvePoint> curve;
    curve.reserve(std::size_t(points.size()));
    for (const QPointF &p : points)
        curve.push_back({p.x(), p.y()});
    return curve;
}

/// Bytes of a float32 T×T table, as Qt counts sizes.
qint64 tableBytes(int T)
{
    return qint64(scoreTableBytes(T));
}

} // namespace

CostPage::CostPage(QWidget *parent)
    : LessonPage(parent)
    , m_job(new LatestJob(this))
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
    , m_chartView(new QChartView(this))
    , m_chart(m_chartView->chart())
    , m_guide(new QLineSeries)
    , m_lengthAxis(new QLogValueAxis)
    , m_timeAxis(new QLogValueAxis)
    , m_tableTitle(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    // The settings, in a form on the left.
    for (int largest : largestChoices)
        m_largestCombo->addItem(QString(), largest);
    for (int d : dimensionChoices)
        m_dimensionCombo->addItem(QString::number(d), d);
    m_threadsSpin->setRange(0, std::max(1, availableCores()));
    auto *kernelColumn = new QVBoxLayout;
    kernelColumn->setSpacing(2);
    for (std::size_t i = 0; i < allKernels().size(); ++i) {
        auto *box = new QCheckBox(this);
        m_kernelBoxes.append(box);
        kernelColumn->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &CostPage::updateRunButton);
    }
    auto *form = new QFormLayout(m_settingsBox);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(m_largestLabel, m_largestCombo);
    form->addRow(m_kernelsLabel, kernelColumn);
    form->addRow(m_dimensionLabel, m_dimensionCombo);
    form->addRow(m_threadsLabel, m_threadsSpin);
    form->addRow(m_causalBox);
    m_largestLabel->setBuddy(m_largestCombo);
    m_dimensionLabel->setBuddy(m_dimensionCombo);
    m_threadsLabel->setBuddy(m_threadsSpin);

    m_progress->setRange(0, progressSteps);
    m_progress->setValue(0);
    m_cancelButton->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton, 1);
    buttons->addWidget(m_cancelButton, 1);

    auto *left = new QVBoxLayout;
    left->addWidget(m_settingsBox);
    left->addLayout(buttons);
    left->addWidget(m_progress);
    left->addStretch(1);

    // The chart: one series per kernel and the T² guide, on log-log axes.
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_lengthAxis->setBase(10.0);
    m_lengthAxis->setLabelFormat(QStringLiteral("%g"));
    m_lengthAxis->setMinorTickCount(8);
    m_timeAxis->setBase(10.0);
    m_timeAxis->setLabelFormat(QStringLiteral("%g"));
    m_timeAxis->setMinorTickCount(8);
    m_chart->addAxis(m_lengthAxis, Qt::AlignBottom);
    m_chart->addAxis(m_timeAxis, Qt::AlignLeft);
    for (Kernel kernel : allKernels()) {
        auto *series = new QLineSeries;
        QPen pen(kernelColor(kernel));
        pen.setWidthF(2.5);
        series->setPen(pen);
        series->setPointsVisible(true);
        series->setMarkerSize(9.0);
        m_chart->addSeries(series);
        series->attachAxis(m_lengthAxis);
        series->attachAxis(m_timeAxis);
        m_series.append(series);
        connect(series, &QLineSeries::hovered, this,
                [this, kernel](const QPointF &point, bool state) {
                    if (!state)
                        return;
                    QToolTip::showText(
                        QCursor::pos(),
                        tr("%1 at T = %2: %3 ms")
                            .arg(kernelTitle(kernel), locale().toString(qRound(point.x())))
                            .arg(NumberFormat::milliseconds(point.y(), locale())),
                        m_chartView);
                });
    }
    QPen guidePen(QColor(0x60, 0x60, 0x60));
    guidePen.setStyle(Qt::DashLine);
    guidePen.setWidthF(1.5);
    m_guide->setPen(guidePen);
    m_chart->addSeries(m_guide);
    m_guide->attachAxis(m_lengthAxis);
    m_guide->attachAxis(m_timeAxis);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumSize(400, 300);

    // The memory table.
    m_table->setColumnCount(firstKernelColumn + int(allKernels().size()));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_tableTitle->setWordWrap(true);
    m_readout->setWordWrap(true);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *right = new QVBoxLayout;
    right->addWidget(m_readout);
    right->addWidget(m_chartView, 1);
    right->addWidget(m_tableTitle);
    right->addWidget(m_table);

    auto *layout = new QHBoxLayout(this);
    auto *leftWidget = new QWidget(this);
    leftWidget->setLayout(left);
    // As wide as its longest label needs (it grows with the font), at least 280 px.
    leftWidget->setMinimumWidth(280);
    leftWidget->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    left->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(leftWidget);
    layout->addLayout(right, 1);

    connect(m_largestCombo, &QComboBox::activated, this, &CostPage::onLargestChosen);
    connect(m_runButton, &QPushButton::clicked, this, &CostPage::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &CostPage::cancel);
    connect(m_job, &LatestJob::runningChanged, this, &CostPage::onRunningChanged);
    connect(m_job, &LatestJob::progressChanged, this,
            [this](int done, int total) { m_progress->setValue(done * progressSteps / total); });
    connect(m_job, &LatestJob::cancelled, this, [this] {
        m_status = Status::Cancelled;
        rebuildTable(); // the cells still waiting show that they were not measured
        updateReadout();
    });

    applyFonts();
    reset();
    retranslateUi();
}

CostPage::~CostPage()
{
    // Stop the worker before the members its deliveries use go away.
    delete m_job;
}

int CostPage::maxLength(Kernel kernel)
{
    switch (kernel) {
    case Kernel::Naive:
        return 4000;
    case Kernel::Materialized:
        return 8000;
    case Kernel::Tiled:
        return largestLength;
    }
    return 0;
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

void CostPage::onLargestChosen(int index)
{
    const int largest = m_largestCombo->itemData(index).toInt();
    if (largest > 0)
        m_lengths = lengthsUpTo(largest);
    syncLengthCombo();
}

void CostPage::syncLengthCombo()
{
    // A list that is not one of the doubling ranges (the exercise's, a test's) gets an item of
    // its own at the end, which goes away when a range is chosen again.
    const QSignalBlocker blocker(m_largestCombo);
    const int ranges = int(largestChoices.size());
    int match = -1;
    for (int i = 0; i < ranges; ++i)
        if (lengthsUpTo(largestChoices.at(i)) == m_lengths)
            match = i;
    if (match >= 0) {
        while (m_largestCombo->count() > ranges)
            m_largestCombo->removeItem(ranges);
        m_largestCombo->setCurrentIndex(match);
        return;
    }
    if (m_largestCombo->count() == ranges)
        m_largestCombo->addItem(QString(), 0);
    QStringList values;
    for (int T : m_lengths)
        values.append(locale().toString(T));
    m_largestCombo->setItemText(ranges, values.join(tr(", ")));
    m_largestCombo->setCurrentIndex(ranges);
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
    return m_series.at(kernelIndex(kernel));
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
    return m_job->isRunning();
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

    // T by T, every kernel at each T, so all the lines grow together. A kernel past its largest
    // T is skipped: one of its runs there could not be cancelled in reasonable time.
    struct Case
    {
        Kernel kernel;
        int T;
    };
    std::vector<Case> cases;
    double totalWeight = 0.0;
    for (int T : run.lengths)
        for (Kernel kernel : run.kernels)
            if (T <= maxLength(kernel)) {
                cases.push_back({kernel, T});
                totalWeight += double(T) * double(T); // the work grows like T²
            }

    m_results = run;
    m_status = Status::Running;
    m_progress->setValue(0);
    showResults();

    BenchOptions base;
    base.d = run.d;
    base.causal = run.causal;
    base.threads = run.threads;
    base.repeat = m_repeat;
    base.budgetMs = m_budgetMs;
    // The work captures values only; `this` is used in the closures it posts, which run on the
    // GUI thread and only while this run is the latest (m_job is deleted first in ~CostPage).
    m_job->start(
        [this, cases, base, totalWeight](const LatestJob::Context &context) -> LatestJob::Delivery {
            double doneWeight = 0.0;
            for (const Case &c : cases) {
                if (context.isCancelled())
                    return {};
                BenchOptions options = base;
                options.lengths = {Index(c.T)};
                options.kernels = {c.kernel};
                const double weight = double(c.T) * double(c.T);
                const auto results = runBench(options, [&](int done, int total) {
                    const double fraction = (doneWeight + weight * done / total) / totalWeight;
                    context.reportProgress(int(fraction * progressSteps), progressSteps);
                    return !context.isCancelled();
                });
                if (context.isCancelled() || results.empty())
                    return {};
                Point point;
                point.kernel = c.kernel;
                point.T = c.T;
                point.ms = results.front().medianMs;
                point.extraBytes = qint64(results.front().extraBytes);
                point.runs = results.front().runs;
                context.post([this, point] { addPoint(point); });
                doneWeight += weight;
            }
            return [this] {
                m_status = Status::Finished;
                m_progress->setValue(progressSteps);
                updateReadout();
                Q_EMIT runFinished();
            };
        });
}

void CostPage::cancel()
{
    m_job->cancel();
}

void CostPage::startExercise()
{
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
    QList<QPointF> points;
    for (const Point &p : m_results.points)
        if (p.kernel == kernel)
            points.append(QPointF(p.T, p.ms));
    return points;
}

void CostPage::addPoint(const Point &point)
{
    m_results.points.append(point);
    updateSeries();
    updateAxes();
    rebuildTable();
    updateReadout();
    Q_EMIT pointAdded(point);
}

void CostPage::showResults()
{
    updateSeries();
    updateAxes();
    rebuildTable();
    updateReadout();
}

QString CostPage::kernelTitle(Kernel kernel) const
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

void CostPage::updateSeries()
{
    QList<QPointF> all;
    for (Kernel kernel : allKernels()) {
        const QList<QPointF> points = measured(kernel);
        QLineSeries *line = series(kernel);
        line->replace(points);
        const double slope = fittedSlope(curvePoints(points));
        line->setName(std::isnan(slope)
                          ? kernelTitle(kernel)
                          : tr("%1: slope %2")
                                .arg(kernelTitle(kernel), NumberFormat::slope(slope, locale())));
        line->setVisible(m_results.kernels.contains(kernel) || !points.isEmpty());
        all += points;
    }

    // The guide: c·T² through the geometric mean of every point, across the measured T.
    m_guide->setName(tr("∝ T² (slope 2)"));
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
    const double c = powerLawCoefficient(curvePoints(all), 2.0);
    m_guide->replace({QPointF(lowT, c * lowT * lowT), QPointF(highT, c * highT * highT)});
    m_guide->setVisible(highT > lowT);
}

void CostPage::updateAxes()
{
    // T: the run's lengths, known from the start, so the axis does not move while points come.
    if (m_results.lengths.isEmpty()) {
        m_lengthAxis->setRange(100.0, 10000.0);
    } else {
        const auto [low, high] =
            logRange(m_results.lengths.first(), m_results.lengths.last(), 1.25);
        m_lengthAxis->setRange(low, high);
    }
    // Time: every point and the guide.
    double low = std::numeric_limits<double>::infinity();
    double high = 0.0;
    for (const Point &p : m_results.points) {
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

void CostPage::rebuildTable()
{
    m_table->setRowCount(int(m_results.lengths.size()));
    const QLocale here = locale();
    for (int row = 0; row < m_results.lengths.size(); ++row) {
        const int T = m_results.lengths.at(row);
        auto *lengthItem = new QTableWidgetItem(here.toString(T));
        lengthItem->setTextAlignment(Qt::AlignCenter);
        m_table->setItem(row, lengthColumn, lengthItem);

        auto *tableItem = new QTableWidgetItem(here.formattedDataSize(tableBytes(T), 1));
        tableItem->setData(Qt::UserRole, tableBytes(T));
        tableItem->setTextAlignment(Qt::AlignCenter);
        tableItem->setToolTip(tr("%1 × %1 scores × 4 bytes (float32) = %2 bytes")
                                  .arg(here.toString(T), here.toString(tableBytes(T))));
        m_table->setItem(row, tableColumn, tableItem);

        for (Kernel kernel : allKernels()) {
            auto *item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignCenter);
            const auto found =
                std::find_if(m_results.points.cbegin(), m_results.points.cend(),
                             [&](const Point &p) { return p.kernel == kernel && p.T == T; });
            if (found != m_results.points.cend()) {
                item->setText(here.formattedDataSize(found->extraBytes, 1));
                item->setData(Qt::UserRole, found->extraBytes);
                item->setToolTip(tr("%1 at T = %2: %3 ms (median of %n run(s)), %4 bytes "
                                    "allocated",
                                    nullptr, found->runs)
                                     .arg(kernelTitle(kernel), here.toString(T),
                                          NumberFormat::milliseconds(found->ms, here),
                                          here.toString(found->extraBytes)));
            } else if (!m_results.kernels.contains(kernel)) {
                item->setText(tr("—"));
                item->setToolTip(tr("Not selected for this run."));
            } else if (T > maxLength(kernel)) {
                item->setText(tr("not timed"));
                item->setToolTip(tr("%1 is timed up to T = %2 only.")
                                     .arg(kernelTitle(kernel), here.toString(maxLength(kernel))));
            } else {
                item->setText(m_status == Status::Running ? tr("…") : tr("—"));
            }
            if (!item->data(Qt::UserRole).isValid())
                item->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
            m_table->setItem(row, firstKernelColumn + kernelIndex(kernel), item);
        }
    }
    // As tall as its rows (at least three, at most every T), so the chart gets the rest.
    const int rows =
        std::clamp(int(m_results.lengths.size()), 3, int(lengthsUpTo(largestLength).size()));
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() +
                            rows * m_table->verticalHeader()->defaultSectionSize() +
                            2 * m_table->frameWidth());
}

void CostPage::updateReadout()
{
    const Run &r = m_results;
    m_chart->setTitle(
        r.lengths.isEmpty()
            ? tr("Time of one attention pass")
            : tr("Time of one attention pass (d = %1, %2, %n thread(s))", nullptr, r.threads)
                  .arg(r.d)
                  .arg(r.causal ? tr("causal") : tr("no mask")));

    QStringList slopes;
    for (Kernel kernel : allKernels()) {
        const double slope = fittedSlope(curvePoints(measured(kernel)));
        if (!std::isnan(slope))
            slopes.append(
                tr("%1 %2").arg(kernelTitle(kernel), NumberFormat::slope(slope, locale())));
    }
    const int count = int(r.points.size());
    QString text;
    switch (m_status) {
    case Status::Idle:
        text = count == 0 ? tr("Choose the lengths and kernels, then press Run. Each point is the "
                               "median time of one attention pass on this computer.")
                          : QString();
        break;
    case Status::Running:
        if (count == 0) {
            text = tr("Timing…");
        } else {
            const Point &last = r.points.last();
            text = tr("Timing… %1 at T = %2 took %3 ms.")
                       .arg(kernelTitle(last.kernel), locale().toString(last.T),
                            NumberFormat::milliseconds(last.ms, locale()));
        }
        break;
    case Status::Finished:
        break;
    case Status::Cancelled:
        text = tr("Cancelled after %n point(s).", nullptr, count);
        break;
    }
    if (m_status != Status::Running && !slopes.isEmpty()) {
        const QString fit = tr("Fitted slopes: %1. A slope of 2 means doubling T multiplies "
                               "the time by 4.")
                                .arg(slopes.join(tr(", ")));
        text = text.isEmpty() ? fit : tr("%1 %2").arg(text, fit);
    }
    m_readout->setText(text);
}

void CostPage::reset()
{
    m_job->cancel();
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

QJsonObject CostPage::saveState() const
{
    QJsonObject state;
    state.insert(QStringLiteral("lengths"), lengthsToJson(m_lengths));
    state.insert(QStringLiteral("kernels"), kernelsToJson(kernels()));
    state.insert(QStringLiteral("d"), dimension());
    state.insert(QStringLiteral("causal"), isCausal());
    state.insert(QStringLiteral("threads"), threads());

    QJsonObject results;
    results.insert(QStringLiteral("lengths"), lengthsToJson(m_results.lengths));
    results.insert(QStringLiteral("kernels"), kernelsToJson(m_results.kernels));
    results.insert(QStringLiteral("d"), m_results.d);
    results.insert(QStringLiteral("causal"), m_results.causal);
    results.insert(QStringLiteral("threads"), m_results.threads);
    QJsonArray points;
    for (const Point &p : m_results.points) {
        QJsonObject point;
        point.insert(QStringLiteral("kernel"), QString::fromLatin1(kernelName(p.kernel)));
        point.insert(QStringLiteral("T"), p.T);
        point.insert(QStringLiteral("ms"), p.ms);
        point.insert(QStringLiteral("extra_bytes"), double(p.extraBytes));
        point.insert(QStringLiteral("runs"), p.runs);
        points.append(point);
    }
    results.insert(QStringLiteral("points"), points);
    state.insert(QStringLiteral("results"), results);
    return state;
}

void CostPage::restoreState(const QJsonObject &state)
{
    reset();
    const QList<int> lengths = lengthsFromJson(state.value(QStringLiteral("lengths")));
    if (!lengths.isEmpty())
        setLengths(lengths);
    if (const auto chosen = kernelsFromJson(state.value(QStringLiteral("kernels"))))
        for (Kernel kernel : allKernels())
            setKernelEnabled(kernel, chosen->contains(kernel));
    setDimension(state.value(QStringLiteral("d")).toInt(defaultDimension));
    setCausal(state.value(QStringLiteral("causal")).toBool(false));
    const int threads = state.value(QStringLiteral("threads")).toInt(-1);
    setThreads(threads >= 0 ? threads : defaultThreads);

    const QJsonObject results = state.value(QStringLiteral("results")).toObject();
    Run run;
    for (const QJsonValue &value : results.value(QStringLiteral("points")).toArray()) {
        const QJsonObject object = value.toObject();
        const auto kernel = kernelFromJson(object.value(QStringLiteral("kernel")));
        const double T = object.value(QStringLiteral("T")).toDouble(-1.0);
        const double ms = object.value(QStringLiteral("ms")).toDouble(-1.0);
        const double bytes = object.value(QStringLiteral("extra_bytes")).toDouble(-1.0);
        if (!kernel || T != std::floor(T) || T < 1 || T > largestLength || !std::isfinite(ms) ||
            ms <= 0.0 || !(bytes >= 0.0 && bytes < 1e18))
            continue;
        Point point;
        point.kernel = *kernel;
        point.T = int(T);
        point.ms = ms;
        point.extraBytes = qint64(bytes);
        point.runs = std::max(0, object.value(QStringLiteral("runs")).toInt(0));
        run.points.append(point);
    }
    // The rows and kernels of the run, completed by whatever the points need.
    QList<int> runLengths = lengthsFromJson(results.value(QStringLiteral("lengths")));
    QList<Kernel> runKernels =
        kernelsFromJson(results.value(QStringLiteral("kernels"))).value_or(QList<Kernel>());
    for (const Point &p : run.points) {
        runLengths.append(p.T);
        if (!runKernels.contains(p.kernel))
            runKernels.append(p.kernel);
    }
    run.lengths = cleanLengths(runLengths);
    for (Kernel kernel : allKernels())
        if (runKernels.contains(kernel))
            run.kernels.append(kernel);
    const int d = results.value(QStringLiteral("d")).toInt(0);
    run.d = d > 0 ? d : defaultDimension;
    run.causal = results.value(QStringLiteral("causal")).toBool(false);
    const int runThreads = results.value(QStringLiteral("threads")).toInt(0);
    run.threads = runThreads > 0 ? runThreads : std::max(1, availableCores());
    m_results = run;
    m_status = Status::Idle;
    showResults();
}

void CostPage::applyFonts()
{
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(font().pointSizeF() * 1.1);
    m_chart->setTitleFont(titleFont);
    for (QLogValueAxis *axis : {m_lengthAxis, m_timeAxis}) {
        axis->setLabelsFont(font());
        axis->setTitleFont(font());
    }
    m_chart->legend()->setFont(font());
    m_table->horizontalHeader()->setFont(font());
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 12);
    rebuildTable(); // its height follows the rows'
}

void CostPage::retranslateUi()
{
    m_settingsBox->setTitle(tr("Timing run"));
    m_largestLabel->setText(tr("&Largest T:"));
    for (int i = 0; i < largestChoices.size(); ++i)
        m_largestCombo->setItemText(i, tr("%1 to %2")
                                           .arg(locale().toString(smallestLength),
                                                locale().toString(largestChoices.at(i))));
    syncLengthCombo();
    m_largestCombo->setToolTip(tr("T is timed at %1, twice that, four times that… up to the "
                                  "value chosen here.")
                                   .arg(locale().toString(smallestLength)));
    m_kernelsLabel->setText(tr("Kernels:"));
    kernelCheckBox(Kernel::Naive)->setText(tr("&naive (plain loops)"));
    kernelCheckBox(Kernel::Naive)
        ->setToolTip(tr("One row of scores at a time, in plain loops. Timed up to T = %1 only: "
                        "it is slow, and a single run cannot be interrupted by Cancel.")
                         .arg(locale().toString(maxLength(Kernel::Naive))));
    kernelCheckBox(Kernel::Materialized)->setText(tr("&materialized (T×T table)"));
    kernelCheckBox(Kernel::Materialized)
        ->setToolTip(
            tr("Builds the whole T×T score table with matrix products. Timed up to "
               "T = %1 only: its table takes %2 there and %3 at T = %4.")
                .arg(locale().toString(maxLength(Kernel::Materialized)),
                     locale().formattedDataSize(tableBytes(maxLength(Kernel::Materialized)), 1),
                     locale().formattedDataSize(tableBytes(largestLength), 1),
                     locale().toString(largestLength)));
    kernelCheckBox(Kernel::Tiled)->setText(tr("&tiled (no table)"));
    kernelCheckBox(Kernel::Tiled)
        ->setToolTip(tr("Blocks of queries against blocks of keys with a running softmax, so "
                        "the T×T table is never stored. Timed at every T up to %1.")
                         .arg(locale().toString(maxLength(Kernel::Tiled))));
    m_dimensionLabel->setText(tr("&d (width of q, k, v):"));
    m_dimensionCombo->setToolTip(tr("The time grows in proportion to d as well."));
    m_causalBox->setText(tr("&Causal mask"));
    m_causalBox->setToolTip(tr("Each query sees only the keys before it: about half the work, "
                               "still growing like T²."));
    m_threadsLabel->setText(tr("T&hreads:"));
    m_threadsSpin->setSpecialValueText(tr("all cores (%1)").arg(std::max(1, availableCores())));
    m_threadsSpin->setToolTip(tr("How many cores the kernels use. One core gives the steadiest "
                                 "times; more cores are faster but wait for each other."));
    m_runButton->setText(tr("&Run"));
    m_runButton->setToolTip(tr("Time every chosen kernel at every T; the points appear as they "
                               "are measured."));
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop timing; the points measured so far stay."));
    m_progress->setToolTip(tr("Progress of the timing run, weighted by T²."));

    m_lengthAxis->setTitleText(tr("T (sequence length)"));
    m_timeAxis->setTitleText(tr("time (ms)"));
    m_chartView->setToolTip(tr("Both axes are logarithmic: time ∝ T^k is a straight line of "
                               "slope k. Hover a point for its value."));
    m_tableTitle->setText(tr("Memory: what a T×T score table takes in float32, against what each "
                             "kernel allocated beyond q, k, v and the output"));
    m_table->setHorizontalHeaderLabels({tr("T"), tr("T×T table"), kernelTitle(Kernel::Naive),
                                        kernelTitle(Kernel::Materialized),
                                        kernelTitle(Kernel::Tiled)});
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
