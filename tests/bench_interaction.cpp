// One step of the score-scale slider in the full window: the document recomputes through the
// core (on its worker past ScenarioDocument::synchronousTokens, waited for here), every view
// takes the new result, and the whole window repaints (QWidget::repaint paints synchronously).
// Rows: the lesson (T = 5, d = 2) and seeded random q, k with d = 64.
//
// The rows "… training" take the same step while lesson step 7's training session runs on its
// worker (one thread; the GUI thread takes its deliveries). trainingSpeed compares the session's
// steps/s with `attention-cli train` on the same settings, run one after the other.
//
// Run by hand (not a ctest test): build/release/bin/bench_interaction. The aims per row are in
// tests/bench/aims.tsv; tests/bench/perf_gate.py (scripts/test.sh's perf phase) checks them.

#include "allocator.h"
#include "compareview.h"
#include "controlspanel.h"
#include "mainwindow.h"
#include "pixmapcachesafestyle.h"
#include "presets.h"
#include "trainingsession.h"

#include <Eigen/Core>
#include <QElapsedTimer>
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

void BenchInteraction::trainingSpeed()
{
    constexpr int steps = 300;
    const TrainingSetup setup = benchSetup(steps);
    QProcess cli;
    cli.start(QStringLiteral(ATTENTION_CLI),
              {QStringLiteral("train"), QStringLiteral("--steps"), QString::number(steps),
               QStringLiteral("--layers"), QString::number(setup.config.layers),
               QStringLiteral("--threads"), QString::number(setup.settings.threads),
               QStringLiteral("--eval-every"), QString::number(setup.evalEvery),
               QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY(cli.waitForFinished(600000));
    QCOMPARE(cli.exitCode(), 0);
    const QList<QByteArray> lines = cli.readAllStandardOutput().trimmed().split('\n');
    const double cliRate = QJsonDocument::fromJson(lines.last())
                               .object()
                               .value(QStringLiteral("steps_per_second"))
                               .toDouble();

    TrainingSession session;
    QVERIFY(!session.setUp(setup));
    QElapsedTimer timer;
    timer.start();
    session.train();
    QVERIFY(session.waitUntilIdle(600000));
    const double wall = double(timer.nsecsElapsed()) * 1e-9;
    // The session's rate leaves the validations out, as the console's does; the wall-clock rate
    // counts everything the app does besides (snapshots, deliveries).
    qInfo("training, %d steps: attention-cli %.1f steps/s, app %.1f steps/s (%.1f with "
          "everything, %.2f s); app / console %.3f",
          steps, cliRate, session.stepsPerSecond(), steps / wall, wall,
          session.stepsPerSecond() / cliRate);
    QCOMPARE(session.stepsDone(), steps);
}

QTEST_MAIN(BenchInteraction)
#include "bench_interaction.moc"
