// SnapshotHistory: step 7's bounded list of snapshots, without a thread or a training run:
// appending, the same step replaced, thinning to every second one (the first and the latest
// kept) by count and by bytes, the bytes counted as it changes; and a snapshot's losses against
// the model's own analysis.

#include "snapshothistory.h"
#include "tiny/inference.h"
#include "verifynear.h"

#include <QTest>

using namespace attention;

namespace {

/// A snapshot at `step` of `layers` × `heads` heads of T × T weights (no losses).
SharedSnapshot made(int step, int tokens = 4, int layers = 1, int heads = 1)
{
    auto snapshot = std::make_shared<AttentionSnapshot>();
    snapshot->step = step;
    snapshot->heads.assign(std::size_t(layers),
                           std::vector<MatrixF>(std::size_t(heads), MatrixF::Zero(tokens, tokens)));
    return snapshot;
}

std::vector<int> stepsOf(const SnapshotHistory &history)
{
    std::vector<int> steps;
    for (const SharedSnapshot &snapshot : history.entries())
        steps.push_back(snapshot->step);
    return steps;
}

qint64 countedBytes(const SnapshotHistory &history)
{
    qint64 bytes = 0;
    for (const SharedSnapshot &snapshot : history.entries())
        bytes += snapshot->bytes();
    return bytes;
}

} // namespace

class TestSnapshotHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bytesAreTheWeightsAndLosses();
    void theSameStepIsReplaced();
    void thinningKeepsTheFirstAndTheLatest_data();
    void thinningKeepsTheFirstAndTheLatest();
    void theByteLimitThins();
    void snapshotLossesAreTheAnalysis();
};

void TestSnapshotHistory::bytesAreTheWeightsAndLosses()
{
    auto snapshot = std::make_shared<AttentionSnapshot>(*made(0, 5, 2, 3));
    QCOMPARE(snapshot->bytes(), qint64(2 * 3 * 25 * 4));
    snapshot->losses.assign(4, 1.0f);
    QCOMPARE(snapshot->bytes(), qint64(2 * 3 * 25 * 4 + 4 * 4));
}

void TestSnapshotHistory::theSameStepIsReplaced()
{
    SnapshotHistory history;
    QVERIFY(!history.append(made(0)));
    QVERIFY(!history.append(made(5)));
    QVERIFY(!history.append(made(5, 8))); // step 5 again, larger: it takes the place of the first
    QCOMPARE(stepsOf(history), (std::vector<int>{0, 5}));
    QCOMPARE(history.entries().back()->heads[0][0].rows(), Index(8));
    QCOMPARE(history.bytes(), countedBytes(history));
    history.clear();
    QVERIFY(history.entries().empty());
    QCOMPARE(history.bytes(), 0);
}

void TestSnapshotHistory::thinningKeepsTheFirstAndTheLatest_data()
{
    QTest::addColumn<int>("appended");
    QTest::addColumn<int>("kept");
    QTest::addColumn<int>("thinnings");
    const int max = SnapshotHistory::maxSnapshots;
    QTest::newRow("full, not over") << max << max << 0;
    QTest::newRow("one over: half and the latest") << max + 1 << max / 2 + 1 << 1;
    QTest::newRow("many over") << 3 * max << -1 << -1;
}

void TestSnapshotHistory::thinningKeepsTheFirstAndTheLatest()
{
    QFETCH(int, appended);
    QFETCH(int, kept);
    QFETCH(int, thinnings);
    SnapshotHistory history;
    int thinned = 0;
    for (int i = 0; i < appended; ++i)
        thinned += history.append(made(10 * i)) ? 1 : 0;
    const std::vector<int> steps = stepsOf(history);
    if (kept >= 0)
        QCOMPARE(int(steps.size()), kept);
    if (thinnings >= 0)
        QCOMPARE(thinned, thinnings);
    QVERIFY(int(steps.size()) <= SnapshotHistory::maxSnapshots);
    QCOMPARE(steps.front(), 0);
    QCOMPARE(steps.back(), 10 * (appended - 1));
    for (std::size_t i = 1; i < steps.size(); ++i)
        QVERIFY(steps[i] > steps[i - 1]);
    QCOMPARE(history.bytes(), countedBytes(history));
}

void TestSnapshotHistory::theByteLimitThins()
{
    SnapshotHistory history;
    const qint64 one = made(0)->bytes();
    QVERIFY(!history.setByteLimit(8 * one));
    QCOMPARE(history.byteLimit(), 8 * one);
    for (int i = 0; i < 20; ++i) {
        history.append(made(i));
        QVERIFY(history.bytes() <= 8 * one);
        QCOMPARE(history.bytes(), countedBytes(history));
    }
    QCOMPARE(stepsOf(history).back(), 19);
    QCOMPARE(stepsOf(history).front(), 0);
    // A lower limit thins at once; the limit never exceeds maxBytes.
    QVERIFY(history.setByteLimit(3 * one));
    QVERIFY(history.bytes() <= 3 * one);
    history.setByteLimit(SnapshotHistory::maxBytes * 2);
    QCOMPARE(history.byteLimit(), SnapshotHistory::maxBytes);
    // Two snapshots always stay, however small the limit.
    history.setByteLimit(0);
    QCOMPARE(int(history.entries().size()), 2);
}

void TestSnapshotHistory::snapshotLossesAreTheAnalysis()
{
    tiny::ModelConfig config;
    config.vocabSize = 9;
    config.context = 8;
    config.dModel = 8;
    config.heads = 2;
    config.layers = 2;
    const auto parameters = tiny::initParameters(config, 5);
    const std::vector<int> probe{1, 2, 3, 4, 1, 2, 3, 4};
    const SharedSnapshot snapshot = attentionSnapshot(parameters, probe, 7);
    const auto analysis = tiny::analyseSequence(parameters, probe);
    QCOMPARE(snapshot->step, 7);
    QCOMPARE(snapshot->losses.size(), std::size_t(7));
    for (std::size_t t = 0; t < 7; ++t)
        VERIFY_NEAR(double(snapshot->losses[t]), analysis->losses[t], 1e-6);
    const auto copies = copyLosses(*snapshot, probe);
    QVERIFY(copies);
    VERIFY_NEAR(copies->first,
                (analysis->losses[0] + analysis->losses[1] + analysis->losses[2]) / 3, 1e-6);
    QVERIFY(!copyLosses(*snapshot, {1, 2, 3, 4, 1, 2, 3, 5}));
    // A probe the model cannot read: no heads, no losses.
    QVERIFY(attentionSnapshot(parameters, {1, 99}, 0)->losses.empty());
}

QTEST_GUILESS_MAIN(TestSnapshotHistory)
#include "tst_snapshothistory.moc"
