// ControlsPanel: the logarithmic scale slider, its marks, and what the panel reports.

#include "controlspanel.h"
#include "presets.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>
#include <cmath>

using namespace attention;

class TestControlsPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scaleIsLogarithmic_data();
    void scaleIsLogarithmic();
    void marksSnap_data();
    void marksSnap();
    void positionsRoundTrip();
    void dimensionPositions_data();
    void dimensionPositions();
    void sliderStepIsOneEdit();
    void arrowKeysLandOnTheMarks();
    void pageAndEndKeysLandOnTheScaleMarks();
    void pageAndEndKeysLandOnTheDimensionMarks();
    void dragSnapsOntoTheFiveMark();
    void sliderDragIsOneInteraction();
    void spinBoxSetsExactScale();
    void switchesReport();
    void setScenarioEmitsNothing();
    void dimensionSliderRequestsPowersOfTwo();
};

void TestControlsPanel::scaleIsLogarithmic_data()
{
    QTest::addColumn<int>("position");
    QTest::addColumn<double>("expected");
    // 0.1 · 200^(p / 1000): equal steps multiply the scale by the same factor.
    QTest::newRow("left end") << 0 << 0.1;
    QTest::newRow("right end") << ControlsPanel::scaleSteps << 20.0;
    QTest::newRow("a quarter") << 250 << 0.1 * std::pow(200.0, 0.25);
    QTest::newRow("half way") << 500 << 0.1 * std::pow(200.0, 0.5);
    QTest::newRow("nine tenths") << 900 << 0.1 * std::pow(200.0, 0.9);
}

void TestControlsPanel::scaleIsLogarithmic()
{
    QFETCH(int, position);
    QFETCH(double, expected);
    // Shown rounded: two decimals below 10, one above.
    const double unit = expected >= 10 ? 0.05 : 0.005;
    QVERIFY2(std::abs(ControlsPanel::scaleAtPosition(position) - expected) <= unit + 1e-12,
             qPrintable(QString::number(ControlsPanel::scaleAtPosition(position))));
}

void TestControlsPanel::marksSnap_data()
{
    QTest::addColumn<double>("mark");
    QTest::newRow("1×") << 1.0;
    QTest::newRow("5×") << 5.0;
}

void TestControlsPanel::marksSnap()
{
    QFETCH(double, mark);
    const double exact = 1000 * std::log(mark / 0.1) / std::log(200.0);
    QCOMPARE(ControlsPanel::positionOfScale(mark), int(std::lround(exact)));
    QCOMPARE(ControlsPanel::scaleAtPosition(int(std::lround(exact))), mark);
    QCOMPARE(ControlsPanel::scaleAtPosition(int(std::floor(exact))), mark);
    QCOMPARE(ControlsPanel::scaleAtPosition(int(std::ceil(exact))), mark);
    QVERIFY(ControlsPanel::scaleAtPosition(int(std::floor(exact)) - 2) < mark);
    QVERIFY(ControlsPanel::scaleAtPosition(int(std::ceil(exact)) + 2) > mark);
}

void TestControlsPanel::positionsRoundTrip()
{
    // The slider shows the scale it produced: going to the scale's position and back gives the
    // same scale, within the rounding of the shown value (two decimals; one from 10 on).
    for (int p = 0; p <= ControlsPanel::scaleSteps; ++p) {
        const double scale = ControlsPanel::scaleAtPosition(p);
        const double back = ControlsPanel::scaleAtPosition(ControlsPanel::positionOfScale(scale));
        QVERIFY2(std::abs(back - scale) <= (scale >= 10 ? 0.1 : 0.01) + 1e-12,
                 qPrintable(
                     QStringLiteral("position %1, scale %2, back %3").arg(p).arg(scale).arg(back)));
    }
    QCOMPARE(ControlsPanel::positionOfScale(0.0), 0);
    QCOMPARE(ControlsPanel::positionOfScale(500.0), ControlsPanel::scaleSteps);
}

