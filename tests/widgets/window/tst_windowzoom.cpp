// Tests of WindowZoom: the steps from 80 % to 300 %, the nearest one taken, the window's font
// scaled from the application's, the actions stepping through them and disabled at the ends.

#include "verifynear.h"
#include "windowzoom.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

using namespace attention;

class TestWindowZoom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nearestStepIsTaken_data();
    void nearestStepIsTaken();
    void fontFollowsTheZoom();
    void actionsStepAndStopAtTheEnds();
};

void TestWindowZoom::nearestStepIsTaken_data()
{
    QTest::addColumn<double>("asked");
    QTest::addColumn<double>("step");

    QTest::newRow("normal") << 1.0 << 1.0;
    QTest::newRow("between 1.15 and 1.3, nearer 1.15") << 1.2 << 1.15;
    QTest::newRow("between 1.75 and 2, nearer 2") << 1.9 << 2.0;
    QTest::newRow("below the smallest") << 0.1 << 0.8;
    QTest::newRow("above the largest") << 10.0 << 3.0;
}

void TestWindowZoom::nearestStepIsTaken()
{
    QFETCH(double, asked);
    QFETCH(double, step);
    QMainWindow window;
    WindowZoom zoom(&window);
    zoom.setZoom(asked);
    QCOMPARE(zoom.zoom(), step);
}

void TestWindowZoom::fontFollowsTheZoom()
{
    const QFont base = QApplication::font();
    QMainWindow window;
    WindowZoom zoom(&window);
    QSignalSpy changed(&zoom, &WindowZoom::changed);
    zoom.setZoom(1.5);
    QCOMPARE(changed.count(), 1);
    if (base.pointSizeF() > 0)
        VERIFY_NEAR(window.font().pointSizeF(), base.pointSizeF() * 1.5, 1e-9);
    else
        QCOMPARE(window.font().pixelSize(), qRound(base.pixelSize() * 1.5));
    zoom.setZoom(1.0);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(window.font(), base);
}

void TestWindowZoom::actionsStepAndStopAtTheEnds()
{
    QMainWindow window;
    WindowZoom zoom(&window);
    zoom.retranslateUi();
    QVERIFY(!zoom.zoomInAction()->text().isEmpty());
    zoom.zoomInAction()->trigger();
    QCOMPARE(zoom.zoom(), 1.15);
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Zoom 115%"));
    zoom.resetAction()->trigger();
    QCOMPARE(zoom.zoom(), 1.0);

    zoom.setZoom(3.0);
    QVERIFY(!zoom.zoomInAction()->isEnabled());
    QVERIFY(zoom.zoomOutAction()->isEnabled());
    zoom.zoomOutAction()->trigger();
    QCOMPARE(zoom.zoom(), 2.5);
    QVERIFY(zoom.zoomInAction()->isEnabled());

    zoom.setZoom(0.8);
    QVERIFY(!zoom.zoomOutAction()->isEnabled());
    QVERIFY(zoom.zoomInAction()->isEnabled());
    zoom.zoomOutAction()->trigger(); // already the smallest: stays
    QCOMPARE(zoom.zoom(), 0.8);
}

QTEST_MAIN(TestWindowZoom)
#include "tst_windowzoom.moc"
