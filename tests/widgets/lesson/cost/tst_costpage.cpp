// CostPage: the timing run fills the chart and the memory table, the fitted slope, cancelling,
// and keeping the choices and the measured points across a restart.

#include "bench.h"
#include "costchart.h"
#include "costpage.h"
#include "numberformat.h"
#include "random.h"
#include "verifynear.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <cmath>

using namespace attention;

namespace {

/// The table cell's bytes (Qt::UserRole); -1 when the cell holds none.
qint64 cellBytes(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item && item->data(Qt::UserRole).isValid() ? item->data(Qt::UserRole).toLongLong() : -1;
}

int kernelColumn(Kernel kernel)
{
    return 2 + static_cast<int>(kernel);
}

/// A page set up for a quick run: T = 64 and 128, few timed runs.
void makeSmall(CostPage &page, int repeat = 2)
{
    page.setLengths({64, 128});
    page.setRepeat(repeat, 1000.0);
}

} // namespace

class TestCostPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lengthsDouble();
    void smallRunFillsChartAndTable();
    void timesShownAsNumbers();
    void cancelStopsALongRun();
    void saveRestoreKeepsChoicesAndPoints();
    void restoreToleratesMalformedState();
    void largestComboAndExercise();
    void resetClearsResults();
    void chartUpdatesLeaveNoStaleMarkers();
};

namespace {

/// What the window of `widget` shows on screen (its backing store), not a fresh rendering.
QImage onScreen(QWidget *widget)
{
    // Let the chart lay out and the view repaint what changed.
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
    return widget->screen()->grabWindow(widget->winId()).toImage();
}

} // namespace

