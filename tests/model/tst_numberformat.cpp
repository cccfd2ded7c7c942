// Tests of NumberFormat: every view's (and the CLI's) way of writing a number, with the texts the
// views showed before the formatters were gathered here (signs, zeros, infinities, locales,
// exponents).

#include "numberformat.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace attention;

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

} // namespace

class TestNumberFormat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void byMeaning();
    void byMeaningFollowsTheLanguage();
    void fixed_data();
    void fixed();
    void brief_data();
    void brief();
    void value();
    void shape();
    void factor();
    void entry_data();
    void entry();
    void tick();
    void milliseconds_data();
    void milliseconds();
    void memory_data();
    void memory();
    void duration_data();
    void duration();
    void slope();
    void difference();
    void shortest();
    void exactReadsBack();
};

void TestNumberFormat::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestNumberFormat::byMeaning()
{
    // A weight: two decimals, a rounded zero without its sign.
    QCOMPARE(NumberFormat::weight(0.3449), QStringLiteral("0.34"));
    QCOMPARE(NumberFormat::weight(0.2996), QStringLiteral("0.30"));
    QCOMPARE(NumberFormat::weight(1.0), QStringLiteral("1.00"));
    QCOMPARE(NumberFormat::weight(-0.001), QStringLiteral("0.00"));
    // A loss: four decimals; a change of loss always signed, with a real minus sign.
    QCOMPARE(NumberFormat::loss(5.75031), QStringLiteral("5.7503"));
    QCOMPARE(NumberFormat::loss(4.68484), QStringLiteral("4.6848"));
    QCOMPARE(NumberFormat::lossChange(0.34504), QStringLiteral("+0.3450"));
    QCOMPARE(NumberFormat::lossChange(-0.0012), QStringLiteral("−0.0012"));
    QCOMPARE(NumberFormat::lossChange(-0.00001), QStringLiteral("+0.0000")); // no −0.0000
    QCOMPARE(NumberFormat::lossChange(0.0), QStringLiteral("+0.0000"));
    // A ratio and a rate: one decimal.
    QCOMPARE(NumberFormat::ratio(4.8312), QStringLiteral("4.8"));
    QCOMPARE(NumberFormat::ratio(2.96), QStringLiteral("3.0"));
    QCOMPARE(NumberFormat::rate(29.64), QStringLiteral("29.6"));
    QCOMPARE(NumberFormat::rate(1234.56), QStringLiteral("1,234.6"));
    // A run's seconds: one decimal; an F1 score: three; an operation count: three digits.
    QCOMPARE(NumberFormat::seconds(60.14), QStringLiteral("60.1"));
    QCOMPARE(NumberFormat::proportion(0.68349), QStringLiteral("0.683"));
    QCOMPARE(NumberFormat::proportion(1.0), QStringLiteral("1.000"));
    QCOMPARE(NumberFormat::operations(512.0), QStringLiteral("512"));
    QCOMPARE(NumberFormat::operations(2.048e9), QStringLiteral("2.05e+09"));
}

void TestNumberFormat::byMeaningFollowsTheLanguage()
{
    // The one rule: the default locale, which Language sets (here German, whose decimal sign
    // shows the rule at work; the interface's languages both write a point).
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(NumberFormat::weight(0.34), QStringLiteral("0,34"));
    QCOMPARE(NumberFormat::loss(5.75031), QStringLiteral("5,7503"));
    QCOMPARE(NumberFormat::lossChange(-0.0012), QStringLiteral("−0,0012"));
    QCOMPARE(NumberFormat::ratio(4.8312), QStringLiteral("4,8"));
    QCOMPARE(NumberFormat::rate(29.64), QStringLiteral("29,6"));
    QCOMPARE(NumberFormat::seconds(60.14), QStringLiteral("60,1"));
    QCOMPARE(NumberFormat::proportion(0.68349), QStringLiteral("0,683"));
    QCOMPARE(NumberFormat::operations(2.048e9), QStringLiteral("2.05e+09")); // as code writes it
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    QCOMPARE(NumberFormat::loss(5.75031), QStringLiteral("5.7503"));
    QLocale::setDefault(before);
}

void TestNumberFormat::fixed_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("expected");
    QTest::newRow("positive") << 0.125 << 2 << QStringLiteral("0.13");
    QTest::newRow("negative, real minus") << -1.5 << 2 << QStringLiteral("−1.50");
    QTest::newRow("negative zero after rounding") << -0.001 << 2 << QStringLiteral("0.00");
    QTest::newRow("four decimals") << -0.12345 << 4 << QStringLiteral("−0.1235");
    QTest::newRow("minus infinity") << -infinity << 2 << QStringLiteral("−∞");
    QTest::newRow("infinity") << infinity << 2 << QStringLiteral("∞");
    QTest::newRow("NaN") << std::nan("") << 2 << QStringLiteral("NaN");
    QTest::newRow("large, no group separator") << 12345.678 << 1 << QStringLiteral("12345.7");
}

