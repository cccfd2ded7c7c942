// Tests of core/tiny/inference and core/tiny/windows: a head's queries, keys and values give its
// weights and match the plain-loop reference; the loss at each position of a sequence against
// −ln p computed by hand from the reference's logits; the window cut and loop that every
// measurement over a text shares, against windows run one by one.

#include "tiny/inference.h"
#include "tiny/trainer.h"
#include "tiny/windows.h"
#include "tinyreference.h"
#include "verifynear.h"

#include <QtTest>
#include <cmath>

using namespace attention::tiny;
using namespace tinytest;

class TestInference : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setThreadCount(1); }
    void projectionsGiveTheWeights_data();
    void projectionsGiveTheWeights();
    void projectionsRefuseBadInput();
    void lossesAreMinusLogP_data();
    void lossesAreMinusLogP();
    void windowsAreCutAsForValLoss_data();
    void windowsAreCutAsForValLoss();
    void theLoopRunsEachWindow();
    void theLoopRefusesBadIds();
};

void TestInference::projectionsGiveTheWeights_data()
{
    QTest::addColumn<bool>("mlp");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("tokens");
    QTest::newRow("MLP, 1 layer") << true << 1 << 6;
    QTest::newRow("MLP, 2 layers") << true << 2 << 6;
    QTest::newRow("no MLP, 1 layer") << false << 1 << 6;
    QTest::newRow("no MLP, 2 layers") << false << 2 << 6;
    QTest::newRow("MLP, 2 layers, T 3 < context") << true << 2 << 3;
    QTest::newRow("no MLP, 2 layers, T 1") << false << 2 << 1;
}

void TestInference::projectionsGiveTheWeights()
{
    QFETCH(bool, mlp);
    QFETCH(int, layers);
    QFETCH(int, tokens);
    const ModelConfig config = smallConfig(mlp, layers);
    const auto p = randomParameters(config, 200, 0.4).cast<float>();
    const auto ids = randomIds(tokens, config.vocabSize, 201);
    const auto analysis = analyseSequence(p, ids);
    QVERIFY(analysis);
    const auto reference = referenceForward(p.cast<double>(), ids);
    const Index dHead = config.dHead();
    for (int l = 0; l < layers; ++l) {
        for (int h = 0; h < config.heads; ++h) {
            const auto projections = headProjections(p, ids, l, h);
            QVERIFY(projections);
            const attention::Matrix q = projections->queries.cast<double>();
            const attention::Matrix k = projections->keys.cast<double>();
            const attention::Matrix v = projections->values.cast<double>();
            QCOMPARE(q.rows(), Index(tokens));
            QCOMPARE(q.cols(), dHead);
            QCOMPARE(k.rows(), Index(tokens));
            QCOMPARE(v.cols(), dHead);
            // softmax(causal(q kᵀ / √d_head)) is the model's own weights.
            attention::Matrix weights = q * k.transpose() / std::sqrt(double(dHead)); // (T, T)
            for (Index t = 0; t < tokens; ++t) {
                auto row = weights.row(t).head(t + 1);
                row = (row.array() - row.maxCoeff()).exp().matrix();
                row /= row.sum();
                weights.row(t).tail(tokens - t - 1).setZero();
            }
            const auto &model = analysis->attention[std::size_t(l)][std::size_t(h)];
            VERIFY_ALL_NEAR(weights, model.cast<double>(), 1e-5);
            // And q, k, v are the plain-loop reference's columns of this head.
            const auto columns = [&](const std::vector<attention::Matrix> &all) {
                return attention::Matrix(all[std::size_t(l)].middleCols(h * dHead, dHead));
            };
            VERIFY_ALL_NEAR(q, columns(reference.queries), 1e-5);
            VERIFY_ALL_NEAR(k, columns(reference.keys), 1e-5);
            VERIFY_ALL_NEAR(v, columns(reference.values), 1e-5);
        }
    }
}

