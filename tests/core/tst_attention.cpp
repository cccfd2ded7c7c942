// Tests of core/attention: scores, the causal mask, the row softmax and its edge cases, the
// averaging weights of step 1, and the figures of the lesson's step 2 and exercise 1.

#include "attention.h"
#include "random.h"
#include "scaledtable.h"
#include "verifynear.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

using attention::Index;
using attention::Matrix;
using attention::Random;
using attention::RowVector;
using attention::ScaledTable;
using attention::ScoreOptions;

Q_DECLARE_METATYPE(attention::Matrix)
Q_DECLARE_METATYPE(attention::RowVector)

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double dblMax = std::numeric_limits<double>::max();

/// The current data row's case of the score tests: nine random queries and keys of width 6 and
/// scale 2.5, causal and ÷√d as the row says, with each score worked out by hand.
struct ScoreCase
{
    Matrix q;
    Matrix k;
    ScoreOptions options;

    double byHand(Index i, Index j) const
    {
        return q.row(i).dot(k.row(j)) * 2.5 / (options.divideBySqrtD ? std::sqrt(6.0) : 1.0);
    }
};

ScoreCase scoreCase(std::uint64_t seed)
{
    QFETCH(bool, causal);
    QFETCH(bool, divide);
    Random rng(seed);
    ScoreCase c;
    c.q = rng.normalMatrix(9, 6);
    c.k = rng.normalMatrix(9, 6);
    c.options.scoreScale = 2.5;
    c.options.divideBySqrtD = divide;
    c.options.causal = causal;
    return c;
}

/// Builds a row vector from a list, so data rows read like the numbers they hold.
RowVector row(std::initializer_list<double> values)
{
    RowVector r(static_cast<Index>(values.size()));
    Index i = 0;
    for (double v : values)
        r(i++) = v;
    return r;
}

/// The softmax written differently from the core: w_j = 1 / Σ_k exp(s_k − s_j), which needs no
/// row maximum. Only valid for finite rows whose spread stays below ~700.
std::vector<double> softmaxByRatios(const RowVector &scores)
{
    std::vector<double> weights(static_cast<std::size_t>(scores.size()));
    for (Index j = 0; j < scores.size(); ++j) {
        double denominator = 0.0;
        for (Index k = 0; k < scores.size(); ++k)
            denominator += std::exp(scores(k) - scores(j));
        weights[static_cast<std::size_t>(j)] = 1.0 / denominator;
    }
    return weights;
}

/// The lesson's keys for 床 前 明 月 光: [sky-related, position-related]. (5, 2)
Matrix lessonKeys()
{
    Matrix k(5, 2);
    k << 0.1, 0.9, //
        0.0, 1.0,  //
        0.9, 0.1,  //
        1.0, 0.0,  //
        0.8, 0.2;
    return k;
}

/// exp(scale · k_j · q) / Σ exp(...), with plain std::exp and no max subtraction (the scores
/// are small).
std::vector<double> plainExpWeights(const Matrix &keys, double q0, double q1, double scale)
{
    std::vector<double> e;
    double total = 0.0;
    for (Index j = 0; j < keys.rows(); ++j) {
        e.push_back(std::exp(scale * (keys(j, 0) * q0 + keys(j, 1) * q1)));
        total += e.back();
    }
    for (double &x : e)
        x /= total;
    return e;
}

} // namespace

class TestAttention : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scoreRowIsTheTablesRow_data();
    void scoreRowIsTheTablesRow();
    void scaledTableReadsTheScores_data() { scoreRowIsTheTablesRow_data(); }
    void scaledTableReadsTheScores();
    void emptyScaledTable();

    void rowsSumToOne_data();
    void rowsSumToOne();

    void causalUpperTriangleIsExactlyZero_data();
    void causalUpperTriangleIsExactlyZero();

    void shiftInvariance_data();
    void shiftInvariance();

    void edgeRows_data();
    void edgeRows();

    void causalRowsMatchPlainLoops();
    void singleRowMatchesRows();

    void zeroScoreScaleGivesUniformRows_data();
    void zeroScoreScaleGivesUniformRows();

    void averagingWeights_data();
    void averagingWeights();
    void averagingMatchesMeanOfPrefix();

    void lessonStep2_data();
    void lessonStep2();

    void exercise1();

    void effectiveScale_data();
    void effectiveScale();

    void scoresMatchPlainDotProducts_data();
    void scoresMatchPlainDotProducts();

    void bandsMakeTheWholePass_data();
    void bandsMakeTheWholePass();
    void attendOutputIsWeightsTimesValues_data();
    void attendOutputIsWeightsTimesValues();

    void oneHotValuesReturnTheWeights();

    void maxAbsDifference_data();
    void maxAbsDifference();
};

void TestAttention::rowsSumToOne_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<double>("spread");
    QTest::addColumn<quint64>("seed");
    const int sizes[] = {1, 2, 3, 5, 8, 13, 21, 34, 55, 64};
    const double spreads[] = {1.0, 10.0, 50.0};
    quint64 seed = 100;
    for (int size : sizes)
        for (double spread : spreads)
            QTest::addRow("n=%d spread=%g", size, spread) << size << spread << seed++;
}

