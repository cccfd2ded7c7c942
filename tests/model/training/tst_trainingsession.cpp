// Lesson step 7's training session: a run on its worker thread gives exactly the losses of the
// core's Trainer driven directly (the independent reference), however it is paused; the
// snapshots are the model's own attention; the best weights reach their file; a refused corpus
// changes nothing.

#include "modelfile.h"
#include "pausebetweenvalidations.h"
#include "tiny/headroles.h"
#include "tiny/inference.h"
#include "tiny/learningcurve.h"
#include "tiny/trainer.h"
#include "tiny/trainingcost.h"
#include "trainingsession.h"
#include "verifynear.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace attention;

Q_DECLARE_METATYPE(attention::TrainingSetup)

namespace {

/// A small model on the copy task: fast enough for many runs under ASan.
TrainingSetup smallSetup(int steps = 40)
{
    TrainingSetup setup;
    setup.corpus = QString::fromLatin1(corpora::copyTask);
    setup.config.context = 8;
    setup.config.dModel = 16;
    setup.config.heads = 2;
    setup.config.layers = 1;
    setup.settings.steps = steps;
    setup.settings.batch = 8;
    setup.settings.warmup = 5;
    setup.settings.learningRate = 3e-3;
    setup.settings.seed = 7;
    setup.settings.threads = 1;
    setup.evalEvery = 10;
    return setup;
}

/// The losses of the same run, by the core alone on this thread.
std::vector<double> referenceLosses(const TrainingSession &session, int steps)
{
    tiny::Trainer trainer(session.setup().config, session.setup().settings,
                          session.corpus().trainIds);
    std::vector<double> losses;
    for (int i = 0; i < steps; ++i)
        losses.push_back(trainer.step());
    return losses;
}

} // namespace

class TestTrainingSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void setUpGivesAFreshModel();
    void trainingMatchesTheCoreTrainer();
    void pauseAndResumeGiveTheSameLosses();
    void aFinishedRunGoesOnWithMoreSteps();
    void oneStepTrainsOneStep();
    void estimateFollowsTheRun();
    void heavyIsLongOrLarge();
    void snapshotsAreTheModelsAttention();
    void probeChangeRestartsTheHistory();
    void historyStaysBounded();
    void historyBytesStayWithinTheBound();
    void snapshotsAreSharedNotCopied();
    void bestWeightsReachTheirFile();
    void bestWeightsAreKeptDuringARun();
    void modelFileHoldsTheBestOrTheLatest();
    void unwritableBestFileIsReported();
    void setupErrorsAreValues_data();
    void setupErrorsAreValues();
    void trainerErrorsHaveTheirOwnWords();
    void openedModelIsShownNotTrained();
    void refusedCorpusChangesNothing();
    void destroyingWhileRunningStopsCleanly();
    void anEarlierRunsProgressNeverArrives();
    void theRunSetsItsOwnThreadCount();
    void validationsCarryLossesByPositionAndInduction();
    void headsOffShowTheModelWithout();
};

void TestTrainingSession::setUpGivesAFreshModel()
{
    TrainingSession session;
    QCOMPARE(session.state(), TrainingSession::State::Empty);
    session.setProbe(QStringLiteral("abcab"));
    QVERIFY(!session.setUp(smallSetup()));
    QCOMPARE(session.state(), TrainingSession::State::Ready);
    QCOMPARE(session.stepsDone(), 0);
    QVERIFY(session.model());
    QCOMPARE(session.model()->parameters.config.vocabSize, session.corpus().vocabulary.size());
    // The initial parameters are the seed's, as the core makes them.
    const auto initial = tiny::initParameters(session.model()->parameters.config, 7);
    QCOMPARE(tiny::exportTensors(session.model()->parameters), tiny::exportTensors(initial));
    QCOMPARE(session.history().size(), std::size_t(1));
    QCOMPARE(session.history().front()->step, 0);
    QCOMPARE(session.probeIds().size(), std::size_t(5));
    QVERIFY(session.unigramLoss() > 0.0);
}

