// Tests of attention::Random: reproducibility, agreement with an independent implementation of
// SplitMix64 + xoshiro256** and the polar method, and the moments of the normal draws.

#include "random.h"
#include "verifynear.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using attention::Index;
using attention::Matrix;
using attention::MatrixF;
using attention::Random;

namespace {

/// SplitMix64 as published by Vigna (splitmix64.c): a Weyl sequence passed through a mixer.
class ReferenceSplitMix64
{
public:
    explicit ReferenceSplitMix64(std::uint64_t seed)
        : m_x(seed)
    {}
    std::uint64_t next()
    {
        m_x += UINT64_C(0x9e3779b97f4a7c15);
        std::uint64_t z = m_x;
        z ^= z >> 30;
        z *= UINT64_C(0xbf58476d1ce4e5b9);
        z ^= z >> 27;
        z *= UINT64_C(0x94d049bb133111eb);
        z ^= z >> 31;
        return z;
    }

private:
    std::uint64_t m_x;
};

/// xoshiro256** 1.0 as published by Blackman and Vigna (xoshiro256starstar.c), with the state
/// filled by four SplitMix64 outputs as the authors recommend, plus the polar method for normals.
class ReferenceXoshiro
{
public:
    explicit ReferenceXoshiro(std::uint64_t seed)
    {
        ReferenceSplitMix64 seeder(seed);
        m_s0 = seeder.next();
        m_s1 = seeder.next();
        m_s2 = seeder.next();
        m_s3 = seeder.next();
    }

    std::uint64_t next()
    {
        const std::uint64_t starStar = rotl(m_s1 * 5u, 7) * 9u;
        const std::uint64_t shifted = m_s1 << 17;
        m_s2 ^= m_s0;
        m_s3 ^= m_s1;
        m_s1 ^= m_s2;
        m_s0 ^= m_s3;
        m_s2 ^= shifted;
        m_s3 = rotl(m_s3, 45);
        return starStar;
    }

    /// The top 53 bits as a double in [0, 1).
    double nextDouble() { return std::ldexp(static_cast<double>(next() >> 11), -53); }

    /// Marsaglia's polar method: returns the first of the pair, keeps the second.
    double nextNormal()
    {
        if (m_haveSecond) {
            m_haveSecond = false;
            return m_second;
        }
        for (;;) {
            const double x = nextDouble() * 2.0 - 1.0;
            const double y = nextDouble() * 2.0 - 1.0;
            const double r2 = x * x + y * y;
            if (r2 > 0.0 && r2 < 1.0) {
                const double f = std::sqrt(-2.0 * std::log(r2) / r2);
                m_second = y * f;
                m_haveSecond = true;
                return x * f;
            }
        }
    }

private:
    static std::uint64_t rotl(std::uint64_t x, unsigned k) { return (x << k) | (x >> (64u - k)); }

    std::uint64_t m_s0 = 0;
    std::uint64_t m_s1 = 0;
    std::uint64_t m_s2 = 0;
    std::uint64_t m_s3 = 0;
    double m_second = 0.0;
    bool m_haveSecond = false;
};

std::vector<double> normals(std::uint64_t seed, Index count)
{
    Random rng(seed);
    std::vector<double> draws(static_cast<std::size_t>(count));
    for (double &x : draws)
        x = rng.normal();
    return draws;
}

} // namespace

class TestRandom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void referenceSplitMix64MatchesPublishedVectors();

    void sameSeedSameSequence_data();
    void sameSeedSameSequence();

    void differentSeedsDiffer_data();
    void differentSeedsDiffer();

    void bitsMatchReferenceImplementation_data();
    void bitsMatchReferenceImplementation();

    void uniformMatchesReferenceAndRange_data();
    void uniformMatchesReferenceAndRange();

    void uniformIsFlat();

    void normalFollowsPolarMethod_data();
    void normalFollowsPolarMethod();

    void normalMoments_data();
    void normalMoments();

    void normalMatrixFillsRowByRow_data();
    void normalMatrixFillsRowByRow();

    void normalMatrixContinuesTheStream();
};

void TestRandom::referenceSplitMix64MatchesPublishedVectors()
{
    // The widely quoted first outputs of SplitMix64 from seed 0: they validate the reference
    // seeding below before it is used to judge the generator under test.
    ReferenceSplitMix64 mix(0);
    QCOMPARE(mix.next(), UINT64_C(0xe220a8397b1dcdaf));
    QCOMPARE(mix.next(), UINT64_C(0x6e789e6aa1b965f4));
    QCOMPARE(mix.next(), UINT64_C(0x06c45d188009454f));
    QCOMPARE(mix.next(), UINT64_C(0xf88bb8a8724c81ec));
}

void TestRandom::sameSeedSameSequence_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 0") << quint64(0);
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 42") << quint64(42);
    QTest::newRow("seed 2^63") << (quint64(1) << 63);
    QTest::newRow("seed max") << std::numeric_limits<quint64>::max();
}

