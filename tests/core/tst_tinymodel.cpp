// Tests of core/tiny's layers and model: every forward/backward pair and the whole model against
// central differences in double, the batched forward against a plain-loop reference, the
// initialisation, the exchange with the file layer and the inference API.

#include "tiny/inference.h"
#include "tiny/layers.h"
#include "tiny/model.h"
#include "tiny/trainer.h"
#include "tinyreference.h"
#include "verifynear.h"

#include <QtTest>
#include <cmath>
#include <limits>

using namespace attention::tiny;
using namespace tinytest;

namespace {

using MatrixD = MatrixT<double>;
using RowD = RowVectorT<double>;

constexpr double gradientTolerance = 1e-6;

MatrixD randomMatrix(Index rows, Index cols, std::uint64_t seed, double scale = 1.0)
{
    attention::Random random(seed);
    return scale * random.normalMatrix(rows, cols);
}

/// Σ upstream ∘ out: a scalar whose gradient with respect to out is upstream.
double weightedSum(const MatrixD &upstream, const MatrixD &out)
{
    return upstream.cwiseProduct(out).sum();
}

/// The output layer's inputs: a (rows, width), tok_emb (vocab, width) and a target per row,
/// the second and the last without one (−1) when `withIgnored`; seeds from `seed` on.
struct OutputLayerCase
{
    OutputLayerCase(int rows, int vocab, int width, bool withIgnored, std::uint64_t seed)
        : a(randomMatrix(rows, width, seed))
        , tok(randomMatrix(vocab, width, seed + 1, 0.5))
        , targets(randomIds(rows, vocab, seed + 2))
    {
        if (withIgnored)
            targets[1] = targets[std::size_t(rows) - 1] = -1;
    }
    MatrixD a;
    MatrixD tok;
    std::vector<int> targets;
};

double g_maxError = 0.0;

/// Checks one analytic gradient against central differences of loss with respect to data.
void checkGradient(const char *what, const std::function<double()> &loss, double *data, Index size,
                   const double *analytic)
{
    const auto numeric = numericGradient(loss, data, size);
    const double error = relativeError(analytic, numeric);
    g_maxError = std::max(g_maxError, error);
    QVERIFY2(
        error <= gradientTolerance,
        qPrintable(QStringLiteral("%1: relative error %2").arg(QLatin1String(what)).arg(error)));
}

} // namespace

class TestTinyModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void embeddingGradient_data();
    void embeddingGradient();
    void layerNormGradient_data();
    void layerNormGradient();
    void attentionGradient_data();
    void attentionGradient();
    void mlpGradient_data();
    void mlpGradient();
    void outputGradient_data();
    void outputGradient();
    void fusedOutputMatchesUnfused_data();
    void fusedOutputMatchesUnfused();
    void predictionsStayInTheVocabulary();
    void noRowsAddNothing();
    void buffersServeAnotherVocabulary();
    void modelGradient_data();
    void modelGradient();
    void parallelPassMatchesSerial();
    void forwardMatchesReference_data();
    void forwardMatchesReference();
    void initialLossIsLogVocabulary();
    void initialisationFollowsSpec();
    void exportImportRoundTrip();
    void importRefusesBadTensors_data();
    void importRefusesBadTensors();
    void analysisMatchesReference();
    void sequenceGradientMatchesDouble();
    void samplingIsSeededAndCropped();
    void inferenceRefusesBadIds();
    void cleanupTestCase();
};

void TestTinyModel::embeddingGradient_data()
{
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("tokens");
    QTest::newRow("2 windows of 3") << 2 << 3;
    QTest::newRow("1 window of 6") << 1 << 6;
}

void TestTinyModel::embeddingGradient()
{
    QFETCH(int, batch);
    QFETCH(int, tokens);
    const BatchShape shape{batch, tokens};
    const int vocab = 5, d = 4;
    const auto ids = randomIds(batch * tokens, vocab, 3); // repeats ids: accumulation matters
    MatrixD tok = randomMatrix(vocab, d, 1), pos = randomMatrix(tokens, d, 2);
    const MatrixD upstream = randomMatrix(shape.rows(), d, 4);
    MatrixD x;
    const auto loss = [&] {
        embeddingForward(ids, shape, tok, pos, x);
        return weightedSum(upstream, x);
    };
    MatrixD dTok = MatrixD::Zero(vocab, d), dPos = MatrixD::Zero(tokens, d);
    embeddingBackward(upstream, ids, shape, dTok, dPos);
    checkGradient("tok_emb", loss, tok.data(), tok.size(), dTok.data());
    checkGradient("pos_emb", loss, pos.data(), pos.size(), dPos.data());
}

