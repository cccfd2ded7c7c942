// Tests of core/head: the forward pass against the plain-loop reference over random shapes, the
// reference against a hand computation, the initial weights' scale and the lesson's shapes.

#include "head.h"
#include "verifynear.h"

#include <QtTest>
#include <cmath>
#include <limits>
#include <random>

using attention::Head;
using attention::Index;
using attention::Matrix;
using attention::Random;

Q_DECLARE_METATYPE(attention::Matrix)

namespace {

/// x w with plain loops. x (T, n), w (n, m) → (T, m)
Matrix plainProduct(const Matrix &x, const Matrix &w)
{
    Matrix out(x.rows(), w.cols());
    for (Index i = 0; i < x.rows(); ++i) {
        for (Index j = 0; j < w.cols(); ++j) {
            double sum = 0.0;
            for (Index c = 0; c < x.cols(); ++c)
                sum += x(i, c) * w(c, j);
            out(i, j) = sum;
        }
    }
    return out;
}

Matrix fromRows(Index rows, Index cols, std::initializer_list<double> values)
{
    Matrix m(rows, cols);
    Index i = 0;
    for (double v : values) {
        m(i / cols, i % cols) = v;
        ++i;
    }
    return m;
}

} // namespace

class TestHead : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void forwardMatchesReference_data();
    void forwardMatchesReference();

    void referenceMatchesHandComputation_data();
    void referenceMatchesHandComputation();

    void randomWeightsAreScaled_data();
    void randomWeightsAreScaled();

    void randomDrawsQKVInOrder();
    void drawRandomHeadMatchesFormerDraws_data();
    void drawRandomHeadMatchesFormerDraws();

    void lessonShapes();
};

void TestHead::forwardMatchesReference_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("dHead");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<quint64>("seed");

    // Fixed corners first, then 30 shapes from std::mt19937_64, whose raw output the standard
    // specifies exactly (distributions are not, so the modulo is done here).
    const int corners[][3] = {{1, 1, 1}, {64, 64, 64}, {1, 64, 1}, {64, 1, 64}, {5, 16, 8}};
    quint64 seed = 1;
    for (const auto &c : corners) {
        for (bool causal : {false, true}) {
            QTest::addRow("T=%d dm=%d dh=%d%s", c[0], c[1], c[2], causal ? " causal" : "")
                << c[0] << c[1] << c[2] << causal << seed++;
        }
    }
    std::mt19937_64 shapes(20240601);
    for (int n = 0; n < 30; ++n) {
        const int T = static_cast<int>(shapes() % 64) + 1;
        const int dModel = static_cast<int>(shapes() % 64) + 1;
        const int dHead = static_cast<int>(shapes() % 64) + 1;
        const bool causal = n % 2 == 1;
        QTest::addRow("T=%d dm=%d dh=%d%s", T, dModel, dHead, causal ? " causal" : "")
            << T << dModel << dHead << causal << seed++;
    }
}

void TestHead::forwardMatchesReference()
{
    QFETCH(int, T);
    QFETCH(int, dModel);
    QFETCH(int, dHead);
    QFETCH(bool, causal);
    QFETCH(quint64, seed);
    Random rng(seed);
    const Head head = Head::random(dModel, dHead, rng);
    const Matrix x = rng.normalMatrix(T, dModel);
    const attention::HeadResult result = attention::forward(head, x, causal);

    // The projections, checked against plain loops; the reference gets its own copies.
    const Matrix q = plainProduct(x, head.wq);
    const Matrix k = plainProduct(x, head.wk);
    const Matrix v = plainProduct(x, head.wv);
    VERIFY_NEAR(attention::maxAbsDifference(result.q, q), 0.0, 1e-12);
    VERIFY_NEAR(attention::maxAbsDifference(result.k, k), 0.0, 1e-12);
    VERIFY_NEAR(attention::maxAbsDifference(result.v, v), 0.0, 1e-12);

    const Matrix reference = attention::referenceAttention(q, k, v, causal);
    QCOMPARE(result.attention.output.rows(), Index(T));
    QCOMPARE(result.attention.output.cols(), Index(dHead));
    QCOMPARE(result.attention.weights.rows(), Index(T));
    QCOMPARE(result.attention.weights.cols(), Index(T));
    const double difference = attention::maxAbsDifference(result.attention.output, reference);
    // The bound; both sides are double precision, so the real gap is ~1e-16 and a
    // second, tighter bound catches a forward pass that silently went to float.
    VERIFY_NEAR(difference, 0.0, 1e-6);
    VERIFY_NEAR(difference, 0.0, 1e-12);

    if (causal) {
        for (Index i = 0; i < T; ++i)
            for (Index j = i + 1; j < T; ++j)
                QVERIFY(result.attention.weights(i, j) == 0.0);
        // Row 0 sees only itself: its output is exactly v's first row.
        VERIFY_NEAR(attention::maxAbsDifference(result.attention.output.topRows(1), v.topRows(1)),
                    0.0, 1e-15);
    }
}