void TestAttention::rowsSumToOne()
{
    QFETCH(int, size);
    QFETCH(double, spread);
    QFETCH(quint64, seed);
    Random rng(seed);
    Matrix scores = rng.normalMatrix(4, size) * spread; // four random rows
    Matrix weights = scores;
    attention::softmaxRows(weights);
    for (Index i = 0; i < scores.rows(); ++i) {
        const RowVector r = scores.row(i);
        const std::vector<double> expected = softmaxByRatios(r);
        double total = 0.0;
        for (Index j = 0; j < size; ++j) {
            const double w = weights(i, j);
            QVERIFY(std::isfinite(w));
            QVERIFY(w >= 0.0 && w <= 1.0);
            VERIFY_NEAR(w, expected[static_cast<std::size_t>(j)], 1e-13);
            total += w;
        }
        VERIFY_NEAR(total, 1.0, 1e-13);
    }
}

void TestAttention::causalUpperTriangleIsExactlyZero_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<double>("scoreScale");
    QTest::addColumn<bool>("divideBySqrtD");
    QTest::newRow("T=1") << 1 << 1.0 << false;
    QTest::newRow("T=2") << 2 << 1.0 << false;
    QTest::newRow("T=5 /sqrt(d)") << 5 << 1.0 << true;
    QTest::newRow("T=16 scale 20") << 16 << 20.0 << false;
    QTest::newRow("T=33 scale 0") << 33 << 0.0 << true;
    QTest::newRow("T=64 scale -3") << 64 << -3.0 << true;
}

void TestAttention::causalUpperTriangleIsExactlyZero()
{
    QFETCH(int, T);
    QFETCH(double, scoreScale);
    QFETCH(bool, divideBySqrtD);
    Random rng(static_cast<std::uint64_t>(T));
    const Matrix q = rng.normalMatrix(T, 8);
    const Matrix k = rng.normalMatrix(T, 8);
    const Matrix v = rng.normalMatrix(T, 3);
    ScoreOptions options;
    options.scoreScale = scoreScale;
    options.divideBySqrtD = divideBySqrtD;
    options.causal = true;
    const attention::AttentionResult result = attention::attend(q, k, v, options);
    for (Index i = 0; i < T; ++i) {
        double total = 0.0;
        for (Index j = 0; j < T; ++j) {
            if (j > i) {
                QVERIFY2(result.weights(i, j) == 0.0,
                         qPrintable(QStringLiteral("weight (%1, %2) = %3")
                                        .arg(i)
                                        .arg(j)
                                        .arg(result.weights(i, j), 0, 'g', 17)));
                QVERIFY2(result.scores(i, j) == -inf,
                         qPrintable(QStringLiteral("score (%1, %2)").arg(i).arg(j)));
            } else {
                QVERIFY(std::isfinite(result.scores(i, j)));
            }
            total += result.weights(i, j);
        }
        VERIFY_NEAR(total, 1.0, 1e-13);
        // The visible part is the plain softmax of the visible scores.
        const std::vector<double> visible = softmaxByRatios(result.scores.row(i).head(i + 1));
        for (Index j = 0; j <= i; ++j)
            VERIFY_NEAR(result.weights(i, j), visible[static_cast<std::size_t>(j)], 1e-13);
    }
}

void TestAttention::shiftInvariance_data()
{
    QTest::addColumn<double>("shift");
    QTest::addColumn<bool>("dyadic");
    QTest::addColumn<double>("tolerance");
    // Dyadic rows (multiples of 1/8, |x| ≤ 4) shift exactly for these constants, so the weights
    // must not change at all. Random rows lose the shift's rounding: |shift| · 2^-53 per score.
    QTest::newRow("dyadic +0.5") << 0.5 << true << 0.0;
    QTest::newRow("dyadic -7") << -7.0 << true << 0.0;
    QTest::newRow("dyadic +1e3") << 1e3 << true << 0.0;
    QTest::newRow("dyadic +1e6") << 1e6 << true << 0.0;
    QTest::newRow("dyadic -1e6") << -1e6 << true << 0.0;
    QTest::newRow("dyadic +2^40") << std::ldexp(1.0, 40) << true << 0.0;
    QTest::newRow("random +0.5") << 0.5 << false << 4e-15;
    QTest::newRow("random -7") << -7.0 << false << 1e-14;
    QTest::newRow("random +1e3") << 1e3 << false << 1e-12;
    QTest::newRow("random +1e6") << 1e6 << false << 1e-9;
    QTest::newRow("random -1e6") << -1e6 << false << 1e-9;
}

void TestAttention::shiftInvariance()
{
    QFETCH(double, shift);
    QFETCH(bool, dyadic);
    QFETCH(double, tolerance);
    Random rng(77);
    Matrix scores = rng.normalMatrix(6, 9);
    if (dyadic)
        scores = (scores * 8.0).array().round().min(32.0).max(-32.0) / 8.0;
    Matrix shifted = scores.array() + shift;
    attention::softmaxRows(scores);
    attention::softmaxRows(shifted);
    QVERIFY(shifted.allFinite());
    VERIFY_NEAR(attention::maxAbsDifference(scores, shifted), 0.0, tolerance);
    for (Index i = 0; i < shifted.rows(); ++i)
        VERIFY_NEAR(shifted.row(i).sum(), 1.0, 1e-14);
}