void TestTinyModel::layerNormGradient_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("width");
    QTest::newRow("5 x 8") << 5 << 8;
    QTest::newRow("3 x 4") << 3 << 4;
    QTest::newRow("1 x 16") << 1 << 16;
}

void TestTinyModel::layerNormGradient()
{
    QFETCH(int, rows);
    QFETCH(int, width);
    MatrixD x = randomMatrix(rows, width, 10);
    RowD gain = randomMatrix(1, width, 11, 0.5).array() + 1.0;
    RowD bias = randomMatrix(1, width, 12, 0.5);
    const MatrixD upstream = randomMatrix(rows, width, 13);
    MatrixD out;
    LayerNormCache<double> cache;
    const auto loss = [&] {
        layerNormForward(x, gain, bias, out, cache);
        return weightedSum(upstream, out);
    };
    loss();
    MatrixD dx = MatrixD::Zero(rows, width);
    RowD dGain = RowD::Zero(width), dBias = RowD::Zero(width);
    layerNormBackward(upstream, gain, cache, dx, dGain, dBias);
    checkGradient("x", loss, x.data(), x.size(), dx.data());
    checkGradient("gain", loss, gain.data(), gain.size(), dGain.data());
    checkGradient("bias", loss, bias.data(), bias.size(), dBias.data());
}

void TestTinyModel::attentionGradient_data()
{
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("heads");
    QTest::newRow("2 x 4, d 8, 2 heads") << 2 << 4 << 8 << 2;
    QTest::newRow("1 x 6, d 8, 1 head") << 1 << 6 << 8 << 1;
    QTest::newRow("3 x 5, d 6, 3 heads") << 3 << 5 << 6 << 3;
    QTest::newRow("1 x 1, d 4, 4 heads") << 1 << 1 << 4 << 4;
}

void TestTinyModel::attentionGradient()
{
    QFETCH(int, batch);
    QFETCH(int, tokens);
    QFETCH(int, width);
    QFETCH(int, heads);
    const BatchShape shape{batch, tokens};
    MatrixD a = randomMatrix(shape.rows(), width, 20);
    MatrixD wQ = randomMatrix(width, width, 21, 0.5), wK = randomMatrix(width, width, 22, 0.5);
    MatrixD wV = randomMatrix(width, width, 23, 0.5), wO = randomMatrix(width, width, 24, 0.5);
    const MatrixD upstream = randomMatrix(shape.rows(), width, 25);
    MatrixD out;
    AttentionCache<double> cache;
    const auto loss = [&] {
        attentionForward(a, wQ, wK, wV, wO, shape, heads, out, cache);
        return weightedSum(upstream, out);
    };
    loss();
    MatrixD da = MatrixD::Zero(shape.rows(), width);
    MatrixD dWQ = MatrixD::Zero(width, width), dWK = dWQ, dWV = dWQ, dWO = dWQ;
    attentionBackward(upstream, a, wQ, wK, wV, wO, shape, heads, cache, da, dWQ, dWK, dWV, dWO);
    checkGradient("a", loss, a.data(), a.size(), da.data());
    checkGradient("w_q", loss, wQ.data(), wQ.size(), dWQ.data());
    checkGradient("w_k", loss, wK.data(), wK.size(), dWK.data());
    checkGradient("w_v", loss, wV.data(), wV.size(), dWV.data());
    checkGradient("w_o", loss, wO.data(), wO.size(), dWO.data());
}

void TestTinyModel::mlpGradient_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("width");
    QTest::newRow("6 x 8") << 6 << 8;
    QTest::newRow("2 x 3") << 2 << 3;
}

