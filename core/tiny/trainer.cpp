#include "tiny/trainer.h"

#include "isadispatch.h"
#include "tiny/trainingcost.h"
#include "tiny/windows.h"
#include "tiny/workers.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attention::tiny {

namespace {

constexpr double pi = 3.14159265358979323846;
/// Separates the window sampler's stream from the initialisation's, which uses the seed itself.
constexpr std::uint64_t windowStream = 0xA5A5'5A5A'C3C3'3C3Cull;

} // namespace

void setThreadCount(int threads)
{
    // The layers split their products among the worker threads themselves (layers.cpp,
    // parallelSlices); Eigen's own threading stays off so that the two do not nest.
    setEigenThreads(1);
    WorkerPool::instance().setThreads(std::max(threads, 1));
}

int threadCount()
{
    return WorkerPool::instance().threads();
}

RunDefaults defaultRun(const std::string &corpus)
{
    RunDefaults run;
    if (corpus == "repeat") {
        // Two layers without the MLP: the circuit is two attention heads, and the MLP only
        // slows each step. docs/results.md has the settings tried and when the loss fell.
        run.config.context = 64;
        run.config.layers = 2;
        run.config.mlp = false;
        run.settings.steps = 4000;
        run.settings.batch = 32;
        run.settings.learningRate = 3e-3;
        run.settings.warmup = 100;
        run.evalEvery = 100;
        return run;
    }
    if (corpus != "tang")
        return run;
    // Chosen from one-minute trials (docs/results.md, "The default run on 全唐诗"); 1,700 steps
    // since the output layer's kernels ("The output layer's own kernels").
    run.config.context = 64;
    run.config.layers = 2;
    run.settings.steps = 1700;
    run.settings.batch = 16;
    run.settings.learningRate = 3e-3;
    run.settings.warmup = 100;
    run.evalEvery = 850;
    return run;
}

double learningRateAt(const TrainingSettings &settings, int step)
{
    const double peak = settings.learningRate;
    if (step < settings.warmup)
        return peak * double(step + 1) / double(settings.warmup);
    const int decaySteps = settings.steps - 1 - settings.warmup;
    const double progress =
        decaySteps > 0 ? std::min(1.0, double(step - settings.warmup) / double(decaySteps)) : 1.0;
    const double floor = peak / 10.0;
    return floor + (peak - floor) * 0.5 * (1.0 + std::cos(pi * progress));
}

double clipGradientNorm(const std::vector<TensorView<float>> &gradients, double maxNorm)
{
    double squares = 0.0;
    for (const auto &g : gradients)
        for (Index i = 0; i < g.size; ++i)
            squares += double(g.data[i]) * double(g.data[i]);
    const double norm = std::sqrt(squares);
    if (norm > maxNorm) {
        const float factor = float(maxNorm / (norm + 1e-6));
        for (const auto &g : gradients)
            Eigen::Map<Eigen::VectorXf>(g.data, g.size) *= factor;
    }
    return norm;
}

AdamW::AdamW(const std::vector<Index> &sizes, double weightDecay)
    : m_weightDecay(weightDecay)
{
    for (const Index size : sizes) {
        m_first.emplace_back(size, 0.0f);
        m_second.emplace_back(size, 0.0f);
    }
}

std::int64_t AdamW::heldBytes() const
{
    std::int64_t floats = 0;
    for (std::size_t i = 0; i < m_first.size(); ++i)
        floats += std::int64_t(m_first[i].size() + m_second[i].size());
    return floats * std::int64_t(sizeof(float));
}

void AdamW::update(const std::vector<TensorView<float>> &parameters,
                   const std::vector<TensorView<float>> &gradients, double lr)
{
    ++m_updates;
    const float correction1 = float(1.0 - std::pow(beta1, m_updates));
    const float correction2 = float(1.0 - std::pow(beta2, m_updates));
    AdamWTensor step;
    step.rate = float(lr);
    step.beta1 = float(beta1);
    step.beta2 = float(beta2);
    step.epsilon = float(epsilon);
    step.correction1 = correction1;
    step.correction2 = correction2;
    for (std::size_t t = 0; t < parameters.size(); ++t) {
        step.parameter = parameters[t].data;
        step.gradient = gradients[t].data;
        step.first = m_first[t].data();
        step.second = m_second[t].data();
        step.size = parameters[t].size;
        step.decay = parameters[t].matrix ? float(lr * m_weightDecay) : 0.0f;
        isaTable().adamW(step); // the active CPU path's copy (isa.h)
    }
}

