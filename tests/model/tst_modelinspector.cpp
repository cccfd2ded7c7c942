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

} // namespace

class TestModelInspector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void headsAreTheCoresProfilesAndRoles();
    void lineAboveIsTheCoresLeader();
    void nextIsTheCoresLikeliestIds();
    void sampleIsTheCoresContinuation();
    void headScenarioGivesTheModelsWeights();
    void onlyTheLatestQuestionIsAnswered();
    void noModelClearsAtOnce();
    void inspectingDoesNotWaitForTraining();
    void headsOffModelIsMadeOncePerChoice();
};

void TestModelInspector::headsAreTheCoresProfilesAndRoles()
{
    ModelInspector inspector;
    QSignalSpy inspected(&inspector, &ModelInspector::headsInspected);
    const SharedModel model = randomModel();
    const std::vector<int> text = poemIds(200);
    inspector.inspectHeads(model, vocabulary(), text, true);
    QVERIFY(inspector.isBusy());
    QVERIFY(inspector.waitUntilIdle(60000));
    QCOMPARE(inspected.count(), 1);
    const SharedHeadsInspection heads = inspector.heads();
    QVERIFY(heads);
    QCOMPARE(heads->model, model);
    QVERIFY(heads->onValidation);

    const auto expected =
        tiny::headProfiles(model->parameters, text, {1, 2}, ModelInspector::maxOffset,
                           ModelInspector::maxWindows, {1});
    QVERIFY(expected);
    QCOMPARE(heads->heads.size(), expected->size());
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            const HeadInspection *head = heads->head(l, h);
            QVERIFY(head);
            const tiny::HeadProfile &profile = (*expected)[std::size_t(l)][std::size_t(h)];
            VERIFY_ALL_NEAR(head->profile.byOffset, profile.byOffset, 1e-12);
            VERIFY_NEAR(head->profile.onLastComma, profile.onLastComma, 1e-12);
            VERIFY_NEAR(head->profile.onLastMark, profile.onLastMark, 1e-12);
            QCOMPARE(head->profile.commaRows, profile.commaRows);
            QVERIFY(head->profile.commaRows > 0);
            const tiny::HeadRole role = tiny::headRole(profile);
            QCOMPARE(head->role.kind, role.kind);
            QCOMPARE(head->role.offset, role.offset);
            VERIFY_NEAR(head->role.strength, role.strength, 1e-12);
        }
    // Heads that differ: the bars of one head in place of another's would fail above.
    QVERIFY(verifynear::apart(heads->head(1, 0)->profile.byOffset,
                              heads->head(1, 1)->profile.byOffset, 1e-6));
    QVERIFY(!heads->head(2, 0));
    QVERIFY(!heads->head(0, 2));
    QVERIFY(!heads->head(-1, 0));
}