void TestTrainingSession::trainingMatchesTheCoreTrainer()
{
    TrainingSetup setup = smallSetup(300);
    setup.settings.learningRate = 1e-2;
    setup.evalEvery = 50;
    TrainingSession session;
    QVERIFY(!session.setUp(setup));
    QSignalSpy states(&session, &TrainingSession::stateChanged);
    session.train();
    QCOMPARE(session.state(), TrainingSession::State::Running);
    QVERIFY(session.waitUntilIdle(60000));
    QCOMPARE(session.state(), TrainingSession::State::Finished);
    QCOMPARE(states.size(), 2);
    QCOMPARE(session.stepsDone(), 300);
    QCOMPARE(session.trainLosses(), referenceLosses(session, 300));
    // A validation every 50 steps; the best is the lowest of them.
    QCOMPARE(session.validations().size(), std::size_t(6));
    double best = 1e300;
    int bestStep = -1;
    for (std::size_t i = 0; i < session.validations().size(); ++i) {
        const ValidationPoint &v = session.validations()[i];
        QCOMPARE(v.step, int(50 * (i + 1)));
        if (v.loss < best) {
            best = v.loss;
            bestStep = v.step;
        }
    }
    QCOMPARE(session.bestStep(), bestStep);
    QCOMPARE(session.bestLoss(), best);
    QCOMPARE(session.bestModel()->step, bestStep);
    // It learned to copy: the validation is well below the unigram baseline.
    qInfo("validation %g, unigram %g", session.validations().back().loss, session.unigramLoss());
    QVERIFY2(session.validations().back().loss < 0.8 * session.unigramLoss(),
             qPrintable(QString::number(session.validations().back().loss)));
    QVERIFY(session.stepsPerSecond() > 0.0);
    // Finished: Train does nothing more.
    session.train();
    QCOMPARE(session.state(), TrainingSession::State::Finished);
}

void TestTrainingSession::pauseAndResumeGiveTheSameLosses()
{
    TrainingSession uninterrupted;
    QVERIFY(!uninterrupted.setUp(smallSetup(300)));
    uninterrupted.train();
    QVERIFY(uninterrupted.waitUntilIdle(60000));

    TrainingSession paused;
    QVERIFY(!paused.setUp(smallSetup(300)));
    int pauses = 0;
    while (paused.state() != TrainingSession::State::Finished && pauses < 10000) {
        paused.train();
        QTest::qWait(1); // a few steps
        paused.pauseAndWait();
        ++pauses;
        QVERIFY(paused.state() == TrainingSession::State::Paused ||
                paused.state() == TrainingSession::State::Finished);
        QCOMPARE(int(paused.trainLosses().size()), paused.stepsDone());
    }
    QVERIFY2(pauses >= 2, "the run was never paused before its end");
    QCOMPARE(paused.trainLosses(), uninterrupted.trainLosses());
    QCOMPARE(tiny::exportTensors(paused.model()->parameters),
             tiny::exportTensors(uninterrupted.model()->parameters));
}

void TestTrainingSession::aFinishedRunGoesOnWithMoreSteps()
{
    const TrainingSetup setup = smallSetup(40);
    TrainingSession session;
    QVERIFY(!session.setUp(setup));
    const auto longer = [&setup](int steps) {
        TrainingSetup result = setup;
        result.settings.steps = steps;
        result.evalEvery = 20; // goes with the steps
        return result;
    };
    QVERIFY(!session.extendSteps(longer(60))); // a fresh model is trained by Train, not extended
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QCOMPARE(session.state(), TrainingSession::State::Finished);
    QVERIFY(!session.extendSteps(longer(40))); // not more steps
    QVERIFY(!session.extendSteps(longer(30)));
    TrainingSetup otherRate = longer(60);
    otherRate.settings.learningRate *= 2.0;
    QVERIFY(!session.extendSteps(otherRate)); // another setting: Reset's
    QCOMPARE(session.state(), TrainingSession::State::Finished);

    QVERIFY(session.extendSteps(longer(60)));
    QCOMPARE(session.setup().evalEvery, 20);
    QCOMPARE(session.state(), TrainingSession::State::Paused);
    QVERIFY(session.canTrain());
    QCOMPARE(session.totalSteps(), 60);
    QCOMPARE(session.scheduleSteps(), 40);
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QCOMPARE(session.state(), TrainingSession::State::Finished);
    QCOMPARE(session.stepsDone(), 60);
    // The same 60 steps as the core's trainer on the 40-step schedule, stepped on past its end…
    // (the session's config has the corpus's vocabulary size)
    tiny::Trainer reference(session.setup().config, setup.settings, session.corpus().trainIds);
    std::vector<double> losses;
    for (int i = 0; i < 60; ++i)
        losses.push_back(reference.step());
    QCOMPARE(session.trainLosses(), losses);
    QCOMPARE(tiny::exportTensors(session.model()->parameters),
             tiny::exportTensors(reference.parameters()));
    // …where the rate is the schedule's last, lr/10.
    QCOMPARE(tiny::learningRateAt(setup.settings, 50), setup.settings.learningRate / 10.0);
    // Reset starts the longer run afresh, on a 60-step schedule.
    session.reset();
    QCOMPARE(session.scheduleSteps(), 60);
    QCOMPARE(session.stepsDone(), 0);
}

