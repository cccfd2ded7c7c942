// parseLabCommandLine: attention-lab's command line read into a struct, every rule checked in
// the order main() relies on. tst_labcommandline runs the program itself.

#include "commandline.h"
#include "lessonview.h"
#include "screenshot.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTest>

using namespace attention;
using Request = LabCommandLine::Request;

Q_DECLARE_METATYPE(attention::LabCommandLine::Request)

namespace {

LabCommandLine parse(const QStringList &arguments)
{
    QCommandLineParser parser;
    return parseLabCommandLine(parser, QStringList{QStringLiteral("attention-lab")} + arguments);
}

} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nothingOpensTheWindow()
    {
        const LabCommandLine commandLine = parse({});
        QCOMPARE(commandLine.request, Request::Run);
        QVERIFY(commandLine.error.isEmpty());
        QVERIFY(commandLine.file.isEmpty());
        QVERIFY(!commandLine.hasPreset);
        QCOMPARE(commandLine.step, 0);
        QVERIFY(!commandLine.exercise);
        QVERIFY(!commandLine.takesScreenshot());
        QVERIFY(commandLine.language.isEmpty());
    }

    void everyOptionIsRead()
    {
        const LabCommandLine commandLine =
            parse({QStringLiteral("--preset"), QStringLiteral("lesson"), QStringLiteral("--step"),
                   QStringLiteral("5"), QStringLiteral("--exercise"), QStringLiteral("--lang"),
                   QStringLiteral("zh_CN"), QStringLiteral("--screenshot"),
                   QStringLiteral("/tmp/shot.png"), QStringLiteral("--screenshot-wait"),
                   QStringLiteral("15")});
        QCOMPARE(commandLine.request, Request::Run);
        QVERIFY(commandLine.hasPreset);
        QCOMPARE(commandLine.preset, QStringLiteral("lesson"));
        QCOMPARE(commandLine.step, 5);
        QVERIFY(commandLine.exercise);
        QCOMPARE(commandLine.language, QStringLiteral("zh_CN"));
        QVERIFY(commandLine.takesScreenshot());
        QCOMPARE(commandLine.screenshot, QStringLiteral("/tmp/shot.png"));
        QCOMPARE(commandLine.screenshotWait, 15);
        // Without --screenshot-wait a screenshot waits the default time.
        QCOMPARE(parse({QStringLiteral("--screenshot"), QStringLiteral("a.png")}).screenshotWait,
                 screenshotWaitSeconds);
    }

    void aFileIsRead()
    {
        const LabCommandLine commandLine = parse({QStringLiteral("scenario.json")});
        QCOMPARE(commandLine.request, Request::Run);
        QCOMPARE(commandLine.file, QStringLiteral("scenario.json"));
    }

    void textRequests_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<Request>("request");
        QTest::newRow("--help") << QStringLiteral("--help") << Request::Help;
        QTest::newRow("-h") << QStringLiteral("-h") << Request::Help;
        QTest::newRow("--version") << QStringLiteral("--version") << Request::Version;
        QTest::newRow("-v") << QStringLiteral("-v") << Request::Version;
    }

    void textRequests()
    {
        QFETCH(QString, option);
        QFETCH(Request, request);
        // Text goes before any check of the other arguments.
        const LabCommandLine commandLine =
            parse({option, QStringLiteral("--step"), QStringLiteral("99")});
        QCOMPARE(commandLine.request, request);
    }

    void badCommandLines_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("--bogus")} << QStringLiteral("bogus");
        QTest::newRow("two files")
            << QStringList{QStringLiteral("a.json"), QStringLiteral("b.json")}
            << QStringLiteral("only one");
        QTest::newRow("unknown preset")
            << QStringList{QStringLiteral("--preset"), QStringLiteral("nope")}
            << QStringLiteral("nope");
        QTest::newRow("file and preset")
            << QStringList{QStringLiteral("a.json"), QStringLiteral("--preset"),
                           QStringLiteral("lesson")}
            << QStringLiteral("not both");
        QTest::newRow("step zero") << QStringList{QStringLiteral("--step"), QStringLiteral("0")}
                                   << QStringLiteral("--step");
        QTest::newRow("step past the end")
            << QStringList{QStringLiteral("--step"), QString::number(LessonView::stepCount + 1)}
            << QStringLiteral("--step");
        QTest::newRow("step not a number")
            << QStringList{QStringLiteral("--step"), QStringLiteral("two")}
            << QStringLiteral("two");
        QTest::newRow("exercise without step")
            << QStringList{QStringLiteral("--exercise")} << QStringLiteral("--exercise");
        QTest::newRow("exercise at step 3")
            << QStringList{QStringLiteral("--step"), QStringLiteral("3"),
                           QStringLiteral("--exercise")}
            << QStringLiteral("--exercise");
        QTest::newRow("empty screenshot") << QStringList{QStringLiteral("--screenshot"), QString()}
                                          << QStringLiteral("--screenshot");
        QTest::newRow("screenshot wait past the limit")
            << QStringList{QStringLiteral("--screenshot"), QStringLiteral("a.png"),
                           QStringLiteral("--screenshot-wait"),
                           QString::number(maxScreenshotWaitSeconds + 1)}
            << QStringLiteral("--screenshot-wait");
        QTest::newRow("screenshot wait not a number")
            << QStringList{QStringLiteral("--screenshot"), QStringLiteral("a.png"),
                           QStringLiteral("--screenshot-wait"), QStringLiteral("soon")}
            << QStringLiteral("soon");
        QTest::newRow("screenshot wait without a screenshot")
            << QStringList{QStringLiteral("--screenshot-wait"), QStringLiteral("5")}
            << QStringLiteral("needs --screenshot");
        QTest::newRow("unknown language")
            << QStringList{QStringLiteral("--lang"), QStringLiteral("xx")} << QStringLiteral("xx");
    }

    void badCommandLines()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, mentions);
        const LabCommandLine commandLine = parse(arguments);
        QCOMPARE(commandLine.request, Request::Error);
        QVERIFY2(commandLine.error.contains(mentions), qPrintable(commandLine.error));
        QVERIFY(!commandLine.error.endsWith(QLatin1Char('.')));
    }

    void exerciseSteps_data()
    {
        QTest::addColumn<int>("step");
        QTest::newRow("2") << 2;
        QTest::newRow("5") << 5;
        QTest::newRow("6") << 6;
    }

    void exerciseSteps()
    {
        QFETCH(int, step);
        const LabCommandLine commandLine =
            parse({QStringLiteral("--step"), QString::number(step), QStringLiteral("--exercise")});
        QCOMPARE(commandLine.request, Request::Run);
        QCOMPARE(commandLine.step, step);
        QVERIFY(commandLine.exercise);
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