void TestAttention::edgeRows_data()
{
    QTest::addColumn<RowVector>("scores");
    QTest::addColumn<RowVector>("expected");
    QTest::addColumn<double>("tolerance");

    // Expected values follow from the definition: exp(−∞) = 0, so −∞ entries drop out; a score
    // that leads the rest by Δ ≥ 800 leaves the others exp(−Δ) < 1e-300 relative, i.e. 0.
    const double e1 = std::exp(1.0);
    const double e2 = std::exp(2.0);
    const double e3 = std::exp(3.0);

    QTest::newRow("-inf first") << row({-inf, 1.0, 2.0})
                                << row({0.0, e1 / (e1 + e2), e2 / (e1 + e2)}) << 1e-15;
    QTest::newRow("-inf middle") << row({1.0, -inf, -inf, 3.0})
                                 << row({e1 / (e1 + e3), 0.0, 0.0, e3 / (e1 + e3)}) << 1e-15;
    QTest::newRow("-inf but one") << row({-inf, -inf, -5.0, -inf}) << row({0.0, 0.0, 1.0, 0.0})
                                  << 0.0;
    QTest::newRow("all -inf") << row({-inf, -inf, -inf}) << row({0.0, 0.0, 0.0}) << 0.0;
    QTest::newRow("single -inf") << row({-inf}) << row({0.0}) << 0.0;
    QTest::newRow("single finite") << row({123.0}) << row({1.0}) << 0.0;
    QTest::newRow("equal scores") << row({0.3, 0.3, 0.3, 0.3}) << row({0.25, 0.25, 0.25, 0.25})
                                  << 1e-16;
    QTest::newRow("equal with -inf") << row({2.0, -inf, 2.0}) << row({0.5, 0.0, 0.5}) << 0.0;

    QTest::newRow("+-1e30") << row({1e30, 0.0, -1e30}) << row({1.0, 0.0, 0.0}) << 0.0;
    QTest::newRow("+1e30 last") << row({-1.0, 5.0, 1e30}) << row({0.0, 0.0, 1.0}) << 0.0;
    QTest::newRow("-1e30 row") << row({-1e30, -1e30 + 1e15, -1e30}) << row({0.0, 1.0, 0.0}) << 0.0;
    QTest::newRow("two 1e30") << row({1e30, 1e30, -1e30}) << row({0.5, 0.5, 0.0}) << 0.0;
    QTest::newRow("+-1e300") << row({-1e300, 1e300, 0.0}) << row({0.0, 1.0, 0.0}) << 0.0;
    QTest::newRow("all -1e300") << row({-1e300, -1e300, -1e300, -1e300})
                                << row({0.25, 0.25, 0.25, 0.25}) << 0.0;
    QTest::newRow("-1e300 near ties")
        << row({-1e300, -1e300, 5.0, 5.0 - std::log(3.0)}) << row({0.0, 0.0, 0.75, 0.25}) << 1e-15;
    QTest::newRow("+-DBL_MAX") << row({dblMax, -dblMax, 0.0}) << row({1.0, 0.0, 0.0}) << 0.0;
    QTest::newRow("-DBL_MAX and -inf") << row({-dblMax, -inf}) << row({1.0, 0.0}) << 0.0;
    // −∞ (masked) beside a finite score 720 below the maximum: e^−720 is subnormal, where a
    // vectorised exp stops being exact, and must still come out as std::exp gives it.
    QTest::newRow("-inf and subnormal")
        << row({-inf, 0.0, -720.0}) << row({0.0, 1.0, std::exp(-720.0)}) << 0.0;
    // A causal row's masked keys come last: they are skipped, and what comes before them is
    // treated as a whole row (−∞ and subnormals inside it included).
    QTest::newRow("subnormal, then masked")
        << row({0.0, -720.0, -inf, -inf}) << row({1.0, std::exp(-720.0), 0.0, 0.0}) << 0.0;
    QTest::newRow("-inf inside and last")
        << row({1.0, -inf, 3.0, -inf, -inf}) << row({e1 / (e1 + e3), 0.0, e3 / (e1 + e3), 0.0, 0.0})
        << 1e-15;
    QTest::newRow("+inf, then masked")
        << row({inf, 1.0, inf, -inf}) << row({0.5, 0.0, 0.5, 0.0}) << 0.0;

    // Products that overflowed to +∞ share the weight evenly among themselves.
    QTest::newRow("+inf alone") << row({inf}) << row({1.0}) << 0.0;
    QTest::newRow("+inf one") << row({1.0, inf, -1e300}) << row({0.0, 1.0, 0.0}) << 0.0;
    QTest::newRow("+inf two") << row({inf, 1.0, inf, -inf}) << row({0.5, 0.0, 0.5, 0.0}) << 0.0;
    QTest::newRow("+inf three") << row({inf, inf, inf}) << row({1.0 / 3, 1.0 / 3, 1.0 / 3})
                                << 1e-16;
    QTest::newRow("+inf and DBL_MAX") << row({dblMax, inf}) << row({0.0, 1.0}) << 0.0;
}