void TestRandom::sameSeedSameSequence()
{
    QFETCH(quint64, seed);
    Random a(seed);
    Random b(seed);
    for (int i = 0; i < 1000; ++i)
        QCOMPARE(a.nextBits(), b.nextBits());
    for (int i = 0; i < 1000; ++i) {
        const double x = a.normal();
        const double y = b.normal();
        QVERIFY2(x == y, qPrintable(QStringLiteral("normal draw %1 differs").arg(i)));
    }
    for (int i = 0; i < 1000; ++i) {
        const double x = a.uniform();
        const double y = b.uniform();
        QVERIFY2(x == y, qPrintable(QStringLiteral("uniform draw %1 differs").arg(i)));
    }
}

void TestRandom::differentSeedsDiffer_data()
{
    QTest::addColumn<quint64>("seedA");
    QTest::addColumn<quint64>("seedB");
    QTest::newRow("0 vs 1") << quint64(0) << quint64(1);
    QTest::newRow("1 vs 2") << quint64(1) << quint64(2);
    QTest::newRow("42 vs 43") << quint64(42) << quint64(43);
    QTest::newRow("0 vs max") << quint64(0) << std::numeric_limits<quint64>::max();
    QTest::newRow("2^32 vs 2^32+1") << (quint64(1) << 32) << ((quint64(1) << 32) + 1);
}

void TestRandom::differentSeedsDiffer()
{
    QFETCH(quint64, seedA);
    QFETCH(quint64, seedB);
    Random a(seedA);
    Random b(seedB);
    // Two independent 64-bit streams agree at a given position with probability 2^-64.
    int equalPositions = 0;
    for (int i = 0; i < 1000; ++i)
        equalPositions += a.nextBits() == b.nextBits() ? 1 : 0;
    QCOMPARE(equalPositions, 0);
    Random c(seedA);
    Random d(seedB);
    int equalNormals = 0;
    for (int i = 0; i < 1000; ++i)
        equalNormals += c.normal() == d.normal() ? 1 : 0;
    QCOMPARE(equalNormals, 0);
}

void TestRandom::bitsMatchReferenceImplementation_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 0") << quint64(0);
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 2") << quint64(2);
    QTest::newRow("seed 12345") << quint64(12345);
    QTest::newRow("seed max") << std::numeric_limits<quint64>::max();
}

void TestRandom::bitsMatchReferenceImplementation()
{
    QFETCH(quint64, seed);
    Random rng(seed);
    ReferenceXoshiro reference(seed);
    // The first few outputs matter most (they expose a wrong seeding); many more catch a wrong
    // rotation or shift in the state update.
    for (int i = 0; i < 10000; ++i) {
        const std::uint64_t expected = reference.next();
        const std::uint64_t actual = rng.nextBits();
        QVERIFY2(actual == expected,
                 qPrintable(QStringLiteral("output %1: %2, expected %3")
                                .arg(i)
                                .arg(quint64(actual), 16, 16, QLatin1Char('0'))
                                .arg(quint64(expected), 16, 16, QLatin1Char('0'))));
    }
}

void TestRandom::uniformMatchesReferenceAndRange_data()
{
    bitsMatchReferenceImplementation_data();
}

void TestRandom::uniformMatchesReferenceAndRange()
{
    QFETCH(quint64, seed);
    Random rng(seed);
    ReferenceXoshiro reference(seed);
    double smallest = 1.0;
    double largest = 0.0;
    for (int i = 0; i < 100000; ++i) {
        const double u = rng.uniform();
        const double expected = reference.nextDouble();
        QVERIFY2(u == expected, qPrintable(QStringLiteral("draw %1: %2, expected %3")
                                               .arg(i)
                                               .arg(u, 0, 'g', 17)
                                               .arg(expected, 0, 'g', 17)));
        smallest = std::min(smallest, u);
        largest = std::max(largest, u);
    }
    QVERIFY(smallest >= 0.0);
    QVERIFY(largest < 1.0);
    // 100000 draws leave gaps of about 1e-5 at either end.
    QVERIFY(smallest < 1e-3);
    QVERIFY(largest > 1.0 - 1e-3);
}

void TestRandom::uniformIsFlat()
{
    // 200000 draws in 20 bins: each count is Binomial(n, 1/20), sd ≈ 97; allow 6 sd.
    constexpr int bins = 20;
    constexpr int draws = 200000;
    std::vector<int> counts(bins, 0);
    Random rng(7);
    double sum = 0.0;
    double sumSquares = 0.0;
    for (int i = 0; i < draws; ++i) {
        const double u = rng.uniform();
        ++counts[static_cast<std::size_t>(u * bins)];
        sum += u;
        sumSquares += u * u;
    }
    const double expected = double(draws) / bins;
    const double sd = std::sqrt(draws * (1.0 / bins) * (1.0 - 1.0 / bins));
    for (int b = 0; b < bins; ++b)
        VERIFY_NEAR(counts[static_cast<std::size_t>(b)], expected, 6.0 * sd);
    const double mean = sum / draws;
    VERIFY_NEAR(mean, 0.5, 0.005);
    VERIFY_NEAR(sumSquares / draws - mean * mean, 1.0 / 12.0, 0.002);
}

