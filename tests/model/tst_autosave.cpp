// Tests of Autosave: an edit is copied to the data folder after the interval, the copy goes when
// the document is saved or closed cleanly, and a copy left by a killed process is recovered.

#include "autosave.h"
#include "presets.h"
#include "scenariodocument.h"
#include "scenariofile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace attention;

namespace {

Scenario lesson()
{
    return *preset(QStringLiteral("lesson"));
}

} // namespace

class TestAutosave : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void editIsCopiedAfterTheInterval();
    void savingOrUndoingRemovesTheCopy();
    void longDragIsCopiedWhileItLasts();
    void cleanExitRemovesTheCopy();
    void crashLeavesARecovery_data();
    void crashLeavesARecovery();
};

void TestAutosave::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_autosave"));
    QVERIFY(Autosave::directory().contains(QStringLiteral("tst_autosave")));
}

void TestAutosave::init()
{
    QDir(Autosave::directory()).removeRecursively();
}

void TestAutosave::editIsCopiedAfterTheInterval()
{
    ScenarioDocument document;
    Autosave autosave(&document);
    QCOMPARE(autosave.interval(), 500);
    QCOMPARE(autosave.maxDelay(), 2000);
    autosave.setInterval(300);
    QSignalSpy saved(&autosave, &Autosave::saved);

    // A fresh document is not modified: nothing to copy.
    QTest::qWait(400);
    QVERIFY(!QFile::exists(autosave.fileName()));

    QVERIFY(document.setScoreScale(4.0));
    QVERIFY(document.setCausal(true));
    QVERIFY(!QFile::exists(autosave.fileName())); // not at once, but after the interval
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 5000);
    QTest::qWait(400);
    QCOMPARE(saved.count(), 1); // two quick edits, one write

    Scenario expected = lesson();
    expected.scoreScale = 4.0;
    expected.causal = true;
    const ScenarioReadResult read = loadScenario(autosave.fileName());
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.scenario, expected);
    QCOMPARE(read.scenario, document.scenario());
    // This instance is running: its own copy is not offered for recovery.
    QVERIFY(!Autosave::pendingRecovery());

    // A later edit rewrites it.
    QVERIFY(document.setScoreScale(2.5));
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 2, 5000);
    expected.scoreScale = 2.5;
    QCOMPARE(loadScenario(autosave.fileName()).scenario, expected);
}

void TestAutosave::longDragIsCopiedWhileItLasts()
{
    // Edits every 50 ms keep restarting the quiet interval; the maximum delay still writes a
    // copy while the drag lasts, so a crash in the middle of it loses at most that much.
    ScenarioDocument document;
    Autosave autosave(&document);
    autosave.setInterval(300);
    autosave.setMaxDelay(600);
    QSignalSpy saved(&autosave, &Autosave::saved);
    QElapsedTimer clock;
    clock.start();
    double scale = 1.0;
    while (clock.elapsed() < 2000) {
        scale += 0.01;
        QVERIFY(document.setScoreScale(scale));
        QTest::qWait(50);
    }
    QVERIFY2(saved.count() >= 2, qPrintable(QString::number(saved.count())));
    // The last copy is at most one maximum delay behind the drag.
    const ScenarioReadResult read = loadScenario(autosave.fileName());
    QVERIFY2(read.ok(), qPrintable(read.error));
    QVERIFY(read.scenario.scoreScale > 1.0);
    QTRY_COMPARE_WITH_TIMEOUT(loadScenario(autosave.fileName()).scenario, document.scenario(),
                              3000);
}

void TestAutosave::savingOrUndoingRemovesTheCopy()
{
    ScenarioDocument document;
    Autosave autosave(&document);
    autosave.setInterval(20);
    QSignalSpy saved(&autosave, &Autosave::saved);

    QVERIFY(document.setCausal(true));
    QTRY_COMPARE(saved.count(), 1);
    QVERIFY(QFile::exists(autosave.fileName()));
    document.markSaved();
    QVERIFY(!QFile::exists(autosave.fileName()));

    // Edit, then undo back to the saved state: the copy goes too, and no write is pending.
    QVERIFY(document.setScoreScale(7.0));
    QTRY_COMPARE(saved.count(), 2);
    QVERIFY(QFile::exists(autosave.fileName()));
    document.undoStack()->undo();
    QVERIFY(!document.isModified());
    QVERIFY(!QFile::exists(autosave.fileName()));
    QTest::qWait(100);
    QCOMPARE(saved.count(), 2);
    QVERIFY(!QFile::exists(autosave.fileName()));
}

void TestAutosave::cleanExitRemovesTheCopy()
{
    QString fileName;
    {
        ScenarioDocument document;
        Autosave autosave(&document);
        autosave.setInterval(20);
        QSignalSpy saved(&autosave, &Autosave::saved);
        QVERIFY(document.setScoreScale(3.0));
        QTRY_COMPARE(saved.count(), 1);
        fileName = autosave.fileName();
        QVERIFY(QFile::exists(fileName));
    }
    QVERIFY(!QFile::exists(fileName));
    QVERIFY(!Autosave::pendingRecovery());
}

void TestAutosave::crashLeavesARecovery_data()
{
    QTest::addColumn<bool>("aborts");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QString>("fileName");
    QTest::newRow("killed") << false << 4.5 << QStringLiteral("/somewhere/lesson.json");
    QTest::newRow("aborted") << true << 0.25 << QStringLiteral("/else/wo 我的.json");
}

void TestAutosave::crashLeavesARecovery()
{
    QFETCH(bool, aborts);
    QFETCH(double, scale);
    QFETCH(QString, fileName);

    QProcess crasher;
    QStringList arguments{fileName, QString::number(scale, 'g', 17)};
    if (aborts)
        arguments << QStringLiteral("--abort");
    crasher.start(QStringLiteral(AUTOSAVE_CRASHER), arguments);
    QVERIFY2(crasher.waitForStarted(), qPrintable(crasher.errorString()));
    QByteArray output;
    QElapsedTimer clock;
    clock.start();
    while (!output.contains("autosaved") && crasher.state() == QProcess::Running &&
           clock.elapsed() < 10000) {
        crasher.waitForReadyRead(100);
        output += crasher.readAllStandardOutput();
    }
    output += crasher.readAllStandardOutput();
    QVERIFY2(output.contains("autosaved"), output.constData());
    if (!aborts) {
        // While it runs, its copy belongs to it.
        QVERIFY(crasher.state() == QProcess::Running);
        QVERIFY(!Autosave::pendingRecovery());
        crasher.kill();
    }
    if (crasher.state() != QProcess::NotRunning)
        QVERIFY(crasher.waitForFinished(10000));
    QCOMPARE(crasher.exitStatus(), QProcess::CrashExit);

    Scenario expected = lesson();
    expected.scoreScale = scale;
    expected.causal = true;
    const std::optional<AutosaveRecovery> recovery = Autosave::pendingRecovery();
    QVERIFY(recovery);
    QCOMPARE(recovery->scenario, expected);
    QCOMPARE(recovery->fileName, fileName);
    QVERIFY(recovery->savedAt.isValid());
    QVERIFY(qAbs(recovery->savedAt.secsTo(QDateTime::currentDateTime())) < 60);

    // Offered again until it is discarded.
    QVERIFY(Autosave::pendingRecovery());
    Autosave::discard(*recovery);
    QVERIFY(!Autosave::pendingRecovery());
}

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"
