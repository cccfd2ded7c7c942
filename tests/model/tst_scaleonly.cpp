// A step of the scale slider at large T: the raw products Q Kᵀ are kept with the result, so a
// change of the scale or a switch skips the matrix product and only scales and softmaxes again.
// The results are checked against plain loops written here (not the core's functions), the
// skipped product with rawProductCount(), and the heatmaps' pictures (pooled, then the log on
// the relative scale) against a per-cell reference of the way the widget drew them before.

#include "colormap.h"
#include "comparison.h"
#include "heatmapimage.h"
#include "presets.h"
#include "scenariodocument.h"
#include "verifynear.h"

#include <QTest>
#include <cmath>
#include <limits>
#include <thread>

using namespace attention;

namespace {

constexpr double minusInfinity = -std::numeric_limits<double>::infinity();

QStringList names(int T)
{
    QStringList list;
    for (int i = 0; i < T; ++i)
        list.append(QStringLiteral("t%1").arg(i + 1));
    return list;
}

/// Scores and weights of `s` by plain loops: dot products, scale, mask, softmax with std::exp.
std::pair<Matrix, Matrix> plainAttention(const Scenario &s)
{
    const Index T = s.tokenCount();
    const double scale = s.scoreScale / (s.divideBySqrtD ? std::sqrt(double(s.dimension())) : 1.0);
    Matrix scores(T, T);
    Matrix weights(T, T);
    for (Index i = 0; i < T; ++i) {
        double rowMax = minusInfinity;
        for (Index j = 0; j < T; ++j) {
            double dot = 0;
            for (Index c = 0; c < s.dimension(); ++c)
                dot += s.queries(i, c) * s.keys(j, c);
            scores(i, j) = s.causal && j > i ? minusInfinity : scale * dot;
            rowMax = std::max(rowMax, scores(i, j));
        }
        double sum = 0;
        for (Index j = 0; j < T; ++j)
            sum += weights(i, j) = std::exp(scores(i, j) - rowMax);
        for (Index j = 0; j < T; ++j)
            weights(i, j) /= sum;
    }
    return {scores, weights};
}

/// The masked cells as a 0/1 matrix and the rest with −∞ replaced by 0, for VERIFY_ALL_NEAR.
Matrix finitePart(const Matrix &m)
{
    return (m.array() == minusInfinity).select(0.0, m);
}

/// The widget's old drawing, cell by cell: the shown value of every cell of a block (log₂ of
/// weight × n on the relative scale, clamped, −∞ masked), the largest, coloured by viridis().
QRgb oldPixel(const Matrix &m, const HeatmapScale &scale, int block, int x, int y, double lo,
              double hi)
{
    double best = minusInfinity;
    for (Index r = Index(y) * block; r < std::min(m.rows(), Index(y + 1) * block); ++r) {
        for (Index c = Index(x) * block; c < std::min(m.cols(), Index(x + 1) * block); ++c) {
            if (scale.masked && c > r)
                continue;
            double v = m(r, c);
            if (scale.relative) {
                const double n = scale.masked ? double(r + 1) : double(m.cols());
                v = std::clamp(std::log2(v * n), -4.0, 4.0);
            }
            best = std::max(best, v);
        }
    }
    if (best == minusInfinity)
        return Colormap::maskedColor;
    return Colormap::viridis(hi > lo ? (best - lo) / (hi - lo) : 0.5);
}

/// The finite minimum and maximum of `m`, by a loop.
std::pair<double, double> finiteRange(const Matrix &m)
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (Index i = 0; i < m.size(); ++i)
        if (std::isfinite(m.data()[i]))
            lo = std::min(lo, m.data()[i]), hi = std::max(hi, m.data()[i]);
    return {lo, hi};
}

/// The widget's old drawing of all of `m` (oldPixel() for each pixel), `size` pixels a side.
QImage oldPicture(const Matrix &m, const HeatmapScale &scale, int block, QSize size, double lo,
                  double hi)
{
    QImage picture(size, QImage::Format_RGB32);
    for (int y = 0; y < picture.height(); ++y)
        for (int x = 0; x < picture.width(); ++x)
            picture.setPixel(x, y, oldPixel(m, scale, block, x, y, lo, hi));
    return picture;
}

