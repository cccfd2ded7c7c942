// Tests of core/kernels, core/tiled and core/bench: the float32 timing kernels against the
// double-precision reference (head.h), their edge cases, determinism and memory, and the benchmark
// bookkeeping.

#include "bench.h"
#include "head.h"
#include "heapinuse.h" // defines ATTENTION_ASAN under AddressSanitizer
#include "kernels.h"
#include "random.h"
#include "tiled.h"
#include "verifynear.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#if defined(ATTENTION_ASAN)
#include <atomic>
// From the sanitizer runtime (clang's <sanitizer/allocator_interface.h>; GCC has no header for it).
extern "C" int __sanitizer_install_malloc_and_free_hooks(void (*mallocHook)(const volatile void *,
                                                                            std::size_t),
                                                         void (*freeHook)(const volatile void *));
extern "C" std::size_t __sanitizer_get_allocated_size(const volatile void *pointer);
#endif

using attention::Index;
using attention::Kernel;
using attention::Matrix;
using attention::MatrixF;
using attention::Random;

Q_DECLARE_METATYPE(attention::Kernel)

namespace {

/// Agreement asked of every kernel: max|a − b| / max(1, max|ref|). The denominator keeps outputs
/// near zero from demanding an absolute precision below float32's, and scales with the values.
constexpr double tolerance = 1e-5;

/// NaN when either side holds a NaN (maxAbsDifference propagates it), so that `error <= tolerance`
/// fails; ∞ when the shapes differ or one side has an infinity the other has not.
double relativeError(const MatrixF &actual, const Matrix &reference)
{
    if (actual.rows() != reference.rows() || actual.cols() != reference.cols())
        return std::numeric_limits<double>::infinity();
    if (reference.size() == 0)
        return 0.0;
    const double largest =
        std::max(1.0, reference.cwiseAbs().maxCoeff<Eigen::PropagateNaN>()); // NaN stays NaN
    return attention::maxAbsDifference(actual.cast<double>(), reference) / largest;
}

bool allFinite(const MatrixF &m)
{
    return m.allFinite();
}

bool bitwiseEqual(const MatrixF &a, const MatrixF &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(float)) == 0;
}

/// Random q, k, v (float32), with q and k scaled together so that the largest |q·k|/√d is
/// exactly `spread` (computed in double from the float inputs).
struct Inputs
{
    MatrixF q, k, v;
};

Inputs randomInputs(Index T, Index d, Index dv, double spread, std::uint64_t seed)
{
    Random rng(seed);
    Inputs in;
    Matrix q = rng.normalMatrix(T, d);
    Matrix k = rng.normalMatrix(T, d);
    in.v = rng.normalMatrixF(T, dv);
    const double largest = (q * k.transpose()).cwiseAbs().maxCoeff() / std::sqrt(double(d));
    const double factor = largest > 0.0 ? std::sqrt(spread / largest) : 1.0;
    in.q = (q * factor).cast<float>();
    in.k = (k * factor).cast<float>();
    return in;
}

Matrix reference(const Inputs &in, bool causal)
{
    return attention::referenceAttention(in.q.cast<double>(), in.k.cast<double>(),
                                         in.v.cast<double>(), causal);
}

/// Restores the thread count when a test ends, so tests do not leak settings into each other.
class ThreadCountGuard
{
public:
    explicit ThreadCountGuard(int threads) { attention::setThreadCount(threads); }
    ~ThreadCountGuard() { attention::setThreadCount(0); }
    ThreadCountGuard(const ThreadCountGuard &) = delete;
    ThreadCountGuard &operator=(const ThreadCountGuard &) = delete;
};

QString describe(Kernel kernel)
{
    return QString::fromLatin1(attention::kernelName(kernel));
}

