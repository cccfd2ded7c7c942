// Tests of PlaneMapping: vector ↔ pixel round trips, known pixels, the fitted range, the ticks
// and hit-testing of arrow tips.

#include "planemapping.h"
#include "verifynear.h"

#include <QTest>
#include <cmath>

using namespace attention;

namespace {

constexpr double tolerance = 1e-9;

bool near(const QPointF &a, const QPointF &b, double epsilon = tolerance)
{
    return std::abs(a.x() - b.x()) <= epsilon && std::abs(a.y() - b.y()) <= epsilon;
}

} // namespace

class TestPlaneMapping : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void knownPixels();
    void oneDimensional();
    void fitRange_data();
    void fitRange();
    void ticks_data();
    void ticks();
    void nearestWithin_data();
    void nearestWithin();
};

void TestPlaneMapping::roundTrip_data()
{
    QTest::addColumn<QRectF>("rect");
    QTest::addColumn<double>("range");
    QTest::addColumn<bool>("oneDimensional");
    QTest::addColumn<QPointF>("vector");

    QTest::newRow("square, unit x") << QRectF(0, 0, 400, 400) << 1.2 << false << QPointF(1, 0);
    QTest::newRow("wide, lesson key")
        << QRectF(10, 30, 640, 300) << 1.2 << false << QPointF(0.8, 0.2);
    QTest::newRow("tall, negative")
        << QRectF(-5, 7, 120, 900) << 4.0 << false << QPointF(-3.25, -0.5);
    QTest::newRow("large range") << QRectF(0, 0, 333, 222) << 1.2e6 << false << QPointF(-1e6, 5e5);
    QTest::newRow("one-dimensional") << QRectF(0, 0, 500, 80) << 2.5 << true << QPointF(-1.5, 0);
}

void TestPlaneMapping::roundTrip()
{
    QFETCH(QRectF, rect);
    QFETCH(double, range);
    QFETCH(bool, oneDimensional);
    QFETCH(QPointF, vector);

    const PlaneMapping mapping(rect, range, oneDimensional);
    const QPointF pixel = mapping.toPixel(vector);
    QVERIFY2(near(mapping.toVector(pixel), vector, tolerance * range),
             qPrintable(QStringLiteral("(%1, %2)")
                            .arg(mapping.toVector(pixel).x())
                            .arg(mapping.toVector(pixel).y())));
    // And pixel → vector → pixel, from a pixel that is not on any tick.
    const QPointF somePixel = rect.center() + QPointF(rect.width() * 0.137, -rect.height() * 0.21);
    const QPointF back = mapping.toPixel(mapping.toVector(somePixel));
    VERIFY_NEAR(back.x(), somePixel.x(), 1e-6);
    if (!oneDimensional)
        VERIFY_NEAR(back.y(), somePixel.y(), 1e-6);
}

void TestPlaneMapping::knownPixels()
{
    // A 200 × 100 rectangle: the plot is the centred 100 × 100 square, so 1.2 units are 50 px.
    const PlaneMapping mapping(QRectF(0, 0, 200, 100), 1.2);
    QVERIFY(near(mapping.plotRect().topLeft(), QPointF(50, 0)));
    QVERIFY(near(mapping.plotRect().bottomRight(), QPointF(150, 100)));
    QCOMPARE(mapping.pixelsPerUnit(), 50.0 / 1.2);
    QVERIFY(near(mapping.originPixel(), QPointF(100, 50)));
    QVERIFY(near(mapping.toPixel({1.2, 1.2}), QPointF(150, 0))); // y grows upwards
    QVERIFY(near(mapping.toPixel({-1.2, -1.2}), QPointF(50, 100)));
    QVERIFY(near(mapping.toPixel({0.6, 0.0}), QPointF(125, 50)));
    QVERIFY(near(mapping.toVector({100, 25}), QPointF(0.0, 0.6)));
}

void TestPlaneMapping::oneDimensional()
{
    // The whole width is [−2, 2]: 75 px per unit, the axis at mid-height.
    const PlaneMapping mapping(QRectF(10, 20, 300, 50), 2.0, true);
    QVERIFY(mapping.isOneDimensional());
    QCOMPARE(mapping.pixelsPerUnit(), 75.0);
    QVERIFY(near(mapping.toPixel({1.0, 5.0}), QPointF(235, 45))); // y is ignored
    QVERIFY(near(mapping.toVector({85, 0}), QPointF(-1.0, 0.0)));
}