void TestTrainingSession::estimateFollowsTheRun()
{
    const TrainingSetup setup = smallSetup(200);
    TrainingSession session;
    QVERIFY(!session.setUp(setup));
    const tiny::ModelConfig config = session.setup().config;
    const qint64 weights = qint64(tiny::parameterCount(config)) * qint64(sizeof(float));
    const qint64 trainIds = qint64(session.corpus().trainIds.size());
    const qint64 bytes =
        tiny::trainingMemory(config, setup.settings.batch, setup.settings.threads, trainIds)
            .total() +
        2 * weights;
    // Before any step: the layout's arithmetic at this machine's measured rate.
    RunEstimate before = session.estimate(session.setup());
    QCOMPARE(before.bytes, bytes);
    QCOMPARE(before.physicalBytes, physicalMemoryBytes());
    const double rate = machineStepRate(setup.settings.threads);
    QVERIFY(rate > 0.0);
    VERIFY_NEAR(before.seconds, 200 * tiny::stepFlops(config, setup.settings.batch) / rate, 1e-9);
    // Paused part-way: the steps left at the speed the run measured.
    session.stepOnce();
    QVERIFY(session.waitUntilIdle(60000));
    session.stepOnce();
    QVERIFY(session.waitUntilIdle(60000));
    QVERIFY(session.stepsPerSecond() > 0.0);
    const RunEstimate paused = session.estimate(session.setup());
    QCOMPARE(paused.bytes, bytes);
    VERIFY_NEAR(paused.seconds, 198 / session.stepsPerSecond(), 1e-9);
    // Another setup: all of its steps, at the rate this run reached (per operation).
    TrainingSetup wider = session.setup();
    wider.config.dModel = 32;
    wider.settings.steps = 400;
    const RunEstimate other = session.estimate(wider);
    const double flopsPerSecond =
        session.stepsPerSecond() * tiny::stepFlops(config, setup.settings.batch);
    VERIFY_NEAR(other.seconds,
                400 * tiny::stepFlops(wider.config, setup.settings.batch) / flopsPerSecond, 1e-9);
    QVERIFY(other.bytes > bytes);
}

void TestTrainingSession::heavyIsLongOrLarge()
{
    const qint64 gib = qint64(1) << 30;
    RunEstimate e{gib, 16 * gib, 299.0};
    QVERIFY(!e.isHeavy());
    e.seconds = 301.0;
    QVERIFY(e.isLong() && e.isHeavy() && !e.isLarge());
    e = RunEstimate{4 * gib + 1, 16 * gib, 10.0};
    QVERIFY(e.isLarge() && e.isHeavy() && !e.isLong());
    e.physicalBytes = 0; // unknown: never "large"
    QVERIFY(!e.isHeavy());
}

void TestTrainingSession::oneStepTrainsOneStep()
{
    TrainingSession session;
    QVERIFY(!session.setUp(smallSetup()));
    for (int i = 1; i <= 3; ++i) {
        session.stepOnce();
        QVERIFY(session.waitUntilIdle(10000));
        QCOMPARE(session.state(), TrainingSession::State::Paused);
        QCOMPARE(session.stepsDone(), i);
        QCOMPARE(session.history().back()->step, i);
    }
    QCOMPARE(session.trainLosses(), referenceLosses(session, 3));
    session.reset();
    QCOMPARE(session.state(), TrainingSession::State::Ready);
    QCOMPARE(session.stepsDone(), 0);
    QVERIFY(session.trainLosses().empty());
    QVERIFY(session.validations().empty());
    QCOMPARE(session.bestStep(), -1);
}

void TestTrainingSession::snapshotsAreTheModelsAttention()
{
    TrainingSession session;
    session.setProbe(QStringLiteral("abcdabcd"));
    QVERIFY(!session.setUp(smallSetup()));
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    const AttentionSnapshot &last = *session.history().back();
    QCOMPARE(last.step, session.stepsDone());
    const auto analysis = tiny::analyseSequence(session.model()->parameters, session.probeIds());
    QVERIFY(analysis);
    QCOMPARE(last.heads.size(), std::size_t(1));
    QCOMPARE(last.heads[0].size(), std::size_t(2));
    for (int h = 0; h < 2; ++h) {
        const MatrixF &weights = last.heads[0][h];
        QCOMPARE(weights.rows(), Index(8));
        VERIFY_ALL_NEAR(weights, analysis->attention[0][h], 1e-6);
        // And the loss of each position's next character.
        QCOMPARE(last.losses.size(), std::size_t(7));
        for (std::size_t t = 0; t < 7; ++t)
            VERIFY_NEAR(double(last.losses[t]), analysis->losses[t], 1e-5);
        // Causal rows of weights.
        for (Index r = 0; r < weights.rows(); ++r) {
            VERIFY_NEAR(weights.row(r).sum(), 1.0f, 1e-5f);
            for (Index c = r + 1; c < weights.cols(); ++c)
                QCOMPARE(weights(r, c), 0.0f);
        }
    }
    // The snapshots are in step order, from step 0, and they changed with training.
    QCOMPARE(session.history().front()->step, 0);
    for (std::size_t i = 1; i < session.history().size(); ++i)
        QVERIFY(session.history()[i]->step > session.history()[i - 1]->step);
    QVERIFY(verifynear::apart(session.history().front()->heads[0][0], last.heads[0][0], 1e-3));
}

