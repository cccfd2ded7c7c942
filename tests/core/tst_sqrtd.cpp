// Tests of core/sqrtd: the statistics of the √d experiment converge to values derived here
// independently, and the options (seed, causal, cancel) behave as documented.

#include "sqrtd.h"
#include "verifynear.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <utility>
#include <vector>

using attention::Index;
using attention::Matrix;
using attention::SqrtDOptions;
using attention::SqrtDRow;

namespace {

constexpr double pi = 3.14159265358979323846;

/// Normal numbers by the Box–Muller transform over std::mt19937_64 (whose raw output is fixed by
/// the standard): unrelated to the core's xoshiro256** and polar method.
class BoxMuller
{
public:
    explicit BoxMuller(std::uint64_t seed)
        : m_engine(seed)
    {}

    double next()
    {
        if (m_hasSpare) {
            m_hasSpare = false;
            return m_spare;
        }
        const double u1 = static_cast<double>((m_engine() >> 11) + 1) * 0x1p-53; // (0, 1]
        const double u2 = static_cast<double>(m_engine() >> 11) * 0x1p-53;       // [0, 1)
        const double radius = std::sqrt(-2.0 * std::log(u1));
        m_spare = radius * std::sin(2.0 * pi * u2);
        m_hasSpare = true;
        return radius * std::cos(2.0 * pi * u2);
    }

private:
    std::mt19937_64 m_engine;
    double m_spare = 0.0;
    bool m_hasSpare = false;
};

/// Largest softmax weight of the first `count` scores.
double largestWeight(const std::vector<double> &scores, std::size_t count)
{
    double top = scores[0];
    for (std::size_t j = 1; j < count; ++j)
        top = std::max(top, scores[j]);
    double total = 0.0;
    for (std::size_t j = 0; j < count; ++j)
        total += std::exp(scores[j] - top);
    return 1.0 / total; // the top score's exp(0) = 1 over the sum
}

struct Expected
{
    double scaled = 0.0;
    double unscaled = 0.0;
    double scaledCausal = 0.0;
    double unscaledCausal = 0.0;
};

/// Monte Carlo estimate of the mean largest weight for T = 5, independent of the core.
///
/// For a query q and keys k_j with N(0, 1) entries, given q the dot products q·k_j are
/// independent N(0, |q|²). So one row is: |q|² as a sum of d squared normals, then T scores
/// |q| Z_j (unscaled) or |q|/√d Z_j (scaled). Causal row i sees scores 0…i.
Expected monteCarlo(Index d, int rows, std::uint64_t seed)
{
    constexpr std::size_t T = 5;
    BoxMuller normal(seed);
    Expected sums;
    std::vector<double> z(T);
    std::vector<double> scores(T);
    for (int r = 0; r < rows; ++r) {
        double norm2 = 0.0;
        for (Index c = 0; c < d; ++c) {
            const double x = normal.next();
            norm2 += x * x;
        }
        for (double &value : z)
            value = normal.next();
        // The largest weight of the full row and its causal mean over rows 0…T−1.
        const auto weightsFor = [&](double sigma, double &full, double &causal) {
            for (std::size_t j = 0; j < T; ++j)
                scores[j] = sigma * z[j];
            double causalSum = 0.0;
            for (std::size_t i = 0; i < T; ++i)
                causalSum += largestWeight(scores, i + 1);
            causal += causalSum / static_cast<double>(T);
            full += largestWeight(scores, T);
        };
        weightsFor(std::sqrt(norm2), sums.unscaled, sums.unscaledCausal);
        weightsFor(std::sqrt(norm2 / static_cast<double>(d)), sums.scaled, sums.scaledCausal);
    }
    sums.scaled /= rows;
    sums.unscaled /= rows;
    sums.scaledCausal /= rows;
    sums.unscaledCausal /= rows;
    return sums;
}

} // namespace

class TestSqrtD : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void referenceNormalsAreStandard();

    void standardDeviationNearSqrtD_data();
    void standardDeviationNearSqrtD();

    void maxWeightsMatchMonteCarlo_data();
    void maxWeightsMatchMonteCarlo();

    void unscaledExceedsScaled_data();
    void unscaledExceedsScaled();

    void unscaledGrowsWithD();

    void deterministicForFixedSeed_data();
    void deterministicForFixedSeed();

    void causalOnlyRaisesTheLargestWeight_data();
    void causalOnlyRaisesTheLargestWeight();

    void cancelStopsEarly_data();
    void cancelStopsEarly();

    void trialIsTheFirstMeasured_data();
    void trialIsTheFirstMeasured();

private:
    /// measureSqrtD with 2000 trials, T = 5, seed 1; cached, as the function is deterministic.
    const SqrtDRow &measured(Index d, bool causal);

    std::map<std::pair<Index, bool>, SqrtDRow> m_cache;
};