#if defined(ATTENTION_ASAN)
/// Counts the heap every thread holds while counting is on, and its peak: the allocator's own
/// figures, through AddressSanitizer's malloc and free hooks (which see new and malloc alike).
namespace heap {
std::atomic<bool> counting{false};
std::atomic<long long> live{0};
std::atomic<long long> peak{0};

void onMalloc(const volatile void *, std::size_t size)
{
    if (!counting.load(std::memory_order_relaxed))
        return;
    const long long now =
        live.fetch_add(static_cast<long long>(size)) + static_cast<long long>(size);
    long long high = peak.load();
    while (now > high && !peak.compare_exchange_weak(high, now)) {
    }
}

void onFree(const volatile void *pointer)
{
    // Called before the block is released, so its size is still known.
    if (pointer && counting.load(std::memory_order_relaxed))
        live.fetch_sub(static_cast<long long>(__sanitizer_get_allocated_size(pointer)));
}

/// The peak heap, in bytes above what was held before, while `work` runs.
template<typename Work>
long long peakDuring(Work work)
{
    live = 0;
    peak = 0;
    counting = true;
    work();
    counting = false;
    return peak.load();
}
} // namespace heap
#endif

} // namespace

class TestKernels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void names();
    void relativeErrorSeesNaN_data();
    void relativeErrorSeesNaN();
    void agreesWithReference_data();
    void agreesWithReference();
    void tiledBlockShapes_data();
    void tiledBlockShapes();
    void tiledPasses_data();
    void tiledPasses();
    void tiledDefaultBlocks();
    void extremeScores_data();
    void extremeScores();
    void causalFirstRowIsFirstValue();
    void deterministic_data();
    void deterministic();
    void tiledMemoryIndependentOfLength();
    void tiledMemoryMeasured();
    void emptyInputs();
    void median_data();
    void median();
    void benchResults();
    void benchStopsWhenAsked();
    void benchBudgetCapsRuns();
    void gemmRate();
};

void TestKernels::names()
{
    const std::vector<Kernel> kernels = attention::allKernels();
    QCOMPARE(kernels.size(), std::size_t(3));
    QCOMPARE(kernels[0], Kernel::Naive);
    QCOMPARE(kernels[1], Kernel::Materialized);
    QCOMPARE(kernels[2], Kernel::Tiled);
    QCOMPARE(QLatin1String(attention::kernelName(Kernel::Naive)), QLatin1String("naive"));
    QCOMPARE(QLatin1String(attention::kernelName(Kernel::Materialized)),
             QLatin1String("materialized"));
    QCOMPARE(QLatin1String(attention::kernelName(Kernel::Tiled)), QLatin1String("tiled"));
    for (Kernel kernel : kernels) {
        const std::optional<Kernel> parsed =
            attention::kernelFromName(attention::kernelName(kernel));
        QVERIFY(parsed.has_value());
        QCOMPARE(*parsed, kernel);
    }
    QVERIFY(!attention::kernelFromName("Tiled").has_value());
    QVERIFY(!attention::kernelFromName("").has_value());
    QVERIFY(!attention::kernelFromName("all").has_value());
}

void TestKernels::relativeErrorSeesNaN_data()
{
    QTest::addColumn<Index>("row");
    QTest::addColumn<Index>("column");
    QTest::addColumn<bool>("inReference");

    // A NaN in the first, a middle and the last entry of a (37, 9) output, which Eigen reduces in
    // vectorised packets, on the kernel's side and on the reference's.
    for (bool inReference : {false, true}) {
        const char *side = inReference ? "reference" : "kernel";
        QTest::addRow("%s first", side) << Index(0) << Index(0) << inReference;
        QTest::addRow("%s middle", side) << Index(18) << Index(4) << inReference;
        QTest::addRow("%s last", side) << Index(36) << Index(8) << inReference;
    }
}

void TestKernels::relativeErrorSeesNaN()
{
    QFETCH(Index, row);
    QFETCH(Index, column);
    QFETCH(bool, inReference);

    // Another entry differs by more than the tolerance: a NaN-blind maximum would report it.
    Matrix expected = Random(21).normalMatrix(37, 9);
    MatrixF out = expected.cast<float>();
    out(5, 5) += 1.0f;
    if (inReference)
        expected(row, column) = std::numeric_limits<double>::quiet_NaN();
    else
        out(row, column) = std::numeric_limits<float>::quiet_NaN();
    const double error = relativeError(out, expected);
    QVERIFY2(std::isnan(error), qPrintable(QString::number(error)));
    QVERIFY(!(error <= tolerance));
}

