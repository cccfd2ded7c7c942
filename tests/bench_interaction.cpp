// One step of the score-scale slider in the full window: the document recomputes through the
// core (on its worker past ScenarioDocument::synchronousTokens, waited for here), every view
// takes the new result, and the whole window repaints (QWidget::repaint paints synchronously).
// Rows: the lesson (T = 5, d = 2) and seeded random q, k with d = 64.
//
// The rows "… training" take the same step while lesson step 7's training session runs on its
// worker (one thread; the GUI thread takes its deliveries). trainingSpeed compares the session's
// steps/s with `attention-cli train` on the same settings, run one after the other;
// trainingSpeedTang the same for 全唐诗's default run (about two minutes, not in the perf gate).
//
// Run by hand (not a ctest test): build/release/bin/bench_interaction. The aims per row are in
// tests/bench/aims.tsv; tests/bench/perf_gate.py (scripts/test.sh's perf phase) checks them.

#include "allocator.h"
#include "compareview.h"
#include "controlspanel.h"
#include "datafiles.h"
#include "mainwindow.h"
#include "pixmapcachesafestyle.h"
#include "presets.h"
#include "trainingsession.h"

#include <Eigen/Core>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

using namespace attention;

class BenchInteraction : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void scaleStep_data();
    void scaleStep();
    void trainingSpeed();
    void trainingSpeedTang();
};

namespace {

/// The training both trainingSpeed and the "training" rows run: step 7's default model on
/// 唐诗三百首, one thread.
TrainingSetup benchSetup(int steps)
{
    TrainingSetup setup;
    setup.config.layers = 2;
    setup.settings.steps = steps;
    setup.settings.threads = 1;
    setup.evalEvery = 200;
    return setup;
}

} // namespace

void BenchInteraction::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    Eigen::setNbThreads(1); // as attention-lab's main() does
    keepLargeTablesInTheHeap();
    PixmapCacheSafeStyle::install();
}

void BenchInteraction::scaleStep_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("dimension");
    QTest::addColumn<bool>("training");
    QTest::newRow("T=5") << 5 << 2 << false;
    QTest::newRow("T=64") << 64 << 64 << false;
    QTest::newRow("T=256") << 256 << 64 << false;
    QTest::newRow("T=1024") << 1024 << 64 << false;
    QTest::newRow("T=2048") << 2048 << 64 << false;
    QTest::newRow("T=5, training") << 5 << 2 << true;
    QTest::newRow("T=256, training") << 256 << 64 << true;
}

void BenchInteraction::scaleStep()
{
    QFETCH(int, tokens);
    QFETCH(int, dimension);
    QFETCH(bool, training);
    TrainingSession session;
    if (training) {
        QVERIFY(!session.setUp(benchSetup(1'000'000)));
        session.train();
    }
    MainWindow window(MainWindow::Settings::Ignore);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Scenario scenario = *preset(QStringLiteral("lesson"));
    if (tokens != scenario.tokenCount()) {
        QStringList names;
        for (int i = 0; i < tokens; ++i)
            names.append(QStringLiteral("t%1").arg(i + 1));
        scenario = randomScenario(names, dimension, 1);
    }
    QVERIFY(window.document()->reset(scenario));
    window.document()->waitForResult();
    QCoreApplication::processEvents();
    window.repaint();

    // A drag: the slider is held down, so the steps merge into one undo command.
    QSlider *slider = window.controls()->scaleSlider();
    const int from = ControlsPanel::positionOfScale(1.0);
    const int to = ControlsPanel::positionOfScale(5.0);
    slider->setSliderDown(true);
    int step = 0;
    QBENCHMARK
    {
        slider->setSliderPosition(step++ % 2 == 0 ? to : from);
        window.document()->waitForResult();
        while (!window.compareView()->isUpToDate())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        window.repaint();
    }
    slider->setSliderDown(false);
    QVERIFY(window.document()->scenario().scoreScale == 1.0 ||
            window.document()->scenario().scoreScale == 5.0);
    window.document()->markSaved();
    if (training) {
        QVERIFY(session.isRunning()); // it trained all along
        session.pauseAndWait();
    }
}

namespace {

/// Runs `attention-cli train` with `arguments` and then a TrainingSession with `setup` (the same
/// run as step 7 trains it), one after the other, and prints both rates and best losses; returns
/// the session's steps/s over the console's.
double compareWithConsole(const TrainingSetup &setup, const QStringList &arguments)
{
    QProcess cli;
    cli.start(QStringLiteral(ATTENTION_CLI),
              QStringList{QStringLiteral("train")} + arguments +
                  QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    QElapsedTimer cliTimer;
    cliTimer.start();
    if (!cli.waitForFinished(900000) || cli.exitCode() != 0)
        qFatal("attention-cli train failed: %s", cli.readAllStandardError().constData());
    const double cliWall = double(cliTimer.nsecsElapsed()) * 1e-9;
    const QList<QByteArray> lines = cli.readAllStandardOutput().trimmed().split('\n');
    const QJsonObject summary = QJsonDocument::fromJson(lines.last()).object();
    const double cliRate = summary.value(QStringLiteral("steps_per_second")).toDouble();

    TrainingSession session;
    if (session.setUp(setup))
        qFatal("the session cannot set up the run");
    QElapsedTimer timer;
    timer.start();
    session.train();
    if (!session.waitUntilIdle(900000))
        qFatal("the session did not finish");
    const double wall = double(timer.nsecsElapsed()) * 1e-9;
    // The rates leave the validations out on both sides; the wall-clock times count everything
    // (the console's: starting the process and reading the corpus too; the app's: snapshots and
    // deliveries besides).
    qInfo("training, %d steps: attention-cli %.1f steps/s (%.2f s in all, best validation %.4f), "
          "app %.1f steps/s (%.2f s in all, best validation %.4f); app / console %.3f, wall "
          "%.3f",
          session.stepsDone(), cliRate, cliWall,
          summary.value(QStringLiteral("best_val_loss")).toDouble(), session.stepsPerSecond(), wall,
          session.bestLoss(), session.stepsPerSecond() / cliRate, cliWall / wall);
    return session.stepsPerSecond() / cliRate;
}

} // namespace

void BenchInteraction::trainingSpeed()
{
    constexpr int steps = 300;
    const TrainingSetup setup = benchSetup(steps);
    compareWithConsole(setup, {QStringLiteral("--steps"), QString::number(steps),
                               QStringLiteral("--layers"), QString::number(setup.config.layers),
                               QStringLiteral("--threads"), QString::number(setup.settings.threads),
                               QStringLiteral("--eval-every"), QString::number(setup.evalEvery)});
}

void BenchInteraction::trainingSpeedTang()
{
    // 全唐诗's default run (issue 21: the app's within 10 % of the console's): `train --corpus
    // tang` with no other option against step 7's defaults for that corpus.
    if (!QFileInfo::exists(QDir(corpusDirectory()).filePath(QStringLiteral("tang.txt"))))
        QSKIP("the corpus tang is not built (scripts/deps.sh fetches chinese-poetry)");
    compareWithConsole(defaultSetup(QStringLiteral("tang")),
                       {QStringLiteral("--corpus"), QStringLiteral("tang")});
}

QTEST_MAIN(BenchInteraction)
#include "bench_interaction.moc"