void TestTinyModel::mlpGradient()
{
    QFETCH(int, rows);
    QFETCH(int, width);
    MatrixD a = randomMatrix(rows, width, 30);
    MatrixD wIn = randomMatrix(width, 4 * width, 31, 0.7);
    MatrixD wOut = randomMatrix(4 * width, width, 32, 0.5);
    const MatrixD upstream = randomMatrix(rows, width, 33);
    MatrixD out;
    MlpCache<double> cache;
    const auto loss = [&] {
        mlpForward(a, wIn, wOut, out, cache);
        return weightedSum(upstream, out);
    };
    loss();
    MatrixD da = MatrixD::Zero(rows, width);
    MatrixD dWIn = MatrixD::Zero(width, 4 * width), dWOut = MatrixD::Zero(4 * width, width);
    mlpBackward(upstream, a, wIn, wOut, cache, da, dWIn, dWOut);
    checkGradient("a", loss, a.data(), a.size(), da.data());
    checkGradient("w_in", loss, wIn.data(), wIn.size(), dWIn.data());
    checkGradient("w_out", loss, wOut.data(), wOut.size(), dWOut.data());
}

void TestTinyModel::outputGradient_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("vocab");
    QTest::addColumn<bool>("withIgnored");
    QTest::newRow("5 rows, V 11") << 5 << 11 << false;
    QTest::newRow("6 rows, V 7, some without target") << 6 << 7 << true;
}

void TestTinyModel::outputGradient()
{
    QFETCH(int, rows);
    QFETCH(int, vocab);
    QFETCH(bool, withIgnored);
    const int width = 8;
    OutputLayerCase inputs(rows, vocab, width, withIgnored, 40);
    MatrixD &a = inputs.a, &tok = inputs.tok;
    const std::vector<int> &targets = inputs.targets;
    MatrixD logits;
    std::vector<double> rowLosses;
    const auto loss = [&] {
        logitsForward(a, tok, logits);
        return crossEntropyForwardBackward(logits, targets, rowLosses);
    };
    // Each row's loss against −log softmax written out by hand, from the same logits.
    logitsForward(a, tok, logits);
    const MatrixD before = logits;
    const double mean = loss(); // logits now hold ∂loss/∂logits
    double sum = 0.0;
    int counted = 0;
    QCOMPARE(rowLosses.size(), std::size_t(rows));
    for (int n = 0; n < rows; ++n) {
        const int target = targets[std::size_t(n)];
        double expected = 0.0;
        if (target >= 0) {
            double total = 0.0;
            for (int v = 0; v < vocab; ++v)
                total += std::exp(before(n, v));
            expected = std::log(total) - before(n, target);
            sum += expected;
            ++counted;
        }
        QVERIFY2(std::abs(rowLosses[std::size_t(n)] - expected) <= 1e-12 * (1.0 + expected),
                 qPrintable(QStringLiteral("row %1: %2, expected %3")
                                .arg(n)
                                .arg(rowLosses[std::size_t(n)])
                                .arg(expected)));
    }
    QVERIFY(std::abs(mean - sum / counted) <= 1e-12 * (1.0 + mean));
    MatrixD da = MatrixD::Zero(rows, width), dTok = MatrixD::Zero(vocab, width);
    logitsBackward(logits, a, tok, da, dTok);
    checkGradient("a", loss, a.data(), a.size(), da.data());
    checkGradient("tok_emb", loss, tok.data(), tok.size(), dTok.data());
}

void TestTinyModel::fusedOutputMatchesUnfused_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("vocab");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("withIgnored");
    QTest::newRow("10 rows in blocks of 3, one thread") << 10 << 13 << 3 << 1 << true;
    QTest::newRow("10 rows in blocks of 3, two threads") << 10 << 13 << 3 << 2 << true;
    QTest::newRow("64 rows, V 300, blocks of 32, two threads") << 64 << 300 << 32 << 2 << false;
    QTest::newRow("7 rows, a block larger than them") << 7 << 5 << 64 << 2 << true;
    // The gradients' kernel takes 1,008 ids a chunk at this width: two chunks, the second short.
    QTest::newRow("50 rows, V 1,100, blocks of 48, two threads") << 50 << 1100 << 48 << 2 << true;
    QTest::newRow("2 rows, blocks of 1, two threads") << 2 << 9 << 1 << 2 << false;
}

