// Tests of PlaneSubset: every arrow up to the limit, past it the selected query and its strongest
// keys, compared with a full sort of the weights; ties, masked (zero) weights and no selection.

#include "planesubset.h"

#include <QTest>
#include <algorithm>
#include <random>

using namespace attention;

class TestPlaneSubset : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void strongestKeysMatchASort_data();
    void strongestKeysMatchASort();
    void tiesGoToTheLowerIndex();
    void zeroWeightsAreLeftOut();
    void choose_data();
    void choose();
};

void TestPlaneSubset::strongestKeysMatchASort_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("count");

    QTest::newRow("T = 30, top 8") << 30 << 8;
    QTest::newRow("T = 4096, top 8") << 4096 << 8;
    QTest::newRow("T = 5, top 8 (all)") << 5 << 8;
    QTest::newRow("T = 10, top 0") << 10 << 0;
}

void TestPlaneSubset::strongestKeysMatchASort()
{
    QFETCH(int, tokens);
    QFETCH(int, count);
    std::mt19937 rng(static_cast<unsigned>(tokens));
    std::uniform_real_distribution<double> uniform(0.001, 1.0);
    RowVector weights(tokens);
    for (int j = 0; j < tokens; ++j)
        weights(j) = uniform(rng);
    weights /= weights.sum();

    // By hand: every index, sorted by weight, the largest first.
    QList<int> expected;
    for (int j = 0; j < tokens; ++j)
        expected.append(j);
    std::sort(expected.begin(), expected.end(),
              [&](int a, int b) { return weights(a) > weights(b); });
    expected = expected.mid(0, std::min(count, tokens));

    QCOMPARE(strongestKeys(weights, count), expected);
}

void TestPlaneSubset::tiesGoToTheLowerIndex()
{
    RowVector weights = RowVector::Constant(40, 1.0 / 40); // uniform: all tied
    QCOMPARE(strongestKeys(weights, 3), QList<int>({0, 1, 2}));
    weights(30) = 0.5;
    QCOMPARE(strongestKeys(weights, 3), QList<int>({30, 0, 1}));
}

void TestPlaneSubset::zeroWeightsAreLeftOut()
{
    // A causal row: query 2 sees keys 0 to 2 only.
    RowVector weights = RowVector::Zero(30);
    weights(0) = 0.2;
    weights(1) = 0.5;
    weights(2) = 0.3;
    QCOMPARE(strongestKeys(weights, 8), QList<int>({1, 2, 0}));
}

void TestPlaneSubset::choose_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("selected");
    QTest::addColumn<bool>("reduced");
    QTest::addColumn<QList<int>>("queries");
    QTest::addColumn<QList<int>>("keys");

    QTest::newRow("T = 3: all") << 3 << 2 << false << QList<int>{0, 1, 2} << QList<int>{0, 1, 2};
    QTest::newRow("T = 3, none selected: all")
        << 3 << -1 << false << QList<int>{0, 1, 2} << QList<int>{0, 1, 2};
    // Weights j + 1 (normalized): the strongest keys are the last 8, listed ascending.
    QTest::newRow("T = 25: query 4 and keys 17–24")
        << 25 << 4 << true << QList<int>{4} << QList<int>{17, 18, 19, 20, 21, 22, 23, 24};
    QTest::newRow("T = 25, none selected: nothing")
        << 25 << -1 << true << QList<int>{} << QList<int>{};
}

void TestPlaneSubset::choose()
{
    QFETCH(int, tokens);
    QFETCH(int, selected);
    QFETCH(bool, reduced);
    QFETCH(QList<int>, queries);
    QFETCH(QList<int>, keys);
    RowVector weights(tokens);
    for (int j = 0; j < tokens; ++j)
        weights(j) = j + 1.0;
    weights /= weights.sum();
    const PlaneSubset subset = PlaneSubset::choose(tokens, selected, weights);
    QCOMPARE(subset.reduced, reduced);
    QCOMPARE(subset.queries, queries);
    QCOMPARE(subset.keys, keys);
}

QTEST_GUILESS_MAIN(TestPlaneSubset)
#include "tst_planesubset.moc"
