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
#include <numeric>
#include <string>
#include <utility>

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
    QTest::addColumn<Isa>("isa");
    QTest::addColumn<int>("vocab");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("block");
    struct Shape
    {
        const char *name;
        int vocab, width, batch, block;
    };
    // Windows of 16 positions on two threads, each thread a slice of the rows.
    const Shape shapes[] = {
        // Two chunks of the gradients' kernel; each slice's 64 rows a block of 48 and one of 16.
        {"1100 ids, width 24", 1100, 24, 8, 48},
        // Fewer ids than a panel, one vector of width, blocks of one row.
        {"47 ids, width 8, blocks of 1", 47, 8, 3, 1},
        // 48 rows in one slice and one block, 48 ids, 64 wide: nothing padded.
        {"48 ids, width 64, one whole block", 48, 64, 3, 48},
        // Three vectors of width on AVX-512; a group of four and one of two on AVX2.
        {"49 ids, width 40", 49, 40, 5, 48},
    };
    for (Isa isa : attention::availableIsas())
        for (const Shape &shape : shapes)
            QTest::addRow("%s/%s", attention::isaKey(isa), shape.name)
                << isa << shape.vocab << shape.width << shape.batch << shape.block;
}

namespace {

/// The plain-loop reference of a batch of windows: each window's loss (over its T − 1 next ids)
/// and each position's most likely next id.
struct ReferenceBatch
{
    std::vector<double> losses;
    std::vector<int> best;

    double meanLoss(int windows) const
    {
        return std::accumulate(losses.begin(), losses.begin() + windows, 0.0) / windows;
    }
};

ReferenceBatch referenceBatch(const attention::tiny::Parameters<double> &parameters,
                              const std::vector<int> &ids, int context)
{
    ReferenceBatch batch;
    for (auto first = ids.begin(); first != ids.end(); first += context) {
        const tinytest::ReferenceResult window =
            tinytest::referenceForward(parameters, std::vector<int>(first, first + context));
        batch.losses.push_back(window.loss);
        for (Index t = 0; t < context; ++t) {
            Index best = 0;
            window.logits.row(t).maxCoeff(&best);
            batch.best.push_back(int(best));
        }
    }
    return batch;
}

/// max |actual − expected| over max(1e-3, max |expected|) for the worst tensor; its name.
std::pair<double, std::string>
largestGradientError(const attention::tiny::ModelConfig &config,
                     const attention::tiny::Parameters<float> &actual,
                     const attention::tiny::Parameters<double> &expected)
{
    const auto tensors = actual.tensors();
    const auto expectedTensors = expected.tensors();
    const auto names = attention::tiny::tensorLayout(config);
    std::pair<double, std::string> worst{0.0, std::string()};
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const Eigen::Map<const Eigen::VectorXf> got(tensors[i].data, tensors[i].size);
        const Eigen::Map<const Eigen::VectorXd> wanted(expectedTensors[i].data,
                                                       expectedTensors[i].size);
        const double error = (got.cast<double>() - wanted).cwiseAbs().maxCoeff() /
                             std::max(1e-3, wanted.cwiseAbs().maxCoeff());
        if (!(error <= worst.first)) // NaN counts as the worst
            worst = {error, names[i].name};
    }
    return worst;
}

} // namespace

void TestIsa::outputLayerAgrees()
{
    // Training's and validation's output layer (the kernels of outputkernels.h, one copy per path)
    // in float, against the plain-loop reference and the double pass through the (N, V) logits;
    // then the validation's buffers again for one window fewer, as the last batch of a validation.
    using namespace attention::tiny;
    QFETCH(Isa, isa);
    QFETCH(int, vocab);
    QFETCH(int, width);
    QFETCH(int, batch);
    QFETCH(int, block);
    const IsaGuard guard(isa);
    QVERIFY(guard.switched());
    const ModelConfig config{vocab, 16, width, 2, 1, true};
    const BatchShape shape{batch, config.context};
    const Parameters<double> reference = tinytest::randomParameters(config, 17, 0.3);
    const Parameters<float> parameters = reference.cast<float>();
    const std::vector<int> ids = tinytest::randomIds(int(shape.rows()), vocab, 18);
    const std::vector<int> targets = tinytest::windowTargets(ids, config.context);
    const ReferenceBatch expected = referenceBatch(reference, ids, config.context);
    const double referenceLoss = expected.meanLoss(batch);

    Activations<double> unfused;
    unfused.ids = ids;
    unfused.targets = targets;
    modelForward(reference, shape, unfused);
    VERIFY_NEAR(modelLoss(unfused), referenceLoss, 1e-9);
    Parameters<double> expectedGradients;
    modelBackward(reference, unfused, expectedGradients);

    setThreadCount(2);
    Activations<float> training;
    training.output = OutputPass::Training;
    training.outputBlockRows = block;
    training.ids = ids;
    training.targets = targets;
    Parameters<float> gradients;
    modelForward(parameters, shape, training);
    const double trainingLoss = modelLoss(training);
    modelBackward(parameters, training, gradients);
    Activations<float> validation;
    validation.output = OutputPass::Loss;
    validation.outputBlockRows = block;
    validation.ids = ids;
    validation.targets = targets;
    modelForward(parameters, shape, validation);
    const double validationLoss = modelLoss(validation);
    const std::vector<int> predictions = validation.predictions;
    const Index fewer = shape.rows() - config.context;
    validation.ids.resize(std::size_t(fewer));
    validation.targets.resize(std::size_t(fewer));
    modelForward(parameters, BatchShape{batch - 1, config.context}, validation);
    setThreadCount(1);

    VERIFY_NEAR(trainingLoss, referenceLoss, lossTolerance * referenceLoss);
    VERIFY_NEAR(validationLoss, referenceLoss, lossTolerance * referenceLoss);
    QCOMPARE(predictions, expected.best);
    const double fewerLoss = expected.meanLoss(batch - 1);
    VERIFY_NEAR(modelLoss(validation), fewerLoss, lossTolerance * fewerLoss);
    QCOMPARE(validation.predictions,
             std::vector<int>(expected.best.begin(), expected.best.begin() + fewer));
    const auto [error, tensor] = largestGradientError(config, gradients, expectedGradients);
    QVERIFY2(error <= kernelTolerance,
             qPrintable(QStringLiteral("%1: %2").arg(QString::fromStdString(tensor)).arg(error)));
}

QTEST_GUILESS_MAIN(TestIsa)
#include "tst_isa.moc"