void TestNumberFormat::fixed()
{
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::fixed(value, decimals), expected);
}

void TestNumberFormat::brief_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("two decimals") << 0.3125 << QStringLiteral("0.31");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0.00");
    QTest::newRow("small: two significant digits") << 0.0012345 << QStringLiteral("0.0012");
    QTest::newRow("small negative") << -0.0012345 << QStringLiteral("−0.0012");
    QTest::newRow("tiny: exponent, its sign a minus too") << 1.5e-9 << QStringLiteral("1.5e−09");
    QTest::newRow("tiny negative: exponent") << -1.5e-9 << QStringLiteral("−1.5e−09");
    QTest::newRow("at the threshold") << 0.005 << QStringLiteral("0.01");
    QTest::newRow("masked") << -infinity << QStringLiteral("−∞");
    QTest::newRow("large") << 2.71828e3 << QStringLiteral("2718.28");
}

void TestNumberFormat::brief()
{
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::brief(value), expected);
}

void TestNumberFormat::value()
{
    // A value: two decimals, a real minus sign, a rounded zero without its sign.
    QCOMPARE(NumberFormat::value(0.856), QStringLiteral("0.86"));
    QCOMPARE(NumberFormat::value(-0.856), QStringLiteral("−0.86"));
    QCOMPARE(NumberFormat::value(-0.001), QStringLiteral("0.00"));
    QCOMPARE(NumberFormat::value(std::sqrt(1024.0)), QStringLiteral("32.00"));
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(NumberFormat::value(-0.5), QStringLiteral("−0,50")); // the default locale's
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestNumberFormat::shape()
{
    QCOMPARE(NumberFormat::shape(5, 16), QStringLiteral("(5, 16)"));
}

void TestNumberFormat::factor()
{
    QCOMPARE(NumberFormat::factor(5.0), QStringLiteral("5"));
    QCOMPARE(NumberFormat::factor(0.5), QStringLiteral("0.5"));
    QCOMPARE(NumberFormat::factor(2.25), QStringLiteral("2.25"));
    QCOMPARE(NumberFormat::factor(1.23456), QStringLiteral("1.235"));
    QCOMPARE(NumberFormat::factor(1000.0), QStringLiteral("1000"));
    QCOMPARE(NumberFormat::factor(0.1), QStringLiteral("0.1"));
}

void TestNumberFormat::entry_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("integer") << 1.0 << QStringLiteral("1.00");
    QTest::newRow("three decimals") << 0.125 << QStringLiteral("0.125");
    QTest::newRow("four decimals") << 0.1234 << QStringLiteral("0.1234");
    QTest::newRow("rounded to four") << 0.123456 << QStringLiteral("0.1235");
    QTest::newRow("negative") << -0.9 << QStringLiteral("-0.90");
    QTest::newRow("negative zero") << -0.00001 << QStringLiteral("0.00");
    QTest::newRow("no group separator") << 12345.5 << QStringLiteral("12345.50");
}

void TestNumberFormat::entry()
{
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::entry(value), expected);
    QCOMPARE(NumberFormat::entry(value, QLocale(QLocale::C)), expected);
}

void TestNumberFormat::tick()
{
    QCOMPARE(NumberFormat::tick(0.0), QStringLiteral("0"));
    QCOMPARE(NumberFormat::tick(0.5), QStringLiteral("0.5"));
    QCOMPARE(NumberFormat::tick(-1.25), QStringLiteral("-1.25"));
    QCOMPARE(NumberFormat::tick(1234.5), QStringLiteral("1,234.5"));
}

void TestNumberFormat::milliseconds_data()
{
    QTest::addColumn<double>("ms");
    QTest::addColumn<QString>("expected");
    QTest::newRow("below 1 ms") << 0.6712 << QStringLiteral("0.671");
    QTest::newRow("a few ms") << 5.387 << QStringLiteral("5.39");
    QTest::newRow("tens") << 20.49 << QStringLiteral("20.5");
    QTest::newRow("hundreds") << 123.4 << QStringLiteral("123");
    QTest::newRow("thousands, grouped") << 1050.2 << QStringLiteral("1,050");
}