void TestPlaneMapping::fitRange_data()
{
    QTest::addColumn<QList<QPointF>>("points");
    QTest::addColumn<double>("expected");

    QTest::newRow("no points") << QList<QPointF>{} << 1.2;
    QTest::newRow("lesson vectors")
        << QList<QPointF>{{0.1, 0.9}, {0, 1}, {0.9, 0.1}, {1, 0}, {0.8, 0.2}} << 1.2;
    QTest::newRow("1.1 fits exactly") << QList<QPointF>{{0, 1.09}} << 1.2;
    QTest::newRow("2 → 2.2 → 2.5") << QList<QPointF>{{2, 0}, {0.5, 0.5}} << 2.5;
    QTest::newRow("−3.5 → 3.85 → 4") << QList<QPointF>{{0, -3.5}} << 4.0;
    QTest::newRow("100 → 110 → 120") << QList<QPointF>{{-100, 3}} << 120.0;
    QTest::newRow("6 → 6.6 → 8") << QList<QPointF>{{6, -6}} << 8.0;
    QTest::newRow("limit 1e6") << QList<QPointF>{{1e6, -1e6}} << 1.2e6;
}

void TestPlaneMapping::fitRange()
{
    QFETCH(QList<QPointF>, points);
    QFETCH(double, expected);
    const double range = PlaneMapping::fitRange(points);
    QVERIFY2(std::abs(range - expected) <= 1e-9 * expected, qPrintable(QString::number(range)));
    for (const QPointF &p : points) {
        QVERIFY(std::abs(p.x()) * 1.1 <= range * (1 + 1e-12));
        QVERIFY(std::abs(p.y()) * 1.1 <= range * (1 + 1e-12));
    }
}

void TestPlaneMapping::ticks_data()
{
    QTest::addColumn<double>("range");
    QTest::addColumn<int>("maxTicks");
    QTest::addColumn<QList<double>>("expected");

    QTest::newRow("1.2, 9") << 1.2 << 9 << QList<double>{-1, -0.5, 0, 0.5, 1};
    QTest::newRow("1.2, 5") << 1.2 << 5 << QList<double>{-1, 0, 1};
    QTest::newRow("2.5, 9") << 2.5 << 9 << QList<double>{-2, -1, 0, 1, 2};
    QTest::newRow("4, 9") << 4.0 << 9 << QList<double>{-4, -3, -2, -1, 0, 1, 2, 3, 4};
    QTest::newRow("120, 9") << 120.0 << 9 << QList<double>{-100, -50, 0, 50, 100};
    QTest::newRow("0.3, 7") << 0.3 << 7 << QList<double>{-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3};
}

void TestPlaneMapping::ticks()
{
    QFETCH(double, range);
    QFETCH(int, maxTicks);
    QFETCH(QList<double>, expected);
    const PlaneMapping mapping(QRectF(0, 0, 300, 300), range);
    const QList<double> ticks = mapping.ticks(maxTicks);
    QCOMPARE(ticks.size(), expected.size());
    QVERIFY(ticks.size() <= maxTicks);
    for (int i = 0; i < ticks.size(); ++i)
        QVERIFY2(std::abs(ticks.at(i) - expected.at(i)) <= 1e-9 * range,
                 qPrintable(QString::number(ticks.at(i))));
}

void TestPlaneMapping::nearestWithin_data()
{
    QTest::addColumn<QList<QPointF>>("tips");
    QTest::addColumn<QPointF>("pixel");
    QTest::addColumn<double>("radius");
    QTest::addColumn<int>("expected");

    const QList<QPointF> tips{{100, 100}, {130, 100}, {100, 160}, {100, 160}};
    QTest::newRow("on a tip") << tips << QPointF(130, 100) << 10.0 << 1;
    QTest::newRow("near a tip") << tips << QPointF(106, 96) << 10.0 << 0;
    QTest::newRow("the nearer of two in reach") << tips << QPointF(118, 100) << 20.0 << 1;
    QTest::newRow("out of reach") << tips << QPointF(115, 130) << 10.0 << -1;
    QTest::newRow("coincident: the last wins") << tips << QPointF(101, 158) << 10.0 << 3;
    QTest::newRow("no tips") << QList<QPointF>{} << QPointF(0, 0) << 10.0 << -1;
    QTest::newRow("just inside the radius") << tips << QPointF(100, 109.9) << 10.0 << 0;
}

void TestPlaneMapping::nearestWithin()
{
    QFETCH(QList<QPointF>, tips);
    QFETCH(QPointF, pixel);
    QFETCH(double, radius);
    QFETCH(int, expected);
    QCOMPARE(PlaneMapping::nearestWithin(pixel, tips, radius), expected);
}

QTEST_APPLESS_MAIN(TestPlaneMapping)
#include "tst_planemapping.moc"