void TestTrainingSession::probeChangeRestartsTheHistory()
{
    TrainingSession session;
    session.setProbe(QStringLiteral("abc"));
    QVERIFY(!session.setUp(smallSetup()));
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QVERIFY(session.history().size() > 1);
    QSignalSpy resets(&session, &TrainingSession::historyReset);
    // Longer than the context (8): cut to it; a character the corpus lacks becomes id 0.
    session.setProbe(QStringLiteral("abcdefgh中ij"));
    QCOMPARE(resets.size(), 1);
    QCOMPARE(session.history().size(), std::size_t(1));
    QCOMPARE(session.history().front()->step, 40);
    const std::vector<int> ids = session.probeIds();
    QCOMPARE(ids.size(), std::size_t(8));
    QCOMPARE(ids[0], session.vocabulary().idOf(U'a'));
    QCOMPARE(session.history().front()->heads[0][0].rows(), Index(8));
    session.setProbe(QStringLiteral("中"));
    QCOMPARE(session.probeIds(), std::vector<int>{0});
}

void TestTrainingSession::historyStaysBounded()
{
    TrainingSetup setup = smallSetup(600);
    setup.config.dModel = 8;
    setup.settings.batch = 2;
    setup.evalEvery = 300;
    TrainingSession session;
    session.setProbe(QStringLiteral("ab"));
    QVERIFY(!session.setUp(setup));
    session.train();
    QVERIFY(session.waitUntilIdle(120000));
    const auto &history = session.history();
    QVERIFY2(int(history.size()) <= TrainingSession::maxSnapshots,
             qPrintable(QString::number(history.size())));
    QVERIFY(history.size() >= 100);
    QCOMPARE(history.front()->step, 0);
    QCOMPARE(history.back()->step, 600);
}

namespace {

/// The history's bytes counted here, snapshot by snapshot, matrix by matrix.
qint64 countedBytes(const std::vector<SharedSnapshot> &history)
{
    qint64 total = 0;
    for (const SharedSnapshot &snapshot : history) {
        for (const auto &layer : snapshot->heads)
            for (const MatrixF &head : layer)
                total += qint64(head.rows()) * head.cols() * qint64(sizeof(float));
        total += qint64(snapshot->losses.size() * sizeof(float)); // each position's loss
    }
    return total;
}

} // namespace

void TestTrainingSession::historyBytesStayWithinTheBound()
{
    // One snapshot: 2 heads × 8 × 8 floats and 7 losses = 540 bytes; 8 fit in the bound, 600
    // steps would not.
    TrainingSetup setup = smallSetup(600);
    setup.config.dModel = 8;
    setup.settings.batch = 2;
    setup.evalEvery = 300;
    TrainingSession session;
    session.setProbe(QStringLiteral("abcdabcd"));
    QVERIFY(!session.setUp(setup));
    const qint64 oneSnapshot = countedBytes(session.history());
    QCOMPARE(oneSnapshot, qint64((2 * 8 * 8 + 7) * sizeof(float)));
    session.setHistoryByteLimit(8 * oneSnapshot);
    QCOMPARE(session.historyByteLimit(), 8 * oneSnapshot);
    qint64 largest = 0;
    connect(&session, &TrainingSession::progressed, &session, [&] {
        QCOMPARE(session.historyBytes(), countedBytes(session.history()));
        largest = std::max(largest, session.historyBytes());
    });
    session.train();
    QVERIFY(session.waitUntilIdle(120000));
    QCOMPARE(session.historyBytes(), countedBytes(session.history()));
    QVERIFY2(largest <= 8 * oneSnapshot, qPrintable(QString::number(largest)));
    QVERIFY(session.history().size() >= 4);
    QCOMPARE(session.history().front()->step, 0);
    QCOMPARE(session.history().back()->step, 600);
    // The app's bound holds the largest snapshot the limits allow twice over (first and latest).
    QVERIFY(2 * qint64(4) * 16 * 256 * 256 * qint64(sizeof(float)) <=
            TrainingSession::maxHistoryBytes);
    // Never above the app's bound.
    session.setHistoryByteLimit(TrainingSession::maxHistoryBytes * 2);
    QCOMPARE(session.historyByteLimit(), TrainingSession::maxHistoryBytes);
}

