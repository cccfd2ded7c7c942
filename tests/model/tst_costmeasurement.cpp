// Step 6's timing run off the GUI thread: every kernel at each T up to its largest, each point
// published as it comes, progress weighted by T², cancel keeps what was published.

#include "costmeasurement.h"

#include <QSignalSpy>
#include <QTest>

using namespace attention;

Q_DECLARE_METATYPE(attention::CostPoint)

class TestCostMeasurement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyKernelAtEachLength();
    void kernelsStopAtTheirLargestLength();
    void cancelStopsTheRun();
};

void TestCostMeasurement::everyKernelAtEachLength()
{
    CostRun run;
    run.lengths = {16, 32};
    const std::vector<Kernel> all = allKernels();
    run.kernels = QList<Kernel>(all.begin(), all.end());
    run.d = 8;
    run.threads = 1;
    CostMeasurement measurement;
    QList<CostPoint> points;
    connect(&measurement, &CostMeasurement::pointMeasured,
            [&points](const CostPoint &point) { points.append(point); });
    QSignalSpy finished(&measurement, &CostMeasurement::finished);
    QSignalSpy progress(&measurement, &CostMeasurement::progressChanged);
    measurement.start(run, 1, 50.0);
    QVERIFY(measurement.isRunning());
    QVERIFY(finished.wait(60000));
    QVERIFY(!measurement.isRunning());
    // T by T, every kernel at each T, in order.
    QCOMPARE(points.size(), 2 * int(allKernels().size()));
    for (int i = 0; i < points.size(); ++i) {
        const int kernels = int(allKernels().size());
        QCOMPARE(points[i].T, run.lengths[i / kernels]);
        QCOMPARE(points[i].kernel, allKernels()[i % kernels]);
        QVERIFY(points[i].ms > 0.0);
        QVERIFY(points[i].runs >= 1);
    }
    // The progress climbs to the whole, weighted by T².
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toInt(), costProgressSteps);
    run.points = points;
    QCOMPARE(run.completed(), 1.0);
    run.points = points.mid(0, int(allKernels().size())); // T = 16 only: 16² of 16² + 32²
    QCOMPARE(run.completed(), 256.0 / (256.0 + 1024.0));
    QCOMPARE(run.measured(Kernel::Tiled).size(), 1);
}

void TestCostMeasurement::kernelsStopAtTheirLargestLength()
{
    QCOMPARE(costMaxLength(Kernel::Naive), 4000);
    QCOMPARE(costMaxLength(Kernel::Materialized), 8000);
    QCOMPARE(costMaxLength(Kernel::Tiled), costLargestLength);
    CostRun run;
    run.lengths = {16, 8000};
    run.kernels = {Kernel::Naive};
    // The naive kernel is never timed at 8000: T = 16 is the whole run.
    run.points = {CostPoint{Kernel::Naive, 16, 1.0, 0, 1}};
    QCOMPARE(run.completed(), 1.0);
}

void TestCostMeasurement::cancelStopsTheRun()
{
    CostRun run;
    run.lengths = {2000, 4000};
    run.kernels = {Kernel::Naive};
    run.d = 64;
    run.threads = 1;
    CostMeasurement measurement;
    QSignalSpy cancelled(&measurement, &CostMeasurement::cancelled);
    QSignalSpy finished(&measurement, &CostMeasurement::finished);
    measurement.start(run, 1000, 1e9);
    QTest::qWait(50);
    measurement.cancel();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!measurement.isRunning());
    QTest::qWait(100);
    QCOMPARE(finished.count(), 0);
}

QTEST_GUILESS_MAIN(TestCostMeasurement)
#include "tst_costmeasurement.moc"
