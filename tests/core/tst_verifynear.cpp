// Tests of tests/common/verifynear.h, the checks every other test compares numbers with: a NaN or
// an infinity in the actual value, the expected value or the tolerance fails, at the first, a
// middle and the last entry, for numbers, Eigen matrices and vectors, std::vector and QList; the
// message names the first bad entry and both values; near values pass. The macros themselves are
// run under QEXPECT_FAIL, so this test passes exactly when they fail.

#include "verifynear.h"

#include <Eigen/Core>
#include <QtTest>
#include <limits>

namespace {

constexpr double notANumber = std::numeric_limits<double>::quiet_NaN();
constexpr double infinity = std::numeric_limits<double>::infinity();

/// A 3×4 matrix of distinct values; one entry per row-major index.
Eigen::MatrixXd sample()
{
    Eigen::MatrixXd m(3, 4);
    for (int i = 0; i < int(m.size()); ++i)
        m(i / 4, i % 4) = 0.25 * i - 1.0;
    return m;
}

} // namespace

class TestVerifyNear : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scalarRejectsNonFinite_data();
    void scalarRejectsNonFinite();
    void scalarNearPassesAndFarFails();
    void matrixRejectsNonFinite_data();
    void matrixRejectsNonFinite();
    void listsRejectNonFinite_data();
    void listsRejectNonFinite();
    void matrixToleranceMustBeFinite();
    void shapesMustMatch();
    void nearEntriesPass();
    void apartNeedsFiniteValues();
    void macrosFail();
};

void TestVerifyNear::scalarRejectsNonFinite_data()
{
    QTest::addColumn<double>("actual");
    QTest::addColumn<double>("expected");
    QTest::addColumn<double>("tolerance");
    QTest::newRow("NaN actual") << notANumber << 1.0 << 1e-9;
    QTest::newRow("NaN expected") << 1.0 << notANumber << 1e-9;
    QTest::newRow("NaN tolerance") << 1.0 << 1.0 << notANumber;
    QTest::newRow("NaN both") << notANumber << notANumber << 1e-9;
    QTest::newRow("+infinity actual") << infinity << 1.0 << 1e-9;
    QTest::newRow("-infinity expected") << 1.0 << -infinity << 1e-9;
    QTest::newRow("infinity both") << infinity << infinity << 1e-9;
    QTest::newRow("infinity tolerance") << 1.0 << 2.0 << infinity;
    QTest::newRow("negative tolerance") << 1.0 << 1.0 << -1e-9;
}

void TestVerifyNear::scalarRejectsNonFinite()
{
    QFETCH(double, actual);
    QFETCH(double, expected);
    QFETCH(double, tolerance);
    const QString message = verifynear::scalarMismatch("x", actual, expected, tolerance);
    QVERIFY2(!message.isEmpty(), QTest::currentDataTag());
    QVERIFY2(message.startsWith(QLatin1String("x")), qPrintable(message));
}

void TestVerifyNear::scalarNearPassesAndFarFails()
{
    QCOMPARE(verifynear::scalarMismatch("x", 1.0, 1.0 + 1e-10, 1e-9), QString());
    QCOMPARE(verifynear::scalarMismatch("x", -3.0, -3.0, 0.0), QString());
    QCOMPARE(verifynear::scalarMismatch("x", 1.0, 1.5, 0.5), QString()); // the bound is inclusive
    QCOMPARE(verifynear::scalarMismatch("x", 1.0, 1.5, 0.25),
             QStringLiteral("x = 1, expected 1.5 within 0.25"));
    QCOMPARE(verifynear::scalarMismatch("x", 1.0, 1.0, notANumber),
             QStringLiteral("x: tolerance nan is not a finite number >= 0"));
}