void TestTrainingSession::snapshotsAreSharedNotCopied()
{
    TrainingSession session;
    session.setProbe(QStringLiteral("abcdabcd"));
    QVERIFY(!session.setUp(smallSetup(300)));
    // While a delivery is announced, the history is the only owner of every snapshot (those this
    // test keeps aside): the worker's Progress was moved in, not copied, and so were its
    // snapshots.
    std::vector<SharedSnapshot> held;
    long mostOwners = 0;
    int deliveries = 0;
    connect(&session, &TrainingSession::progressed, &session, [&] {
        ++deliveries;
        for (const SharedSnapshot &snapshot : session.history())
            if (std::find(held.begin(), held.end(), snapshot) == held.end())
                mostOwners = std::max(mostOwners, snapshot.use_count());
    });
    session.stepOnce();
    QVERIFY(session.waitUntilIdle(10000));
    QCOMPARE(mostOwners, 1L);
    // Every snapshot, its address and its weights' storage, as the history holds them now.
    held = session.history();
    QCOMPARE(held.size(), std::size_t(2));
    std::vector<const float *> storage;
    for (const SharedSnapshot &snapshot : held)
        storage.push_back(snapshot->heads[0][0].data());
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QVERIFY(deliveries >= 2); // the step and the run (one delivery or more)
    QVERIFY(session.history().size() > held.size());
    QCOMPARE(mostOwners, 1L);
    // Deliveries and thinning moved pointers only: the kept snapshots are the same objects with
    // the same storage, owned by the history and `held` alone.
    const auto &history = session.history();
    QCOMPARE(history.front(), held.front()); // step 0 stays first
    for (std::size_t i = 0; i < held.size(); ++i) {
        const auto found = std::find(history.begin(), history.end(), held[i]);
        if (found == history.end())
            continue;
        QCOMPARE((*found)->heads[0][0].data(), storage[i]);
        QCOMPARE(held[i].use_count(), 2L);
    }
}

void TestTrainingSession::modelFileHoldsTheBestOrTheLatest()
{
    TrainingSession session;
    QVERIFY(!session.setUp(smallSetup(1'000'000)));
    QVERIFY(sessionpause::pauseBetweenValidations(session, 23));
    QVERIFY(session.bestModel());
    QVERIFY(session.bestStep() < session.model()->step);
    const ModelFile best = session.modelFile(SavedWeights::Best);
    QCOMPARE(best.metadata.steps, qint64(session.bestStep()));
    QCOMPARE(best.metadata.valLoss, session.bestLoss());
    QCOMPARE(best.tensors, tiny::exportTensors(session.bestModel()->parameters));
    QCOMPARE(session.bestModelFile(), best);
    const ModelFile latest = session.modelFile(SavedWeights::Latest);
    QCOMPARE(latest.metadata.steps, qint64(session.model()->step));
    QCOMPARE(latest.metadata.valLoss, session.validations().back().loss);
    QCOMPARE(latest.tensors, tiny::exportTensors(session.model()->parameters));
    QVERIFY(!(latest.tensors == best.tensors));
    QCOMPARE(latest.metadata.seed, best.metadata.seed);
    QCOMPARE(latest.vocabulary, best.vocabulary);
}

void TestTrainingSession::bestWeightsAreKeptDuringARun()
{
    // While a run goes on, the file follows its best weights every bestFileInterval at most: a
    // crash loses that much, not the run (issue 25, item 8).
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("best.safetensors"));
    TrainingSession session;
    session.setBestFile(file);
    QVERIFY(!session.setUp(smallSetup(1'000'000)));
    QSignalSpy written(&session, &TrainingSession::bestFileWritten);
    session.train();
    const int timeout = int(20 * TrainingSession::bestFileInterval.count());
    QTRY_VERIFY_WITH_TIMEOUT(written.count() >= 2, timeout);
    QVERIFY(session.isRunning());
    const ModelReadResult read = loadModel(file);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QVERIFY(read.model.metadata.steps > 0);
    QVERIFY(read.model.metadata.steps <= session.stepsDone());
    // Paused, the last best is written too, off the GUI thread: once idle, the file holds it.
    session.pauseAndWait();
    QVERIFY(session.waitUntilIdle(60000));
    QCOMPARE(loadModel(file).model.metadata.steps, qint64(session.bestStep()));
}

void TestTrainingSession::bestWeightsReachTheirFile()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("best.safetensors"));
    TrainingSession session;
    session.setBestFile(file);
    QVERIFY(!session.setUp(smallSetup()));
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QVERIFY(!session.bestFileError());
    const ModelReadResult read = loadModel(file);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.model.metadata.steps, qint64(session.bestStep()));
    QCOMPARE(read.model.metadata.valLoss, session.bestLoss());
    QCOMPARE(read.model.metadata.seed, quint64(7));
    QCOMPARE(read.model.metadata.corpusName, QStringLiteral("copy"));
    QCOMPARE(read.model.tensors, tiny::exportTensors(session.bestModel()->parameters));
    QCOMPARE(read.model.vocabulary, session.vocabulary());
}