void TestControlsPanel::dimensionPositions_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("position");
    QTest::newRow("1") << 1 << 0;
    QTest::newRow("2") << 2 << 1;
    QTest::newRow("3 rounds to 4") << 3 << 2;
    QTest::newRow("16") << 16 << 4;
    QTest::newRow("1024") << 1024 << 10;
    QTest::newRow("4096 clamps") << 4096 << 10;
}

void TestControlsPanel::dimensionPositions()
{
    QFETCH(int, d);
    QFETCH(int, position);
    QCOMPARE(ControlsPanel::positionOfDimension(d), position);
}

void TestControlsPanel::sliderStepIsOneEdit()
{
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson")));
    QSignalSpy edited(&panel, &ControlsPanel::scaleEdited);
    QSignalSpy finished(&panel, &ControlsPanel::interactionFinished);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.scaleSlider()->setFocus();
    QTest::keyClick(panel.scaleSlider(), Qt::Key_Right);
    QCOMPARE(edited.count(), 1);
    QCOMPARE(finished.count(), 1);
    // One press, the next round scale: 1× → 1.25×.
    QCOMPARE(edited.first().at(0).toDouble(), 1.25);
    QCOMPARE(panel.scaleSpinBox()->value(), 1.25);
}

void TestControlsPanel::arrowKeysLandOnTheMarks()
{
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson")));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy edited(&panel, &ControlsPanel::scaleEdited);
    panel.scaleSlider()->setFocus();
    const QList<double> up{1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0};
    for (const double expected : up) {
        QTest::keyClick(panel.scaleSlider(), Qt::Key_Right);
        QCOMPARE(edited.last().at(0).toDouble(), expected);
    }
    QCOMPARE(panel.scaleSpinBox()->value(), 5.0); // exactly the lesson's 5×
    for (const double expected : {4.0, 3.0}) {
        QTest::keyClick(panel.scaleSlider(), Qt::Key_Left);
        QCOMPARE(edited.last().at(0).toDouble(), expected);
    }
    // From a scale typed between round ones, the next round one either way.
    panel.scaleSpinBox()->setValue(3.33);
    QTest::keyClick(panel.scaleSlider(), Qt::Key_Right);
    QCOMPARE(edited.last().at(0).toDouble(), 4.0);
    panel.scaleSpinBox()->setValue(3.33);
    QTest::keyClick(panel.scaleSlider(), Qt::Key_Left);
    QCOMPARE(edited.last().at(0).toDouble(), 3.0);
    // The ends hold.
    panel.scaleSpinBox()->setValue(20.0);
    QTest::keyClick(panel.scaleSlider(), Qt::Key_Right);
    QCOMPARE(panel.scaleSpinBox()->value(), 20.0);
}

void TestControlsPanel::pageAndEndKeysLandOnTheScaleMarks()
{
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson"))); // 1×
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy edited(&panel, &ControlsPanel::scaleEdited);
    QSignalSpy finished(&panel, &ControlsPanel::interactionFinished);
    QSlider *slider = panel.scaleSlider();
    slider->setFocus();
    const auto press = [&](Qt::Key key) {
        QTest::keyClick(slider, key);
        return panel.scaleSpinBox()->value();
    };
    // PageUp and PageDown go from mark to mark, exactly: 1× → 5× → 20× (and stays).
    QCOMPARE(press(Qt::Key_PageUp), 5.0);
    QCOMPARE(edited.last().at(0).toDouble(), 5.0);
    QCOMPARE(press(Qt::Key_PageUp), 20.0);
    QCOMPARE(press(Qt::Key_PageUp), 20.0);
    QCOMPARE(press(Qt::Key_PageDown), 5.0);
    QCOMPARE(press(Qt::Key_PageDown), 1.0);
    QCOMPARE(press(Qt::Key_PageDown), 0.1);
    QCOMPARE(press(Qt::Key_PageDown), 0.1);
    // Home and End: the first and last mark.
    QCOMPARE(press(Qt::Key_End), 20.0);
    QCOMPARE(press(Qt::Key_Home), 0.1);
    // From a typed scale between the marks, the mark either side.
    panel.scaleSpinBox()->setValue(3.33);
    QCOMPARE(press(Qt::Key_PageUp), 5.0);
    panel.scaleSpinBox()->setValue(3.33);
    QCOMPARE(press(Qt::Key_PageDown), 1.0);
    // Each press is an edit of its own.
    QCOMPARE(finished.count(), edited.count() - 2); // the two typed values are not key presses
}