void TestTinyModel::fusedOutputMatchesUnfused()
{
    QFETCH(int, rows);
    QFETCH(int, vocab);
    QFETCH(int, block);
    QFETCH(int, threads);
    QFETCH(bool, withIgnored);
    const int width = 8;
    OutputLayerCase inputs(rows, vocab, width, withIgnored, 43);
    MatrixD &a = inputs.a, &tok = inputs.tok;
    const std::vector<int> &targets = inputs.targets;
    // The three steps one after the other, with the (N, V) logits: the reference.
    MatrixD logits;
    std::vector<double> rowLosses;
    logitsForward(a, tok, logits);
    std::vector<int> best(static_cast<std::size_t>(rows));
    for (int n = 0; n < rows; ++n) {
        Index id = 0;
        logits.row(n).maxCoeff(&id);
        best[std::size_t(n)] = int(id);
    }
    const double mean = crossEntropyForwardBackward(logits, targets, rowLosses);
    MatrixD da = MatrixD::Zero(rows, width), dTok = MatrixD::Zero(vocab, width);
    logitsBackward(logits, a, tok, da, dTok);

    setThreadCount(threads);
    OutputLayerScratch<double> scratch;
    std::vector<double> fusedRowLosses;
    MatrixD fusedDa;
    MatrixD fusedDTok = MatrixD::Constant(vocab, width, 0.25); // it adds to what is there
    const double fusedMean = outputLayerForwardBackward(a, tok, targets, fusedRowLosses, fusedDa,
                                                        fusedDTok, scratch, block);
    setThreadCount(1);
    QVERIFY(std::abs(fusedMean - mean) <= 1e-12 * std::abs(mean));
    QCOMPARE(fusedRowLosses.size(), rowLosses.size());
    for (std::size_t n = 0; n < rowLosses.size(); ++n)
        QVERIFY(std::abs(fusedRowLosses[n] - rowLosses[n]) <= 1e-12 * (1.0 + rowLosses[n]));
    VERIFY_ALL_NEAR(fusedDa, da, 1e-12);
    VERIFY_ALL_NEAR(fusedDTok, (dTok.array() + 0.25).matrix(), 1e-12);

    // A validation's pass: the same losses, and each row's most likely id.
    setThreadCount(threads);
    std::vector<double> validationRowLosses;
    std::vector<int> predictions;
    const double validationMean =
        outputLayerLoss(a, tok, targets, validationRowLosses, predictions, scratch, block);
    setThreadCount(1);
    QVERIFY(std::abs(validationMean - mean) <= 1e-12 * std::abs(mean));
    for (std::size_t n = 0; n < rowLosses.size(); ++n)
        QVERIFY(std::abs(validationRowLosses[n] - rowLosses[n]) <= 1e-12 * (1.0 + rowLosses[n]));
    QCOMPARE(predictions, best);

    // And against central differences of its own loss, where the parameters are few enough.
    if (a.size() + tok.size() > 4000)
        return;
    MatrixD ignoredDa, ignoredDTok;
    const auto loss = [&] {
        ignoredDTok.setZero(vocab, width);
        return outputLayerForwardBackward(a, tok, targets, fusedRowLosses, ignoredDa, ignoredDTok,
                                          scratch, block);
    };
    fusedDTok.array() -= 0.25;
    checkGradient("a (fused)", loss, a.data(), a.size(), fusedDa.data());
    checkGradient("tok_emb (fused)", loss, tok.data(), tok.size(), fusedDTok.data());
}

void TestTinyModel::predictionsStayInTheVocabulary()
{
    // A row of NaN logits has no id equal to its maximum: its prediction is id 0, not one past
    // the vocabulary (the punctuation F1 looks the prediction up), and the other rows are whole.
    OutputLayerCase inputs(30, 60, 8, false, 44);
    inputs.a.row(7).setConstant(std::numeric_limits<double>::quiet_NaN());
    OutputLayerScratch<double> scratch;
    std::vector<double> rowLosses;
    std::vector<int> predictions;
    outputLayerLoss(inputs.a, inputs.tok, inputs.targets, rowLosses, predictions, scratch,
                    Index(16));
    QCOMPARE(predictions.size(), std::size_t(30));
    QCOMPARE(predictions[7], 0);
    const MatrixD logits = inputs.a * inputs.tok.transpose();
    for (Index n = 0; n < 30; ++n) {
        if (n == 7)
            continue;
        Index best = 0;
        logits.row(n).maxCoeff(&best);
        QCOMPARE(predictions[std::size_t(n)], int(best));
        QVERIFY(std::isfinite(rowLosses[std::size_t(n)]));
    }
}