void TestKernels::agreesWithReference_data()
{
    QTest::addColumn<Index>("T");
    QTest::addColumn<Index>("d");
    QTest::addColumn<bool>("causal");

    // T around the vector and block widths (63, 64, 65), one odd and one long length; d from one
    // column to two cache lines. T = 1000 with d = 128 is the costly reference: only twice.
    const Index lengths[] = {1, 2, 7, 63, 64, 65, 257, 1000};
    const Index widths[] = {1, 3, 64, 128};
    for (Index T : lengths) {
        for (Index d : widths) {
            for (bool causal : {false, true}) {
                QTest::addRow("T=%d d=%d %s", int(T), int(d), causal ? "causal" : "full")
                    << T << d << causal;
            }
        }
    }
    // A table over 32 MiB, which the materialized kernel allocates differently (huge pages).
    QTest::newRow("T=3000 d=1 full") << Index(3000) << Index(1) << false;
}

void TestKernels::agreesWithReference()
{
    QFETCH(Index, T);
    QFETCH(Index, d);
    QFETCH(bool, causal);

    // Scores spanning ±50: the softmax is far from uniform and float32 rounding of the scores
    // is visible in the weights, the hard case for the online rescaling.
    const Inputs in = randomInputs(T, d, d, 50.0, std::uint64_t(1000 * T + d));
    const Matrix expected = reference(in, causal);
    for (Kernel kernel : attention::allKernels()) {
        // The naive kernel is the reference's loops in float: past T = 257 it would only double
        // the row's cost (seconds in an unoptimised build) without testing anything new.
        if (kernel == Kernel::Naive && T > 257)
            continue;
        MatrixF out;
        attention::runKernel(kernel, in.q, in.k, in.v, out, causal);
        QVERIFY2(allFinite(out), qPrintable(describe(kernel)));
        const double error = relativeError(out, expected);
        QVERIFY2(error <= tolerance, qPrintable(QStringLiteral("%1: relative error %2")
                                                    .arg(describe(kernel))
                                                    .arg(error, 0, 'g', 3)));
    }
}

void TestKernels::tiledBlockShapes_data()
{
    QTest::addColumn<Index>("queryRows");
    QTest::addColumn<Index>("keyRows");
    QTest::addColumn<Index>("dv");

    // Key blocks smaller than, equal to and larger than the query blocks, blocks of one key, and
    // value widths that are not whole tiles: the causal diagonal then falls anywhere in a block.
    QTest::newRow("one key per block") << Index(1) << Index(1) << Index(5);
    QTest::newRow("small key blocks") << Index(64) << Index(7) << Index(1);
    QTest::newRow("big key blocks") << Index(16) << Index(200) << Index(13);
    QTest::newRow("many query strips") << Index(200) << Index(33) << Index(64);
}

void TestKernels::tiledBlockShapes()
{
    QFETCH(Index, queryRows);
    QFETCH(Index, keyRows);
    QFETCH(Index, dv);

    attention::TiledBlocks blocks;
    blocks.queryRows = queryRows;
    blocks.keyRows = keyRows;
    for (bool causal : {false, true}) {
        const Inputs in = randomInputs(301, 9, dv, 20.0, 77);
        const Matrix expected = reference(in, causal);
        MatrixF out;
        attention::tiledAttention(in.q, in.k, in.v, out, causal, blocks);
        QVERIFY2(allFinite(out), qPrintable(QStringLiteral("causal %1").arg(causal)));
        const double error = relativeError(out, expected);
        QVERIFY2(
            error <= tolerance,
            qPrintable(
                QStringLiteral("causal %1: relative error %2").arg(causal).arg(error, 0, 'g', 3)));
    }
}

void TestKernels::tiledPasses_data()
{
    QTest::addColumn<Index>("T");
    QTest::addColumn<Index>("keyRows");
    QTest::addColumn<Index>("blocksPerPass");
    QTest::addColumn<int>("threads");

    // Several query blocks share each pass over the keys. The lengths are long enough that the
    // kernel does not shorten the passes (at least 4 per thread), odd, and not multiples of a
    // pass or a block, so the last pass has fewer blocks and its last block fewer rows; the
    // causal diagonal then crosses the blocks of a pass at different key blocks.
    QTest::newRow("3 per pass, odd T") << Index(1001) << Index(0) << Index(3) << 1;
    QTest::newRow("4 per pass, key blocks of 100") << Index(1153) << Index(100) << Index(4) << 1;
    QTest::newRow("4 per pass, 2 threads") << Index(2113) << Index(0) << Index(4) << 2;
    QTest::newRow("the default, 2 threads") << Index(2113) << Index(0) << Index(0) << 2;
    // Too short for the 8 asked for: the kernel takes fewer.
    QTest::newRow("8 per pass, short T") << Index(333) << Index(0) << Index(8) << 2;
}

