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
#include "tinyreference.h"
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
    void outputLayerAgrees_data();
    void outputLayerAgrees();
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

void TestIsa::outputLayerAgrees_data()
{
    trainingAgrees_data();
}

void TestIsa::outputLayerAgrees()
{
    // Training's and validation's output layer (the kernels of outputkernels.h, one copy per path)
    // in float, against the plain-loop reference and the double pass through the (N, V) logits.
    // The shape leaves no tile whole: 1,100 ids (two chunks of the gradients' kernel), width 24,
    // 128 rows on two threads, each thread's 64 in a block of 48 and a short one of 16.
    using namespace attention::tiny;
    using namespace tinytest;
    QFETCH(Isa, isa);
    const IsaGuard guard(isa);
    QVERIFY(guard.switched());
    ModelConfig config;
    config.vocabSize = 1100;
    config.context = 16;
    config.dModel = 24;
    config.heads = 2;
    const BatchShape shape{8, config.context};
    const Parameters<double> reference = randomParameters(config, 17, 0.3);
    const Parameters<float> parameters = reference.cast<float>();
    const std::vector<int> ids = randomIds(int(shape.rows()), config.vocabSize, 18);
    std::vector<int> targets(ids.begin() + 1, ids.end());
    targets.push_back(-1);
    for (Index n = config.context - 1; n < shape.rows(); n += config.context)
        targets[std::size_t(n)] = -1; // each window predicts its own T − 1 next ids

    double referenceLoss = 0.0;
    std::vector<int> referenceBest;
    for (int w = 0; w < shape.batch; ++w) {
        const auto first = ids.begin() + std::ptrdiff_t(w) * config.context;
        const ReferenceResult window =
            referenceForward(reference, std::vector<int>(first, first + config.context));
        referenceLoss += window.loss / shape.batch;
        for (Index t = 0; t < config.context; ++t) {
            Index best = 0;
            window.logits.row(t).maxCoeff(&best);
            referenceBest.push_back(int(best));
        }
    }
    Activations<double> unfused;
    unfused.ids = ids;
    unfused.targets = targets;
    modelForward(reference, shape, unfused);
    VERIFY_NEAR(modelLoss(unfused), referenceLoss, 1e-9);
    Parameters<double> expected;
    modelBackward(reference, unfused, expected);

    setThreadCount(2);
    Activations<float> training;
    training.output = OutputPass::Training;
    training.ids = ids;
    training.targets = targets;
    Parameters<float> gradients;
    modelForward(parameters, shape, training);
    const double trainingLoss = modelLoss(training);
    modelBackward(parameters, training, gradients);
    Activations<float> validation;
    validation.output = OutputPass::Loss;
    validation.ids = ids;
    validation.targets = targets;
    modelForward(parameters, shape, validation);
    setThreadCount(1);

    QCOMPARE(training.outputBlockRows, Index(48));
    VERIFY_NEAR(trainingLoss, referenceLoss, lossTolerance * referenceLoss);
    VERIFY_NEAR(modelLoss(validation), referenceLoss, lossTolerance * referenceLoss);
    QCOMPARE(validation.predictions, referenceBest);
    const auto expectedTensors = expected.tensors();
    const auto tensors = gradients.tensors();
    const std::vector<TensorSpec> names = tensorLayout(config);
    QCOMPARE(tensors.size(), expectedTensors.size());
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const Eigen::Map<const Eigen::VectorXf> actual(tensors[i].data, tensors[i].size);
        const Eigen::Map<const Eigen::VectorXd> wanted(expectedTensors[i].data,
                                                       expectedTensors[i].size);
        const double error = (actual.cast<double>() - wanted).cwiseAbs().maxCoeff() /
                             std::max(1e-3, wanted.cwiseAbs().maxCoeff());
        QVERIFY2(error <= kernelTolerance,
                 qPrintable(QStringLiteral("tensor %1: %2")
                                .arg(QString::fromStdString(names[i].name))
                                .arg(error)));
    }
}

QTEST_GUILESS_MAIN(TestIsa)
#include "tst_isa.moc"