void TestCostPage::chartUpdatesLeaveNoStaleMarkers()
{
    // A run adds its points one by one and the axes change under them, so the markers move. What
    // the chart shows on screen must then be what it draws afresh: no marker left clipped at the
    // first or last T, no fragment where a marker was.
    CostPage page;
    makeSmall(page);
    page.setLengths({64, 128, 256});
    page.resize(1100, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy added(&page, &CostPage::pointAdded);
    QSignalSpy finished(&page, &CostPage::runFinished);
    page.run();
    // Let each point be painted as it comes, as on screen.
    while (finished.isEmpty())
        QVERIFY(added.wait(30000) || !finished.isEmpty());
    QChartView *chart = page.chartView();
    onScreen(&page);
    const QRect area(chart->mapTo(&page, QPoint(0, 0)), chart->size());
    const QImage shown =
        page.screen()
            ->grabWindow(page.winId(), area.x(), area.y(), area.width(), area.height())
            .toImage()
            .convertToFormat(QImage::Format_RGB32);
    const QImage afresh = chart->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QCOMPARE(shown.size(), afresh.size());
    int differing = 0;
    for (int y = 0; y < afresh.height(); ++y)
        for (int x = 0; x < afresh.width(); ++x)
            differing += shown.pixel(x, y) != afresh.pixel(x, y) ? 1 : 0;
    if (differing != 0 || qEnvironmentVariableIsSet("DUMP")) {
        shown.save(QDir::temp().filePath(QStringLiteral("costchart-shown.png")));
        afresh.save(QDir::temp().filePath(QStringLiteral("costchart-afresh.png")));
    }
    QCOMPARE(differing, 0);
}

void TestCostPage::lengthsDouble()
{
    QCOMPARE(CostPage::lengthsUpTo(1000), QList<int>({250, 500, 1000}));
    QCOMPARE(CostPage::lengthsUpTo(16000), QList<int>({250, 500, 1000, 2000, 4000, 8000, 16000}));
}

void TestCostPage::smallRunFillsChartAndTable()
{
    CostPage page;
    makeSmall(page);
    QSignalSpy busy(&page, &CostPage::busyChanged);
    QSignalSpy added(&page, &CostPage::pointAdded);
    QSignalSpy finished(&page, &CostPage::runFinished);
    QVERIFY(page.runButton()->isEnabled());
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    QVERIFY(page.isBusy());
    QVERIFY(!page.runButton()->isEnabled());
    QVERIFY(page.cancelButton()->isEnabled());
    QVERIFY(finished.wait(30000));
    QVERIFY(!page.isBusy());
    QCOMPARE(busy.count(), 2);
    QCOMPARE(busy.at(0).at(0).toBool(), true);
    QCOMPARE(busy.at(1).at(0).toBool(), false);
    QCOMPARE(page.progressBar()->value(), page.progressBar()->maximum());

    // One point per kernel and T, with a positive time, on the chart as on the page.
    QCOMPARE(added.count(), 6);
    QCOMPARE(page.results().points.size(), 6);
    for (Kernel kernel : allKernels()) {
        const QList<QPointF> shown = page.series(kernel)->points();
        QCOMPARE(shown.size(), 2);
        QCOMPARE(shown.at(0).x(), 64.0);
        QCOMPARE(shown.at(1).x(), 128.0);
        QVERIFY(shown.at(0).y() > 0.0 && shown.at(1).y() > 0.0);
        QCOMPARE(shown, page.measured(kernel));
        // The legend names the fitted slope of the two points.
        const double slope = std::log(shown.at(1).y() / shown.at(0).y()) / std::log(2.0);
        VERIFY_NEAR(
            fittedSlope({{shown.at(0).x(), shown.at(0).y()}, {shown.at(1).x(), shown.at(1).y()}}),
            slope, 1e-9);
        QVERIFY2(page.series(kernel)->name().contains(QLocale().toString(slope, 'f', 2)),
                 qPrintable(page.series(kernel)->name()));
    }
    // The guide has slope 2 and lies inside the time axis.
    const QList<QPointF> guide = page.guideSeries()->points();
    QCOMPARE(guide.size(), 2);
    VERIFY_NEAR(std::log(guide.at(1).y() / guide.at(0).y()) / std::log(2.0), 2.0, 1e-9);
    for (const QPointF &p : guide)
        QVERIFY(p.y() > page.timeAxis()->min() && p.y() < page.timeAxis()->max());
    QVERIFY(page.lengthAxis()->min() < 64 && page.lengthAxis()->max() > 128);

    // Memory: T²·4 for the table; each kernel's own figure, computed here independently.
    const QTableWidget *table = page.memoryTable();
    QCOMPARE(table->rowCount(), 2);
    const int threads = page.threads() > 0 ? page.threads() : std::max(1, availableCores());
    for (int row = 0; row < 2; ++row) {
        const int T = row == 0 ? 64 : 128;
        QCOMPARE(cellBytes(table, row, 1), qint64(T) * T * 4);
        QCOMPARE(table->item(row, 1)->text(), NumberFormat::memory(qint64(T) * T * 4));
        QCOMPARE(cellBytes(table, row, kernelColumn(Kernel::Materialized)), qint64(T) * T * 4);
        // Naive: one row of T scores per thread.
        QCOMPARE(cellBytes(table, row, kernelColumn(Kernel::Naive)),
                 qint64(std::min(threads, T)) * T * 4);
        // Tiled: what the kernel reports when run directly with the same threads.
        setThreadCount(threads);
        Random rng(9);
        const MatrixF q = rng.normalMatrixF(T, 64);
        const MatrixF k = rng.normalMatrixF(T, 64);
        const MatrixF v = rng.normalMatrixF(T, 64);
        MatrixF out;
        const qint64 tiled = qint64(runKernel(Kernel::Tiled, q, k, v, out, false).extraBytes);
        QCOMPARE(cellBytes(table, row, kernelColumn(Kernel::Tiled)), tiled);
        // A fixed workspace per thread (about 300 KiB at d = 64, see defaultTiledBlocks()),
        // whatever T: not the T² of the table.
        QVERIFY(tiled > 0 && tiled <= qint64(threads) * 320 * 1024);
        for (Kernel kernel : allKernels()) {
            const qint64 bytes = cellBytes(table, row, kernelColumn(kernel));
            QCOMPARE(table->item(row, kernelColumn(kernel))->text(), NumberFormat::memory(bytes));
        }
    }
}

void TestCostPage::cancelStopsALongRun()
{
    CostPage page;
    page.setKernelEnabled(Kernel::Naive, false);
    page.setKernelEnabled(Kernel::Materialized, false);
    // 100 001 runs of a small T without a time budget: minutes of work, polled between runs.
    page.setLengths({64});
    page.setRepeat(100000, 0.0);
    QSignalSpy finished(&page, &CostPage::runFinished);
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(page.progressBar()->value() > 0, 20000); // well under way
    QVERIFY(page.isBusy());
    QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 3000);
    QVERIFY(!page.cancelButton()->isEnabled());
    QVERIFY(page.runButton()->isEnabled());
    QVERIFY(page.results().points.isEmpty()); // the unfinished point is not shown
    QCOMPARE(cellBytes(page.memoryTable(), 0, kernelColumn(Kernel::Tiled)), qint64(-1));
    QVERIFY(page.readout()->text().contains(QStringLiteral("Cancelled")));
    QCOMPARE(finished.count(), 0);

    // The page stays usable: a new short run starts and finishes, which needs the worker free.
    page.setRepeat(1, 0.0);
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    QVERIFY(page.isBusy());
    QVERIFY(finished.wait(5000));
    QCOMPARE(page.series(Kernel::Tiled)->points().size(), 1);
}