void TestAttention::edgeRows()
{
    QFETCH(RowVector, scores);
    QFETCH(RowVector, expected);
    QFETCH(double, tolerance);
    Matrix m = scores;
    attention::softmaxRows(m);
    QCOMPARE(m.rows(), Index(1));
    QCOMPARE(m.cols(), scores.size());
    for (Index j = 0; j < scores.size(); ++j) {
        QVERIFY2(std::isfinite(m(0, j)), qPrintable(QStringLiteral("weight %1").arg(j)));
        if (expected(j) == 0.0) // −∞ and hopeless scores give exactly 0, not a tiny number
            QVERIFY2(m(0, j) == 0.0,
                     qPrintable(QStringLiteral("weight %1 = %2").arg(j).arg(m(0, j), 0, 'g', 17)));
        else
            VERIFY_NEAR(m(0, j), expected(j), tolerance);
    }
    const bool allMinusInf = (scores.array() == -inf).all();
    VERIFY_NEAR(m.sum(), allMinusInf ? 0.0 : 1.0, 1e-15);
}

void TestAttention::causalRowsMatchPlainLoops()
{
    // Rows of every visible length, 1 to 45 of 45 (vectors whole and cut), against std::exp.
    Random rng(9);
    Matrix scores = 3.0 * rng.normalMatrix(45, 45);
    attention::applyCausalMask(scores);
    Matrix weights = scores;
    attention::softmaxRows(weights);
    for (Index i = 0; i < scores.rows(); ++i) {
        const double rowMax = scores.row(i).head(i + 1).maxCoeff();
        double sum = 0.0;
        for (Index j = 0; j <= i; ++j)
            sum += std::exp(scores(i, j) - rowMax);
        for (Index j = 0; j < scores.cols(); ++j) {
            if (j > i)
                QVERIFY2(weights(i, j) == 0.0,
                         qPrintable(QStringLiteral("(%1, %2)").arg(i).arg(j)));
            else
                VERIFY_NEAR(weights(i, j), std::exp(scores(i, j) - rowMax) / sum, 1e-15);
        }
    }
}

void TestAttention::singleRowMatchesRows()
{
    Random rng(5);
    Matrix scores = rng.normalMatrix(3, 7);
    scores(1, 2) = -inf;
    Matrix weights = scores;
    attention::softmaxRows(weights);
    for (Index i = 0; i < scores.rows(); ++i) {
        const RowVector single = attention::softmax(scores.row(i));
        QCOMPARE(single.size(), Index(7));
        for (Index j = 0; j < single.size(); ++j)
            QVERIFY(single(j) == weights(i, j));
    }
}

void TestAttention::zeroScoreScaleGivesUniformRows_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<bool>("causal");
    for (int T : {1, 2, 5, 17, 64}) {
        QTest::addRow("T=%d", T) << T << false;
        QTest::addRow("T=%d causal", T) << T << true;
    }
}

void TestAttention::zeroScoreScaleGivesUniformRows()
{
    QFETCH(int, T);
    QFETCH(bool, causal);
    Random rng(static_cast<std::uint64_t>(1000 + T));
    const Matrix q = rng.normalMatrix(T, 4) * 10.0;
    const Matrix k = rng.normalMatrix(T, 4) * 10.0;
    const Matrix v = rng.normalMatrix(T, 2);
    ScoreOptions options;
    options.scoreScale = 0.0;
    options.divideBySqrtD = true;
    options.causal = causal;
    const attention::AttentionResult result = attention::attend(q, k, v, options);
    for (Index i = 0; i < T; ++i) {
        const Index visible = causal ? i + 1 : T;
        for (Index j = 0; j < T; ++j) {
            const double expected = j < visible ? 1.0 / static_cast<double>(visible) : 0.0;
            VERIFY_NEAR(result.weights(i, j), expected, 1e-15);
        }
        // The output is then the plain mean of the visible values.
        for (Index c = 0; c < v.cols(); ++c) {
            double mean = 0.0;
            for (Index j = 0; j < visible; ++j)
                mean += v(j, c);
            mean /= static_cast<double>(visible);
            VERIFY_NEAR(result.output(i, c), mean, 1e-14);
        }
    }
    if (causal)
        VERIFY_NEAR(attention::maxAbsDifference(result.weights, attention::averagingWeights(T)),
                    0.0, 1e-15);
}

void TestAttention::averagingWeights_data()
{
    QTest::addColumn<int>("T");
    for (int T : {1, 2, 3, 5, 10, 64})
        QTest::addRow("T=%d", T) << T;
}

void TestAttention::averagingWeights()
{
    QFETCH(int, T);
    const Matrix w = attention::averagingWeights(T);
    QCOMPARE(w.rows(), Index(T));
    QCOMPARE(w.cols(), Index(T));
    for (Index i = 0; i < T; ++i) {
        for (Index j = 0; j < T; ++j) {
            if (j <= i)
                VERIFY_NEAR(w(i, j), 1.0 / static_cast<double>(i + 1), 1e-16);
            else
                QVERIFY(w(i, j) == 0.0);
        }
        VERIFY_NEAR(w.row(i).sum(), 1.0, 1e-14);
    }
}