void TestInference::projectionsRefuseBadInput()
{
    const ModelConfig config = smallConfig(true, 2);
    const auto p = randomParameters(config, 210, 0.4).cast<float>();
    const std::vector<int> ids{1, 2, 3};
    QVERIFY(headProjections(p, ids, 1, 1));
    QVERIFY(!headProjections(p, ids, -1, 0));
    QVERIFY(!headProjections(p, ids, config.layers, 0));
    QVERIFY(!headProjections(p, ids, 0, -1));
    QVERIFY(!headProjections(p, ids, 0, config.heads));
    QVERIFY(!headProjections(p, {}, 0, 0));
    QVERIFY(!headProjections(p, std::vector<int>(std::size_t(config.context) + 1, 1), 0, 0));
    QVERIFY(!headProjections(p, {1, config.vocabSize}, 0, 0));
    QVERIFY(!headProjections(p, {-1, 2}, 0, 0));
}

void TestInference::lossesAreMinusLogP_data()
{
    QTest::addColumn<bool>("mlp");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("tokens");
    QTest::newRow("MLP, 2 layers, a whole context") << true << 2 << 6;
    QTest::newRow("no MLP, 1 layer, 4 tokens") << false << 1 << 4;
    QTest::newRow("2 tokens: one prediction") << true << 2 << 2;
    QTest::newRow("1 token: none") << true << 1 << 1;
}

void TestInference::lossesAreMinusLogP()
{
    QFETCH(bool, mlp);
    QFETCH(int, layers);
    QFETCH(int, tokens);
    const ModelConfig config = smallConfig(mlp, layers);
    const auto p = randomParameters(config, 220, 0.4).cast<float>();
    const auto ids = randomIds(tokens, config.vocabSize, 221);
    const auto analysis = analyseSequence(p, ids);
    QVERIFY(analysis);
    QCOMPARE(analysis->losses.size(), std::size_t(tokens - 1));
    // −ln softmax(logits_t)[id_{t+1}] from the reference's logits, written out.
    const ReferenceResult reference = referenceForward(p.cast<double>(), ids);
    double sum = 0.0;
    for (int t = 0; t + 1 < tokens; ++t) {
        double total = 0.0;
        for (int v = 0; v < config.vocabSize; ++v)
            total += std::exp(reference.logits(t, v));
        const double expected = std::log(total) - reference.logits(t, ids[std::size_t(t + 1)]);
        VERIFY_NEAR(analysis->losses[std::size_t(t)], expected, 1e-5);
        sum += analysis->losses[std::size_t(t)];
    }
    VERIFY_NEAR(analysis->loss, tokens > 1 ? sum / (tokens - 1) : 0.0, 1e-12);
}

void TestInference::windowsAreCutAsForValLoss_data()
{
    QTest::addColumn<long>("length");
    QTest::addColumn<int>("context");
    QTest::addColumn<long>("maxWindows");
    QTest::addColumn<long>("windows");
    QTest::addColumn<int>("tokens");
    QTest::newRow("empty") << 0L << 8 << 0L << 0L << 0;
    QTest::newRow("one character") << 1L << 8 << 0L << 1L << 1;
    QTest::newRow("a probe shorter than the context") << 5L << 8 << 0L << 1L << 5;
    QTest::newRow("exactly the context: one window") << 8L << 8 << 0L << 1L << 8;
    QTest::newRow("context + 1: one validation window") << 9L << 8 << 0L << 1L << 8;
    QTest::newRow("2 context: still one (no target for the last)") << 16L << 8 << 0L << 1L << 8;
    QTest::newRow("2 context + 1: two") << 17L << 8 << 0L << 2L << 8;
    QTest::newRow("100 characters of context 8") << 100L << 8 << 0L << 12L << 8;
    QTest::newRow("at most 5") << 100L << 8 << 5L << 5L << 8;
}

void TestInference::windowsAreCutAsForValLoss()
{
    QFETCH(long, length);
    QFETCH(int, context);
    QFETCH(long, maxWindows);
    const WindowCut cut = cutWindows(length, context, maxWindows);
    QTEST(cut.windows, "windows");
    QTEST(cut.tokens, "tokens");
}

