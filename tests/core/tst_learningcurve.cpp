// Tests of core/tiny/learningcurve: the stretch where a validation curve fell most, against a
// search over every pair written out here; the in-context learning score against its definition
// on losses made by hand; each copy's mean loss on a line written twice.

#include "tiny/learningcurve.h"
#include "verifynear.h"

#include <QtTest>
#include <cmath>

using namespace attention::tiny;

Q_DECLARE_METATYPE(std::vector<CurvePoint>)

class TestLearningCurve : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void steepestFall_data();
    void steepestFall();
    void steepestFallMatchesEveryPair();
    void scoreFollowsItsDefinition();
    void copyLossesOfALineWrittenTwice();
};

void TestLearningCurve::steepestFall_data()
{
    QTest::addColumn<std::vector<CurvePoint>>("points");
    QTest::addColumn<int>("span");
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<double>("drop");
    const std::vector<CurvePoint> cliff{{100, 3.0}, {200, 2.9}, {300, 2.8},
                                        {400, 2.2}, {500, 2.1}, {600, 2.05}};
    QTest::newRow("a cliff within a span of 200") << cliff << 200 << 200 << 400 << 0.7;
    QTest::newRow("the span limits the pair") << cliff << 100 << 300 << 400 << 0.6;
    QTest::newRow("a longer span takes more of the fall") << cliff << 500 << 100 << 600 << 0.95;
    QTest::newRow("a rising curve has no fall")
        << std::vector<CurvePoint>{{10, 1.0}, {20, 1.5}, {30, 2.0}} << 100 << -1 << -1 << 0.0;
    QTest::newRow("one point has no fall")
        << std::vector<CurvePoint>{{10, 1.0}} << 100 << -1 << -1 << 0.0;
    // Two equal drops: the earlier wins.
    QTest::newRow("a tie goes to the earlier")
        << std::vector<CurvePoint>{{1, 2.0}, {2, 1.5}, {3, 2.0}, {4, 1.5}} << 1 << 1 << 2 << 0.5;
}

void TestLearningCurve::steepestFall()
{
    QFETCH(std::vector<CurvePoint>, points);
    QFETCH(int, span);
    QFETCH(double, drop);
    const LossFall fall = attention::tiny::steepestFall(points, span);
    QTEST(fall.fromStep, "from");
    QTEST(fall.toStep, "to");
    QCOMPARE(fall.found(), drop > 0.0);
    VERIFY_NEAR(fall.drop(), drop, 1e-12);
}

void TestLearningCurve::steepestFallMatchesEveryPair()
{
    // A noisy curve: the result is the largest drop of all pairs within the span.
    std::vector<CurvePoint> points;
    for (int i = 0; i < 60; ++i)
        points.push_back(
            {25 * (i + 1), 3.0 - 0.01 * i - (i > 30 ? 0.6 : 0.0) + 0.05 * std::sin(1.7 * i)});
    for (const int span : {25, 100, 400, 2000}) {
        double best = 0.0;
        for (std::size_t i = 0; i < points.size(); ++i)
            for (std::size_t j = i + 1; j < points.size(); ++j)
                if (points[j].step - points[i].step <= span)
                    best = std::max(best, points[i].loss - points[j].loss);
        const LossFall fall = attention::tiny::steepestFall(points, span);
        VERIFY_NEAR(fall.drop(), best, 1e-12);
        QVERIFY(fall.toStep - fall.fromStep <= span);
    }
}

void TestLearningCurve::scoreFollowsItsDefinition()
{
    // C = 16: late positions 12 … 15, early 2 … 3.
    std::vector<double> losses(16, 5.0);
    losses[2] = 3.0;
    losses[3] = 4.0; // early mean 3.5
    losses[12] = 1.0;
    losses[13] = 2.0; // late mean (1 + 2 + 5 + 5) / 4 = 3.25
    VERIFY_NEAR(inContextLearningScore(losses), 3.25 - 3.5, 1e-12);
    // C = 10: late 7 … 9 (⌊30/4⌋ = 7), early 1 (⌊10/8⌋ = 1 … ⌊10/4⌋ − 1 = 1).
    std::vector<double> ten{9, 2, 9, 9, 9, 9, 9, 4, 5, 6};
    VERIFY_NEAR(inContextLearningScore(ten), 5.0 - 2.0, 1e-12);
    QVERIFY(std::isnan(inContextLearningScore(std::vector<double>(7, 1.0))));
    QCOMPARE(inContextLearningScore(std::vector<double>(8, 2.0)), 0.0);
}

void TestLearningCurve::copyLossesOfALineWrittenTwice()
{
    // ids 1 2 3 | 1 2 3: positions 0, 1 predict the first copy's 2nd and 3rd characters,
    // positions 3, 4 the second copy's; position 2 predicts the second copy's first.
    const std::vector<int> ids{1, 2, 3, 1, 2, 3};
    const std::vector<double> losses{3.0, 2.0, 9.0, 0.5, 0.1};
    const auto copies = copyLosses(ids, losses);
    QVERIFY(copies);
    QCOMPARE(copies->length, 3);
    VERIFY_NEAR(copies->first, 2.5, 1e-12);
    VERIFY_NEAR(copies->second, 0.3, 1e-12);
    QVERIFY(!copyLosses({1, 2, 3, 1, 2, 4}, losses));    // not the same string
    QVERIFY(!copyLosses({1, 2, 3, 1, 2}, {1, 1, 1, 1})); // odd length
    QVERIFY(!copyLosses({1, 1}, {1.0}));                 // n = 1
    QVERIFY(!copyLosses(ids, {1.0, 2.0}));               // too few losses
}

QTEST_GUILESS_MAIN(TestLearningCurve)
#include "tst_learningcurve.moc"
