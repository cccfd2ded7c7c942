// What lesson steps 1 and 3 state about their numbers, against plain loops over the same result.

#include "lessonnumbers.h"
#include "verifynear.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace attention;

class TestLessonNumbers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void averagingIsTheRunningMean();
    void averagingDifferenceSeesAWrongRow();
    void maskSummaryCountsWhatTheMaskDid();
};

void TestLessonNumbers::averagingIsTheRunningMean()
{
    const QStringList tokens{QStringLiteral("床"), QStringLiteral("前"), QStringLiteral("明"),
                             QStringLiteral("月"), QStringLiteral("光")};
    const Scenario scenario = averagingScenario(tokens, 4, 11);
    QCOMPARE(scenario.tokens, tokens);
    QVERIFY(scenario.causal);
    QVERIFY(scenario.values);
    QCOMPARE(scenario.values->rows(), Index(5));
    QCOMPARE(scenario.values->cols(), Index(4));
    // Seeded: the same seed, the same inputs; another seed, others.
    QVERIFY(*averagingScenario(tokens, 4, 11).values == *scenario.values);
    QVERIFY(*averagingScenario(tokens, 4, 12).values != *scenario.values);
    const ScenarioResult result = scenario.compute();
    for (Index i = 0; i < 5; ++i)
        for (Index j = 0; j < 5; ++j)
            VERIFY_NEAR(result.weights(i, j), j <= i ? 1.0 / double(i + 1) : 0.0, 1e-15);
    for (int row = 0; row < 5; ++row)
        QVERIFY(averagingDifference(scenario, result, row) < 1e-12);
    QCOMPARE(averagingDifference(scenario, result, 5), 0.0);
    QCOMPARE(averagingDifference(scenario, result, -1), 0.0);
}

void TestLessonNumbers::averagingDifferenceSeesAWrongRow()
{
    const QStringList tokens{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    const Scenario scenario = averagingScenario(tokens, 2, 3);
    ScenarioResult result = scenario.compute();
    (*result.output)(2, 1) += 0.5;
    VERIFY_NEAR(averagingDifference(scenario, result, 2), 0.5, 1e-12);
    QVERIFY(averagingDifference(scenario, result, 1) < 1e-12);
    // A NaN in the output is not "no difference".
    (*result.output)(1, 0) = std::numeric_limits<double>::quiet_NaN();
    QVERIFY(!(averagingDifference(scenario, result, 1) < 1e-12));
}

void TestLessonNumbers::maskSummaryCountsWhatTheMaskDid()
{
    Scenario scenario;
    scenario.tokens = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
                       QStringLiteral("d")};
    scenario.queries = Matrix{{1, 0}, {0, 1}, {1, 1}, {-1, 2}};
    scenario.keys = Matrix{{0, 1}, {1, 0}, {2, -1}, {1, 1}};
    scenario.causal = true;
    const MaskSummary masked = summarizeMask(scenario.compute());
    QCOMPARE(masked.masked, 6); // 4·3/2 scores above the diagonal
    QCOMPARE(masked.aboveDiagonal, 0.0);
    QVERIFY(masked.worstRowSum < 1e-12);

    scenario.causal = false;
    const ScenarioResult open = scenario.compute();
    const MaskSummary unmasked = summarizeMask(open);
    QCOMPARE(unmasked.masked, 0);
    double largest = 0.0;
    for (Index i = 0; i < 4; ++i)
        for (Index j = i + 1; j < 4; ++j)
            largest = std::max(largest, open.weights(i, j));
    QVERIFY(largest > 0.1);
    QCOMPARE(unmasked.aboveDiagonal, largest);
    QVERIFY(unmasked.worstRowSum < 1e-12);
}

QTEST_GUILESS_MAIN(TestLessonNumbers)
#include "tst_lessonnumbers.moc"
