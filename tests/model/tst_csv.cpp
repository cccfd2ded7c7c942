#include "csv.h"

#include <QTest>
#include <cmath>
#include <limits>

using attention::Matrix;

class TestCsv : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void field_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << QStringLiteral("月") << QStringLiteral("月");
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
        QTest::newRow("quote") << QStringLiteral("say \"hi\"")
                               << QStringLiteral("\"say \"\"hi\"\"\"");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("\"a\nb\"");
        QTest::newRow("carriage return") << QStringLiteral("a\rb") << QStringLiteral("\"a\rb\"");
    }
    void field()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(attention::csvField(text), expected);
    }

    void numberReadsBack_data()
    {
        QTest::addColumn<double>("x");
        QTest::newRow("tenth") << 0.1;
        QTest::newRow("third") << 1.0 / 3.0;
        QTest::newRow("tiny") << 5e-324;
        QTest::newRow("huge") << -1.7976931348623157e308;
        QTest::newRow("zero") << 0.0;
    }
    void numberReadsBack()
    {
        QFETCH(double, x);
        bool ok = false;
        const double back = attention::csvNumber(x).toDouble(&ok);
        QVERIFY(ok);
        QCOMPARE(back, x); // exact: the shortest text that reads back to the same double
    }

    void numberNonFinite()
    {
        const double inf = std::numeric_limits<double>::infinity();
        QCOMPARE(attention::csvNumber(-inf), QStringLiteral("-inf"));
        QCOMPARE(attention::csvNumber(inf), QStringLiteral("inf"));
        QCOMPARE(attention::csvNumber(std::nan("")), QStringLiteral("nan"));
    }

    void table()
    {
        Matrix m(2, 2);
        m << 0.5, -std::numeric_limits<double>::infinity(), 0.25, 1.0;
        const QString text = attention::csvTable(QStringLiteral("weights"),
                                                 {QStringLiteral("床"), QStringLiteral("a,b")},
                                                 {QStringLiteral("床")}, m);
        const QStringList lines = text.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 4); // header, two rows, and the empty piece after the last newline
        QCOMPARE(lines.at(0), QStringLiteral("weights,床,\"a,b\""));
        QCOMPARE(lines.at(1), QStringLiteral("床,0.5,-inf"));
        QCOMPARE(lines.at(2), QStringLiteral(",0.25,1")); // a missing row label stays empty
        QVERIFY(lines.at(3).isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestCsv)
#include "tst_csv.moc"