std::optional<Evaluation> evaluate(const Parameters<float> &parameters,
                                   const std::vector<int> &valIds,
                                   const std::vector<int> &punctuationIds, int batch)
{
    const int context = parameters.config.context;
    if (long(valIds.size()) < long(context) + 1 || batch < 1)
        return std::nullopt;
    const WindowCut cut = cutWindows(long(valIds.size()), context);
    std::vector<bool> isMark(parameters.config.vocabSize, false);
    for (const int id : punctuationIds)
        if (inVocabulary(id, parameters.config.vocabSize))
            isMark[id] = true;
    std::vector<double> positionSums(std::size_t(context), 0.0);
    long truePositive = 0, predicted = 0, actual = 0;
    const bool ran = forEachWindowBatch(
        parameters, valIds, cut, batch, OutputPass::Loss, [&](long, int, Activations<float> &acts) {
            for (Index n = 0; n < acts.shape.rows(); ++n) {
                const bool guess = isMark[std::size_t(acts.predictions[std::size_t(n)])];
                const bool truth = isMark[acts.targets[n]];
                predicted += guess;
                actual += truth;
                truePositive += guess && truth;
            }
            modelLoss(acts);
            for (Index n = 0; n < acts.shape.rows(); ++n)
                positionSums[std::size_t(n % context)] += acts.rowLosses[std::size_t(n)];
            return true;
        });
    if (!ran)
        return std::nullopt;
    Evaluation result;
    result.predictions = cut.windows * context;
    double lossSum = 0.0;
    for (const double sum : positionSums) {
        result.positionLosses.push_back(sum / double(cut.windows));
        lossSum += sum;
    }
    result.valLoss = lossSum / double(result.predictions);
    if (truePositive > 0) {
        const double precision = double(truePositive) / double(predicted);
        const double recall = double(truePositive) / double(actual);
        result.punctuationF1 = 2.0 * precision * recall / (precision + recall);
    }
    return result;
}

std::optional<TrainerError> Trainer::check(const ModelConfig &config,
                                           const TrainingSettings &settings,
                                           const std::vector<int> &trainIds)
{
    if (checkConfig(config))
        return TrainerError::Config;
    if (settings.steps < 1 || settings.batch < 1 || settings.threads < 1 || settings.warmup < 0 ||
        settings.learningRate < 0.0 || settings.weightDecay < 0.0 || settings.maxGradNorm <= 0.0)
        return TrainerError::Settings;
    if (long(trainIds.size()) < long(config.context) + 1)
        return TrainerError::TrainingTooShort;
    if (!allInVocabulary(trainIds, config.vocabSize))
        return TrainerError::IdOutOfRange;
    return std::nullopt;
}

namespace {

std::vector<Index> tensorSizes(const Parameters<float> &p)
{
    std::vector<Index> sizes;
    for (const auto &view : p.tensors())
        sizes.push_back(view.size);
    return sizes;
}

} // namespace

Trainer::Trainer(const ModelConfig &config, const TrainingSettings &settings,
                 std::vector<int> trainIds)
    : m_settings(settings)
    , m_trainIds(std::move(trainIds))
    , m_parameters(initParameters(config, settings.seed))
    , m_gradients(Parameters<float>::zeros(config))
    , m_best(m_parameters)
    , m_optimizer(tensorSizes(m_parameters), settings.weightDecay)
    , m_windowRandom(settings.seed ^ windowStream)
    , m_bestValLoss(std::numeric_limits<double>::infinity())
{
    m_acts.output = OutputPass::Training; // no (N, V) logits: the output layer in blocks of rows
}

std::int64_t Trainer::heldBytes() const
{
    std::int64_t floats = 0;
    for (const Parameters<float> *p : {&m_parameters, &m_gradients, &m_best})
        for (const auto &view : p->tensors())
            floats += view.size;
    return floats * std::int64_t(sizeof(float)) + m_optimizer.heldBytes() +
           std::int64_t(m_trainIds.size() * sizeof(int)) + tiny::heldBytes(m_acts);
}

void Trainer::sampleBatch()
{
    const int context = m_parameters.config.context;
    const BatchShape shape{m_settings.batch, context};
    const auto starts = double(m_trainIds.size() - std::size_t(context)); // windows available
    m_acts.ids.resize(shape.rows());
    m_acts.targets.resize(shape.rows());
    for (int b = 0; b < shape.batch; ++b) {
        const auto start = std::size_t(m_windowRandom.uniform() * starts);
        for (int t = 0; t < context; ++t) {
            m_acts.ids[std::size_t(b) * context + t] = m_trainIds[start + t];
            m_acts.targets[std::size_t(b) * context + t] = m_trainIds[start + t + 1];
        }
    }
}

double Trainer::step()
{
    // The run's thread count, set by the thread that steps (nothing else sets it meanwhile
    // without being undone here): the same count, the same bits.
    setThreadCount(m_settings.threads);
    sampleBatch();
    modelForward(m_parameters, BatchShape{m_settings.batch, m_parameters.config.context}, m_acts);
    const double loss = modelLoss(m_acts);
    modelBackward(m_parameters, m_acts, m_gradients);
    const auto gradients = m_gradients.tensors();
    clipGradientNorm(gradients, m_settings.maxGradNorm);
    m_optimizer.update(m_parameters.tensors(), gradients, learningRateAt(m_settings, m_stepsDone));
    ++m_stepsDone;
    return loss;
}

std::optional<Evaluation> Trainer::evaluate(const std::vector<int> &valIds,
                                            const std::vector<int> &punctuationIds)
{
    setThreadCount(m_settings.threads);
    auto result = tiny::evaluate(m_parameters, valIds, punctuationIds, m_settings.batch);
    if (result && result->valLoss < m_bestValLoss) {
        m_bestValLoss = result->valLoss;
        m_bestStep = m_stepsDone;
        m_best = m_parameters;
    }
    return result;
}

} // namespace attention::tiny
