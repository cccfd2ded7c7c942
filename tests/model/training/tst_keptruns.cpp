// Kept runs of step 7: a session's run as kept (its training loss in blocks, its validations),
// the oldest dropped past three, the file written and read back whole, and a bad file refused
// with a message that names where it is wrong, leaving what was kept as it was.

#include "keptruns.h"
#include "tiny/learningcurve.h"
#include "trainingsession.h"
#include "verifynear.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace attention;

namespace {

TrainingSetup smallSetup(int layers)
{
    TrainingSetup setup;
    setup.corpus = QString::fromLatin1(corpora::copyTask);
    setup.config.context = 8;
    setup.config.dModel = 16;
    setup.config.heads = 2;
    setup.config.layers = layers;
    setup.settings.steps = 30;
    setup.settings.batch = 8;
    setup.settings.warmup = 5;
    setup.settings.learningRate = 3e-3;
    setup.settings.seed = 7;
    setup.settings.threads = 1;
    setup.evalEvery = 10;
    return setup;
}

/// A run as kept after training `layers` layers.
KeptRun trainedRun(int layers)
{
    TrainingSession session;
    session.setUp(smallSetup(layers));
    session.train();
    session.waitUntilIdle(60000);
    return keptRunOf(session).value_or(KeptRun{});
}

void verifySameRun(const KeptRun &a, const KeptRun &b)
{
    // What the form holds (setupToJson: corpus, shape, steps, rate, seed, threads) is kept.
    QCOMPARE(setupToJson(a.setup), setupToJson(b.setup));
    QCOMPARE(a.stepsDone, b.stepsDone);
    QCOMPARE(a.trainLoss, b.trainLoss);
    QCOMPARE(a.validations.size(), b.validations.size());
    for (std::size_t i = 0; i < a.validations.size(); ++i) {
        QCOMPARE(a.validations[i].step, b.validations[i].step);
        QCOMPARE(a.validations[i].loss, b.validations[i].loss);
        QCOMPARE(a.validations[i].positionLosses, b.validations[i].positionLosses);
        QCOMPARE(a.validations[i].induction, b.validations[i].induction);
    }
}

} // namespace

class TestKeptRuns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keptRunIsTheSessions();
    void theOldestIsDropped();
    void fileRoundTrips();
    void badFileIsRefused_data();
    void badFileIsRefused();
};

void TestKeptRuns::keptRunIsTheSessions()
{
    TrainingSession session;
    QVERIFY(!keptRunOf(session)); // nothing validated yet
    QVERIFY(!session.setUp(smallSetup(2)));
    session.train();
    QVERIFY(session.waitUntilIdle(60000));
    const std::optional<KeptRun> run = keptRunOf(session);
    QVERIFY(run);
    QVERIFY(run->setup == session.setup());
    QCOMPARE(run->stepsDone, 30);
    QCOMPARE(run->validations.size(), session.validations().size());
    // 30 steps fit in 400 points: one point a step, the step's own loss.
    QCOMPARE(run->trainLoss.size(), std::size_t(30));
    QCOMPARE(run->trainLoss[29], QPointF(30.0, session.trainLosses()[29]));
    VERIFY_NEAR(run->finalScore(),
                tiny::inContextLearningScore(session.validations().back().positionLosses), 0.0);
    double strongest = -1.0;
    for (const auto &layer : session.validations().back().induction)
        for (const double ratio : layer)
            strongest = std::max(strongest, ratio);
    QCOMPARE(run->finalInduction(), strongest);
}

void TestKeptRuns::theOldestIsDropped()
{
    KeptRuns kept;
    for (int i = 1; i <= KeptRuns::maxKept; ++i) {
        KeptRun run;
        run.stepsDone = i;
        QVERIFY(!kept.keep(run));
    }
    KeptRun fourth;
    fourth.stepsDone = 4;
    const std::optional<KeptRun> dropped = kept.keep(fourth);
    QVERIFY(dropped);
    QCOMPARE(dropped->stepsDone, 1);
    QCOMPARE(int(kept.runs().size()), KeptRuns::maxKept);
    QCOMPARE(kept.runs().front().stepsDone, 2);
    QCOMPARE(kept.runs().back().stepsDone, 4);
}

void TestKeptRuns::fileRoundTrips()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("sub/kept-runs.json"));
    KeptRuns kept;
    kept.keep(trainedRun(1));
    kept.keep(trainedRun(2));
    QString error;
    QVERIFY2(kept.save(file, &error), qPrintable(error));
    const std::optional<KeptRuns> read = KeptRuns::load(file, &error);
    QVERIFY2(read, qPrintable(error));
    QCOMPARE(read->runs().size(), std::size_t(2));
    for (std::size_t i = 0; i < 2; ++i)
        verifySameRun(read->runs()[i], kept.runs()[i]);
    QCOMPARE(read->runs()[1].setup.config.layers, 2);
    // Nothing kept: no file; no file: nothing kept, no error.
    KeptRuns none;
    QVERIFY(none.save(file, &error));
    QVERIFY(!QFile::exists(file));
    const std::optional<KeptRuns> empty = KeptRuns::load(file, &error);
    QVERIFY(empty && empty->isEmpty());
}

void TestKeptRuns::badFileIsRefused_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("message");
    const QByteArray good = [] {
        KeptRuns kept;
        KeptRun run;
        run.validations.push_back({10, 2.5, {2.0, 3.0}, {{1.0, 2.0}}});
        run.validations.push_back({20, 2.0, {1.5, 2.5}, {{1.25, 2.75}}});
        kept.keep(run);
        return kept.toJson();
    }();
    QTest::newRow("not JSON") << QByteArray("{\"kept_runs\": [") << QStringLiteral("not JSON (");
    QTest::newRow("no list") << QByteArray("{\"runs\": []}")
                             << QStringLiteral("no list of at most 3 kept runs");
    QByteArray badStep = good;
    badStep.replace("\"step\":20", "\"step\":\"twenty\"");
    QTest::newRow("a step that is text")
        << badStep
        << QStringLiteral(
               "run 1 validation 2 needs a step, a loss and a list of losses by position");
    QByteArray badRatio = good;
    badRatio.replace("[1.25,2.75]", "[1.25,\"x\"]");
    QTest::newRow("a ratio that is text")
        << badRatio << QStringLiteral("run 1 validation 2 its induction ratios are not numbers");
    QByteArray noSetup = good;
    noSetup.replace("\"setup\"", "\"set_up\"");
    QTest::newRow("no setup") << noSetup << QStringLiteral("run 1 has no setup");
}

void TestKeptRuns::badFileIsRefused()
{
    QFETCH(QByteArray, contents);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("kept-runs.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(contents);
    out.close();
    QString error;
    QVERIFY(!KeptRuns::load(file, &error));
    QVERIFY2(error.startsWith(file + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

QTEST_MAIN(TestKeptRuns)
#include "tst_keptruns.moc"
