// Lesson step 7's training session: a run on its worker thread gives exactly the losses of the
// core's Trainer driven directly (the independent reference), however it is paused; the
// snapshots are the model's own attention; the best weights reach their file; a refused corpus
// changes nothing.

#include "modelfile.h"
#include "tiny/inference.h"
#include "trainingsession.h"
#include "verifynear.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace attention;

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
    void oneStepTrainsOneStep();
    void snapshotsAreTheModelsAttention();
    void probeChangeRestartsTheHistory();
    void historyStaysBounded();
    void bestWeightsReachTheirFile();
    void openedModelIsShownNotTrained();
    void refusedCorpusChangesNothing();
    void destroyingWhileRunningStopsCleanly();
};

void TestTrainingSession::setUpGivesAFreshModel()
{
    TrainingSession session;
    QCOMPARE(session.state(), TrainingSession::State::Empty);
    session.setProbe(QStringLiteral("abcab"));
    QVERIFY(session.setUp(smallSetup()).isEmpty());
    QCOMPARE(session.state(), TrainingSession::State::Ready);
    QCOMPARE(session.stepsDone(), 0);
    QVERIFY(session.model());
    QCOMPARE(session.model()->parameters.config.vocabSize, session.corpus().vocabulary.size());
    // The initial parameters are the seed's, as the core makes them.
    const auto initial = tiny::initParameters(session.model()->parameters.config, 7);
    QCOMPARE(tiny::exportTensors(session.model()->parameters), tiny::exportTensors(initial));
    QCOMPARE(session.history().size(), std::size_t(1));
    QCOMPARE(session.history().front().step, 0);
    QCOMPARE(session.probeIds().size(), std::size_t(5));
    QVERIFY(session.unigramLoss() > 0.0);
}

void TestTrainingSession::trainingMatchesTheCoreTrainer()
{
    TrainingSetup setup = smallSetup(300);
    setup.settings.learningRate = 1e-2;
    setup.evalEvery = 50;
    TrainingSession session;
    QVERIFY(session.setUp(setup).isEmpty());
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
    QVERIFY(uninterrupted.setUp(smallSetup(300)).isEmpty());
    uninterrupted.train();
    QVERIFY(uninterrupted.waitUntilIdle(60000));

    TrainingSession paused;
    QVERIFY(paused.setUp(smallSetup(300)).isEmpty());
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

void TestTrainingSession::oneStepTrainsOneStep()
{
    TrainingSession session;
    QVERIFY(session.setUp(smallSetup()).isEmpty());
    for (int i = 1; i <= 3; ++i) {
        session.stepOnce();
        QVERIFY(session.waitUntilIdle(10000));
        QCOMPARE(session.state(), TrainingSession::State::Paused);
        QCOMPARE(session.stepsDone(), i);
        QCOMPARE(session.history().back().step, i);
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
    QVERIFY(session.setUp(smallSetup()).isEmpty());
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    const AttentionSnapshot &last = session.history().back();
    QCOMPARE(last.step, session.stepsDone());
    const auto analysis = tiny::analyseSequence(session.model()->parameters, session.probeIds());
    QVERIFY(analysis);
    QCOMPARE(last.heads.size(), std::size_t(1));
    QCOMPARE(last.heads[0].size(), std::size_t(2));
    for (int h = 0; h < 2; ++h) {
        const MatrixF &weights = last.heads[0][h];
        QCOMPARE(weights.rows(), Index(8));
        VERIFY_ALL_NEAR(weights, analysis->attention[0][h], 1e-6);
        // Causal rows of weights.
        for (Index r = 0; r < weights.rows(); ++r) {
            VERIFY_NEAR(weights.row(r).sum(), 1.0f, 1e-5f);
            for (Index c = r + 1; c < weights.cols(); ++c)
                QCOMPARE(weights(r, c), 0.0f);
        }
    }
    // The snapshots are in step order, from step 0, and they changed with training.
    QCOMPARE(session.history().front().step, 0);
    for (std::size_t i = 1; i < session.history().size(); ++i)
        QVERIFY(session.history()[i].step > session.history()[i - 1].step);
    QVERIFY(verifynear::apart(session.history().front().heads[0][0], last.heads[0][0], 1e-3));
}

void TestTrainingSession::probeChangeRestartsTheHistory()
{
    TrainingSession session;
    session.setProbe(QStringLiteral("abc"));
    QVERIFY(session.setUp(smallSetup()).isEmpty());
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QVERIFY(session.history().size() > 1);
    QSignalSpy resets(&session, &TrainingSession::historyReset);
    // Longer than the context (8): cut to it; a character the corpus lacks becomes id 0.
    session.setProbe(QStringLiteral("abcdefgh中ij"));
    QCOMPARE(resets.size(), 1);
    QCOMPARE(session.history().size(), std::size_t(1));
    QCOMPARE(session.history().front().step, 40);
    const std::vector<int> ids = session.probeIds();
    QCOMPARE(ids.size(), std::size_t(8));
    QCOMPARE(ids[0], session.vocabulary().idOf(U'a'));
    QCOMPARE(session.history().front().heads[0][0].rows(), Index(8));
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
    QVERIFY(session.setUp(setup).isEmpty());
    session.train();
    QVERIFY(session.waitUntilIdle(120000));
    const auto &history = session.history();
    QVERIFY2(int(history.size()) <= TrainingSession::maxSnapshots,
             qPrintable(QString::number(history.size())));
    QVERIFY(history.size() >= 100);
    QCOMPARE(history.front().step, 0);
    QCOMPARE(history.back().step, 600);
}

void TestTrainingSession::bestWeightsReachTheirFile()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("best.safetensors"));
    TrainingSession session;
    session.setBestFile(file);
    QVERIFY(session.setUp(smallSetup()).isEmpty());
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    QVERIFY(session.bestFileError().isEmpty());
    const ModelReadResult read = loadModel(file);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.model.metadata.steps, qint64(session.bestStep()));
    QCOMPARE(read.model.metadata.valLoss, session.bestLoss());
    QCOMPARE(read.model.metadata.seed, quint64(7));
    QCOMPARE(read.model.metadata.corpusName, QStringLiteral("copy"));
    QCOMPARE(read.model.tensors, tiny::exportTensors(session.bestModel()->parameters));
    QCOMPARE(read.model.vocabulary, session.vocabulary());
}