void TestVerifyNear::matrixRejectsNonFinite_data()
{
    QTest::addColumn<bool>("inActual");
    QTest::addColumn<int>("index");
    QTest::addColumn<double>("bad");
    QTest::addColumn<QString>("where");
    const struct
    {
        const char *name;
        int index;
        const char *where;
    } places[] = {{"first", 0, "(0, 0)"}, {"middle", 6, "(1, 2)"}, {"last", 11, "(2, 3)"}};
    for (const auto &place : places)
        for (const bool inActual : {true, false})
            for (const double bad : {notANumber, infinity, -infinity})
                QTest::addRow("%s %s %g", inActual ? "actual" : "expected", place.name, bad)
                    << inActual << place.index << bad << QString::fromLatin1(place.where);
}

void TestVerifyNear::matrixRejectsNonFinite()
{
    QFETCH(bool, inActual);
    QFETCH(int, index);
    QFETCH(double, bad);
    QFETCH(QString, where);
    Eigen::MatrixXd actual = sample();
    Eigen::MatrixXd expected = sample();
    (inActual ? actual : expected)(index / 4, index % 4) = bad;
    const QString message = verifynear::allMismatch("m", actual, expected, 1e-9);
    QVERIFY2(message.startsWith(QStringLiteral("m") + where + QStringLiteral(" = ")),
             qPrintable(message));
    const QString badText = verifynear::number(bad);
    const QString goodText = verifynear::number(sample()(index / 4, index % 4));
    const QString values = inActual ? badText + QStringLiteral(", expected ") + goodText
                                    : goodText + QStringLiteral(", expected ") + badText;
    QVERIFY2(message.contains(values), qPrintable(message));
    QVERIFY2(message.endsWith(QLatin1String("(1 of 12 entries not near)")), qPrintable(message));
    // Float matrices and expressions the same.
    QVERIFY(!verifynear::allMismatch("m", actual.cast<float>(), expected.cast<float>(), 1e-3)
                 .isEmpty());
    QVERIFY(!verifynear::allMismatch("m", actual * 1.0, expected.transpose().transpose(), 1e-9)
                 .isEmpty());
}

void TestVerifyNear::listsRejectNonFinite_data()
{
    QTest::addColumn<bool>("inActual");
    QTest::addColumn<int>("index");
    QTest::addColumn<double>("bad");
    for (const int index : {0, 2, 4})
        for (const bool inActual : {true, false})
            for (const double bad : {notANumber, infinity})
                QTest::addRow("%s [%d] %g", inActual ? "actual" : "expected", index, bad)
                    << inActual << index << bad;
}

void TestVerifyNear::listsRejectNonFinite()
{
    QFETCH(bool, inActual);
    QFETCH(int, index);
    QFETCH(double, bad);
    std::vector<double> actual{0.1, 0.2, 0.3, 0.4, 0.5};
    std::vector<double> expected = actual;
    (inActual ? actual : expected)[std::size_t(index)] = bad;
    const QString prefix = QStringLiteral("v[%1] = ").arg(index);
    const QString vectors = verifynear::allMismatch("v", actual, expected, 1e-9);
    QVERIFY2(vectors.startsWith(prefix), qPrintable(vectors));
    const QList<float> actualList(actual.begin(), actual.end());
    const QString lists = verifynear::allMismatch("v", actualList, expected, 1e-6);
    QVERIFY2(lists.startsWith(prefix), qPrintable(lists));
    // A std::vector against an Eigen column and an Eigen row of the same numbers.
    const Eigen::VectorXd column = Eigen::Map<const Eigen::VectorXd>(actual.data(), 5);
    const QString columns = verifynear::allMismatch("v", column, expected, 1e-9);
    QVERIFY2(columns.startsWith(prefix), qPrintable(columns));
    const QString rows = verifynear::allMismatch("v", expected, column.transpose(), 1e-9);
    QVERIFY2(rows.startsWith(prefix), qPrintable(rows));
}

void TestVerifyNear::matrixToleranceMustBeFinite()
{
    const Eigen::MatrixXd m = sample();
    for (const double tolerance : {notANumber, infinity, -1e-12})
        QVERIFY2(verifynear::allMismatch("m", m, m, tolerance).contains(QLatin1String("tolerance")),
                 qPrintable(QString::number(tolerance)));
    const std::vector<double> v{1.0, 2.0};
    QVERIFY(!verifynear::allMismatch("v", v, v, notANumber).isEmpty());
}

