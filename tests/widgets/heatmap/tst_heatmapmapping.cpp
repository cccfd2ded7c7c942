// The heatmap's arithmetic on its own: value → colour, cell ↔ pixel, and the viridis map.

#include "colormap.h"
#include "heatmapmapping.h"
#include "verifynear.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using namespace attention;

class TestHeatmapMapping : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void labelStep_data();
    void labelStep();
    void rowLabelsGiveWayToTheSelectedOne();
    void normalized_data();
    void normalized();
    void maskedCellsAreGrey();
    void bulkColorsMatchColor_data();
    void bulkColorsMatchColor();
    void colorsFollowViridis();
    void viridisGetsBrighter();
    void textColorContrasts_data();
    void textColorContrasts();
    void finiteRangeSkipsInfinity();
    void layoutGivesSquareCells_data();
    void layoutGivesSquareCells();
    void cellAtInvertsCellRect();
    void rowAtIncludesLabels();
    void fitsInCell();
};

void TestHeatmapMapping::normalized_data()
{
    QTest::addColumn<double>("minimum");
    QTest::addColumn<double>("maximum");
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("expected");
    QTest::newRow("bottom") << 0.0 << 1.0 << 0.0 << 0.0;
    QTest::newRow("top") << 0.0 << 1.0 << 1.0 << 1.0;
    QTest::newRow("quarter") << 0.0 << 1.0 << 0.25 << 0.25;
    QTest::newRow("shifted range") << -2.0 << 6.0 << 0.0 << 0.25;
    QTest::newRow("below clamps") << 0.0 << 1.0 << -3.0 << 0.0;
    QTest::newRow("above clamps") << 0.0 << 1.0 << 7.0 << 1.0;
    QTest::newRow("empty range: middle") << 3.0 << 3.0 << 3.0 << 0.5;
}

void TestHeatmapMapping::normalized()
{
    QFETCH(double, minimum);
    QFETCH(double, maximum);
    QFETCH(double, value);
    QFETCH(double, expected);
    HeatmapMapping mapping;
    mapping.setRange(minimum, maximum);
    VERIFY_NEAR(mapping.normalized(value), expected, 1e-12);
}

void TestHeatmapMapping::maskedCellsAreGrey()
{
    HeatmapMapping mapping;
    const QRgb masked = mapping.color(-std::numeric_limits<double>::infinity());
    QCOMPARE(masked, HeatmapMapping::maskedColor);
    QCOMPARE(qRed(masked), qGreen(masked));
    QCOMPARE(qGreen(masked), qBlue(masked));
    // No finite value gets the masked colour.
    for (double x = -1; x <= 2; x += 0.05)
        QVERIFY(mapping.color(x) != masked);
}

void TestHeatmapMapping::bulkColorsMatchColor_data()
{
    QTest::addColumn<double>("minimum");
    QTest::addColumn<double>("maximum");
    QTest::newRow("0 to 1") << 0.0 << 1.0;
    QTest::newRow("scores -3 to 7") << -3.0 << 7.0;
    QTest::newRow("empty range") << 2.0 << 2.0;
}

void TestHeatmapMapping::bulkColorsMatchColor()
{
    QFETCH(double, minimum);
    QFETCH(double, maximum);
    HeatmapMapping mapping;
    mapping.setRange(minimum, maximum);
    std::vector<double> values = {-std::numeric_limits<double>::infinity(),
                                  std::numeric_limits<double>::quiet_NaN(),
                                  -100.0,
                                  100.0,
                                  minimum,
                                  maximum};
    for (int i = 0; i <= 200; ++i)
        values.push_back(-4.0 + i * 0.055);
    std::vector<QRgb> colors(values.size());
    mapping.colors(values.data(), Index(values.size()), colors.data());
    for (std::size_t i = 0; i < values.size(); ++i)
        QVERIFY2(colors[i] == mapping.color(values[i]), qPrintable(QString::number(values[i])));
}

void TestHeatmapMapping::colorsFollowViridis()
{
    HeatmapMapping mapping;
    mapping.setRange(0.0, 1.0);
    // The published ends of viridis: #440154 and #fde725.
    QCOMPARE(mapping.color(0.0) & 0xffffff, QRgb(0x440154));
    QCOMPARE(mapping.color(1.0) & 0xffffff, QRgb(0xfde725));
    QCOMPARE(mapping.color(0.5), Colormap::viridis(0.5));
    // Its middle is a blue-green: green and blue well above red.
    const QRgb middle = Colormap::viridis(0.5);
    QVERIFY(qGreen(middle) > 2 * qRed(middle));
    QVERIFY(qBlue(middle) > 2 * qRed(middle));
}

