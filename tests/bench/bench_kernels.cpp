// Benchmark of the attention kernels (core/kernels.h) with Qt Test's QBENCHMARK, one data row per
// kernel, length and mask. Not a test: run it by hand from the build's bin/ directory, e.g.
//
//     bin/bench_kernels                               every row, wall-clock time per run
//     bin/bench_kernels attention:tiled/4000/full     one row
//     bin/bench_kernels -median 5                     the median of 5 measurements per row
//
// `attention-cli bench` reports the same kernels with GFLOP/s, growth and memory; this benchmark
// fits Qt Test's tooling (-csv, -xml, -callgrind).

#include "isa.h"
#include "kernels.h"
#include "random.h"

#include <QtTest>

using attention::Index;
using attention::Kernel;
using attention::MatrixF;

Q_DECLARE_METATYPE(attention::Kernel)

class BenchKernels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The CPU path the rows measure (scripts/bench-isa.sh compares the builds' rates).
    void initTestCase() { qInfo("%s kernels", attention::isaName(attention::activeIsa())); }
    void attention_data();
    void attention();
};

void BenchKernels::attention_data()
{
    QTest::addColumn<Kernel>("kernel");
    QTest::addColumn<Index>("T");
    QTest::addColumn<bool>("causal");

    for (Kernel kernel : attention::allKernels()) {
        for (Index T : {Index(256), Index(1000), Index(2000), Index(4000)}) {
            if (kernel == Kernel::Naive && T > 2000)
                continue; // over a second per run, and the point is made by T = 2000
            for (bool causal : {false, true}) {
                QTest::addRow("%s/%d/%s", attention::kernelName(kernel), int(T),
                              causal ? "causal" : "full")
                    << kernel << T << causal;
            }
        }
    }
}

void BenchKernels::attention()
{
    QFETCH(Kernel, kernel);
    QFETCH(Index, T);
    QFETCH(bool, causal);

    const Index d = 64;
    attention::Random rng(static_cast<std::uint64_t>(T));
    const MatrixF q = rng.normalMatrixF(T, d);
    const MatrixF k = rng.normalMatrixF(T, d);
    const MatrixF v = rng.normalMatrixF(T, d);
    MatrixF out;
    attention::runKernel(kernel, q, k, v, out, causal); // warm-up, outside the measurement

    QBENCHMARK
    {
        attention::runKernel(kernel, q, k, v, out, causal);
    }
    QVERIFY(out.allFinite());
}

QTEST_GUILESS_MAIN(BenchKernels)
#include "bench_kernels.moc"
