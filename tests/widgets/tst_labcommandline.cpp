// The attention-lab program's command line, run as a user would: the real binary in a process.

#include <QImageReader>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs attention-lab; without `display` neither QT_QPA_PLATFORM nor DISPLAY is set, like a
/// terminal without a graphical session.
Run runLab(const QStringList &arguments, bool display)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    if (display)
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    else
        environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ATTENTION_LAB), arguments);
    Run run;
    if (!process.waitForFinished(60000))
        return run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace

class TestLabCommandLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textNeedsNoDisplay_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("expected");
        QTest::newRow("--version") << QStringLiteral("--version") << QStringLiteral("Eigen 3.");
        QTest::newRow("--help") << QStringLiteral("--help") << QStringLiteral("--screenshot");
    }
    void textNeedsNoDisplay()
    {
        QFETCH(QString, option);
        QFETCH(QString, expected);
        const Run run = runLab({option}, false);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(expected), qPrintable(run.out));
    }

    void versionNamesQt()
    {
        const Run run = runLab({QStringLiteral("--version")}, false);
        QVERIFY(run.out.startsWith(QStringLiteral("attention-lab ")));
        QVERIFY(run.out.contains(QStringLiteral("Qt ") + QLatin1String(qVersion())));
    }

    void versionNamesLicense()
    {
        const Run run = runLab({QStringLiteral("--version")}, false);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("MIT License")), qPrintable(run.out));
    }

    void badCommandLineExitsTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown preset")
            << QStringList{QStringLiteral("--preset"), QStringLiteral("nosuch")};
        QTest::newRow("unknown language")
            << QStringList{QStringLiteral("--lang"), QStringLiteral("fr")};
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")};
        QTest::newRow("step 0") << QStringList{QStringLiteral("--step"), QStringLiteral("0")};
        QTest::newRow("step 8") << QStringList{QStringLiteral("--step"), QStringLiteral("8")};
        QTest::newRow("step x") << QStringList{QStringLiteral("--step"), QStringLiteral("x")};
    }
    void badCommandLineExitsTwo()
    {
        QFETCH(QStringList, arguments);
        const Run run = runLab(arguments, true);
        QCOMPARE(run.exitCode, 2);
        const QStringList lines = run.err.trimmed().split(QLatin1Char('\n'));
        QVERIFY2(lines.last().startsWith(QStringLiteral("attention-lab: ")), qPrintable(run.err));
    }

    void stepScreenshot_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("language");
        QTest::newRow("step 1, en") << QStringLiteral("1") << QStringLiteral("en");
        QTest::newRow("step 3, zh_CN") << QStringLiteral("3") << QStringLiteral("zh_CN");
        QTest::newRow("self-check, en") << QStringLiteral("7") << QStringLiteral("en");
    }
    void stepScreenshot()
    {
        QFETCH(QString, step);
        QFETCH(QString, language);
        QTemporaryDir dir;
        const QString fileName = dir.filePath(QStringLiteral("step.png"));
        const Run run = runLab({QStringLiteral("--step"), step, QStringLiteral("--lang"), language,
                                QStringLiteral("--screenshot"), fileName},
                               true);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QImageReader(fileName).size(), QSize(1600, 1000));
    }
};

QTEST_GUILESS_MAIN(TestLabCommandLine)
#include "tst_labcommandline.moc"
