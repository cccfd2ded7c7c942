// Tests of core/bench's arithmetic for the cost page: the T×T table's bytes, the fitted log-log
// slope and the power-law guide, against values computed by hand.

#include "bench.h"
#include "verifynear.h"

#include <QtTest>
#include <cmath>
#include <vector>

using attention::CurvePoint;

class TestBench : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scoreTableBytes_data();
    void scoreTableBytes();
    void slopeOfExactPowerLaw_data();
    void slopeOfExactPowerLaw();
    void slopeOfNoisyPoints();
    void slopeNeedsTwoDistinctLengths();
    void powerLawCoefficient();
};

void TestBench::scoreTableBytes_data()
{
    QTest::addColumn<qint64>("T");
    QTest::addColumn<qint64>("bytes");
    QTest::newRow("T = 1") << qint64(1) << qint64(4);
    QTest::newRow("T = 1000: 4 MB") << qint64(1000) << qint64(4000000);
    QTest::newRow("T = 16000: about 1 GiB") << qint64(16000) << qint64(1024000000);
    QTest::newRow("T = 65536: past 32 bits") << qint64(65536) << qint64(17179869184);
}

void TestBench::scoreTableBytes()
{
    QFETCH(qint64, T);
    QFETCH(qint64, bytes);
    QCOMPARE(qint64(attention::scoreTableBytes(T)), bytes);
}

void TestBench::slopeOfExactPowerLaw_data()
{
    QTest::addColumn<double>("c");
    QTest::addColumn<double>("power");
    QTest::addColumn<QList<int>>("lengths");
    // time = c·T^power gives exactly `power`, whatever c and the spacing of T.
    QTest::newRow("c·T², doubling") << 3.7e-6 << 2.0 << QList<int>{250, 500, 1000, 2000, 4000};
    QTest::newRow("c·T², uneven") << 42.0 << 2.0 << QList<int>{64, 100, 1000, 16000};
    QTest::newRow("c·T") << 0.25 << 1.0 << QList<int>{1000, 2000, 4000};
    QTest::newRow("c·T³, two points") << 1e-9 << 3.0 << QList<int>{300, 900};
}

void TestBench::slopeOfExactPowerLaw()
{
    QFETCH(double, c);
    QFETCH(double, power);
    QFETCH(QList<int>, lengths);
    std::vector<CurvePoint> points;
    for (int T : lengths)
        points.push_back({double(T), c * std::pow(double(T), power)});
    VERIFY_NEAR(attention::fittedSlope(points), power, 1e-9);
}

void TestBench::slopeOfNoisyPoints()
{
    // ln T = 0, ln 2, ln 4 (x̄ = ln 2) and ln t = 0, ln 3, ln 17:
    // slope = (−ln 2·(0 − ȳ) + ln 2·(ln 17 − ȳ)) / (2 ln² 2) = ln 17 / (2 ln 2).
    const std::vector<CurvePoint> noisy{{1, 1}, {2, 3}, {4, 17}};
    VERIFY_NEAR(attention::fittedSlope(noisy), std::log(17.0) / (2 * std::log(2.0)), 1e-12);
    // A point with a non-positive time is left out: the two others give ln 3 / ln 2.
    const std::vector<CurvePoint> withZero{{1, 1}, {2, 3}, {4, 0}};
    VERIFY_NEAR(attention::fittedSlope(withZero), std::log(3.0) / std::log(2.0), 1e-12);
}

void TestBench::slopeNeedsTwoDistinctLengths()
{
    QVERIFY(std::isnan(attention::fittedSlope({})));
    QVERIFY(std::isnan(attention::fittedSlope({{100, 1}})));
    QVERIFY(std::isnan(attention::fittedSlope({{100, 1}, {100, 2}})));
    QVERIFY(std::isnan(attention::fittedSlope({{100, 1}, {-200, 2}})));
}

void TestBench::powerLawCoefficient()
{
    // Points on y = 3·x² give c = 3.
    VERIFY_NEAR(attention::powerLawCoefficient({{1, 3}, {10, 300}, {7, 147}}, 2.0), 3.0, 1e-12);
    // (1, 1) and (2, 16) against x²: ln c = ((0 − 0) + (ln 16 − 2 ln 2)) / 2 = ln 2, so c = 2.
    VERIFY_NEAR(attention::powerLawCoefficient({{1, 1}, {2, 16}}, 2.0), 2.0, 1e-12);
    QVERIFY(std::isnan(attention::powerLawCoefficient({}, 2.0)));
}

QTEST_APPLESS_MAIN(TestBench)
#include "tst_bench.moc"