void TestControlsPanel::pageAndEndKeysLandOnTheDimensionMarks()
{
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson"))); // d = 2
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy requested(&panel, &ControlsPanel::dimensionRequested);
    QSlider *slider = panel.dimensionSlider();
    slider->setFocus();
    const auto press = [&](Qt::Key key) {
        QTest::keyClick(slider, key);
        return requested.isEmpty() ? -1 : requested.last().at(0).toInt();
    };
    for (const int d : {4, 16, 64, 256, 1024})
        QCOMPARE(press(Qt::Key_PageUp), d);
    const qsizetype before = requested.count();
    press(Qt::Key_PageUp); // at the end: nothing to ask for
    QCOMPARE(requested.count(), before);
    for (const int d : {256, 64, 16, 4, 2, 1})
        QCOMPARE(press(Qt::Key_PageDown), d);
    QCOMPARE(press(Qt::Key_End), 1024);
    QCOMPARE(press(Qt::Key_Home), 1);
    // From d = 8 (an arrow step off the marks), the mark either side.
    slider->setValue(3);
    QCOMPARE(requested.last().at(0).toInt(), 8);
    QCOMPARE(press(Qt::Key_PageUp), 16);
    slider->setValue(3);
    QCOMPARE(press(Qt::Key_PageDown), 4);
}

