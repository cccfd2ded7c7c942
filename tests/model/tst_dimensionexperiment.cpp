// Tests of DimensionExperiment, the d slider's state: random draws of the asked width, back to the
// hand-made scenario on its slider step, rerolls, a manual edit and end() ending the experiment.

#include "dimensionexperiment.h"
#include "presets.h"

#include <QTest>

using namespace attention;
using Kind = DimensionExperiment::Change::Kind;

namespace {

/// The lesson's scenario (T 5, d 2) with switches that are not the defaults.
Scenario handMade()
{
    Scenario s = *preset(QStringLiteral("lesson"));
    s.scoreScale = 2.5;
    s.causal = true;
    return s;
}

bool sameMatrix(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

} // namespace

class TestDimensionExperiment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepOf_data();
    void stepOf();
    void firstRequestDrawsSeededRandomVectors();
    void sameDimensionAsksForNothing();
    void backOnTheHandMadeStepRestoresIt();
    void rerollDrawsTheNextSeed();
    void manualEditEndsTheExperiment();
    void endForgetsEverything();
    void recognisesOnlyRecentDraws();
};

void TestDimensionExperiment::stepOf_data()
{
    QTest::addColumn<qint64>("d");
    QTest::addColumn<int>("step");
    QTest::newRow("0") << qint64(0) << 0;
    QTest::newRow("1") << qint64(1) << 0;
    QTest::newRow("2") << qint64(2) << 1;
    QTest::newRow("3 rounds up (log₂ 3 = 1.58)") << qint64(3) << 2;
    QTest::newRow("5 rounds down (log₂ 5 = 2.32)") << qint64(5) << 2;
    QTest::newRow("6 rounds up (log₂ 6 = 2.58)") << qint64(6) << 3;
    QTest::newRow("1024") << qint64(1024) << 10;
    QTest::newRow("4096 is clamped") << qint64(4096) << 10;
}

void TestDimensionExperiment::stepOf()
{
    QFETCH(qint64, d);
    QFETCH(int, step);
    QCOMPARE(DimensionExperiment::stepOf(d), step);
}

void TestDimensionExperiment::firstRequestDrawsSeededRandomVectors()
{
    DimensionExperiment experiment;
    const Scenario start = handMade();
    QVERIFY(!experiment.isRandom(start));
    QCOMPARE(experiment.handMadeDimension(start), Index(2));

    const auto change = experiment.request(start, 64);
    QVERIFY(change);
    QVERIFY(change->kind == Kind::Random);
    const Scenario &drawn = change->scenario;
    const Scenario expected = randomScenario(start.tokens, 64, 1);
    QVERIFY(sameMatrix(drawn.queries, expected.queries));
    QVERIFY(sameMatrix(drawn.keys, expected.keys));
    // Everything else is the hand-made scenario's.
    QCOMPARE(drawn.title, start.title);
    QCOMPARE(drawn.tokens, start.tokens);
    QVERIFY(drawn.values == start.values); // both one-hot, or the same matrix
    QCOMPARE(drawn.scoreScale, 2.5);
    QCOMPARE(drawn.causal, true);
    QCOMPARE(drawn.divideBySqrtD, start.divideBySqrtD);
    QVERIFY(experiment.isRandom(drawn));
    QCOMPARE(experiment.handMadeDimension(drawn), Index(2));
}

void TestDimensionExperiment::sameDimensionAsksForNothing()
{
    DimensionExperiment experiment;
    const Scenario start = handMade();
    QVERIFY(!experiment.request(start, 2));
    const Scenario drawn = experiment.request(start, 16)->scenario;
    QVERIFY(!experiment.request(drawn, 16));
}

void TestDimensionExperiment::backOnTheHandMadeStepRestoresIt()
{
    DimensionExperiment experiment;
    const Scenario start = handMade();
    Scenario drawn = experiment.request(start, 256)->scenario;
    drawn.scoreScale = 0.5; // the switches moved while d was random
    drawn.divideBySqrtD = true;
    drawn.causal = false;
    // d = 3 is on another slider step (round(log₂ 3) = 2) than d = 2 (step 1); d = 2 is on it.
    QVERIFY(experiment.request(drawn, 3)->kind == Kind::Random);
    const auto back = experiment.request(drawn, 2);
    QVERIFY(back);
    QVERIFY(back->kind == Kind::RestoreHandMade);
    Scenario expected = start;
    expected.scoreScale = 0.5;
    expected.divideBySqrtD = true;
    expected.causal = false;
    QVERIFY(back->scenario == expected);
    QVERIFY(!experiment.isRandom(back->scenario));
}

void TestDimensionExperiment::rerollDrawsTheNextSeed()
{
    DimensionExperiment experiment;
    const Scenario start = handMade();
    const Scenario first = experiment.request(start, 8)->scenario;
    QCOMPARE(experiment.seed(), std::uint64_t(1));
    const DimensionExperiment::Change again = experiment.reroll(first);
    QVERIFY(again.kind == Kind::Random);
    QCOMPARE(experiment.seed(), std::uint64_t(2));
    const Scenario expected = randomScenario(start.tokens, 8, 2);
    QVERIFY(sameMatrix(again.scenario.queries, expected.queries));
    QVERIFY(sameMatrix(again.scenario.keys, expected.keys));
    QCOMPARE(again.scenario.title, start.title);
    QVERIFY(experiment.isRandom(again.scenario));
    QVERIFY(experiment.isRandom(first)); // undo goes back to a draw that is still known
}

void TestDimensionExperiment::manualEditEndsTheExperiment()
{
    DimensionExperiment experiment;
    const Scenario start = handMade();
    Scenario edited = experiment.request(start, 4)->scenario;
    edited.queries(0, 0) += 1.0; // the learner edits a drawn query
    QVERIFY(!experiment.isRandom(edited));
    // The edited scenario is the new hand-made one: d = 2 draws, d = 4 gives it back.
    const Scenario drawn = experiment.request(edited, 2)->scenario;
    QCOMPARE(drawn.dimension(), Index(2));
    QCOMPARE(experiment.handMadeDimension(drawn), Index(4));
    const auto back = experiment.request(drawn, 4);
    QVERIFY(back->kind == Kind::RestoreHandMade);
    QVERIFY(back->scenario == edited);
}

void TestDimensionExperiment::endForgetsEverything()
{
    DimensionExperiment experiment;
    const Scenario start = handMade();
    const Scenario drawn = experiment.request(start, 32)->scenario;
    experiment.end();
    QVERIFY(!experiment.isRandom(drawn));
    QCOMPARE(experiment.handMadeDimension(drawn), Index(32));
    // The next request starts over from what the document shows.
    const auto change = experiment.request(drawn, 2);
    QVERIFY(change->kind == Kind::Random);
    QCOMPARE(experiment.handMadeDimension(change->scenario), Index(32));
}

void TestDimensionExperiment::recognisesOnlyRecentDraws()
{
    DimensionExperiment experiment;
    const Scenario first = experiment.request(handMade(), 8)->scenario;
    QList<Scenario> draws{first};
    for (int i = 0; i < DimensionExperiment::maxRandomDraws; ++i)
        draws.append(experiment.reroll(draws.last()).scenario);
    QVERIFY(!experiment.isRandom(first)); // 17 draws: the oldest is forgotten
    for (int i = 1; i < draws.size(); ++i)
        QVERIFY(experiment.isRandom(draws.at(i)));
}

QTEST_GUILESS_MAIN(TestDimensionExperiment)
#include "tst_dimensionexperiment.moc"
