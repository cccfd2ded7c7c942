// The views that show a derived result: the compare view's second pass (app/model's comparison),
// computed only while the view is shown, and the output view, which does not draw one-hot values
// and their output (the weights again) past OutputView::maxOneHotTokens.

#include "compareview.h"
#include "comparison.h"
#include "heatmapwidget.h"
#include "matrixmodel.h"
#include "numberformat.h"
#include "outputview.h"
#include "presets.h"
#include "weightschart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>
#include <cmath>

using namespace attention;

namespace {

Scenario randomOf(int T, Index d)
{
    QStringList names;
    for (int i = 0; i < T; ++i)
        names.append(QStringLiteral("t%1").arg(i + 1));
    Scenario s = randomScenario(names, d, 3);
    s.scoreScale = 2.0;
    s.causal = true;
    return s;
}

/// The weights of `s` with `flip` applied, by hand from q·k: an independent reference.
Matrix flippedWeightsByHand(const Scenario &s, Flip flip)
{
    const bool causal = flip == Flip::Causal ? !s.causal : s.causal;
    const bool divide = flip == Flip::SqrtD ? !s.divideBySqrtD : s.divideBySqrtD;
    const double scale = (flip == Flip::UnitScale ? 1.0 : s.scoreScale) /
                         (divide ? std::sqrt(double(s.dimension())) : 1.0);
    const Index T = s.tokenCount();
    Matrix w = Matrix::Zero(T, T);
    for (Index i = 0; i < T; ++i) {
        const Index seen = causal ? i + 1 : T;
        double largest = -HUGE_VAL;
        for (Index j = 0; j < seen; ++j)
            largest = std::max(largest, scale * s.queries.row(i).dot(s.keys.row(j)));
        double sum = 0;
        for (Index j = 0; j < seen; ++j)
            sum += w(i, j) = std::exp(scale * s.queries.row(i).dot(s.keys.row(j)) - largest);
        w.row(i) /= sum;
    }
    return w;
}

} // namespace

class TestResultViews : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void compareResultIsTheFlippedWeights_data();
    void compareResultIsTheFlippedWeights();
    void compareViewComputesOnlyWhileShown();
    void oneHotOutputIsNotDrawnTwiceAtLargeT();
    void chartValuesAreReadable();
    void chartValuesReadAsTheTable();
    void manyKeysShareABar();
};

void TestResultViews::compareResultIsTheFlippedWeights_data()
{
    QTest::addColumn<int>("flip");
    QTest::newRow("causal") << int(Flip::Causal);
    QTest::newRow("√d") << int(Flip::SqrtD);
    QTest::newRow("unit scale") << int(Flip::UnitScale);
}

void TestResultViews::compareResultIsTheFlippedWeights()
{
    QFETCH(int, flip);
    const Scenario s = randomOf(40, 8);
    const ScenarioResult result = compareResult(s, static_cast<Flip>(flip));
    // One table of its own, the weights; the scores are the flipped pass's, read from the
    // products: their softmax is the flipped weights by hand.
    QVERIFY(!result.output.has_value());
    const Matrix expected = flippedWeightsByHand(s, static_cast<Flip>(flip));
    Matrix softmaxOfScores = result.scores().toMatrix();
    softmaxRows(softmaxOfScores);
    QVERIFY(maxAbsDifference(softmaxOfScores, expected) < 1e-12);
    QCOMPARE(result.weights.rows(), expected.rows());
    QVERIFY(maxAbsDifference(result.weights, expected) < 1e-12);
    // And flipped() turns the same switch of the scenario.
    QVERIFY(maxAbsDifference(flipped(s, static_cast<Flip>(flip)).compute().weights, expected) <
            1e-12);
}

void TestResultViews::compareViewComputesOnlyWhileShown()
{
    CompareView view;
    view.resize(500, 400);
    const Scenario s = randomOf(30, 4);
    view.setScenario(s); // hidden: kept, not computed
    QVERIFY(!view.isUpToDate());
    QCOMPARE(view.heatmap()->model()->rowCount(), 0);

    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.isUpToDate());
    QVERIFY(maxAbsDifference(view.heatmap()->model()->table().toMatrix(),
                             flippedWeightsByHand(s, Flip::Causal)) < 1e-12);

    // A new flip while shown: at once.
    view.setFlip(Flip::UnitScale);
    QVERIFY(view.isUpToDate());
    QVERIFY(maxAbsDifference(view.heatmap()->model()->table().toMatrix(),
                             flippedWeightsByHand(s, Flip::UnitScale)) < 1e-12);

    // Hidden again: a change waits for the next show.
    view.hide();
    Scenario other = s;
    other.scoreScale = 0.5;
    view.setScenario(other);
    QVERIFY(!view.isUpToDate());
    QVERIFY(maxAbsDifference(view.heatmap()->model()->table().toMatrix(),
                             flippedWeightsByHand(s, Flip::UnitScale)) < 1e-12);
    view.show();
    QVERIFY(view.isUpToDate());
    QVERIFY(maxAbsDifference(view.heatmap()->model()->table().toMatrix(),
                             flippedWeightsByHand(other, Flip::UnitScale)) < 1e-12);
    // Its tooltips explain a cell from q and k, with the flipped pass's scores.
    QVERIFY(view.heatmap()->cellExplanation(3, 1).contains(QStringLiteral("q(t4)·k(t2)")));
}