void TestKernels::tiledPasses()
{
    QFETCH(Index, T);
    QFETCH(Index, keyRows);
    QFETCH(Index, blocksPerPass);
    QFETCH(int, threads);

    const ThreadCountGuard guard(threads);
    attention::TiledBlocks onePerPass;
    onePerPass.keyRows = keyRows;
    onePerPass.queryBlocksPerPass = 1;
    attention::TiledBlocks shared = onePerPass;
    shared.queryBlocksPerPass = blocksPerPass;
    const Inputs in = randomInputs(T, 9, 13, 30.0, std::uint64_t(T));
    for (bool causal : {false, true}) {
        const QString where = QStringLiteral("causal %1").arg(causal);
        MatrixF alone;
        MatrixF together;
        attention::tiledAttention(in.q, in.k, in.v, alone, causal, onePerPass);
        attention::tiledAttention(in.q, in.k, in.v, together, causal, shared);
        // Every row meets the same key blocks in the same order: the same bits.
        QVERIFY2(bitwiseEqual(together, alone), qPrintable(where));
        const double error = relativeError(together, reference(in, causal));
        QVERIFY2(
            error <= tolerance,
            qPrintable(QStringLiteral("%1: relative error %2").arg(where).arg(error, 0, 'g', 3)));
    }
}

void TestKernels::tiledDefaultBlocks()
{
    // The benchmark's width: several query blocks share a pass over the keys, whose blocks are
    // then read once per pass instead of once per query block.
    const attention::TiledBlocks narrow = attention::defaultTiledBlocks(64, 64);
    QVERIFY(narrow.queryRows > 0);
    QVERIFY(narrow.keyRows > 0);
    QVERIFY(narrow.queryBlocksPerPass > 1);
    // A pass's queries and accumulators stay small enough to be kept in the L2 cache; past that
    // width a pass has one block, as before passes existed.
    for (Index d : {Index(1), Index(16), Index(64), Index(100), Index(256), Index(4096)}) {
        const attention::TiledBlocks blocks = attention::defaultTiledBlocks(d, d);
        QVERIFY(blocks.queryBlocksPerPass >= 1);
        const Index passBytes =
            blocks.queryBlocksPerPass * blocks.queryRows * 2 * d * Index(sizeof(float));
        QVERIFY2(
            blocks.queryBlocksPerPass == 1 || passBytes <= 256 * 1024,
            qPrintable(QStringLiteral("d = %1: %2 blocks").arg(d).arg(blocks.queryBlocksPerPass)));
    }
    QCOMPARE(attention::defaultTiledBlocks(4096, 4096).queryBlocksPerPass, Index(1));
}

void TestKernels::extremeScores_data()
{
    QTest::addColumn<double>("spread");

    QTest::newRow("1e3") << 1e3;   // exp(−1000) underflows: weights are nearly one-hot
    QTest::newRow("1e6") << 1e6;   // score differences far beyond exp's range
    QTest::newRow("1e30") << 1e30; // near float32's largest finite value
}

