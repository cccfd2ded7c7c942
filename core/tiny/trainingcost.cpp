#include "tiny/trainingcost.h"

#include "tiny/outputkernels.h"
#include "tiny/trainer.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <utility>

namespace attention::tiny {

namespace {

constexpr std::int64_t floatBytes = std::int64_t(sizeof(float));

/// Floats of one block's forward caches for n rows of width d.
std::int64_t blockForwardFloats(const ModelConfig &c, std::int64_t n, std::int64_t weights)
{
    const std::int64_t d = c.dModel;
    // ln1 (normalized, rstd), a1, q, k, v, concat and the attention weights.
    std::int64_t floats = n * d + n + n * d + 3 * n * d + n * d + weights;
    if (c.mlp) // ln2, a2, and the MLP's pre, tanh and act (4d wide)
        floats += n * d + n + n * d + 3 * n * 4 * d;
    return floats;
}

/// Floats of the forward caches for n rows: the residual stream, a branch, each block, the
/// final LayerNorm and its output; no (N, V) logits (training and validation run the output layer
/// in blocks: trainingOutputFloats, validationOutputBytes).
std::int64_t forwardFloats(const ModelConfig &c, int batch, int tokens)
{
    const std::int64_t n = std::int64_t(batch) * tokens;
    const std::int64_t d = c.dModel;
    const std::int64_t weights = std::int64_t(batch) * c.heads * tokens * tokens;
    return 2 * n * d + c.layers * blockForwardFloats(c, n, weights) + (n * d + n) + n * d;
}

/// The slices of n rows the output layer's blocks run in on `threads` threads, and the shape of
/// the largest block, whose padded sizes each slice's buffers take (outputLayerLoss,
/// outputLayerForwardBackward).
std::pair<std::int64_t, OutputBlockShape> outputSlices(const ModelConfig &c, std::int64_t n,
                                                       int threads)
{
    return {outputSliceCount(n, outputBlockRows, threads),
            OutputBlockShape{std::min<std::int64_t>(outputBlockRows, n), c.dModel, c.vocabSize}};
}

/// Floats of training's output layer in blocks of rows (outputLayerForwardBackward) on `threads`
/// threads: ∂loss/∂final (n, d) and the output's ∂/∂tok_emb (V, d); tok_emb laid out twice for
/// the kernels; and for each slice of the rows a block's rows, logits and their gradients, and a
/// partial ∂/∂tok_emb.
std::int64_t trainingOutputFloats(const ModelConfig &c, int batch, int tokens, int threads)
{
    const std::int64_t n = std::int64_t(batch) * tokens;
    const std::int64_t v = c.vocabSize;
    const std::int64_t d = c.dModel;
    const auto [slices, block] = outputSlices(c, n, threads);
    const std::int64_t ids = block.paddedIds();
    const std::int64_t width = block.paddedWidth();
    const std::int64_t rows = block.paddedRows();
    return n * d + v * d + ids * d + ids * width +
           slices * (2 * rows * width + rows * ids + ids * width);
}

/// Bytes of a validation's output layer in blocks of rows (outputLayerLoss) on `threads` threads:
/// tok_emb laid out for the logits' kernel, a block's rows and logits per slice of the rows, and
/// each row's most likely id.
std::int64_t validationOutputBytes(const ModelConfig &c, int batch, int tokens, int threads)
{
    const std::int64_t n = std::int64_t(batch) * tokens;
    const auto [slices, block] = outputSlices(c, n, threads);
    const std::int64_t ids = block.paddedIds();
    const std::int64_t rows = block.paddedRows();
    return (ids * c.dModel + slices * (rows * block.paddedWidth() + rows * ids)) * floatBytes +
           n * std::int64_t(sizeof(int));
}

/// Floats the backward pass adds: dx, dBranch, and per block dConcat, dQ, dK, dV, dScores and
/// the MLP's dAct.
std::int64_t backwardFloats(const ModelConfig &c, int batch, int tokens)
{
    const std::int64_t n = std::int64_t(batch) * tokens;
    const std::int64_t d = c.dModel;
    const std::int64_t weights = std::int64_t(batch) * c.heads * tokens * tokens;
    const std::int64_t block = 4 * n * d + weights + (c.mlp ? n * 4 * d : 0);
    return 2 * n * d + c.layers * block;
}

template<typename M>
std::int64_t bytesOf(const M &m)
{
    return std::int64_t(m.size()) * std::int64_t(sizeof(typename M::Scalar));
}

std::int64_t bytesOf(const std::vector<int> &v)
{
    return std::int64_t(v.size()) * std::int64_t(sizeof(int));
}

} // namespace

TrainingMemory trainingMemory(const ModelConfig &config, int batch, int threads,
                              std::int64_t trainIds)
{
    TrainingMemory m;
    m.parameters = 5 * std::int64_t(parameterCount(config)) * floatBytes;
    const std::int64_t ids = 2 * std::int64_t(batch) * config.context; // inputs and targets
    m.activations = (forwardFloats(config, batch, config.context) +
                     trainingOutputFloats(config, batch, config.context, threads) +
                     backwardFloats(config, batch, config.context)) *
                        floatBytes +
                    ids * std::int64_t(sizeof(int));
    m.validation = forwardFloats(config, batch, config.context) * floatBytes +
                   validationOutputBytes(config, batch, config.context, threads) +
                   ids * std::int64_t(sizeof(int));
    m.trainingIds = trainIds * std::int64_t(sizeof(int));
    return m;
}

std::int64_t heldBytes(const Activations<float> &acts)
{
    std::int64_t bytes = bytesOf(acts.ids) + bytesOf(acts.targets) + bytesOf(acts.predictions) +
                         bytesOf(acts.x) + bytesOf(acts.branch) + bytesOf(acts.lnF.normalized) +
                         bytesOf(acts.lnF.rstd) + bytesOf(acts.final) + bytesOf(acts.logits) +
                         bytesOf(acts.dx) + bytesOf(acts.dBranch) + bytesOf(acts.dFinal) +
                         bytesOf(acts.dOutputEmbedding);
    const OutputLayerScratch<float> &output = acts.outputBlocks;
    bytes += bytesOf(output.panels) + bytesOf(output.embedding);
    for (const auto *slices : {&output.rows, &output.logits, &output.dRows, &output.dTokEmbs})
        for (const MatrixT<float> &buffer : *slices)
            bytes += bytesOf(buffer);
    for (const BlockActivations<float> &b : acts.blocks) {
        const AttentionCache<float> &a = b.attention;
        bytes += bytesOf(b.ln1.normalized) + bytesOf(b.ln1.rstd) + bytesOf(b.a1) +
                 bytesOf(b.ln2.normalized) + bytesOf(b.ln2.rstd) + bytesOf(b.a2);
        bytes += bytesOf(a.q) + bytesOf(a.k) + bytesOf(a.v) + bytesOf(a.weights) +
                 bytesOf(a.concat) + bytesOf(a.dConcat) + bytesOf(a.dQ) + bytesOf(a.dK) +
                 bytesOf(a.dV) + bytesOf(a.dScores);
        bytes +=
            bytesOf(b.mlp.pre) + bytesOf(b.mlp.tanh) + bytesOf(b.mlp.act) + bytesOf(b.mlp.dAct);
    }
    return bytes;
}

double stepFlops(const ModelConfig &config, int batch)
{
    const double n = double(batch) * config.context;
    const double d = config.dModel;
    const double t = config.context;
    // Multiply-adds per block: q, k, v and the output projection (4 n d²); the scores and
    // weights · v, each a full T × T product per head (2 · batch · T² · d; the zeros above the
    // diagonal are computed too); the MLP's two products (8 n d²).
    const double attention = 2.0 * (4.0 * n * d * d) + 2.0 * (2.0 * double(batch) * t * t * d);
    const double mlp = config.mlp ? 2.0 * (8.0 * n * d * d) : 0.0;
    const double logits = 2.0 * n * d * config.vocabSize;
    const double forward = config.layers * (attention + mlp) + logits;
    return 3.0 * forward;
}

double measureStepRate(int threads)
{
    // The default model of step 7 on a vocabulary like 唐诗三百首's: the rate of the run most
    // learners start (a larger model reaches a higher rate: its estimate errs on the long side).
    ModelConfig config;
    config.vocabSize = 2048;
    config.context = 32;
    config.dModel = 64;
    config.heads = 4;
    config.layers = 2;
    TrainingSettings settings;
    settings.threads = std::max(1, threads);
    std::vector<int> ids(4096);
    for (std::size_t i = 0; i < ids.size(); ++i)
        ids[i] = int((i * 2654435761u) % std::size_t(config.vocabSize));
    Trainer trainer(config, settings, std::move(ids));
    trainer.step(); // the buffers take their shapes, the worker threads wake up
    trainer.step();
    // The median of single steps: one step slowed by the machine (a worker descheduled) does not
    // move it, where the mean of three read anywhere from 0.6 to 1.1 of the run's rate.
    using Clock = std::chrono::steady_clock;
    std::array<double, 5> seconds{};
    for (double &step : seconds) {
        const Clock::time_point start = Clock::now();
        trainer.step();
        step = std::chrono::duration<double>(Clock::now() - start).count();
    }
    std::nth_element(seconds.begin(), seconds.begin() + 2, seconds.end());
    return stepFlops(config, settings.batch) / std::max(seconds[2], 1e-9);
}

} // namespace attention::tiny
