// Tests of the runtime CPU dispatch (core/isa.h): every path this CPU runs gives the slowest
// (baseline) path's results within the tolerances the kernels and the trainer already use, and
// ATTENTION_LAB_ISA chooses the path. tests/core/CMakeLists.txt also runs tst_kernels and
// tst_training with each ATTENTION_LAB_ISA.

#include "head.h"
#include "isa.h"
#include "isadispatch.h"
#include "kernels.h"
#include "random.h"
#include "tiled.h"
#include "tiny/trainer.h"
#include "verifynear.h"

#include <QtTest>
#include <cstdlib>

using attention::Index;
using attention::Isa;
using attention::Kernel;
using attention::Matrix;
using attention::MatrixF;

Q_DECLARE_METATYPE(attention::Isa)
Q_DECLARE_METATYPE(attention::Kernel)

namespace {

/// The kernels' agreement with the double-precision reference (tst_kernels): max|a − b| over
/// max(1, max|reference|).
constexpr double kernelTolerance = 1e-5;
/// Losses of runs that differ only in rounding (tst_training, threadCountOnlyChangesRounding).
constexpr double lossTolerance = 1e-4;

double relativeError(const MatrixF &actual, const Matrix &reference)
{
    if (actual.rows() != reference.rows() || actual.cols() != reference.cols())
        return std::numeric_limits<double>::infinity();
    const double largest = std::max(1.0, reference.cwiseAbs().maxCoeff<Eigen::PropagateNaN>());
    return attention::maxAbsDifference(actual.cast<double>(), reference) / largest;
}

/// Makes `isa` the active path for its lifetime; the previous one afterwards.
class IsaGuard
{
public:
    explicit IsaGuard(Isa isa)
        : m_previous(attention::activeIsa())
        , m_switched(attention::setActiveIsa(isa))
    {}
    ~IsaGuard() { attention::setActiveIsa(m_previous); }
    IsaGuard(const IsaGuard &) = delete;
    IsaGuard &operator=(const IsaGuard &) = delete;
    bool switched() const { return m_switched; }

private:
    Isa m_previous;
    bool m_switched;
};

/// The loss of each step of a short training run on a copy task, at the active path.
std::vector<double> trainingLosses()
{
    using namespace attention::tiny;
    ModelConfig config;
    config.vocabSize = 11;
    config.context = 16;
    config.dModel = 32;
    config.heads = 2;
    TrainingSettings settings;
    settings.batch = 8;
    settings.steps = 6;
    settings.threads = 2;
    attention::Random random(7);
    std::vector<int> ids(2000);
    for (std::size_t t = 0; t < ids.size(); ++t)
        ids[t] = t >= 3 && random.uniform() < 0.9 ? ids[t - 3] : int(random.nextBits() % 11);
    Trainer trainer(config, settings, ids);
    std::vector<double> losses;
    for (int i = 0; i < settings.steps; ++i)
        losses.push_back(trainer.step());
    setThreadCount(1);
    return losses;
}

} // namespace

class TestIsa : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesRoundTrip();
    void choosesTheBestOrTheForcedPath();
    void refusesPathsThisCpuLacks();
    void eachPathRunsItsOwnCopy();
    void kernelsAgree_data();
    void kernelsAgree();
    void trainingAgrees_data();
    void trainingAgrees();
};

void TestIsa::namesRoundTrip()
{
    for (Isa isa : {Isa::Baseline, Isa::V3, Isa::V4, Isa::Native})
        QCOMPARE(attention::isaFromKey(attention::isaKey(isa)), std::optional<Isa>(isa));
    QCOMPARE(QLatin1String(attention::isaName(Isa::V4)), QLatin1String("x86-64-v4"));
    QVERIFY(!attention::isaFromKey("avx512"));
}

void TestIsa::choosesTheBestOrTheForcedPath()
{
    const std::vector<Isa> available = attention::availableIsas();
    QVERIFY(!available.empty());
    const std::optional<Isa> forced = attention::isaFromKey(qgetenv("ATTENTION_LAB_ISA").data());
    const bool forcedAvailable =
        forced && std::find(available.begin(), available.end(), *forced) != available.end();
    QCOMPARE(attention::activeIsa(), forcedAvailable ? *forced : available.back());
}