void TestAttention::averagingMatchesMeanOfPrefix()
{
    // Step 1: with the averaging weights, position 2 (the third character) holds the mean of
    // the first three input rows.
    Random rng(17);
    const Matrix x = rng.normalMatrix(5, 4);
    const Matrix averaged = attention::averagingWeights(5) * x; // (5, 4)
    for (Index c = 0; c < x.cols(); ++c) {
        const double mean = (x(0, c) + x(1, c) + x(2, c)) / 3.0;
        VERIFY_NEAR(averaged(2, c), mean, 1e-15);
    }
    // And the last row is the mean of all of them.
    for (Index c = 0; c < x.cols(); ++c) {
        double total = 0.0;
        for (Index r = 0; r < 5; ++r)
            total += x(r, c);
        VERIFY_NEAR(averaged(4, c), total / 5.0, 1e-15);
    }
}

void TestAttention::lessonStep2_data()
{
    QTest::addColumn<double>("scoreScale");
    QTest::addColumn<QList<int>>("percent"); // the lesson's printed weights, ×100
    QTest::newRow("q=[1,0]") << 1.0 << QList<int>{12, 11, 26, 29, 23};
    QTest::newRow("q=[1,0] x5") << 5.0 << QList<int>{1, 0, 30, 50, 18};
}

void TestAttention::lessonStep2()
{
    QFETCH(double, scoreScale);
    QFETCH(QList<int>, percent);
    const Matrix keys = lessonKeys();
    Matrix q(1, 2);
    q << 1.0, 0.0;
    ScoreOptions options;
    options.scoreScale = scoreScale;
    const attention::AttentionResult result = attention::attend(q, keys, keys, options);
    QCOMPARE(result.weights.rows(), Index(1));
    QCOMPARE(result.weights.cols(), Index(5));

    // The raw scores are the first column of the keys.
    for (Index j = 0; j < 5; ++j)
        VERIFY_NEAR(result.scores(0, j), scoreScale * keys(j, 0), 1e-15);

    const std::vector<double> expected = plainExpWeights(keys, 1.0, 0.0, scoreScale);
    for (Index j = 0; j < 5; ++j) {
        const double w = result.weights(0, j);
        VERIFY_NEAR(w, expected[static_cast<std::size_t>(j)], 1e-12);
        QCOMPARE(static_cast<int>(std::lround(w * 100.0)), percent.at(j));
    }
    // 月 scores highest and gets the largest weight.
    Index winner = 0;
    result.weights.row(0).maxCoeff(&winner);
    QCOMPARE(winner, Index(3));
}

void TestAttention::exercise1()
{
    // Exercise 1: 光 looks for position instead, q = [0, 1]. The scores are the keys' second
    // column: 0.9 1.0 0.1 0.0 0.2. Worked out by hand:
    //   e^0.9 = 2.459603, e^1 = 2.718282, e^0.1 = 1.105171, e^0 = 1, e^0.2 = 1.221403,
    //   sum = 8.504459, so the weights are 0.2892 0.3196 0.1300 0.1176 0.1436.
    const double handWorked[] = {0.2892, 0.3196, 0.1300, 0.1176, 0.1436};
    const Matrix keys = lessonKeys();
    Matrix q(1, 2);
    q << 0.0, 1.0;
    const attention::AttentionResult result = attention::attend(q, keys, keys, ScoreOptions{});
    const std::vector<double> expected = plainExpWeights(keys, 0.0, 1.0, 1.0);
    for (Index j = 0; j < 5; ++j) {
        VERIFY_NEAR(result.weights(0, j), handWorked[j], 5e-5);
        VERIFY_NEAR(result.weights(0, j), expected[static_cast<std::size_t>(j)], 1e-12);
    }
    // Now 前 (a direction) wins and 月 gets the least: the ranking of step 2 flips.
    Index winner = 0;
    Index loser = 0;
    result.weights.row(0).maxCoeff(&winner);
    result.weights.row(0).minCoeff(&loser);
    QCOMPARE(winner, Index(1));
    QCOMPARE(loser, Index(3));

    // Swapping the keys' two columns turns exercise 1 into step 2's query [1, 0].
    Matrix swapped(5, 2);
    swapped.col(0) = keys.col(1);
    swapped.col(1) = keys.col(0);
    Matrix q2(1, 2);
    q2 << 1.0, 0.0;
    const attention::AttentionResult mirrored =
        attention::attend(q2, swapped, swapped, ScoreOptions{});
    VERIFY_NEAR(attention::maxAbsDifference(mirrored.weights, result.weights), 0.0, 0.0);
}

void TestAttention::effectiveScale_data()
{
    QTest::addColumn<double>("scoreScale");
    QTest::addColumn<bool>("divideBySqrtD");
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("expected");
    QTest::newRow("plain") << 1.0 << false << 16 << 1.0;
    QTest::newRow("plain ignores d") << 2.5 << false << 1024 << 2.5;
    QTest::newRow("sqrt d=16") << 1.0 << true << 16 << 0.25;
    QTest::newRow("sqrt d=8") << 1.0 << true << 8 << 0.35355339059327373;
    QTest::newRow("sqrt d=1") << 3.0 << true << 1 << 3.0;
    QTest::newRow("x5 sqrt d=4") << 5.0 << true << 4 << 2.5;
    QTest::newRow("x2 sqrt d=2") << 2.0 << true << 2 << 1.4142135623730951;
    QTest::newRow("negative") << -3.0 << true << 9 << -1.0;
    QTest::newRow("zero") << 0.0 << true << 64 << 0.0;
}

