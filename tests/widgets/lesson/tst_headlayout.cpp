// HeadLayout: the cell-size arithmetic of HeadPage's two rows of heatmaps, without widgets.

#include "headlayout.h"

#include <QTest>
#include <numeric>

using namespace attention;
using Item = HeadLayout::Item;

namespace {

constexpr qreal overhead = 20;
constexpr qreal heightOverhead = 30;
constexpr qreal spacing = 4;

Item item(int rows, int columns, bool isWeights = false)
{
    return {columns, rows, overhead, heightOverhead, isWeights};
}

/// The lesson's head at T, d_model, d_head: X and the Ws above, q, k, v, weights, output below.
HeadLayout lessonHead(int T, int dModel, int dHead, qreal width, qreal height, qreal numberCell)
{
    HeadLayout layout;
    layout.rows[0].items = {item(T, dModel), item(dModel, dHead), item(dModel, dHead),
                            item(dModel, dHead)};
    layout.rows[1].items = {item(T, dHead), item(T, dHead), item(T, dHead), item(T, T, true),
                            item(T, dHead)};
    layout.rows[0].spacing = spacing;
    layout.rows[1].spacing = spacing;
    layout.width = width;
    layout.height = height;
    layout.numberCell = numberCell;
    layout.weightColumns = T;
    return layout;
}

int sum(const std::vector<int> &values)
{
    return std::accumulate(values.begin(), values.end(), 0);
}

} // namespace

class TestHeadLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneCellWhenTheNumbersNeedNoMore()
    {
        // T 5, d_model 16, d_head 8 in 1000 × 800: the width limits the cell, (1000 − 92) / 40.
        const HeadLayout layout = lessonHead(5, 16, 8, 1000, 800, 10);
        const HeadLayout::Result result = layout.balance();
        QCOMPARE(result.cell, (1000.0 - 4 * overhead - 3 * spacing) / 40);
        QCOMPARE(result.bottomCell, result.cell);
        QCOMPARE(result.weightCell, result.cell);
        QCOMPARE(result.widths[0], (std::vector<int>{383, 201, 201, 201}));
        QCOMPARE(result.heights[0], int(16 * result.cell + heightOverhead));
        QCOMPARE(result.heights[1], int(5 * result.cell + heightOverhead));
    }

    void heightLimitsTheCell()
    {
        // Wide and low: (300 − 2 × 30) / (16 + 5) rows.
        const HeadLayout::Result result = lessonHead(5, 16, 8, 4000, 300, 10).balance();
        QCOMPARE(result.cell, (300.0 - 2 * heightOverhead) / 21);
    }

    void weightsGetRoomForTheirNumbers()
    {
        // Cells of 22.7 are too small for numbers of 40 px; the bottom row's 32 other columns
        // share what the weights leave: (1000 − 116 − 5 × 40) / 32 = 21.375.
        const HeadLayout::Result result = lessonHead(5, 16, 8, 1000, 800, 40).balance();
        QCOMPARE(result.cell, 22.7);
        QCOMPARE(result.weightCell, 40.0);
        QCOMPARE(result.bottomCell, 21.375);
        QCOMPARE(result.widths[1], (std::vector<int>{191, 191, 191, 220, 191}));
        QCOMPARE(result.heights[1], 230); // the weights, 5 × 40, are the tallest
        QVERIFY(sum(result.widths[1]) + 4 * spacing <= 1000);
    }

    void weightsStayWhenTheOthersWouldShrinkTooMuch()
    {
        // Numbers of 80 px leave (1000 − 116 − 400) / 32 = 15.1 < 0.75 × 22.7 for the others.
        const HeadLayout::Result result = lessonHead(5, 16, 8, 1000, 800, 80).balance();
        QCOMPARE(result.weightCell, result.cell);
        QCOMPARE(result.bottomCell, result.cell);
    }

    void weightsStayWhenTheyWouldNotFitTheHeight()
    {
        // Room in width, but 16 rows above and weights of 5 × 40 below need more than 500.
        const HeadLayout::Result result = lessonHead(5, 16, 8, 1000, 500, 40).balance();
        QVERIFY(result.cell < 40);
        QCOMPARE(result.weightCell, result.cell);
    }

    void rowsFitTheirWidth_data()
    {
        QTest::addColumn<int>("T");
        QTest::addColumn<int>("dModel");
        QTest::addColumn<int>("dHead");
        QTest::newRow("lesson") << 5 << 16 << 8;
        QTest::newRow("long") << 32 << 4 << 4;
        QTest::newRow("wide") << 3 << 64 << 64;
        QTest::newRow("one") << 1 << 1 << 1;
    }

    void rowsFitTheirWidth()
    {
        QFETCH(int, T);
        QFETCH(int, dModel);
        QFETCH(int, dHead);
        const HeadLayout::Result result = lessonHead(T, dModel, dHead, 1200, 700, 30).balance();
        for (const std::vector<int> &widths : result.widths)
            QVERIFY(sum(widths) + (int(widths.size()) - 1) * spacing <= 1200);
        QVERIFY(result.heights[0] + result.heights[1] <= 700);
    }

    void tinyRoomKeepsEverythingPositive()
    {
        const HeadLayout::Result result = lessonHead(32, 64, 64, 10, 10, 30).balance();
        QCOMPARE(result.cell, 1.0);
        for (const std::vector<int> &widths : result.widths)
            for (int width : widths)
                QVERIFY(width >= 1);
        QVERIFY(result.heights[0] >= 1 && result.heights[1] >= 1);
    }

    void emptyRowsDoNotDivideByZero()
    {
        HeadLayout layout;
        layout.width = 100;
        layout.height = 100;
        const HeadLayout::Result result = layout.balance();
        QCOMPARE(result.cell, 100.0);
        QCOMPARE(result.heights[0], 1);
        QCOMPARE(result.heights[1], 1);
    }
};

QTEST_GUILESS_MAIN(TestHeadLayout)
#include "tst_headlayout.moc"
