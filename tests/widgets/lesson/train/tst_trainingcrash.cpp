// Lesson step 7 killed mid-run (SIGKILL, nothing cleans up): the next start shows the best
// weights the run had kept (written every couple of seconds of training) and the probe line the
// learner had edited. The run is the app's main window in a child process (training_crasher).

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class TestTrainingCrash : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void killedMidRunKeepsItsWork();
};

namespace {

QProcessEnvironment childEnvironment(const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    for (const char *name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    return env;
}

} // namespace

void TestTrainingCrash::killedMidRunKeepsItsWork()
{
    const QString helper = QStringLiteral(TRAINING_CRASHER);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QString probe = QStringLiteral("春眠不觉晓，处处闻啼鸟。");

    QProcess run;
    run.setProcessEnvironment(childEnvironment(home.path()));
    run.start(helper, {QStringLiteral("train"), probe});
    QVERIFY2(run.waitForStarted(), qPrintable(run.errorString()));
    // Killed once the file holds a model of 100 steps or more (four validations in).
    const QRegularExpression best(QStringLiteral("^best (-?\\d+)$"));
    qint64 kept = -1;
    QElapsedTimer waited;
    waited.start();
    while (kept < 100 && waited.elapsed() < 240000) {
        if (!run.canReadLine() && !run.waitForReadyRead(1000)) {
            QVERIFY2(run.state() == QProcess::Running, run.readAllStandardError().constData());
            continue;
        }
        while (run.canReadLine()) {
            const QString line = QString::fromUtf8(run.readLine()).trimmed();
            const QRegularExpressionMatch m = best.match(line);
            if (m.hasMatch())
                kept = std::max(kept, m.captured(1).toLongLong());
        }
    }
    QVERIFY2(kept >= 100, qPrintable(QString::number(kept)));
    run.kill(); // SIGKILL
    QVERIFY(run.waitForFinished(10000));
    QCOMPARE(run.exitStatus(), QProcess::CrashExit);

    QProcess report;
    report.setProcessEnvironment(childEnvironment(home.path()));
    report.start(helper, {QStringLiteral("report")});
    QVERIFY(report.waitForFinished(120000));
    QCOMPARE(report.exitCode(), 0);
    const QStringList lines =
        QString::fromUtf8(report.readAllStandardOutput()).split(QLatin1Char('\n'));
    qInfo("killed after a write of step %lld; the next start shows: %s", kept,
          qPrintable(lines.join(QStringLiteral(" | "))));
    QVERIFY(lines.size() >= 2);
    QVERIFY2(lines[0].startsWith(QLatin1String("model ")), qPrintable(lines[0]));
    QVERIFY2(lines[0].mid(6).toLongLong() >= kept, qPrintable(lines[0]));
    QCOMPARE(lines[1], QStringLiteral("probe ") + probe);
}

QTEST_GUILESS_MAIN(TestTrainingCrash)
#include "tst_trainingcrash.moc"