void TestControlsPanel::dragSnapsOntoTheFiveMark()
{
    // With the mouse: press on the handle, move to a few pixels beside the 5× tick, release.
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson")));
    panel.resize(900, panel.sizeHint().height());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSlider *slider = panel.scaleSlider();
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    const QRect groove = slider->style()->subControlRect(QStyle::CC_Slider, &option,
                                                         QStyle::SC_SliderGroove, slider);
    const QRect handle = slider->style()->subControlRect(QStyle::CC_Slider, &option,
                                                         QStyle::SC_SliderHandle, slider);
    const auto pixelOf = [&](int value) {
        return groove.left() + handle.width() / 2 +
               QStyle::sliderPositionFromValue(slider->minimum(), slider->maximum(), value,
                                               groove.width() - handle.width());
    };
    const int mark = pixelOf(ControlsPanel::positionOfScale(5.0));
    for (const int offset : {-3, 2}) {
        QTest::mousePress(slider, Qt::LeftButton, {}, handle.center());
        QMouseEvent move(QEvent::MouseMove, QPointF(mark + offset, handle.center().y()),
                         slider->mapToGlobal(QPointF(mark + offset, handle.center().y())),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(slider, &move);
        QTest::mouseRelease(slider, Qt::LeftButton, {}, QPoint(mark + offset, handle.center().y()));
        QCOMPARE(panel.scaleSpinBox()->value(), 5.0);
        panel.setScenario(*preset(QStringLiteral("lesson"))); // back to 1×
        option.sliderPosition = slider->sliderPosition();
    }
    // Farther than the snap: not 5×.
    QTest::mousePress(slider, Qt::LeftButton, {}, handle.center());
    QMouseEvent far(
        QEvent::MouseMove, QPointF(mark + 3 * ControlsPanel::snapPixels, handle.center().y()),
        slider->mapToGlobal(QPointF(mark + 3 * ControlsPanel::snapPixels, handle.center().y())),
        Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(slider, &far);
    QTest::mouseRelease(slider, Qt::LeftButton, {});
    QVERIFY(panel.scaleSpinBox()->value() > 5.0);
}

void TestControlsPanel::sliderDragIsOneInteraction()
{
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson")));
    QSignalSpy edited(&panel, &ControlsPanel::scaleEdited);
    QSignalSpy finished(&panel, &ControlsPanel::interactionFinished);
    QSlider *slider = panel.scaleSlider();
    slider->setSliderDown(true);
    for (int p = 500; p <= 700; p += 50)
        slider->setSliderPosition(p);
    QCOMPARE(edited.count(), 5);
    QCOMPARE(finished.count(), 0);
    slider->setSliderDown(false);
    QCOMPARE(finished.count(), 1);
}

void TestControlsPanel::spinBoxSetsExactScale()
{
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson")));
    QSignalSpy edited(&panel, &ControlsPanel::scaleEdited);
    QSignalSpy finished(&panel, &ControlsPanel::interactionFinished);
    panel.scaleSpinBox()->setValue(3.33);
    QCOMPARE(edited.count(), 1);
    QCOMPARE(edited.first().at(0).toDouble(), 3.33);
    QCOMPARE(panel.scaleSlider()->value(), ControlsPanel::positionOfScale(3.33));
    // Further steps belong to the same scrub; leaving the box (Enter) ends it as one undo step.
    panel.scaleSpinBox()->setValue(3.5);
    QCOMPARE(edited.count(), 2);
    QCOMPARE(finished.count(), 0);
    QTest::keyClick(panel.scaleSpinBox(), Qt::Key_Return);
    QCOMPARE(finished.count(), 1);
}

void TestControlsPanel::switchesReport()
{
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson")));
    QSignalSpy causal(&panel, &ControlsPanel::causalToggled);
    QSignalSpy sqrtD(&panel, &ControlsPanel::divideBySqrtDToggled);
    panel.causalCheckBox()->click();
    panel.sqrtDCheckBox()->click();
    QCOMPARE(causal.count(), 1);
    QCOMPARE(causal.first().at(0).toBool(), true);
    QCOMPARE(sqrtD.count(), 1);
    QCOMPARE(sqrtD.first().at(0).toBool(), true);
}

void TestControlsPanel::setScenarioEmitsNothing()
{
    ControlsPanel panel;
    QSignalSpy edited(&panel, &ControlsPanel::scaleEdited);
    QSignalSpy causal(&panel, &ControlsPanel::causalToggled);
    QSignalSpy sqrtD(&panel, &ControlsPanel::divideBySqrtDToggled);
    QSignalSpy dimension(&panel, &ControlsPanel::dimensionRequested);
    Scenario s = *preset(QStringLiteral("random-head"));
    s.scoreScale = 5.0;
    panel.setScenario(s);
    QCOMPARE(edited.count() + causal.count() + sqrtD.count() + dimension.count(), 0);
    QCOMPARE(panel.scaleSpinBox()->value(), 5.0);
    QCOMPARE(panel.scaleSlider()->value(), ControlsPanel::positionOfScale(5.0));
    QVERIFY(panel.causalCheckBox()->isChecked());
    QVERIFY(panel.sqrtDCheckBox()->isChecked());
    QCOMPARE(panel.dimensionSlider()->value(), ControlsPanel::positionOfDimension(s.dimension()));
}

void TestControlsPanel::dimensionSliderRequestsPowersOfTwo()
{
    ControlsPanel panel;
    panel.setScenario(*preset(QStringLiteral("lesson")));
    QSignalSpy requested(&panel, &ControlsPanel::dimensionRequested);
    panel.dimensionSlider()->setValue(4);
    panel.dimensionSlider()->setValue(10);
    QCOMPARE(requested.count(), 2);
    QCOMPARE(requested.at(0).at(0).toInt(), 16);
    QCOMPARE(requested.at(1).at(0).toInt(), 1024);
    QVERIFY(!panel.rerollButton()->isEnabled());
    panel.setRandomMode(true, 2);
    QVERIFY(panel.rerollButton()->isEnabled());
}

QTEST_MAIN(TestControlsPanel)
#include "tst_controlspanel.moc"
