// One step of the score-scale slider in the full window: the document recomputes through the
// core (on its worker past ScenarioDocument::synchronousTokens, waited for here), every view
// takes the new result, and the whole window repaints (QWidget::repaint paints synchronously).
// Rows: the lesson (T = 5, d = 2) and seeded random q, k with d = 64.
//
// Run by hand (not a ctest test): build/release/bin/bench_interaction
// Aim: ≤ 4 ms per step at T = 5, ≤ 16 ms at T = 256 and 1024, ≤ 40 ms at T = 2048 on the
// release build.

#include "allocator.h"
#include "compareview.h"
#include "controlspanel.h"
#include "mainwindow.h"
#include "pixmapcachesafestyle.h"
#include "presets.h"

#include <Eigen/Core>
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
};

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
    QTest::newRow("T=5") << 5 << 2;
    QTest::newRow("T=64") << 64 << 64;
    QTest::newRow("T=256") << 256 << 64;
    QTest::newRow("T=1024") << 1024 << 64;
    QTest::newRow("T=2048") << 2048 << 64;
}

void BenchInteraction::scaleStep()
{
    QFETCH(int, tokens);
    QFETCH(int, dimension);
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
}

QTEST_MAIN(BenchInteraction)
#include "bench_interaction.moc"