const SqrtDRow &TestSqrtD::measured(Index d, bool causal)
{
    const auto key = std::make_pair(d, causal);
    auto it = m_cache.find(key);
    if (it == m_cache.end()) {
        SqrtDOptions options;
        options.T = 5;
        options.trials = 2000;
        options.seed = 1;
        options.causal = causal;
        it = m_cache.emplace(key, attention::measureSqrtD(d, options)).first;
    }
    return it->second;
}

void TestSqrtD::referenceNormalsAreStandard()
{
    // The test's own normals must be right before they judge anything.
    BoxMuller normal(3);
    constexpr int n = 200000;
    double m1 = 0.0;
    double m2 = 0.0;
    double m4 = 0.0;
    for (int i = 0; i < n; ++i) {
        const double x = normal.next();
        m1 += x;
        m2 += x * x;
        m4 += x * x * x * x;
    }
    VERIFY_NEAR(m1 / n, 0.0, 0.01);
    VERIFY_NEAR(m2 / n, 1.0, 0.02);
    VERIFY_NEAR(m4 / n, 3.0, 0.1);
}

void TestSqrtD::standardDeviationNearSqrtD_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<bool>("causal");
    for (int d : {16, 64, 256, 1024})
        QTest::addRow("d=%d", d) << d << false;
    QTest::newRow("d=64 causal") << 64 << true;
}

void TestSqrtD::standardDeviationNearSqrtD()
{
    QFETCH(int, d);
    QFETCH(bool, causal);
    const SqrtDRow &row = measured(d, causal);
    QCOMPARE(row.d, Index(d));
    // 2000 trials give 50000 dot products (15000 visible ones when causal); the relative error
    // of the standard deviation is well under 1 %, against the 5 %.
    VERIFY_NEAR(row.stdDev / std::sqrt(static_cast<double>(d)), 1.0, 0.05);
}

void TestSqrtD::maxWeightsMatchMonteCarlo_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<bool>("causal");
    for (int d : {16, 64, 256, 1024})
        QTest::addRow("d=%d", d) << d << false;
    QTest::newRow("d=16 causal") << 16 << true;
    QTest::newRow("d=256 causal") << 256 << true;
}

void TestSqrtD::maxWeightsMatchMonteCarlo()
{
    QFETCH(int, d);
    QFETCH(bool, causal);
    // Standard errors: about 0.002 for the 20000 test rows, at most 0.005 for the experiment's
    // 2000 trials (its five rows per trial share keys); ±0.02 is four of both together.
    const Expected expected = monteCarlo(d, 20000, 4242 + static_cast<std::uint64_t>(d));
    const SqrtDRow &row = measured(d, causal);
    VERIFY_NEAR(row.maxWeightScaled, causal ? expected.scaledCausal : expected.scaled, 0.02);
    VERIFY_NEAR(row.maxWeightUnscaled, causal ? expected.unscaledCausal : expected.unscaled, 0.02);
    if (!causal) {
        // Scaling keeps the largest weight near that of five N(0, 1) scores, about 0.46 for
        // any d: neither uniform (0.2) nor one-hot (1).
        QVERIFY(row.maxWeightScaled > 0.40 && row.maxWeightScaled < 0.52);
    }
}

void TestSqrtD::unscaledExceedsScaled_data()
{
    QTest::addColumn<int>("d");
    for (int d : {16, 64, 256, 1024})
        QTest::addRow("d=%d", d) << d;
}

void TestSqrtD::unscaledExceedsScaled()
{
    QFETCH(int, d);
    const SqrtDRow &row = measured(d, false);
    QVERIFY2(row.maxWeightUnscaled > row.maxWeightScaled + 0.1,
             qPrintable(QStringLiteral("unscaled %1, scaled %2")
                            .arg(row.maxWeightUnscaled)
                            .arg(row.maxWeightScaled)));
}

void TestSqrtD::unscaledGrowsWithD()
{
    double previous = 0.0;
    for (Index d : {1, 2, 4, 16, 64, 256, 1024}) {
        const SqrtDRow &row = measured(d, false);
        QVERIFY2(row.maxWeightUnscaled > previous, qPrintable(QStringLiteral("d=%1: %2 after %3")
                                                                  .arg(d)
                                                                  .arg(row.maxWeightUnscaled)
                                                                  .arg(previous)));
        QVERIFY(row.maxWeightUnscaled <= 1.0);
        previous = row.maxWeightUnscaled;
    }
    // At d = 1024 the unscaled softmax is nearly one-hot.
    QVERIFY(previous > 0.9);
}