/// The largest difference of one colour channel between two images of the same size.
int largestChannelDifference(const QImage &a, const QImage &b)
{
    int worst = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = b.pixel(x, y);
            worst = std::max({worst, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                              std::abs(qBlue(p) - qBlue(q))});
        }
    }
    return worst;
}

} // namespace

class TestScaleOnly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scaleStepMatchesPlainLoops_data();
    void scaleStepMatchesPlainLoops();
    void documentSkipsTheProduct_data();
    void documentSkipsTheProduct();
    void comparisonSkipsTheProduct();
    void concurrentPassesShareTheProduct();
    void pooledImageMatchesCellByCell_data();
    void pooledImageMatchesCellByCell();
    void scoresPictureFollowsTheFactor_data();
    void scoresPictureFollowsTheFactor();
    void flatScoresAreColouredAnew();
    void bandsMakeTheWholeTable_data();
    void bandsMakeTheWholeTable();
};

void TestScaleOnly::scaleStepMatchesPlainLoops_data()
{
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("withValues");
    QTest::newRow("full, one-hot") << false << false;
    QTest::newRow("causal, values") << true << true;
}

void TestScaleOnly::scaleStepMatchesPlainLoops()
{
    QFETCH(bool, causal);
    QFETCH(bool, withValues);
    Scenario before = randomScenario(names(90), 8, 7);
    before.causal = causal;
    if (withValues)
        before.values = Matrix::Random(90, 3);
    const ScenarioResult first = before.compute();
    Scenario after = before;
    after.scoreScale = 3.5;
    after.divideBySqrtD = true;
    const ScenarioResult second = after.compute(&before, &first);
    QCOMPARE(second.products.get(), first.products.get()); // reused, not multiplied again

    const auto [scores, weights] = plainAttention(after);
    const Matrix secondScores = second.scores().toMatrix();
    QVERIFY(((secondScores.array() == minusInfinity) == (scores.array() == minusInfinity)).all());
    VERIFY_ALL_NEAR(finitePart(secondScores), finitePart(scores), 1e-12);
    VERIFY_ALL_NEAR(second.weights, weights, 1e-12);
    if (withValues)
        VERIFY_ALL_NEAR(*second.output, weights * *after.values, 1e-12);
    // And exactly what a recompute from nothing gives.
    QCOMPARE(second.weights, after.compute().weights);
}

void TestScaleOnly::documentSkipsTheProduct_data()
{
    QTest::addColumn<int>("tokens");
    QTest::newRow("T=5, on the GUI thread") << 5;
    QTest::newRow("T=300, on the worker") << 300;
}

void TestScaleOnly::documentSkipsTheProduct()
{
    QFETCH(int, tokens);
    ScenarioDocument document;
    QVERIFY(document.reset(randomScenario(names(tokens), 4, 3)));
    document.waitForResult();
    const long long multiplied = rawProductCount();
    for (const double scale : {2.0, 0.5, 7.25}) {
        QVERIFY(document.setScoreScale(scale));
        document.waitForResult();
    }
    QVERIFY(document.setCausal(true));
    document.waitForResult();
    QVERIFY(document.setDivideBySqrtD(true));
    document.waitForResult();
    QCOMPARE(rawProductCount(), multiplied); // scale and switches: no product

    const auto [scores, weights] = plainAttention(document.scenario());
    VERIFY_ALL_NEAR(document.result().weights, weights, 1e-12);

    // A query moved: the products are multiplied again, once.
    QVERIFY(document.setVector(VectorKind::Query, 1, RowVector::Constant(4, 0.25)));
    document.waitForResult();
    QCOMPARE(rawProductCount(), multiplied + 1);
    VERIFY_ALL_NEAR(document.result().weights, plainAttention(document.scenario()).second, 1e-12);
}

void TestScaleOnly::comparisonSkipsTheProduct()
{
    Scenario s = randomScenario(names(70), 4, 11);
    const ScenarioResult first = compareResult(s, Flip::Causal);
    const long long multiplied = rawProductCount();
    const Scenario before = s;
    s.scoreScale = 4.0;
    const ScenarioResult second = compareResult(s, Flip::Causal, &before, &first);
    QCOMPARE(rawProductCount(), multiplied);
    VERIFY_ALL_NEAR(second.weights, plainAttention(flipped(s, Flip::Causal)).second, 1e-12);
    QVERIFY(second.weightsImage);
    QCOMPARE(second.weightsImage->scale, HeatmapScale::forWeights(70, true));
}