void TestAttention::effectiveScale()
{
    QFETCH(double, scoreScale);
    QFETCH(bool, divideBySqrtD);
    QFETCH(int, d);
    QFETCH(double, expected);
    ScoreOptions options;
    options.scoreScale = scoreScale;
    options.divideBySqrtD = divideBySqrtD;
    VERIFY_NEAR(attention::effectiveScale(options, d), expected, 4e-16); // a few ulps
}

void TestAttention::scoresMatchPlainDotProducts_data()
{
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("scoreScale");
    QTest::addColumn<bool>("divideBySqrtD");
    QTest::addColumn<bool>("causal");
    QTest::newRow("5x5 d=2") << 5 << 5 << 2 << 1.0 << false << false;
    QTest::newRow("5x5 d=8 /sqrt causal") << 5 << 5 << 8 << 1.0 << true << true;
    QTest::newRow("1x7 d=3 x5") << 1 << 7 << 3 << 5.0 << false << false;
    QTest::newRow("7x3 d=1 causal") << 7 << 3 << 1 << 1.0 << false << true;
    QTest::newRow("3x7 d=4 causal") << 3 << 7 << 4 << 1.0 << true << true;
    QTest::newRow("64x64 d=64 /sqrt") << 64 << 64 << 64 << 0.5 << true << false;
    QTest::newRow("33x33 d=17 causal") << 33 << 33 << 17 << -2.0 << true << true;
}

void TestAttention::scoresMatchPlainDotProducts()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(int, d);
    QFETCH(double, scoreScale);
    QFETCH(bool, divideBySqrtD);
    QFETCH(bool, causal);
    Random rng(static_cast<std::uint64_t>(queries * 1000 + keys * 10 + d));
    const Matrix q = rng.normalMatrix(queries, d);
    const Matrix k = rng.normalMatrix(keys, d);
    ScoreOptions options;
    options.scoreScale = scoreScale;
    options.divideBySqrtD = divideBySqrtD;
    options.causal = causal;
    const Matrix scores = attention::attentionScores(q, k, options);
    QCOMPARE(scores.rows(), Index(queries));
    QCOMPARE(scores.cols(), Index(keys));
    const double factor = divideBySqrtD ? scoreScale / std::sqrt(double(d)) : scoreScale;
    for (Index i = 0; i < queries; ++i) {
        for (Index j = 0; j < keys; ++j) {
            if (causal && j > i) {
                QVERIFY(scores(i, j) == -inf);
                continue;
            }
            double dot = 0.0;
            double magnitude = 0.0;
            for (Index c = 0; c < d; ++c) {
                dot += q(i, c) * k(j, c);
                magnitude += std::abs(q(i, c) * k(j, c));
            }
            VERIFY_NEAR(scores(i, j), factor * dot, 1e-14 * std::abs(factor) * (1.0 + magnitude));
        }
    }

    // applyCausalMask alone does the same masking in place.
    Matrix masked = Matrix::Constant(queries, keys, 1.5);
    attention::applyCausalMask(masked);
    for (Index i = 0; i < queries; ++i)
        for (Index j = 0; j < keys; ++j)
            QVERIFY(masked(i, j) == (j > i ? -inf : 1.5));
}

void TestAttention::bandsMakeTheWholePass_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<bool>("causal");
    QTest::newRow("T=1") << 1 << true;
    QTest::newRow("T=16, one band") << 16 << false;
    QTest::newRow("T=17, a band of one after it") << 17 << true;
    QTest::newRow("T=100, causal") << 100 << true;
    QTest::newRow("T=100, full") << 100 << false;
}

void TestAttention::bandsMakeTheWholePass()
{
    QFETCH(int, T);
    QFETCH(bool, causal);
    Random rng(static_cast<std::uint64_t>(T * 2 + causal));
    const Matrix q = rng.normalMatrix(T, 5);
    const Matrix k = rng.normalMatrix(T, 5);
    ScoreOptions options;
    options.scoreScale = 1.7;
    options.divideBySqrtD = true;
    options.causal = causal;
    const Matrix products = q * k.transpose();
    Matrix scores(T, T);
    Matrix weights(T, T);
    // Every row handed on once, in order, its weights already made.
    Index next = 0;
    bool madeBeforeHandedOn = true;
    attention::scoresAndWeights(
        products, options, 5, &scores, weights, [&](Index first, Index count) {
            QCOMPARE(first, next);
            next += count;
            const auto rows = weights.middleRows(first, count);
            madeBeforeHandedOn =
                madeBeforeHandedOn && ((rows.rowwise().sum().array() - 1.0).abs() < 1e-12).all();
        });
    QCOMPARE(next, Index(T));
    QVERIFY(madeBeforeHandedOn);
    // The scores are the whole table's; each row's weights its softmax, written without a maximum.
    const Matrix whole = attention::attentionScores(q, k, options);
    for (Index i = 0; i < T; ++i) {
        const Index seen = causal ? i + 1 : T;
        QVERIFY(((scores.row(i).tail(T - seen).array() == -inf)).all());
        QVERIFY(((weights.row(i).tail(T - seen).array() == 0.0)).all());
        const RowVector visible = whole.row(i).head(seen);
        VERIFY_ALL_NEAR(scores.row(i).head(seen), visible, 1e-13);
        const std::vector<double> expected = softmaxByRatios(visible);
        for (Index j = 0; j < seen; ++j)
            VERIFY_NEAR(weights(i, j), expected[std::size_t(j)], 1e-13);
    }
    // Without a scores table, the same weights.
    Matrix alone(T, T);
    attention::scoresAndWeights(products, options, 5, nullptr, alone);
    QCOMPARE(alone, weights);
    // attend() is this pass: its tables are these.
    const attention::AttentionResult result = attention::attend(q, k, q, options);
    QCOMPARE(result.weights, weights);
    QVERIFY(((result.scores.array() == scores.array())).all());
}

