// Tests of core/cellexplanation: the numbers behind one weight, against a hand computation of the
// lesson's 光 row and against every cell of a document's scores and weights.

#include "cellexplanation.h"
#include "presets.h"
#include "scenariodocument.h"
#include "verifynear.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace attention;

namespace {

/// The explanation of cell (row, column) of what `document` shows.
CellExplanation explain(const ScenarioDocument &document, Index row, Index column)
{
    const Scenario &s = document.scenario();
    return explainCell(s.queries.row(row), s.keys.row(column), document.result().scores().row(row),
                       column, s.scoreOptions());
}

} // namespace

class TestCellExplanation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lessonCellByHand();
    void scaleDividedBySqrtD();
    void maskedCell();
    void largeScoresHaveNoUnshiftedSum();
    void agreesWithTheDocument_data();
    void agreesWithTheDocument();
};

void TestCellExplanation::lessonCellByHand()
{
    // 光 (query [1, 0]) against 月 (key [1, 0]): the lesson's row of scores is
    // 0.1, 0, 0.9, 1, 0.8 (床, 前, 明, 月, 光) and the largest is 月's.
    ScenarioDocument document;
    QVERIFY(document.reset(*preset(QStringLiteral("lesson"))));
    const CellExplanation cell = explain(document, 4, 3);
    QCOMPARE(cell.dotTerms.size(), std::size_t(2));
    QCOMPARE(cell.dotTerms[0], 1.0);
    QCOMPARE(cell.dotTerms[1], 0.0);
    QCOMPARE(cell.dot, 1.0);
    QCOMPARE(cell.scale, 1.0);
    QCOMPARE(cell.score, 1.0);
    QVERIFY(!cell.masked);
    QCOMPARE(cell.rowMax, 1.0);
    QCOMPARE(cell.shiftedExp, 1.0);
    const double shiftedSum =
        std::exp(-0.9) + std::exp(-1.0) + std::exp(-0.1) + 1.0 + std::exp(-0.2);
    VERIFY_NEAR(cell.shiftedSum, shiftedSum, 1e-15);
    VERIFY_NEAR(cell.weight, 1.0 / shiftedSum, 1e-15);
    const double expSum = std::exp(0.1) + 1.0 + std::exp(0.9) + std::exp(1.0) + std::exp(0.8);
    QVERIFY(cell.exp);
    VERIFY_NEAR(*cell.exp, std::exp(1.0), 1e-15);
    QVERIFY(cell.expSum);
    VERIFY_NEAR(*cell.expSum, expSum, 1e-14);
    VERIFY_NEAR(cell.weight, std::exp(1.0) / expSum, 1e-15); // the lesson's 0.31
}

void TestCellExplanation::scaleDividedBySqrtD()
{
    ScenarioDocument document;
    Scenario s = *preset(QStringLiteral("lesson"));
    s.scoreScale = 2.0;
    s.divideBySqrtD = true;
    QVERIFY(document.reset(s));
    // 明 (query [1, 0]) against 床 (key [0.1, 0.9]): dot 0.1, scale 2/√2 = √2.
    const CellExplanation cell = explain(document, 2, 0);
    VERIFY_NEAR(cell.dot, 0.1, 1e-15);
    VERIFY_NEAR(cell.scale, std::sqrt(2.0), 1e-15);
    VERIFY_NEAR(cell.score, 0.1 * std::sqrt(2.0), 1e-15);
    VERIFY_NEAR(cell.rowMax, std::sqrt(2.0), 1e-15); // 月: dot 1
}

void TestCellExplanation::maskedCell()
{
    ScenarioDocument document;
    Scenario s = *preset(QStringLiteral("lesson"));
    s.causal = true;
    QVERIFY(document.reset(s));
    const CellExplanation cell = explain(document, 1, 3); // 前 cannot see 月
    QVERIFY(cell.masked);
    QCOMPARE(cell.score, -std::numeric_limits<double>::infinity());
    QCOMPARE(cell.shiftedExp, 0.0);
    QCOMPARE(cell.weight, 0.0);
    QVERIFY(cell.exp && *cell.exp == 0.0);
    // The visible scores of 前's row: 床 0.9 and 前 1.
    VERIFY_NEAR(cell.shiftedSum, std::exp(-0.1) + 1.0, 1e-15);
}

void TestCellExplanation::largeScoresHaveNoUnshiftedSum()
{
    ScenarioDocument document;
    Scenario s = *preset(QStringLiteral("lesson"));
    s.queries *= 1000.0; // 光's largest score is 1000: e^1000 overflows
    QVERIFY(document.reset(s));
    const CellExplanation cell = explain(document, 4, 3);
    QVERIFY(!cell.exp);
    QVERIFY(!cell.expSum);
    QCOMPARE(cell.rowMax, 1000.0);
    QCOMPARE(cell.shiftedExp, 1.0);
    QVERIFY(std::isfinite(cell.weight) && cell.weight > 0.99);
}

void TestCellExplanation::agreesWithTheDocument_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("causal");
    for (const QString &name : presetNames()) {
        QTest::addRow("%s", qPrintable(name)) << name << false;
        QTest::addRow("%s causal", qPrintable(name)) << name << true;
    }
}

void TestCellExplanation::agreesWithTheDocument()
{
    QFETCH(QString, name);
    QFETCH(bool, causal);
    ScenarioDocument document;
    Scenario s = *preset(name);
    s.causal = causal;
    QVERIFY(document.reset(s));
    const ScenarioResult &result = document.result();
    const Matrix scores = attentionScores(s.queries, s.keys, s.scoreOptions());
    for (Index i = 0; i < scores.rows(); ++i) {
        for (Index j = 0; j < scores.cols(); ++j) {
            const CellExplanation cell = explain(document, i, j);
            QCOMPARE(cell.score, scores(i, j));
            QCOMPARE(cell.masked, std::isinf(scores(i, j)));
            QCOMPARE(cell.weight, result.weights(i, j)); // the very softmax the document ran
            VERIFY_NEAR(cell.shiftedExp / cell.shiftedSum, cell.weight, 1e-15);
            if (!cell.masked) // the score is the scaled dot product, up to rounding
                VERIFY_NEAR(cell.scale * cell.dot, cell.score,
                            1e-12 * (1.0 + std::abs(cell.score)));
            double sum = 0.0;
            for (double term : cell.dotTerms)
                sum += term;
            VERIFY_NEAR(sum, cell.dot, 1e-12 * (1.0 + std::abs(cell.dot)));
        }
    }
}

QTEST_GUILESS_MAIN(TestCellExplanation)
#include "tst_cellexplanation.moc"