void TestHeatmapMapping::viridisGetsBrighter()
{
    // Perceptually ordered: luminance rises steadily from 0 to 1.
    const auto luminance = [](QRgb c) {
        return 0.2126 * qRed(c) + 0.7152 * qGreen(c) + 0.0722 * qBlue(c);
    };
    double previous = -1;
    for (int i = 0; i <= 20; ++i) {
        const double now = luminance(Colormap::viridis(i / 20.0));
        QVERIFY2(now > previous, qPrintable(QStringLiteral("at %1").arg(i / 20.0)));
        previous = now;
    }
}

void TestHeatmapMapping::textColorContrasts_data()
{
    QTest::addColumn<double>("t");
    QTest::addColumn<QColor>("expected");
    QTest::newRow("dark purple: white text") << 0.0 << QColor(Qt::white);
    QTest::newRow("blue: white text") << 0.3 << QColor(Qt::white);
    QTest::newRow("yellow: black text") << 1.0 << QColor(Qt::black);
    QTest::newRow("light green: black text") << 0.8 << QColor(Qt::black);
}

void TestHeatmapMapping::textColorContrasts()
{
    QFETCH(double, t);
    QFETCH(QColor, expected);
    QCOMPARE(Colormap::textColorOn(Colormap::viridis(t)), expected);
}

void TestHeatmapMapping::finiteRangeSkipsInfinity()
{
    const double inf = std::numeric_limits<double>::infinity();
    Matrix m(2, 3);
    m << 0.5, -inf, -inf, -2.0, 3.0, -inf;
    const auto [lo, hi] = HeatmapMapping::finiteRange(m);
    QCOMPARE(lo, -2.0);
    QCOMPARE(hi, 3.0);
    Matrix none = Matrix::Constant(2, 2, -inf);
    QCOMPARE(HeatmapMapping::finiteRange(none), std::make_pair(0.0, 1.0));
}

void TestHeatmapMapping::layoutGivesSquareCells_data()
{
    QTest::addColumn<QRectF>("area");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<qreal>("cell");
    HeatmapMargins margins;
    // With padding 4, labels 40 wide / 20 high, title 30, legend 60: the grid gets
    // (width − 8 − 100) × (height − 8 − 50).
    QTest::newRow("5×5, width limits") << QRectF(0, 0, 608, 800) << 5 << 5 << qreal(100);
    QTest::newRow("5×5, height limits") << QRectF(0, 0, 900, 558) << 5 << 5 << qreal(100);
    QTest::newRow("5×2, columns wider") << QRectF(0, 0, 308, 558) << 5 << 2 << qreal(100);
    QTest::newRow("256×256, whole pixels") << QRectF(0, 0, 1132, 1082) << 256 << 256 << qreal(4);
}

void TestHeatmapMapping::layoutGivesSquareCells()
{
    QFETCH(QRectF, area);
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(qreal, cell);
    HeatmapMargins margins;
    margins.padding = 4;
    margins.rowLabels = 40;
    margins.columnLabels = 20;
    margins.title = 30;
    margins.legend = 60;
    HeatmapMapping mapping;
    mapping.setLayout(area, rows, columns, margins);
    QCOMPARE(mapping.cellSize(), cell);
    QCOMPARE(mapping.gridRect().width(), cell * columns);
    QCOMPARE(mapping.gridRect().height(), cell * rows);
    // The grid stays inside the space the margins leave.
    QVERIFY(mapping.gridRect().left() >= area.left() + 4 + 40);
    QVERIFY(mapping.gridRect().top() >= area.top() + 4 + 30 + 20);
    QVERIFY(mapping.gridRect().right() <= area.right() - 4 - 60 + 0.5);
    QVERIFY(mapping.gridRect().bottom() <= area.bottom() - 4 + 0.5);
}

void TestHeatmapMapping::cellAtInvertsCellRect()
{
    HeatmapMapping mapping;
    HeatmapMargins margins;
    mapping.setLayout(QRectF(0, 0, 500, 400), 5, 7, margins);
    for (int r = 0; r < 5; ++r) {
        for (int c = 0; c < 7; ++c) {
            const QRectF rect = mapping.cellRect(r, c);
            for (const QPointF &p : {rect.center(), rect.topLeft() + QPointF(0.1, 0.1),
                                     rect.bottomRight() - QPointF(0.1, 0.1)}) {
                const auto cell = mapping.cellAt(p);
                QVERIFY(cell.has_value());
                QCOMPARE(cell->row, r);
                QCOMPARE(cell->column, c);
            }
        }
    }
    QVERIFY(!mapping.cellAt(mapping.gridRect().topLeft() - QPointF(1, 1)).has_value());
    QVERIFY(!mapping.cellAt(mapping.gridRect().bottomRight() + QPointF(1, 1)).has_value());
}