void TestTinyModel::noRowsAddNothing()
{
    // An empty batch runs no block in any slice: a loss of 0, and ∂/∂tok_emb as it was.
    const MatrixD a(0, 8);
    const MatrixD tok = MatrixD::Constant(9, 8, 0.5);
    OutputLayerScratch<double> scratch;
    std::vector<double> rowLosses{1.0};
    MatrixD da = MatrixD::Ones(3, 3);
    MatrixD dTok = MatrixD::Constant(9, 8, 0.25);
    setThreadCount(2);
    const double mean =
        outputLayerForwardBackward(a, tok, {}, rowLosses, da, dTok, scratch, Index(4));
    setThreadCount(1);
    QCOMPARE(mean, 0.0);
    QVERIFY(rowLosses.empty());
    QCOMPARE(da.rows(), Index(0));
    QCOMPARE(da.cols(), Index(8));
    QVERIFY(dTok.isApproxToConstant(0.25));
}

void TestTinyModel::buffersServeAnotherVocabulary()
{
    // Buffers that served 47 ids, the last of them NaN, then serve 40 (the same padding of 48):
    // the same results as fresh buffers.
    OutputLayerCase large(20, 47, 8, false, 45);
    large.tok.row(46).setConstant(std::numeric_limits<double>::quiet_NaN());
    OutputLayerCase small(20, 40, 8, true, 46);
    OutputLayerScratch<double> used, fresh;
    std::vector<double> rowLosses, freshRowLosses;
    MatrixD da, dTok = MatrixD::Zero(47, 8);
    outputLayerForwardBackward(large.a, large.tok, large.targets, rowLosses, da, dTok, used, 8);
    MatrixD freshDa, freshDTok = MatrixD::Zero(40, 8);
    dTok.setZero(40, 8);
    const double mean =
        outputLayerForwardBackward(small.a, small.tok, small.targets, rowLosses, da, dTok, used, 8);
    const double freshMean = outputLayerForwardBackward(
        small.a, small.tok, small.targets, freshRowLosses, freshDa, freshDTok, fresh, 8);
    QCOMPARE(mean, freshMean);
    QVERIFY(da.allFinite());
    QCOMPARE(da, freshDa);
    QCOMPARE(dTok, freshDTok);
}

void TestTinyModel::modelGradient_data()
{
    QTest::addColumn<bool>("mlp");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("fused");
    QTest::newRow("MLP, 1 layer") << true << 1 << 6 << false;
    QTest::newRow("MLP, 2 layers") << true << 2 << 6 << false;
    QTest::newRow("no MLP, 1 layer") << false << 1 << 6 << false;
    QTest::newRow("no MLP, 2 layers") << false << 2 << 6 << false;
    QTest::newRow("MLP, 2 layers, T 4 < context") << true << 2 << 4 << false;
    // Training's pass: the output layer in blocks of 5 rows (12 rows: three blocks).
    QTest::newRow("MLP, 2 layers, output fused") << true << 2 << 6 << true;
    QTest::newRow("no MLP, 1 layer, output fused") << false << 1 << 6 << true;
}

void TestTinyModel::modelGradient()
{
    QFETCH(bool, mlp);
    QFETCH(int, layers);
    QFETCH(int, tokens);
    QFETCH(bool, fused);
    const ModelConfig config = smallConfig(mlp, layers);
    auto p = randomParameters(config, 50, 0.3);
    const BatchShape shape{2, tokens};
    Activations<double> acts;
    acts.output = fused ? OutputPass::Training : OutputPass::Logits;
    acts.outputBlockRows = 5;
    acts.ids = randomIds(int(shape.rows()), config.vocabSize, 51);
    acts.targets = randomIds(int(shape.rows()), config.vocabSize, 52);
    const auto loss = [&] {
        modelForward(p, shape, acts);
        return modelLoss(acts);
    };
    loss();
    Parameters<double> gradients;
    modelBackward(p, acts, gradients);
    const auto views = p.tensors();
    const auto gradientViews = gradients.tensors();
    const auto layout = tensorLayout(config);
    QCOMPARE(views.size(), layout.size());
    for (std::size_t i = 0; i < views.size(); ++i) {
        QCOMPARE(views[i].size, layout[i].elementCount());
        checkGradient(layout[i].name.c_str(), loss, views[i].data, views[i].size,
                      gradientViews[i].data);
    }
}