void TestInference::theLoopRunsEachWindow()
{
    // 3 windows of 6 and a rest, in passes of 2: each window's weights and losses are those of
    // that window alone, the targets the next ids (the last window's last too: it has one).
    const ModelConfig config = smallConfig(true, 2);
    const auto p = randomParameters(config, 230, 0.4).cast<float>();
    const auto ids = randomIds(3 * config.context + 2, config.vocabSize, 231);
    const WindowCut cut = cutWindows(long(ids.size()), config.context);
    QCOMPARE(cut.windows, 3L);
    // What each pass held, per window: the targets, the losses, every head's weights.
    struct Seen
    {
        long window;
        std::vector<int> targets;
        std::vector<double> losses;
        std::vector<attention::MatrixF> weights; ///< layer by layer, head by head
    };
    std::vector<Seen> seen;
    const int T = config.context;
    const bool ran = forEachWindowBatch(
        p, ids, cut, 2, OutputPass::Logits, [&](long first, int count, Activations<float> &acts) {
            modelLoss(acts);
            for (int b = 0; b < count; ++b) {
                Seen window{first + b, {}, {}, {}};
                for (int t = 0; t < T; ++t) {
                    window.targets.push_back(acts.targets[std::size_t(b * T + t)]);
                    window.losses.push_back(acts.rowLosses[std::size_t(b * T + t)]);
                }
                for (int l = 0; l < config.layers; ++l)
                    for (int h = 0; h < config.heads; ++h)
                        window.weights.push_back(
                            acts.blocks[std::size_t(l)].attention.weights.block(
                                (b * config.heads + h) * T, 0, T, T));
                seen.push_back(std::move(window));
            }
            return true;
        });
    QVERIFY(ran);
    QCOMPARE(int(seen.size()), 3);
    for (const Seen &window : seen) {
        const long j = window.window;
        QCOMPARE(j, long(&window - seen.data()));
        const std::vector<int> inputs(ids.begin() + j * T, ids.begin() + (j + 1) * T);
        const auto alone = analyseSequence(p, inputs);
        for (int t = 0; t < T; ++t) {
            QCOMPARE(window.targets[std::size_t(t)], ids[std::size_t(j * T + t + 1)]);
            // The window alone has no next id for its last position: compare the others.
            if (t + 1 < T)
                VERIFY_NEAR(window.losses[std::size_t(t)], alone->losses[std::size_t(t)], 1e-5);
        }
        for (int l = 0; l < config.layers; ++l)
            for (int h = 0; h < config.heads; ++h)
                VERIFY_ALL_NEAR(window.weights[std::size_t(l * config.heads + h)],
                                alone->attention[std::size_t(l)][std::size_t(h)], 1e-6);
    }
    // A visitor that stops ends the loop.
    int passes = 0;
    QVERIFY(!forEachWindowBatch(p, ids, cut, 1, OutputPass::BlocksOnly,
                                [&](long, int, Activations<float> &) { return ++passes < 2; }));
    QCOMPARE(passes, 2);
}

void TestInference::theLoopRefusesBadIds()
{
    const ModelConfig config = smallConfig(false, 1);
    const auto p = randomParameters(config, 240, 0.4).cast<float>();
    auto ids = randomIds(20, config.vocabSize, 241);
    ids[7] = config.vocabSize;
    bool visited = false;
    const auto visit = [&visited](long, int, Activations<float> &) {
        visited = true;
        return true;
    };
    QVERIFY(
        !forEachWindowBatch(p, ids, cutWindows(20, config.context), 4, OutputPass::Logits, visit));
    ids[7] = -1;
    QVERIFY(
        !forEachWindowBatch(p, ids, cutWindows(20, config.context), 4, OutputPass::Logits, visit));
    QVERIFY(!visited); // refused before anything ran
}

QTEST_GUILESS_MAIN(TestInference)
#include "tst_inference.moc"