void TestHeatmapMapping::rowAtIncludesLabels()
{
    HeatmapMapping mapping;
    HeatmapMargins margins;
    margins.rowLabels = 30;
    mapping.setLayout(QRectF(0, 0, 400, 400), 4, 4, margins);
    const QRectF cell = mapping.cellRect(2, 0);
    const QPointF onLabel(cell.left() - 10, cell.center().y());
    QCOMPARE(mapping.rowAt(onLabel), std::optional<int>(2));
    QVERIFY(!mapping.cellAt(onLabel).has_value());
    QCOMPARE(mapping.rowRect(2).top(), cell.top());
    QCOMPARE(mapping.rowRect(2).left(), cell.left() - 30);
}

void TestHeatmapMapping::fitsInCell()
{
    HeatmapMapping mapping;
    mapping.setLayout(QRectF(0, 0, 58, 58), 1, 1, HeatmapMargins{0, 0, 0, 0, 4});
    QCOMPARE(mapping.cellSize(), qreal(50));
    QVERIFY(mapping.fitsInCell(QSizeF(46, 20)));
    QVERIFY(!mapping.fitsInCell(QSizeF(47, 20)));
    QVERIFY(!mapping.fitsInCell(QSizeF(10, 49)));
}

void TestHeatmapMapping::rowLabelsGiveWayToTheSelectedOne()
{
    // 200 rows labelled every 9th (a label's height is nine cells), the selected row among them
    // or between two: the selected one is labelled, and any two labels are 9 rows apart or more.
    for (const int selected : {-1, 0, 4, 9, 13, 195, 199}) {
        std::vector<int> labelled;
        for (int r = 0; r < 200; ++r)
            if (HeatmapMapping::rowLabelled(r, 9, selected))
                labelled.push_back(r);
        if (selected >= 0)
            QVERIFY(std::find(labelled.begin(), labelled.end(), selected) != labelled.end());
        for (std::size_t i = 1; i < labelled.size(); ++i)
            QVERIFY2(labelled[i] - labelled[i - 1] >= 9,
                     qPrintable(QStringLiteral("selected %1: rows %2 and %3")
                                    .arg(selected)
                                    .arg(labelled[i - 1])
                                    .arg(labelled[i])));
        // Only the rows near the selected one give way: every 9th row further away is labelled.
        for (int r = 0; r < 200; r += 9)
            if (selected < 0 || std::abs(r - selected) >= 9)
                QVERIFY(std::find(labelled.begin(), labelled.end(), r) != labelled.end());
    }
    // Rows labelled one by one: every row.
    for (int r = 0; r < 10; ++r)
        QVERIFY(HeatmapMapping::rowLabelled(r, 1, 4));
}

void TestHeatmapMapping::labelStep_data()
{
    QTest::addColumn<double>("cell");
    QTest::addColumn<double>("widest");
    QTest::addColumn<int>("step");
    // Cells of 70 px with one long key ("token 6", 80 px) among short ones: every key is shown
    // (the long one elided), not every other one.
    QTest::newRow("wide cells, one long key") << 70.0 << 80.0 << 1;
    QTest::newRow("wide cells, short keys") << 70.0 << 20.0 << 1;
    // Narrow cells: as far apart as the widest key needs, or as a label cut short (30) where
    // that labels twice as many keys.
    QTest::newRow("narrow, short keys") << 20.0 << 16.0 << 1;
    QTest::newRow("narrow, 2 cells per key") << 20.0 << 28.0 << 2;
    QTest::newRow("narrow, a long key elided to 30") << 20.0 << 90.0 << 2;
    QTest::newRow("narrow, a long key, 4 cells whole against 2") << 20.0 << 61.0 << 2;
    // A long sequence, keys t0 … t2047 (40 px): whole, not 160 / 120 = 1.33 times as often cut
    // to "t1…".
    QTest::newRow("T = 2048") << 0.25 << 40.0 << 160;
    QTest::newRow("T = 2048, 190 px") << 0.093 << 40.0 << 431;
    QTest::newRow("no cells") << 0.0 << 40.0 << 1;
}

void TestHeatmapMapping::labelStep()
{
    QFETCH(double, cell);
    QFETCH(double, widest);
    QFETCH(int, step);
    QCOMPARE(HeatmapMapping::labelStep(cell, widest, 30.0), step);
}

QTEST_GUILESS_MAIN(TestHeatmapMapping)
#include "tst_heatmapmapping.moc"