void TestKernels::extremeScores()
{
    QFETCH(double, spread);

    // Scores ±spread · t_j with distinct t_j evenly spaced in [−1, 1] (shuffled), the sign chosen
    // per query: neighbouring scores differ by 2 · spread / (T − 1), far more than float32's
    // rounding of a score, so the float kernels must find the same winners as the reference.
    const Index T = 150;
    const Index d = 2;
    Random rng(5);
    std::vector<Index> order(static_cast<std::size_t>(T));
    for (Index j = 0; j < T; ++j)
        order[static_cast<std::size_t>(j)] = j;
    for (Index j = T - 1; j > 0; --j) // Fisher–Yates with our own generator
        std::swap(order[static_cast<std::size_t>(j)],
                  order[static_cast<std::size_t>(rng.nextBits() % std::uint64_t(j + 1))]);
    const double c = std::sqrt(spread * std::sqrt(double(d)));
    Inputs in;
    in.q.resize(T, d);
    in.k.resize(T, d);
    for (Index i = 0; i < T; ++i) {
        in.q(i, 0) = float(rng.uniform() < 0.5 ? -c : c);
        in.q(i, 1) = float(c * rng.normal());
        in.k(i, 0) =
            float(c * (-1.0 + 2.0 * double(order[static_cast<std::size_t>(i)]) / double(T - 1)));
        in.k(i, 1) = 0.0f;
    }
    in.v = rng.normalMatrixF(T, 3);

    for (bool causal : {false, true}) {
        const Matrix expected = reference(in, causal);
        for (Kernel kernel : attention::allKernels()) {
            MatrixF out;
            attention::runKernel(kernel, in.q, in.k, in.v, out, causal);
            QVERIFY2(allFinite(out), qPrintable(describe(kernel)));
            const double error = relativeError(out, expected);
            QVERIFY2(error <= tolerance, qPrintable(QStringLiteral("%1 causal %2: error %3")
                                                        .arg(describe(kernel))
                                                        .arg(causal)
                                                        .arg(error, 0, 'g', 3)));
        }
    }

    // Equal huge scores everywhere: every row is the uniform average of the values.
    const MatrixF same = MatrixF::Constant(100, 4, float(std::sqrt(spread)));
    const MatrixF v = Random(9).normalMatrixF(100, 3);
    const Eigen::RowVectorXd mean = v.cast<double>().colwise().mean();
    for (Kernel kernel : attention::allKernels()) {
        MatrixF out;
        attention::runKernel(kernel, same, same, v, out, false);
        QVERIFY2(allFinite(out), qPrintable(describe(kernel)));
        for (Index i = 0; i < out.rows(); ++i) {
            const QString mismatch = verifynear::allMismatch("row", out.row(i), mean, 1e-5);
            QVERIFY2(mismatch.isEmpty(),
                     qPrintable(describe(kernel) + QLatin1Char(' ') + mismatch));
        }
    }
}

void TestKernels::causalFirstRowIsFirstValue()
{
    // Query 0 sees only key 0: its weight is exp(0) / exp(0) = 1 exactly, whatever the score,
    // so output row 0 is value row 0 to the last bit.
    const Inputs in = randomInputs(130, 8, 5, 30.0, 11);
    for (Kernel kernel : attention::allKernels()) {
        MatrixF out;
        attention::runKernel(kernel, in.q, in.k, in.v, out, true);
        QVERIFY2(out.row(0) == in.v.row(0), qPrintable(describe(kernel)));
    }
}

void TestKernels::deterministic_data()
{
    QTest::addColumn<Kernel>("kernel");
    for (Kernel kernel : attention::allKernels())
        QTest::newRow(attention::kernelName(kernel)) << kernel;
}

void TestKernels::deterministic()
{
    QFETCH(Kernel, kernel);

    const Inputs in = randomInputs(333, 32, 32, 10.0, 3);
    for (bool causal : {false, true}) {
        MatrixF first;
        MatrixF second;
        MatrixF single;
        {
            const ThreadCountGuard guard(2);
            attention::runKernel(kernel, in.q, in.k, in.v, first, causal);
            attention::runKernel(kernel, in.q, in.k, in.v, second, causal);
        }
        QVERIFY(bitwiseEqual(first, second));
        // Every row is computed by one thread in a fixed order, so even the thread count does
        // not change a bit.
        {
            const ThreadCountGuard guard(1);
            attention::runKernel(kernel, in.q, in.k, in.v, single, causal);
        }
        QVERIFY(bitwiseEqual(first, single));
    }
}