void TestTinyModel::parallelPassMatchesSerial()
{
    // Large enough that every layer splits its work among threads.
    ModelConfig config = smallConfig(true, 1);
    config.context = 16;
    config.dModel = 16;
    config.vocabSize = 300;
    const auto p = randomParameters(config, 55, 0.3);
    const BatchShape shape{8, config.context};
    std::vector<double> runs[2];
    for (int threads = 1; threads <= 2; ++threads) {
        setThreadCount(threads);
        Activations<double> acts;
        acts.ids = randomIds(int(shape.rows()), config.vocabSize, 56);
        acts.targets = randomIds(int(shape.rows()), config.vocabSize, 57);
        modelForward(p, shape, acts);
        runs[threads - 1].push_back(modelLoss(acts));
        Parameters<double> gradients;
        modelBackward(p, acts, gradients);
        for (const auto &view : gradients.tensors())
            runs[threads - 1].insert(runs[threads - 1].end(), view.data, view.data + view.size);
    }
    setThreadCount(1);
    QCOMPARE(runs[0].size(), runs[1].size());
    QVERIFY(relativeError(runs[1].data(), runs[0]) < 1e-12);
}

void TestTinyModel::forwardMatchesReference_data()
{
    modelGradient_data();
}

void TestTinyModel::forwardMatchesReference()
{
    QFETCH(bool, mlp);
    QFETCH(int, layers);
    QFETCH(int, tokens);
    const ModelConfig config = smallConfig(mlp, layers);
    const auto p = randomParameters(config, 60, 0.4);
    const BatchShape shape{3, tokens};
    Activations<double> acts;
    acts.ids = randomIds(int(shape.rows()), config.vocabSize, 61);
    acts.targets = windowTargets(acts.ids, tokens);
    modelForward(p, shape, acts);
    double referenceLoss = 0.0;
    for (int b = 0; b < shape.batch; ++b) {
        const std::vector<int> window(acts.ids.begin() + b * tokens,
                                      acts.ids.begin() + (b + 1) * tokens);
        const auto reference = referenceForward(p, window);
        referenceLoss += reference.loss / shape.batch;
        VERIFY_ALL_NEAR(acts.logits.block(b * tokens, 0, tokens, config.vocabSize),
                        reference.logits, 1e-10);
        for (int l = 0; l < layers; ++l) {
            for (int h = 0; h < config.heads; ++h) {
                const auto weights = acts.blocks[std::size_t(l)].attention.weights.block(
                    (b * config.heads + h) * tokens, 0, tokens, tokens);
                VERIFY_ALL_NEAR(weights, reference.attention[std::size_t(l)][std::size_t(h)],
                                1e-12);
            }
        }
    }
    VERIFY_NEAR(modelLoss(acts), referenceLoss, 1e-10);
}

void TestTinyModel::initialLossIsLogVocabulary()
{
    ModelConfig config;
    config.vocabSize = 300;
    config.context = 16;
    config.dModel = 32;
    config.heads = 4;
    const auto p = initParameters(config, 7);
    Activations<float> acts;
    const BatchShape shape{4, config.context};
    acts.ids = randomIds(int(shape.rows()), config.vocabSize, 8);
    acts.targets = randomIds(int(shape.rows()), config.vocabSize, 9);
    modelForward(p, shape, acts);
    VERIFY_NEAR(modelLoss(acts), std::log(double(config.vocabSize)), 0.1);
}

void TestTinyModel::initialisationFollowsSpec()
{
    ModelConfig config;
    config.vocabSize = 500;
    config.layers = 2;
    const auto p = initParameters(config, 3);
    const auto deviation = [](const MatrixT<float> &m) {
        const double mean = m.cast<double>().mean();
        return std::sqrt((m.cast<double>().array() - mean).square().mean());
    };
    VERIFY_NEAR(deviation(p.tokEmb), 0.02, 0.001);
    VERIFY_NEAR(deviation(p.blocks[0].wQ), 0.02, 0.002);
    VERIFY_NEAR(deviation(p.blocks[1].wIn), 0.02, 0.001);
    VERIFY_NEAR(deviation(p.blocks[0].wO), 0.02 / std::sqrt(4.0), 0.001);
    VERIFY_NEAR(deviation(p.blocks[1].wOut), 0.02 / std::sqrt(4.0), 0.0007);
    QVERIFY((p.blocks[1].ln2Gain.array() == 1.0f).all());
    QVERIFY((p.lnFBias.array() == 0.0f).all());
    QVERIFY(exportTensors(initParameters(config, 3)) == exportTensors(p));
    QVERIFY(exportTensors(initParameters(config, 4)) != exportTensors(p));
}