void TestTrainingSession::openedModelIsShownNotTrained()
{
    TrainingSession trained;
    trained.setProbe(QStringLiteral("abca"));
    QVERIFY(trained.setUp(smallSetup()).isEmpty());
    trained.train();
    QVERIFY(trained.waitUntilIdle(60000));
    const ModelFile file = trained.bestModelFile();
    QVERIFY(checkModel(file).isEmpty());

    TrainingSession session;
    session.setProbe(QStringLiteral("abca"));
    QVERIFY(session.setUp(smallSetup()).isEmpty());
    session.openModel(file);
    QCOMPARE(session.state(), TrainingSession::State::Opened);
    QVERIFY(!session.canTrain());
    QCOMPARE(session.stepsDone(), trained.bestStep());
    QCOMPARE(tiny::exportTensors(session.model()->parameters), file.tensors);
    QCOMPARE(session.history().size(), std::size_t(1));
    const auto analysis = tiny::analyseSequence(session.model()->parameters, session.probeIds());
    VERIFY_ALL_NEAR(session.history().front().heads[0][1], analysis->attention[0][1], 1e-6);
    session.train(); // an opened model is not trained
    QCOMPARE(session.state(), TrainingSession::State::Opened);
    session.reset(); // a new run of the setup
    QCOMPARE(session.state(), TrainingSession::State::Ready);
    QCOMPARE(session.stepsDone(), 0);
}

void TestTrainingSession::refusedCorpusChangesNothing()
{
    TrainingSession session;
    QVERIFY(session.setUp(smallSetup()).isEmpty());
    session.stepOnce();
    QVERIFY(session.waitUntilIdle(10000));
    const auto before = tiny::exportTensors(session.model()->parameters);

    QTemporaryDir dir;
    TrainingSetup bad = smallSetup();
    bad.corpus = dir.filePath(QStringLiteral("missing.txt"));
    const QString error = session.setUp(bad);
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
    QVERIFY(session->setUp(smallSetup(100000)).isEmpty());
    session->train();
    QTest::qWait(20);
    session = nullptr; // the destructor pauses and waits: no crash, no leak under ASan
    QVERIFY(!session);
}

QTEST_GUILESS_MAIN(TestTrainingSession)
#include "tst_trainingsession.moc"