void TestHead::referenceMatchesHandComputation_data()
{
    QTest::addColumn<Matrix>("q"); // (2, d)
    QTest::addColumn<Matrix>("k"); // (2, d)
    QTest::addColumn<Matrix>("v"); // (2, 2)
    QTest::addColumn<bool>("causal");
    const Matrix v = fromRows(2, 2, {1.0, -2.0, 3.0, 4.0});
    const Matrix q1 = fromRows(2, 1, {0.5, -1.0});
    const Matrix k1 = fromRows(2, 1, {2.0, 0.25});
    QTest::newRow("T=2 d=1") << q1 << k1 << v << false;
    QTest::newRow("T=2 d=1 causal") << q1 << k1 << v << true;
    const Matrix q4 = fromRows(2, 4, {1.0, 0.0, -1.0, 2.0, 0.5, 0.5, 0.5, 0.5});
    const Matrix k4 = fromRows(2, 4, {0.0, 1.0, 1.0, 1.0, -2.0, 0.0, 0.0, 3.0});
    QTest::newRow("T=2 d=4") << q4 << k4 << v << false;
    QTest::newRow("T=2 d=4 causal") << q4 << k4 << v << true;
}

void TestHead::referenceMatchesHandComputation()
{
    QFETCH(Matrix, q);
    QFETCH(Matrix, k);
    QFETCH(Matrix, v);
    QFETCH(bool, causal);
    const Index d = q.cols();

    // By hand: s_ij = q_i·k_j / √d; row 0 under the mask sees only key 0.
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    double s[2][2];
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
            double dot = 0.0;
            for (Index c = 0; c < d; ++c)
                dot += q(i, c) * k(j, c);
            s[i][j] = dot * scale;
        }
    }
    double w[2][2];
    for (int i = 0; i < 2; ++i) {
        const double e0 = std::exp(s[i][0]);
        const double e1 = (causal && i == 0) ? 0.0 : std::exp(s[i][1]);
        w[i][0] = e0 / (e0 + e1);
        w[i][1] = e1 / (e0 + e1);
    }
    Matrix expected(2, 2);
    for (int i = 0; i < 2; ++i)
        for (int c = 0; c < 2; ++c)
            expected(i, c) = w[i][0] * v(0, c) + w[i][1] * v(1, c);

    // For "T=2 d=1" the numbers are s = [[1, 0.125], [-2, -0.25]]: a check of the check.
    if (d == 1) {
        VERIFY_NEAR(s[0][0], 1.0, 0.0);
        VERIFY_NEAR(s[1][1], -0.25, 0.0);
        if (causal)
            VERIFY_NEAR(expected(0, 1), -2.0, 0.0);
    }

    const Matrix reference = attention::referenceAttention(q, k, v, causal);
    QCOMPARE(reference.rows(), Index(2));
    QCOMPARE(reference.cols(), Index(2));
    for (Index i = 0; i < 2; ++i)
        for (Index c = 0; c < 2; ++c)
            VERIFY_NEAR(reference(i, c), expected(i, c), 1e-14);

    // forward() agrees too: with x = I (T = d_model = 2) the projections hand back W_q, W_k, W_v
    // unchanged, so setting them to q, k, v runs the same attention.
    Head head;
    head.wq = q;
    head.wk = k;
    head.wv = v;
    const attention::HeadResult viaHead = attention::forward(head, Matrix::Identity(2, 2), causal);
    for (Index i = 0; i < 2; ++i)
        for (Index c = 0; c < 2; ++c)
            VERIFY_NEAR(viaHead.attention.output(i, c), expected(i, c), 1e-14);
}

void TestHead::randomWeightsAreScaled_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("dHead");
    // d_model · d_head = 16384 entries per matrix, 49152 over the three: the relative standard
    // error of the sample standard deviation is 1/√(2n) ≈ 0.32 %.
    for (int dModel : {1, 4, 16, 64, 256})
        QTest::addRow("dm=%d", dModel) << dModel << 16384 / dModel;
}

void TestHead::randomWeightsAreScaled()
{
    QFETCH(int, dModel);
    QFETCH(int, dHead);
    Random rng(static_cast<std::uint64_t>(dModel) + 500);
    const Head head = Head::random(dModel, dHead, rng);
    QCOMPARE(head.modelDim(), Index(dModel));
    QCOMPARE(head.headDim(), Index(dHead));
    double sum = 0.0;
    double sumSquares = 0.0;
    double n = 0.0;
    for (const Matrix *w : {&head.wq, &head.wk, &head.wv}) {
        QCOMPARE(w->rows(), Index(dModel));
        QCOMPARE(w->cols(), Index(dHead));
        sum += w->sum();
        sumSquares += w->squaredNorm();
        n += static_cast<double>(w->size());
    }
    const double expectedStd = 1.0 / std::sqrt(static_cast<double>(dModel));
    const double mean = sum / n;
    const double stdDev = std::sqrt(sumSquares / n - mean * mean);
    VERIFY_NEAR(stdDev / expectedStd, 1.0, 0.02);             // ~6 standard errors
    VERIFY_NEAR(mean / expectedStd, 0.0, 5.0 / std::sqrt(n)); // 5 standard errors
}