void TestTinyModel::exportImportRoundTrip()
{
    const ModelConfig config = smallConfig(true, 2);
    const auto p = randomParameters(config, 70, 0.5).cast<float>();
    const auto tensors = exportTensors(p);
    const auto layout = tensorLayout(config);
    QCOMPARE(tensors.size(), layout.size());
    for (std::size_t i = 0; i < layout.size(); ++i)
        QCOMPARE(long(tensors[i].size()), layout[i].elementCount());
    // Row-major: pos_emb (context, d) element (1, 2) is at 1·d + 2.
    QCOMPARE(tensors[1][std::size_t(config.dModel + 2)], p.posEmb(1, 2));
    QCOMPARE(tensors[5][3], p.blocks[0].wK(0, 3)); // ln1.gain, ln1.bias, w_q, w_k
    const auto back = importTensors(config, tensors);
    QVERIFY(back);
    QVERIFY(exportTensors(*back) == tensors);
    // V·d + C·d + per layer (2d + 4d² + 2d + 8d²) + 2d = 88 + 48 + 2 · 800 + 16.
    QCOMPARE(parameterCount(config), Index(88 + 48 + 2 * 800 + 16));
    QCOMPARE(back->config, config);
}

void TestTinyModel::importRefusesBadTensors_data()
{
    QTest::addColumn<int>("defect");
    QTest::newRow("missing tensor") << 0;
    QTest::newRow("extra tensor") << 1;
    QTest::newRow("wrong size") << 2;
    QTest::newRow("not finite") << 3;
    QTest::newRow("invalid config") << 4;
}

void TestTinyModel::importRefusesBadTensors()
{
    QFETCH(int, defect);
    ModelConfig config = smallConfig(false, 1);
    auto tensors = exportTensors(initParameters(config, 1));
    QVERIFY(importTensors(config, tensors));
    if (defect == 0)
        tensors.pop_back();
    else if (defect == 1)
        tensors.push_back({1.0f});
    else if (defect == 2)
        tensors[3].push_back(0.0f);
    else if (defect == 3)
        tensors[2][0] = NAN;
    else
        config.heads = 3;
    QVERIFY(!importTensors(config, tensors));
}

void TestTinyModel::analysisMatchesReference()
{
    const ModelConfig config = smallConfig(true, 2);
    const auto p = randomParameters(config, 80, 0.4).cast<float>();
    const auto pDouble = p.cast<double>();
    for (int tokens = 1; tokens <= config.context; ++tokens) {
        const auto ids = randomIds(tokens, config.vocabSize, std::uint64_t(81 + tokens));
        const auto analysis = analyseSequence(p, ids);
        QVERIFY(analysis);
        const auto reference = referenceForward(pDouble, ids);
        QCOMPARE(analysis->logits.rows(), Index(tokens));
        VERIFY_ALL_NEAR(analysis->logits.cast<double>(), reference.logits, 1e-4);
        VERIFY_NEAR(analysis->loss, reference.loss, 1e-5);
        for (Index t = 0; t < tokens; ++t) {
            const auto z = reference.logits.row(t);
            const double sum = (z.array() - z.maxCoeff()).exp().sum();
            for (Index id = 0; id < config.vocabSize; ++id)
                VERIFY_NEAR(analysis->probabilities(t, id), std::exp(z(id) - z.maxCoeff()) / sum,
                            1e-5);
        }
        QCOMPARE(analysis->attention.size(), std::size_t(config.layers));
        for (int l = 0; l < config.layers; ++l) {
            QCOMPARE(analysis->attention[std::size_t(l)].size(), std::size_t(config.heads));
            for (int h = 0; h < config.heads; ++h) {
                const auto &weights = analysis->attention[std::size_t(l)][std::size_t(h)];
                const auto &expected = reference.attention[std::size_t(l)][std::size_t(h)];
                VERIFY_ALL_NEAR(weights.cast<double>(), expected, 1e-5);
            }
        }
    }
}