void TestResultViews::oneHotOutputIsNotDrawnTwiceAtLargeT()
{
    OutputView view;
    view.resize(600, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (const int T : {OutputView::maxOneHotTokens, OutputView::maxOneHotTokens + 1}) {
        const auto s = std::make_shared<const Scenario>(randomOf(T, 4));
        const auto r = std::make_shared<const ScenarioResult>(s->compute());
        view.setScenario(s, r);
        const bool large = T > OutputView::maxOneHotTokens;
        QCOMPARE(view.isNoteShown(), large);
        QCOMPARE(view.valuesHeatmap()->isVisible(), !large);
        QCOMPARE(view.outputHeatmap()->isVisible(), !large);
        if (!large) // the output is the weights themselves, shared, not multiplied
            QCOMPARE(view.outputHeatmap()->model()->table().source().get(), &r->weights);
    }
    // Values that are not one-hot are drawn at any T.
    Scenario explicitValues = randomOf(OutputView::maxOneHotTokens + 30, 4);
    explicitValues.values = Matrix::Constant(explicitValues.tokenCount(), 3, 0.5);
    const auto s = std::make_shared<const Scenario>(explicitValues);
    const auto r = std::make_shared<const ScenarioResult>(s->compute());
    view.setScenario(s, r);
    QVERIFY(!view.isNoteShown());
    QVERIFY(view.outputHeatmap()->isVisible());
    QVERIFY(maxAbsDifference(view.outputHeatmap()->model()->table().toMatrix(),
                             r->weights * *s->values) < 1e-12);
}

void TestResultViews::chartValuesAreReadable()
{
    WeightsChart chart;
    chart.resize(400, 300);
    const Scenario lesson = *preset(QStringLiteral("lesson"));
    chart.setScenario(lesson, std::make_shared<const ScenarioResult>(lesson.compute()));
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    // Each bar's value, written as the tables beside the chart write weights (two decimals:
    // Qt Charts' own labels wrote significant digits, "0.3" and "0.0056" beside "0.30", "0.01").
    const ScenarioResult result = lesson.compute();
    QStringList expected;
    for (Index k = 0; k < result.weights.cols(); ++k)
        expected.append(NumberFormat::weight(result.weights(chart.selectedToken(), k)));
    QCOMPARE(chart.valueLabels(), expected);
    for (const QString &text : chart.valueLabels())
        QVERIFY2(QRegularExpression(QStringLiteral("^[01]\\.\\d\\d$")).match(text).hasMatch(),
                 qPrintable(text));
    const auto labels = chart.chart()->childItems();
    // Outside the bars the labels stand on the chart's background: they must differ from it
    // clearly (the theme's white labels on a white chart could not be read).
    QColor label;
    for (const QGraphicsItem *item : labels)
        if (const auto *text = dynamic_cast<const QGraphicsSimpleTextItem *>(item))
            label = text->brush().color();
    QVERIFY(label.isValid());
    const QColor background = chart.grab().toImage().pixelColor(chart.width() / 2, 4);
    QVERIFY2(std::abs(label.lightnessF() - background.lightnessF()) > 0.5,
             qPrintable(label.name() + QLatin1Char(' ') + background.name()));
}

void TestResultViews::chartValuesReadAsTheTable()
{
    // Scores 0 and ln(7/3): weights 0.3 and 0.7, which Qt Charts' own labels wrote "0.3" and
    // "0.7" beside the table's "0.30" and "0.70".
    Scenario s;
    s.tokens = {QStringLiteral("a"), QStringLiteral("b")};
    s.queries = Matrix::Ones(2, 1);
    s.keys = Matrix(2, 1);
    s.keys << 0.0, std::log(7.0 / 3.0);
    s.divideBySqrtD = false;
    QVERIFY(!s.validate());
    WeightsChart chart;
    chart.resize(400, 300);
    chart.setScenario(s, std::make_shared<const ScenarioResult>(s.compute()));
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCOMPARE(chart.valueLabels(), QStringList({QStringLiteral("0.30"), QStringLiteral("0.70")}));
}

void TestResultViews::manyKeysShareABar()
{
    // 300 keys: at most 128 bars, so 3 keys a bar (100 bars), each the largest of its three.
    QStringList names;
    for (int i = 0; i < 300; ++i)
        names.append(QStringLiteral("t%1").arg(i + 1));
    Scenario scenario = randomScenario(names, 4, 7);
    scenario.scoreScale = 3.0; // sharp rows: a group's largest differs from its first
    const auto result = std::make_shared<const ScenarioResult>(scenario.compute());
    WeightsChart chart;
    chart.setScenario(scenario, result);
    chart.setSelectedToken(42);
    QCOMPARE(chart.barSet()->count(), 100);
    QCOMPARE(chart.keyAxis()->count(), 100);
    QCOMPARE(chart.keyAxis()->categories().constFirst(), QStringLiteral("1–3"));
    QCOMPARE(chart.keyAxis()->categories().constLast(), QStringLiteral("298–300"));
    for (int b = 0; b < 100; ++b) {
        const double largest = std::max({result->weights(42, 3 * b), result->weights(42, 3 * b + 1),
                                         result->weights(42, 3 * b + 2)});
        QCOMPARE(chart.barSet()->at(b), largest);
    }
    // 128 keys keep a bar each; 129 take two a bar.
    QCOMPARE(WeightsChart::keysPerBar(128), 1);
    QCOMPARE(WeightsChart::keysPerBar(129), 2);
    QCOMPARE(WeightsChart::keysPerBar(4096), 32);
}

QTEST_MAIN(TestResultViews)
#include "tst_resultviews.moc"