void TestTrainingSession::unwritableBestFileIsReported()
{
    // Tests run as root: a directory cannot be made unwritable, but a file cannot hold one.
    QTemporaryDir dir;
    const QString blocker = dir.filePath(QStringLiteral("a-file"));
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const QString best = blocker + QStringLiteral("/best.safetensors");
    TrainingSession session;
    session.setBestFile(best);
    QSignalSpy failed(&session, &TrainingSession::bestFileFailed);
    QVERIFY(!session.setUp(smallSetup()));
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QVERIFY(session.bestStep() > 0);
    QVERIFY(!failed.isEmpty());
    const std::optional<TrainingError> error = session.bestFileError();
    QVERIFY(error);
    QCOMPARE(error->code, TrainingError::Code::BestFileNotWritten);
    QCOMPARE(error->file, best);
    const QString text = trainingErrorText(error);
    QVERIFY2(text.contains(QStringLiteral("best weights")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("best.safetensors")), qPrintable(text));
    QVERIFY(!QFileInfo::exists(best));
}

void TestTrainingSession::setupErrorsAreValues_data()
{
    QTest::addColumn<TrainingSetup>("setup");
    QTest::addColumn<int>("code");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<QString>("words");
    TrainingSetup heads = smallSetup();
    heads.config.heads = 3;
    QTest::newRow("d_model") << heads << int(TrainingError::Code::DModelNotMultipleOfHeads)
                             << qint64(16) << qint64(3) << QStringLiteral("not a multiple");
    TrainingSetup layers = smallSetup();
    layers.config.layers = 5;
    QTest::newRow("limits") << layers << int(TrainingError::Code::ModelOutsideLimits) << qint64(0)
                            << qint64(0) << QStringLiteral("outside the limits");
    TrainingSetup steps = smallSetup();
    steps.settings.steps = 0;
    QTest::newRow("settings") << steps << int(TrainingError::Code::TrainerSettings) << qint64(0)
                              << qint64(0) << QStringLiteral("training settings");
}

void TestTrainingSession::setupErrorsAreValues()
{
    QFETCH(TrainingSetup, setup);
    QFETCH(int, code);
    QFETCH(qint64, value);
    QFETCH(qint64, limit);
    QFETCH(QString, words);
    TrainingSession session;
    const std::optional<TrainingError> error = session.setUp(setup);
    QVERIFY(error);
    QCOMPARE(int(error->code), code);
    QCOMPARE(error->value, value);
    QCOMPARE(error->limit, limit);
    QVERIFY2(trainingErrorText(error).contains(words), qPrintable(trainingErrorText(error)));
    QCOMPARE(session.state(), TrainingSession::State::Empty);
}

void TestTrainingSession::trainerErrorsHaveTheirOwnWords()
{
    // Each kind the core's Trainer refuses keeps its own wording, and each code has words.
    using Code = TrainingError::Code;
    QStringList texts;
    for (int c = 0; c <= int(TrainingError::lastCode); ++c) {
        const CorpusLoadError corpus{CorpusLoadError::Code::NoCorpusGiven, {}, {}};
        TrainingError error{Code(c), QStringLiteral("corpus.txt"), 7,
                            9,       QStringLiteral("why"),        corpus};
        const QString text = trainingErrorText(error);
        QVERIFY2(!text.isEmpty(), qPrintable(QString::number(c)));
        QVERIFY2(!texts.contains(text), qPrintable(text));
        texts.append(text);
    }
    TrainingError tooShort{Code::TrainingTooShort, QStringLiteral("poems.txt"), 5, 9, {}, {}};
    QCOMPARE(trainingErrorText(tooShort).left(11), QStringLiteral("poems.txt: "));
    QVERIFY(trainingErrorText(tooShort).contains(QStringLiteral("5")));
    QVERIFY(trainingErrorText(tooShort).contains(QStringLiteral("9")));
    QVERIFY(trainingErrorText(std::optional<TrainingError>()).isEmpty());
}