void TestIsa::refusesPathsThisCpuLacks()
{
    const std::vector<Isa> available = attention::availableIsas();
    const Isa before = attention::activeIsa();
    for (Isa isa : {Isa::Baseline, Isa::V3, Isa::V4, Isa::Native}) {
        const bool runs = std::find(available.begin(), available.end(), isa) != available.end();
        QCOMPARE(attention::setActiveIsa(isa), runs);
        QCOMPARE(attention::activeIsa(), runs ? isa : before);
        attention::setActiveIsa(before);
    }
}

void TestIsa::eachPathRunsItsOwnCopy()
{
    // The table in use was compiled for the path its name says (its compiler's own macros, not
    // the path it was filed under); a native build's one copy targets this CPU, whatever it is.
    for (Isa isa : attention::availableIsas()) {
        const IsaGuard guard(isa);
        QVERIFY(guard.switched());
        if (isa != Isa::Native)
            QCOMPARE(attention::isaTable().compiledFor(), isa);
    }
    const std::vector<Isa> available = attention::availableIsas();
    if (available.back() == Isa::Native || available.size() == 1)
        return; // one copy: nothing to choose
        // A build with the copies offers the best path this CPU runs, by the CPU's own word here…
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                    __builtin_cpu_supports("bmi2");
    const bool v4 = v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                    __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
    QCOMPARE(available.back(), v4 ? Isa::V4 : v3 ? Isa::V3 : Isa::Baseline);
#endif
    // … and, unforced, runs it.
    if (qEnvironmentVariableIsEmpty("ATTENTION_LAB_ISA"))
        QCOMPARE(attention::isaTable().compiledFor(), available.back());
}

void TestIsa::kernelsAgree_data()
{
    QTest::addColumn<Isa>("isa");
    QTest::addColumn<Kernel>("kernel");
    QTest::addColumn<bool>("causal");
    for (Isa isa : attention::availableIsas())
        for (Kernel kernel : attention::allKernels())
            for (bool causal : {false, true})
                QTest::addRow("%s/%s/%s", attention::isaKey(isa), attention::kernelName(kernel),
                              causal ? "causal" : "full")
                    << isa << kernel << causal;
}

void TestIsa::kernelsAgree()
{
    QFETCH(Isa, isa);
    QFETCH(Kernel, kernel);
    QFETCH(bool, causal);
    const Index T = 203; // not a whole number of blocks or vector strips
    const Index d = 24;
    attention::Random random(42);
    const MatrixF q = random.normalMatrixF(T, d);
    const MatrixF k = random.normalMatrixF(T, d);
    const MatrixF v = random.normalMatrixF(T, d + 5);
    const Matrix expected =
        attention::referenceAttention(q.cast<double>(), k.cast<double>(), v.cast<double>(), causal);
    MatrixF baseline;
    {
        const IsaGuard guard(attention::availableIsas().front()); // the slowest path
        attention::runKernel(kernel, q, k, v, baseline, causal);
    }
    {
        const IsaGuard guard(isa);
        QVERIFY(guard.switched());
        QCOMPARE(attention::activeIsa(), isa);
        MatrixF out;
        attention::runKernel(kernel, q, k, v, out, causal);
        QVERIFY(relativeError(out, expected) <= kernelTolerance);
        QVERIFY(relativeError(out, baseline.cast<double>()) <= kernelTolerance);
        if (kernel == Kernel::Tiled) { // small blocks: many passes, a remainder in each
            MatrixF blocked;
            attention::tiledAttention(q, k, v, blocked, causal, attention::TiledBlocks{8, 7, 3});
            QVERIFY(relativeError(blocked, expected) <= kernelTolerance);
        }
    }
}

void TestIsa::trainingAgrees_data()
{
    QTest::addColumn<Isa>("isa");
    for (Isa isa : attention::availableIsas())
        QTest::newRow(attention::isaKey(isa)) << isa;
}

void TestIsa::trainingAgrees()
{
    QFETCH(Isa, isa);
    std::vector<double> expected;
    {
        const IsaGuard guard(attention::availableIsas().front()); // the slowest path
        expected = trainingLosses();
    }
    const IsaGuard guard(isa);
    QVERIFY(guard.switched());
    const std::vector<double> losses = trainingLosses();
    QCOMPARE(losses.size(), expected.size());
    for (std::size_t i = 0; i < losses.size(); ++i)
        VERIFY_NEAR(losses[i], expected[i], lossTolerance);
    QVERIFY(losses.back() < losses.front()); // it learns
}

QTEST_GUILESS_MAIN(TestIsa)
#include "tst_isa.moc"
