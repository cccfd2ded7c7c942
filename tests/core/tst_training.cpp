// Tests of core/tiny/trainer: the learning-rate schedule, clipping and AdamW against hand
// computations, the evaluation against the spec's definitions computed separately, determinism,
// and learning: one window over-fitted, a copy task learned well below the unigram baseline.

#include "tiny/inference.h"
#include "tiny/trainer.h"
#include "tinyreference.h"
#include "verifynear.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace attention::tiny;
using namespace tinytest;

Q_DECLARE_METATYPE(std::vector<float>)

namespace {

/// ids where id_t repeats id_{t−lag} with probability `keep`, else is uniform in [0, vocab).
std::vector<int> copyTask(int count, int vocab, int lag, double keep, std::uint64_t seed)
{
    attention::Random random(seed);
    std::vector<int> ids(std::size_t(count), 0);
    for (std::size_t t = 0; t < ids.size(); ++t) {
        const bool copy = t >= std::size_t(lag) && random.uniform() < keep;
        ids[t] = copy ? ids[t - std::size_t(lag)] : int(random.nextBits() % std::uint64_t(vocab));
    }
    return ids;
}

/// The spec's unigram_val_loss: mean over val of −ln((n(id) + 1) / (N + V)).
double unigramLoss(const std::vector<int> &train, const std::vector<int> &val, int vocab)
{
    std::vector<double> counts(std::size_t(vocab), 0.0);
    for (const int id : train)
        counts[std::size_t(id)] += 1.0;
    double sum = 0.0;
    for (const int id : val)
        sum -=
            std::log((counts[std::size_t(id)] + 1.0) / double(train.size() + std::size_t(vocab)));
    return sum / double(val.size());
}

ModelConfig copyConfig()
{
    ModelConfig config;
    config.vocabSize = 11;
    config.context = 16;
    config.dModel = 32;
    config.heads = 2;
    return config;
}

} // namespace

class TestTraining : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setThreadCount(1); }
    void learningRateSchedule_data();
    void learningRateSchedule();
    void clippingScalesGlobalNorm_data();
    void clippingScalesGlobalNorm();
    void adamWOneParameter_data();
    void adamWOneParameter();
    void adamWDecaysOnlyMatrices();
    void checkRefusesBadInput_data();
    void checkRefusesBadInput();
    void evaluationFollowsDefinition();
    void sameSeedSameLosses_data();
    void sameSeedSameLosses();
    void threadCountOnlyChangesRounding();
    void overfitsOneWindow();
    void learnsCopyTask();
    void keepsBestParameters();
};

void TestTraining::learningRateSchedule_data()
{
    QTest::addColumn<int>("steps");
    QTest::addColumn<int>("warmup");
    QTest::addColumn<int>("step");
    QTest::addColumn<double>("expected");
    // lr 1: warm-up (s + 1)/warmup, then 0.1 + 0.9 · ½(1 + cos(π · progress)).
    QTest::newRow("first warm-up step") << 13 << 4 << 0 << 0.25;
    QTest::newRow("second warm-up step") << 13 << 4 << 1 << 0.5;
    QTest::newRow("last warm-up step") << 13 << 4 << 3 << 1.0;
    QTest::newRow("decay starts at the peak") << 13 << 4 << 4 << 1.0;
    QTest::newRow("half way down") << 13 << 4 << 8 << 0.55;
    QTest::newRow("a quarter down") << 13 << 4 << 6 << 0.1 + 0.45 * (1.0 + std::sqrt(0.5));
    QTest::newRow("last step is lr/10") << 13 << 4 << 12 << 0.1;
    QTest::newRow("past the end") << 13 << 4 << 20 << 0.1;
    QTest::newRow("no warm-up, first step") << 5 << 0 << 0 << 1.0;
    QTest::newRow("no warm-up, middle") << 5 << 0 << 2 << 0.55;
}

void TestTraining::learningRateSchedule()
{
    QFETCH(int, steps);
    QFETCH(int, warmup);
    QFETCH(int, step);
    QFETCH(double, expected);
    TrainingSettings settings;
    settings.learningRate = 1.0;
    settings.steps = steps;
    settings.warmup = warmup;
    VERIFY_NEAR(learningRateAt(settings, step), expected, 1e-12);
    settings.learningRate = 0.004;
    VERIFY_NEAR(learningRateAt(settings, step), 0.004 * expected, 1e-14);
}