void TestTrainingSession::openedModelIsShownNotTrained()
{
    TrainingSession trained;
    trained.setProbe(QStringLiteral("abca"));
    QVERIFY(!trained.setUp(smallSetup()));
    trained.train();
    QVERIFY(trained.waitUntilIdle(60000));
    const ModelFile file = trained.bestModelFile();
    QVERIFY(checkModel(file).isEmpty());

    TrainingSession session;
    session.setProbe(QStringLiteral("abca"));
    QVERIFY(!session.setUp(smallSetup()));
    session.openModel(file);
    QCOMPARE(session.state(), TrainingSession::State::Opened);
    QVERIFY(!session.canTrain());
    QCOMPARE(session.stepsDone(), trained.bestStep());
    QCOMPARE(tiny::exportTensors(session.model()->parameters), file.tensors);
    QCOMPARE(session.history().size(), std::size_t(1));
    const auto analysis = tiny::analyseSequence(session.model()->parameters, session.probeIds());
    VERIFY_ALL_NEAR(session.history().front()->heads[0][1], analysis->attention[0][1], 1e-6);
    session.train(); // an opened model is not trained
    QCOMPARE(session.state(), TrainingSession::State::Opened);
    session.reset(); // a new run of the setup
    QCOMPARE(session.state(), TrainingSession::State::Ready);
    QCOMPARE(session.stepsDone(), 0);
}

void TestTrainingSession::refusedCorpusChangesNothing()
{
    TrainingSession session;
    QVERIFY(!session.setUp(smallSetup()));
    session.stepOnce();
    QVERIFY(session.waitUntilIdle(10000));
    const auto before = tiny::exportTensors(session.model()->parameters);

    QTemporaryDir dir;
    TrainingSetup bad = smallSetup();
    bad.corpus = dir.filePath(QStringLiteral("missing.txt"));
    const std::optional<TrainingError> refused = session.setUp(bad);
    QVERIFY(refused);
    QCOMPARE(refused->code, TrainingError::Code::Corpus);
    QCOMPARE(refused->file, bad.corpus);
    const QString error = trainingErrorText(refused);
    QVERIFY(error.contains(QStringLiteral("missing.txt")));
    QVERIFY(error.contains(QStringLiteral("no such file")));
    QCOMPARE(session.state(), TrainingSession::State::Paused);
    TrainingSetup kept = smallSetup();
    kept.config.vocabSize = session.corpus().vocabulary.size();
    QCOMPARE(session.setup(), kept);
    QCOMPARE(session.stepsDone(), 1);
    QCOMPARE(tiny::exportTensors(session.model()->parameters), before);
}

void TestTrainingSession::destroyingWhileRunningStopsCleanly()
{
    auto session = std::make_unique<TrainingSession>();
    QVERIFY(!session->setUp(smallSetup(100000)));
    session->train();
    QTRY_VERIFY(session->stepsDone() > 0);
    // Its listeners may be half gone when it goes: it pauses and waits without a word.
    QObject listener;
    int emitted = 0;
    const auto count = [&emitted] { ++emitted; };
    connect(session.get(), &TrainingSession::stateChanged, &listener, count);
    connect(session.get(), &TrainingSession::progressed, &listener, count);
    connect(session.get(), &TrainingSession::modelChanged, &listener, count);
    connect(session.get(), &TrainingSession::historyReset, &listener, count);
    connect(session.get(), &TrainingSession::bestFileFailed, &listener, count);
    QVERIFY(session->isRunning());
    session = nullptr; // the destructor pauses and waits: no crash, no leak under ASan
    QVERIFY(!session);
    QCOMPARE(emitted, 0);
}

void TestTrainingSession::anEarlierRunsProgressNeverArrives()
{
    TrainingSession session;
    QVERIFY(!session.setUp(smallSetup(100000)));
    session.train();
    QTRY_VERIFY(session.stepsDone() > 20);
    // Progress of the first run is on its way (queued calls) when the run is replaced.
    QTest::qWait(150);
    session.reset();
    QCOMPARE(session.state(), TrainingSession::State::Ready);
    QCOMPARE(session.stepsDone(), 0);
    session.stepOnce();
    QVERIFY(session.waitUntilIdle(60000));
    QCoreApplication::processEvents(); // whatever the first run had queued
    QTest::qWait(50);
    // Only the new run's one step: the same loss as the core's first step.
    QCOMPARE(session.stepsDone(), 1);
    QCOMPARE(session.trainLosses(), referenceLosses(session, 1));
    QCOMPARE(session.state(), TrainingSession::State::Paused);
}

void TestTrainingSession::theRunSetsItsOwnThreadCount()
{
    TrainingSetup setup = smallSetup(30);
    setup.settings.threads = 2;
    TrainingSession session;
    QVERIFY(!session.setUp(setup));
    tiny::setThreadCount(1); // something else set another count after the setup
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QCOMPARE(tiny::threadCount(), 2);
    QCOMPARE(session.trainLosses(), referenceLosses(session, 30));
    tiny::setThreadCount(1);
}