void TestTinyModel::sequenceGradientMatchesDouble()
{
    const ModelConfig config = smallConfig(true, 1);
    const auto p = randomParameters(config, 90, 0.4).cast<float>();
    const std::vector<int> ids{3, 1, 4, 1, 5};
    const auto result = sequenceGradient(p, ids);
    QVERIFY(result);
    // The same gradient in double, from the batched pass with one window.
    const auto pDouble = p.cast<double>();
    Activations<double> acts;
    acts.ids = ids;
    acts.targets = {1, 4, 1, 5, -1};
    modelForward(pDouble, BatchShape{1, 5}, acts);
    VERIFY_NEAR(result->loss, modelLoss(acts), 1e-5);
    Parameters<double> expected;
    modelBackward(pDouble, acts, expected);
    const auto got = result->gradient.tensors();
    const auto want = expected.tensors();
    for (std::size_t i = 0; i < got.size(); ++i) {
        std::vector<double> wanted(want[i].data, want[i].data + want[i].size);
        std::vector<double> actual(got[i].data, got[i].data + got[i].size);
        QVERIFY(relativeError(actual.data(), wanted) < 1e-4);
    }
    QVERIFY(!sequenceGradient(p, {3}));
}

void TestTinyModel::samplingIsSeededAndCropped()
{
    const ModelConfig config = smallConfig(true, 1);
    const auto p = randomParameters(config, 100, 0.5).cast<float>();
    const std::vector<int> prompt{1, 2};
    const auto first = sampleContinuation(p, prompt, 12, 1.0, 5);
    QVERIFY(first);
    QCOMPARE(first->size(), std::size_t(12));
    QVERIFY(sampleContinuation(p, prompt, 12, 1.0, 5) == first);
    // Greedy sampling follows the reference's most likely next id other than 0.
    const auto greedy = sampleContinuation(p, prompt, 8, 0.0, 1);
    std::vector<int> sequence = prompt;
    for (const int id : *greedy) {
        const std::vector<int> window(
            sequence.end() - std::min<long>(long(sequence.size()), config.context), sequence.end());
        const auto reference = referenceForward(p.cast<double>(), window);
        Index best = 0;
        reference.logits.row(reference.logits.rows() - 1)
            .tail(config.vocabSize - 1)
            .maxCoeff(&best);
        QCOMPARE(id, int(best) + 1);
        sequence.push_back(id);
    }
    // Id 0, the unknown character, is never drawn, even where it is likely: at a temperature of
    // 10 the distribution is close to uniform, so 600 draws would hit it about 600 / V times.
    const auto hot = sampleContinuation(p, prompt, 600, 10.0, 3);
    QVERIFY(hot);
    QVERIFY(std::find(hot->begin(), hot->end(), 0) == hot->end());
    const auto flat = nextDistribution(p, prompt, 10.0);
    QVERIFY((*flat)[0] * 600.0 > 20.0); // it would have been drawn
    // Longer than the context: the distribution of the last `context` ids.
    const auto longIds = randomIds(config.context + 3, config.vocabSize, 101);
    const std::vector<int> tail(longIds.end() - config.context, longIds.end());
    const auto cropped = nextDistribution(p, longIds, 0.7);
    QVERIFY(cropped);
    QVERIFY(cropped == nextDistribution(p, tail, 0.7));
    double total = 0.0;
    for (const double value : *cropped)
        total += value;
    VERIFY_NEAR(total, 1.0, 1e-12);
}

void TestTinyModel::inferenceRefusesBadIds()
{
    const ModelConfig config = smallConfig(false, 1);
    const auto p = initParameters(config, 1);
    QVERIFY(!analyseSequence(p, {}));
    QVERIFY(!analyseSequence(p, std::vector<int>(std::size_t(config.context + 1), 0)));
    QVERIFY(!analyseSequence(p, {0, config.vocabSize}));
    QVERIFY(!analyseSequence(p, {-1}));
    QVERIFY(!sampleContinuation(p, {}, 3, 1.0, 1));
    QVERIFY(!nextDistribution(p, {0, 99}, 1.0));
}

void TestTinyModel::cleanupTestCase()
{
    qInfo("largest relative gradient error: %.3g", g_maxError);
}

QTEST_APPLESS_MAIN(TestTinyModel)
#include "tst_tinymodel.moc"