void TestTraining::clippingScalesGlobalNorm_data()
{
    QTest::addColumn<std::vector<float>>("first");
    QTest::addColumn<std::vector<float>>("second");
    QTest::addColumn<double>("norm");
    QTest::addColumn<double>("factor");
    QTest::newRow("norm 5 clipped to 1")
        << std::vector<float>{3.0f} << std::vector<float>{4.0f} << 5.0 << 1.0 / (5.0 + 1e-6);
    QTest::newRow("norm 13 over two tensors")
        << std::vector<float>{3.0f, 4.0f} << std::vector<float>{12.0f} << 13.0
        << 1.0 / (13.0 + 1e-6);
    QTest::newRow("norm 0.5 untouched")
        << std::vector<float>{0.3f} << std::vector<float>{-0.4f} << 0.5 << 1.0;
}

void TestTraining::clippingScalesGlobalNorm()
{
    QFETCH(std::vector<float>, first);
    QFETCH(std::vector<float>, second);
    QFETCH(double, norm);
    QFETCH(double, factor);
    const auto before = first;
    const auto secondBefore = second;
    const std::vector<TensorView<float>> views{{first.data(), Index(first.size()), true},
                                               {second.data(), Index(second.size()), false}};
    VERIFY_NEAR(clipGradientNorm(views, 1.0), norm, 1e-6);
    for (std::size_t i = 0; i < first.size(); ++i)
        VERIFY_NEAR(first[i], before[i] * factor, 1e-6);
    VERIFY_NEAR(second[0], secondBefore[0] * factor, 1e-6);
}

void TestTraining::adamWOneParameter_data()
{
    QTest::addColumn<bool>("matrix");
    QTest::addColumn<double>("afterFirst");
    // Step 1, p = 1, g = 0.5, lr 0.1, decay 0.5: m̂ = 0.5, v̂ = 0.25, so the Adam step is
    // 0.5 / (0.5 + 1e-8) ≈ 1 and p = 1 − 0.1 · 0.5 · 1 (matrix only) − 0.1 · 1.
    QTest::newRow("matrix: decayed") << true << 0.85;
    QTest::newRow("gain: not decayed") << false << 0.9;
}

void TestTraining::adamWOneParameter()
{
    QFETCH(bool, matrix);
    QFETCH(double, afterFirst);
    const double lr = 0.1, decay = 0.5;
    float parameter = 1.0f, gradient = 0.5f;
    AdamW optimizer({1}, decay);
    const std::vector<TensorView<float>> p{{&parameter, 1, matrix}};
    const std::vector<TensorView<float>> g{{&gradient, 1, matrix}};
    optimizer.update(p, g, lr);
    VERIFY_NEAR(parameter, afterFirst, 1e-6);
    // Steps 2 and 3 written out from the AdamW formulas in double.
    double m = 0.1 * 0.5, v = 0.01 * 0.25, expected = afterFirst;
    int t = 1;
    for (const double next : {-0.25, 1.0}) {
        ++t;
        m = 0.9 * m + 0.1 * next;
        v = 0.99 * v + 0.01 * next * next;
        const double mHat = m / (1.0 - std::pow(0.9, t));
        const double vHat = v / (1.0 - std::pow(0.99, t));
        expected -= (matrix ? lr * decay * expected : 0.0) + lr * mHat / (std::sqrt(vHat) + 1e-8);
        gradient = float(next);
        optimizer.update(p, g, lr);
        VERIFY_NEAR(parameter, expected, 1e-6);
    }
}

void TestTraining::adamWDecaysOnlyMatrices()
{
    std::vector<float> matrix{2.0f, -4.0f}, gain{2.0f}, zeros{0.0f, 0.0f};
    AdamW optimizer({2, 1}, 0.1);
    optimizer.update({{matrix.data(), 2, true}, {gain.data(), 1, false}},
                     {{zeros.data(), 2, true}, {zeros.data(), 1, false}}, 0.01);
    // With a zero gradient only the decay moves a parameter: p (1 − lr · decay).
    VERIFY_NEAR(matrix[0], 2.0 * (1.0 - 0.001), 1e-7);
    VERIFY_NEAR(matrix[1], -4.0 * (1.0 - 0.001), 1e-7);
    QCOMPARE(gain[0], 2.0f);
}

void TestTraining::checkRefusesBadInput_data()
{
    QTest::addColumn<int>("defect");
    QTest::addColumn<int>("error");
    QTest::newRow("heads do not divide d_model") << 0 << int(TrainerError::Config);
    QTest::newRow("zero steps") << 1 << int(TrainerError::Settings);
    QTest::newRow("zero batch") << 2 << int(TrainerError::Settings);
    QTest::newRow("training shorter than a window") << 3 << int(TrainerError::TrainingTooShort);
    QTest::newRow("id out of range") << 4 << int(TrainerError::IdOutOfRange);
}