void TestAttention::attendOutputIsWeightsTimesValues_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("dv");
    QTest::addColumn<bool>("causal");
    QTest::newRow("T=5 d=2 dv=2") << 5 << 2 << 2 << false;
    QTest::newRow("T=5 d=8 dv=8 causal") << 5 << 8 << 8 << true;
    QTest::newRow("T=1 d=1 dv=1") << 1 << 1 << 1 << false;
    QTest::newRow("T=12 d=3 dv=7 causal") << 12 << 3 << 7 << true;
    QTest::newRow("T=40 d=16 dv=5") << 40 << 16 << 5 << false;
}

void TestAttention::attendOutputIsWeightsTimesValues()
{
    QFETCH(int, T);
    QFETCH(int, d);
    QFETCH(int, dv);
    QFETCH(bool, causal);
    Random rng(static_cast<std::uint64_t>(T * 31 + d));
    const Matrix q = rng.normalMatrix(T, d);
    const Matrix k = rng.normalMatrix(T, d);
    const Matrix v = rng.normalMatrix(T, dv);
    ScoreOptions options;
    options.divideBySqrtD = true;
    options.causal = causal;
    const attention::AttentionResult result = attention::attend(q, k, v, options);

    // The parts agree with the separate functions.
    const Matrix scores = attention::attentionScores(q, k, options);
    Matrix weights = scores;
    attention::softmaxRows(weights);
    QVERIFY(result.scores.cwiseEqual(scores).all());
    QVERIFY(result.weights.cwiseEqual(weights).all());

    QCOMPARE(result.output.rows(), Index(T));
    QCOMPARE(result.output.cols(), Index(dv));
    for (Index i = 0; i < T; ++i) {
        for (Index c = 0; c < dv; ++c) {
            double sum = 0.0;
            double magnitude = 0.0;
            for (Index j = 0; j < T; ++j) {
                sum += result.weights(i, j) * v(j, c);
                magnitude += std::abs(result.weights(i, j) * v(j, c));
            }
            VERIFY_NEAR(result.output(i, c), sum, 1e-14 * (1.0 + magnitude));
        }
    }
}

void TestAttention::oneHotValuesReturnTheWeights()
{
    const Matrix identity = attention::oneHotValues(6);
    QCOMPARE(identity.rows(), Index(6));
    QCOMPARE(identity.cols(), Index(6));
    for (Index i = 0; i < 6; ++i)
        for (Index j = 0; j < 6; ++j)
            QVERIFY(identity(i, j) == (i == j ? 1.0 : 0.0));

    Random rng(9);
    const Matrix q = rng.normalMatrix(6, 3);
    const Matrix k = rng.normalMatrix(6, 3);
    ScoreOptions options;
    options.causal = true;
    const attention::AttentionResult result = attention::attend(q, k, identity, options);
    VERIFY_NEAR(attention::maxAbsDifference(result.output, result.weights), 0.0, 1e-16);
}