void TestCostPage::saveRestoreKeepsChoicesAndPoints()
{
    CostPage page;
    makeSmall(page, 1);
    page.setKernelEnabled(Kernel::Naive, false);
    page.setDimension(32);
    page.setThreads(1);
    QSignalSpy finished(&page, &CostPage::runFinished);
    page.run();
    QVERIFY(finished.wait(30000));
    // Choices changed after the run are saved as choices; the points keep the run's settings.
    page.setCausal(true);
    const QJsonObject state = page.saveState();

    CostPage restored;
    restored.restoreState(state);
    QCOMPARE(restored.lengths(), QList<int>({64, 128}));
    QVERIFY(!restored.isKernelEnabled(Kernel::Naive));
    QVERIFY(restored.isKernelEnabled(Kernel::Materialized));
    QVERIFY(restored.isKernelEnabled(Kernel::Tiled));
    QCOMPARE(restored.dimension(), 32);
    QVERIFY(restored.isCausal());
    QCOMPARE(restored.threads(), 1);
    QCOMPARE(restored.results().d, 32);
    QVERIFY(!restored.results().causal);
    QCOMPARE(restored.results().threads, 1);
    QCOMPARE(restored.results().points.size(), 4);
    for (Kernel kernel : allKernels()) {
        QCOMPARE(restored.measured(kernel), page.measured(kernel)); // exact: JSON keeps doubles
        QCOMPARE(restored.series(kernel)->points(), page.series(kernel)->points());
    }
    QCOMPARE(restored.memoryTable()->rowCount(), 2);
    for (int row = 0; row < 2; ++row)
        for (int column = 1; column < restored.memoryTable()->columnCount(); ++column)
            QCOMPARE(cellBytes(restored.memoryTable(), row, column),
                     cellBytes(page.memoryTable(), row, column));
    QCOMPARE(restored.saveState(), state);
    // A finished run restored shows as finished, not as 0 % next to its results.
    QCOMPARE(restored.progressBar()->value(), restored.progressBar()->maximum());

    // Only the T = 64 points: a fifth of the work by T² (the T = 128 ones carry four fifths).
    QJsonObject partial = state;
    QJsonObject results = partial.value(QStringLiteral("results")).toObject();
    QJsonArray points;
    for (const QJsonValue &point : results.value(QStringLiteral("points")).toArray())
        if (point.toObject().value(QStringLiteral("T")).toInt() == 64)
            points.append(point);
    QCOMPARE(points.size(), 2);
    results.insert(QStringLiteral("points"), points);
    partial.insert(QStringLiteral("results"), results);
    CostPage half;
    half.restoreState(partial);
    QCOMPARE(half.progressBar()->value(),
             int(std::lround(CostPage::progressSteps * 64.0 * 64 / (64.0 * 64 + 128.0 * 128))));
}

void TestCostPage::restoreToleratesMalformedState()
{
    CostPage page;
    QJsonObject points;
    QJsonArray list{
        QJsonObject{{QStringLiteral("kernel"), QStringLiteral("bogus")},
                    {QStringLiteral("T"), 100},
                    {QStringLiteral("ms"), 1.0}},
        QJsonObject{{QStringLiteral("kernel"), QStringLiteral("tiled")},
                    {QStringLiteral("T"), 100},
                    {QStringLiteral("ms"), -1.0}},
        QJsonObject{{QStringLiteral("kernel"), QStringLiteral("tiled")},
                    {QStringLiteral("T"), 1e9},
                    {QStringLiteral("ms"), 1.0}},
        QStringLiteral("not an object"),
        QJsonObject{{QStringLiteral("kernel"), QStringLiteral("tiled")},
                    {QStringLiteral("T"), 200},
                    {QStringLiteral("ms"), 2.5},
                    {QStringLiteral("extra_bytes"), 1024}},
    };
    const QJsonObject state{
        {QStringLiteral("lengths"), QStringLiteral("many")},
        {QStringLiteral("kernels"), 3},
        {QStringLiteral("d"), 7},
        {QStringLiteral("threads"), -3},
        {QStringLiteral("results"), QJsonObject{{QStringLiteral("points"), list}}},
    };
    page.restoreState(state);
    // Defaults where the state made no sense.
    QCOMPARE(page.lengths(), CostPage::lengthsUpTo(4000));
    QCOMPARE(page.kernels(), QList<Kernel>({Kernel::Naive, Kernel::Materialized, Kernel::Tiled}));
    QCOMPARE(page.dimension(), 64);
    QCOMPARE(page.threads(), 1);
    // The one valid point, with a table row for its T.
    QCOMPARE(page.results().points.size(), 1);
    QCOMPARE(page.measured(Kernel::Tiled), QList<QPointF>({QPointF(200, 2.5)}));
    QCOMPARE(page.memoryTable()->rowCount(), 1);
    QCOMPARE(cellBytes(page.memoryTable(), 0, kernelColumn(Kernel::Tiled)), qint64(1024));
    QCOMPARE(cellBytes(page.memoryTable(), 0, 1), qint64(200 * 200 * 4));

    page.restoreState(QJsonObject());
    QVERIFY(page.results().points.isEmpty());
    QCOMPARE(page.memoryTable()->rowCount(), 0);
}