void TestKernels::tiledMemoryIndependentOfLength()
{
    const ThreadCountGuard guard(2);
    const Index d = 16;
    const std::size_t perThread =
        attention::tiledBytesPerThread(d, d, attention::defaultTiledBlocks(d, d));
    QVERIFY(perThread > 0);
    QVERIFY(perThread <= std::size_t(1) << 20); // at most 1 MiB per thread at d = 16
    // With d = 64, the size the benchmark uses, still well under 1 MiB.
    QVERIFY(attention::tiledBytesPerThread(64, 64, attention::defaultTiledBlocks(64, 64)) <=
            std::size_t(1) << 20);

    for (Index T : {Index(500), Index(1500), Index(4000)}) {
        Random rng(static_cast<std::uint64_t>(T));
        const MatrixF q = rng.normalMatrixF(T, d);
        MatrixF out;
        const attention::KernelRun run =
            attention::runKernel(Kernel::Tiled, q, q, q, out, T % 2 == 0);
        QCOMPARE(run.extraBytes, 2 * perThread); // the same at every T: no (T, T) table
    }

    // The materialized kernel, for contrast, reports its table.
    const MatrixF q = Random(1).normalMatrixF(300, d);
    MatrixF out;
    QCOMPARE(attention::runKernel(Kernel::Materialized, q, q, q, out, false).extraBytes,
             std::size_t(300 * 300) * sizeof(float));
}

void TestKernels::tiledMemoryMeasured()
{
#if defined(ATTENTION_ASAN)
    // What the tiled kernel takes from the heap, counted by the allocator rather than reported by
    // the kernel: the peak above what was held before the call, at a short and a long T. The
    // output is allocated beforehand (the kernel only resizes it to the same shape).
    static const bool installed =
        __sanitizer_install_malloc_and_free_hooks(heap::onMalloc, heap::onFree) != 0;
    QVERIFY(installed);
    const ThreadCountGuard guard(2);
    const Index d = 16;
    const std::size_t reported = 2 * attention::tiledBytesPerThread(d, d, {});
    const auto measure = [&](Kernel kernel, Index T) {
        const MatrixF q = Random(static_cast<std::uint64_t>(T)).normalMatrixF(T, d);
        MatrixF out(T, d);
        attention::runKernel(kernel, q, q, q, out, false); // the thread team starts once
        return heap::peakDuring([&] { attention::runKernel(kernel, q, q, q, out, false); });
    };
    const long long shortPeak = measure(Kernel::Tiled, 500);
    const long long longPeak = measure(Kernel::Tiled, 4000);
    qInfo("tiled kernel, d = %d, 2 threads: heap peak %lld bytes at T = 500, %lld at T = 4000 "
          "(reported %zu)",
          int(d), shortPeak, longPeak, reported);
    // The workspaces themselves, counted: at least what the kernel reports (so the hooks see its
    // allocations), and at most that plus a little for the thread runtime.
    QVERIFY2(shortPeak >= static_cast<long long>(reported), qPrintable(QString::number(shortPeak)));
    const long long slack = 16 * 1024;
    QVERIFY2(longPeak <= static_cast<long long>(reported) + slack,
             qPrintable(QString::number(longPeak)));
    // Independent of T: 8 times the length, 64 times the (T, T) table, the same workspace. A table
    // at T = 4000 would be 64 MB.
    QVERIFY2(std::abs(longPeak - shortPeak) <= slack,
             qPrintable(QStringLiteral("%1 vs %2").arg(longPeak).arg(shortPeak)));

    // The materialized kernel, for contrast: its (T, T) table is there to be counted.
    const long long table = measure(Kernel::Materialized, 300);
    QVERIFY2(table >= 300LL * 300LL * static_cast<long long>(sizeof(float)),
             qPrintable(QString::number(table)));
#else
    QSKIP("needs AddressSanitizer's allocator hooks to count the heap (the test preset)");
#endif
}

void TestKernels::emptyInputs()
{
    const MatrixF none(0, 4);
    const MatrixF keys = Random(2).normalMatrixF(6, 4);
    const MatrixF values = Random(3).normalMatrixF(6, 2);
    for (Kernel kernel : attention::allKernels()) {
        MatrixF out;
        attention::runKernel(kernel, none, keys, values, out, false);
        QCOMPARE(out.rows(), Index(0));
        QCOMPARE(out.cols(), Index(2));
    }
}

void TestKernels::median_data()
{
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("expected");

    QTest::newRow("none") << std::vector<double>{} << 0.0;
    QTest::newRow("one") << std::vector<double>{4.0} << 4.0;
    QTest::newRow("odd") << std::vector<double>{9.0, 1.0, 5.0} << 5.0;
    QTest::newRow("even") << std::vector<double>{8.0, 2.0, 4.0, 100.0} << 6.0;
    QTest::newRow("repeats") << std::vector<double>{3.0, 3.0, 1.0, 3.0} << 3.0;
}