void TestHead::randomDrawsQKVInOrder()
{
    // W_q, W_k, W_v are the next three normal matrices of the generator, each / √d_model.
    Random rng(99);
    const Head head = Head::random(6, 3, rng);
    const double after = rng.normal();
    Random fresh(99);
    const double scale = 1.0 / std::sqrt(6.0);
    const Matrix wq = fresh.normalMatrix(6, 3) * scale;
    const Matrix wk = fresh.normalMatrix(6, 3) * scale;
    const Matrix wv = fresh.normalMatrix(6, 3) * scale;
    VERIFY_NEAR(attention::maxAbsDifference(head.wq, wq), 0.0, 1e-16);
    VERIFY_NEAR(attention::maxAbsDifference(head.wk, wk), 0.0, 1e-16);
    VERIFY_NEAR(attention::maxAbsDifference(head.wv, wv), 0.0, 1e-16);
    QVERIFY(after == fresh.normal());
}

void TestHead::drawRandomHeadMatchesFormerDraws_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("dHead");
    QTest::addColumn<quint64>("seed");
    // The three places that drew a head themselves: the random-head preset and the CLI's section 5
    // (both seed 5, X (5, 16), W (16, 8)), and the head page at any of its settings.
    QTest::newRow("random-head preset") << 5 << 16 << 8 << quint64(5);
    QTest::newRow("attention-cli lesson --section 5") << 5 << 16 << 8 << quint64(5);
    QTest::newRow("head page, seed 123") << 12 << 32 << 4 << quint64(123);
    QTest::newRow("head page, smallest") << 1 << 1 << 1 << quint64(0);
}

void TestHead::drawRandomHeadMatchesFormerDraws()
{
    QFETCH(int, T);
    QFETCH(int, dModel);
    QFETCH(int, dHead);
    QFETCH(quint64, seed);
    const attention::RandomHead drawn = attention::drawRandomHead({T, dModel, dHead, seed});

    // What each call site computed before: one generator, X first, then the three weights.
    Random rng(seed);
    const Matrix x = rng.normalMatrix(T, dModel);
    const double scale = 1.0 / std::sqrt(static_cast<double>(dModel));
    const Matrix wq = rng.normalMatrix(dModel, dHead) * scale;
    const Matrix wk = rng.normalMatrix(dModel, dHead) * scale;
    const Matrix wv = rng.normalMatrix(dModel, dHead) * scale;
    QVERIFY(drawn.x == x); // identical numbers, not merely close
    QVERIFY(drawn.head.wq == wq);
    QVERIFY(drawn.head.wk == wk);
    QVERIFY(drawn.head.wv == wv);
}

void TestHead::lessonShapes()
{
    // Step 5: five tokens of width 16 become five outputs of width 8.
    Random rng(0);
    const Head head = Head::random(16, 8, rng);
    const Matrix x = rng.normalMatrix(5, 16);
    for (bool causal : {true, false}) {
        const attention::HeadResult result = attention::forward(head, x, causal);
        QCOMPARE(result.q.rows(), Index(5));
        QCOMPARE(result.q.cols(), Index(8));
        QCOMPARE(result.k.rows(), Index(5));
        QCOMPARE(result.k.cols(), Index(8));
        QCOMPARE(result.v.rows(), Index(5));
        QCOMPARE(result.v.cols(), Index(8));
        QCOMPARE(result.attention.scores.rows(), Index(5));
        QCOMPARE(result.attention.scores.cols(), Index(5));
        QCOMPARE(result.attention.weights.rows(), Index(5));
        QCOMPARE(result.attention.weights.cols(), Index(5));
        QCOMPARE(result.attention.output.rows(), Index(5));
        QCOMPARE(result.attention.output.cols(), Index(8));
        for (Index i = 0; i < 5; ++i)
            VERIFY_NEAR(result.attention.weights.row(i).sum(), 1.0, 1e-14);
        // The head divides by √d_head = √8, not by √d_model.
        const double dot = result.q.row(1).dot(result.k.row(0));
        VERIFY_NEAR(result.attention.scores(1, 0), dot / std::sqrt(8.0), 1e-14);
    }
}

QTEST_GUILESS_MAIN(TestHead)
#include "tst_head.moc"