void TestSqrtD::deterministicForFixedSeed_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("d");
    QTest::addColumn<bool>("causal");
    QTest::newRow("seed 1 T=5 d=16") << quint64(1) << 5 << 16 << false;
    QTest::newRow("seed 7 T=3 d=64 causal") << quint64(7) << 3 << 64 << true;
    QTest::newRow("seed 123 T=8 d=5") << quint64(123) << 8 << 5 << false;
}

void TestSqrtD::deterministicForFixedSeed()
{
    QFETCH(quint64, seed);
    QFETCH(int, T);
    QFETCH(int, d);
    QFETCH(bool, causal);
    SqrtDOptions options;
    options.T = T;
    options.trials = 300;
    options.seed = seed;
    options.causal = causal;
    const SqrtDRow a = attention::measureSqrtD(d, options);
    const SqrtDRow b = attention::measureSqrtD(d, options);
    QCOMPARE(a.d, Index(d));
    QVERIFY(a.stdDev == b.stdDev);
    QVERIFY(a.maxWeightScaled == b.maxWeightScaled);
    QVERIFY(a.maxWeightUnscaled == b.maxWeightUnscaled);

    // Measuring another d in between does not disturb this d's figures.
    attention::measureSqrtD(d + 1, options);
    const SqrtDRow c = attention::measureSqrtD(d, options);
    QVERIFY(a.stdDev == c.stdDev);
    QVERIFY(a.maxWeightScaled == c.maxWeightScaled);

    // Another seed draws other numbers.
    options.seed = seed + 1;
    const SqrtDRow other = attention::measureSqrtD(d, options);
    QVERIFY(other.stdDev != a.stdDev);
    QVERIFY(other.maxWeightUnscaled != a.maxWeightUnscaled);
}

void TestSqrtD::causalOnlyRaisesTheLargestWeight_data()
{
    QTest::addColumn<int>("d");
    for (int d : {16, 256})
        QTest::addRow("d=%d", d) << d;
}

void TestSqrtD::causalOnlyRaisesTheLargestWeight()
{
    QFETCH(int, d);
    const SqrtDRow &plain = measured(d, false);
    const SqrtDRow &causal = measured(d, true);
    // Row 0 sees one key (weight 1) and row i only i + 1 keys, so the largest weight can only
    // grow; it is at least (1/T) Σ 1/(i+1) = H_5 / 5.
    QVERIFY(causal.maxWeightScaled > plain.maxWeightScaled);
    QVERIFY(causal.maxWeightUnscaled > plain.maxWeightUnscaled);
    const double harmonicFloor = (1.0 + 1.0 / 2 + 1.0 / 3 + 1.0 / 4 + 1.0 / 5) / 5.0;
    QVERIFY(causal.maxWeightScaled >= harmonicFloor);
    // The spread of the dot products does not depend on which of them are visible.
    VERIFY_NEAR(causal.stdDev / plain.stdDev, 1.0, 0.05);

    // With one token the mask hides nothing: both modes agree exactly, and the weight is 1.
    SqrtDOptions options;
    options.T = 1;
    options.trials = 50;
    const SqrtDRow one = attention::measureSqrtD(d, options);
    options.causal = true;
    const SqrtDRow oneCausal = attention::measureSqrtD(d, options);
    QVERIFY(one.stdDev == oneCausal.stdDev);
    QVERIFY(one.maxWeightScaled == 1.0);
    QVERIFY(one.maxWeightUnscaled == 1.0);
    QVERIFY(oneCausal.maxWeightScaled == 1.0);
    QVERIFY(oneCausal.maxWeightUnscaled == 1.0);
}

void TestSqrtD::cancelStopsEarly_data()
{
    QTest::addColumn<int>("cancelAfter"); // trials allowed before the callback says stop
    QTest::newRow("immediately") << 0;
    QTest::newRow("after 1") << 1;
    QTest::newRow("after 10") << 10;
    QTest::newRow("after 499") << 499;
    QTest::newRow("never") << -1;
}