void TestScaleOnly::concurrentPassesShareTheProduct()
{
    // After an edit at large T the document's pass and the comparison's start at once: one
    // multiplies Q Kᵀ, the other waits for that table (or finds it made) and shares it.
    const Scenario s = randomScenario(names(400), 16, 21);
    const long long before = rawProductCount();
    ScenarioResult comparison;
    std::thread other([&] { comparison = compareResult(s, Flip::Causal); });
    const ScenarioResult document = s.compute();
    other.join();
    QCOMPARE(rawProductCount(), before + 1);
    QCOMPARE(document.products.get(), comparison.products.get());
    VERIFY_ALL_NEAR(document.weights, plainAttention(s).second, 1e-12);
    VERIFY_ALL_NEAR(comparison.weights, plainAttention(flipped(s, Flip::Causal)).second, 1e-12);

    // Another query: a table of its own, and the right one.
    Scenario moved = s;
    moved.queries(3, 2) += 0.5;
    const ScenarioResult third = moved.compute();
    QCOMPARE(rawProductCount(), before + 2);
    QVERIFY(third.products.get() != document.products.get());
    VERIFY_ALL_NEAR(third.weights, plainAttention(moved).second, 1e-12);

    // Where copies of Q and K would weigh more than a quarter of the table (d > T / 8), each
    // pass multiplies on its own.
    const Scenario wide = randomScenario(names(40), 16, 5);
    const ScenarioResult once = wide.compute();
    const ScenarioResult twice = wide.compute();
    QCOMPARE(rawProductCount(), before + 4);
    QCOMPARE(*once.products, *twice.products);
}

void TestScaleOnly::pooledImageMatchesCellByCell_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("relative");
    QTest::newRow("T=40, one pixel a cell") << 40 << true << false;
    QTest::newRow("T=300, relative, causal") << 300 << true << true;
    QTest::newRow("T=2100, blocks of 3, relative, causal") << 2100 << true << true;
    QTest::newRow("T=1500, blocks of 2, scores") << 1500 << false << false;
}

void TestScaleOnly::pooledImageMatchesCellByCell()
{
    QFETCH(int, tokens);
    QFETCH(bool, causal);
    QFETCH(bool, relative);
    Scenario s = randomScenario(names(tokens), 2, 5);
    s.causal = causal;
    s.scoreScale = 3.0;
    const ScenarioResult result = s.computeWithImages();
    const HeatmapImage &image = relative ? *result.weightsImage : *result.scoresImage;
    const Matrix m = relative ? result.weights : result.scores().toMatrix();
    QCOMPARE(image.scale.relative, relative);
    const int block = (tokens + 1023) / 1024;
    QCOMPARE(image.block, block);
    QCOMPARE(image.image.width(), (tokens + block - 1) / block);
    QCOMPARE(image.image.height(), image.image.width());
    const auto [lo, hi] = relative ? std::pair(-4.0, 4.0) : finiteRange(m);
    VERIFY_NEAR(image.minimum, lo, 0.0);
    VERIFY_NEAR(image.maximum, hi, 0.0);
    const QImage expected = oldPicture(m, image.scale, block, image.image.size(), lo, hi);
    // One step of the 256-colour table at most (a vectorised log may round the other way).
    QVERIFY2(largestChannelDifference(image.image, expected) <= 3,
             qPrintable(QString::number(largestChannelDifference(image.image, expected))));
}

void TestScaleOnly::scoresPictureFollowsTheFactor_data()
{
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("integers");
    QTest::newRow("full") << false << false;
    QTest::newRow("causal") << true << false;
    QTest::newRow("full, integer products") << false << true;
}

