#pragma once

/// Training the tiny model (docs/tiny-model.md, "Training", "Validation and the figures of a run"):
/// random windows, AdamW with decoupled weight decay on matrices, global gradient clipping, a
/// linear warm-up then cosine decay to lr/10, validation loss and punctuation F1, and the
/// parameters of the best validation kept.
///
/// A Trainer runs one step per call so that a caller (the console, a GUI thread) can stop, report
/// or evaluate between steps. Same settings, seed and thread count give bit-identical losses.

#include "random.h"
#include "tiny/model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attention::tiny {

/// Sets the one thread count used by the tiny model: its worker threads (workers.h) split the
/// large products by rows; Eigen's own threading is switched off. It is process-wide. A Trainer
/// sets its settings' count itself at every step and evaluation, on the thread that steps it:
/// that is where a run's count is set, and whatever set another count meanwhile (the attention
/// kernels' setThreadCount in kernels.h sets Eigen's threads) does not change a run's bits.
void setThreadCount(int threads);
/// The thread count in effect.
int threadCount();

/// Defaults: chosen on tang300 at the default model (docs/results.md, 2026-12-03).
struct TrainingSettings
{
    int steps = 1000;           ///< the length of the schedule
    int batch = 32;             ///< windows per step
    double learningRate = 1e-3; ///< peak
    int warmup = 100;           ///< steps of linear warm-up
    double weightDecay = 0.1;   ///< decoupled, on matrices only
    double maxGradNorm = 1.0;   ///< global clipping threshold
    std::uint64_t seed = 1;     ///< initialisation and window sampling
    int threads = 1;
};

/// A run's settings when only its corpus is chosen (`attention-cli train --corpus C`, step 7's
/// default for C). For every corpus the spec's model and settings, except for
///  - 全唐诗 ("tang"): 160 times tang300's text and 7,358 ids, so the output layer is most of a
///    step; a context of 64 holds a whole 律诗 of eight lines, two layers find the lines'
///    rhythm, and the length, batch and learning rate are the ones that trained furthest in a
///    minute on two cores (docs/results.md says what was measured);
///  - the repeat task ("repeat"): two attention-only layers, the least that can form an
///    induction head, trained long enough for its loss to fall within half a minute on two cores.
struct RunDefaults
{
    ModelConfig config;        ///< vocabSize 0: the corpus sets it
    TrainingSettings settings; ///< threads 1: the caller sets its own
    int evalEvery = 200;       ///< steps between validations
};
RunDefaults defaultRun(const std::string &corpus);

/// The learning rate of step s (0-based): lr·(s+1)/warmup during the warm-up, then cosine from lr
/// at step `warmup` to lr/10 at step `steps − 1`. Steps past the end keep lr/10.
double learningRateAt(const TrainingSettings &settings, int step);

/// Scales the gradients so that their global L2 norm is at most maxNorm, as PyTorch's
/// clip_grad_norm_ does (factor maxNorm / (norm + 1e-6) when norm > maxNorm). Returns the norm
/// before clipping, summed in double.
double clipGradientNorm(const std::vector<TensorView<float>> &gradients, double maxNorm);

/// AdamW (Loshchilov and Hutter) with β1 0.9, β2 0.99, ε 1e-8 and bias correction; the weight
/// decay is decoupled (p ← p − lr·decay·p) and applies only to tensors flagged as matrices.
class AdamW
{
public:
    AdamW(const std::vector<Index> &sizes, double weightDecay);

    /// One update of the parameters from the gradients with learning rate lr.
    void update(const std::vector<TensorView<float>> &parameters,
                const std::vector<TensorView<float>> &gradients, double lr);

    /// The bytes of the two moments.
    std::int64_t heldBytes() const;

    static constexpr double beta1 = 0.9;
    static constexpr double beta2 = 0.99;
    static constexpr double epsilon = 1e-8;

private:
    std::vector<std::vector<float>> m_first;  ///< per tensor, first moments
    std::vector<std::vector<float>> m_second; ///< per tensor, second moments
    double m_weightDecay = 0.0;
    int m_updates = 0;
};

struct Evaluation
{
    double valLoss = 0.0;       ///< mean loss over the n·C validation predictions
    double punctuationF1 = 0.0; ///< over the same predictions; 0 when nothing is both
    long predictions = 0;       ///< n·C
    /// [t], t = 0 … C − 1: the mean loss of position t over the n windows; their mean is valLoss.
    std::vector<double> positionLosses;
};

/// The spec's validation: n = ⌊(M − 1)/C⌋ windows of the validation ids, window j predicting
/// v_{jC+1} … v_{jC+C} from v_{jC} … v_{jC+C−1}; F1 of "the most likely next id is in
/// punctuationIds" against "the actual next id is". Nothing when M < C + 1 or an id is out
/// of range.
std::optional<Evaluation> evaluate(const Parameters<float> &parameters,
                                   const std::vector<int> &valIds,
                                   const std::vector<int> &punctuationIds, int batch = 32);

enum class TrainerError
{
    Config,           ///< checkConfig refuses the model
    Settings,         ///< steps, batch or threads < 1, warmup < 0, or a negative rate
    TrainingTooShort, ///< fewer than context + 1 training ids
    IdOutOfRange,     ///< a training id outside [0, vocabSize)
};

class Trainer
{
public:
    /// Initialises the parameters from settings.seed (the thread count is set by step() and
    /// evaluate()). The inputs must pass check().
    Trainer(const ModelConfig &config, const TrainingSettings &settings, std::vector<int> trainIds);

    /// Why a Trainer with these inputs would be invalid, or nothing when they are fine.
    static std::optional<TrainerError> check(const ModelConfig &config,
                                             const TrainingSettings &settings,
                                             const std::vector<int> &trainIds);

    /// One optimisation step on `batch` random windows; returns the batch's mean loss before
    /// the update.
    double step();
    /// Evaluates the current parameters and keeps them when their val_loss is the best so far.
    std::optional<Evaluation> evaluate(const std::vector<int> &valIds,
                                       const std::vector<int> &punctuationIds);

    int stepsDone() const { return m_stepsDone; }
    /// The bytes its buffers hold now: the parameters, gradients, best parameters, AdamW's
    /// moments, the training ids and the step's activations (trainingcost.h predicts them).
    std::int64_t heldBytes() const;
    const TrainingSettings &settings() const { return m_settings; }
    const Parameters<float> &parameters() const { return m_parameters; }
    /// The parameters of the best evaluation so far (the initial ones before any).
    const Parameters<float> &bestParameters() const { return m_best; }
    /// The best val_loss so far and the step count when it was measured (−1 before any).
    double bestValLoss() const { return m_bestValLoss; }
    int bestStep() const { return m_bestStep; }

private:
    void sampleBatch();

    TrainingSettings m_settings;
    std::vector<int> m_trainIds;
    Parameters<float> m_parameters;
    Parameters<float> m_gradients;
    Parameters<float> m_best;
    Activations<float> m_acts;
    AdamW m_optimizer;
    Random m_windowRandom;
    int m_stepsDone = 0;
    double m_bestValLoss = 0.0;
    int m_bestStep = -1;
};

} // namespace attention::tiny
