// ModelInspector: what step 7 shows of a model, computed off the GUI thread. Its answers are
// checked against the core's functions called here directly; only the latest question of a kind
// is answered; a null model clears at once; and an inspection never waits for a training step
// that holds the tiny model's worker threads.

#include "modelinspector.h"
#include "tiny/headroles.h"
#include "tiny/inference.h"
#include "tiny/trainer.h"
#include "tiny/workers.h"
#include "verifynear.h"

#include <QSignalSpy>
#include <QTest>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace attention;

namespace {

/// A vocabulary of a few characters with the marks ， and 。 and a document's end, `\n` (id 12).
tiny::Vocabulary vocabulary()
{
    return tiny::Vocabulary(std::vector<char32_t>{U'\uFFFD', U'，', U'。', U'床', U'前', U'明',
                                                  U'月', U'光', U'疑', U'是', U'地', U'上', U'\n'});
}

/// A model with random weights (its heads already differ) over vocabulary().
SharedModel randomModel(int dModel = 16, int context = 16, int layers = 2, int heads = 2)
{
    tiny::ModelConfig config;
    config.vocabSize = vocabulary().size();
    config.context = context;
    config.dModel = dModel;
    config.heads = heads;
    config.layers = layers;
    auto model = std::make_shared<SessionModel>();
    model->parameters = tiny::initParameters(config, 7);
    model->step = 3;
    return model;
}

/// `count` ids of a text of five-character lines: four characters, then ， or 。 in turn.
std::vector<int> poemIds(int count)
{
    std::vector<int> ids;
    for (int i = 0; i < count; ++i)
        ids.push_back(i % 5 == 4 ? (i / 5 % 2 == 0 ? 1 : 2) : 3 + (i * 7 + i / 5) % 9);
    return ids;
}

/// What the session would hand the inspector: `model` with the heads `off`, over `text`.
InspectionInput input(const SharedModel &model, std::vector<int> text, bool onValidation,
                      std::vector<tiny::HeadIndex> off = {})
{
    InspectionInput in;
    in.model = model;
    in.withOff = model;
    if (model && !off.empty()) {
        auto withOff = std::make_shared<SessionModel>();
        withOff->parameters = tiny::withHeadsOff(model->parameters, off);
        withOff->step = model->step;
        in.withOff = withOff;
    }
    in.off = std::move(off);
    in.vocabulary = vocabulary();
    in.text = std::move(text);
    in.onValidation = onValidation;
    return in;
}

/// Every measure of two heads' roles the same.
void verifySameRoles(const tiny::HeadRoles &got, const tiny::HeadRoles &expected)
{
    for (const tiny::Role role : tiny::allRoles) {
        QCOMPARE(got[role].rows, expected[role].rows);
        VERIFY_NEAR(got[role].weight, expected[role].weight, 1e-12);
    }
    QCOMPARE(got.byOffset.size(), expected.byOffset.size());
    for (std::size_t k = 0; k < got.byOffset.size(); ++k)
        VERIFY_NEAR(got.byOffset[k].weight, expected.byOffset[k].weight, 1e-12);
    QCOMPARE(got.fixedOffset, expected.fixedOffset);
}

} // namespace

class TestModelInspector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void headsAreTheCoresRoles();
    void headsOffAreMeasuredWithEveryHeadOnBeside();
    void nextIsTheCoresLikeliestIds();
    void sampleIsTheCoresContinuation();
    void headScenarioGivesTheModelsWeights();
    void onlyTheLatestQuestionIsAnswered();
    void noModelClearsAtOnce();
    void inspectingDoesNotWaitForTraining();
};

void TestModelInspector::headsAreTheCoresRoles()
{
    ModelInspector inspector;
    QSignalSpy inspected(&inspector, &ModelInspector::headsInspected);
    const SharedModel model = randomModel();
    const std::vector<int> text = poemIds(200);
    inspector.inspectHeads(input(model, text, true));
    QVERIFY(inspector.isBusy());
    QVERIFY(inspector.waitUntilIdle(60000));
    QCOMPARE(inspected.count(), 1);
    const SharedHeadsInspection heads = inspector.heads();
    QVERIFY(heads);
    QCOMPARE(heads->model, model);
    QVERIFY(heads->onValidation);

    const auto expected = tiny::measureRoles(
        model->parameters, text, tiny::roleKeys(text, vocabulary()), ModelInspector::maxWindows);
    QVERIFY(expected);
    QCOMPARE(heads->roles.size(), expected->size());
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            QVERIFY(heads->head(l, h) && heads->headAllOn(l, h));
            verifySameRoles(*heads->head(l, h), (*expected)[std::size_t(l)][std::size_t(h)]);
            verifySameRoles(*heads->headAllOn(l, h), (*expected)[std::size_t(l)][std::size_t(h)]);
            QVERIFY(heads->head(l, h)->counts(tiny::Role::LastComma));
        }
    // Heads that differ: the roles of one head in place of another's would fail above.
    QVERIFY(std::abs(heads->head(1, 0)->byOffset[1].weight -
                     heads->head(1, 1)->byOffset[1].weight) > 1e-6);
    QVERIFY(!heads->head(2, 0));
    QVERIFY(!heads->head(0, 2));
    QVERIFY(!heads->head(-1, 0));
}