void TestTrainingSession::validationsCarryLossesByPositionAndInduction()
{
    // Each validation: the loss at each position of the validation windows (their mean is the
    // loss), and each head's induction ratio over the first windows, as the core measures them.
    TrainingSession session;
    TrainingSetup setup = smallSetup(20);
    setup.config.layers = 2;
    QVERIFY(!session.setUp(setup));
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    const std::vector<ValidationPoint> &validations = session.validations();
    QCOMPARE(validations.size(), std::size_t(2));
    const ValidationPoint &last = validations.back();
    QCOMPARE(last.positionLosses.size(), std::size_t(setup.config.context));
    double sum = 0.0;
    for (const double loss : last.positionLosses)
        sum += loss;
    VERIFY_NEAR(sum / setup.config.context, last.loss, 1e-9);
    const std::vector<int> &val = session.corpus().valIds;
    const std::vector<int> first(
        val.begin(), val.begin() + std::ptrdiff_t(std::min(
                                       val.size(), std::size_t(RunValidation::inductionWindows) *
                                                           std::size_t(setup.config.context) +
                                                       1)));
    const auto roles = tiny::measureRoles(session.model()->parameters, first,
                                          tiny::roleKeys(first, session.vocabulary()));
    QVERIFY(roles);
    QCOMPARE(last.induction.size(), std::size_t(2));
    double strongest = -1.0;
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            const double ratio =
                (*roles)[std::size_t(l)][std::size_t(h)][tiny::Role::Induction].ratio();
            VERIFY_NEAR(last.induction[std::size_t(l)][std::size_t(h)], ratio, 1e-12);
            if (l == 1)
                strongest = std::max(strongest, ratio);
        }
    QCOMPARE(last.strongestLaterInduction(), strongest);
    QVERIFY(strongest > 0.0); // the copy task repeats its characters
    // The fastest fall is the core's over these validations within a quarter of the run.
    const tiny::LossFall fall = session.fastestFall();
    const tiny::LossFall expected = tiny::steepestFall(
        {{validations[0].step, validations[0].loss}, {validations[1].step, validations[1].loss}},
        5);
    QCOMPARE(fall.fromStep, expected.fromStep);
}

void TestTrainingSession::headsOffShowTheModelWithout()
{
    TrainingSession session;
    session.setProbe(QStringLiteral("abcdabcd"));
    TrainingSetup setup = smallSetup(10);
    setup.config.layers = 2;
    QVERIFY(!session.setUp(setup));
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QSignalSpy changed(&session, &TrainingSession::headsOffChanged);
    QCOMPARE(session.shownModel(), session.model());
    QVERIFY(!session.headsOffSnapshot());
    // Heads the model lacks are dropped; the others are switched off in the shown model.
    session.setHeadsOff({{1, 0}, {2, 0}, {0, 5}});
    QCOMPARE(session.headsOff(), (std::vector<tiny::HeadIndex>{{1, 0}}));
    QCOMPARE(changed.count(), 1);
    const SharedModel shown = session.shownModel();
    QVERIFY(shown && shown != session.model());
    const tiny::Parameters<float> expected =
        tiny::withHeadsOff(session.model()->parameters, {{1, 0}});
    QVERIFY(shown->parameters.blocks[1].wO == expected.blocks[1].wO);
    QCOMPARE(shown->step, session.model()->step);
    // Its snapshot on the probe: the analysis of the model without the head.
    const SharedSnapshot snapshot = session.headsOffSnapshot();
    QVERIFY(snapshot);
    const auto analysis = tiny::analyseSequence(expected, session.probeIds());
    VERIFY_ALL_NEAR(snapshot->heads[1][1], analysis->attention[1][1], 1e-6);
    QCOMPARE(snapshot->losses.size(), std::size_t(7));
    for (std::size_t t = 0; t < 7; ++t)
        VERIFY_NEAR(double(snapshot->losses[t]), analysis->losses[t], 1e-5);
    // A new probe: a new snapshot, the same model (a sample asked of it still counts).
    session.setProbe(QStringLiteral("abab"));
    QCOMPARE(session.shownModel(), shown);
    QCOMPARE(session.headsOffSnapshot()->losses.size(), std::size_t(3));
    // What the inspector measures: the validation text, the heads off, both models.
    const InspectionInput input = session.inspectionInput();
    QCOMPARE(input.model, session.model());
    QCOMPARE(input.withOff, shown);
    QCOMPARE(input.off, session.headsOff());
    QVERIFY(input.onValidation);
    QCOMPARE(input.text, session.corpus().valIds);
    // A new run switches every head on again.
    session.reset();
    QVERIFY(session.headsOff().empty());
    QCOMPARE(session.shownModel(), session.model());
    QVERIFY(!session.headsOffSnapshot());
}

QTEST_GUILESS_MAIN(TestTrainingSession)
#include "tst_trainingsession.moc"