void TestVerifyNear::shapesMustMatch()
{
    const Eigen::MatrixXd m = sample();
    QCOMPARE(verifynear::allMismatch("m", m, m.transpose(), 1.0),
             QStringLiteral("m is 3×4, expected 4×3"));
    QVERIFY(!verifynear::allMismatch("v", std::vector<double>(3), std::vector<double>(4), 1.0)
                 .isEmpty());
    QVERIFY(!verifynear::allMismatch("v", std::vector<double>(12), m, 1.0).isEmpty());
}

void TestVerifyNear::nearEntriesPass()
{
    const Eigen::MatrixXd m = sample();
    const Eigen::MatrixXd shifted = m.array() + 1e-10;
    QCOMPARE(verifynear::allMismatch("m", m, shifted, 1e-9), QString());
    QCOMPARE(verifynear::allMismatch("m", Eigen::MatrixXd(0, 3), Eigen::MatrixXd(0, 3), 0.0),
             QString());
    QCOMPARE(verifynear::allMismatch("v", std::vector<double>{1, 2}, QList<double>{1, 2}, 0.0),
             QString());
    // One entry out of tolerance among near ones, named with its difference counted.
    Eigen::MatrixXd off = m;
    off(2, 1) += 0.5;
    off(2, 3) += 0.5;
    QCOMPARE(verifynear::allMismatch("m", off, m, 0.1),
             QStringLiteral("m(2, 1) = 1.75, expected 1.25 within 0.10000000000000001 (2 of 12 "
                            "entries not near)"));
}

void TestVerifyNear::apartNeedsFiniteValues()
{
    const Eigen::MatrixXd m = sample();
    Eigen::MatrixXd moved = m;
    moved(2, 3) += 0.5;
    QVERIFY(verifynear::apart(m, moved, 0.1));
    QVERIFY(!verifynear::apart(m, moved, 0.5)); // within the tolerance: not apart
    QVERIFY(!verifynear::apart(m, m, 0.0));
    for (const double bad : {notANumber, infinity}) {
        Eigen::MatrixXd broken = moved;
        broken(0, 0) = bad;
        QVERIFY(!verifynear::apart(m, broken, 0.1));
        QVERIFY(!verifynear::apart(broken, m, 0.1));
        QVERIFY(!verifynear::apart(m, moved, bad));
    }
    QVERIFY(!verifynear::apart(m, m.transpose(), 0.1));
    QVERIFY(verifynear::apart(std::vector<double>{1, 2}, QList<float>{1, 3}, 0.5));
}

void TestVerifyNear::macrosFail()
{
    const Eigen::MatrixXd m = sample();
    Eigen::MatrixXd withNan = m;
    withNan(1, 1) = notANumber;
    const char *why = "a NaN must fail the check";
    QEXPECT_FAIL("", why, Continue);
    VERIFY_NEAR(notANumber, 1.0, 1e-9);
    QEXPECT_FAIL("", why, Continue);
    VERIFY_NEAR(1.0, notANumber, 1e-9);
    QEXPECT_FAIL("", why, Continue);
    VERIFY_NEAR(1.0, 1.0, notANumber);
    QEXPECT_FAIL("", why, Continue);
    VERIFY_ALL_NEAR(withNan, m, 1e-9);
    QEXPECT_FAIL("", why, Continue);
    VERIFY_ALL_NEAR(m, withNan, 1e-9);
    QEXPECT_FAIL("", why, Continue);
    VERIFY_ALL_NEAR(m, m, notANumber);
    // And near values pass through the same macros.
    VERIFY_NEAR(1.0, 1.0 + 1e-12, 1e-9);
    VERIFY_ALL_NEAR(m, m, 0.0);
}

QTEST_GUILESS_MAIN(TestVerifyNear)
#include "tst_verifynear.moc"