void TestScaleOnly::scoresPictureFollowsTheFactor()
{
    // A scale step keeps the products' picture and only moves the scores' range: within a
    // colour step of the scaled scores coloured cell by cell and of their picture made as before
    // (rounding may put a cell on a colour boundary the other way), and the plain loops' range
    // to the last bit. Integer products put many cells on such boundaries.
    QFETCH(bool, causal);
    QFETCH(bool, integers);
    Scenario s = randomScenario(names(300), 8, 13);
    if (integers) {
        s.queries = s.queries.array().round();
        s.keys = s.keys.array().round();
    }
    s.causal = causal;
    const ScenarioResult first = s.computeWithImages();
    QVERIFY(first.productsImage);
    for (const double scale : {2.75, 0.125, 40.0}) {
        Scenario after = s;
        after.scoreScale = scale;
        after.divideBySqrtD = scale < 1.0;
        const ScenarioResult second = after.computeWithImages(&s, &first);
        QCOMPARE(second.productsImage.get(), first.productsImage.get()); // not coloured again
        const HeatmapImage scaled = heatmapImage(second.scores(), second.scoresImage->scale);
        QVERIFY(largestChannelDifference(second.scoresImage->image, scaled.image) <= 3);
        QCOMPARE(second.scoresImage->minimum, scaled.minimum);
        QCOMPARE(second.scoresImage->maximum, scaled.maximum);
        const Matrix scores = plainAttention(after).first;
        const auto [lo, hi] = finiteRange(scores);
        QCOMPARE(second.scoresImage->minimum, lo);
        QCOMPARE(second.scoresImage->maximum, hi);
        const QImage expected =
            oldPicture(scores, second.scoresImage->scale, 1, QSize(300, 300), lo, hi);
        QVERIFY(largestChannelDifference(second.scoresImage->image, expected) <= 3);
    }
    // The other mask: another picture.
    Scenario switched = s;
    switched.causal = !causal;
    const ScenarioResult third = switched.computeWithImages(&s, &first);
    QVERIFY(third.productsImage.get() != first.productsImage.get());
    QCOMPARE(third.scoresImage->scale.masked, !causal);
    const HeatmapImage scaled = heatmapImage(third.scores(), third.scoresImage->scale);
    QVERIFY(largestChannelDifference(third.scoresImage->image, scaled.image) <= 3);

    // The document hands its last result's picture to the next step, on the worker (T = 300)
    // and on the GUI thread (T = 5), but not past a switch of the mask.
    for (const int tokens : {300, 5}) {
        ScenarioDocument document;
        QVERIFY(document.reset(randomScenario(names(tokens), 8, 13)));
        document.waitForResult();
        const SharedHeatmapImage kept = document.result().productsImage;
        QVERIFY(document.setScoreScale(6.0));
        document.waitForResult();
        QCOMPARE(document.result().productsImage.get(), kept.get());
        QVERIFY(document.setCausal(true));
        document.waitForResult();
        const ScenarioResult &masked = document.result();
        QVERIFY(masked.productsImage.get() != kept.get());
        QVERIFY(masked.scoresImage->scale.masked);
        const HeatmapImage own = heatmapImage(masked.scores(), masked.scoresImage->scale);
        QVERIFY(largestChannelDifference(masked.scoresImage->image, own.image) <= 3);
    }
}

void TestScaleOnly::flatScoresAreColouredAnew()
{
    // Where a factor does not move the scores' own range (a scale of 0, or every product the
    // same), the picture is the flat middle colour with one either side of the scores' value.
    // And where the scores' span is below the normal numbers, their picture is made from them.
    Scenario tiny = randomScenario(names(60), 4, 3);
    tiny.scoreScale = 1e-320;
    const ScenarioResult subnormal = tiny.computeWithImages();
    const HeatmapImage own = heatmapImage(subnormal.scores(), subnormal.scoresImage->scale);
    QCOMPARE(subnormal.scoresImage->image, own.image);
    QCOMPARE(subnormal.scoresImage->minimum, own.minimum);

    Scenario s = randomScenario(names(50), 4, 3);
    const ScenarioResult first = s.computeWithImages();
    Scenario zero = s;
    zero.scoreScale = 0.0;
    Scenario equal = s;
    equal.queries.setConstant(0.5);
    equal.keys.setConstant(2.0); // every product 4, every score 4 × 3 = 12
    equal.scoreScale = 3.0;
    const ScenarioResult flat[] = {zero.computeWithImages(&s, &first), equal.computeWithImages()};
    const double value[] = {0.0, 12.0};
    for (int k = 0; k < 2; ++k) {
        const HeatmapImage &picture = *flat[k].scoresImage;
        QCOMPARE(picture.minimum, value[k] - 1.0);
        QCOMPARE(picture.maximum, value[k] + 1.0);
        for (int y = 0; y < picture.image.height(); ++y)
            for (int x = 0; x < picture.image.width(); ++x)
                QCOMPARE(picture.image.pixel(x, y), Colormap::viridis(0.5));
    }
}