void TestModelInspector::lineAboveIsTheCoresLeader()
{
    // Poems of four or eight five-character lines (five characters, then ， or 。 in turn),
    // each a document ending with `\n`: rows of every role.
    std::vector<int> text;
    for (int poem = 0; poem < 12; ++poem) {
        for (int line = 0; line < (poem % 2 == 0 ? 4 : 8); ++line) {
            for (int c = 0; c < 5; ++c)
                text.push_back(3 + (poem * 5 + line * 3 + c * 7) % 9);
            text.push_back(line % 2 == 0 ? 1 : 2);
        }
        text.push_back(12);
    }
    ModelInspector inspector;
    const SharedModel model = randomModel(16, 32, 2, 4);
    inspector.inspectHeads(model, vocabulary(), text, true);
    QVERIFY(inspector.waitUntilIdle(60000));
    const SharedHeadsInspection heads = inspector.heads();
    QVERIFY(heads);

    const auto roles = tiny::measureRoles(
        model->parameters, text, tiny::roleKeys(text, vocabulary()), ModelInspector::maxWindows);
    QVERIFY(roles);
    const tiny::RoleLeader leader = tiny::roleLeader(*roles, tiny::TextRole::PreviousLine);
    QVERIFY(leader.head.first >= 0); // the text has rows of the line above
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 4; ++h) {
            const HeadInspection *head = heads->head(l, h);
            QVERIFY(head);
            for (const tiny::TextRole role : tiny::textRoles) {
                const tiny::RoleMeasure &expected = (*roles)[std::size_t(l)][std::size_t(h)][role];
                QCOMPARE(head->textRoles[role].rows, expected.rows);
                VERIFY_NEAR(head->textRoles[role].weight, expected.weight, 1e-12);
            }
            // Every head's inspection names the same leader: the panel judges by it.
            QCOMPARE(head->lineAbove.head, leader.head);
            VERIFY_NEAR(head->lineAbove.ratio, leader.ratio, 1e-12);
        }
    // Over a probe line there is no validation window: no leader.
    inspector.inspectHeads(model, vocabulary(), poemIds(12), false);
    QVERIFY(inspector.waitUntilIdle(60000));
    QCOMPARE(inspector.heads()->head(0, 0)->lineAbove.head, tiny::HeadIndex(-1, -1));
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
    inspector.inspectHeads(model, vocabulary(), poemIds(100), false);
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
    inspector.inspectHeads(model, vocabulary(), poemIds(50), true);
    inspector.predictNext(model, poemIds(5), 1.0, 3);
    inspector.sample(model, {3}, 4, 1.0, 1);
    QVERIFY(inspector.waitUntilIdle(60000));
    QVERIFY(inspector.heads() && inspector.nextPrediction() && inspector.sampledText());

    QSignalSpy inspected(&inspector, &ModelInspector::headsInspected);
    QSignalSpy predicted(&inspector, &ModelInspector::nextPredicted);
    QSignalSpy sampled(&inspector, &ModelInspector::sampled);
    // A question started and then replaced by "no model" never arrives.
    inspector.predictNext(model, poemIds(6), 1.0, 3);
    inspector.inspectHeads(nullptr, vocabulary(), poemIds(50), true);
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
    inspector.inspectHeads(model, vocabulary(), poemIds(300), true);
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

void TestModelInspector::headsOffModelIsMadeOncePerChoice()
{
    // The next-character view's model with heads switched off: the same pointer while the model
    // and the heads stay, so a sample asked of it is still taken as the shown model's (a new
    // pointer at every view update threw it away).
    HeadsOffModel heads;
    const SharedModel model = randomModel();
    QCOMPARE(heads.of(model, {}), model); // none off: the model itself
    QCOMPARE(heads.of(nullptr, {{0, 1}}), SharedModel());
    const SharedModel off = heads.of(model, {{0, 1}});
    QVERIFY(off && off != model);
    QCOMPARE(heads.of(model, {{0, 1}}), off);
    QCOMPARE(off->step, model->step);
    // Its weights are the core's with that head off: w_o's rows that read the head are zero.
    const tiny::Parameters<float> expected = tiny::withHeadsOff(model->parameters, {{0, 1}});
    QVERIFY(off->parameters.blocks[0].wO == expected.blocks[0].wO);
    QVERIFY(off->parameters.blocks[0].wO != model->parameters.blocks[0].wO);
    QVERIFY(off->parameters.blocks[1].wO == model->parameters.blocks[1].wO);
    // Another choice of heads, or another model, makes another one.
    const SharedModel two = heads.of(model, {{0, 1}, {1, 0}});
    QVERIFY(two != off);
    const SharedModel other = randomModel();
    QVERIFY(heads.of(other, {{0, 1}, {1, 0}}) != two);

    // A sample asked of it is the shown model's answer: sampled->model is that pointer.
    ModelInspector inspector;
    const SharedModel shown = heads.of(other, {{0, 1}});
    inspector.sample(shown, {3, 4}, 6, 0.8, 1);
    QVERIFY(inspector.waitUntilIdle(60000));
    QVERIFY(inspector.sampledText());
    QCOMPARE(inspector.sampledText()->model, heads.of(other, {{0, 1}}));
}

QTEST_GUILESS_MAIN(TestModelInspector)
#include "tst_modelinspector.moc"
