// Exercise 6's verdicts from runs whose last validations are set here: it passes only with a
// kept one-layer run of the repeat task without an induction head and a deeper one with one whose
// in-context learning score is at least 0.5 nats lower, and each verdict quotes the figures it
// judged by (the strongest induction ratio, the score computed by its definition, their gap).

#include "corpusfile.h"
#include "layersexercise.h"
#include "numberformat.h"
#include "tiny/learningcurve.h"

#include <QTest>

using namespace attention;

namespace {

/// A repeat-task run of `layers` layers whose last validation has losses by position giving a
/// score of `late − early` (16 positions: 2 … 3 at `early`, 12 … 15 at `late`, the rest 2.0)
/// and a strongest induction ratio `induction`.
KeptRun run(int layers, double induction, double early, double late,
            const char *corpus = corpora::repeatTask)
{
    KeptRun r;
    r.setup.corpus = QString::fromLatin1(corpus);
    r.setup.config.layers = layers;
    std::vector<double> losses(16, 2.0);
    losses[2] = losses[3] = early;
    for (int t = 12; t < 16; ++t)
        losses[std::size_t(t)] = late;
    std::vector<std::vector<double>> ratios(std::size_t(layers), std::vector<double>{1.0, 1.0});
    ratios.back()[1] = induction;
    r.validations.push_back({100, 2.0, losses, ratios});
    return r;
}

} // namespace

class TestLayersExercise : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void passesWithBothRuns();
    void failsAndSaysWhy_data();
    void failsAndSaysWhy();
    void startsWithOneLayer();
};

void TestLayersExercise::passesWithBothRuns()
{
    const KeptRun one = run(1, 1.4, 3.0, 2.8); // score −0.2
    const KeptRun two = run(2, 8.1, 3.0, 1.9); // score −1.1
    QCOMPARE(one.finalScore(), tiny::inContextLearningScore(one.validations.back().positionLosses));
    // Both kept, or the deeper one on the page: the same verdict.
    QCOMPARE(LayersExercise::judge({one}, two).text, LayersExercise::judge({one, two}, {}).text);
    const LayersExercise::Verdict verdict = LayersExercise::judge({one}, two);
    QVERIFY2(verdict.passed, qPrintable(verdict.text));
    QCOMPARE(verdict.text,
             QStringLiteral("✓ One layer: the strongest head puts 1.4× a uniform head's weight on "
                            "the character after the earlier copy, in-context learning score %1 "
                            "nats. 2 layers: 8.1×, score %2 nats, %3 nats lower. The circuit "
                            "needs two layers: one head writes the previous character, a later "
                            "one reads it.")
                 .arg(NumberFormat::loss(one.finalScore()), NumberFormat::loss(two.finalScore()),
                      NumberFormat::loss(one.finalScore() - two.finalScore())));
}

void TestLayersExercise::failsAndSaysWhy_data()
{
    QTest::addColumn<std::vector<KeptRun>>("runs"); // kept
    QTest::addColumn<std::optional<KeptRun>>("current");
    QTest::addColumn<QString>("reason");
    const std::optional<KeptRun> none;
    QTest::newRow("nothing kept") << std::vector<KeptRun>{} << none
                                  << QStringLiteral("Train one layer on the repeat task");
    QTest::newRow("one layer on the page, not kept")
        << std::vector<KeptRun>{} << std::optional<KeptRun>(run(1, 1.4, 3.0, 2.8))
        << QStringLiteral("This one-layer run is kept when it finishes");
    QTest::newRow("one layer only") << std::vector<KeptRun>{run(1, 1.4, 3.0, 2.8)} << none
                                    << QStringLiteral("Now train two layers");
    QTest::newRow("another corpus")
        << std::vector<KeptRun>{run(1, 1.4, 3.0, 2.8, "copy"), run(2, 8.1, 3.0, 1.9)} << none
        << QStringLiteral("Train one layer on the repeat task");
    QTest::newRow("no induction head yet")
        << std::vector<KeptRun>{run(1, 1.4, 3.0, 2.8), run(2, 4.94, 3.0, 1.9)} << none
        << QStringLiteral("The deeper run has no induction head yet (5.0×)");
    QTest::newRow("one layer at 3x")
        << std::vector<KeptRun>{run(1, 3.0, 3.0, 2.8), run(2, 8.1, 3.0, 1.9)} << none
        << QStringLiteral("The one-layer run has a head at 3.0×");
    QTest::newRow("scores too close")
        << std::vector<KeptRun>{run(1, 1.4, 3.0, 2.8), run(2, 8.1, 3.0, 2.4)} << none
        << QStringLiteral("differ by less than 0.5 nats");
}

void TestLayersExercise::failsAndSaysWhy()
{
    QFETCH(std::vector<KeptRun>, runs);
    QFETCH(std::optional<KeptRun>, current);
    QFETCH(QString, reason);
    const LayersExercise::Verdict verdict = LayersExercise::judge(runs, current);
    QVERIFY(!verdict.passed);
    QVERIFY2(verdict.text.contains(reason), qPrintable(verdict.text));
}

void TestLayersExercise::startsWithOneLayer()
{
    QCOMPARE(LayersExercise::nextLayers({}), 1);
    QCOMPARE(LayersExercise::nextLayers({run(2, 8.1, 3.0, 1.9)}), 1);
    QCOMPARE(LayersExercise::nextLayers({run(1, 1.4, 3.0, 2.8)}), 2);
}

QTEST_MAIN(TestLayersExercise)
#include "tst_layersexercise.moc"