void TestTraining::checkRefusesBadInput()
{
    QFETCH(int, defect);
    QFETCH(int, error);
    ModelConfig config = copyConfig();
    TrainingSettings settings;
    std::vector<int> ids = copyTask(100, config.vocabSize, 3, 0.9, 1);
    QVERIFY(!Trainer::check(config, settings, ids));
    if (defect == 0)
        config.heads = 3;
    else if (defect == 1)
        settings.steps = 0;
    else if (defect == 2)
        settings.batch = 0;
    else if (defect == 3)
        ids.resize(std::size_t(config.context));
    else
        ids[50] = config.vocabSize;
    const auto result = Trainer::check(config, settings, ids);
    QVERIFY(result);
    QCOMPARE(int(*result), error);
}

void TestTraining::evaluationFollowsDefinition()
{
    ModelConfig config = smallConfig(true, 1);
    const auto p = randomParameters(config, 5, 0.6).cast<float>();
    const int context = config.context;
    const auto val = randomIds(3 * context + 2, config.vocabSize, 6); // n = 3, one id unused
    // The windows' logits from the single-sequence pass, and their most likely ids.
    std::vector<attention::Matrix> logits;
    std::vector<int> guesses(std::size_t(config.vocabSize), 0);
    for (int j = 0; j < 3; ++j) {
        const std::vector<int> inputs(val.begin() + j * context, val.begin() + (j + 1) * context);
        logits.push_back(analyseSequence(p, inputs)->logits.cast<double>());
        for (int t = 0; t < context; ++t) {
            Index best = 0;
            logits.back().row(t).maxCoeff(&best);
            ++guesses[std::size_t(best)];
        }
    }
    // Marks: the most often guessed id and the most frequent next id, so that no count is zero.
    std::vector<int> nexts(std::size_t(config.vocabSize), 0);
    for (int n = 1; n <= 3 * context; ++n)
        ++nexts[std::size_t(val[std::size_t(n)])];
    const std::vector<int> marks{
        int(std::max_element(guesses.begin(), guesses.end()) - guesses.begin()),
        int(std::max_element(nexts.begin(), nexts.end()) - nexts.begin())};
    const auto result = evaluate(p, val, marks, 2); // batches of 2 and 1 windows
    QVERIFY(result);
    QCOMPARE(result->predictions, long(3 * context));
    double loss = 0.0;
    long both = 0, predicted = 0, actual = 0;
    const auto isMark = [&marks](long id) { return id == marks[0] || id == marks[1]; };
    for (int j = 0; j < 3; ++j) {
        const auto &z = logits[std::size_t(j)];
        for (int t = 0; t < context; ++t) {
            const int target = val[std::size_t(j * context + t + 1)];
            const double maximum = z.row(t).maxCoeff();
            const double logSum = std::log((z.row(t).array() - maximum).exp().sum()) + maximum;
            loss += (logSum - z(t, target)) / double(3 * context);
            Index best = 0;
            z.row(t).maxCoeff(&best);
            predicted += isMark(best);
            actual += isMark(target);
            both += isMark(best) && isMark(target);
        }
    }
    VERIFY_NEAR(result->valLoss, loss, 1e-5);
    QVERIFY(both > 0);
    const double precision = double(both) / double(predicted);
    const double recall = double(both) / double(actual);
    VERIFY_NEAR(result->punctuationF1, 2.0 * precision * recall / (precision + recall), 1e-12);
    QVERIFY(!evaluate(p, std::vector<int>(std::size_t(context), 0), marks));
}

void TestTraining::sameSeedSameLosses_data()
{
    QTest::addColumn<int>("threads");
    QTest::newRow("1 thread") << 1;
    QTest::newRow("2 threads") << 2;
}

void TestTraining::sameSeedSameLosses()
{
    QFETCH(int, threads);
    const ModelConfig config = copyConfig();
    TrainingSettings settings;
    settings.batch = 8;
    settings.steps = 6;
    settings.threads = threads;
    const auto ids = copyTask(2000, config.vocabSize, 3, 0.9, 2);
    const auto run = [&](std::uint64_t seed) {
        settings.seed = seed;
        Trainer trainer(config, settings, ids);
        std::vector<double> losses;
        for (int i = 0; i < settings.steps; ++i)
            losses.push_back(trainer.step());
        return losses;
    };
    const auto first = run(11);
    QVERIFY(run(11) == first); // bit-identical
    QVERIFY(run(12) != first);
    QVERIFY(first.back() < first.front());
    setThreadCount(1);
}