void TestSqrtD::cancelStopsEarly()
{
    QFETCH(int, cancelAfter);
    constexpr int trials = 500;
    constexpr Index d = 32;
    SqrtDOptions options;
    options.trials = trials;
    options.seed = 5;
    int calls = 0;
    const auto cancelled = [&calls, cancelAfter] {
        ++calls;
        return cancelAfter >= 0 && calls > cancelAfter;
    };
    const SqrtDRow partial = attention::measureSqrtD(d, options, cancelled);
    const int completed = cancelAfter >= 0 ? cancelAfter : trials;
    // Polled once before each trial, and not again after it said stop.
    QCOMPARE(calls, cancelAfter >= 0 ? cancelAfter + 1 : trials);
    QCOMPARE(partial.d, d);

    // The partial figures are those of a run with exactly the completed trials.
    options.trials = completed;
    const SqrtDRow shorter = attention::measureSqrtD(d, options);
    QVERIFY(partial.stdDev == shorter.stdDev);
    QVERIFY(partial.maxWeightScaled == shorter.maxWeightScaled);
    QVERIFY(partial.maxWeightUnscaled == shorter.maxWeightUnscaled);
    if (completed == 0) {
        QVERIFY(partial.stdDev == 0.0);
        QVERIFY(partial.maxWeightScaled == 0.0);
        QVERIFY(partial.maxWeightUnscaled == 0.0);
    } else {
        QVERIFY(partial.stdDev > 0.0);
        QVERIFY(partial.maxWeightScaled >= 0.2 && partial.maxWeightScaled <= 1.0);
    }
}

void TestSqrtD::trialIsTheFirstMeasured_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("d");
    QTest::addColumn<bool>("causal");
    QTest::newRow("T=5 d=16") << 5 << 16 << false;
    QTest::newRow("T=3 d=1") << 3 << 1 << false;
    QTest::newRow("T=8 d=256") << 8 << 256 << false;
    QTest::newRow("T=6 d=64 causal") << 6 << 64 << true;
}

void TestSqrtD::trialIsTheFirstMeasured()
{
    QFETCH(int, T);
    QFETCH(int, d);
    QFETCH(bool, causal);
    SqrtDOptions options;
    options.T = T;
    options.trials = 1;
    options.seed = 11;
    options.causal = causal;
    const attention::SqrtDTrial trial = attention::drawSqrtDTrial(d, options);
    QCOMPARE(trial.queries.rows(), Index(T));
    QCOMPARE(trial.queries.cols(), Index(d));
    QCOMPARE(trial.keys.rows(), Index(T));
    QCOMPARE(trial.keys.cols(), Index(d));

    // Scores and weights written out with plain loops, against the trial's own q and k.
    const double sqrtD = std::sqrt(static_cast<double>(d));
    std::vector<double> visible; // raw dot products the statistics see
    double largestUnscaled = 0.0;
    double largestScaled = 0.0;
    for (int i = 0; i < T; ++i) {
        const int seen = causal ? i + 1 : T;
        std::vector<double> raw(std::size_t(seen), 0.0);
        for (int j = 0; j < seen; ++j) {
            for (int c = 0; c < d; ++c)
                raw[std::size_t(j)] += trial.queries(i, c) * trial.keys(j, c);
            visible.push_back(raw[std::size_t(j)]);
            VERIFY_NEAR(trial.unscaledScores(i, j), raw[std::size_t(j)], 1e-9 * sqrtD);
            VERIFY_NEAR(trial.scaledScores(i, j), raw[std::size_t(j)] / sqrtD, 1e-9);
        }
        for (int j = seen; j < T; ++j) {
            QVERIFY(std::isinf(trial.unscaledScores(i, j)) && trial.unscaledScores(i, j) < 0);
            QVERIFY(std::isinf(trial.scaledScores(i, j)) && trial.scaledScores(i, j) < 0);
            QCOMPARE(trial.unscaledWeights(i, j), 0.0);
            QCOMPARE(trial.scaledWeights(i, j), 0.0);
        }
        for (const bool scaled : {false, true}) {
            std::vector<double> scores = raw;
            for (double &s : scores)
                s = scaled ? s / sqrtD : s;
            const double top = *std::max_element(scores.begin(), scores.end());
            double total = 0.0;
            for (double s : scores)
                total += std::exp(s - top);
            const Matrix &weights = scaled ? trial.scaledWeights : trial.unscaledWeights;
            for (int j = 0; j < seen; ++j)
                VERIFY_NEAR(weights(i, j), std::exp(scores[std::size_t(j)] - top) / total, 1e-9);
            (scaled ? largestScaled : largestUnscaled) += largestWeight(scores, scores.size());
        }
    }

    // measureSqrtD with one trial summarises exactly this trial.
    const SqrtDRow row = attention::measureSqrtD(d, options);
    double mean = 0.0;
    for (double x : visible)
        mean += x;
    mean /= double(visible.size());
    double variance = 0.0;
    for (double x : visible)
        variance += (x - mean) * (x - mean);
    variance /= double(visible.size());
    VERIFY_NEAR(row.stdDev, std::sqrt(variance), 1e-9 * sqrtD);
    VERIFY_NEAR(row.maxWeightUnscaled, largestUnscaled / T, 1e-9);
    VERIFY_NEAR(row.maxWeightScaled, largestScaled / T, 1e-9);
}

QTEST_GUILESS_MAIN(TestSqrtD)
#include "tst_sqrtd.moc"
