// Step 4's measurements off the GUI thread: the √d curves arrive row by row, small d first, each
// row the one core/sqrtd.h measures for its dimension and options, also when asked again (a row
// measured once in the process comes from its memo, which must keep every option apart); a new
// request cancels the stale one, whose rows never arrive.

#include "sqrtdmeasurement.h"

#include <QSignalSpy>
#include <QTest>
#include <vector>

using namespace attention;

Q_DECLARE_METATYPE(attention::SqrtDRow)

namespace {

/// The rows of one measureCurves() call, by index.
std::vector<SqrtDRow> measure(SqrtDMeasurement &measurement, const SqrtDOptions &options,
                              const QList<int> &dimensions)
{
    std::vector<SqrtDRow> rows(std::size_t(dimensions.size()));
    std::vector<bool> seen(rows.size(), false);
    const QMetaObject::Connection connection = QObject::connect(
        &measurement, &SqrtDMeasurement::rowMeasured, [&](int index, const SqrtDRow &row) {
            rows.at(std::size_t(index)) = row;
            seen.at(std::size_t(index)) = true;
        });
    QSignalSpy done(&measurement, &SqrtDMeasurement::curvesMeasured);
    measurement.measureCurves(options, dimensions);
    const bool finished = done.wait(60000);
    QObject::disconnect(connection);
    for (const bool row : seen)
        if (!row || !finished)
            return {};
    return rows;
}

} // namespace

class TestSqrtDMeasurement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsAreTheCoresForEveryOption();
    void aNewRequestCancelsTheStaleOne();
};

void TestSqrtDMeasurement::rowsAreTheCoresForEveryOption()
{
    const QList<int> dimensions{1, 4, 16, 64};
    SqrtDOptions first;
    first.T = 6;
    first.trials = 40;
    SqrtDOptions otherSeed = first;
    otherSeed.seed = 2;
    SqrtDOptions otherT = first;
    otherT.T = 7;
    SqrtDOptions causal = first;
    causal.causal = true;
    SqrtDOptions moreTrials = first;
    moreTrials.trials = 41;
    SqrtDMeasurement measurement;
    // The first options twice (the second time from the memo), then each option changed alone.
    for (const SqrtDOptions &options :
         {first, first, otherSeed, otherT, causal, moreTrials, first}) {
        const std::vector<SqrtDRow> rows = measure(measurement, options, dimensions);
        QCOMPARE(rows.size(), std::size_t(dimensions.size()));
        for (int i = 0; i < dimensions.size(); ++i) {
            const SqrtDRow expected = measureSqrtD(dimensions[i], options);
            const SqrtDRow &row = rows[std::size_t(i)];
            QCOMPARE(row.d, expected.d);
            QCOMPARE(row.stdDev, expected.stdDev);
            QCOMPARE(row.maxWeightUnscaled, expected.maxWeightUnscaled);
            QCOMPARE(row.maxWeightScaled, expected.maxWeightScaled);
        }
    }
}

void TestSqrtDMeasurement::aNewRequestCancelsTheStaleOne()
{
    SqrtDOptions stale;
    stale.T = 8;
    stale.trials = 100;
    stale.seed = 99; // in no memo yet
    SqrtDOptions quick;
    quick.T = 5;
    quick.trials = 20;
    quick.seed = 98;
    SqrtDMeasurement measurement;
    int rows = 0;
    int finished = 0;
    connect(&measurement, &SqrtDMeasurement::rowMeasured, [&rows] { ++rows; });
    connect(&measurement, &SqrtDMeasurement::curvesMeasured, [&finished] { ++finished; });
    measurement.measureCurves(stale, {512});
    const std::vector<SqrtDRow> measured = measure(measurement, quick, {2, 8});
    QCOMPARE(measured.size(), std::size_t(2));
    QCOMPARE(measured[1].stdDev, measureSqrtD(8, quick).stdDev);
    QTRY_VERIFY(!measurement.isBusy());
    QCOMPARE(rows, 2); // the quick request's only
    QCOMPARE(finished, 1);
    // The cancelled row was not kept half measured: asked again, it is the core's.
    const std::vector<SqrtDRow> again = measure(measurement, stale, {512});
    QCOMPARE(again.size(), std::size_t(1));
    QCOMPARE(again[0].stdDev, measureSqrtD(512, stale).stdDev);
    QCOMPARE(again[0].maxWeightUnscaled, measureSqrtD(512, stale).maxWeightUnscaled);
}

QTEST_GUILESS_MAIN(TestSqrtDMeasurement)
#include "tst_sqrtdmeasurement.moc"
