#pragma once

/// Test helpers for the tiny model: an independent plain-loop forward pass in double (no Eigen
/// products), random parameters of a useful scale, and central-difference gradients.

#include "random.h"
#include "tiny/model.h"

#include <cmath>
#include <functional>
#include <utility>
#include <vector>

namespace tinytest {

using attention::Index;
using attention::Matrix;
using attention::tiny::ModelConfig;
using attention::tiny::Parameters;

/// A small model for gradient checks: vocabulary 11, d_model 8, 2 heads, context 6.
inline ModelConfig smallConfig(bool mlp, int layers)
{
    ModelConfig config;
    config.vocabSize = 11;
    config.context = 6;
    config.dModel = 8;
    config.heads = 2;
    config.layers = layers;
    config.mlp = mlp;
    return config;
}

/// Every entry N(0, scale²), gains 1 + N(0, scale²): large enough that no path is negligible.
inline Parameters<double> randomParameters(const ModelConfig &config, std::uint64_t seed,
                                           double scale)
{
    attention::Random random(seed);
    auto p = Parameters<double>::zeros(config);
    for (const auto &view : p.tensors())
        for (Index i = 0; i < view.size; ++i)
            view.data[i] = scale * random.normal();
    p.lnFGain.array() += 1.0;
    for (auto &block : p.blocks) {
        block.ln1Gain.array() += 1.0;
        if (config.mlp)
            block.ln2Gain.array() += 1.0;
    }
    return p;
}

inline std::vector<int> randomIds(int count, int vocab, std::uint64_t seed)
{
    attention::Random random(seed);
    std::vector<int> ids(std::size_t(count), 0);
    for (int &id : ids)
        id = int(random.nextBits() % std::uint64_t(vocab));
    return ids;
}

/// The targets of windows of `tokens` ids laid end to end: each id's next within its window, −1
/// at each window's last position (no target across windows), as referenceForward's loss counts.
inline std::vector<int> windowTargets(const std::vector<int> &ids, int tokens)
{
    std::vector<int> targets(ids.begin() + 1, ids.end());
    targets.push_back(-1);
    for (std::size_t n = std::size_t(tokens) - 1; n < targets.size(); n += std::size_t(tokens))
        targets[n] = -1;
    return targets;
}

/// ‖g − g_num‖ / max(‖g‖, ‖g_num‖), or 0 when both vanish; infinity when g is not finite.
inline double relativeError(const double *analytic, const std::vector<double> &numeric)
{
    double diff = 0.0, a = 0.0, n = 0.0;
    for (std::size_t i = 0; i < numeric.size(); ++i) {
        if (!std::isfinite(analytic[i]))
            return INFINITY;
        diff += (analytic[i] - numeric[i]) * (analytic[i] - numeric[i]);
        a += analytic[i] * analytic[i];
        n += numeric[i] * numeric[i];
    }
    const double scale = std::sqrt(std::max(a, n));
    return scale == 0.0 ? 0.0 : std::sqrt(diff) / scale;
}

/// The central-difference gradient of loss() with respect to data[0 … size), step h.
inline std::vector<double> numericGradient(const std::function<double()> &loss, double *data,
                                           Index size, double h = 1e-5)
{
    std::vector<double> gradient(std::size_t(size), 0.0);
    for (Index i = 0; i < size; ++i) {
        const double saved = data[i];
        data[i] = saved + h;
        const double up = loss();
        data[i] = saved - h;
        const double down = loss();
        data[i] = saved;
        gradient[std::size_t(i)] = (up - down) / (2.0 * h);
    }
    return gradient;
}

/// The result of the reference forward pass over one window.
struct ReferenceResult
{
    Matrix logits;                              ///< (T, V)
    std::vector<std::vector<Matrix>> attention; ///< [layer][head] (T, T)
    double loss = 0.0;                          ///< mean over the T − 1 next ids
    /// [layer] (T, d) each: LN1's output times w_q, w_k, w_v; head h is columns h·d_head ….
    std::vector<Matrix> queries, keys, values;
};

/// x · w with plain loops. x (T, n), w (n, m).
inline Matrix plainProduct(const Matrix &x, const Matrix &w)
{
    Matrix out = Matrix::Zero(x.rows(), w.cols());
    for (Index i = 0; i < x.rows(); ++i)
        for (Index j = 0; j < w.cols(); ++j)
            for (Index c = 0; c < x.cols(); ++c)
                out(i, j) += x(i, c) * w(c, j);
    return out;
}

inline Matrix plainLayerNorm(const Matrix &x, const attention::RowVector &gain,
                             const attention::RowVector &bias)
{
    Matrix out(x.rows(), x.cols());
    for (Index i = 0; i < x.rows(); ++i) {
        double mean = 0.0, variance = 0.0;
        for (Index c = 0; c < x.cols(); ++c)
            mean += x(i, c) / double(x.cols());
        for (Index c = 0; c < x.cols(); ++c)
            variance += (x(i, c) - mean) * (x(i, c) - mean) / double(x.cols());
        for (Index c = 0; c < x.cols(); ++c)
            out(i, c) = (x(i, c) - mean) / std::sqrt(variance + 1e-5) * gain(c) + bias(c);
    }
    return out;
}

/// concat_h(softmax(causal(q_h k_hᵀ/√d_head)) v_h) for one window; weights gets each head's
/// (T, T) weights. q, k, v (T, d).
inline Matrix plainAttention(const Matrix &q, const Matrix &k, const Matrix &v, int heads,
                             std::vector<Matrix> &layerWeights)
{
    const Index tokens = q.rows(), d = q.cols(), dHead = d / heads;
    Matrix concat = Matrix::Zero(tokens, d);
    for (int h = 0; h < heads; ++h) {
        Matrix weights = Matrix::Zero(tokens, tokens);
        for (Index i = 0; i < tokens; ++i) {
            double maximum = -INFINITY, sum = 0.0;
            for (Index j = 0; j <= i; ++j) {
                double score = 0.0;
                for (Index c = h * dHead; c < (h + 1) * dHead; ++c)
                    score += q(i, c) * k(j, c);
                weights(i, j) = score / std::sqrt(double(dHead));
                maximum = std::max(maximum, weights(i, j));
            }
            for (Index j = 0; j <= i; ++j)
                sum += (weights(i, j) = std::exp(weights(i, j) - maximum));
            for (Index j = 0; j <= i; ++j)
                weights(i, j) /= sum;
            for (Index j = 0; j <= i; ++j)
                for (Index c = h * dHead; c < (h + 1) * dHead; ++c)
                    concat(i, c) += weights(i, j) * v(j, c);
        }
        layerWeights.push_back(weights);
    }
    return concat;
}

/// The spec's model written out position by position, for one window of ids. The heads in
/// `off` ({layer, head}, 0-based) are ablated: their columns of concat_h(weights_h · v_h) are set
/// to zero by hand before the output projection.
inline ReferenceResult referenceForward(const Parameters<double> &p, const std::vector<int> &ids,
                                        const std::vector<std::pair<int, int>> &off = {})
{
    const ModelConfig &config = p.config;
    const Index tokens = Index(ids.size()), d = config.dModel;
    Matrix x(tokens, d);
    for (Index t = 0; t < tokens; ++t)
        for (Index c = 0; c < d; ++c)
            x(t, c) = p.tokEmb(ids[std::size_t(t)], c) + p.posEmb(t, c);
    ReferenceResult result;
    for (const auto &block : p.blocks) {
        const Matrix a = plainLayerNorm(x, block.ln1Gain, block.ln1Bias);
        result.queries.push_back(plainProduct(a, block.wQ));
        result.keys.push_back(plainProduct(a, block.wK));
        result.values.push_back(plainProduct(a, block.wV));
        std::vector<Matrix> layerWeights;
        Matrix concat = plainAttention(result.queries.back(), result.keys.back(),
                                       result.values.back(), config.heads, layerWeights);
        const int layer = int(result.attention.size());
        for (const auto &[offLayer, offHead] : off)
            if (offLayer == layer)
                for (Index t = 0; t < tokens; ++t)
                    for (Index c = 0; c < d / config.heads; ++c)
                        concat(t, offHead * (d / config.heads) + c) = 0.0;
        result.attention.push_back(layerWeights);
        x += plainProduct(concat, block.wO);
        if (config.mlp) {
            Matrix hidden =
                plainProduct(plainLayerNorm(x, block.ln2Gain, block.ln2Bias), block.wIn);
            for (Index i = 0; i < hidden.size(); ++i) {
                const double u = hidden(i);
                hidden(i) =
                    0.5 * u * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (u + 0.044715 * u * u * u)));
            }
            x += plainProduct(hidden, block.wOut);
        }
    }
    const Matrix final = plainLayerNorm(x, p.lnFGain, p.lnFBias);
    result.logits = Matrix::Zero(tokens, config.vocabSize);
    for (Index t = 0; t < tokens; ++t)
        for (Index id = 0; id < config.vocabSize; ++id)
            for (Index c = 0; c < d; ++c)
                result.logits(t, id) += final(t, c) * p.tokEmb(id, c);
    for (Index t = 0; t + 1 < tokens; ++t) {
        double maximum = -INFINITY, sum = 0.0;
        for (Index id = 0; id < config.vocabSize; ++id)
            maximum = std::max(maximum, result.logits(t, id));
        for (Index id = 0; id < config.vocabSize; ++id)
            sum += std::exp(result.logits(t, id) - maximum);
        const double logProbability =
            result.logits(t, ids[std::size_t(t + 1)]) - maximum - std::log(sum);
        result.loss -= logProbability / double(tokens - 1);
    }
    return result;
}

} // namespace tinytest