void TestAttention::maxAbsDifference_data()
{
    QTest::addColumn<Matrix>("a");
    QTest::addColumn<Matrix>("b");
    QTest::addColumn<double>("expected");
    Matrix base(2, 3);
    base << 1.0, -2.0, 3.0, //
        4.0, 5.0, -6.0;
    Matrix up = base;
    up(1, 2) += 0.5;
    Matrix down = base;
    down(0, 0) -= 0.75;
    down(1, 1) += 0.25;
    QTest::newRow("equal") << base << base << 0.0;
    QTest::newRow("one entry +0.5") << base << up << 0.5;
    QTest::newRow("largest of two, negative") << base << down << 0.75;
    QTest::newRow("symmetric") << down << base << 0.75;
    QTest::newRow("shapes differ") << base << Matrix(base.transpose()) << inf;
    QTest::newRow("rows differ") << base << Matrix(base.topRows(1)) << inf;
    QTest::newRow("both empty") << Matrix(0, 0) << Matrix(0, 0) << 0.0;
    QTest::newRow("both 0x3") << Matrix(0, 3) << Matrix(0, 3) << 0.0;
    QTest::newRow("0x3 vs 3x0") << Matrix(0, 3) << Matrix(3, 0) << inf;

    // A NaN anywhere, on either side, makes the difference NaN (a comparison with a tolerance then
    // fails), even where other entries differ by more: a NaN-blind maximum would report those.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const auto &[i, j, where] :
         {std::tuple{0, 0, "first"}, std::tuple{1, 0, "middle"}, std::tuple{1, 2, "last"}}) {
        Matrix withNan = down;
        withNan(i, j) = nan;
        QTest::addRow("NaN %s entry of a", where) << withNan << base << nan;
        QTest::addRow("NaN %s entry of b", where) << base << withNan << nan;
        QTest::addRow("NaN %s entry of both", where) << withNan << withNan << nan;
    }
    // Large enough for Eigen's vectorised reduction, the NaN among ordinary differences.
    const Matrix wide = Random(3).normalMatrix(9, 17);
    for (Index at : {Index(0), Index(1), Index(70), Index(152)}) {
        Matrix withNan = wide;
        withNan(at % 9, at / 9) = nan;
        QTest::addRow("9x17, NaN at %d", int(at)) << wide << withNan << nan;
    }
    // Infinities: equal ones agree, others differ by ∞.
    Matrix infinite = base;
    infinite(0, 1) = -inf;
    infinite(1, 0) = inf;
    QTest::newRow("equal infinities") << infinite << infinite << 0.0;
    Matrix opposite = infinite;
    opposite(1, 0) = -inf;
    QTest::newRow("opposite infinities") << infinite << opposite << inf;
    QTest::newRow("infinity against a number") << infinite << base << inf;
}

void TestAttention::maxAbsDifference()
{
    QFETCH(Matrix, a);
    QFETCH(Matrix, b);
    QFETCH(double, expected);
    const double actual = attention::maxAbsDifference(a, b);
    if (std::isnan(expected))
        QVERIFY2(std::isnan(actual), qPrintable(QString::number(actual)));
    else if (std::isinf(expected))
        QVERIFY(std::isinf(actual) && actual > 0.0);
    else
        VERIFY_NEAR(actual, expected, 0.0);
}

void TestAttention::scoreRowIsTheTablesRow_data()
{
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("divide");
    QTest::newRow("full") << false << false;
    QTest::newRow("causal, ÷√d") << true << true;
}

void TestAttention::scoreRowIsTheTablesRow()
{
    const ScoreCase c = scoreCase(11);
    const Matrix table = attentionScores(c.q, c.k, c.options);
    for (Index row = 0; row < c.q.rows(); ++row) {
        const RowVector alone = attentionScoreRow(c.q, c.k, row, c.options);
        QCOMPARE(alone.size(), c.k.rows());
        for (Index j = 0; j < c.k.rows(); ++j) {
            // Masked entries −∞ exactly where the table has them; the rest by hand, q·k × scale.
            if (c.options.causal && j > row) {
                QCOMPARE(alone(j), -std::numeric_limits<double>::infinity());
                continue;
            }
            VERIFY_NEAR(alone(j), c.byHand(row, j), 1e-12);
            VERIFY_NEAR(alone(j), table(row, j), 1e-12);
        }
    }
}

void TestAttention::scaledTableReadsTheScores()
{
    const ScoreCase c = scoreCase(12);
    const auto products = std::make_shared<const Matrix>(c.q * c.k.transpose());
    const ScaledTable scores(products, attention::effectiveScale(c.options, 6), c.options.causal);
    QCOMPARE(scores.rows(), Index(9));
    QCOMPARE(scores.cols(), Index(9));
    QCOMPARE(scores.source().get(), products.get()); // read through, never copied
    // Every entry by hand: q·k × scale, −∞ right of the diagonal when causal.
    for (Index i = 0; i < 9; ++i) {
        for (Index j = 0; j < 9; ++j) {
            if (c.options.causal && j > i)
                QCOMPARE(scores(i, j), -std::numeric_limits<double>::infinity());
            else
                VERIFY_NEAR(scores(i, j), c.byHand(i, j), 1e-12);
        }
    }
    // Bit for bit the table scoresAndWeights() writes, read by entry, row, band or whole.
    Matrix table(9, 9), weights(9, 9);
    attention::scoresAndWeights(*products, c.options, 6, &table, weights);
    QCOMPARE(scores.toMatrix(), table);
    QCOMPARE(scores.middleRows(3, 4), Matrix(table.middleRows(3, 4)));
    for (Index i = 0; i < 9; ++i) {
        QCOMPARE(scores.row(i), RowVector(table.row(i)));
        for (Index j = 0; j < 9; ++j)
            QCOMPARE(scores(i, j), table(i, j));
    }
}

void TestAttention::emptyScaledTable()
{
    QCOMPARE(ScaledTable().size(), Index(0));
    QCOMPARE(ScaledTable(nullptr, 2.0, true).rows(), Index(0));
    // A factor of 1 and no mask reads the table itself.
    const auto weights = std::make_shared<const Matrix>(Matrix::Random(4, 3));
    QCOMPARE(ScaledTable(weights).toMatrix(), *weights);
}

QTEST_GUILESS_MAIN(TestAttention)
#include "tst_attention.moc"