void TestModelInspector::headsOffAreMeasuredWithEveryHeadOnBeside()
{
    // With a head of layer 1 off, the roles are the model's without it (the heads of layer 2
    // read a stream without its output), and every head on is measured beside them.
    ModelInspector inspector;
    const SharedModel model = randomModel(16, 16, 2, 4);
    const std::vector<int> text = poemIds(300);
    inspector.inspectHeads(input(model, text, true));
    QVERIFY(inspector.waitUntilIdle(60000));
    const SharedHeadsInspection allOn = inspector.heads();
    const std::vector<tiny::HeadIndex> off{{0, 2}};
    inspector.inspectHeads(input(model, text, true, off));
    QVERIFY(inspector.waitUntilIdle(60000));
    const SharedHeadsInspection heads = inspector.heads();
    QVERIFY(heads && heads != allOn);
    QCOMPARE(heads->off, off);
    const tiny::RoleKeys keys = tiny::roleKeys(text, vocabulary());
    const auto without = tiny::measureRoles(tiny::withHeadsOff(model->parameters, off), text, keys,
                                            ModelInspector::maxWindows);
    QVERIFY(without);
    bool changed = false;
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 4; ++h) {
            verifySameRoles(*heads->head(l, h), (*without)[std::size_t(l)][std::size_t(h)]);
            verifySameRoles(*heads->headAllOn(l, h), *allOn->head(l, h));
            const double a = heads->head(l, h)->byOffset[0].weight;
            const double b = allOn->head(l, h)->byOffset[0].weight;
            if (l == 0)
                VERIFY_NEAR(a, b, 1e-12); // layer 1 reads the same stream
            changed = changed || std::abs(a - b) > 1e-6;
        }
    QVERIFY(changed); // layer 2 reads another stream
}

void TestModelInspector::nextIsTheCoresLikeliestIds()
{
    ModelInspector inspector;
    const SharedModel model = randomModel();
    const std::vector<int> context = poemIds(9);
    for (const double temperature : {0.5, 1.0, 3.0}) {
        inspector.predictNext(model, context, temperature, 5);
        QVERIFY(inspector.waitUntilIdle(60000));
        const SharedNextPrediction prediction = inspector.nextPrediction();
        QVERIFY(prediction);
        QCOMPARE(prediction->model, model);
        QCOMPARE(prediction->context, context);
        QCOMPARE(prediction->temperature, temperature);
        const auto expected = tiny::nextDistribution(model->parameters, context, temperature);
        QVERIFY(expected);
        QCOMPARE(prediction->ids.size(), std::size_t(5));
        QCOMPARE(prediction->probabilities.size(), std::size_t(5));
        // The shown ids are the likeliest, in order, with the core's probabilities.
        std::vector<double> sorted = *expected;
        std::sort(sorted.rbegin(), sorted.rend());
        for (std::size_t i = 0; i < 5; ++i) {
            VERIFY_NEAR(prediction->probabilities[i], (*expected)[std::size_t(prediction->ids[i])],
                        1e-12);
            VERIFY_NEAR(prediction->probabilities[i], sorted[i], 1e-12);
        }
    }
}

void TestModelInspector::sampleIsTheCoresContinuation()
{
    ModelInspector inspector;
    QSignalSpy sampled(&inspector, &ModelInspector::sampled);
    const SharedModel model = randomModel();
    const std::vector<int> prompt{3, 4};
    inspector.sample(model, prompt, 12, 0.8, 42);
    QVERIFY(inspector.waitUntilIdle(60000));
    QCOMPARE(sampled.count(), 1);
    const SharedSampledText text = inspector.sampledText();
    QVERIFY(text);
    QCOMPARE(text->prompt, prompt);
    const auto expected = tiny::sampleContinuation(model->parameters, prompt, 12, 0.8, 42);
    QVERIFY(expected);
    QCOMPARE(text->ids, *expected);
    QCOMPARE(text->ids.size(), std::size_t(12));
}

void TestModelInspector::headScenarioGivesTheModelsWeights()
{
    const SharedModel model = randomModel();
    const std::vector<int> ids = poemIds(10);
    const auto analysis = tiny::analyseSequence(model->parameters, ids);
    QVERIFY(analysis);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            const std::optional<Scenario> scenario = ModelInspector::headScenario(model, ids, l, h);
            QVERIFY(scenario);
            QVERIFY(scenario->divideBySqrtD);
            QVERIFY(scenario->causal);
            QCOMPARE(scenario->queries.rows(), Index(10));
            QCOMPARE(scenario->queries.cols(), Index(8)); // d_head = 16 / 2
            const MatrixF &weights = analysis->attention[std::size_t(l)][std::size_t(h)];
            VERIFY_ALL_NEAR(scenario->compute().weights, Matrix(weights.cast<double>()), 1e-5);
        }
    QVERIFY(!ModelInspector::headScenario(model, ids, 2, 0));
    QVERIFY(!ModelInspector::headScenario(nullptr, ids, 0, 0));
}