void TestNumberFormat::milliseconds()
{
    QFETCH(double, ms);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::milliseconds(ms), expected);
}

void TestNumberFormat::memory_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("nothing") << qint64(0) << QStringLiteral("0 KiB");
    QTest::newRow("1000 bytes, in KiB too") << qint64(1000) << QStringLiteral("0.98 KiB");
    QTest::newRow("4 KiB") << qint64(4096) << QStringLiteral("4.00 KiB");
    QTest::newRow("tens of KiB") << qint64(40000) << QStringLiteral("39.1 KiB");
    QTest::newRow("just under a MiB") << qint64(1023 * 1024) << QStringLiteral("1,023 KiB");
    QTest::newRow("64 MB") << qint64(64'000'000) << QStringLiteral("61.0 MiB");
    QTest::newRow("1.5 GiB") << qint64(1536) * 1024 * 1024 << QStringLiteral("1.50 GiB");
    QTest::newRow("64 GiB stays GiB")
        << qint64(64) * 1024 * 1024 * 1024 << QStringLiteral("64.0 GiB");
}

void TestNumberFormat::memory()
{
    QFETCH(qint64, bytes);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::memory(bytes), expected);
}

void TestNumberFormat::duration_data()
{
    QTest::addColumn<double>("seconds");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0 s");
    QTest::newRow("negative is nothing left") << -3.0 << QStringLiteral("0 s");
    QTest::newRow("rounded up") << 44.2 << QStringLiteral("45 s");
    QTest::newRow("a minute") << 60.0 << QStringLiteral("1 min 0 s");
    QTest::newRow("minutes") << 725.0 << QStringLiteral("12 min 5 s");
    QTest::newRow("an hour") << 3600.0 << QStringLiteral("1 h 0 min");
    QTest::newRow("hours drop the seconds") << 12'059.0 << QStringLiteral("3 h 20 min");
    // The 0.2 steps/s run of issue 25: "about 442,567 s left" before.
    QTest::newRow("days stay hours") << 442'567.0 << QStringLiteral("122 h 56 min");
}

void TestNumberFormat::duration()
{
    QFETCH(double, seconds);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::duration(seconds), expected);
}

void TestNumberFormat::slope()
{
    QCOMPARE(NumberFormat::slope(2.0349), QStringLiteral("2.03"));
    QLocale::setDefault(QLocale(QLocale::German));
    QCOMPARE(NumberFormat::slope(1.999), QStringLiteral("2,00")); // the default locale's
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestNumberFormat::difference()
{
    QCOMPARE(NumberFormat::difference(1.234e-7), QStringLiteral("1.2e-07"));
    QCOMPARE(NumberFormat::difference(2.220446049250313e-16), QStringLiteral("2.2e-16"));
    QCOMPARE(NumberFormat::difference(1e-12), QStringLiteral("1e-12"));
    QCOMPARE(NumberFormat::difference(0.05), QStringLiteral("0.05"));
    QCOMPARE(NumberFormat::difference(0.0), QStringLiteral("0"));
}

void TestNumberFormat::shortest()
{
    QCOMPARE(NumberFormat::shortest(1000.0, QLocale()), QStringLiteral("1000"));
    QCOMPARE(NumberFormat::shortest(-1000000.0, QLocale()), QStringLiteral("-1000000"));
    QCOMPARE(NumberFormat::shortest(0.5, QLocale()), QStringLiteral("0.5"));
    QCOMPARE(NumberFormat::shortest(0.5, QLocale(QLocale::German)), QStringLiteral("0,5"));
    QCOMPARE(NumberFormat::shortest(1e-6, QLocale()), QStringLiteral("0.000001"));
}

void TestNumberFormat::exactReadsBack()
{
    // What files hold: the shortest text that reads back exactly, in the C locale whatever the
    // language (German here would write a comma).
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    for (const double x : {0.1, -2.5e-7, 2000000.0, 1.0 / 3.0, 4.684841346740723, 1e300}) {
        const QString text = NumberFormat::exact(x);
        QCOMPARE(text.toDouble(), x);
        QCOMPARE(QString::fromLatin1(NumberFormat::json(x)), text);
    }
    QCOMPARE(NumberFormat::exact(0.1), QStringLiteral("0.1"));
    QCOMPARE(NumberFormat::exact(-2.5e-7), QStringLiteral("-2.5e-07"));
    QCOMPARE(NumberFormat::json(std::nan("")), QByteArray("null"));
    QCOMPARE(NumberFormat::json(-INFINITY), QByteArray("null"));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

QTEST_GUILESS_MAIN(TestNumberFormat)
#include "tst_numberformat.moc"
