// Tests of LabelPlacer: a label goes in the first free direction, next to its point; labels at
// one point do not overlap and keep the padding; obstacles, bounds and shafts are avoided.

#include "labelplacer.h"

#include <QTest>

using namespace attention;

namespace {

const QRectF bounds(0, 0, 400, 300);
const QSizeF size(40, 16);
const QList<QPointF> rightThenUpThenLeft{{1, 0}, {0, -1}, {-1, 0}};

} // namespace

class TestPlaneLabels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstDirectionWhenFree();
    void avoidsObstacles();
    void labelsAtOnePointKeepApart();
    void staysInBounds();
    void avoidsShaftsButNotItsOwn();
    void crowdedStaysWithinReach();
    void distance_data();
    void distance();
};

void TestPlaneLabels::firstDirectionWhenFree()
{
    LabelPlacer placer(bounds);
    const QRectF box = placer.place({100, 100}, size, 5, rightThenUpThenLeft, 4, 20);
    QCOMPARE(box, QRectF(105, 92, 40, 16)); // 5 px right of the point, centred on it
    QCOMPARE(placer.obstacles().size(), 1);
}

void TestPlaneLabels::avoidsObstacles()
{
    LabelPlacer placer(bounds);
    placer.addObstacle(QRectF(104, 96, 60, 30)); // covers the right, not above
    const QRectF box = placer.place({100, 100}, size, 5, rightThenUpThenLeft, 4, 20);
    QCOMPARE(box, QRectF(80, 79, 40, 16)); // above: 5 px from the point
}

void TestPlaneLabels::labelsAtOnePointKeepApart()
{
    LabelPlacer placer(bounds, 3.0);
    QList<QRectF> boxes;
    for (int i = 0; i < 3; ++i)
        boxes.append(placer.place({200, 150}, size, 5, rightThenUpThenLeft, 4, 20));
    for (int i = 0; i < boxes.size(); ++i)
        for (int j = 0; j < i; ++j)
            QVERIFY(!boxes.at(i).adjusted(-3, -3, 3, 3).intersects(boxes.at(j)));
}

void TestPlaneLabels::staysInBounds()
{
    LabelPlacer placer(bounds);
    // Near the right edge the right and above (centred on the point) are partly outside: the
    // label goes left.
    const QRectF box = placer.place({395, 100}, size, 5, rightThenUpThenLeft, 4, 20);
    QCOMPARE(box, QRectF(350, 92, 40, 16));
}

void TestPlaneLabels::avoidsShaftsButNotItsOwn()
{
    LabelPlacer placer(bounds);
    placer.addShaft(QLineF(QPointF(0, 100), QPointF(100, 100))); // its own arrow: ignored
    placer.addShaft(QLineF(QPointF(130, 0), QPointF(130, 300))); // another, through the right
    const QRectF box = placer.place({100, 100}, size, 5, rightThenUpThenLeft, 4, 20);
    QCOMPARE(box, QRectF(80, 79, 40, 16)); // above, not across the other shaft
}

void TestPlaneLabels::crowdedStaysWithinReach()
{
    LabelPlacer placer(bounds);
    placer.addObstacle(bounds); // nothing is free
    const QPointF point(200, 150);
    const QRectF box = placer.place(point, size, 5, rightThenUpThenLeft, 4, 20);
    QVERIFY(LabelPlacer::distance(point, box) <= 20.0);
}

void TestPlaneLabels::distance_data()
{
    QTest::addColumn<QPointF>("point");
    QTest::addColumn<double>("expected");

    QTest::newRow("inside") << QPointF(15, 15) << 0.0;
    QTest::newRow("left") << QPointF(0, 15) << 10.0;
    QTest::newRow("below right, 3-4-5") << QPointF(23, 24) << 5.0;
}

void TestPlaneLabels::distance()
{
    QFETCH(QPointF, point);
    QFETCH(double, expected);
    QCOMPARE(LabelPlacer::distance(point, QRectF(10, 10, 10, 10)), expected);
}

QTEST_GUILESS_MAIN(TestPlaneLabels)
#include "tst_labelplacer.moc"