void TestKernels::median()
{
    QFETCH(std::vector<double>, values);
    QFETCH(double, expected);
    QCOMPARE(attention::median(values), expected);
}

void TestKernels::benchResults()
{
    attention::BenchOptions options;
    options.lengths = {50, 100, 200};
    options.d = 8;
    options.kernels = {Kernel::Tiled, Kernel::Naive};
    options.threads = 1;
    options.repeat = 3;
    options.budgetMs = 0.0; // no cap: every case gets its three runs

    std::vector<std::pair<int, int>> calls;
    const auto results = attention::runBench(options, [&](int done, int total) {
        calls.emplace_back(done, total);
        return true;
    });
    attention::setThreadCount(0);

    QCOMPARE(results.size(), std::size_t(6));
    for (std::size_t i = 0; i < results.size(); ++i) {
        const attention::BenchResult &r = results[i];
        QCOMPARE(r.kernel, options.kernels[i / 3]); // kernel-major
        QCOMPARE(r.T, options.lengths[i % 3]);
        QCOMPARE(r.runs, 3);
        QVERIFY(r.medianMs > 0.0);
        const double flops = 4.0 * double(r.T) * double(r.T) * 8.0;
        VERIFY_NEAR(r.gflops, flops / (r.medianMs * 1e6), 1e-9 * r.gflops);
        if (i % 3 == 0) {
            QVERIFY(!r.growth.has_value());
        } else {
            QVERIFY(r.growth.has_value());
            VERIFY_NEAR(*r.growth, r.medianMs / results[i - 1].medianMs, 1e-12);
        }
    }
    QCOMPARE(results[0].extraBytes, attention::tiledBytesPerThread(8, 8, {}));
    QCOMPARE(results[3].extraBytes, std::size_t(50) * sizeof(float)); // naive: one row

    // Every run, warm-ups included, is reported once, in order, and the count ends at the total.
    QCOMPARE(calls.size(), std::size_t(6 * 4));
    for (std::size_t i = 0; i < calls.size(); ++i) {
        QCOMPARE(calls[i].first, int(i) + 1);
        QCOMPARE(calls[i].second, 6 * 4);
    }
}

void TestKernels::benchStopsWhenAsked()
{
    attention::BenchOptions options;
    options.lengths = {40, 80};
    options.d = 4;
    options.kernels = {Kernel::Materialized, Kernel::Tiled};
    options.threads = 1;
    options.repeat = 2;
    options.budgetMs = 0.0;
    int calls = 0;
    // Stop after the first case's last run (warm-up + 2 runs): that case is kept, nothing more.
    const auto results = attention::runBench(options, [&](int done, int) {
        ++calls;
        return done < 3;
    });
    attention::setThreadCount(0);
    QCOMPARE(calls, 3);
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(results[0].T, Index(40));
}

void TestKernels::benchBudgetCapsRuns()
{
    attention::BenchOptions options;
    options.lengths = {64};
    options.d = 4;
    options.kernels = {Kernel::Naive};
    options.threads = 1;
    options.repeat = 50;
    options.budgetMs = 1e-9; // any run exceeds it: the warm-up is the only sample
    int last = 0;
    int total = 0;
    auto results = attention::runBench(options, [&](int done, int all) {
        last = done;
        total = all;
        return true;
    });
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(results[0].runs, 1);
    QVERIFY(results[0].medianMs > 0.0);
    QCOMPARE(total, 51);
    QCOMPARE(last, 51);

    // A budget of many runs' worth still stops at `repeat`.
    options.repeat = 3;
    options.budgetMs = 1e9;
    results = attention::runBench(options);
    attention::setThreadCount(0);
    QCOMPARE(results[0].runs, 3);
}

void TestKernels::gemmRate()
{
    const double rate = attention::measureGemmGflops(64, 1, 1);
    attention::setThreadCount(0);
    QVERIFY(std::isfinite(rate));
    QVERIFY(rate > 0.0);
}

QTEST_GUILESS_MAIN(TestKernels)
#include "tst_kernels.moc"