void TestCostPage::largestComboAndExercise()
{
    CostPage page;
    QVERIFY(page.hasExercise());
    QCOMPARE(page.lengths(), CostPage::lengthsUpTo(4000));
    QComboBox *combo = page.largestCombo();
    QCOMPARE(combo->currentData().toInt(), 4000);

    // A list of our own shows as an extra item, which goes when a range is chosen.
    const int ranges = combo->count();
    page.setLengths({128, 64, 64, 99999});
    QCOMPARE(page.lengths(), QList<int>({64, 128}));
    QCOMPARE(combo->count(), ranges + 1);
    QCOMPARE(combo->currentIndex(), ranges);
    combo->setCurrentIndex(0);
    Q_EMIT combo->activated(0);
    QCOMPARE(page.lengths(), QList<int>({250, 500, 1000}));
    QCOMPARE(combo->count(), ranges);

    // Exercise 3 times T = 1000, 2000, 4000 at once (cancelled here: too slow for a test; only
    // the fast kernel, since a kernel run under way finishes before the page can go).
    page.setKernelEnabled(Kernel::Naive, false);
    page.setKernelEnabled(Kernel::Materialized, false);
    QSignalSpy busy(&page, &CostPage::busyChanged);
    page.startExercise(0);
    QCOMPARE(page.lengths(), QList<int>({1000, 2000, 4000}));
    QVERIFY(page.isBusy());
    QCOMPARE(page.memoryTable()->rowCount(), 3);
    QCOMPARE(cellBytes(page.memoryTable(), 2, 1), qint64(4000) * 4000 * 4);
    page.cancel();
    QVERIFY(!page.isBusy());
    QCOMPARE(busy.count(), 2);
}

void TestCostPage::resetClearsResults()
{
    CostPage page;
    makeSmall(page, 1);
    page.setKernelEnabled(Kernel::Naive, false);
    page.setCausal(true);
    QSignalSpy finished(&page, &CostPage::runFinished);
    page.run();
    QVERIFY(finished.wait(30000));
    QVERIFY(!page.series(Kernel::Tiled)->points().isEmpty());
    page.reset();
    QVERIFY(page.results().points.isEmpty());
    for (Kernel kernel : allKernels())
        QVERIFY(page.series(kernel)->points().isEmpty());
    QCOMPARE(page.memoryTable()->rowCount(), 0);
    QVERIFY(!page.isCausal());
    QVERIFY(page.isKernelEnabled(Kernel::Naive));
    QCOMPARE(page.lengths(), CostPage::lengthsUpTo(4000));
}

void TestCostPage::timesShownAsNumbers()
{
    // Exercise 3 compares times: each kernel's measured time at each T is in the first tab's
    // table as a number, and hovering a point shows its time on the chart (issue 40: no time was
    // shown as a number, and the hover's tooltip gave way to the chart's own).
    CostPage page;
    makeSmall(page);
    QSignalSpy finished(&page, &CostPage::runFinished);
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(30000));
    QCOMPARE(page.tables()->currentWidget(), page.timeTable());
    const QTableWidget *table = page.timeTable();
    QCOMPARE(table->rowCount(), 2);
    QVERIFY(table->isColumnHidden(1)); // the T×T table's bytes are the memory tab's
    for (const CostPage::Point &point : page.results().points) {
        const int row = point.T == 64 ? 0 : 1;
        const QTableWidgetItem *item = table->item(row, kernelColumn(point.kernel));
        QVERIFY(item);
        QCOMPARE(item->data(Qt::UserRole).toDouble(), point.ms);
        QCOMPARE(item->text(), NumberFormat::milliseconds(point.ms) + QStringLiteral(" ms"));
    }
    auto *chart = static_cast<CostChart *>(page.chartView());
    QVERIFY(chart->calloutText().isEmpty());
    const QPointF hovered = page.series(Kernel::Tiled)->points().at(1);
    Q_EMIT page.series(Kernel::Tiled)->hovered(hovered, true);
    QCOMPARE(chart->calloutText(), QStringLiteral("%1 at T = 128: %2 ms")
                                       .arg(CostPage::kernelTitle(Kernel::Tiled),
                                            NumberFormat::milliseconds(hovered.y())));
    Q_EMIT page.series(Kernel::Tiled)->hovered(hovered, false);
    QVERIFY(chart->calloutText().isEmpty());
}

QTEST_MAIN(TestCostPage)
#include "tst_costpage.moc"