void TestScaleOnly::bandsMakeTheWholeTable_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("causal");
    QTest::newRow("T=37, full") << 37 << false;
    QTest::newRow("T=1100, causal, blocks of 2") << 1100 << true;
}

void TestScaleOnly::bandsMakeTheWholeTable()
{
    QFETCH(int, tokens);
    QFETCH(bool, causal);
    Scenario s = randomScenario(names(tokens), 3, 11);
    s.causal = causal;
    s.scoreScale = 2.5;
    const Matrix products = s.queries * s.keys.transpose();
    // pooledWeights(): every row handed on once, in order, already made.
    Matrix weights;
    Index next = 0;
    bool madeBeforeHandedOn = true;
    pooledWeights(
        products, s.scoreOptions(), s.dimension(), weights, [&](Index first, Index count) {
            QCOMPARE(first, next);
            next += count;
            const auto rows = weights.middleRows(first, count);
            madeBeforeHandedOn =
                madeBeforeHandedOn && (rows.rowwise().sum().array() - 1.0).abs().maxCoeff() < 1e-12;
        });
    QCOMPARE(next, Index(tokens));
    QVERIFY(madeBeforeHandedOn);
    // The scores read through the products' factor and mask are the plain loops' scores.
    const ScaledTable table(std::make_shared<const Matrix>(products),
                            effectiveScale(s.scoreOptions(), s.dimension()), causal);
    const Matrix scores = table.toMatrix();
    const auto [plainScores, plainWeights] = plainAttention(s);
    VERIFY_ALL_NEAR(finitePart(scores), finitePart(plainScores), 1e-12);
    QVERIFY(((scores.array() == minusInfinity) == (plainScores.array() == minusInfinity)).all());
    VERIFY_ALL_NEAR(weights, plainWeights, 1e-12);

    // A picture built from uneven bands is the picture built at once.
    for (const HeatmapScale &scale : {HeatmapScale::forWeights(tokens, causal), HeatmapScale(),
                                      HeatmapScale::forWeights(tokens, causal, false)}) {
        HeatmapImageBuilder builder(tokens, tokens, scale);
        for (Index first = 0, band = 1; first < tokens; first += band, band = band * 3 % 17 + 1)
            builder.add(weights.middleRows(first, std::min<Index>(band, tokens - first)));
        const HeatmapImage banded = builder.finish();
        const HeatmapImage whole = heatmapImage(weights, scale);
        QCOMPARE(banded.image, whole.image);
        QCOMPARE(banded.minimum, whole.minimum);
        QCOMPARE(banded.maximum, whole.maximum);
    }
    // The scores' picture, read band by band through the factor and mask, is the whole table's.
    HeatmapScale scoreScale;
    scoreScale.masked = causal;
    const HeatmapImage read = heatmapImage(table, scoreScale);
    const HeatmapImage made = heatmapImage(scores, scoreScale);
    QCOMPARE(read.image, made.image);
    QCOMPARE(read.minimum, made.minimum);
    QCOMPARE(read.maximum, made.maximum);

    // One-hot values: the output's picture is the weights on their own range, made only where
    // the output is drawn (T = 37); past 64 tokens there is none (T = 1100).
    const ScenarioResult result = s.computeWithImages();
    QCOMPARE(s.drawsOutput(), tokens <= 64);
    if (s.drawsOutput())
        QCOMPARE(result.outputImage->image, heatmapImage(result.weights, HeatmapScale()).image);
    else
        QVERIFY(!result.outputImage);
}

QTEST_GUILESS_MAIN(TestScaleOnly)
#include "tst_scaleonly.moc"