void TestModelInspector::onlyTheLatestQuestionIsAnswered()
{
    ModelInspector inspector;
    QSignalSpy predicted(&inspector, &ModelInspector::nextPredicted);
    const SharedModel model = randomModel();
    const std::vector<int> first = poemIds(12);
    const std::vector<int> second = poemIds(7);
    inspector.predictNext(model, first, 1.0, 3);
    inspector.predictNext(model, second, 1.0, 3);
    QVERIFY(inspector.waitUntilIdle(60000));
    QCOMPARE(predicted.count(), 1);
    QCOMPARE(inspector.nextPrediction()->context, second);
    // Each kind has its own thread: a new prediction does not cancel the heads' inspection.
    QSignalSpy inspected(&inspector, &ModelInspector::headsInspected);
    inspector.inspectHeads(input(model, poemIds(100), false));
    inspector.predictNext(model, first, 1.0, 3);
    QVERIFY(inspector.waitUntilIdle(60000));
    QCOMPARE(inspected.count(), 1);
    QVERIFY(inspector.heads());
    QVERIFY(!inspector.heads()->onValidation);
    QCOMPARE(inspector.nextPrediction()->context, first);
}

void TestModelInspector::noModelClearsAtOnce()
{
    ModelInspector inspector;
    const SharedModel model = randomModel();
    inspector.inspectHeads(input(model, poemIds(50), true));
    inspector.predictNext(model, poemIds(5), 1.0, 3);
    inspector.sample(model, {3}, 4, 1.0, 1);
    QVERIFY(inspector.waitUntilIdle(60000));
    QVERIFY(inspector.heads() && inspector.nextPrediction() && inspector.sampledText());

    QSignalSpy inspected(&inspector, &ModelInspector::headsInspected);
    QSignalSpy predicted(&inspector, &ModelInspector::nextPredicted);
    QSignalSpy sampled(&inspector, &ModelInspector::sampled);
    // A question started and then replaced by "no model" never arrives.
    inspector.predictNext(model, poemIds(6), 1.0, 3);
    inspector.inspectHeads(input(nullptr, poemIds(50), true));
    inspector.predictNext(model, {}, 1.0, 3);
    inspector.sample(nullptr, {3}, 4, 1.0, 1);
    QVERIFY(!inspector.isBusy());
    QVERIFY(!inspector.heads());
    QVERIFY(!inspector.nextPrediction());
    QVERIFY(!inspector.sampledText());
    QCOMPARE(inspected.count(), 1);
    QCOMPARE(predicted.count(), 1);
    QCOMPARE(sampled.count(), 1);
    QTest::qWait(200);
    QCOMPARE(predicted.count(), 1);
    QVERIFY(!inspector.nextPrediction());
}

void TestModelInspector::inspectingDoesNotWaitForTraining()
{
    // A training step holds the tiny model's worker threads (two of them here) for as long as
    // it likes; an inspection of a model whose products are large enough to be split among
    // them must still finish, on its own thread.
    tiny::setThreadCount(2);
    std::mutex mutex;
    std::condition_variable changed;
    bool held = false;
    bool release = false;
    std::thread training([&] {
        tiny::WorkerPool::instance().run([&](int thread, int) {
            if (thread != 0)
                return;
            std::unique_lock<std::mutex> lock(mutex);
            held = true;
            changed.notify_all();
            changed.wait(lock, [&] { return release; });
        });
    });
    {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return held; });
    }
    ModelInspector inspector;
    const SharedModel model = randomModel(128, 64, 1, 4);
    const std::vector<int> context = poemIds(64); // 64 × 128 × 128 products: worth splitting
    inspector.predictNext(model, context, 1.0, 3);
    inspector.inspectHeads(input(model, poemIds(300), true));
    const bool idle = inspector.waitUntilIdle(30000);
    {
        const std::lock_guard<std::mutex> lock(mutex);
        release = true;
    }
    changed.notify_all();
    training.join();
    QVERIFY2(idle, "the inspection waited for the training's worker threads");
    QVERIFY(inspector.nextPrediction());
    QVERIFY(inspector.heads());
    // The same answer as with the threads free.
    const auto expected = tiny::nextDistribution(model->parameters, context, 1.0);
    VERIFY_NEAR(inspector.nextPrediction()->probabilities.front(),
                *std::max_element(expected->begin(), expected->end()), 1e-6);
    tiny::setThreadCount(1);
}

QTEST_GUILESS_MAIN(TestModelInspector)
#include "tst_modelinspector.moc"