void TestTraining::threadCountOnlyChangesRounding()
{
    const ModelConfig config = copyConfig();
    TrainingSettings settings;
    settings.batch = 8;
    settings.steps = 4;
    const auto ids = copyTask(2000, config.vocabSize, 3, 0.9, 3);
    std::vector<double> losses[2];
    for (int threads = 1; threads <= 2; ++threads) {
        settings.threads = threads;
        Trainer trainer(config, settings, ids);
        for (int i = 0; i < settings.steps; ++i)
            losses[threads - 1].push_back(trainer.step());
    }
    setThreadCount(1);
    for (int i = 0; i < settings.steps; ++i)
        VERIFY_NEAR(losses[1][std::size_t(i)], losses[0][std::size_t(i)], 1e-4);
}

void TestTraining::overfitsOneWindow()
{
    ModelConfig config = smallConfig(true, 1);
    config.context = 8;
    config.dModel = 16;
    TrainingSettings settings;
    settings.batch = 2;
    settings.steps = 150;
    settings.warmup = 10;
    settings.learningRate = 1e-2;
    settings.weightDecay = 0.0;
    // Exactly context + 1 ids: every batch is this one window.
    const auto ids = randomIds(config.context + 1, config.vocabSize, 21);
    QVERIFY(!Trainer::check(config, settings, ids));
    Trainer trainer(config, settings, ids);
    const double first = trainer.step();
    VERIFY_NEAR(first, std::log(double(config.vocabSize)), 0.1);
    double loss = first;
    while (trainer.stepsDone() < settings.steps)
        loss = trainer.step();
    QVERIFY2(loss < 0.5, qPrintable(QString::number(loss)));
}

void TestTraining::learnsCopyTask()
{
    const ModelConfig config = copyConfig();
    TrainingSettings settings;
    settings.batch = 16;
    settings.steps = 300;
    settings.warmup = 20;
    settings.learningRate = 1e-2;
    settings.weightDecay = 0.01;
    const auto train = copyTask(6000, config.vocabSize, 3, 0.95, 31);
    const auto val = copyTask(1000, config.vocabSize, 3, 0.95, 32);
    Trainer trainer(config, settings, train);
    while (trainer.stepsDone() < settings.steps)
        trainer.step();
    const auto result = trainer.evaluate(val, {});
    QVERIFY(result);
    const double unigram = unigramLoss(train, val, config.vocabSize);
    qInfo("copy task: val_loss %.3f, unigram %.3f", result->valLoss, unigram);
    QVERIFY2(result->valLoss < 0.5 * unigram, qPrintable(QString::number(result->valLoss)));
}

void TestTraining::keepsBestParameters()
{
    const ModelConfig config = copyConfig();
    TrainingSettings settings;
    settings.batch = 8;
    settings.steps = 40;
    settings.learningRate = 1e-2;
    settings.warmup = 5;
    const auto train = copyTask(3000, config.vocabSize, 3, 0.95, 41);
    const auto val = copyTask(400, config.vocabSize, 3, 0.95, 42);
    Trainer trainer(config, settings, train);
    QCOMPARE(trainer.bestStep(), -1);
    const auto initial = exportTensors(trainer.parameters());
    const auto first = trainer.evaluate(val, {});
    QCOMPARE(trainer.bestStep(), 0);
    QCOMPARE(trainer.bestValLoss(), first->valLoss);
    while (trainer.stepsDone() < settings.steps)
        trainer.step();
    const auto second = trainer.evaluate(val, {});
    QVERIFY(second->valLoss < first->valLoss);
    QCOMPARE(trainer.bestStep(), settings.steps);
    QVERIFY(exportTensors(trainer.bestParameters()) == exportTensors(trainer.parameters()));
    QVERIFY(exportTensors(trainer.bestParameters()) != initial);
    // A worse evaluation (random ids, where copying does not help) keeps the best.
    const auto best = exportTensors(trainer.bestParameters());
    trainer.evaluate(copyTask(400, config.vocabSize, 1, 0.0, 43), {});
    QCOMPARE(trainer.bestStep(), settings.steps);
    QVERIFY(exportTensors(trainer.bestParameters()) == best);
}

QTEST_APPLESS_MAIN(TestTraining)
#include "tst_training.moc"