void TestRandom::normalFollowsPolarMethod_data()
{
    bitsMatchReferenceImplementation_data();
}

void TestRandom::normalFollowsPolarMethod()
{
    QFETCH(quint64, seed);
    Random rng(seed);
    ReferenceXoshiro reference(seed);
    for (int i = 0; i < 10000; ++i) {
        const double expected = reference.nextNormal();
        VERIFY_NEAR(rng.normal(), expected, 1e-14 * std::max(1.0, std::abs(expected)));
    }
}

void TestRandom::normalMoments_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 2") << quint64(2);
    QTest::newRow("seed 2024") << quint64(2024);
}

void TestRandom::normalMoments()
{
    QFETCH(quint64, seed);
    // For n = 200000 draws the standard errors are: mean 0.0022, variance 0.0032, third moment
    // 0.0087 (√15/√n), fourth moment 0.022 (√96/√n); the tolerances are 4 to 6 of them.
    constexpr int n = 200000;
    Random rng(seed);
    double m1 = 0.0;
    double m2 = 0.0;
    double m3 = 0.0;
    double m4 = 0.0;
    int beyondTwo = 0;
    for (int i = 0; i < n; ++i) {
        const double x = rng.normal();
        QVERIFY(std::isfinite(x));
        m1 += x;
        m2 += x * x;
        m3 += x * x * x;
        m4 += x * x * x * x;
        beyondTwo += std::abs(x) > 2.0 ? 1 : 0;
    }
    m1 /= n;
    m2 /= n;
    m3 /= n;
    m4 /= n;
    VERIFY_NEAR(m1, 0.0, 0.01);
    VERIFY_NEAR(m2 - m1 * m1, 1.0, 0.02);
    VERIFY_NEAR(m3, 0.0, 0.05);
    VERIFY_NEAR(m4, 3.0, 0.1);
    // P(|X| > 2) = erfc(2/√2) ≈ 0.0455; its standard error here is 0.00047.
    VERIFY_NEAR(double(beyondTwo) / n, std::erfc(2.0 / std::sqrt(2.0)), 0.003);
}

void TestRandom::normalMatrixFillsRowByRow_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("1x1") << quint64(3) << 1 << 1;
    QTest::newRow("3x4") << quint64(4) << 3 << 4;
    QTest::newRow("4x3") << quint64(4) << 4 << 3;
    QTest::newRow("5x15 odd count") << quint64(5) << 5 << 15;
    QTest::newRow("1x9 single row") << quint64(6) << 1 << 9;
    QTest::newRow("9x1 single column") << quint64(6) << 9 << 1;
    QTest::newRow("0x5 empty") << quint64(8) << 0 << 5;
}

void TestRandom::normalMatrixFillsRowByRow()
{
    QFETCH(quint64, seed);
    QFETCH(int, rows);
    QFETCH(int, cols);
    const std::vector<double> expected = normals(seed, Index(rows) * cols);

    Random rng(seed);
    const Matrix m = rng.normalMatrix(rows, cols);
    QCOMPARE(m.rows(), Index(rows));
    QCOMPARE(m.cols(), Index(cols));
    Random rngF(seed);
    const MatrixF f = rngF.normalMatrixF(rows, cols);
    QCOMPARE(f.rows(), Index(rows));
    QCOMPARE(f.cols(), Index(cols));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const double x = expected[static_cast<std::size_t>(r * cols + c)];
            QVERIFY2(m(r, c) == x, qPrintable(QStringLiteral("(%1, %2)").arg(r).arg(c)));
            QVERIFY2(f(r, c) == static_cast<float>(x),
                     qPrintable(QStringLiteral("float (%1, %2)").arg(r).arg(c)));
        }
    }
}

void TestRandom::normalMatrixContinuesTheStream()
{
    // A matrix with an odd number of entries leaves the polar method's spare draw pending; the
    // next draw must be that spare, exactly as with single draws.
    const std::vector<double> expected = normals(11, 3 * 3 + 2 * 2 + 1);
    Random rng(11);
    const Matrix a = rng.normalMatrix(3, 3);
    const Matrix b = rng.normalMatrix(2, 2);
    const double next = rng.normal();
    std::size_t i = 0;
    for (Index r = 0; r < 3; ++r)
        for (Index c = 0; c < 3; ++c)
            QVERIFY(a(r, c) == expected[i++]);
    for (Index r = 0; r < 2; ++r)
        for (Index c = 0; c < 2; ++c)
            QVERIFY(b(r, c) == expected[i++]);
    QVERIFY(next == expected[i]);
}

QTEST_GUILESS_MAIN(TestRandom)
#include "tst_random.moc"
